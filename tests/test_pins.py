"""tools/pins.py: the pins are written from a resolve, and Binder's versions follow them."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("pins", ROOT / "tools/pins.py")
assert _spec and _spec.loader
pins = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pins)

REPORT = {
    "install": [
        {"metadata": {"name": "bamboo-lab", "version": "0.1.0"}},
        {"metadata": {"name": "PyYAML", "version": "6.0.5"}},
        {"metadata": {"name": "anyio", "version": "4.17.0"}},
        {"metadata": {"name": "zipp", "version": "4.2.0"}},
    ]
}


def test_the_report_gives_every_package_but_the_project() -> None:
    assert pins.pins_of_report(REPORT) == {"PyYAML": "6.0.5", "anyio": "4.17.0", "zipp": "4.2.0"}


def test_constraints_are_the_header_then_sorted_pins() -> None:
    text = pins.constraints_text(pins.pins_of_report(REPORT))
    assert text.startswith(pins.HEADER) and "make pins" in pins.HEADER
    assert text.splitlines()[len(pins.HEADER.splitlines()) :] == [
        "anyio==4.17.0",
        "PyYAML==6.0.5",
        "zipp==4.2.0",
    ]


def test_binder_keeps_its_names_comments_and_order_and_takes_the_new_versions() -> None:
    current = "# Binder's pins.\nzipp==4.1.2\nnotebook==7.6.5\npyyaml==6.0.4\n"
    new = pins.binder_text(current, pins.pins_of_report(REPORT))
    assert new == "# Binder's pins.\nzipp==4.2.0\nnotebook==7.6.5\npyyaml==6.0.5\n"


def test_the_header_says_how_to_install_what_make_installs() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert f'-e ".[{pins.EXTRAS}]" --group test' in makefile
    assert re.search(r"^pins: \$\(STAMP\)\n\t\$\(PY\) tools/pins.py$", makefile, re.MULTILINE)
    committed = (ROOT / "constraints.txt").read_text()
    assert all(
        re.fullmatch(r"[A-Za-z0-9_.\[\]-]+==\S+", line)
        for line in committed.splitlines()
        if line and not line.startswith("#")
    )
