"""Bangkok fuzz (issue 9): wrongly typed action fields, near-miss action texts and mutated
``to_dict`` outputs. Every outcome is a BambooLabError, or an accepted value whose state
round-trips through JSON and plays on keeping every invariant. Bounded (200 examples each)."""

from __future__ import annotations

import contextlib
import functools
import json
import random
from typing import Any

from harness import play_on
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bamboo_lab.core.errors import BambooLabError, InvalidActionError
from bamboo_lab.games import bangkok as bk

FUZZ = settings(
    max_examples=200,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

ODD_VALUES = st.sampled_from(
    [
        None, True, False, 1.0, 0.5, -1, 0, 1, 3, 9, 10, 59, 60, 2**64, 10**50, -(10**50), "",
        "1", "R1", "X9", "row1", "col4", "P", "*Z", "ZP", "PPPP", "p", (), (1,), (3, 1), (1, 1),
        (1, 2, 3, 4), [1, 3], ("1",), (True,), (1.0,), {"a": 1}, b"R1", object(),
    ]
)  # fmt: skip


@functools.cache
def states() -> tuple[bk.State, ...]:
    """Real positions: every 7th state of seeded random games of 1 to 4 players, one built."""
    out = [bk.position(port=["Z", "F", "P", "BF", "BB", "C2:B/B", "FF", "C1:B/F", "B"])]
    for n in (1, 2, 3, 4):
        rng = random.Random(n)
        state = bk.new_game(n, n)
        ply = 0
        while not state.is_over():
            if ply % 7 == 0:
                out.append(state)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
            ply += 1
        out.append(state)
    return tuple(out)


def check_accepted(state: bk.State) -> None:
    """An accepted state round-trips through JSON, prints, and plays on under every check."""
    text = json.dumps(state.to_dict(), sort_keys=True)
    again = bk.State.from_dict(json.loads(text))
    assert again == state and json.dumps(again.to_dict(), sort_keys=True) == text
    assert isinstance(str(state), str)
    play_on(bk, state, random.Random(0), check=True, max_plies=3)


def try_apply(state: bk.State, action: Any) -> None:
    """Apply: refused with a BambooLabError (state unchanged), or accepted and sound."""
    before = json.dumps(state.to_dict(), sort_keys=True)
    try:
        after = state.apply(action)
    except BambooLabError:
        assert json.dumps(state.to_dict(), sort_keys=True) == before
        return
    check_accepted(after)


@FUZZ
@given(
    st.integers(0, 10**6),
    st.sampled_from([bk.PlaceAtPort, bk.Collect, bk.LayInMarket, bk.Renew]),
    st.data(),
)
def test_wrongly_typed_action_fields(index: int, kind: type, data: st.DataObject) -> None:
    """Actions built with wrong or near-right field values (``True`` for 1, 1.0, None, huge
    ints, strings, lists) are refused at construction with InvalidActionError, or applied
    soundly; a legal action's fields swapped for odd values included."""
    state = states()[index % len(states())]
    legal = [a for a in state.legal_actions() if isinstance(a, kind)]
    arity = {bk.PlaceAtPort: 3, bk.Collect: 1, bk.LayInMarket: 3, bk.Renew: 1}[kind]
    if legal and data.draw(st.booleans()):
        fields = list(vars(data.draw(st.sampled_from(legal))).values())
        fields[data.draw(st.integers(0, arity - 1))] = data.draw(ODD_VALUES)
    else:
        fields = [data.draw(ODD_VALUES) for _ in range(arity)]
    try:
        action = kind(*fields)
    except InvalidActionError:
        return
    assert str(action) and eval(repr(action), vars(bk)) == action
    try_apply(state, action)
    with contextlib.suppress(BambooLabError):
        bk.explain(state, action)


def near_misses(text: str, rng: random.Random) -> str:
    """The text with one small edit: a character dropped, doubled, replaced or recased."""
    i = rng.randrange(len(text))
    edits = [
        text[:i] + text[i + 1 :],
        text[:i] + text[i] + text[i:],
        text[:i] + rng.choice("0123456789#@:+*PZBFLRTBrowcl x") + text[i + 1 :],
        text.upper(),
        text + "+1",
        text.replace("#", "#0"),
    ]
    return rng.choice(edits)


@FUZZ
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_near_miss_action_texts(index: int, seed: int) -> None:
    """parse_action of an edited legal (or other state's) text: a BambooLabError, or the legal
    action of that text; explain agrees with it."""
    pool = states()
    state = pool[index % len(pool)]
    rng = random.Random(seed)
    donor = pool[seed % len(pool)].legal_actions() or state.legal_actions() or (bk.Pass(),)
    text = near_misses(str(rng.choice(donor)), rng)
    try:
        action = bk.parse_action(text, state)
    except BambooLabError as exc:
        try:
            why = bk.explain(state, text)
        except InvalidActionError:
            assert isinstance(exc, InvalidActionError)
            return
        assert not why and why.rule and f"({why.rule})" in str(exc)
        return
    assert str(action) == text and action in state.legal_actions()
    assert bk.explain(state, text)
    try_apply(state, action)


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One mutation of a state dict: drop, retype, +-1, swap, duplicate, unknown key, huge."""
    paths: list[tuple[Any, ...]] = []

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        """Collect every path into the nested dict/list."""
        paths.append(path)
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, (*path, k))
        elif isinstance(value, list):
            for k, v in enumerate(value):
                walk(v, (*path, k))

    walk(data, ())
    path = rng.choice(paths[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    kind = rng.choice(["drop", "retype", "plus", "minus", "swap", "dup", "unknown", "huge"])
    if kind == "drop":
        del parent[key]
    elif kind == "retype":
        parent[key] = rng.choice([None, True, 1.0, "1", [], {}, [value], str(value)])
    elif kind in ("plus", "minus") and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + (1 if kind == "plus" else -1)
    elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif kind == "dup" and isinstance(parent, list):
        parent.insert(key, value)
    elif kind == "unknown":
        data[rng.choice(["extra", "Turn", "_legal"])] = value
    else:
        parent[key] = rng.choice([2**64, 10**60, -(2**70)])
    return data


@FUZZ
@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(1, 3))
def test_mutated_state_dicts(index: int, seed: int, times: int) -> None:
    """from_dict of a mutated real to_dict: InvalidStateError (a BambooLabError), or a state
    that round-trips and plays on."""
    state = states()[index % len(states())]
    data = json.loads(json.dumps(state.to_dict()))
    rng = random.Random(seed)
    for _ in range(times):
        data = mutate(data, rng)
    try:
        loaded = bk.State.from_dict(data)
    except BambooLabError:
        return
    check_accepted(loaded)
