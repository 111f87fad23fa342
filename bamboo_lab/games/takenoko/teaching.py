"""Teaching helpers: "why not?", card look-ups, the garden as text and small questions.

Each helper answers from the state's own data and the same rule code the engine uses, so a
picture or a widget never re-implements a rule. The position builder is in ``builder.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.core.protocol import Explanation

from .components import (
    CARDS,
    COLOUR_LETTERS,
    COLOURS,
    DECK_KINDS,
    IMPROVEMENT_LETTERS,
    SHAPES,
    ObjectiveCard,
)
from .geometry import POND
from .picture import channels_text, garden_lines
from .refusals import RULEBOOK
from .rules import figure_moves, is_objective_met
from .scoring import plot_objective_matches
from .state import State

__all__ = [
    "cards",
    "explain",
    "garden_text",
    "gardener_destinations",
    "is_irrigated",
    "legal_channel_edges",
    "legal_plot_positions",
    "met_objectives",
    "objective_met",
    "panda_destinations",
    "plot_objective_placements",
    "score_breakdown",
]


def is_irrigated(state: State, plot: Hex) -> bool:
    """True when ``plot`` is irrigated: next to the pond, touching a channel, or with a
    watershed (TK-IRR-5). The pond itself and empty places are not irrigated."""
    return plot != POND and plot in state.irrigated


def legal_channel_edges(state: State) -> tuple[Edge, ...]:
    """The edges where a channel may be placed now (TK-IRR-3, TK-IRR-4), sorted."""
    return tuple(sorted(state.channel_spots))


def legal_plot_positions(state: State) -> tuple[Hex, ...]:
    """The places where a plot may be placed now (TK-PLOT-2), sorted."""
    return tuple(sorted(state.plot_spots))


def gardener_destinations(state: State) -> tuple[Hex, ...]:
    """Where the gardener can move now (TK-GAR-1)."""
    return figure_moves(state, state.gardener)


def panda_destinations(state: State) -> tuple[Hex, ...]:
    """Where the panda can move with the panda action now (TK-PAN-1)."""
    return figure_moves(state, state.panda)


def plot_objective_placements(state: State, card: str) -> tuple[tuple[Hex, ...], ...]:
    """Every placement of a plot objective's shape in the garden, in any allowed rotation
    (TK-CMP-3); each placement lists the plots in the card's cell order."""
    if CARDS[card].deck != "plot":
        raise ValueError(f"{card} is not a plot objective")
    return plot_objective_matches(
        card, state.colours, state.irrigated, state.options.plot_objective_mirror_allowed
    )


def objective_met(state: State, player: int, card: str) -> bool:
    """True when ``player`` could complete ``card`` now (for panda cards: from their board).

    It answers for the named card wherever it lies, from public data only; it never says which
    cards a hidden hand holds.
    """
    if card not in CARDS:
        raise InvalidStateError(f"unknown objective card {short_repr(card)}")
    return is_objective_met(state, player, card)


def met_objectives(state: State, player: int) -> tuple[str, ...]:
    """The cards in ``player``'s hand that they could complete now; on a view, only for the
    viewer, since an opponent's cards there are placeholders behind their backs (TK-SET-4)."""
    if state.hidden_from_viewer(player):
        whose = "the public" if state.viewer == "public" else f"player {state.viewer}'s"
        raise InvalidStateError(
            f"this is {whose} view: player {player}'s hand is hidden"
            f" ({' '.join(state.visible_hand(player)) or 'empty'}), so its met objectives are"
            " unknown"
        )
    return tuple(card for card in state.hands[player] if is_objective_met(state, player, card))


def score_breakdown(state: State) -> tuple[dict[str, int], ...]:
    """Per player: plot, gardener and panda points, the Emperor, the total, the card count."""
    return state.breakdown()


def garden_text(state: State) -> str:
    """The garden rows and the channels line of ``str(state)``: :func:`garden_from_text`
    reads them back into the same garden."""
    return "\n".join([*garden_lines(state), f"channels: {channels_text(state.channels)}"])


# ---------------------------------------------------------------------- why not?


def explain(state: State, action: Any) -> Explanation:
    """Whether ``action`` (an action or its text) is legal in ``state`` and, if not, the rule
    ID and one sentence saying why; malformed text raises InvalidActionError."""
    return RULEBOOK.explain(state, action)


# ---------------------------------------------------------------------- card look-up

_KINDS = {kind: kind for kind in DECK_KINDS}
_COLOUR_OF = {**COLOUR_LETTERS, **{letter: letter for letter in COLOURS}}
_IMPROVEMENT_OF = {**IMPROVEMENT_LETTERS, "none": "none", "any": "any"}


def cards(
    kind: str | None = None,
    colour: str | None = None,
    *,
    shape: str | None = None,
    improvement: str | None = None,
    points: int | None = None,
) -> tuple[ObjectiveCard, ...]:
    """The objective cards matching every criterion given, in id order.

    ``kind``: ``"plot"``, ``"gardener"`` or ``"panda"`` (or ``"Plot"``, as printed);
    ``colour``: ``"green"``, ``"yellow"``, ``"pink"`` (or G/Y/P): a plot card's plots, a gardener
    card's bamboo, a panda card's sections; ``shape``: LINE, CURVE, TRIANGLE, DIAMOND,
    DIAMOND_2C; ``improvement`` (gardener cards): watershed, enclosure, fertilizer, none (the
    crossed-out icon) or any (multi-shoot cards); ``points``. Unknown names: InvalidStateError.
    """
    wanted_kind = _name(kind, _KINDS, "kind") if kind is not None else None
    wanted_colour = _name(colour, _COLOUR_OF, "colour") if colour is not None else None
    wanted_shape = (
        _name(shape, {name: name for name in SHAPES}, "shape") if shape is not None else None
    )
    wanted_imp = (
        _name(improvement, _IMPROVEMENT_OF, "improvement") if improvement is not None else None
    )
    if points is not None and type(points) is not int:
        raise InvalidStateError(f"points must be an integer, not {short_repr(points)}")
    out = []
    for card in CARDS.values():
        if wanted_kind is not None and card.deck != wanted_kind:
            continue
        if wanted_colour is not None and wanted_colour not in _colours_of(card):
            continue
        if wanted_shape is not None and card.shape != wanted_shape:
            continue
        if wanted_imp is not None and card.improvement != wanted_imp:
            continue
        if points is not None and card.points != points:
            continue
        out.append(card)
    return tuple(out)


def _name(value: Any, names: Mapping[str, str], what: str) -> str:
    if isinstance(value, str):
        if value in names:
            return names[value]
        if value[:1].isupper() and value[1:].islower() and value.lower() in names:
            return names[value.lower()]  # capitalised as the rulebook prints it
    raise InvalidStateError(f"unknown card {what} {short_repr(value)}; known: {', '.join(names)}")


def _colours_of(card: ObjectiveCard) -> set[str]:
    if card.deck == "plot":
        return {colour for _, colour in card.pattern}
    if card.deck == "gardener":
        return {card.colour}
    return {colour for colour, count in zip(COLOURS, card.sections, strict=True) if count}
