"""Regenerate the pins: ``constraints.txt`` from a fresh resolve, and Binder's versions to match.

``make pins`` runs this with the venv's Python (the Python the pins are for, 3.11). pip resolves
the package with every extra and the ``test`` dependency group from the package index, ignoring
what is installed (``pip install --dry-run --ignore-installed --report``: nothing is installed),
and ``constraints.txt`` is written anew: every package of that resolve at its newest version that
the ranges in ``pyproject.toml`` allow. ``binder/requirements.txt`` keeps its own list of names
(repo2docker's base image constrains it: see its header) and takes each version from the new
constraints, so the two never disagree (``tests/test_packaging.py`` checks that they agree).

Run ``make pins`` (or ``.venv/bin/python tools/pins.py``), then ``make test``, and commit both
files; ``--check`` only says whether they are current (exit 1 if not).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXTRAS = "lab,rl,pictures,docs"
"""The extras every development machine installs (``make``'s ``$(STAMP)`` rule)."""
GROUPS = ("test", "lite")
"""The dependency groups it installs."""
HEADER = f"""\
# Known-good pins for every fresh machine:
#   pip install -c constraints.txt -e '.[{EXTRAS}]' --group test --group lite
# Written by `make pins` (tools/pins.py) from a fresh resolve: do not edit by hand.
"""


def canonical(name: str) -> str:
    """A package name as the index compares it (``PyYAML`` and ``pyyaml`` are one)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def resolve(python: str = sys.executable, root: Path = ROOT) -> dict[str, str]:
    """Each package pip would install into an empty environment of ``python``, with its version
    (the project itself left out)."""
    command = [python, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet"]
    command += ["--report", "-", "-e", f".[{EXTRAS}]"]
    for group in GROUPS:
        command += ["--group", group]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=True)
    return pins_of_report(json.loads(done.stdout))


def pins_of_report(report: dict[str, Any]) -> dict[str, str]:
    """``{name: version}`` of a pip installation report, without the editable project."""
    pins = {}
    for item in report["install"]:
        metadata = item["metadata"]
        if canonical(metadata["name"]) != "bamboo-lab":
            pins[metadata["name"]] = metadata["version"]
    return pins


def constraints_text(pins: dict[str, str]) -> str:
    """The text of ``constraints.txt``: the header, then one ``name==version`` a line, sorted."""
    lines = [f"{name}=={pins[name]}" for name in sorted(pins, key=canonical)]
    return HEADER + "\n".join(lines) + "\n"


def binder_text(current: str, pins: dict[str, str]) -> str:
    """``binder/requirements.txt`` with each pinned package at its version in ``pins``; its
    comments, its order and any package the pins lack are kept."""
    versions = {canonical(name): version for name, version in pins.items()}
    lines = []
    for line in current.splitlines():
        name, separator, version = line.partition("==")
        if separator and not line.startswith("#"):
            version = versions.get(canonical(name), version)
            line = f"{name}=={version}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Command line: write the two files (``--check``: only say whether they are current)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the pins are stale")
    args = parser.parse_args(argv)
    pins = resolve()
    files = {
        ROOT / "constraints.txt": constraints_text(pins),
        ROOT / "binder" / "requirements.txt": binder_text(
            (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8"), pins
        ),
    }
    stale = [path for path, text in files.items() if path.read_text(encoding="utf-8") != text]
    for path in stale:
        print(f"{path.relative_to(ROOT)}: {'stale' if args.check else 'rewritten'}")
        if not args.check:
            path.write_text(files[path], encoding="utf-8")
    print(
        f"{len(pins)} packages pinned; {len(stale)} file(s) {'stale' if args.check else 'changed'}"
    )
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
