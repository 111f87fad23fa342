"""Tests of docs/rules/bamboo.md that no one section holds: the contract under bad input.

Wrongly typed and forged actions, near-miss notations, mutated dicts (the contract's sub-topic
of bad input and fuzzing, split from test_bamboo_contract.py).
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.games import bamboo
from bamboo_lab.games import bamboo as bb


def _copy_with(action: object, value: object | None = None) -> object:
    """``action`` rebuilt past its frozen constructor (every field ``value`` when given)."""
    forged = type(action).__new__(type(action))
    for field in dataclasses.fields(action):  # type: ignore[arg-type]
        kept = getattr(action, field.name)
        object.__setattr__(forged, field.name, kept if value is None else value)
    return forged


SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@functools.cache
def _states() -> tuple[bamboo.State, ...]:
    """Positions along seeded random games (2-4 players, day and night side)."""
    out = []
    for seed, n, night in ((1, 2, False), (2, 3, True), (3, 4, False)):
        s = bamboo.new_game(n, seed, {"night_side": night})
        rng = random.Random(seed)
        while not s.is_over():
            if rng.random() < 0.05:
                out.append(s)
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))])
        out.append(s)
    out.append(bamboo.position(players=3, round=3, boards={0: {"home": "(0,0):G/2"}}))
    return tuple(out)


def _sound(state: bamboo.State) -> None:
    """An accepted state round-trips through JSON and plays on a few plies."""
    again = bamboo.State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state
    rng = random.Random(0)
    for _ in range(20):
        if state.is_over():
            return
        legal = state.legal_actions()
        assert legal
        state = state.apply(legal[rng.randrange(len(legal))])


_ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.lists(st.integers(-3, 70), max_size=4),
    st.tuples(st.integers(0, 4), st.integers(0, 4)),
)


_WORDS = [
    "draft",
    "gift",
    "visit",
    "offer",
    "activate",
    "place",
    "receive",
    "take",
    "score",
    "buy",
    "home",
    "food",
    "use",
    "wake",
    "feed",
    "end",
    "pass",
    "done",
    "hp",
    "coin",
]


_ARGS = [
    "Rb",
    "Gw",
    "red",
    "blue",
    "L01",
    "C21",
    "A05",
    "B32",
    "1",
    "4",
    "0,0",
    "2,4",
    "3,5",
    "rice",
    "kappa",
    "Kappa",
    "fund",
    "",
    " ",
    "9" * 60,
]


def _paths(d: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(d, dict):
        for k, v in d.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(d: Any, path: tuple[Any, ...], how: int, value: Any) -> None:
    parent = d
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    if how == 0:
        parent[key] = value
    elif how == 1 and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + (1 if value else -1)
    elif how == 2 and isinstance(parent, dict):
        del parent[key]
    elif how == 3 and isinstance(parent, list):
        parent.append(copy.deepcopy(old))
    elif how == 4 and isinstance(parent, list) and len(parent) > 1:
        parent[0], parent[-1] = parent[-1], parent[0]
    elif how == 5 and isinstance(parent, dict):
        parent["unknown_key"] = value
    else:
        parent[key] = 10**100


def test_from_dict_refuses_an_activated_shoot_without_its_stalk() -> None:
    """from_dict: ``activating`` set to a lone shoot was an IndexError."""
    data = bb.position(player=0).to_dict()
    data["activating"] = [3]
    with pytest.raises(InvalidStateError, match="activated shoot"):
        bb.State.from_dict(data)


@pytest.mark.parametrize("state", [None, 7, "pass"])
def test_explain_and_parse_action_refuse_what_is_not_a_bamboo_state(state: object) -> None:
    for attempt in (lambda: bb.explain(state, "pass"), lambda: bb.parse_action("pass", state)):
        with pytest.raises(InvalidStateError, match="needs a Bamboo state"):
            attempt()  # type: ignore[arg-type]


def test_explain_refuses_a_state_of_another_game() -> None:
    from bamboo_lab.games import takenoko

    with pytest.raises(InvalidStateError, match="needs a Bamboo state"):
        bb.explain(takenoko.new_game(2, 1), "pass")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "boards", [{0: {"awake": None}}, {0: {"temples": 7}}, {0: {"home": 3.5}}, {0: {"food": "x"}}]
)
def test_position_refuses_wrong_typed_board_entries_with_invalid_state_error(boards: dict) -> None:
    with pytest.raises(InvalidStateError, match=r"bamboo\.position|boards"):
        bb.position(boards=boards)


def test_a_forged_action_equal_to_a_legal_one_is_applied_as_the_engine_own() -> None:
    state = bb.new_game(2, 1)
    legal = state.legal_actions()[0]
    assert state.apply(_copy_with(legal)).history[-1] is legal


@pytest.mark.parametrize("junk", [[1], object(), "x" * 100])
def test_a_forged_action_the_rules_cannot_read_is_refused_and_changes_nothing(junk: object) -> None:
    state = bb.new_game(2, 1)
    before = state.to_dict()
    forged = _copy_with(state.legal_actions()[0], junk)
    with pytest.raises(BambooLabError):
        state.apply(forged)
    with contextlib.suppress(BambooLabError):
        assert not bb.explain(state, forged)
    assert state.to_dict() == before


@SETTINGS
@given(st.sampled_from(bamboo.ACTION_TYPES), st.lists(_ANY, max_size=2), st.integers(0, 10**6))
def test_wrongly_typed_actions(cls: type, args: list[Any], pick: int) -> None:
    states = _states()
    state = states[pick % len(states)]
    n_fields = len(dataclasses.fields(cls))
    try:
        action = cls(*args[:n_fields], *([None] * max(0, n_fields - len(args))))
        after = state.apply(action)
    except BambooLabError:
        return
    _sound(after)


@SETTINGS
@given(st.lists(st.sampled_from(_WORDS + _ARGS), min_size=1, max_size=3), st.integers(0, 10**6))
def test_near_miss_action_texts(words: list[str], pick: int) -> None:
    states = _states()
    state = states[pick % len(states)]
    text = " ".join(words)
    try:
        action = bamboo.parse_action(text, state)
        after = state.apply(action)
    except BambooLabError:
        return
    _sound(after)


@SETTINGS
@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 6), _ANY, st.booleans())
def test_mutated_dicts(pick: int, where: int, how: int, value: Any, empty: bool) -> None:
    states = _states()
    d = json.loads(json.dumps(states[pick % len(states)].to_dict()))
    if empty:
        d["history"] = []
    paths = [p for p in _paths(d) if p]
    _mutate(d, paths[where % len(paths)], how, value)
    try:
        state = bamboo.State.from_dict(d)
    except BambooLabError:
        return
    _sound(state)
