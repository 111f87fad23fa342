"""Bombs (issue 44): the largest input under each limit (docs/simulation.md, counted in bytes of
UTF-8) costs little, wherever it comes from: a record's text or file, a saved game, an option,
a text action, a command-line argument, a click.

Each input is read once under ``tracemalloc``: its peak must stay under :data:`MEMORY_LIMIT`.
The time is measured too, but only as a generous guard against a hang (:data:`TIME_GUARD`, ten
times the 2 s the issue asks, since a shared machine's timings flake); ``-s`` prints both, the
numbers the changelog quotes. Run alone with ``pytest tests/test_fuzz_bombs.py -s``.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bamboo_lab import cli
from bamboo_lab.core.checks import MAX_NOTATION
from bamboo_lab.core.errors import BambooLabError
from bamboo_lab.core.record import MAX_DEPTH, MAX_ITEMS, MAX_RECORD_BYTES, GameRecord
from bamboo_lab.games import load, names, play, record_of

MEMORY_LIMIT = 200 * 1024 * 1024
"""The most memory (bytes, tracemalloc's peak) one input may cost."""

TIME_GUARD = 20.0
"""Seconds: a hang guard only (the issue's bound is 2 s; see the module docstring)."""


def _base() -> dict[str, Any]:
    return record_of("takenoko", load("takenoko").new_game(2, 1), 1).to_dict()


def _room(extra: Callable[[str], str]) -> int:
    """How many bytes of padding fit when ``extra(padding)`` must stay under the size limit."""
    return MAX_RECORD_BYTES - len(extra("").encode())


def _option_text(character: str) -> str:
    """A record whose one option is a string of ``character`` filling the size limit."""

    def text(pad: str) -> str:
        return json.dumps({**_base(), "options": {"x": pad}}, ensure_ascii=False)

    width = len(character.encode())
    return text(character * (_room(text) // width))


def _escapes_text() -> str:
    def text(pad: str) -> str:
        return json.dumps({**_base(), "options": {"x": pad}})

    return text("\n" * (_room(text) // 2))  # each written as the two bytes \n


def _many_values_text() -> str:
    """As many values as the limit allows, each a short string (the most objects parsed)."""
    return json.dumps({**_base(), "options": {"x": ["ab"] * (MAX_ITEMS - 50)}})


def _many_actions_text() -> str:
    """As many 80-byte notations as fit in the size limit."""
    base = json.dumps(_base())
    count = (MAX_RECORD_BYTES - len(base)) // (MAX_NOTATION + 4)
    return json.dumps({**_base(), "actions": ["x" * MAX_NOTATION] * count})


def _deep_text() -> str:
    """Nested to the depth limit, repeated to the item limit."""
    nest = "[" * (MAX_DEPTH - 3) + "0" + "]" * (MAX_DEPTH - 3)
    copies = min(MAX_ITEMS // MAX_DEPTH, (MAX_RECORD_BYTES - 2000) // (len(nest) + 1))
    return json.dumps({**_base(), "options": {"x": []}}).replace(
        "[]", "[" + ",".join([nest] * copies) + "]", 1
    )


RECORD_TEXTS: dict[str, Callable[[], str]] = {
    "one ASCII string": lambda: _option_text("x"),
    "2-byte characters": lambda: _option_text("é"),
    "3-byte characters": lambda: _option_text("€"),
    "4-byte characters": lambda: _option_text("😀"),
    "escapes": _escapes_text,
    "many values": _many_values_text,
    "many actions": _many_actions_text,
    "deep nesting": _deep_text,
}
"""Record texts at the limits (all under 5 MiB of UTF-8)."""


def _measure(attempt: Callable[[], Any]) -> tuple[float, int, str]:
    """Seconds, peak bytes and the outcome of one call (accepted, or refused with a
    BambooLabError; anything else fails)."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        attempt()
        outcome = "accepted"
    except BambooLabError as exc:
        outcome = f"refused: {str(exc)[:60]}"
    finally:
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return seconds, peak, outcome


def _check(what: str, attempt: Callable[[], Any]) -> None:
    seconds, peak, outcome = _measure(attempt)
    print(f"\n{what}: {seconds:.2f} s, {peak / 2**20:.1f} MiB peak; {outcome}")
    assert peak < MEMORY_LIMIT, f"{what}: {peak / 2**20:.0f} MiB (at most 200)"
    assert seconds < TIME_GUARD, f"{what}: {seconds:.1f} s"


@pytest.mark.parametrize("name", list(RECORD_TEXTS))
def test_a_record_at_the_limits_costs_under_200_mb(name: str, tmp_path: Path) -> None:
    text = RECORD_TEXTS[name]()
    assert len(text.encode()) <= MAX_RECORD_BYTES
    _check(f"from_json, {name}", lambda: GameRecord.from_json(text))
    path = tmp_path / "bomb.json"
    path.write_text(text, encoding="utf-8")
    _check(f"load, {name}", lambda: GameRecord.load(path))
    _check(f"bamboo-lab replay, {name}", lambda: _cli("replay", str(path)))


def _cli(*argv: str) -> None:
    """Run the command line, its output swallowed; status 2 is a refusal."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        status = cli.main(list(argv))
    if status == 2:
        raise BambooLabError("the command line refused")
    assert status == 0


HUGE_TEXT = "😀" * (MAX_RECORD_BYTES // 4)
"""5 MiB of UTF-8 in one string: what a saved game, an option or a text action may hold."""


@pytest.mark.parametrize("game", names())
def test_a_huge_string_anywhere_a_game_reads_one_costs_under_200_mb(game: str) -> None:
    module = load(game)
    state = module.new_game(2, 1)
    data = state.to_dict()
    attempts: dict[str, Callable[[], Any]] = {
        "parse_action": lambda: module.parse_action(HUGE_TEXT, state),
        "explain": lambda: module.explain(state, HUGE_TEXT),
        "play": lambda: play(state, HUGE_TEXT),
        "Options.coerce key": lambda: module.Options.coerce({HUGE_TEXT: 1}),
        "Options.coerce value": lambda: module.Options.coerce({"x": HUGE_TEXT}),
        "from_dict history": lambda: module.State.from_dict({**data, "history": [HUGE_TEXT]}),
        "from_dict field": lambda: module.State.from_dict({**data, "phase": HUGE_TEXT}),
        "from_dict key": lambda: module.State.from_dict({**data, HUGE_TEXT: 1}),
        "command line seed": lambda: _cli("new", game, "--seed", "9" * 100_000),
    }
    for what, attempt in attempts.items():
        _check(f"{game} {what}", attempt)


@pytest.mark.parametrize("game", names())
def test_a_click_at_any_float_costs_nothing(game: str) -> None:
    pytest.importorskip("ipywidgets")
    from bamboo_lab import widgets

    app = widgets.play(game, players=2, bots=None, seed=1)
    for x in (-1e308, 1e308, math.inf, -math.inf, math.nan):
        _check(f"{game} click at {x}", lambda x=x: app.click(x, 0.0) or app.click_own(0.0, x))
