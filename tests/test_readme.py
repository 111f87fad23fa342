"""The README's first examples run as printed (a newcomer copies them first)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


@pytest.mark.parametrize(
    "first_line", ["from bamboo_lab.games import takenoko", "from bamboo_lab.games import play"]
)
def test_readme_example_runs(first_line: str, capsys: pytest.CaptureFixture[str]) -> None:
    (block,) = [b for b in BLOCKS if b.startswith(first_line)]
    exec(compile(block, "README.md", "exec"), {})  # our own README
    if "explain" in block:
        assert "(TK-IMP-2)" in capsys.readouterr().out


LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")
BLOB = "https://github.com/bamboo-lab/bamboo_lab/blob/main/"
RAW = "https://raw.githubusercontent.com/bamboo-lab/bamboo_lab/main/"


def test_readme_links_work_on_a_package_index_page() -> None:
    """A package index shows the README away from the repository: every link is absolute, and
    each link into the repository names a file that exists."""
    root = Path(__file__).resolve().parents[1]
    targets = [m["target"] for m in LINK.finditer(README)]
    assert targets
    for target in targets:
        assert re.match(r"^https?://", target), f"relative link {target!r}"
        for base in (BLOB, RAW):
            if target.startswith(base):
                path = target.removeprefix(base).partition("#")[0]
                assert (root / path).exists(), f"{target} names no file of the repository"


def test_readme_speaks_to_teachers_and_players_first() -> None:
    """The course comes before the Python API; developer material lives in CONTRIBUTING.md."""
    headings = re.findall(r"^## (.+)$", README, flags=re.M)
    assert headings.index("Start here") < headings.index("Use it from Python")
    assert headings.index("The course") < headings.index("Use it from Python")
    for developer_only in ("Benchmarks", "Tests", "Layout"):
        assert developer_only not in headings
    assert BLOB + "CONTRIBUTING.md" in README
