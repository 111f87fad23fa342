"""Takenoko's rulebook words for its actions: button groups, labels, pending decisions, the
final score's rows and the weather (the words layer, docs/adding-a-game.md).

The notation (``str(action)``) stays beside these words on the boards so a student learns it
too. Nothing here decides legality: the words only name actions the engine listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .components import CARDS, COLOUR_NAMES, COLOURS, IMPROVEMENT_NAMES

__all__ = [
    "DECISIONS",
    "GROUPS",
    "SCORE_ROWS",
    "WEATHER",
    "card_hover",
    "group",
    "label",
    "notes",
    "objective_words",
    "reason_words",
    "weather_words",
]

GROUPS: dict[str, str] = {
    "Roll": "weather die",
    "ChooseWeather": "choose the weather",
    "Grow": "rain: grow bamboo",
    "TakeImprovement": "clouds: take an improvement",
    "Pass": "weather",
    "ChooseAction": "choose an action",
    "KeepPlot": "keep one drawn plot",
    "PlacePlot": "place the plot",
    "ReturnPlots": "return the other plots",
    "PlaceChannel": "place an irrigation channel",
    "MoveGardener": "move the gardener",
    "MovePanda": "move the panda",
    "DrawObjective": "draw an objective card",
    "PlaceImprovement": "place a stored improvement",
    "Claim": "complete an objective",
    "EndTurn": "end the turn",
}
"""The button group of each action class, in rulebook words."""

_KINDS = {
    "plot": "plots: draw 3, keep 1",
    "irrigation": "irrigation: take a channel",
    "gardener": "gardener: grow bamboo",
    "panda": "panda: eat bamboo",
    "objective": "objective: draw a card",
}


def group(action: Any) -> str:
    """The button group of ``action``: its kind in rulebook words."""
    kind = type(action).__name__
    return GROUPS.get(kind, kind)


def _hex(place: Any) -> str:
    return f"{place.q},{place.r}"


def _plot_name(tile: str) -> str:
    """``"PW"`` -> ``pink (printed watershed)``."""
    printed = f" (printed {IMPROVEMENT_NAMES[tile[1]]})" if len(tile) > 1 else ""
    return f"{COLOUR_NAMES.get(tile[0], tile[0])}{printed}"


def _plots_unseen(state: Any) -> bool:
    """True when ``state`` is a view whose viewer is not the player drawing the plots."""
    viewer = getattr(state, "viewer", None)
    return viewer is not None and viewer != getattr(state, "player", None)


def _kept(action: Any, state: Any) -> str:
    drawn = getattr(state, "drawn", ())
    if _plots_unseen(state):  # TK-PLOT-1: only the player who drew them sees the plots
        return "keep one of the drawn plots"
    if 0 < action.index <= len(drawn):
        return f"keep the {_plot_name(drawn[action.index - 1])} plot"
    return f"keep plot {action.index}"


def _returned(action: Any, state: Any) -> str:
    drawn = getattr(state, "drawn", ())
    if _plots_unseen(state):
        return "return the other plots under the pile"
    if len(drawn) >= max(action.order):
        top, under = (_plot_name(drawn[index - 1]) for index in action.order)
        return f"return the {top} plot on top of the {under} plot"
    return f"return plot {action.order[0]} on top, then {action.order[1]}"


def _channel(action: Any) -> str:
    first = action.edge.hex
    second = first.neighbor(action.edge.side)
    return f"channel between {_hex(first)} and {_hex(second)}"


_SHAPE_WORDS = {
    "LINE": "line",
    "CURVE": "curve",
    "TRIANGLE": "triangle",
    "DIAMOND": "diamond",
    "DIAMOND_2C": "diamond",
}
"""The shape of a plot objective in a word (a two-colour diamond says its two colours)."""

_GROWN_ON = {
    "F": "with a fertilizer",
    "E": "with an enclosure",
    "W": "with a watershed",
    "none": "no chip",
}
"""What a gardener objective asks of the bamboo's plot (TK-CMP-4)."""


def card_hover(card: str) -> str:
    """An objective card's hover on a picture that prints its id: the id, then what it asks and
    its points in words (``P02: the green curve plot objective (2 points)``)."""
    return f"{card}: {objective_words(card)} ({CARDS[card].points} points)"


def objective_words(card: str) -> str:
    """What the objective card ``card`` asks, in the rulebook's words, never its id:
    ``the green curve plot objective``, ``the gardener objective: green bamboo of height 4,
    no chip``, ``the panda objective: 2 green``. Cards alike (the panda copies) read alike."""
    info = CARDS[card]
    if info.deck == "plot":
        colours = " and ".join(
            COLOUR_NAMES[colour] for colour in dict.fromkeys(colour for _, colour in info.pattern)
        )
        return f"the {colours} {_SHAPE_WORDS.get(info.shape, info.shape.lower())} plot objective"
    if info.deck == "gardener":
        colour = COLOUR_NAMES[info.colour]
        if info.shoots > 1:
            asks = f"{info.shoots} {colour} bamboos of height {info.height}"
        else:
            grown_on = _GROWN_ON.get(info.improvement, info.improvement)
            asks = f"{colour} bamboo of height {info.height}, {grown_on}"
        return f"the gardener objective: {asks}"
    sections = ", ".join(
        f"{count} {COLOUR_NAMES[colour]}"
        for colour, count in zip(COLOURS, info.sections, strict=True)
        if count
    )
    return f"the panda objective: {sections}"


def _claim(action: Any) -> str:
    return f"complete {objective_words(action.card)} ({CARDS[action.card].points} points)"


_CARD_ID = re.compile(r"\b[PGA]\d\d\b")
"""An objective card's id in a sentence of the engine (``P13``)."""

_DESCRIBED = re.compile(r" \(([PGA]\d\d): [^()]*\(\d+ pts\)\)")
"""A card's one-line description in brackets, after its id (``(G04: 1 green ... (5 pts))``)."""

_ASKED = re.compile(r"\b([PGA]\d\d) asks for\b")
"""``the bamboo G04 asks for``: what a card asks for, named by its id."""


def reason_words(sentence: str) -> str:
    """A refusal's sentence from the engine in the board's words: an objective card named by
    what it asks (:func:`objective_words`), never its id (``the garden does not show the
    shape of the green curve plot objective with every plot irrigated``)."""

    def card(found: re.Match[str]) -> str:
        return objective_words(found[0]) if found[0] in CARDS else found[0]

    def asked(found: re.Match[str]) -> str:
        return f"of {objective_words(found[1])}" if found[1] in CARDS else found[0]

    said = _ASKED.sub(asked, _DESCRIBED.sub("", sentence))
    return _CARD_ID.sub(card, said)


def _chip(improvement: str) -> str:
    """An improvement chip with its article: ``a watershed chip``, ``an enclosure chip``."""
    return f"{'an' if improvement[0] in 'aeiou' else 'a'} {improvement} chip"


def _plot(action: Any) -> str:
    chip = f" with {_chip(action.improvement)}" if action.improvement else ""
    return f"plot on {_hex(action.plot)}{chip}"


_WORDS: dict[str, Any] = {
    "Roll": lambda action: f"the weather die shows {action.face}",
    "ChooseWeather": lambda action: f"weather: {action.face}",
    "Grow": lambda action: f"grow bamboo on {_hex(action.plot)}",
    "TakeImprovement": lambda action: f"take {_chip(action.improvement)}",
    "Pass": lambda action: "do not use the weather",
    "ChooseAction": lambda action: _KINDS.get(action.kind, action.kind),
    "PlacePlot": _plot,
    "PlaceChannel": _channel,
    "MoveGardener": lambda action: f"gardener to {_hex(action.plot)}",
    "MovePanda": lambda action: f"panda to {_hex(action.plot)}",
    "DrawObjective": lambda action: f"draw a {action.deck} objective",
    "PlaceImprovement": lambda action: f"{action.improvement} chip on {_hex(action.plot)}",
    "Claim": _claim,
    "EndTurn": lambda action: "end the turn",
}


def label(action: Any, state: Any = None) -> str:
    """The label of ``action`` in rulebook words (``state`` names the drawn plots, when its
    viewer may see them)."""
    kind = type(action).__name__
    if kind == "KeepPlot":
        return _kept(action, state)
    if kind == "ReturnPlots":
        return _returned(action, state)
    words = _WORDS.get(kind)
    return str(action) if words is None else str(words(action))


DECISIONS: dict[str, str] = {
    "roll": "roll the weather die",
    "choose_weather": "choose the weather",
    "rain": "rain: pick an irrigated plot to grow (or do not use the rain)",
    "storm": "storm: put the panda on any plot (or do not use the storm)",
    "clouds": "clouds: take an improvement chip (or do not use the clouds)",
    "actions": "choose an action, complete an objective, or end the turn",
    "keep_plot": "keep one of the three drawn plots",
    "place_plot": "place the plot in the garden",
    "return_plots": "put the other two plots back under the pile",
    "gardener": "move the gardener in a straight line",
    "panda": "move the panda in a straight line",
    "objective": "draw an objective card: pick the deck",
}
"""The pending decision of each phase, in rulebook words."""

SCORE_ROWS: dict[str, str] = {
    "plot": "plot objectives",
    "gardener": "gardener objectives",
    "panda": "panda objectives",
    "emperor": "the Emperor",
    "objectives": "objectives completed",
    "total": "total",
}
"""The rows of the final score table: each key of the outcome's breakdown, in words."""

WEATHER: dict[str, str] = {
    "sun": "sun: a third action this turn, all three of different kinds (TK-W-1)",
    "rain": "rain: one irrigated plot grows a section of its colour (TK-W-2)",
    "wind": "wind: the two actions may be of the same kind (TK-W-3)",
    "storm": "storm: the panda jumps to any plot and eats a section there (TK-W-4)",
    "clouds": "clouds: take an improvement chip, place it now or keep it (TK-W-5)",
    "?": "“?”: the player chooses one of the five other faces (TK-W-6)",
}
"""What each weather face does, in the rulebook's words, with its rule ID."""


def weather_words(face: str | None) -> str:
    """What the weather face in effect does, in the rulebook's words (empty for no weather)."""
    return WEATHER.get(face, f"weather {face}") if face else ""


def notes(state: Any, name: Callable[[int], str] | None = None) -> tuple[str, ...]:
    """The lines a board adds under its status: the weather in effect this turn."""
    if state.weather and not state.is_over():
        return ("Weather this turn: " + weather_words(state.weather),)
    return ()
