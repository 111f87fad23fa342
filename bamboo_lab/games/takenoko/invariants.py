"""The invariants of a reachable Takenoko position, checked on the fields :mod:`.serial` loads:
the turn's decision agrees with the weather and the actions used, every component of the box is
somewhere, every player keeps the objectives dealt at setup, and the history is the game's own.
Every failure is an :class:`InvalidStateError` saying what disagrees.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bamboo_lab.core.checks import short_repr

from .actions import Claim, DrawObjective, EndTurn
from .components import (
    BAMBOO_SUPPLY,
    CHANNEL_SUPPLY,
    COLOUR_NAMES,
    COLOURS,
    DECK_KINDS,
    DECK_PREFIXES,
    END_TRIGGER,
    HAND_LIMIT,
    IMPROVEMENT_CHIPS,
    IMPROVEMENT_NAMES,
    IMPROVEMENTS,
)
from .garden import invalid_state

__all__ = ["check_counts", "check_hands", "check_history", "check_turn"]


def check_history(state: Mapping[str, Any]) -> None:
    """The history must be the game's own from its start (``new_game`` when ``start`` is None):
    each ``end`` ends one turn (TK-TURN-1), the last one maybe the game; each player's completed
    cards are those completed at the start, then those claimed in order (TK-CMP-1); each player
    holds, of each deck, the cards held at the start (one dealt at setup, TK-SET-4) plus those
    drawn from it since (TK-OBJ-1)."""
    start, history, num = state["start"], state["history"], state["num_players"]
    if start is None and not history:
        return  # a position of its own (takenoko.position, start_here)
    if start is None:  # new_game: turn 0, one card of each deck dealt to every player
        seat, turn = state["start_player"], 0
        completed: list[tuple[str, ...]] = [()] * num
        held = [[1] * len(DECK_KINDS) for _ in range(num)]
    else:
        seat, turn = start["player"], start["turn"]
        completed = [tuple(player["completed"]) for player in start["players"]]
        held = [_held(player["hand"], player["completed"]) for player in start["players"]]
    ends = 0
    for action in history:
        kind = type(action)
        if kind is EndTurn:
            ends += 1
            seat = (seat + 1) % num
        elif kind is DrawObjective:
            held[seat][DECK_KINDS.index(action.deck)] += 1
        elif kind is Claim:
            completed[seat] = (*completed[seat], action.card)
    played = state["turn"] - turn
    if ends != played + (1 if state["phase"] == "over" and history else 0):
        raise invalid_state(
            f"the history ends {ends} turn(s) but {played} were played since the start: a"
            " history must be the game's own (TK-TURN-1)"
        )
    for seat in range(num):
        if _held(state["hands"][seat], state["completed"][seat]) != held[seat]:
            raise invalid_state(
                f"player {seat} holds other objectives than those dealt and drawn in the history:"
                " no rule takes a card from a deck but the objective action, none puts one back"
                " (TK-SET-4, TK-OBJ-1)"
            )
        if tuple(state["completed"][seat]) != completed[seat]:
            raise invalid_state(
                f"player {seat} shows completed {' '.join(state['completed'][seat]) or 'nothing'}"
                f" but completed {' '.join(completed[seat]) or 'nothing'} in the history"
                " (TK-CMP-1, TK-CMP-2)"
            )


def _held(hand: Any, completed: Any) -> list[int]:
    """How many objectives of each deck a player holds, in hand or completed."""
    prefixes = [card[0] for card in (*hand, *completed)]
    return [prefixes.count(prefix) for prefix in DECK_PREFIXES]


def check_hands(state: Mapping[str, Any]) -> None:
    """Every player keeps the plot, gardener and panda objective dealt at setup, in hand or
    completed, since no rule puts one back (TK-SET-4); a player with a full hand cannot have
    chosen the objective action (TK-OBJ-2)."""
    for seat in range(state["num_players"]):
        cards = (*state["hands"][seat], *state["completed"][seat])
        if not set(DECK_PREFIXES) <= {card[0] for card in cards}:
            raise invalid_state(
                f"player {seat} holds {' '.join(cards) or 'no objective'}: every player keeps"
                " the plot, gardener and panda objective dealt at setup, in hand or completed"
                " (TK-SET-4)"
            )
    if state["phase"] == "objective" and len(state["hands"][state["player"]]) >= HAND_LIMIT:
        raise invalid_state(
            f"player {state['player']} draws an objective with {HAND_LIMIT} cards in hand:"
            f" a hand holds at most {HAND_LIMIT} cards, and with {HAND_LIMIT} a player cannot"
            " draw (TK-OBJ-2)"
        )


_WEATHER_PHASES: dict[str, tuple[str, ...]] = {
    "rain": ("rain",),
    "storm": ("storm",),
    "clouds": ("clouds",),
    "choose_weather": ("?", "clouds"),
}
_ACTION_PHASES: dict[str, str] = {
    "keep_plot": "plot",
    "place_plot": "plot",
    "return_plots": "plot",
    "gardener": "gardener",
    "panda": "panda",
    "objective": "objective",
}


def check_turn(state: dict[str, Any]) -> None:
    """The phase, the weather, the actions used, the drawn plots and the Emperor must agree."""
    phase, weather, used = state["phase"], state["weather"], state["used"]
    opts, num = state["options"], state["num_players"]
    if opts.start_player == "choose" and opts.first_player >= num:
        raise invalid_state(
            f"Options.first_player {opts.first_player} is not a seat of {num} players"
        )
    if state["player"] != (state["start_player"] + state["turn"]) % num:  # TK-SET-5
        raise invalid_state(
            f"player {state['player']} is not the seat of turn {state['turn']} from start"
            f" player {state['start_player']}"
        )
    if state["allowed"] != (3 if weather == "sun" else 2):
        raise invalid_state(
            f"{state['allowed']} actions allowed under the weather {short_repr(weather)}"
        )
    if len(used) > state["allowed"]:
        raise invalid_state(f"{len(used)} actions used but only {state['allowed']} allowed")
    if len(set(used)) < len(used) and weather != "wind":
        raise invalid_state(f"the same action twice without the wind: {used}")
    weather_ok = {"roll": (None,), "over": (None,), **_WEATHER_PHASES}.get(phase)
    if weather_ok is not None and (weather not in weather_ok or used):
        raise invalid_state(
            f"phase {short_repr(phase)} with weather {short_repr(weather)} and actions {used}"
        )
    if phase in _ACTION_PHASES and (not used or used[-1] != _ACTION_PHASES[phase]):
        raise invalid_state(
            f"phase {short_repr(phase)} but the last action chosen is not {_ACTION_PHASES[phase]!r}"
        )
    drawn, kept = state["drawn"], state["kept"]
    plot_ok = {
        "keep_plot": bool(drawn) and kept is None,
        "place_plot": kept is not None,
        "return_plots": len(drawn) == 2 and kept is None,
    }.get(phase, not drawn and kept is None)
    if not plot_ok:
        raise invalid_state(
            f"phase {short_repr(phase)} with drawn plots {drawn} and kept plot {short_repr(kept)}"
        )
    trigger = END_TRIGGER[num]
    emperor = state["emperor"]
    if emperor is None:
        if any(len(done) >= trigger for done in state["completed"]):
            raise invalid_state(
                f"a player completed {trigger} objectives but nobody holds the Emperor"
            )
        if state["final_turns_left"] is not None:
            raise invalid_state("final turns are counted but nobody holds the Emperor")
    elif len(state["completed"][emperor]) < trigger:
        raise invalid_state(
            f"player {emperor} holds the Emperor with fewer than {trigger} objectives"
        )


def check_counts(state: dict[str, Any]) -> None:
    """Channels, chips and bamboo must add up to the box contents."""
    channels = state["channel_reserve"] + sum(state["stored_channels"]) + len(state["channels"])
    if channels != CHANNEL_SUPPLY:
        raise invalid_state(f"{channels} irrigation channels instead of {CHANNEL_SUPPLY}")
    for index, letter in enumerate(IMPROVEMENTS):
        placed = sum(
            1
            for place, imp in state["improvements"].items()
            if imp == letter and len(state["tiles"][place]) == 1
        )
        total = (
            state["improvement_reserve"][index]
            + sum(stored[index] for stored in state["stored_improvements"])
            + placed
        )
        if total != IMPROVEMENT_CHIPS[letter]:
            raise invalid_state(f"{total} {IMPROVEMENT_NAMES[letter]} chips instead of 3")
    for index, colour in enumerate(COLOURS):
        garden = sum(
            height for place, height in state["bamboo"].items() if state["colours"][place] == colour
        )
        total = (
            state["bamboo_reserve"][index] + garden + sum(eaten[index] for eaten in state["eaten"])
        )
        if total != BAMBOO_SUPPLY[colour]:
            raise invalid_state(
                f"{total} {COLOUR_NAMES[colour]} sections instead of {BAMBOO_SUPPLY[colour]}"
            )
