"""Issue 22 for Takenoko: no dead positions, from_dict holes, wrong state types, late turns and
forged actions are refused with a clear error, and nothing changes."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from bamboo_lab.core.errors import BambooLabError, InvalidActionError, InvalidStateError
from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import play
from bamboo_lab.games import takenoko as tk


def _played(plies: int, seed: int = 1) -> tk.State:
    rng = random.Random(seed)
    state = tk.new_game(2, seed)
    for _ in range(plies):
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("figure", ["panda", "gardener"])
def test_a_figure_phase_with_its_action_used_and_no_move_is_a_dead_end_refused(
    figure: str,
) -> None:
    """No dead ends: a position that is not over must offer a legal action."""
    with pytest.raises(InvalidStateError, match="offers no legal action"):
        tk.position(phase=figure, used=[figure])


def test_from_dict_refuses_a_dead_end_as_the_builder_does() -> None:
    data = tk.position(phase="actions").to_dict()
    data.update(phase="panda", used=["panda"], allowed=2)
    with pytest.raises(InvalidStateError, match="invalid Takenoko state"):
        tk.State.from_dict(data)


def test_TK_TURN_1_a_history_with_an_end_deleted_is_refused() -> None:
    data = _played(80).to_dict()
    history = data["history"]
    at = history.index("end")
    data["history"] = history[:at] + history[at + 1 :]
    with pytest.raises(InvalidStateError, match="TK-TURN-1"):
        tk.State.from_dict(data)


def test_TK_SET_4_a_starting_objective_put_back_in_its_deck_is_refused() -> None:
    data = _played(3).to_dict()
    hand = data["players"][0]["hand"]
    gardener = next(card for card in hand if card.startswith("G"))
    data["players"][0]["hand"] = [card for card in hand if card != gardener]
    data["decks"]["gardener"] = [gardener, *data["decks"]["gardener"]]
    with pytest.raises(InvalidStateError, match="TK-SET-4"):
        tk.State.from_dict(data)


def test_TK_OBJ_1_an_objective_completed_at_the_start_cannot_go_back_in_a_deck() -> None:
    start = tk.position(completed={0: ("A01",)})
    later = start
    rng = random.Random(2)
    for _ in range(12):
        legal = later.legal_actions()
        later = later.apply(legal[rng.randrange(len(legal))])
    data = later.to_dict()
    data["players"][0]["completed"].remove("A01")
    data["decks"]["panda"].insert(0, "A01")
    with pytest.raises(InvalidStateError, match="TK-OBJ-1"):
        tk.State.from_dict(data)
    assert tk.State.from_dict(later.to_dict()) == later


def test_a_position_too_late_for_its_game_to_stay_loadable_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="too late for a position"):
        tk.position(turn=10**6, phase="actions")
    late = tk.position(turn=900_000, phase="actions")
    assert tk.State.from_dict(late.to_dict()) == late


@pytest.mark.parametrize("state", [None, 7, "pass", object()])
def test_parse_action_refuses_what_is_not_a_takenoko_state(state: object) -> None:
    with pytest.raises(InvalidStateError, match="needs a Takenoko state"):
        tk.parse_action("end", state)  # type: ignore[arg-type]


def _forged(action: object, field: str, value: object) -> object:
    object.__setattr__(action, field, value)
    return action


def test_a_forged_action_equal_to_a_legal_one_is_applied_as_the_engine_own() -> None:
    """Forged actions: the engine applies its own legal object, so the result saves."""
    state = tk.position(plots=((1, 0, "G", 1),), phase="gardener", used=["gardener"])
    legal = next(a for a in state.legal_actions() if isinstance(a, tk.MoveGardener))
    forged = _forged(tk.MoveGardener(legal.plot), "plot", Hex(float(legal.plot.q), legal.plot.r))
    assert forged == legal
    after = state.apply(forged)
    assert after.history[-1] is legal
    assert tk.State.from_dict(json.loads(json.dumps(after.to_dict()))) == after


@pytest.mark.parametrize("junk", [None, [1], "x" * 100, object()])
def test_a_forged_action_the_rules_cannot_read_is_refused_everywhere(junk: object) -> None:
    state = tk.position(plots=((1, 0, "G", 1),), phase="gardener", used=["gardener"])
    before = state.to_dict()
    forged = _forged(tk.ReturnPlots((1, 2)), "order", junk)
    for attempt in (lambda: state.apply(forged), lambda: play(state, forged)):
        with pytest.raises(BambooLabError):
            attempt()
    with contextlib.suppress(InvalidActionError):
        assert not tk.explain(state, forged)
    assert state.to_dict() == before
