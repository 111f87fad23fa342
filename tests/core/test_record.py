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
        (_corrupt(truncated="no"), "'truncated' must be true or false"),
        (_corrupt(seed=-1), "'seed' must be in 0..18446744073709551615"),
        (_corrupt(seed=2**64), "'seed' must be in 0..18446744073709551615"),
        (_corrupt(seed=7.0), "'seed' must be an integer"),
        (_corrupt(num_players=0), "'num_players' must be in 1..100"),
        (_corrupt(start=[1]), "'start' must be an object or null"),
        (_corrupt(game=None), "'game' must be a string"),
        ('{"schema": NaN}', "bad number"),
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"a": ' + "[" * 40 + "]" * 40 + "}", "nested deeper than 32"),
        ('{"seed": ' + "9" * 5000 + "}", "bad number"),
        (_corrupt(extra=1), "unknown field"),
    ],
)
def test_malformed_records_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        GameRecord.from_json(text)


def test_binary_garbage_is_refused() -> None:
    with pytest.raises(InvalidStateError):
        GameRecord.from_json(b"\xff\xfe\x00garbage")


@pytest.mark.parametrize(
    "value", [None, 3, 1.5, ["{}"], {"schema": SCHEMA}, object()], ids=lambda v: type(v).__name__
)
def test_from_json_refuses_what_is_not_text(value: Any) -> None:
    with pytest.raises(InvalidStateError, match="must be JSON text"):
        GameRecord.from_json(value)


def test_a_huge_text_or_file_is_refused_before_parsing(tmp_path: Path) -> None:
    from bamboo_lab.core import record

    text = '{"pad": "' + "x" * record.MAX_RECORD_BYTES + '"}'
    with pytest.raises(InvalidStateError, match="too large"):
        GameRecord.from_json(text)
    path = tmp_path / "huge.json"
    path.write_text(text)
    with pytest.raises(InvalidStateError, match="too large"):
        GameRecord.load(path)


def test_a_missing_file_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidStateError, match="cannot read the game record"):
        GameRecord.load(tmp_path / "nowhere.json")


def test_every_failure_message_is_one_short_line() -> None:
    for text in ('{"seed": ' + "9" * 5000 + "}", "[" * 100_000, _corrupt(seed=10**4000)):
        with pytest.raises(InvalidStateError) as info:
            GameRecord.from_json(text)
        assert "\n" not in str(info.value) and len(str(info.value)) < 200, str(info.value)


def test_a_record_with_a_start_round_trips_and_old_records_still_load() -> None:
    start = {"phase": "x", "history": [], "board": [[1, 2], {"a": None}]}
    record = GameRecord("takenoko", "1", 3, 7, {}, ("a",), start=start)
    again = GameRecord.from_json(record.to_json())
    assert again == record and again.start == start
    assert json.loads(record.to_json())["start"] == start
    old = RECORD.to_dict()
    assert "start" not in old  # records without a start do not change shape (golden records)
    assert GameRecord.from_dict(old).start is None


def test_a_record_copies_its_mappings() -> None:
    options = {"emperor_points": 3}
    start = {"history": []}
    record = GameRecord("takenoko", "1", 3, 7, options, start=start)
    options["emperor_points"] = 4
    start["history"] = ["x"]
    assert record.options == {"emperor_points": 3} and record.start == {"history": []}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"num_players": True}, "'num_players' must be an integer"),
        ({"seed": None}, "'seed' must be an integer"),
        ({"options": None}, "'options' must be an object"),
        ({"actions": "ab"}, "'actions' must be a list"),
        ({"actions": (None,)}, "action 0 is None"),
        ({"start": {"x": float("nan")}}, "'start' is not JSON data"),
        ({"start": {"x": object()}}, "'start' is not JSON data"),
        ({"truncated": 1}, "'truncated' must be true or false"),
    ],
)
def test_constructing_a_bad_record_is_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        GameRecord(**{**RECORD.__dict__, **changes})
