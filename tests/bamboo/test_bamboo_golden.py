"""Bamboo golden records: replaying them gives the pinned scores and final-state digest."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import replay

DATA = Path(__file__).parent.parent / "data" / "bamboo"


@pytest.mark.parametrize("path", sorted(DATA.glob("golden-*.json")), ids=lambda p: p.name)
def test_golden_record_replays(path: Path) -> None:
    """A stored record replays to the same final state (digest) and scores."""
    wrapper = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord.from_dict(wrapper["record"])
    final = replay(record)[-1]
    assert final.is_over()
    assert list(final.scores()) == wrapper["expected"]["scores"]
    digest = hashlib.sha256(json.dumps(final.to_dict(), sort_keys=True).encode()).hexdigest()
    assert digest == wrapper["expected"]["sha256"]


def test_three_golden_records_exist() -> None:
    """The regeneration script writes three records."""
    assert len(list(DATA.glob("golden-*.json"))) == 3
