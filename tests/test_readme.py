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
