"""Tests of docs/rules/takenoko.md that no one section holds: the contract under fuzzing.

Wrong-typed action fields, near-miss texts, mutated to_dicts and odd builder arguments (bounded):
every outcome is a refusal with a BambooLabError subclass, or an accepted input whose state
round-trips through to_dict/from_dict and plays on (a sub-topic split from
test_takenoko_contract.py).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bamboo_lab.core.errors import BambooLabError, InvalidActionError, InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.games import takenoko as tk

FUZZ = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def _positions() -> list[tk.State]:
    """A few positions of random games, in several phases."""
    out = []
    rng = random.Random(5)
    for seed in range(3):
        s = tk.new_game(2 + seed, seed)
        for ply in range(220):
            if s.is_over():
                break
            if ply % 23 == 0:
                out.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
    return out


POSITIONS = _positions()


ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.integers(min_value=2**64, max_value=2**200),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
    st.tuples(st.booleans(), st.integers(-3, 3)),
    st.lists(st.integers(-3, 3), max_size=3),
    st.sampled_from(["plot", "green", "fertilizer", "P01", "sun", "?", (1, 2), ((1, 0), (1, -1))]),
    st.builds(Hex, st.integers(-3, 3), st.integers(-3, 3)),
    st.builds(Edge, st.builds(Hex, st.integers(-3, 3), st.integers(-3, 3)), st.integers(-1, 3)),
)


def _check_accepted(state: tk.State) -> None:
    """An accepted state round-trips exactly and plays on."""
    data = json.loads(json.dumps(state.to_dict()))
    again = tk.State.from_dict(data)
    assert again == state
    if not state.is_over():
        legal = state.legal_actions()
        assert legal
        _check_round_trip(state.apply(legal[0]))


def _check_round_trip(state: tk.State) -> None:
    assert tk.State.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def _near_misses(text: str) -> st.SearchStrategy[str]:
    return st.one_of(
        st.just(text.upper()),
        st.just(text + " "),
        st.just(text.replace(",", ", ")),
        st.just(text.replace("1", "9" * 60)),
        st.just(text.replace(" ", "  ")),
        st.just(text[:-1]),
        st.just(text + "x"),
        st.just(text.replace(",", ",-")),
        st.just(text.replace("0", "00")),
        st.just(text.replace("1", "True")),
        st.just(text.replace("1", "1.0")),
    )


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, (*path, i)))
    return out


def _mutate(data: dict[str, Any], path: tuple[Any, ...], how: str, odd: Any) -> None:
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    if how == "drop":
        del parent[key]
    elif how == "retype":
        parent[key] = odd
    elif how == "plus":
        parent[key] = old + 1 if type(old) is int else odd
    elif how == "minus":
        parent[key] = old - 1 if type(old) is int else odd
    elif how == "huge":
        parent[key] = 10**40
    elif how == "duplicate" and isinstance(parent, list):
        parent.append(copy.deepcopy(old))
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = (key + 1) % len(parent)
        parent[key], parent[other] = parent[other], parent[key]
    elif how == "unknown" and isinstance(old, dict):
        old["surprise"] = 1
    else:
        parent[key] = odd


BUILDER_ARGS = [
    "garden",
    "plots",
    "channels",
    "gardener",
    "panda",
    "hands",
    "completed",
    "eaten",
    "stored_channels",
    "stored_improvements",
    "player",
    "turn",
    "phase",
    "weather",
    "used",
    "drawn",
    "kept",
    "emperor",
    "final_turns_left",
    "options",
    "seed",
]


@FUZZ
@given(
    kind=st.sampled_from(tk.ACTION_TYPES),
    values=st.lists(ODD_VALUES, min_size=0, max_size=3),
    which=st.integers(0, len(POSITIONS) - 1),
)
def test_wrong_typed_action_fields_are_refused_or_safe(
    kind: type, values: list[Any], which: int
) -> None:
    """An action built from odd field values is refused with InvalidActionError, or it is a
    valid action: then apply refuses it (IllegalActionError) or the result round-trips."""
    state = POSITIONS[which]
    try:
        action = kind(*values)
    except InvalidActionError:
        return
    except TypeError:  # wrong number of arguments: Python's own call check, not ours
        return
    text = str(action)  # a constructed action always has its notation
    assert str(tk.action_from_text(text)) == text if hasattr(tk, "action_from_text") else True
    try:
        after = state.apply(action)
    except BambooLabError:
        return
    _check_accepted(after)


@FUZZ
@given(data=st.data(), which=st.integers(0, len(POSITIONS) - 1))
def test_near_miss_action_texts_are_refused_or_legal(data: st.DataObject, which: int) -> None:
    """A text one slip away from a legal one is refused with a BambooLabError (malformed or
    illegal), or it is exactly a legal action's notation."""
    state = POSITIONS[which]
    legal = state.legal_actions()
    if not legal:
        return
    text = data.draw(_near_misses(str(data.draw(st.sampled_from(legal)))))
    try:
        action = tk.parse_action(text, state)
    except BambooLabError:
        return
    assert action in legal
    _check_accepted(state.apply(action))


@FUZZ
@given(
    which=st.integers(0, len(POSITIONS) - 1),
    pick=st.integers(0, 10**6),
    how=st.sampled_from(
        ["drop", "retype", "plus", "minus", "huge", "duplicate", "swap", "unknown"]
    ),
    odd=ODD_VALUES,
)
def test_mutated_dicts_are_refused_or_round_trip(which: int, pick: int, how: str, odd: Any) -> None:
    """A to_dict with one mutation is refused with InvalidStateError, or loads as a state that
    round-trips and plays on."""
    data = POSITIONS[which].to_dict()
    paths = [p for p in _paths(data) if p]
    _mutate(data, paths[pick % len(paths)], how, odd)
    try:
        state = tk.State.from_dict(data)
    except InvalidStateError:
        return
    _check_accepted(state)


def test_tuple_hexes_are_coerced_and_print() -> None:
    """tk.MoveGardener((0, 1)) and tk.PlaceChannel(((1, 0), (1, -1))) become proper actions."""
    assert str(tk.MoveGardener((0, 1))) == "gardener 0,1"
    assert tk.MoveGardener((0, 1)).plot == Hex(0, 1)
    assert str(tk.PlaceChannel(((1, 0), (1, -1)))) == "channel 1,0/1,-1"


@pytest.mark.parametrize(
    "make",
    [
        lambda: tk.PlaceChannel((1, 2)),
        lambda: tk.KeepPlot(1.0),
        lambda: tk.KeepPlot(True),
        lambda: tk.ReturnPlots((True, 2)),
        lambda: tk.Grow((0, 1.0)),
        lambda: tk.MovePanda(None),
        lambda: tk.Claim(["P01"]),
        lambda: tk.MoveGardener((10**50, 0)),
        lambda: tk.ChooseWeather("?"),
    ],
)
def test_wrong_typed_actions_are_refused_naming_the_field(make: Any) -> None:
    """A field of the wrong type is refused when the action is built, naming the field."""
    with pytest.raises(InvalidActionError, match=r"\w+\.\w+"):
        make()


def test_from_dict_refuses_two_starting_objectives_of_a_kind() -> None:
    """TK-SET-4: a player who has drawn nothing holds one card of each kind."""
    data = tk.new_game(2, 0).to_dict()
    hand = data["players"][1]["hand"]
    data["decks"]["gardener"].append(hand[1])
    hand[1] = data["decks"]["plot"].pop(0)
    with pytest.raises(InvalidStateError, match="TK-SET-4"):
        tk.State.from_dict(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(surprise=1), "unknown key"),
        (lambda d: d["players"][0].update(bonus=1), "unknown key"),
        (lambda d: d["reserve"].update(extra=1), "unknown key"),
        (lambda d: d.update(rng=2**64), "rng"),
        (lambda d: d.update(turn=10**40), "turn"),
    ],
)
def test_from_dict_refuses_unknown_keys_and_huge_values(change: Any, words: str) -> None:
    """Unknown keys and a generator state beyond 64 bits are refused."""
    data = tk.new_game(2, 0).to_dict()
    change(data)
    with pytest.raises(InvalidStateError, match=words):
        tk.State.from_dict(data)


def test_option_validation_does_not_depend_on_history() -> None:
    """A bool given for an int option is refused even after an equal int option was loaded
    (no memo keyed by values equal across types: True == 1)."""
    data = tk.new_game(2, 0, {"first_player": 1}).to_dict()
    tk.State.from_dict(data)
    data["options"]["first_player"] = True
    with pytest.raises(InvalidStateError):
        tk.State.from_dict(data)
    data["options"] = {"weather_optional": 0}
    with pytest.raises(InvalidStateError):
        tk.State.from_dict(data)


@pytest.mark.parametrize(("players", "seed"), [(2.0, 0), (True, 0), (2, 2**64), (2, -1), (0, 0)])
def test_new_game_refuses_bad_arguments(players: Any, seed: Any) -> None:
    """new_game refuses floats, bools, seeds outside 64 bits and impossible player counts."""
    with pytest.raises(InvalidStateError):
        tk.new_game(players, seed)


def test_apply_refuses_objects_that_are_not_takenoko_actions() -> None:
    """apply of None, a string or a foreign object is an InvalidActionError."""
    s = tk.new_game(2, 0)
    for thing in (None, "action plot", object(), ("action", "plot")):
        with pytest.raises(InvalidActionError):
            s.apply(thing)  # type: ignore[arg-type]


@FUZZ
@given(
    name=st.sampled_from(BUILDER_ARGS),
    value=st.one_of(
        ODD_VALUES,
        st.dictionaries(st.integers(-1, 4), ODD_VALUES, max_size=2),
        st.lists(
            st.tuples(
                st.integers(-2, 2),
                st.integers(-2, 2),
                st.sampled_from(["G", "GF", "Y", "P", "PW", "X"]),
                st.integers(-1, 5),
            ),
            max_size=4,
        ),
    ),
)
def test_position_builder_refuses_odd_arguments_or_builds_a_sound_state(
    name: str, value: Any
) -> None:
    """position(...) with one odd argument is refused with a BambooLabError, or builds a state
    that round-trips and plays on."""
    try:
        state = tk.position(**{name: value})
    except BambooLabError:
        return
    _check_accepted(state)


def test_action_text_with_a_5000_digit_coordinate_is_malformed() -> None:
    """Found by the registry fuzz suite: the hex parser crashed with a bare ValueError."""
    text = "gardener 1" + "9" * 5000 + ",0"
    with pytest.raises(InvalidActionError):
        tk.parse_action(text, tk.new_game(2, 0))
