"""The Python examples of docs/analysis.md run as written (with small budgets)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from bamboo_lab.analysis import position

REVIEW = importlib.import_module(
    "bamboo_lab.analysis.review"
)  # the package's review is the function

DOC = Path(__file__).resolve().parents[2] / "docs" / "analysis.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_guide_has_an_example() -> None:
    assert BLOCKS and "analyse(" in BLOCKS[0] and "review(" in BLOCKS[0]


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_the_guides_examples_run(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(position.DEFAULT_PLAYOUTS, "bangkok", 12)
    monkeypatch.setitem(REVIEW.REVIEW_PLAYOUTS, "bangkok", 2)
    exec(compile(BLOCKS[index], f"docs/analysis.md example {index}", "exec"), {})  # our own docs
