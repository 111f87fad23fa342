"""Bangkok contract, fuzz: random near-miss action texts and mutated state dicts never crash
the engine."""

from __future__ import annotations

import contextlib
import json
import random

from bangkok_helpers import FUZZ, ODD_VALUES, check_accepted, mutate, near_misses, states, try_apply
from hypothesis import given
from hypothesis import strategies as st

from bamboo_lab.core.errors import BambooLabError, InvalidActionError
from bamboo_lab.games import bangkok as bk


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
