"""Pure objective checks and scoring: plot shapes, gardener heights, panda payments, tie-breaks.

These functions take plain garden data (dicts and sets keyed by :class:`Hex`) so notebooks and
widgets can call them on any position; the state's teaching helpers wrap them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from functools import cache

from bamboo_lab.core.hexgrid import Hex

from .components import CARDS, EMPEROR_POINTS, ObjectiveCard
from .geometry import rotations

__all__ = [
    "card_points",
    "gardener_objective_met",
    "panda_objective_met",
    "plot_objective_matches",
    "plot_objective_met",
    "rank_players",
    "score_breakdown",
]


@cache
def _orientations(card_id: str, mirror: bool) -> tuple[tuple[tuple[int, int, str], ...], ...]:
    return rotations(CARDS[card_id].pattern, mirror)


def plot_objective_matches(
    card: ObjectiveCard | str,
    colours: Mapping[Hex, str],
    irrigated: Set[Hex],
    mirror: bool = False,
) -> tuple[tuple[Hex, ...], ...]:
    """Every placement of a plot objective's shape in the garden, rotations included.

    A placement is the tuple of plots matching the card's cells in card order; all of them must
    be irrigated and of the card's colours (TK-CMP-3). Mirror images count only with ``mirror``
    (catalog 10-D2). Each placement is listed once.
    """
    card = CARDS[card] if isinstance(card, str) else card
    found: dict[frozenset[Hex], tuple[Hex, ...]] = {}
    for orientation in _orientations(card.id, mirror):
        first = orientation[0][2]
        for anchor in irrigated:
            if colours.get(anchor) != first:
                continue
            cells = _match_at(anchor, orientation, colours, irrigated)
            if cells is not None:
                found.setdefault(frozenset(cells), cells)
    return tuple(sorted(found.values()))


def _match_at(
    anchor: Hex,
    orientation: tuple[tuple[int, int, str], ...],
    colours: Mapping[Hex, str],
    irrigated: Set[Hex],
) -> tuple[Hex, ...] | None:
    q, r = anchor
    cells = []
    for dq, dr, colour in orientation:
        h = Hex(q + dq, r + dr)
        if h not in irrigated or colours.get(h) != colour:
            return None
        cells.append(h)
    return tuple(cells)


def plot_objective_met(
    card: ObjectiveCard | str,
    colours: Mapping[Hex, str],
    irrigated: Set[Hex],
    mirror: bool = False,
) -> bool:
    """True when the garden shows the card's shape somewhere (TK-CMP-3)."""
    card = CARDS[card] if isinstance(card, str) else card
    for orientation in _orientations(card.id, mirror):
        first = orientation[0][2]
        for anchor in irrigated:
            if colours.get(anchor) == first and _match_at(anchor, orientation, colours, irrigated):
                return True
    return False


def gardener_objective_met(
    card: ObjectiveCard | str,
    colours: Mapping[Hex, str],
    bamboo: Mapping[Hex, int],
    improvements: Mapping[Hex, str],
    exact: bool = True,
) -> bool:
    """True when the garden shows the card's bamboo (TK-CMP-4, TK-CMP-5).

    Single-shoot cards need a bamboo of the colour 4 high with exactly the card's improvement
    (``"none"``: no improvement). Multi-shoot cards need that many bamboos of the colour exactly
    3 high (``exact=False``: at least 3), anywhere, any improvement.
    """
    card = CARDS[card] if isinstance(card, str) else card
    colour, height = card.colour, card.height
    if card.shoots == 1:
        wanted = None if card.improvement == "none" else card.improvement
        return any(
            h == height and colours[p] == colour and improvements.get(p) == wanted
            for p, h in bamboo.items()
        )
    count = sum(
        1
        for p, h in bamboo.items()
        if (h == height if exact else h >= height) and colours[p] == colour
    )
    return count >= card.shoots


def panda_objective_met(card: ObjectiveCard | str, eaten: Sequence[int]) -> bool:
    """True when the sections on a player's board pay the card (TK-CMP-6)."""
    card = CARDS[card] if isinstance(card, str) else card
    return all(have >= need for have, need in zip(eaten, card.sections, strict=True))


def card_points(card: str) -> int:
    """The points printed on an objective card."""
    return CARDS[card].points


def score_breakdown(
    completed: Sequence[Sequence[str]], emperor: int | None
) -> tuple[dict[str, int], ...]:
    """Per player: points by deck, the Emperor, the total and the objective count (TK-END-4)."""
    out = []
    for seat, cards in enumerate(completed):
        row = {"plot": 0, "gardener": 0, "panda": 0}
        for card in cards:
            row[CARDS[card].deck] += CARDS[card].points
        row["emperor"] = EMPEROR_POINTS if emperor == seat else 0
        row["total"] = row["plot"] + row["gardener"] + row["panda"] + row["emperor"]
        row["objectives"] = len(cards)
        out.append(row)
    return tuple(out)


def rank_players(breakdown: Sequence[Mapping[str, int]]) -> tuple[int, ...]:
    """The winners: highest total, then most panda-objective points, then shared (TK-END-5)."""
    best = max((row["total"], row["panda"]) for row in breakdown)
    return tuple(seat for seat, row in enumerate(breakdown) if (row["total"], row["panda"]) == best)
