"""Golden records pin behaviour across refactors: each replays to its stored scores and state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from data.make_golden import GOLDEN, digest

from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import GAMES, replay

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("*/golden-*.json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_record_replays(path: Path) -> None:
    """A stored record replays to the same final state (sha256) and scores."""
    wrapper = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord.from_dict(wrapper["record"])
    assert record.game == path.parent.name
    final = replay(record)[-1]
    assert final.is_over()
    assert list(final.scores()) == wrapper["expected"]["scores"]
    assert digest(final) == wrapper["expected"]["sha256"]


def test_every_game_has_three_golden_records() -> None:
    """tests/data/make_golden.py writes three records per game; all are committed."""
    assert {(g, s) for g, s, *_ in GOLDEN} == {(p.parent.name, p.stem) for p in FILES}
    assert {p.parent.name for p in FILES} == set(GAMES)
