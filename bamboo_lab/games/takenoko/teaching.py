"""Teaching helpers: small questions about a position that notebooks and widgets ask.

Each helper answers from the state's own data and the same rule code the engine uses, so a
picture or a widget never re-implements a rule.
"""

from __future__ import annotations

from bamboo_lab.core.hexgrid import Edge, Hex

from .components import CARDS
from .geometry import POND
from .rules import figure_moves, is_objective_met
from .scoring import plot_objective_matches
from .state import State

__all__ = [
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
        raise ValueError(f"unknown objective card {card!r}")
    return is_objective_met(state, player, card)


def met_objectives(state: State, player: int) -> tuple[str, ...]:
    """The cards in ``player``'s hand that they could complete now; on a view, only for the
    viewer, since an opponent's cards there are placeholders behind their backs (TK-SET-4)."""
    if state.hidden_from_viewer(player):
        raise ValueError(
            f"this is player {state.viewer}'s view: player {player}'s hand is hidden"
            f" ({' '.join(state.visible_hand(player)) or 'empty'}), so its met objectives are"
            " unknown"
        )
    return tuple(c for c in state.hands[player] if is_objective_met(state, player, c))


def score_breakdown(state: State) -> tuple[dict[str, int], ...]:
    """Per player: plot, gardener and panda points, the Emperor, the total, the card count."""
    return state.breakdown()
