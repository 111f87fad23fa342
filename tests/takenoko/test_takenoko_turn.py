"""Tests of docs/rules/takenoko.md, section "A turn"."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from takenoko_helpers import (
    KEPT_VARIANTS,
    PANDA_RING,
    RING,
    act,
    dealt,
    kept_states,
    legal_texts,
    played,
)

from bamboo_lab.core.errors import IllegalActionError, InvalidStateError
from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import record_of, replay, start_here
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko import legal
from bamboo_lab.games.takenoko.actions import PlaceImprovement, PlacePlot
from bamboo_lab.games.takenoko.components import IMPROVEMENT_NAMES, IMPROVEMENTS


def test_TK_TURN_1_no_weather_in_first_round_then_rolled_first() -> None:
    """TK-TURN-1: "Nobody rolls the weather on their first turn; from a player's second turn on,
    the weather is rolled first." """
    s = tk.new_game(2, 3)
    for _ in range(2):
        assert s.phase == "actions" and s.current_player != CHANCE
        s = act(s, "action irrigation", "action objective", "draw plot", "end")
    assert s.current_player == CHANCE and s.phase == "roll"
    assert [str(a) for a, _ in s.chance_outcomes()] == [
        "roll sun",
        "roll rain",
        "roll wind",
        "roll storm",
        "roll clouds",
        "roll ?",
    ]
    assert sum(p for _, p in s.chance_outcomes()) == pytest.approx(1.0)
    early = tk.new_game(2, 3, {"first_round_weather": True})
    assert early.current_player == CHANCE


def test_TK_TURN_1_ja_worked_example_first_turn_plot_then_panda() -> None:
    """Worked example 1 (ja): no weather on the first turn; of three drawn plots a plain one is
    kept and placed beside the pond (irrigated, one section); the other two go to the bottom of
    the pile; then the panda steps onto it and eats that section. With an enclosure there, it
    would eat nothing, so the gardener is the other choice."""
    s = tk.position(turn=0, phase="keep_plot", used=("plot",), drawn=("Y", "GW", "PE"))
    assert s.current_player == 0
    s = act(s, "keep 1", "plot 1,0", "return 1,2")
    assert s.bamboo[Hex(1, 0)] == 1 and tk.is_irrigated(s, Hex(1, 0))
    assert s.plot_deck[-2:] == ("GW", "PE")
    s = act(s, "action panda", "panda 1,0")
    assert s.bamboo[Hex(1, 0)] == 0 and s.eaten[0] == (0, 1, 0)
    assert "end" in legal_texts(s)
    fenced = tk.position(turn=0, plots=((1, 0, "YE", 1),))
    fenced = act(fenced, "action panda", "panda 1,0")
    assert fenced.bamboo[Hex(1, 0)] == 1 and fenced.eaten[0] == (0, 0, 0)


def test_TK_TURN_1_a_history_with_an_end_deleted_is_refused() -> None:
    data = played(80).to_dict()
    history = data["history"]
    at = history.index("end")
    data["history"] = history[:at] + history[at + 1 :]
    with pytest.raises(InvalidStateError, match="TK-TURN-1"):
        tk.State.from_dict(data)


def test_TK_TURN_1_repr_and_picture_count_turns_alike() -> None:
    """repr and str both number the game's first turn 1; in a 2-player game the weather is
    first rolled on turn 3, the first player's second turn."""
    s = tk.new_game(2, 0)
    rng = random.Random(0)
    first_phase = {}
    while s.turn < 3:
        number = s.turn + 1
        assert f"turn {number} " in repr(s) and f"turn {number}," in str(s)
        first_phase.setdefault(number, s.phase)
        legal = s.legal_actions()
        end = [a for a in legal if type(a) is tk.EndTurn]
        s = s.apply(end[0] if end else legal[rng.randrange(len(legal))])
    assert first_phase == {1: "actions", 2: "actions", 3: "roll"}
    assert "turn 4 " in repr(s) and "turn 4," in str(s)


def test_TK_TURN_2_weather_resolved_before_actions() -> None:
    """TK-TURN-2: "The weather effect is resolved before the actions." """
    s = tk.position(plots=RING, phase="roll").apply(tk.Roll("rain"))
    assert s.phase == "rain"
    assert not any(t.startswith("action ") for t in legal_texts(s))
    s = act(s, "grow 1,0")
    assert s.phase == "actions" and "action plot" in legal_texts(s)


def test_TK_TURN_3_two_different_actions() -> None:
    """TK-TURN-3: "A player takes two actions of different kinds out of: plot, irrigation,
    gardener, panda, objective." """
    s = tk.position(plots=RING)
    assert legal_texts(s)[:5] == [f"action {k}" for k in tk.components.ACTION_KINDS]
    assert "end" not in legal_texts(s)
    s = act(s, "action irrigation")
    assert "action irrigation" not in legal_texts(s)
    assert "end" not in legal_texts(s)
    s = act(s, "action gardener", "gardener 1,0")
    assert not any(t.startswith("action ") for t in legal_texts(s))
    assert "end" in legal_texts(s)
    with pytest.raises(IllegalActionError):
        s.apply(tk.ChooseAction("panda"))


def test_TK_TURN_4_player_chooses_the_order() -> None:
    """TK-TURN-4: "The player chooses the order in which the chosen actions are resolved." """
    s = tk.position(plots=((1, 0, "G", 4), *RING[1:]))
    a = act(s, "action panda", "panda 1,0", "action gardener", "gardener 1,0")
    b = act(s, "action gardener", "gardener 1,0", "action panda", "panda 1,0")
    assert a.bamboo[tk.Hex(1, 0)] == 4  # eaten 4 -> 3, then grown back to 4
    assert b.bamboo[tk.Hex(1, 0)] == 3  # already 4 (no growth), then eaten to 3
    assert a.used == ("panda", "gardener") and b.used == ("gardener", "panda")


def test_TK_TURN_5_free_actions_only_in_own_turn() -> None:
    """TK-TURN-5: "Free during one's own turn and at any point of it: placing stored channels,
    placing stored improvements, completing objectives. Never outside one's turn." """
    s = tk.position(
        plots=RING,
        stored_channels={0: 1, 1: 1},
        stored_improvements={0: (0, 1, 0), 1: (0, 1, 0)},
        eaten={0: (2, 0, 0), 1: (2, 0, 0)},
        hands={0: ("A01", "P14", "G08"), 1: ("A02", "P15", "G09")},  # with the setup cards
    )
    texts = legal_texts(s)
    assert "channel 1,0/1,-1" in texts and "improve enclosure 2,-1" in texts
    assert "claim A01" in texts and "claim A02" not in texts
    s = act(s, "channel 1,0/1,-1", "claim A01", "action irrigation", "action objective")
    assert s.used == ("irrigation", "objective")
    s = act(s, "draw plot", "end")
    # player 1's turn: player 0's stored chip is not offered, player 1's own things are
    s = s.apply(tk.Roll("wind"))
    assert s.current_player == 1
    texts = legal_texts(s)
    assert "claim A02" in texts and "claim A01" not in texts
    assert "improve enclosure 2,-1" in texts  # player 1's own chip
    assert s.stored_improvements[0] == (0, 1, 0)


def test_TK_TURN_5_claims_come_before_a_forced_weather_effect() -> None:
    """TK-TURN-5 / TK-TURN-2: completing objectives is free "at any point" of one's turn, so even
    when the weather must be used (``weather_optional=False``) the player may first claim a card
    the rain or the storm would spoil (two pink bamboos exactly 3 high; a green bamboo of 4)."""
    strict = {"weather_optional": False}
    s = tk.position(plots=PANDA_RING, hands={0: dealt("G15", "G04")}, phase="roll", options=strict)
    rain = s.apply(tk.Roll("rain"))
    assert "pass" not in [str(a) for a in rain.legal_actions()]
    assert tk.Claim("G15") in rain.legal_actions()
    claimed = act(rain, "claim G15", "grow 1,0")
    assert claimed.completed[0] == ("G15",) and claimed.bamboo[Hex(1, 0)] == 4
    storm = act(s.apply(tk.Roll("storm")), "claim G04", "panda -1,0")
    assert storm.bamboo[Hex(-1, 0)] == 3  # eaten after the claim
    assert storm.completed[0] == ("G04",)  # TK-CMP-2: kept although the bamboo is now 3


def test_ja_example_first_turn_plot_then_panda() -> None:
    """seed-JA worked example 1: no weather on the first turn; a plain plot chosen from three is
    placed next to the pond, irrigated with one section; the other two go to the bottom; the
    panda then steps from the pond onto it and eats that section onto the board."""
    seed = next(k for k in range(100) if any(len(t) == 1 for t in tk.new_game(2, k).plot_deck[:3]))
    s = tk.new_game(2, seed)
    assert s.phase == "actions"  # no weather roll
    s = act(s, "action plot")
    index = next(i for i, t in enumerate(s.drawn) if len(t) == 1) + 1
    others = tuple(t for i, t in enumerate(s.drawn) if i != index - 1)
    s = act(s, f"keep {index}", "plot 1,0", "return 1,2")
    assert tk.is_irrigated(s, Hex(1, 0)) and s.bamboo[Hex(1, 0)] == 1
    assert s.plot_deck[-2:] == others
    colour = s.colours[Hex(1, 0)]
    s = act(s, "action panda", "panda 1,0")
    assert s.bamboo[Hex(1, 0)] == 0
    assert s.eaten[0][("G", "Y", "P").index(colour)] == 1
    assert s.used == ("plot", "panda") and "end" in legal_texts(s)


def _actions_phase_from_scratch(state: tk.State) -> tuple[tk.Action, ...]:
    """The actions phase's legal actions from feasible_actions, free_actions and can_end_turn
    (TK-TURN-3 to TK-TURN-5)."""
    feasible = legal.feasible_actions(state)
    out: list[tk.Action] = [tk.ChooseAction(kind) for kind in feasible]
    legal.free_actions(state, out)
    if legal.can_end_turn(state, feasible):
        out.append(tk.EndTurn())
    return tuple(out)


def _place_plot_from_scratch(state: tk.State) -> tuple[tk.Action, ...]:
    """The place-plot phase's legal actions spot by spot (TK-PLOT-2, catalog 7.8)."""
    chips = state.stored_improvements[state.player]
    attach = state.options.improvement_on_placement and len(state.kept or "") == 1
    out: list[tk.Action] = []
    for place in sorted(state.plot_spots):
        out.append(PlacePlot(place))
        if attach:
            out += [
                PlacePlot(place, IMPROVEMENT_NAMES[letter])
                for letter, count in zip(IMPROVEMENTS, chips, strict=True)
                if count
            ]
    return tuple(out)


@pytest.mark.parametrize("variant", range(len(KEPT_VARIANTS)))
def test_TK_TURN_3_TK_TURN_5_legal_actions_from_kept_tuples_equal_ones_built_from_scratch(
    variant: int,
) -> None:
    """The actions phase's legal actions (the feasible actions as bits, the chip actions kept
    per spots and chips) and the place-plot phase's (kept per spots) equal the ones built from
    their rules at every such position of whole games."""
    checked = 0
    for state in kept_states(variant, 3):
        if state.phase == "actions":
            assert state.legal_actions() == _actions_phase_from_scratch(state)
            checked += any(type(action) is PlaceImprovement for action in state.legal_actions())
        elif state.phase == "place_plot":
            assert state.legal_actions() == _place_plot_from_scratch(state)
    assert checked


def test_TK_TURN_1_a_history_with_an_extra_end_is_refused() -> None:
    """TK-TURN-1: each ``end`` in a saved game's history ends one turn (the game's last may end
    the game), so an ``end`` added to the history is refused (issue 44)."""
    state = played(120)
    data = state.to_dict()
    data["history"].append("end")
    with pytest.raises(InvalidStateError, match="TK-TURN-1"):
        tk.State.from_dict(data)
    data["history"][-1:] = []
    data["history"].insert(0, "end")
    with pytest.raises(InvalidStateError, match="TK-TURN-1"):
        tk.State.from_dict(data)
    assert tk.State.from_dict(state.to_dict()) == state


def _saved_without_start(state: tk.State) -> dict[str, Any]:
    """``state`` saved as a position of its own: no history, no start."""
    data = {**state.to_dict(), "history": []}
    data.pop("start", None)
    return data


def _played_on(state: tk.State, plies: int, seed: int) -> tk.State:
    """``state`` after ``plies`` random decisions (the weather rolled at random)."""
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        if state.current_player == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(actions, weights)[0])
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return state


def test_TK_TURN_1_a_position_loaded_without_its_start_begins_the_history_played_on_from_it() -> (
    None
):
    """TK-TURN-1 (issue 44): a position saved without history or start is not a new game's, so
    the history played on from it begins at it, as after ``start_here``: every later state
    loads again (its ends count the turns since the position) and its record replays."""
    data = _saved_without_start(played(60))
    position = tk.State.from_dict(data)
    assert position.start is None and position.turn > 0
    later = _played_on(position, 30, seed=3)
    assert later.start == position.to_dict()
    assert tk.State.from_dict(json.loads(json.dumps(later.to_dict()))) == later
    assert _played_on(start_here(position), 30, seed=3) == later
    assert replay(record_of("takenoko", later, 0))[-1] == later


def test_TK_TURN_1_a_history_played_from_a_loaded_position_without_its_start_is_refused() -> None:
    """TK-TURN-1: the later state of a loaded position, its start cut off, claims a history from
    ``new_game`` whose ends do not count its turns: refused, the dict unchanged."""
    later = _played_on(tk.State.from_dict(_saved_without_start(played(60))), 30, seed=3)
    data = later.to_dict()
    del data["start"]
    before = json.dumps(data, sort_keys=True)
    with pytest.raises(InvalidStateError, match="TK-TURN-1"):
        tk.State.from_dict(data)
    assert json.dumps(data, sort_keys=True) == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_TK_TURN_1_TK_SET_4_a_new_game_saved_and_loaded_plays_on_from_new_game(
    players: int,
) -> None:
    """TK-SET-4, TK-TURN-1: a new game's position (its own view too) saved and loaded is
    dealt as ``new_game`` deals it, so the history played on from it still begins at
    ``new_game``: the same states as playing on from the new game itself."""
    fresh = tk.new_game(players, 11)
    for state in (fresh, fresh.view(0), fresh.view(None)):
        loaded = tk.State.from_dict(json.loads(json.dumps(state.to_dict())))
        assert _played_on(loaded, 12, seed=5) == _played_on(state, 12, seed=5)
        assert _played_on(loaded, 12, seed=5).start is None
    record = record_of("takenoko", _played_on(fresh, 12, seed=5), 11)
    assert record.start is None


def test_TK_TURN_1_a_position_within_the_first_turn_is_not_a_new_game() -> None:
    """TK-TURN-1: a position saved in the middle of the first turn (the plot action chosen) is
    not what ``new_game`` deals: the history played on from it begins at it."""
    first = act(tk.new_game(2, 4), "action plot")
    position = tk.State.from_dict(_saved_without_start(first))
    later = _played_on(position, 20, seed=2)
    assert later.start == position.to_dict()
    assert tk.State.from_dict(later.to_dict()) == later
    assert replay(record_of("takenoko", later, 0))[-1] == later
