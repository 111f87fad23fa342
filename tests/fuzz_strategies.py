"""Hypothesis strategies for the fuzz suite (tests/test_fuzz.py), generic over the registry.

Every strategy draws a :class:`Case`: one input a user might give a game (a wrongly typed action,
a near-miss action text, a mutated ``to_dict``, a mutated record, odd ``new_game`` arguments),
with a one-line Python reproducer (``code``) and a ``run()`` that feeds it to the library and
returns the state it was accepted into (or None when nothing stateful was accepted).

The inputs start from real positions: :func:`sample_state` replays a seeded uniformly random
game to a given ply (optionally reloaded with an empty history, as a saved or built position
is), so a reproducer names its position by ``sample_state(game, n, seed, ply, loaded)``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import inspect
import io
import json
import math
import random
import tempfile
import traceback
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from bamboo_lab.core.errors import BambooLabError, IllegalActionError
from bamboo_lab.core.protocol import Explanation
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import GAMES, load, record_of, replay, start_here, start_of

__all__ = [
    "COUNTS",
    "FINDINGS",
    "BoardRefused",
    "Case",
    "action_cases",
    "board_cases",
    "cli_cases",
    "count",
    "deep",
    "derived_cases",
    "dict_cases",
    "env_cases",
    "explain_play_cases",
    "flush_findings",
    "foreign_cases",
    "hand_cases",
    "position_cases",
    "record_cases",
    "record_finding",
    "record_text_cases",
    "sample_state",
    "sandbox_cases",
    "setup_cases",
    "state_specs",
    "text_cases",
]

PREAMBLE = (
    "import sys, json; sys.path.insert(0, 'tests'); from fuzz_strategies import *; "
    "from bamboo_lab.games import record_of, replay; "
    "from bamboo_lab.core.record import GameRecord; "
)
"""What every reproducer line starts with (run it from the repository root)."""

HUGE = 10**30
"""An int no component count reaches."""


@dataclass
class Case:
    """One fuzz input: its game and kind, a one-line reproducer, and how to run it."""

    game: str
    kind: str
    code: str
    run: Callable[[], Any]
    payload: Any = None
    """The raw input, when another strategy reuses it (a damaged record's text)."""
    snapshot: Callable[[], Any] | None = None
    """What a refused input must leave unchanged (taken before and after the run)."""

    def __repr__(self) -> str:
        """The reproducer (what hypothesis prints for a falsifying example)."""
        return self.line()

    def line(self) -> str:
        """The reproducer as one line of Python."""
        return PREAMBLE + self.code


def deep(value: Any, depth: int) -> Any:
    """``value`` wrapped in ``depth`` one-item lists (deep nesting, built without recursion)."""
    for _ in range(depth):
        value = [value]
    return value


@functools.cache
def sample_state(game: str, num_players: int, seed: int, ply: int, loaded: bool = False) -> Any:
    """The state after ``ply`` uniformly random decisions from ``new_game(game, n, seed)``.

    ``loaded``: that position saved without its history, loaded again and made the start of its
    own history (``start_here``), then two more random decisions (a state with a ``start``).
    """
    module = load(game)
    rng = random.Random(seed)
    state = module.new_game(num_players, seed)
    for _ in range(ply):
        if state.is_over():
            break
        state = _step(state, rng)
    if loaded:
        data = state.to_dict()
        data["history"] = []
        state = start_here(module.State.from_dict(data))
        for _ in range(2):
            if not state.is_over():
                state = _step(state, rng)
    return state


def _step(state: Any, rng: random.Random) -> Any:
    legal = state.legal_actions()
    return state.apply(legal[rng.randrange(len(legal))])


@functools.cache
def _game_length(game: str, num_players: int, seed: int) -> int:
    """How many plies the seeded random game of :func:`sample_state` lasts."""
    return len(sample_state(game, num_players, seed, 10**6).history)


def state_specs(game: str, per_count: int = 6, max_ply: int | None = None) -> list[tuple[Any, ...]]:
    """(game, n, seed, ply, loaded) of positions spread over one seeded game per player count."""
    specs: list[tuple[Any, ...]] = []
    for n in load(game).PLAYER_COUNTS:
        seed = 7 + n
        length = _game_length(game, n, seed)
        last = length if max_ply is None else min(length, max_ply)
        plies = sorted({round(last * k / (per_count - 1)) for k in range(per_count)})
        specs += [(game, n, seed, ply, False) for ply in plies]
        specs += [(game, n, seed, ply, True) for ply in plies[1:-1:2]]
    return specs


def _spec_code(spec: tuple[Any, ...]) -> str:
    game, n, seed, ply, loaded = spec
    return f"s = sample_state({game!r}, {n}, {seed}, {ply}, {loaded}); "


def _module_code(game: str) -> str:
    return f"import bamboo_lab.games.{game} as G; "


# --- wrongly typed action fields -------------------------------------------------------------


def bad_values(value: Any) -> list[tuple[Any, str]]:
    """(value, code) pairs of wrong types and ranges for a field whose legal value is ``value``."""
    out: list[tuple[Any, str]] = [
        (None, "None"),
        (True, "True"),
        (False, "False"),
        (1.5, "1.5"),
        ("", "''"),
        ("x", "'x'"),
        ((), "()"),
        ([], "[]"),
        (HUGE, "10**30"),
        (-1, "-1"),
        (-HUGE, "-10**30"),
        (2**64, "2**64"),
        (deep(0, 50), "deep(0, 50)"),
        (str(value), repr(str(value))),
        ((value,), f"({value!r},)"),
        ([value], f"[{value!r}]"),
    ]
    if isinstance(value, bool):
        out += [(int(value), repr(int(value)))]
    elif isinstance(value, int):
        out += [
            (float(value), repr(float(value))),
            (value + 1, repr(value + 1)),
            (value - 1, repr(value - 1)),
            (bool(value), repr(bool(value))),
            (-value, repr(-value)),
        ]
    elif isinstance(value, str):
        out += [
            (value.upper(), repr(value.upper())),
            (value + " ", repr(value + " ")),
            (value.encode(), repr(value.encode())),
            (value * 2, repr(value * 2)),
        ]
    elif isinstance(value, tuple):
        plain = tuple(value)
        out += [
            (plain, repr(plain)),  # a plain tuple where a NamedTuple is expected: coerce or refuse
            (list(plain), repr(list(plain))),
            (plain[:-1], repr(plain[:-1])),
            ((*plain, 0), repr((*plain, 0))),
            (plain * 2, repr(plain * 2)),
        ]
        for i, item in enumerate(plain):
            for bad, code in bad_values(item)[:13] if not isinstance(item, tuple) else []:
                parts = [repr(x) for x in plain]
                parts[i] = code
                out.append(((*plain[:i], bad, *plain[i + 1 :]), f"({', '.join(parts)},)"))
    return out


@st.composite
def action_cases(draw: st.DrawFn, game: str) -> Case:
    """A legal action of a real position with one field replaced by a wrong type or range."""
    spec = draw(st.sampled_from(state_specs(game)))
    state = sample_state(*spec)
    legal = [a for a in state.legal_actions() if dataclasses.is_dataclass(a)]
    fields_of = [(a, f.name) for a in legal for f in dataclasses.fields(a)]
    if not fields_of:
        return draw(foreign_cases(game))
    action, name = draw(st.sampled_from(fields_of))
    bad, bad_code = draw(st.sampled_from(bad_values(getattr(action, name))))
    cls = type(action)
    args = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    arg_code = ", ".join(f"{k}={bad_code if k == name else repr(v)}" for k, v in args.items())
    code = (
        _module_code(game)
        + _spec_code(spec)
        + f"a = G.{cls.__name__}({arg_code}); str(a); "
        + ("G.explain(s, a); " if hasattr(load(game), "explain") else "")
        + "s.apply(a)"
    )

    def run() -> Any:
        made = cls(**{**args, name: bad})
        str(made)  # an action that exists has a notation
        explain = getattr(load(game), "explain", None)
        if explain is not None:
            explain(state, made)
        return state.apply(made)

    return Case(game, "action field", code, run)


# --- near-miss action texts ------------------------------------------------------------------

ALPHABET = "0123456789-,/@#:. abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_\t\n١²"
"""Characters a near-miss text is made of (ASCII, whitespace, a non-ASCII digit and a ²)."""


@st.composite
def text_cases(draw: st.DrawFn, game: str) -> Case:
    """A legal action's text, mutated a little (a typo, a number off by one, a huge number...)."""
    spec = draw(st.sampled_from(state_specs(game)))
    state = sample_state(*spec)
    legal = state.legal_actions()
    pool = [str(a) for a in legal] + [str(a) for a in sample_state(game, spec[1], 99, 40).history]
    text = draw(st.sampled_from(pool))
    op = draw(
        st.sampled_from(
            ["delete", "insert", "replace", "number", "case", "token", "truncate", "huge", "pad"]
        )
    )
    i = draw(st.integers(0, max(len(text) - 1, 0)))
    c = draw(st.sampled_from(ALPHABET))
    head, tail = text[:i], text[i:]
    code_text = None
    if op == "delete":
        text = head + tail[1:]
    elif op == "insert":
        text = head + c + tail
    elif op == "replace":
        text = head + c + tail[1:]
    elif op == "number":
        digits = [k for k, ch in enumerate(text) if ch.isdigit()]
        if digits:
            k = draw(st.sampled_from(digits))
            delta = draw(st.sampled_from([-1, 1, 9, 10]))
            text = text[:k] + str(int(text[k]) + delta) + text[k + 1 :]
    elif op == "case":
        text = text.swapcase()
    elif op == "token":
        words = text.split(" ")
        j = draw(st.integers(0, len(words) - 1))
        text = " ".join([*words[: j + 1], words[j], *words[j + 1 :]])
    elif op == "truncate":
        text = head
    elif op == "huge":
        text, code_text = head + "9" * 5000 + tail, f"{head!r} + '9' * 5000 + {tail!r}"
    else:
        text = draw(st.sampled_from([" ", "\t", "\n", "  "])).join(["", text, ""])
    code = _module_code(game) + _spec_code(spec) + f"G.parse_action({code_text or repr(text)}, s)"

    def run() -> Any:
        module = load(game)
        explained = _explain(module, state, text)
        try:
            action = module.parse_action(text, state)
        except BambooLabError as exc:
            _agree(explained, exc)
            raise
        assert action in state.legal_actions(), f"parse_action({text!r}) gave an illegal action"
        _agree(explained, None)
        return state.apply(action)

    return Case(game, "action text", code, run)


def _explain(module: Any, state: Any, text: str) -> Explanation | BambooLabError | None:
    """``explain(state, text)``, or the error it raised; None when the game has no explain."""
    explain = getattr(module, "explain", None)
    if explain is None:
        return None
    try:
        answer = explain(state, text)
    except BambooLabError as exc:
        return exc
    assert isinstance(answer, Explanation), f"explain returned {type(answer).__name__}"
    return answer


def _agree(explained: Explanation | BambooLabError | None, refusal: BambooLabError | None) -> None:
    """explain and parse_action tell the same story: legal, illegal (same rule) or malformed."""
    if explained is None:
        return
    if refusal is None:
        assert isinstance(explained, Explanation) and explained.legal, (
            f"parse_action accepts what explain calls {explained!s:.200}"
        )
    elif isinstance(refusal, IllegalActionError):
        assert isinstance(explained, Explanation) and not explained.legal, (
            f"parse_action refuses ({refusal!s:.120}) what explain calls {explained!s:.120}"
        )
        assert explained.rule == refusal.rule, (
            f"explain names rule {explained.rule}, the refusal {refusal.rule}"
        )
    else:
        assert not (isinstance(explained, Explanation) and explained.legal), (
            f"parse_action refuses ({refusal!s:.120}) what explain calls legal"
        )


# --- mutated to_dict outputs -----------------------------------------------------------------


def _paths(data: Any) -> list[tuple[Any, ...]]:
    """The path (keys and indices) of every node below ``data``, breadth first."""
    out: list[tuple[Any, ...]] = []
    queue: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while queue:
        path, value = queue.pop(0)
        children: Iterator[tuple[Any, Any]]
        if isinstance(value, dict):
            children = iter(value.items())
        elif isinstance(value, list):
            children = iter(enumerate(value))
        else:
            continue
        for key, child in children:
            out.append((*path, key))
            queue.append(((*path, key), child))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _path_code(path: tuple[Any, ...]) -> str:
    return "d" + "".join(f"[{k!r}]" for k in path)


def _retypes(value: Any) -> list[tuple[Any, str]]:
    """(new value, code) for the value at a path: retype, +-1, huge, deep."""
    out: list[tuple[Any, str]] = [
        (None, "None"),
        (True, "True"),
        (1.5, "1.5"),
        ("x", "'x'"),
        ([], "[]"),
        ({}, "{}"),
        (HUGE, "10**30"),
        (-HUGE, "-10**30"),
        (2**64, "2**64"),
        (deep(value, 60), f"deep({_short_code(value)}, 60)"),
        (deep(0, 5000), "deep(0, 5000)"),
        ([value], f"[{_short_code(value)}]"),
    ]
    if isinstance(value, bool):
        out += [(not value, repr(not value)), (int(value), repr(int(value)))]
    elif isinstance(value, int):
        out += [
            (value + 1, repr(value + 1)),
            (value - 1, repr(value - 1)),
            (float(value), repr(float(value))),
            (str(value), repr(str(value))),
            (value == 1, repr(value == 1)),
        ]
    elif isinstance(value, str):
        out += [(value.upper(), repr(value.upper())), (value + "x", repr(value + "x"))]
        if value[-1:].isdigit():
            bumped = value[:-1] + str((int(value[-1]) + 1) % 10)
            out.append((bumped, repr(bumped)))
    elif isinstance(value, list) and value:
        out += [(value[:-1], f"{_short_code(value)}[:-1]")]
    return out


def _short_code(value: Any) -> str:
    text = json.dumps(value)
    return f"json.loads({text!r})" if len(text) < 400 else "..."


@st.composite
def mutations(draw: st.DrawFn, data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A mutated deep copy of a JSON dict and the code that makes it from ``d`` (the original)."""
    d = json.loads(json.dumps(data))
    paths = _paths(d)
    path = draw(st.sampled_from(paths))
    parent, key = _at(d, path[:-1]), path[-1]
    where = _path_code(path)
    ops = ["set", "drop", "unknown", "swap", "dup"]
    op = draw(st.sampled_from(ops))
    if op == "set":
        value, code = draw(st.sampled_from(_retypes(parent[key])))
        parent[key] = value
        return d, f"{where} = {code}"
    if op == "drop":
        del parent[key]
        return d, f"del {where}"
    target = parent[key] if isinstance(parent[key], (dict, list)) else parent
    target_path = path if target is parent[key] else path[:-1]
    tcode = _path_code(target_path)
    if op == "unknown" or not target:
        if isinstance(target, dict):
            target["zz_unknown"] = 1
            return d, f"{tcode}['zz_unknown'] = 1"
        target.append(target[-1] if target else 0)
        return d, f"{tcode}.append({tcode}[-1] if {tcode} else 0)"
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    a = draw(st.sampled_from(keys))
    if op == "swap":
        b = draw(st.sampled_from(keys))
        target[a], target[b] = target[b], target[a]
        return d, f"{tcode}[{a!r}], {tcode}[{b!r}] = {tcode}[{b!r}], {tcode}[{a!r}]"
    if isinstance(target, list):
        target.append(json.loads(json.dumps(target[a])))
        return d, f"{tcode}.append({tcode}[{a!r}])"
    target[f"{a}_copy"] = json.loads(json.dumps(target[a]))
    return d, f"{tcode}[{a + '_copy'!r}] = {tcode}[{a!r}]"


@st.composite
def dict_cases(draw: st.DrawFn, game: str) -> Case:
    """A real position's ``to_dict``, mutated once (drop, retype, +-1, swap, duplicate...)."""
    spec = draw(st.sampled_from(state_specs(game)))
    data = sample_state(*spec).to_dict()
    mutated, change = draw(mutations(data))
    code = (
        _module_code(game) + _spec_code(spec) + f"d = s.to_dict(); {change}; G.State.from_dict(d)"
    )
    module = load(game)
    return Case(game, "state dict", code, lambda: module.State.from_dict(mutated))


# --- records ---------------------------------------------------------------------------------


@st.composite
def record_cases(draw: st.DrawFn, game: str) -> Case:
    """A real record (from new_game or from a loaded position), mutated once, then replayed."""
    specs = [  # loaded positions only once the game's states carry their start
        s
        for s in state_specs(game, per_count=4, max_ply=60)
        if not s[4] or start_of(sample_state(*s))
    ]
    spec = draw(st.sampled_from(specs))
    state = sample_state(*spec)
    record = record_of(game, state, seed=spec[2])
    data = record.to_dict()
    mutated, change = draw(mutations(data))
    code = (
        _spec_code(spec)
        + f"d = record_of({game!r}, s, seed={spec[2]}).to_dict(); {change}; "
        + "replay(GameRecord.from_dict(d))"
    )

    def run() -> Any:
        return replay(GameRecord.from_dict(mutated))[-1]

    return Case(game, "record", code, run)


@st.composite
def record_text_cases(draw: st.DrawFn, game: str) -> Case:
    """A real record's JSON text, damaged (cut, deep nesting, huge numbers, NaN, bytes)."""
    spec = draw(st.sampled_from(state_specs(game, per_count=3, max_ply=40)))
    text = record_of(game, sample_state(*spec), seed=spec[2]).to_json()
    i = draw(st.integers(0, len(text)))
    head, tail = text[:i], text[i:]
    pieces = {
        "cut": ("", "''"),
        "deep": ("[" * 100_000 + "]" * 100_000, "'[' * 100_000 + ']' * 100_000"),
        "huge": ("9" * 5000, "'9' * 5000"),
        "nan": ("NaN", "'NaN'"),
        "brace": ("{", "'{'"),
        "nul": ("\x00", "'\\x00'"),
    }
    op = draw(st.sampled_from(sorted(pieces)))
    piece, piece_code = pieces[op]
    damaged = head + piece + (tail if op != "cut" else "")
    encode = draw(st.booleans())
    data: Any = damaged.encode("utf-8", "surrogatepass") if encode else damaged
    suffix = "" if op != "cut" else "[:0]"
    code = (
        _spec_code(spec)
        + f"t = record_of({game!r}, s, seed={spec[2]}).to_json(); "
        + f"t = t[:{i}] + {piece_code} + t[{i}:]{suffix}; "
        + f"replay(GameRecord.from_json(t{'.encode()' if encode else ''}))"
    )

    def run() -> Any:
        return replay(GameRecord.from_json(data))[-1]

    return Case(game, "record text", code, run, payload=data)


# --- new_game arguments ----------------------------------------------------------------------


def _option_values(hint: Any, default: Any) -> list[Any]:
    """Right and wrong values for an option field typed ``hint``."""
    wrong = [None, 1.0, "x", [], {}, HUGE, -1]
    if typing.get_origin(hint) is typing.Literal:
        return [*typing.get_args(hint), *wrong, True, str(default).upper()]
    if hint is bool:
        return [True, False, 1, 0, "true", *wrong]
    if hint is int:
        return [0, 1, 2, 3, 5, True, 2**64, -(2**63), *wrong]
    return [default, list(default) if isinstance(default, tuple) else default, ["?"], [1], *wrong]


@st.composite
def setup_cases(draw: st.DrawFn, game: str) -> Case:
    """``new_game`` with odd player counts, seeds and options (known names, wrong values)."""
    module = load(game)
    anything = st.one_of(
        st.none(), st.booleans(), st.floats(allow_nan=True), st.text(max_size=3), st.just([2])
    )
    num_players = draw(
        st.one_of(
            st.sampled_from(module.PLAYER_COUNTS),
            st.integers(-3, 9),
            st.just(2**64 + module.PLAYER_COUNTS[0]),
            anything,
        )
    )
    seed = draw(
        st.one_of(
            st.integers(0, 2**64 - 1),
            st.integers(-(2**70), 2**70),
            st.sampled_from([0, 2**64 - 1, 2**64, -1]),
            anything,
        )
    )
    hints = typing.get_type_hints(module.Options)
    fields = dataclasses.fields(module.Options)
    known = (  # a game may have no options
        st.lists(
            st.sampled_from(fields).flatmap(
                lambda f: st.tuples(
                    st.just(f.name), st.sampled_from(_option_values(hints[f.name], f.default))
                )
            ),
            max_size=3,
        ).map(dict)
        if fields
        else st.just({})
    )
    options = draw(
        st.one_of(
            st.none(),
            known,
            st.just({"zz_unknown": 1}),
            st.sampled_from([[], "expert", 5, {1: 2}]),
        )
    )
    args = f"{num_players!r}, {seed!r}, {options!r}"
    code = _module_code(game) + f"G.new_game({args})"
    return Case(game, "new_game", code, lambda: module.new_game(num_players, seed, options))


# --- objects that are not actions ------------------------------------------------------------


@st.composite
def foreign_cases(draw: st.DrawFn, game: str) -> Case:
    """``apply`` of something that is not one of this game's actions, and bad notations' types."""
    spec = draw(st.sampled_from(state_specs(game, per_count=3)))
    state = sample_state(*spec)
    others = [g for g in GAMES if g != game]
    other = draw(st.sampled_from(others))
    alien_state = sample_state(other, load(other).PLAYER_COUNTS[0], 3, 5)
    alien = alien_state.legal_actions()[0]
    alien_code = f"sample_state({other!r}, {alien_state.num_players}, 3, 5).legal_actions()[0]"
    choices: list[tuple[Any, str, str]] = [
        (None, "None", "apply"),
        (0, "0", "apply"),
        ("end", "'end'", "apply"),
        (alien, alien_code, "apply"),
        ((0, 1), "(0, 1)", "apply"),
        (None, "None", "parse"),
        (5, "5", "parse"),
        (b"end", "b'end'", "parse"),
        (["end"], "['end']", "parse"),
        ("", "''", "parse"),
        ("x" * 100_000, "'x' * 100_000", "parse"),
    ]
    value, value_code, how = draw(st.sampled_from(choices))
    module = load(game)
    if how == "apply":
        code = _module_code(game) + _spec_code(spec) + f"s.apply({value_code})"
        return Case(game, "foreign", code, lambda: state.apply(value))
    code = _module_code(game) + _spec_code(spec) + f"G.parse_action({value_code}, s)"

    def run() -> Any:
        action = module.parse_action(value, state)
        return state.apply(action)

    return Case(game, "foreign", code, run)


# --- outcomes and findings -------------------------------------------------------------------

COUNTS: dict[tuple[str, str], dict[str, int]] = {}
"""(game, kind) -> {"tried", "refused", "accepted"} counts of this process's fuzz inputs."""

FINDINGS: dict[tuple[str, str], str] = {}
"""(game, where it broke) -> the shortest reproducer line seen for that crash."""


def count(case: Case, outcome: str) -> None:
    """Count one input of ``case``'s game and kind as ``outcome`` (and as tried)."""
    tally = COUNTS.setdefault((case.game, case.kind), {"tried": 0, "refused": 0, "accepted": 0})
    tally[outcome] = tally.get(outcome, 0) + 1
    if outcome != "corrupt":  # a corrupt state was counted as accepted already
        tally["tried"] += 1


def record_finding(case: Case, exc: BaseException, what: str) -> str:
    """Remember a crash (the shortest reproducer per place); return its one-line description."""
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [f for f in frames if "bamboo_lab" in f.filename] or frames
    place = f"{Path(inside[-1].filename).name}:{inside[-1].lineno}" if inside else "?"
    message = " ".join(str(exc).split())[:120]
    key = f"{what}: {type(exc).__name__} at {place}"
    line = f"{case.line()}  # {case.kind}, {key}: {message}"
    known = FINDINGS.get((case.game, key))
    if known is None or len(line) < len(known):
        FINDINGS[(case.game, key)] = line
    return line


def flush_findings(folder: str) -> None:
    """Append the findings to ``folder/fuzz_findings_<game>.txt``, one line per distinct crash."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        path = Path(folder) / f"fuzz_findings_{game}.txt"
        lines = path.read_text().splitlines() if path.exists() else []
        for (g, key), line in sorted(FINDINGS.items()):
            if g == game and not any(key in old for old in lines):
                lines.append(line)
        if lines:
            path.write_text("\n".join(lines) + "\n")


# --- position builders -----------------------------------------------------------------------

BUILDER_VALUES: list[tuple[Any, str]] = [
    (None, "None"),
    (True, "True"),
    (0, "0"),
    (1, "1"),
    (-1, "-1"),
    (1.5, "1.5"),
    ("", "''"),
    ("x", "'x'"),
    ("1", "'1'"),
    ([], "[]"),
    ({}, "{}"),
    ([None], "[None]"),
    (["x"], "['x']"),
    ([[0, 0]], "[[0, 0]]"),
    ({"x": 1}, "{'x': 1}"),
    ({0: None}, "{0: None}"),
    (HUGE, "10**30"),
    (2**64, "2**64"),
    (deep(0, 60), "deep(0, 60)"),
    (deep(0, 5000), "deep(0, 5000)"),
    ("9" * 5000, "'9' * 5000"),
]
"""Odd arguments for a position builder's keyword parameters."""


def builder_parameters(game: str) -> list[str]:
    """The keyword parameters of ``<game>.position`` (none when the game has no builder)."""
    builder = getattr(load(game), "position", None)
    if builder is None:
        return []
    return [
        name
        for name, p in inspect.signature(builder).parameters.items()
        if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]


@st.composite
def position_cases(draw: st.DrawFn, game: str) -> Case:
    """``<game>.position(...)`` with one or two keyword arguments given odd values."""
    names = builder_parameters(game)
    if not names:
        return draw(setup_cases(game))
    chosen = draw(st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True))
    picks = [draw(st.sampled_from(BUILDER_VALUES)) for _ in chosen]
    kwargs = {name: value for name, (value, _) in zip(chosen, picks, strict=True)}
    shown = ", ".join(f"{name}={code}" for name, (_, code) in zip(chosen, picks, strict=True))
    code = _module_code(game) + f"G.position({shown})"
    builder = load(game).position  # type: ignore[attr-defined]
    return Case(game, "position", code, lambda: builder(**kwargs))


# --- the command line ------------------------------------------------------------------------

CLI_NUMBERS = ["0", "1", "2", "4", "5", "-1", "2.0", "1e3", "", "abc", "0x10", "١", "9" * 5000]
"""Odd texts for the command line's number options."""


class CommandRefused(BambooLabError):
    """The command line exited with status 2 and one line of stderr (a clear refusal)."""


@st.composite
def cli_cases(draw: st.DrawFn, game: str) -> Case:
    """``bamboo-lab new`` with odd numbers, or ``bamboo-lab replay`` of a damaged record file."""
    if draw(st.booleans()):
        players, seed = draw(st.sampled_from(CLI_NUMBERS)), draw(st.sampled_from(CLI_NUMBERS))
        argv = ["new", game, "-n", players, "-s", seed]
        code = f"from bamboo_lab.cli import main; main({argv!r})"
    else:
        damaged = draw(record_text_cases(game))
        text = damaged.payload
        folder = Path(tempfile.gettempdir()) / "bamboo_lab_fuzz"
        folder.mkdir(exist_ok=True)
        path = folder / f"{game}-{abs(hash(text)) % 10**8}.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "replace"))
        argv = ["replay", str(path)]
        code = f"from bamboo_lab.cli import main; main({argv!r})  # file: {damaged.code}"

    def run() -> Any:
        from bamboo_lab.cli import main

        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as exc:  # argparse's own usage errors
                status = exc.code if isinstance(exc.code, int) else 2
        lines = err.getvalue().strip().splitlines()
        assert status in (0, 2), f"exit status {status}: {err.getvalue()[-300:]}"
        if status == 2:
            assert lines and "Traceback" not in err.getvalue(), "a refusal without one clear line"
            raise CommandRefused(lines[-1])
        return None

    return Case(game, "command line", code, run)


# --- explain and play with forged actions ----------------------------------------------------


def _forged(action: Any, field: str, value: Any) -> Any:
    """``action`` with ``field`` set to ``value`` past its frozen constructor."""
    forged = type(action).__new__(type(action))
    for f in dataclasses.fields(action):
        object.__setattr__(forged, f.name, getattr(action, f.name))
    object.__setattr__(forged, field, value)
    return forged


def _snapshot_of(state: Any) -> Callable[[], str]:
    return lambda: json.dumps(state.to_dict(), sort_keys=True)


@st.composite
def explain_play_cases(draw: st.DrawFn, game: str) -> Case:
    """``explain``, ``play`` and ``apply`` of a forged action (a field set past the constructor,
    or equal to a legal one), or of a near-miss text; the state must not change."""
    spec = draw(st.sampled_from(state_specs(game, per_count=3)))
    state = sample_state(*spec)
    module = load(game)
    legal = state.legal_actions()
    if not legal or not dataclasses.is_dataclass(legal[0]):
        return draw(text_cases(game))
    action = draw(st.sampled_from(legal))
    fields = [f.name for f in dataclasses.fields(action)]
    if fields and draw(st.booleans()):
        field = draw(st.sampled_from(fields))
        value, value_code = draw(st.sampled_from(bad_values(getattr(action, field))))
        forged = _forged(action, field, value)
        what = f"_forged(s.legal_actions()[{legal.index(action)}], {field!r}, {value_code})"
    else:
        forged = _forged(action, fields[0], getattr(action, fields[0])) if fields else action
        what = f"s.legal_actions()[{legal.index(action)}]  # rebuilt"
    how = draw(st.sampled_from(["explain", "play", "apply"]))
    code = _module_code(game) + _spec_code(spec) + f"a = {what}; "
    code += {"explain": "G.explain(s, a)", "play": "play(s, a)", "apply": "s.apply(a)"}[how]

    def run() -> Any:
        from bamboo_lab.games import play

        if how == "explain":
            module.explain(state, forged)
            return None
        after = play(state, forged) if how == "play" else state.apply(forged)
        assert after.history[-1] in legal and any(a is after.history[-1] for a in legal), (
            "applied the caller's object, not the engine's own legal action"
        )
        return after

    return Case(game, "explain and play", code, run, snapshot=_snapshot_of(state))


# --- the PettingZoo environment --------------------------------------------------------------

ENV_SEEDS: list[tuple[Any, str]] = [
    ("abc", "'abc'"),
    ([1], "[1]"),
    (1.5, "1.5"),
    (True, "True"),
    (-1, "-1"),
    (2**64, "2**64"),
    (None, "None"),
    (7, "7"),
]
ENV_ACTIONS: list[tuple[Any, str]] = [(-1, "-1"), (10**9, "10**9"), ("0", "'0'"), (None, "None")]


@st.composite
def env_cases(draw: st.DrawFn, game: str) -> Case:
    """The PettingZoo env: ``reset`` with an odd seed, or ``step`` with an odd action."""
    from bamboo_lab.envs import env

    environment = env(game)
    environment.reset(seed=3)
    if draw(st.booleans()):
        seed, seed_code = draw(st.sampled_from(ENV_SEEDS))
        code = f"from bamboo_lab.envs import env; e = env({game!r}); e.reset(seed=3); "
        code += f"e.reset(seed={seed_code})"

        def run() -> Any:
            environment.reset(seed=seed)
            return environment.unwrapped.state

    else:
        action, action_code = draw(st.sampled_from(ENV_ACTIONS))
        code = f"from bamboo_lab.envs import env; e = env({game!r}); e.reset(seed=3); "
        code += f"e.step({action_code})"

        def run() -> Any:
            environment.step(action)
            return environment.unwrapped.state

    def snapshot() -> Any:
        return json.dumps(environment.unwrapped.state.to_dict(), sort_keys=True)

    return Case(game, "environment", code, run, snapshot=snapshot)


# --- the scoring sandboxes -------------------------------------------------------------------

SANDBOX_VALUES: list[tuple[Any, str]] = [
    (None, "None"),
    ("1,0/1,-1", "'1,0/1,-1'"),
    ((1, 0), "(1, 0)"),
    (10, "10"),
    (-1, "-1"),
    ("G", "'G'"),
    ([1], "[1]"),
    (True, "True"),
    ("x" * 10_000, "'x' * 10_000"),
]
SANDBOX_CALLS = {
    "takenoko": (
        "garden_sandbox",
        ["place_plot", "remove_plot", "set_bamboo", "set_chip", "toggle_channel"],
    ),
    "bangkok": ("market_sandbox", ["set_cell", "set_objective"]),
    "bamboo": ("home_sandbox", ["place"]),
}


@st.composite
def sandbox_cases(draw: st.DrawFn, game: str) -> Case:
    """A scoring sandbox's method called with odd arguments: refused (False, with the refusal
    shown) and nothing placed changes, or accepted."""
    from bamboo_lab.widgets import sandboxes

    factory, methods = SANDBOX_CALLS[game]
    sandbox = {
        "garden_sandbox": sandboxes.GardenSandbox,
        "market_sandbox": sandboxes.MarketSandbox,
        "home_sandbox": sandboxes.HomeSandbox,
    }[factory]()
    method = draw(st.sampled_from(methods))
    arity = len(inspect.signature(getattr(sandbox, method)).parameters)
    picks = [draw(st.sampled_from(SANDBOX_VALUES)) for _ in range(min(arity, 3))]
    args = [value for value, _ in picks]
    code = (
        "from bamboo_lab.widgets import sandboxes; "
        f"x = sandboxes.{type(sandbox).__name__}(); "
        f"x.{method}({', '.join(c for _, c in picks)})"
    )

    def parts() -> Any:
        return repr({k: v for k, v in vars(sandbox).items() if k != "message"})

    def run() -> Any:
        if getattr(sandbox, method)(*args) is False:
            assert sandbox.message.startswith("refused:"), "refused without saying why"
            raise SandboxRefused(sandbox.message)
        return None

    return Case(game, "sandbox", code, run, snapshot=parts)


class SandboxRefused(BambooLabError):
    """A sandbox call returned False and showed its refusal."""


# --- reachable states: what a builder or the loader accepts ----------------------------------


@st.composite
def derived_cases(draw: st.DrawFn, game: str) -> Case:
    """A real position passed on as a player would: a determinization (what a search bot plays
    from), or the position saved without its history and loaded back as its own start, as
    :func:`start_here` does (and says to do before playing on)."""
    spec = draw(st.sampled_from(state_specs(game, per_count=4)))
    state = sample_state(*spec)
    module = load(game)
    seat = draw(st.integers(0, state.num_players - 1))
    if draw(st.booleans()):
        data = state.determinize(seat, 5).to_dict()
        code = f"G.State.from_dict(s.determinize({seat}, 5).to_dict())"
        return Case(
            game,
            "derived state",
            _module_code(game) + _spec_code(spec) + code,
            lambda: module.State.from_dict(data),
        )
    code = _module_code(game) + _spec_code(spec) + "start_here(s)"
    return Case(game, "derived state", code, lambda: start_here(state))


@st.composite
def hand_cases(draw: st.DrawFn, game: str) -> Case:
    """``<game>.position(hands=...)`` (and ``completed=`` where the builder has it) with part of
    the hands of a real position: real cards, possibly too few for the game's setup."""
    names = builder_parameters(game)
    if "hands" not in names:
        return draw(position_cases(game))
    spec = draw(st.sampled_from(state_specs(game, per_count=4)))
    state = sample_state(*spec)
    hands: dict[int, list[Any]] = {}
    for seat, hand in enumerate(state.hands):
        if draw(st.booleans()):
            keep = draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
            hands[seat] = [card for card, kept in zip(hand, keep, strict=True) if kept]
    kwargs: dict[str, Any] = {"hands": hands}
    if "completed" in names and draw(st.booleans()):
        kwargs["completed"] = {seat: list(done) for seat, done in enumerate(state.completed)}
    builder = load(game).position  # type: ignore[attr-defined]
    num = state.num_players
    code = _module_code(game) + f"G.position({num}, **{kwargs!r})"
    return Case(game, "position hands", code, lambda: builder(num, **kwargs))


# --- the boards: controllers and apps --------------------------------------------------------

CLICK_FLOATS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([-1e308, 1e308, math.inf, -math.inf, math.nan, 0.0, 1.0, -1.0]),
)
"""Click coordinates: any float, the extremes drawn often."""


class BoardRefused(BambooLabError):
    """A board returned False (a move or a click refused, or a click on nothing)."""


@functools.cache
def _board_app(game: str) -> Any:
    """One hot-seat app per game (building the widgets is the slow part): cases rewind it."""
    from bamboo_lab import widgets

    return widgets.play(game, players=2, bots=None, seed=3)


@st.composite
def board_cases(draw: st.DrawFn, game: str) -> Case:
    """A hot-seat board a few random moves in: ``PlayController.play`` of a forged action or a
    near-miss text, or a click (the picture or the own board) at any float; a refusal (False)
    must leave the game, its log and its undo list unchanged."""
    app = _board_app(game)
    c = app.controller
    c.new_game(3)
    plies = draw(st.integers(0, 12))
    rng = random.Random(plies)
    for _ in range(plies):
        legal = c.legal_actions()
        if c.state.is_over() or not legal:
            break
        c.play(legal[rng.randrange(len(legal))])
    legal = c.legal_actions()
    how = draw(st.sampled_from(["forged", "text", "click", "click_own"]))
    setup = f"app = _board_app({game!r}); app.controller.new_game(3); # {plies} random moves; "
    if how in ("click", "click_own"):
        x, y = draw(CLICK_FLOATS), draw(CLICK_FLOATS)
        code = setup + f"app.{how}({x!r}, {y!r})"

        def run() -> Any:
            if getattr(app, how)(x, y) is False:
                raise BoardRefused(f"a click at ({x!r}, {y!r}) is on nothing")
            return None

    else:
        if how == "forged" and legal and dataclasses.is_dataclass(legal[0]):
            action = draw(st.sampled_from(legal))
            fields = [f.name for f in dataclasses.fields(action)]
            if fields:
                field = draw(st.sampled_from(fields))
                value, value_code = draw(st.sampled_from(bad_values(getattr(action, field))))
                move: Any = _forged(action, field, value)
                shown = f"_forged(<legal {action}>, {field!r}, {value_code})"
            else:
                move, shown = action, f"<legal {action}>"
        else:
            move = draw(st.sampled_from([*NEAR_MISS_TEXTS, *(str(a) for a in legal[:5])]))
            shown = repr(move)
        code = setup + f"app.controller.play({shown})"

        def run() -> Any:
            if not c.play(move):
                raise BoardRefused(c.message or "refused without saying why")
            return None

    def snapshot() -> Any:
        return (c.state, tuple(c.states), len(c.log))

    return Case(game, f"board {how}", code, run, snapshot=snapshot)


NEAR_MISS_TEXTS = ["", "end", "pass", "x" * 81, "é" * 41, "\x00", "plot 1e308,0", "nan"]
"""Texts typed into a board: empty, too long in bytes, a NUL, huge or NaN numbers."""
