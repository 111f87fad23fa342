"""The Bamboo guide's examples run as written (docs/games/bamboo.md, every ``>>>`` line)."""

from __future__ import annotations

import doctest
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "games" / "bamboo.md"


def test_the_guide_examples_run() -> None:
    result = doctest.testfile(
        str(GUIDE),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.attempted > 20 and result.failed == 0, result
