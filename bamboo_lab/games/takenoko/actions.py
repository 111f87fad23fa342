"""Takenoko actions: one frozen dataclass per atomic decision, with a short text notation.

Notation (``str(action)``; :func:`action_from_text` reads it back):

======================  ==============================  =====================================
action                  notation                        decision
======================  ==============================  =====================================
``Roll``                ``roll storm`` / ``roll ?``     weather die face (chance node)
``ChooseWeather``       ``weather rain``                face chosen on "?" or empty clouds
``Grow``                ``grow 1,-1``                   rain: +1 section on an irrigated plot
``TakeImprovement``     ``take fertilizer``             clouds: take a chip to the board
``Pass``                ``pass``                        skip an optional weather effect
``ChooseAction``        ``action gardener``             pick one of the five actions
``KeepPlot``            ``keep 2``                      plot action: keep the 2nd drawn plot
``PlacePlot``           ``plot 1,-1`` / ``plot 1,-1 +enclosure``  place it (chip attached)
``ReturnPlots``         ``return 2,1``                  the other two, upper one first
``PlaceChannel``        ``channel 1,0/0,1``             place a stored channel (free)
``MoveGardener``        ``gardener 0,2``                gardener action
``MovePanda``           ``panda 0,2``                   panda action (or the storm)
``DrawObjective``       ``draw panda``                  objective action: pick the deck
``PlaceImprovement``    ``improve watershed 1,0``       place a stored chip (free)
``Claim``               ``claim P13``                   complete an objective (free)
``EndTurn``             ``end``                         end the turn
======================  ==============================  =====================================

Hexes are written ``q,r`` (axial, catalog section 2). Drawn plots are named by their position in
the draw (1 to 3), so the notation and the history reveal nothing hidden from the other players.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from bamboo_lab.core.checks import checked_int, checked_notation, short_repr
from bamboo_lab.core.errors import InvalidActionError
from bamboo_lab.core.hexgrid import Edge, Hex

from .components import (
    ACTION_KINDS,
    CARDS,
    DECK_KINDS,
    IMPROVEMENT_NAMES,
    WEATHER_FACES,
)
from .geometry import (
    POND,
    edge_between,
    garden_edges,
    garden_places,
    hex_of,
    hex_text,
    parse_hex,
    shared_edge,
)

__all__ = [
    "ACTION_TYPES",
    "TURN_END",
    "Action",
    "ChooseAction",
    "ChooseWeather",
    "Claim",
    "DrawObjective",
    "EndTurn",
    "Grow",
    "KeepPlot",
    "MoveGardener",
    "MovePanda",
    "Pass",
    "PlaceChannel",
    "PlaceImprovement",
    "PlacePlot",
    "ReturnPlots",
    "Roll",
    "TakeImprovement",
    "action_from_text",
    "every_action",
    "intern",
]

_CHIP_NAMES = frozenset(IMPROVEMENT_NAMES.values())
_CHIPS = tuple(IMPROVEMENT_NAMES.values())
_CARD_IDS = tuple(CARDS)
_FAR = 10_000  # no garden of 27 plots reaches this far; larger coordinates are refused
_setf = object.__setattr__


def _where(action: object, name: str) -> str:
    return f"{type(action).__name__}.{name}"


def _checked_hex(action: object, name: str, value: Any) -> Hex:
    """A :class:`Hex` from a Hex or a pair of ints ``(q, r)``; else InvalidActionError."""
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise InvalidActionError(
            f"{_where(action, name)} must be a Hex(q, r) or a pair of integers,"
            f" not {short_repr(value)}"
        )
    coordinate_q, coordinate_r = (
        checked_int(
            coordinate, f"{_where(action, name)} coordinate", -_FAR, _FAR, InvalidActionError
        )
        for coordinate in value
    )
    return hex_of(coordinate_q, coordinate_r)  # the tables' own object (geometry)


def _checked_edge(action: object, name: str, value: Any) -> Edge:
    """An :class:`Edge` from an Edge, ``(hex, side)`` or the two adjacent hexes it lies between."""
    where = _where(action, name)
    if isinstance(value, tuple | list) and len(value) == 2:
        first, second = value
        if (
            isinstance(second, int)
            and not isinstance(second, bool)
            and isinstance(first, tuple | list)
        ):
            side = checked_int(second, f"{where} side", 0, 2, InvalidActionError)
            place = _checked_hex(action, name, first)
            return shared_edge(Edge(place, side))
        if isinstance(second, tuple | list):
            first, second = _checked_hex(action, name, first), _checked_hex(action, name, second)
            try:
                return edge_between(first, second)
            except ValueError as exc:
                raise InvalidActionError(f"{where}: {exc}") from exc
    raise InvalidActionError(
        f"{where} must be an Edge, (Hex, side 0-2) or two adjacent hexes, not {short_repr(value)}"
    )


def _checked_name(action: object, name: str, value: Any, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        known = ", ".join(allowed) if len(allowed) < 10 else "P01-P15, G01-G15, A01-A15"
        raise InvalidActionError(
            f"{_where(action, name)} must be one of {known}, not {short_repr(value)}"
        )
    return value


@dataclass(frozen=True, slots=True)
class Roll:
    """A face of the weather die (the chance node at the start of a turn, TK-TURN-1)."""

    face: str

    def __post_init__(self) -> None:
        """Check the face (InvalidActionError naming the field)."""
        _checked_name(self, "face", self.face, WEATHER_FACES)

    def __str__(self) -> str:
        """Notation ``roll <face>``."""
        return f"roll {self.face}"


@dataclass(frozen=True, slots=True)
class ChooseWeather:
    """Choose the weather on "?" (any of five faces) or on clouds with no chip left (TK-W-5/6)."""

    face: str

    def __post_init__(self) -> None:
        """Check the face: any but "?" (InvalidActionError naming the field)."""
        _checked_name(self, "face", self.face, WEATHER_FACES[:5])

    def __str__(self) -> str:
        """Notation ``weather <face>``."""
        return f"weather {self.face}"


@dataclass(frozen=True, slots=True)
class Grow:
    """Rain: grow the bamboo of one irrigated plot (TK-W-2)."""

    plot: Hex

    def __post_init__(self) -> None:
        """Check the plot; a pair ``(q, r)`` becomes a Hex."""
        _setf(self, "plot", _checked_hex(self, "plot", self.plot))

    def __str__(self) -> str:
        """Notation ``grow q,r``."""
        return f"grow {hex_text(self.plot)}"


@dataclass(frozen=True, slots=True)
class TakeImprovement:
    """Clouds: take an improvement chip from the reserve onto one's board (TK-W-5)."""

    improvement: str

    def __post_init__(self) -> None:
        """Check the improvement name."""
        _checked_name(self, "improvement", self.improvement, _CHIPS)

    def __str__(self) -> str:
        """Notation ``take <improvement>``."""
        return f"take {self.improvement}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not use the optional weather effect (catalog 8 ``weather_optional``)."""

    def __str__(self) -> str:
        """Notation ``pass``."""
        return "pass"


@dataclass(frozen=True, slots=True)
class ChooseAction:
    """Choose one of the five actions: plot, irrigation, gardener, panda, objective (TK-TURN-3)."""

    kind: str

    def __post_init__(self) -> None:
        """Check the action kind."""
        _checked_name(self, "kind", self.kind, ACTION_KINDS)

    def __str__(self) -> str:
        """Notation ``action <kind>``."""
        return f"action {self.kind}"


@dataclass(frozen=True, slots=True)
class KeepPlot:
    """Plot action: keep the ``index``-th (1-based) of the drawn plots (TK-PLOT-1)."""

    index: int

    def __post_init__(self) -> None:
        """Check the index: an int (not a bool) from 1 to 3."""
        checked_int(self.index, "KeepPlot.index", 1, 3, InvalidActionError)

    def __str__(self) -> str:
        """Notation ``keep <index>``."""
        return f"keep {self.index}"


@dataclass(frozen=True, slots=True)
class PlacePlot:
    """Place the kept plot, optionally with a stored improvement chip attached (TK-PLOT-2)."""

    plot: Hex
    improvement: str | None = None

    def __post_init__(self) -> None:
        """Check the place and the attached chip; a pair ``(q, r)`` becomes a Hex."""
        _setf(self, "plot", _checked_hex(self, "plot", self.plot))
        if self.improvement is not None:
            _checked_name(self, "improvement", self.improvement, _CHIPS)

    def __str__(self) -> str:
        """Notation ``plot q,r`` or ``plot q,r +<improvement>``."""
        if self.improvement is None:
            return f"plot {hex_text(self.plot)}"
        return f"plot {hex_text(self.plot)} +{self.improvement}"


@dataclass(frozen=True, slots=True)
class ReturnPlots:
    """Return the plots not kept to the pile in this order of their indices, the first one
    above the second (TK-PLOT-1)."""

    order: tuple[int, ...]

    def __post_init__(self) -> None:
        """Check the order: (1, 2) or (2, 1); a list becomes a tuple."""
        order = self.order
        if (
            not isinstance(order, tuple | list)
            or len(order) != 2
            or any(type(i) is not int for i in order)
            or sorted(order) != [1, 2]
        ):
            raise InvalidActionError(f"ReturnPlots.order must be (1, 2) or (2, 1), not {order!r}")
        _setf(self, "order", tuple(order))

    def __str__(self) -> str:
        """Notation ``return <index>,<index>``."""
        return "return " + ",".join(str(i) for i in self.order)


@dataclass(frozen=True, slots=True)
class PlaceChannel:
    """Place a stored irrigation channel on an edge between two plots (TK-IRR-2, TK-IRR-3)."""

    edge: Edge

    def __post_init__(self) -> None:
        """Check the edge; ``(hex, side)`` or two adjacent hexes become an Edge."""
        _setf(self, "edge", _checked_edge(self, "edge", self.edge))

    def __str__(self) -> str:
        """Notation ``channel q,r/q,r`` (the two plots of the edge)."""
        first = self.edge.hex
        return f"channel {hex_text(first)}/{hex_text(first.neighbor(self.edge.side))}"


@dataclass(frozen=True, slots=True)
class MoveGardener:
    """Gardener action: move the gardener in a straight line to ``plot`` (TK-GAR-1)."""

    plot: Hex

    def __post_init__(self) -> None:
        """Check the destination; a pair ``(q, r)`` becomes a Hex."""
        _setf(self, "plot", _checked_hex(self, "plot", self.plot))

    def __str__(self) -> str:
        """Notation ``gardener q,r``."""
        return f"gardener {hex_text(self.plot)}"


@dataclass(frozen=True, slots=True)
class MovePanda:
    """Panda action (straight line, TK-PAN-1) or storm (any plot, TK-W-4): move the panda."""

    plot: Hex

    def __post_init__(self) -> None:
        """Check the destination; a pair ``(q, r)`` becomes a Hex."""
        _setf(self, "plot", _checked_hex(self, "plot", self.plot))

    def __str__(self) -> str:
        """Notation ``panda q,r``."""
        return f"panda {hex_text(self.plot)}"


@dataclass(frozen=True, slots=True)
class DrawObjective:
    """Objective action: draw a card from the plot, gardener or panda deck (TK-OBJ-1)."""

    deck: str

    def __post_init__(self) -> None:
        """Check the deck name."""
        _checked_name(self, "deck", self.deck, DECK_KINDS)

    def __str__(self) -> str:
        """Notation ``draw <deck>``."""
        return f"draw {self.deck}"


@dataclass(frozen=True, slots=True)
class PlaceImprovement:
    """Place a stored improvement chip on a plot without bamboo or improvement (TK-IMP-2)."""

    improvement: str
    plot: Hex

    def __post_init__(self) -> None:
        """Check the chip name and the plot; a pair ``(q, r)`` becomes a Hex."""
        _checked_name(self, "improvement", self.improvement, _CHIPS)
        _setf(self, "plot", _checked_hex(self, "plot", self.plot))

    def __str__(self) -> str:
        """Notation ``improve <improvement> q,r``."""
        return f"improve {self.improvement} {hex_text(self.plot)}"


@dataclass(frozen=True, slots=True)
class Claim:
    """Complete an objective card from one's hand (TK-CMP-1)."""

    card: str

    def __post_init__(self) -> None:
        """Check the card id."""
        _checked_name(self, "card", self.card, _CARD_IDS)

    def __str__(self) -> str:
        """Notation ``claim <card id>``."""
        return f"claim {self.card}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End one's turn."""

    def __str__(self) -> str:
        """Notation ``end``."""
        return "end"


Action = (
    Roll
    | ChooseWeather
    | Grow
    | TakeImprovement
    | Pass
    | ChooseAction
    | KeepPlot
    | PlacePlot
    | ReturnPlots
    | PlaceChannel
    | MoveGardener
    | MovePanda
    | DrawObjective
    | PlaceImprovement
    | Claim
    | EndTurn
)
"""Any Takenoko action."""

TURN_END: type = EndTurn
"""The action that ends a player's turn (TK-TURN-1): what the turn counters count."""

ACTION_TYPES: tuple[type, ...] = (
    Roll,
    ChooseWeather,
    Grow,
    TakeImprovement,
    Pass,
    ChooseAction,
    KeepPlot,
    PlacePlot,
    ReturnPlots,
    PlaceChannel,
    MoveGardener,
    MovePanda,
    DrawObjective,
    PlaceImprovement,
    Claim,
    EndTurn,
)
"""Every action class."""


@cache
def every_action() -> tuple[Action, ...]:
    """Every action a player can ever choose, each once, in a fixed order (the envs' table).

    Weather choices, chips taken, ``pass``, the five actions, the kept plot, the return orders,
    the decks, a claim per card, ``end``; then per garden place (pond first, by distance, q, r)
    ``grow``, ``plot`` (bare and with each chip), ``improve`` (each chip), ``gardener``,
    ``panda``; then a ``channel`` per edge between two places away from the pond. The die's
    ``roll`` is a chance outcome, not a choice, so it is not in the table.
    """
    table: list[Action] = [ChooseWeather(face) for face in WEATHER_FACES[:5]]
    table += [TakeImprovement(chip) for chip in _CHIPS]
    table += [Pass()]
    table += [ChooseAction(kind) for kind in ACTION_KINDS]
    table += [KeepPlot(index) for index in (1, 2, 3)]
    table += [ReturnPlots((1, 2)), ReturnPlots((2, 1))]
    table += [DrawObjective(deck) for deck in DECK_KINDS]
    table += [Claim(card) for card in _CARD_IDS]
    table += [EndTurn()]
    for place in garden_places():
        if place != POND:
            table += [Grow(place), PlacePlot(place)]
            table += [PlacePlot(place, chip) for chip in _CHIPS]
            table += [PlaceImprovement(chip, place) for chip in _CHIPS]
        table += [MoveGardener(place), MovePanda(place)]
    table += [PlaceChannel(edge_between(*pair)) for pair in garden_edges()]
    return tuple(table)


_INTERNED: dict[object, object] = {}


def intern(action: Action) -> Action:
    """The one shared instance equal to ``action`` (so equal histories compare by identity)."""
    return _INTERNED.setdefault(action, action)  # type: ignore[return-value]


_WORDS = re.compile(r"\S+")


def _hex_arg(text: str, whole: str) -> Hex:
    place = parse_hex(text)
    if place is None:
        raise InvalidActionError(f"{whole!r}: {text!r} is not a hex written q,r")
    return place


def _one_of(text: str, allowed: frozenset[str] | tuple[str, ...], what: str, whole: str) -> str:
    if text not in allowed:
        article = "an" if what[0] in "aeiou" else "a"
        raise InvalidActionError(
            f"{whole!r}: {text!r} is not {article} {what} ({', '.join(allowed)})"
        )
    return text


def _improvement(name: str, whole: str) -> str:
    """The improvement chip ``name`` (``watershed``, ``enclosure``, ``fertilizer``)."""
    return _one_of(name, tuple(sorted(_CHIP_NAMES)), "improvement", whole)


def _return_plots(order_text: str, whole: str) -> ReturnPlots:
    """``return 2,1``: the two plots not kept, the upper one first (TK-PLOT-1)."""
    order = tuple(
        int(_one_of(i, ("1", "2"), "returned plot index", whole)) for i in order_text.split(",")
    )
    if sorted(order) != [1, 2]:
        raise InvalidActionError(f"{whole!r}: the order of the two plots is 1,2 or 2,1")
    return ReturnPlots(order)


def _place_channel(edge_text: str, whole: str) -> PlaceChannel:
    """``channel 1,0/0,1``: a channel on the edge between two places (TK-IRR-2)."""
    ends = edge_text.split("/")
    if len(ends) != 2:
        raise InvalidActionError(f"{whole!r}: a channel is written q,r/q,r")
    first, second = _hex_arg(ends[0], whole), _hex_arg(ends[1], whole)
    try:
        return PlaceChannel(edge_between(first, second))
    except ValueError as exc:
        raise InvalidActionError(f"{whole!r}: {exc}") from exc


_ONE_ARGUMENT: dict[str, Callable[[str, str], Action]] = {
    "roll": lambda face, whole: Roll(_one_of(face, WEATHER_FACES, "weather face", whole)),
    "weather": lambda face, whole: ChooseWeather(
        _one_of(face, WEATHER_FACES[:5], "weather face", whole)
    ),
    "grow": lambda place, whole: Grow(_hex_arg(place, whole)),
    "take": lambda chip, whole: TakeImprovement(_improvement(chip, whole)),
    "action": lambda kind, whole: ChooseAction(_one_of(kind, ACTION_KINDS, "action", whole)),
    "keep": lambda index, whole: KeepPlot(
        int(_one_of(index, ("1", "2", "3"), "drawn plot index", whole))
    ),
    "return": _return_plots,
    "channel": _place_channel,
    "gardener": lambda place, whole: MoveGardener(_hex_arg(place, whole)),
    "panda": lambda place, whole: MovePanda(_hex_arg(place, whole)),
    "draw": lambda deck, whole: DrawObjective(_one_of(deck, DECK_KINDS, "deck", whole)),
    "claim": lambda card, whole: Claim(_one_of(card, tuple(CARDS), "card id", whole)),
}
"""The verbs written with one argument, each with its reader of (argument, whole text)."""


def _place_plot(args: list[str], whole: str) -> PlacePlot:
    """``plot 1,-1`` or ``plot 1,-1 +enclosure``: the kept plot, a chip attached (TK-PLOT-2)."""
    if len(args) not in (1, 2):
        raise InvalidActionError(f"{whole!r}: write plot q,r or plot q,r +improvement")
    chip = None
    if len(args) == 2:
        if not args[1].startswith("+"):
            raise InvalidActionError(f"{whole!r}: an attached chip is written +improvement")
        chip = _improvement(args[1][1:], whole)
    return PlacePlot(_hex_arg(args[0], whole), chip)


def _place_improvement(args: list[str], whole: str) -> PlaceImprovement:
    """``improve watershed 1,0``: a stored chip placed on a plot (TK-IMP-2)."""
    if len(args) != 2:
        raise InvalidActionError(f"{whole!r}: write improve <improvement> q,r")
    chip = _improvement(args[0], whole)
    return PlaceImprovement(chip, _hex_arg(args[1], whole))


def action_from_text(text: object) -> Action:
    """Build the action written ``text`` (no legality check); malformed: InvalidActionError."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action must be given as text, not {type(text).__name__}")
    words = _WORDS.findall(checked_notation(text, "Takenoko"))
    if not words:
        raise InvalidActionError("an empty string is not a Takenoko action")
    verb, args = words[0], words[1:]
    simple: dict[str, type[Pass] | type[EndTurn]] = {"pass": Pass, "end": EndTurn}
    if verb in simple:
        if args:
            raise InvalidActionError(f"{text!r}: {verb!r} takes no argument")
        return simple[verb]()
    if verb in _ONE_ARGUMENT:
        if len(args) != 1:
            raise InvalidActionError(f"{text!r}: {verb!r} takes one argument")
        return _ONE_ARGUMENT[verb](args[0], text)
    if verb == "plot":
        return _place_plot(args, text)
    if verb == "improve":
        return _place_improvement(args, text)
    raise InvalidActionError(f"{text!r} is not a Takenoko action (unknown verb {verb!r})")
