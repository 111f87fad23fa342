"""Limits before work: oversized, overlong or overnested records are refused before they are read
in full, and no error message quotes more than about 80 characters of its input."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from bamboo_lab.core import record
from bamboo_lab.core.checks import MAX_NOTATION, listed, quoted
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import GAMES, load, play, record_of

HUGE = "x" * 1_000_000
BOUND = 600  # a message may list the known names of a field; the input in it is at most ~80


def _base() -> dict[str, Any]:
    return record_of("takenoko", load("takenoko").new_game(2, 1), 1).to_dict()


@pytest.mark.parametrize(
    "changes",
    [
        {"options": {"x": [{}] * (record.MAX_ITEMS + 1)}},
        {"start": {"x": [[1]] * (record.MAX_ITEMS // 2)}},
        {"actions": [""] * (record.MAX_ITEMS + 1)},
    ],
    ids=["options", "start", "actions"],
)
def test_a_record_with_too_many_values_is_refused_before_it_is_parsed(changes: dict) -> None:
    text = json.dumps({**_base(), **changes})
    if len(text) > record.MAX_RECORD_BYTES:
        pytest.skip("refused by its size already")
    with pytest.raises(InvalidStateError, match="more than 250000 values"):
        GameRecord.from_json(text)
    with pytest.raises(InvalidStateError, match="more than 250000 values"):
        GameRecord.from_dict(json.loads(text))


def test_a_record_larger_than_5_mib_is_refused_unread(tmp_path: Path) -> None:
    text = json.dumps({**_base(), "options": {"x": [{}] * 3_900_000}})
    with pytest.raises(InvalidStateError, match="too large"):
        GameRecord.from_json(text)
    path = tmp_path / "bomb.json"
    path.write_text(text)
    with pytest.raises(InvalidStateError, match="too large"):
        GameRecord.load(path)


def test_a_record_with_more_actions_than_any_game_plays_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="at most 100000 actions"):
        GameRecord("takenoko", "1", 2, 1, {}, ("end",) * (record.MAX_ACTIONS + 1))


def test_the_depth_check_counts_brackets_in_the_text_not_inside_strings() -> None:
    deep = '{"a":' * 40 + "1" + "}" * 40
    with pytest.raises(InvalidStateError, match="nested deeper than 32"):
        GameRecord.from_json(deep)
    text = json.dumps({**_base(), "options": {}}).replace('"seed": 1', '"seed": 1, "x": "[[[["')
    with pytest.raises(InvalidStateError, match="unknown field"):  # not "nested"
        GameRecord.from_json(text)
    assert GameRecord.from_json(json.dumps(_base())).game == "takenoko"


def test_the_depth_check_runs_once_for_a_parsed_record(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = record.check_size
    monkeypatch.setattr(record, "check_size", lambda *a: calls.append(1) or real(*a))
    GameRecord.from_dict(_base())
    assert calls == [1]
    calls.clear()
    GameRecord.from_json(json.dumps(_base()))  # checked on the text instead
    assert calls == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_refused_instead_of_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(InvalidStateError, match="is not a file"):
        GameRecord.load(fifo)
    assert time.monotonic() - started < 5


def test_quoted_and_listed_cut_what_they_show() -> None:
    assert len(quoted(HUGE)) <= 64 and quoted("plot 1,0") == "'plot 1,0'"
    assert listed(["c", "a", "b"]) == "['a', 'b', 'c']"
    assert listed(str(i) for i in range(1000)).endswith("and 995 more")


def _attempts(name: str) -> dict[str, Any]:
    module = load(name)
    state = module.new_game(2, 1)
    data = state.to_dict()
    return {
        "parse_action": lambda: module.parse_action(HUGE, state),
        "parse_action with a verb": lambda: module.parse_action("plot " + HUGE, state),
        "explain": lambda: module.explain(state, HUGE),
        "play": lambda: play(state, HUGE),
        "Options.coerce key": lambda: module.Options.coerce({HUGE: 1}),
        "Options.coerce keys": lambda: module.Options.coerce({str(i): 1 for i in range(10**5)}),
        "new_game options": lambda: module.new_game(2, 1, {HUGE: 1}),
        "from_dict key": lambda: module.State.from_dict({**data, HUGE: 1}),
        "from_dict history": lambda: module.State.from_dict({**data, "history": [HUGE]}),
        "from_dict phase": lambda: module.State.from_dict({**data, "phase": HUGE}),
        "record": lambda: GameRecord.from_dict({**_base(), HUGE: 1}),
    }


@pytest.mark.parametrize("name", GAMES)
def test_every_error_message_quotes_at_most_80_characters_of_the_input(name: str) -> None:
    for what, attempt in _attempts(name).items():
        with pytest.raises(BambooLabError) as info:
            attempt()
        message = str(info.value)
        assert len(message) < BOUND, (what, len(message))
        assert "x" * 81 not in message, what


@pytest.mark.parametrize("name", GAMES)
def test_a_notation_longer_than_any_action_is_refused_at_once(name: str) -> None:
    module = load(name)
    with pytest.raises(BambooLabError, match="not a"):
        module.parse_action("end " * (MAX_NOTATION // 4 + 1), module.new_game(2, 1))


def _with_option(value: str) -> str:
    """A record text whose one option holds ``value``, written as raw UTF-8 (no escapes)."""
    return json.dumps({**_base(), "options": {"x": value}}, ensure_ascii=False)


@pytest.mark.parametrize("character", ["x", "é", "€", "😀"], ids=["1", "2", "3", "4"])
def test_the_size_limit_counts_bytes_of_utf8_not_characters(character: str) -> None:
    """The 5 MiB limit (docs/simulation.md) is in bytes of UTF-8: a text of fewer characters
    than the limit but more bytes is refused, as its file would be."""
    width = len(character.encode())
    room = record.MAX_RECORD_BYTES - len(_with_option("").encode())
    over = _with_option(character * (room // width + 1))
    assert len(over.encode()) > record.MAX_RECORD_BYTES
    with pytest.raises(InvalidStateError, match=r"too large .* bytes of UTF-8"):
        GameRecord.from_json(over)
    with pytest.raises(InvalidStateError, match="too large"):
        GameRecord.from_json(over.encode())
    under = _with_option(character * (room // width))
    assert len(under.encode()) <= record.MAX_RECORD_BYTES
    assert GameRecord.from_json(under).options["x"] == character * (room // width)


def test_escaped_quotes_and_backslashes_do_not_fool_the_shape_check() -> None:
    """Brackets inside strings are not counted, whatever escapes surround them; a string ending
    in an escaped backslash ends there (so the brackets after it count)."""
    inside = {"x": '\\"[[[[' * 20 + "\\\\" + "{" * 40 + '\\\\\\"'}
    assert GameRecord.from_json(json.dumps({**_base(), "options": inside})).options == inside
    deep = '"\\\\", ' + '{"a":' * 40 + "1" + "}" * 40
    with pytest.raises(InvalidStateError, match="nested deeper than 32"):
        GameRecord.from_json('{"pad": [' + deep + "]}")


def test_a_record_of_many_strings_is_refused_by_its_quotes_before_they_are_cut_out() -> None:
    text = json.dumps({**_base(), "options": {"x": ["a"] * (record.MAX_ITEMS + 1)}})
    with pytest.raises(InvalidStateError, match="more than 250000 values"):
        GameRecord.from_json(text)


def test_notation_limit_applies_when_a_record_is_read() -> None:
    """The 80-byte notation limit (docs/simulation.md) is applied by every way of reading a
    record (``from_json``, ``from_dict``, the constructor), not only by ``replay``."""
    long = "end" + " " * MAX_NOTATION
    wide = "é" * (MAX_NOTATION // 2 + 1)  # 41 characters, 82 bytes
    for action in (long, wide, "x" * 1_000_000):
        data = {**_base(), "actions": [action]}
        with pytest.raises(InvalidStateError, match="action 0 is not a notation") as info:
            GameRecord.from_json(json.dumps(data))
        assert len(str(info.value)) < BOUND
        with pytest.raises(InvalidStateError, match="action 0 is not a notation"):
            GameRecord.from_dict(data)
    fits = "x" * MAX_NOTATION
    assert GameRecord.from_json(json.dumps({**_base(), "actions": [fits]})).actions == (fits,)


@pytest.mark.parametrize("name", GAMES)
def test_a_notation_of_more_than_80_bytes_is_refused_whatever_its_characters(name: str) -> None:
    module = load(name)
    with pytest.raises(BambooLabError, match="not a"):
        module.parse_action("é" * (MAX_NOTATION // 2 + 1), module.new_game(2, 1))
