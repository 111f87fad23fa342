"""Tests of docs/rules/takenoko.md that no one section holds: the contract under bad input.

Malformed, illegal, forged and late actions, corrupt dicts and inconsistent turn data are
refused with a clear error and change nothing (a sub-topic split from
test_takenoko_contract.py).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from takenoko_helpers import act, dealt

from bamboo_lab.core.errors import (
    BambooLabError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
)
from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import play
from bamboo_lab.games import takenoko as tk


def _good() -> dict[str, Any]:
    return tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1)), hands={0: dealt("A01")}).to_dict()


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.update({key: value})


def _draw_three(d: dict[str, Any]) -> None:
    d["drawn"], d["plot_deck"] = d["plot_deck"][:3], d["plot_deck"][3:]


CORRUPT_TURNS: dict[str, Callable[[dict[str, Any]], None]] = {
    "keep_plot with nothing drawn": _set("phase", "keep_plot"),
    "place_plot with nothing kept": lambda d: d.update(phase="place_plot", used=["plot"]),
    "return_plots with nothing drawn": lambda d: d.update(phase="return_plots", used=["plot"]),
    "plots drawn outside the plot action": _draw_three,
    "gardener phase without the gardener action": _set("phase", "gardener"),
    "three actions without the sun": _set("used", ["plot", "panda", "gardener"]),
    "the same action twice without the wind": _set("used", ["panda", "panda"]),
    "three actions allowed without the sun": _set("allowed", 3),
    "rain phase without rain": _set("phase", "rain"),
    "weather during the roll": lambda d: d.update(phase="roll", weather="sun", allowed=3),
    "Emperor with one objective": _set("emperor", 0),
    "final turns without the Emperor": _set("final_turns_left", 1),
    "nine objectives without the Emperor": lambda d: d["players"][0].update(
        completed=[f"A{i:02d}" for i in range(2, 11)]
    ),
    "first player not a seat": _set("options", {"first_player": 3}),
    "player out of turn": _set("player", 1),
}


def _forged(action: object, field: str, value: object) -> object:
    object.__setattr__(action, field, value)
    return action


def test_illegal_and_malformed_actions_leave_the_state_unchanged() -> None:
    """Bad input raises the right error and changes nothing (docs/design.md, section 5)."""
    s = tk.new_game(2, 0)
    before = s.to_dict()
    with pytest.raises(IllegalActionError):
        s.apply(tk.ChooseAction("gardener"))  # no plot for the gardener yet
    with pytest.raises(IllegalActionError):
        tk.parse_action("action panda", s)
    with pytest.raises(IllegalActionError):
        tk.parse_action("roll sun", s)
    for text in (
        "",
        "fly away",
        "plot 1",
        "plot a,b",
        "roll thunder",
        "claim X99",
        "keep 4",
        "channel 1,0/3,0",
        "improve gold 1,0",
        "end now",
        "return 1,1",
    ):
        with pytest.raises(InvalidActionError):
            tk.parse_action(text, s)
    with pytest.raises(InvalidActionError):
        s.apply("action plot")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        tk.parse_action(42, s)  # type: ignore[arg-type]
    assert s.to_dict() == before
    with pytest.raises(AttributeError):
        s.phase = "over"  # type: ignore[misc]


def test_actions_on_a_finished_game_are_illegal() -> None:
    """Any action on a finished game raises IllegalActionError."""
    over = tk.position(phase="over", completed={0: ("A01",)})
    assert over.is_over() and over.legal_actions() == ()
    with pytest.raises(IllegalActionError):
        over.apply(tk.EndTurn())


def test_corrupt_dicts_are_refused() -> None:
    """from_dict refuses inconsistent data with InvalidStateError."""
    good = tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1))).to_dict()

    def broken(change: object) -> dict[str, object]:
        data = json.loads(json.dumps(good))
        change(data)  # type: ignore[operator]
        return data

    cases = [
        lambda d: d.update(game="bamboo"),
        lambda d: d.update(num_players=5),
        lambda d: d.update(phase="nap"),
        lambda d: d["plots"].append([4, 4, "G", 0, None]),  # plot out of thin air
        lambda d: d["plots"].__setitem__(0, [1, 0, "G", 7, None]),  # too tall
        lambda d: d["plots"].__setitem__(0, [3, 0, "G", 1, None]),  # unreachable place
        lambda d: d["channels"].append([1, 1, 0]),  # channel next to nothing
        lambda d: d["decks"]["plot"].append("P01"),  # card twice
        lambda d: d["reserve"].update(channels=3),
        lambda d: d["players"][0].update(eaten=[1, 0]),
        lambda d: d.update(history=["fly"]),
        lambda d: d.update(options={"bamboo_supply": "none"}),
        lambda d: d.pop("rng"),
        lambda d: d.update(gardener=[5, 5]),
        lambda d: d["plots"][0].__setitem__(0, True),  # a bool is not a coordinate
    ]
    for case in cases:
        with pytest.raises(InvalidStateError):
            tk.State.from_dict(broken(case))
    with pytest.raises(InvalidStateError):
        tk.State.from_dict("nonsense")  # type: ignore[arg-type]
    assert tk.State.from_dict(good).to_dict() == good


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


def test_a_position_too_late_for_its_game_to_stay_loadable_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="too late for a position"):
        tk.position(turn=10**6, phase="actions")
    late = tk.position(turn=900_000, phase="actions")
    assert tk.State.from_dict(late.to_dict()) == late


@pytest.mark.parametrize("state", [None, 7, "pass", object()])
def test_parse_action_refuses_what_is_not_a_takenoko_state(state: object) -> None:
    with pytest.raises(InvalidStateError, match="needs a Takenoko state"):
        tk.parse_action("end", state)  # type: ignore[arg-type]


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


@pytest.mark.parametrize("name", sorted(CORRUPT_TURNS))
def test_from_dict_refuses_inconsistent_turn_data(name: str) -> None:
    """Contract (design 5): from_dict raises InvalidStateError with a clear message on
    inconsistent data; here the phase, weather, actions used, drawn plots and the Emperor."""
    good = _good()
    data = json.loads(json.dumps(good))
    if name == "nine objectives without the Emperor":
        moved = {f"A{i:02d}" for i in range(2, 11)}
        for group in (*data["decks"].values(), *(p["hand"] for p in data["players"])):
            group[:] = [c for c in group if c not in moved]  # keep every card exactly once
    CORRUPT_TURNS[name](data)
    with pytest.raises(InvalidStateError, match="invalid Takenoko state") as err:
        tk.State.from_dict(data)
    assert "exactly once" not in str(err.value) and "sections instead" not in str(err.value)
    assert tk.State.from_dict(good).to_dict() == good


def test_from_dict_accepts_every_phase_reached_in_play() -> None:
    """The consistency checks accept real positions of every phase (roundtrip through dicts)."""
    s = tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1)), phase="roll")
    seen = set()
    for face in ("sun", "rain", "storm", "clouds", "?"):
        after = s.apply(tk.Roll(face))
        seen.add(after.phase)
        assert tk.State.from_dict(after.to_dict()) == after
    for steps in (
        ("action plot",),
        ("action plot", "keep 1"),
        ("action plot", "keep 1", "plot 0,-1"),
    ):
        after = act(tk.position(), *steps)
        seen.add(after.phase)
        assert tk.State.from_dict(after.to_dict()) == after
    assert seen >= {"actions", "rain", "storm", "clouds", "choose_weather", "keep_plot"}
    assert {"place_plot", "return_plots"} <= seen
