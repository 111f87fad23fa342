"""GameRecord: JSON round trip, and a clear InvalidStateError for every kind of corruption."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.record import SCHEMA, GameRecord

RECORD = GameRecord("takenoko", "1", 3, 7, {"emperor_points": 3}, ("a", "b"))


def test_round_trip_through_json_and_files(tmp_path: Path) -> None:
    assert GameRecord.from_json(RECORD.to_json()) == RECORD
    path = tmp_path / "game.json"
    RECORD.save(path)
    assert GameRecord.load(path) == RECORD
    assert json.loads(path.read_text())["schema"] == SCHEMA


def _corrupt(**changes: Any) -> str:
    data = RECORD.to_dict()
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        (_corrupt(schema="bamboo_lab.record/0"), "unsupported record schema"),
        (_corrupt(schema=...), "unsupported record schema"),
        (_corrupt(seed=...), "missing the field 'seed'"),
        (_corrupt(seed="7"), "'seed' must be an integer"),
        (_corrupt(num_players=True), "'num_players' must be an integer"),
        (_corrupt(actions="a b"), "'actions' must be a list"),
        (_corrupt(actions=["a", 3]), "actions must be strings"),
        (_corrupt(options=[]), "'options' must be an object"),
        (_corrupt(truncated="no"), "'truncated' must be a bool"),
        (_corrupt(extra=1), "unknown field"),
    ],
)
def test_malformed_records_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        GameRecord.from_json(text)


def test_binary_garbage_is_refused() -> None:
    with pytest.raises(InvalidStateError):
        GameRecord.from_json(b"\xff\xfe\x00garbage")
