"""Bangkok scoring: the personal objective, the 4 chilli types, the complete-market bonus.

Pure functions over a market given as 9 cells in reading order (a :class:`Card` or ``None``),
or as 3 rows of 3. Cell numbers: :func:`neighbourhood` and :data:`NEIGHBOURS` use list indices
0-8; :class:`ChilliScore` (``cell``, ``counted``) uses the notation's 1-9. Rulebook "Counting
of points"; catalog 2.4 (formulas) and 2.8 (test cases).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import InvalidStateError

from .components import GOODS, Card

__all__ = [
    "COMPLETE_BONUS",
    "NEIGHBOURS",
    "ChilliScore",
    "MarketScore",
    "chilli_points",
    "market_total",
    "neighbourhood",
    "score_market",
    "winners",
]

COMPLETE_BONUS = 2
"""Points for a complete market of 9 cards (BK-SCORE-7)."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        next_row * 3 + next_column
        for next_row, next_column in (
            (row - 1, column),
            (row, column - 1),
            (row, column + 1),
            (row + 1, column),
        )
        if 0 <= next_row < 3 and 0 <= next_column < 3
    )
    for row in range(3)
    for column in range(3)
)
"""Per market cell (0-8, reading order: list indices, not the notation's 1-9): its orthogonal
neighbours, also 0-8."""


def neighbourhood(cell: int) -> tuple[int, ...]:
    """The cells a chilli card in ``cell`` counts: itself and its orthogonal neighbours.

    Numbered 0-8, in and out: indices into a market's 9 cells (reading order). The notation,
    ``LayInMarket.cell`` and ``ChilliScore.cell``/``counted`` count 1-9: for a notation cell
    ``n`` use ``[c + 1 for c in neighbourhood(n - 1)]``. BK-SCORE-2: 3 cells in a corner, 4 on a
    side, 5 in the centre.
    """
    return tuple(sorted((cell, *NEIGHBOURS[cell])))


def chilli_points(chilli_type: int, counts: Sequence[int], clamp_type1: bool = False) -> int:
    """Points of a chilli card of ``chilli_type`` given the count of each indicated good.

    Type 1: 5 minus the counts (BK-SCORE-3; negative allowed unless ``clamp_type1``, K7);
    type 2: the counts (BK-SCORE-4); type 3: 2 per pair, i.e. 2 x the smallest count
    (BK-SCORE-5); type 4: 2 per indicated good present exactly once (BK-SCORE-6, K8).
    """
    if chilli_type == 1:
        points = 5 - sum(counts)
        return max(0, points) if clamp_type1 else points
    if chilli_type == 2:
        return sum(counts)
    if chilli_type == 3:
        return 2 * min(counts)
    if chilli_type == 4:
        return 2 * sum(1 for count in counts if count == 1)
    raise InvalidStateError(f"unknown chilli type {short_repr(chilli_type)}; types are 1 to 4")


@dataclass(frozen=True)
class ChilliScore:
    """How one chilli card scored: the cells it counted, the indicated goods' counts, points."""

    cell: int
    """The chilli card's market cell, 1-9 in reading order."""
    card: Card
    counted: tuple[int, ...]
    """The cells (1-9) taken into account: the chilli card and its orthogonal neighbours."""
    counts: tuple[tuple[str, int], ...]
    """(indicated good, baskets of it on the counted cards)."""
    points: int
    counted_cards: tuple[Card, ...] = ()
    """The cards on the counted cells (the chilli card included), in cell order."""

    def explain(self) -> str:
        """One line: the card (by its spec, which names its type), what it counted, the points."""
        seen = ", ".join(f"{good}={count}" for good, count in self.counts)
        return (
            f"chilli {self.card.spec} in cell {self.cell}"
            f" (cells {list(self.counted)}): {seen} -> {self.points}"
        )


@dataclass(frozen=True)
class MarketScore:
    """A market's score breakdown: objective, each chilli card, the complete bonus, total."""

    objective: str | None
    objective_points: int
    chillies: tuple[ChilliScore, ...] = field(default=())
    complete_bonus: int = 0

    @property
    def chilli_points(self) -> int:
        """The sum of the chilli cards' points."""
        return sum(chilli.points for chilli in self.chillies)

    @property
    def total(self) -> int:
        """Objective + chilli cards + complete-market bonus."""
        return self.objective_points + self.chilli_points + self.complete_bonus

    def as_dict(self) -> dict[str, Any]:
        """A JSON-safe breakdown (used in :class:`Outcome` breakdowns)."""
        return {
            "objective": self.objective,
            "objective_points": self.objective_points,
            "chillies": [
                {
                    "cell": chilli.cell,
                    "card": chilli.card.id,
                    "type": chilli.card.chilli_type,
                    "counted": list(chilli.counted),
                    "counts": dict(chilli.counts),
                    "points": chilli.points,
                }
                for chilli in self.chillies
            ],
            "chilli_points": self.chilli_points,
            "complete_bonus": self.complete_bonus,
            "total": self.total,
        }


def _cells(market: Sequence[Any]) -> tuple[Card | None, ...]:
    """Accept 9 cells or 3 rows of 3; check every cell is a Card or None."""
    if len(market) == 3 and all(isinstance(row, (list, tuple)) for row in market):
        market = [cell for row in market for cell in row]
    if len(market) != 9:
        raise InvalidStateError(f"a market has 9 cells (or 3 rows of 3), not {len(market)}")
    for cell in market:
        if cell is not None and not isinstance(cell, Card):
            raise InvalidStateError(f"a market cell holds a Card or None, not {short_repr(cell)}")
    return tuple(market)


def score_market(
    market: Sequence[Any], objective: str | None, clamp_type1: bool = False
) -> MarketScore:
    """Score a market: BK-SCORE-1 (objective over all cards), chilli cards, BK-SCORE-7 bonus.

    ``objective`` is the pontoon's good (``None`` when hidden: 0 objective points).
    """
    cells = _cells(market)
    if objective is not None and objective not in GOODS:
        raise InvalidStateError(
            f"unknown objective good {short_repr(objective)}; goods are {GOODS}"
        )
    objective_points = sum(card.goods.count(objective) for card in cells if card is not None)
    chillies = []
    for cell, card in enumerate(cells):
        if card is None or not card.is_chilli:
            continue
        seen = neighbourhood(cell)
        near = [near_card for neighbour in seen if (near_card := cells[neighbour]) is not None]
        counts = tuple(
            (good, sum(near_card.goods.count(good) for near_card in near))
            for good in card.indicated
        )
        points = chilli_points(card.chilli_type, [count for _, count in counts], clamp_type1)
        chillies.append(
            ChilliScore(
                cell + 1,
                card,
                tuple(neighbour + 1 for neighbour in seen),
                counts,
                points,
                tuple(
                    near_card for neighbour in seen if (near_card := cells[neighbour]) is not None
                ),
            )
        )
    complete = COMPLETE_BONUS if all(card is not None for card in cells) else 0
    return MarketScore(objective, objective_points, tuple(chillies), complete)


def market_total(
    cells: Sequence[Card | None], objective: str | None, clamp_type1: bool = False
) -> int:
    """``score_market(cells, objective, clamp_type1).total`` by the same rules, without the
    breakdown (``State.scores`` at every game's end); ``cells`` are 9, unchecked."""
    total = 0
    for cell, card in enumerate(cells):
        if card is None:
            continue
        if objective is not None:
            total += card.goods.count(objective)  # BK-SCORE-1
        if card.is_chilli:  # BK-SCORE-2: the card and its orthogonal neighbours
            near = [cells[neighbour] for neighbour in (cell, *NEIGHBOURS[cell])]
            counts = [
                sum(near_card.goods.count(good) for near_card in near if near_card is not None)
                for good in card.indicated
            ]
            total += chilli_points(card.chilli_type, counts, clamp_type1)
    if all(card is not None for card in cells):
        total += COMPLETE_BONUS  # BK-SCORE-7
    return total


def winners(totals: Sequence[int], objective_points: Sequence[int]) -> tuple[int, ...]:
    """The winning seats: most points, then most objective points, then shared (BK-SCORE-8)."""
    keys = [(total, objective) for total, objective in zip(totals, objective_points, strict=True)]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)
