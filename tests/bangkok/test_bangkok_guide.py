"""The Bangkok guide's examples run as written (docs/games/bangkok.md, every ``>>>`` line)."""

from __future__ import annotations

import doctest
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "games" / "bangkok.md"


def test_every_example_of_the_bangkok_guide_runs_and_prints_what_it_shows() -> None:
    """The builder, explain, look-up and helper examples print what the guide claims (the old
    why_illegal example claimed a reason the engine did not give)."""
    result = doctest.testfile(
        str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted >= 30
    assert result.failed == 0
