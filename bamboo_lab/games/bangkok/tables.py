"""Lookup tables of the Bangkok engine, built once per deck and shared by every state using it.

The rules read a position through these tables rather than recomputing facts about the cards
at every move: which edge slots a port card makes a placement possible on (BK-ACT-1), which
cards are chilli cards (BK-REFILL-1, BK-MKT-5), and the legal market cells of each market
layout (BK-MKT-2, -3, -5), kept as they are met. Card ids index ``deck.cards``; ``-1`` marks an
empty place, and every per-card table has one more entry, at index ``-1``, for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from .actions import SLOTS, LayInMarket, PlaceAtPort
from .components import Deck, build_deck
from .scoring import NEIGHBOURS

__all__ = [
    "ALL_SLOT_BITS",
    "BIT_INDICES",
    "CELL_INDICES",
    "COLLECT_PLANS",
    "EMPTY_MASK",
    "PORT_LINES",
    "DeckTables",
    "deck_tables",
    "market_cells_of",
]

PORT_LINES: dict[str, tuple[int, ...]] = {
    **{f"L{row + 1}": (3 * row, 3 * row + 1, 3 * row + 2) for row in range(3)},
    **{f"R{row + 1}": (3 * row + 2, 3 * row + 1, 3 * row) for row in range(3)},
    **{f"T{column + 1}": (column, column + 3, column + 6) for column in range(3)},
    **{f"B{column + 1}": (column + 6, column + 3, column) for column in range(3)},
}
"""Per edge slot: the cells of its line, near to far (BK-ACT-1, BK-SHIFT-1)."""

COLLECT_PLANS: dict[str, dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]]] = {
    slot: {
        tuple(sorted(cell + 1 for cell in taken)): (
            tuple(sorted(taken)),
            tuple(cell for cell in line if cell not in taken),
        )
        for size in (1, 2, 3)
        for taken in combinations(line, size)
    }
    for slot, line in PORT_LINES.items()
}
"""Per edge slot, per ``Collect.cells`` of its line: the port cells taken (0-8, increasing) and
the line's other cells, near to far, which the placed card pushes along (BK-ACT-3, BK-SHIFT-1)."""

_SLOT_CELLS = tuple(PORT_LINES[slot] for slot in SLOTS)
_SPREAD = tuple(
    tuple(
        sum(slots << 12 * hand_mask for hand_mask in range(16) if hand_mask & port_mask)
        for port_mask in range(16)
    )
    for slots in (
        sum(1 << slot for slot, cells in enumerate(_SLOT_CELLS) if cell in cells)
        for cell in range(9)
    )
)
"""Per port cell and goods mask of its card: the slots whose line holds the cell (bit i =
SLOTS[i]), repeated from bit 12m for each goods mask m sharing a good with the card."""

BIT_INDICES = tuple(
    tuple(slot for slot in range(len(SLOTS)) if bits >> slot & 1) for bits in range(1 << len(SLOTS))
)
"""Per set of slots (bit i = SLOTS[i]): the slot indices, increasing."""

ALL_SLOT_BITS = (1 << len(SLOTS)) - 1
"""Every edge slot free (bit i = SLOTS[i])."""

EMPTY_MASK = 16
"""The goods mask of an empty port cell in :attr:`DeckTables.line_masks` (no card's mask)."""


def _basket_code(baskets: Iterable[int]) -> int:
    """A number naming a multiset of baskets (good indices): a matching ignores their order."""
    return sum((good + 1) * 5**position for position, good in enumerate(sorted(baskets)))


def market_cells_of(
    filled: Sequence[bool], chilli: Sequence[bool], is_chilli: bool, expert: bool
) -> tuple[int, ...]:
    """Legal cells (0-8) from a market's filled and chilli flags (BK-MKT-2, -3, -5, BK-EXP-1)."""
    if not any(filled):
        cells: Iterable[int] = (0,)  # BK-MKT-2
    else:
        cells = (  # BK-MKT-3
            cell
            for cell in range(9)
            if not filled[cell] and any(filled[neighbour] for neighbour in NEIGHBOURS[cell])
        )
    if not is_chilli:
        return tuple(cells)
    rows = {cell // 3 for cell in range(9) if chilli[cell]}
    cols = {cell % 3 for cell in range(9) if chilli[cell]} if expert else set()
    return tuple(
        cell for cell in cells if cell // 3 not in rows and cell % 3 not in cols
    )  # BK-MKT-5


class DeckTables:
    """The engine's tables for one deck: actions per card, placement bits, chilli flags, and
    the market cells of every market layout met so far."""

    __slots__ = (
        "basket_codes",
        "chilli",
        "collect_memo",
        "collect_sets",
        "lay_memo",
        "lay_rows",
        "lays",
        "line_masks",
        "masks",
        "place_memo",
        "places",
        "port_spread",
        "spread_shifts",
    )

    def __init__(self, deck: Deck) -> None:
        """Build the tables of ``deck``."""
        masks = deck.masks
        self.masks = masks
        self.places: tuple[tuple[Any, ...], ...] = tuple(
            tuple(PlaceAtPort(card, label, slot) for slot in SLOTS)
            for card, label in enumerate(deck.labels)
        )
        """Per card: its PlaceAtPort per slot index."""
        self.place_memo: tuple[dict[int, tuple[Any, ...]], ...] = tuple({} for _ in masks)
        """Per card, per set of slots (bit i = SLOTS[i]): its PlaceAtPort on those slots (at
        most 4,096 sets a card)."""
        self.lays: tuple[tuple[Any, ...], ...] = tuple(
            tuple(LayInMarket(card, label, cell + 1) for cell in range(9))
            for card, label in enumerate(deck.labels)
        )
        """Per card: its LayInMarket per market cell (0-8)."""
        self.lay_rows: tuple[dict[int, tuple[Any, ...]], ...] = tuple({} for _ in masks)
        """Per card, per set of legal market cells met (bit i = cell i): its LayInMarket on
        those cells."""
        self.port_spread = tuple((*(_SPREAD[cell][mask] for mask in masks), 0) for cell in range(9))
        """Per port cell, per card (and 0 for an empty cell): the placement bits it opens for
        a hand card of goods mask m, from bit 12m."""
        self.spread_shifts = tuple(12 * mask for mask in masks)
        """Per card: where its placement bits start in the OR of the port's spreads (12m)."""
        self.chilli = (*deck.chilli, False)
        """Per card (and False for an empty place): True for a chilli card."""
        self.line_masks = (*masks, EMPTY_MASK)
        """Per card: its goods mask (bit g = GOODS[g]); EMPTY_MASK for an empty place."""
        self.basket_codes = tuple(
            (_basket_code(baskets), _basket_code(set(baskets))) for baskets in deck.baskets
        )
        """Per card: a number for its baskets (under 125), counted per basket and per distinct
        good (K2)."""
        self.collect_sets: dict[int, tuple[tuple[int, ...], ...]] = {}
        """Per number naming the placed card's baskets, the goods each cell of its line shares
        with it and the collect mode: the sets of line positions it may collect (BK-ACT-2..4)."""
        self.collect_memo: dict[str, dict[tuple[tuple[int, ...], ...], tuple[Any, ...]]] = {
            slot: {} for slot in SLOTS
        }
        """Per edge slot, per sets of line positions: the Collect actions taking them."""
        self.lay_memo: tuple[dict[tuple[int, ...], tuple[int, int]], ...] = ({}, {})
        """Per expert flag (False, True), per market lately met: the cells where a boat card and
        a chilli card may be laid, as bit sets (bit i = cell i)."""

    def lay_bits(self, market: tuple[int, ...], expert: bool) -> tuple[int, int]:
        """The cells (bit i = cell i, 0-8) of ``market`` where a boat card and a chilli card
        may be laid (BK-MKT-2, -3, -5, BK-EXP-1)."""
        memo = self.lay_memo[expert]
        bits = memo.get(market)
        if bits is None:
            chilli = self.chilli
            filled = hot = 0
            bit = 1
            for card in market:
                if card >= 0:
                    filled |= bit
                    if chilli[card]:
                        hot |= bit
                bit <<= 1
            bits = _legal_cell_bits(filled, hot, expert)
            if len(memo) >= 1 << 14:  # a market is seen for a few turns: forget old ones
                memo.clear()
            memo[market] = bits
        return bits

    def lay_cells(self, market: tuple[int, ...], expert: bool) -> tuple[tuple[int, ...], ...]:
        """The cells (0-8) of ``market`` where a boat card and a chilli card may be laid."""
        boat, chilli = self.lay_bits(market, expert)
        return CELL_INDICES[boat], CELL_INDICES[chilli]


CELL_INDICES = tuple(tuple(cell for cell in range(9) if bits >> cell & 1) for bits in range(512))
"""Per set of market cells (bit i = cell i): the cells, increasing."""


@lru_cache(maxsize=8192)
def _legal_cell_bits(filled: int, chilli: int, expert: bool) -> tuple[int, int]:
    """The legal cells of a boat card and of a chilli card (bit i = cell i), from bit sets of
    a market's filled and chilli cells."""
    has = [bool(filled >> cell & 1) for cell in range(9)]
    hot = [bool(chilli >> cell & 1) for cell in range(9)]
    boat = market_cells_of(has, hot, False, expert)
    hot_cells = market_cells_of(has, hot, True, expert)
    return sum(1 << cell for cell in boat), sum(1 << cell for cell in hot_cells)


@lru_cache(maxsize=16)
def deck_tables(specs: tuple[str, ...]) -> DeckTables:
    """The shared tables of the deck built from ``specs`` (``()``: the reconstructed deck)."""
    return DeckTables(build_deck(specs))
