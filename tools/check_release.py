"""Check that a release's version marks agree: the tag, the package, the CHANGELOG, CITATION.cff.

The version is written once, as ``__version__`` in ``bamboo_lab/__init__.py`` (``pyproject.toml``
reads it: ``[tool.setuptools.dynamic] version``). The top section of ``CHANGELOG.md`` is headed
by that version, ``## 0.2.0 (unreleased)`` while work goes on and ``## 0.2.0 - 2026-12-20`` once
it is cut; ``CITATION.cff`` names the version too; the release tag is ``v0.2.0``.
CONTRIBUTING.md ("Cutting a release") says how.

Run::

    python tools/check_release.py              # the package and the CHANGELOG agree
    python tools/check_release.py --tag v0.2.0 # ... and the tag too, and the section is dated

It exits 1 and prints one line per disagreement. The release workflow runs it on the tag.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VERSION_FILE = Path("bamboo_lab/__init__.py")
"""Where the version is written, relative to the repository."""
VERSION_ATTRIBUTE = "bamboo_lab.__version__"
"""What ``pyproject.toml`` must read the version from."""

_HEADING = re.compile(
    r"^## (?P<version>\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?)"
    r"(?: \((?P<unreleased>unreleased)\)| - (?P<date>\d{4}-\d{2}-\d{2}))?\s*$"
)


@dataclass(frozen=True)
class Heading:
    """The top version heading of the changelog."""

    version: str
    """The version it names (``0.2.0``)."""
    unreleased: bool
    """Whether it is marked ``(unreleased)``."""
    date: str | None
    """The release date it carries (``2026-12-20``), if any."""


def package_version(root: Path = ROOT) -> str:
    """The ``__version__`` string assigned in the package's ``__init__.py`` (read, not imported)."""
    tree = ast.parse((root / VERSION_FILE).read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and [getattr(target, "id", None) for target in node.targets] == ["__version__"]
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            return node.value.value
    raise ValueError(f"{VERSION_FILE} assigns no __version__ string")


def top_heading(changelog: str) -> Heading | None:
    """The first level-2 heading of the changelog, or None when it is not a version heading."""
    for line in changelog.splitlines():
        if line.startswith("## "):
            found = _HEADING.match(line)
            if found is None:
                return None
            return Heading(found["version"], bool(found["unreleased"]), found["date"])
    return None


def citation_version(citation: str) -> str | None:
    """The top-level ``version:`` of a ``CITATION.cff`` (quotes removed), or None."""
    found = re.search(r"""^version:\s*["']?([^"'\s#]+)["']?\s*(?:#.*)?$""", citation, re.MULTILINE)
    return found.group(1) if found else None


def problems(root: Path = ROOT, tag: str | None = None) -> list[str]:
    """Each disagreement between the version, ``pyproject.toml``, the changelog and ``tag``."""
    found: list[str] = []
    version = package_version(root)
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    source = project.get("tool", {}).get("setuptools", {}).get("dynamic", {}).get("version", {})
    if "version" in project["project"] or source.get("attr") != VERSION_ATTRIBUTE:
        found.append(f"pyproject.toml must read the version from {VERSION_ATTRIBUTE} only")
    heading = top_heading((root / "CHANGELOG.md").read_text(encoding="utf-8"))
    if heading is None:
        found.append(
            "CHANGELOG.md: the first '## ' heading must be '## X.Y.Z (unreleased)'"
            " or '## X.Y.Z - YYYY-MM-DD'"
        )
    elif heading.version != version:
        found.append(f"CHANGELOG.md's top section is {heading.version}, the package is {version}")
    cited = citation_version((root / "CITATION.cff").read_text(encoding="utf-8"))
    if cited != version:
        found.append(f"CITATION.cff names version {cited!r}, the package is {version}")
    if tag is not None:
        if tag != f"v{version}":
            found.append(f"the tag {tag!r} is not 'v{version}'")
        if heading is not None and heading.date is None:
            dated = f"## {heading.version} - YYYY-MM-DD"
            found.append(f"CHANGELOG.md's top section is not dated: write '{dated}'")
    return found


def main(argv: list[str] | None = None) -> int:
    """Command line: print each disagreement; exit 1 if there is one."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tag", help="the release tag, e.g. v0.2.0 (GITHUB_REF_NAME)")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    found = problems(args.root, args.tag)
    for problem in found:
        print(f"check_release: {problem}", file=sys.stderr)
    if not found:
        print(f"check_release: version {package_version(args.root)} agrees everywhere")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
