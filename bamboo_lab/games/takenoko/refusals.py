"""Takenoko refusals: the rule an illegal action breaks, as (rule ID, one sentence).

:func:`refusal` answers for any well-formed action that is not among the legal actions;
:data:`RULEBOOK` (``core.refusals``) turns it into ``State.apply``'s IllegalActionError,
``explain`` and ``parse_action``. Rule IDs are those of ``docs/rules/takenoko.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bamboo_lab.core.checks import own_action
from bamboo_lab.core.refusals import Refusal, Rulebook

from .actions import (
    ACTION_TYPES,
    Action,
    ChooseAction,
    ChooseWeather,
    Claim,
    DrawObjective,
    EndTurn,
    Grow,
    KeepPlot,
    MoveGardener,
    MovePanda,
    Pass,
    PlaceChannel,
    PlaceImprovement,
    PlacePlot,
    ReturnPlots,
    Roll,
    TakeImprovement,
    action_from_text,
)
from .components import (
    CARDS,
    HAND_LIMIT,
    IMPROVEMENT_INDEX,
    IMPROVEMENT_LETTERS,
    MAX_HEIGHT,
)
from .geometry import EDGE_ENDS, POND, hex_text
from .info import GAME_INFO
from .legal import improvement_spots, is_objective_met

if TYPE_CHECKING:
    from bamboo_lab.core.hexgrid import Hex

    from .state import State

__all__ = ["PENDING", "RULEBOOK", "refusal"]

PENDING: dict[str, Refusal] = {
    "roll": ("TK-TURN-1", "the weather die is rolled first, at the start of the turn"),
    "choose_weather": ("TK-W-6", "the player first chooses the weather face"),
    "rain": ("TK-W-2", "the rain is resolved first: grow an irrigated plot, or pass"),
    "storm": ("TK-W-4", "the storm is resolved first: send the panda to a plot, or pass"),
    "clouds": ("TK-W-5", "the clouds are resolved first: take a chip, or pass"),
    "keep_plot": ("TK-PLOT-1", "the player first keeps one of the plots drawn"),
    "place_plot": ("TK-PLOT-2", "the player first places the plot kept"),
    "return_plots": ("TK-PLOT-1", "the player first returns the other plots to the pile"),
    "gardener": ("TK-GAR-1", "the gardener action is resolved first: move the gardener"),
    "panda": ("TK-PAN-1", "the panda action is resolved first: move the panda"),
    "objective": ("TK-OBJ-1", "the objective action is resolved first: draw a card"),
    "actions": ("TK-TURN-3", "the player first chooses one of the five actions"),
}
"""For each phase, the rule and sentence refusing an action that belongs to another decision."""

_FREE = (Claim, PlaceChannel, PlaceImprovement)
_WEATHER_PHASES = ("rain", "storm", "clouds", "choose_weather")


def refusal(state: State, action: Action) -> Refusal | None:
    """The rule ``action`` breaks in ``state`` as (rule ID, one sentence), or None when legal."""
    str(action)  # a forged field that cannot be written fails here, inside the Rulebook's guard
    phase = state.phase
    if phase == "over":
        return "TK-END-3", "the game is over"
    if own_action(state.legal_actions(), action) is not None:
        return None
    if isinstance(action, _FREE) and phase in ("actions", *_WEATHER_PHASES):
        return _free(state, action)
    if isinstance(action, Roll):
        return (
            "TK-TURN-1",
            "the weather die is rolled only at the start of a turn, from a player's second turn on",
        )
    if phase == "roll":
        return PENDING[phase]
    if isinstance(action, ChooseAction) and phase == "actions":
        return _choose(state, action.kind)
    if isinstance(action, EndTurn) and phase == "actions":
        needed = 3 if state.weather == "sun" and not state.options.weather_optional else 2
        return "TK-TURN-3", f"the player takes {needed} actions before ending the turn"
    wrong = _in_phase(state, action)
    if wrong is not None:
        return wrong
    return PENDING[phase]


def _choose(state: State, kind: str) -> Refusal:
    used, allowed = state.used, state.allowed
    if len(used) >= allowed:
        rule = "TK-W-1" if allowed == 3 else "TK-TURN-3"
        return rule, f"the player has already chosen their {allowed} actions this turn"
    if kind in used:
        return (
            "TK-TURN-3",
            f"the actions of a turn are of different kinds, and the {kind} action is taken"
            " (only the wind allows the same twice, TK-W-3)",
        )
    if kind == "plot":
        return "TK-PLOT-3", "the plot pile is empty"
    if kind == "irrigation":
        return "TK-IRR-7", "no irrigation channel is left in the reserve"
    if kind in ("gardener", "panda"):
        rule = "TK-GAR-1" if kind == "gardener" else "TK-PAN-1"
        return rule, f"the {kind} has no straight line over plots to move along"
    if len(state.hands[state.player]) >= HAND_LIMIT:
        return "TK-OBJ-2", "a hand holds at most 5 objectives"
    return "TK-OBJ-1", "no objective deck can be drawn from"


def _in_phase(state: State, action: Action) -> Refusal | None:
    """The reason for an action of the pending decision's own kind, else None."""
    phase = state.phase
    if isinstance(action, KeepPlot) and phase == "keep_plot":
        return "TK-PLOT-3", f"only {len(state.drawn)} plots were drawn"
    if isinstance(action, PlacePlot) and phase == "place_plot":
        return _place_plot(state, action)
    if isinstance(action, ReturnPlots) and phase == "return_plots":
        return "TK-PLOT-1", "the two plots not kept go back in an order of both of them"
    if isinstance(action, MoveGardener) and phase == "gardener":
        return _move(state, action.plot, "gardener", "TK-GAR-1")
    if isinstance(action, MovePanda) and phase == "panda":
        return _move(state, action.plot, "panda", "TK-PAN-1")
    if isinstance(action, MovePanda) and phase == "storm":
        return _storm(state, action.plot)
    if isinstance(action, DrawObjective) and phase == "objective":
        return _draw(state, action.deck)
    if isinstance(action, Grow) and phase == "rain":
        return _grow(state, action.plot)
    if isinstance(action, TakeImprovement) and phase == "clouds":
        return "TK-W-5", f"no {action.improvement} chip is left in the reserve"
    if isinstance(action, ChooseWeather) and phase == "choose_weather":
        return "TK-W-5", "with no chip left the clouds are replaced by sun, rain, wind or storm"
    if isinstance(action, Pass) and phase in _WEATHER_PHASES:
        return _decline_weather(phase)
    return None


def _storm(state: State, place: Hex) -> Refusal:
    """Why the storm cannot send the panda to ``place`` (TK-W-4)."""
    if place == state.panda:
        return "TK-W-4", "the storm sends the panda to another plot"
    return "TK-W-4", "the storm sends the panda to a plot of the garden"


def _draw(state: State, deck: str) -> Refusal:
    """Why no objective can be drawn from ``deck`` (TK-OBJ-1)."""
    if state.options.objective_deck_empty == "action_unavailable" and not all(state.decks):
        return (
            "TK-OBJ-1",
            "a deck is empty, so no objective can be drawn (option objective_deck_empty)",
        )
    return "TK-OBJ-1", f"the {deck} objective deck is empty"


def _grow(state: State, place: Hex) -> Refusal:
    """Why the rain cannot grow the bamboo on ``place`` (TK-W-2, TK-BAM-1, TK-BAM-2)."""
    if place not in state.tiles:
        return "TK-W-2", f"the rain grows a bamboo on a plot, and {hex_text(place)} holds none"
    if place not in state.irrigated:
        return "TK-W-2", f"the rain grows only an irrigated plot, and {hex_text(place)} is dry"
    if state.bamboo[place] >= MAX_HEIGHT:
        return "TK-BAM-1", f"a bamboo has at most {MAX_HEIGHT} sections"
    return "TK-BAM-2", "no section of that colour is left (limited bamboo supply)"


def _decline_weather(phase: str) -> Refusal:
    """Why the weather of ``phase`` cannot be passed (the rule of the pending weather)."""
    rule = PENDING[phase][0]
    if phase == "choose_weather":
        return rule, "a weather face must be chosen"
    return rule, "the weather effect cannot be declined (option weather_optional is off)"


def _place_plot(state: State, action: PlacePlot) -> Refusal:
    place = action.plot
    if place not in state.plot_spots:
        return "TK-PLOT-2", (
            "a plot goes next to the pond or next to two placed plots, and"
            f" {hex_text(place)} is neither (or is taken)"
        )
    kept = state.kept or ""
    chip = action.improvement
    if chip is not None and not state.options.improvement_on_placement:
        return (
            "TK-IMP-2",
            "a chip is placed on a plot already in the garden"
            " (option improvement_on_placement is off)",
        )
    if chip is not None and len(kept) > 1:
        return "TK-IMP-1", "a plot holds at most one improvement, and this one has one printed"
    return "TK-IMP-2", f"the player has no stored {chip} chip"


def _move(state: State, place: object, figure: str, rule: str) -> Refusal:
    start = state.gardener if figure == "gardener" else state.panda
    if place == start:
        return rule, f"the {figure} moves at least one plot; it cannot stay put"
    if place == POND and not state.options.figures_may_stop_on_pond:
        return rule, f"the {figure} may not stop on the pond (option figures_may_stop_on_pond)"
    return rule, f"the {figure} moves in a straight line over plots, without gaps"


def _free(state: State, action: Claim | PlaceChannel | PlaceImprovement) -> Refusal:
    seat = state.player
    if isinstance(action, Claim):
        card = action.card
        if card not in state.hands[seat]:
            return (
                "TK-CMP-1",
                f"a player completes objectives from their own hand, and {card} is not in it",
            )
        info = CARDS[card]
        if info.deck == "plot":
            return (
                "TK-CMP-3",
                f"the garden does not show the shape of {card} with every plot irrigated",
            )
        if info.deck == "gardener":
            rule = "TK-CMP-4" if info.shoots == 1 else "TK-CMP-5"
            return rule, f"the garden does not show the bamboo {card} asks for ({info.describe()})"
        assert not is_objective_met(state, seat, card)
        return "TK-CMP-6", f"the player's board does not hold the sections {card} asks for"
    if isinstance(action, PlaceChannel):
        edge = action.edge
        if not state.stored_channels[seat]:
            return "TK-IRR-2", "the player has no stored channel"
        if edge in state.channels:
            return "TK-IRR-3", "that edge already holds a channel"
        ends = EDGE_ENDS.get(edge)
        if ends is None or POND in ends or any(end not in state.tiles for end in ends):
            return (
                "TK-IRR-3",
                "a channel lies between two placed plots, never on an edge of the pond",
            )
        return "TK-IRR-4", "a channel touches a corner of the pond or the end of another channel"
    letter = IMPROVEMENT_LETTERS[action.improvement]
    if not state.stored_improvements[seat][IMPROVEMENT_INDEX[letter]]:
        return "TK-IMP-2", f"the player has no stored {action.improvement} chip"
    place = action.plot
    if place not in state.tiles:
        return "TK-IMP-2", f"an improvement goes on a placed plot, and {hex_text(place)} is none"
    if place in state.improvements:
        return "TK-IMP-1", "a plot holds at most one improvement, never replaced"
    assert place not in improvement_spots(state)
    return "TK-IMP-2", "an improvement goes only on a plot without bamboo"


RULEBOOK: Rulebook[State] = Rulebook(
    GAME_INFO.title, GAME_INFO.name, ACTION_TYPES, action_from_text, refusal
)
"""Takenoko's refusals through the shared pipeline: ``check``, ``explain``, ``parse_action``."""
