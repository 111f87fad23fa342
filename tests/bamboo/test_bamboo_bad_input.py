"""Issue 22 for Bamboo: no dead ends in play or in positions, from_dict holes, wrong state types
and forged actions are refused with a clear error, and nothing changes."""

from __future__ import annotations

import contextlib
import dataclasses
import random

import pytest

from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.games import bamboo as bb


def test_BB_SUM_1_a_player_with_no_temple_to_visit_passes_instead_of_a_dead_end() -> None:
    """No dead ends: Rb alone in the red temple once visited left seat 1 stuck in Summer."""
    start = bb.position(player=0, boards={1: {"temples": [["Rb"], [], [], []]}})
    for seed in range(30):
        rng = random.Random(seed)
        state = start
        while not state.is_over():
            legal = state.legal_actions()
            assert legal, (seed, state.phase, state.player)
            state = state.apply(legal[rng.randrange(len(legal))])


def test_BB_SUM_1_the_forced_pass_is_only_offered_when_no_temple_may_be_visited() -> None:
    state = bb.position(player=0)
    assert state.phase == "visit" and bb.Pass() not in state.legal_actions()


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


def _copy_with(action: object, value: object | None = None) -> object:
    """``action`` rebuilt past its frozen constructor (every field ``value`` when given)."""
    forged = type(action).__new__(type(action))
    for field in dataclasses.fields(action):  # type: ignore[arg-type]
        kept = getattr(action, field.name)
        object.__setattr__(forged, field.name, kept if value is None else value)
    return forged


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
