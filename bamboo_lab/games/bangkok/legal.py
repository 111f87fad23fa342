"""Bangkok legal actions: what the player to act may do now, in a deterministic order.

The pure helpers :func:`collectable_sets` and :func:`market_cells` answer the same questions
for any cards (the teaching surface); :func:`legal_actions` reads the position through the
deck's lookup tables (:mod:`.tables`). Port and market cells are numbered 0-8 in reading order
inside the engine and by :func:`market_cells` and :func:`lay_cells` (list indices); the
notation, ``Collect.cells`` and ``LayInMarket.cell`` count 1-9.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any

from .actions import LINES, SLOTS, Collect, Pass, Renew
from .components import (
    GOOD_INDEX,
    LINE_CELLS,
    SOLO_PILE_SLOTS,
    SOLO_TRACK,
    SOLO_TURNS,
    Card,
)
from .tables import (
    ALL_SLOT_BITS,
    BIT_INDICES,
    CELL_INDICES,
    EMPTY_MASK,
    PORT_LINES,
    DeckTables,
    market_cells_of,
)

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "collectable_sets",
    "is_solo",
    "lay_actions",
    "lay_cells",
    "legal_actions",
    "market_cells",
    "placement_slots",
]

_ACTIONS: dict[tuple[Any, ...], Any] = {}


def _memo(kind: type, *args: Any) -> Any:
    """Return a shared action instance (actions are values; sharing saves allocations)."""
    key = (kind, *args)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = kind(*args)
    return action


# --- teaching helpers (pure) -------------------------------------------------------------


@lru_cache(maxsize=4096)
def _matchable(baskets: tuple[int, ...], masks: tuple[int, ...], mode: str) -> tuple[Any, ...]:
    """Index sets of ``masks`` (cards) that can be matched to distinct baskets (K1, K2)."""
    found: list[tuple[int, ...]] = []
    for size in range(min(len(baskets), len(masks)), 0, -1):
        for subset in combinations(range(len(masks)), size):
            if any(
                all(
                    masks[card] >> baskets[basket] & 1
                    for card, basket in zip(subset, perm, strict=True)
                )
                for perm in permutations(range(len(baskets)), size)
            ):
                found.append(subset)
        if found and mode == "maximum":
            break  # BK-ACT-4: only the largest sets may be taken
    return tuple(sorted(found))


def collectable_sets(
    placed: Card,
    line: Sequence[Card | None],
    collect: str = "maximum",
    goods_count: str = "baskets",
) -> tuple[tuple[int, ...], ...]:
    """The sets of line positions (0-based, in the order given) the placed card may collect.

    BK-ACT-2/3/4: each collected card shares a good with a distinct basket of the placed card
    (a bipartite matching); with ``collect="maximum"`` only maximum matchings are allowed.
    Empty positions (``None``) are never collected. No shared good -> ``()``.
    """
    goods = placed.goods if goods_count == "baskets" else tuple(dict.fromkeys(placed.goods))
    baskets = tuple(GOOD_INDEX[good] for good in goods)
    present = [position for position, card in enumerate(line) if card is not None]
    masks = tuple(_mask(line[position]) for position in present)  # type: ignore[arg-type]
    return tuple(
        tuple(present[index] for index in subset) for subset in _matchable(baskets, masks, collect)
    )


def market_cells(
    market: Sequence[Card | None], card: Card, expert: bool = False
) -> tuple[int, ...]:
    """The market cells where ``card`` may be laid (BK-MKT-2, -3, -5, BK-EXP-1), numbered
    0-8: indices into ``market`` (reading order). The notation, ``LayInMarket.cell`` and
    ``ChilliScore.cell`` count 1-9: add 1 to compare or print (``[c + 1 for c in cells]``).

    The first card goes to the top-left cell; later cards to an empty cell orthogonally next to
    a laid card; a chilli card not into a row (expert: nor a column) already holding one.
    """
    filled = [card is not None for card in market]
    chilli = [card is not None and card.is_chilli for card in market]
    return market_cells_of(filled, chilli, card.is_chilli, expert)


def _mask(card: Card) -> int:
    """Bit mask of the goods a card shows."""
    return sum(1 << GOOD_INDEX[good] for good in set(card.goods))


# --- the engine ------------------------------------------------------------------------------


def is_solo(state: State) -> bool:
    """True when the one-player version applies."""
    return state.num_players == 1 and state.options.solo


def placement_slots(state: State) -> tuple[str, ...]:
    """The edge slots a card may be placed on now (solo: not the piles' nor the token's)."""
    return tuple(SLOTS[index] for index in _slot_indices(state))


_ALL_SLOTS = tuple(range(len(SLOTS)))
_SOLO_SLOTS = tuple(
    tuple(
        index
        for index, slot in enumerate(SLOTS)
        if slot not in SOLO_PILE_SLOTS and slot != token  # BK-SOLO-2
    )
    for token in SOLO_TRACK
)
_RENEW_CELLS = tuple(LINE_CELLS[line] for line in LINES)
_RENEWS = tuple(Renew(line) for line in LINES)
_PASS = (Pass(),)
_SOLO_SLOT_BITS = tuple(sum(1 << index for index in slots) for slots in _SOLO_SLOTS)


def _slot_indices(state: State) -> tuple[int, ...]:
    """Indices into SLOTS of the free placement slots."""
    if not is_solo(state):
        return _ALL_SLOTS
    return _SOLO_SLOTS[min(state.turn, SOLO_TURNS - 1)]


def _free_slot_bits(state: State) -> int:
    """The free placement slots as a bit set (bit i = SLOTS[i])."""
    if not is_solo(state):
        return ALL_SLOT_BITS
    return _SOLO_SLOT_BITS[min(state.turn, SOLO_TURNS - 1)]


def legal_actions(state: State) -> tuple[Any, ...]:
    """The legal actions of ``state`` in a deterministic order."""
    phase = state.phase
    if phase == "act":
        return _act_actions(state)
    if phase == "collect":
        return _collect_actions(state)
    if phase == "lay":
        return _lay_actions(state)
    return ()


def _act_actions(state: State) -> tuple[Any, ...]:
    """PlaceAtPort for every hand card and slot sharing a good; Renew; else Pass."""
    tables = state.tables
    port = state.port
    cell0, cell1, cell2, cell3, cell4, cell5, cell6, cell7, cell8 = port
    spread0, spread1, spread2, spread3, spread4, spread5, spread6, spread7, spread8 = (
        tables.port_spread
    )
    # 12 bits per goods mask m (from bit 12m): the slots whose line shows a good of m
    shown = (
        spread0[cell0]
        | spread1[cell1]
        | spread2[cell2]
        | spread3[cell3]
        | spread4[cell4]
        | spread5[cell5]
        | spread6[cell6]
        | spread7[cell7]
        | spread8[cell8]
    )
    place_memo = tables.place_memo
    spread_shifts = tables.spread_shifts
    free = ALL_SLOT_BITS if state.num_players > 1 else _free_slot_bits(state)
    out: list[Any] = []
    for card in state.hands[state.player]:
        bits = shown >> spread_shifts[card] & free
        memo = place_memo[card]
        row = memo.get(bits)
        if row is None:  # BK-ACT-1: the slots whose line shows a good of the card
            row = memo[bits] = tuple(tables.places[card][index] for index in BIT_INDICES[bits])
        out += row
    boat_left = len(state.boat_pile)
    chilli_left = len(state.chilli_pile)
    if boat_left >= 3 and chilli_left >= 3:  # BK-RENEW-1: any line holding a card renews
        if -1 not in port:
            out += _RENEWS
        else:
            out += [
                _RENEWS[line]
                for line, (first, second, third) in enumerate(_RENEW_CELLS)
                if port[first] >= 0 or port[second] >= 0 or port[third] >= 0
            ]
    else:
        chilli = tables.chilli
        for line, cells in enumerate(_RENEW_CELLS):  # BK-RENEW-1
            cards = [port[cell] for cell in cells if port[cell] >= 0]
            chillies = sum(chilli[card] for card in cards)
            if cards and chillies <= chilli_left and len(cards) - chillies <= boat_left:
                out.append(_RENEWS[line])
    return tuple(out) if out else _PASS


def _collect_actions(state: State) -> tuple[Any, ...]:
    """Collect for every allowed set of the placed card's line (BK-ACT-2..4)."""
    tables = state.tables
    port = state.port
    placed = state.placed
    options = state.options
    line_masks = tables.line_masks
    # only the goods of the placed card matter to the matching: the rest are masked off
    shown = line_masks[placed] | EMPTY_MASK
    line = PORT_LINES[state.slot]
    near, middle, far = line
    key = (
        tables.basket_codes[placed][options.goods_count == "distinct"]
        | (line_masks[port[near]] & shown) << 7
        | (line_masks[port[middle]] & shown) << 12
        | (line_masks[port[far]] & shown) << 17
        | (options.collect == "maximum") << 22
    )
    sets = tables.collect_sets.get(key)
    if sets is None:
        baskets = state.deck.baskets[placed]
        if options.goods_count == "distinct":
            baskets = tuple(dict.fromkeys(baskets))
        shared = [line_masks[port[cell]] & shown for cell in line]
        sets = tables.collect_sets[key] = _line_sets(shared, baskets, options.collect)
    memo = tables.collect_memo[state.slot]
    choices = memo.get(sets)
    if choices is None:
        cells = sorted(tuple(sorted(line[position] + 1 for position in taken)) for taken in sets)
        choices = memo[sets] = tuple(_memo(Collect, cells_taken) for cells_taken in cells)
    return choices


def _line_sets(
    shared: list[int], baskets: tuple[int, ...], mode: str
) -> tuple[tuple[int, ...], ...]:
    """The sets of line positions (0 near to 2 far) that may be collected, from the goods each
    position shares with the placed card's ``baskets`` (EMPTY_MASK: an empty cell)."""
    present = [position for position, mask in enumerate(shared) if mask != EMPTY_MASK]
    sets = _matchable(baskets, tuple(shared[position] for position in present), mode)
    return tuple(tuple(present[index] for index in subset) for subset in sets)


def _lay_actions(state: State) -> tuple[Any, ...]:
    """LayInMarket for every hand card and legal market cell."""
    seat = state.player
    return lay_actions(state.tables, state.hands[seat], state.markets[seat], state.options.expert)


def lay_actions(
    tables: DeckTables, hand: tuple[int, ...], market: tuple[int, ...], expert: bool
) -> tuple[Any, ...]:
    """LayInMarket for every card of ``hand`` and cell of ``market`` where it may be laid
    (BK-MKT-1 to BK-MKT-5, BK-EXP-1)."""
    boat_cells, chilli_cells = tables.lay_bits(market, expert)
    is_chilli = tables.chilli
    lay_rows = tables.lay_rows
    out: list[Any] = []
    for card in hand:
        cells = chilli_cells if is_chilli[card] else boat_cells
        memo = lay_rows[card]
        row = memo.get(cells)
        if row is None:
            row = memo[cells] = tuple(tables.lays[card][cell] for cell in CELL_INDICES[cells])
        out += row
    return tuple(out)


def lay_cells(state: State, seat: int) -> tuple[tuple[int, ...], ...]:
    """The cells of ``seat``'s market where a boat card and a chilli card may be laid now
    (BK-MKT-2, -3, -5, BK-EXP-1), numbered 0-8 (indices into ``state.markets[seat]``; the
    notation's cell is one more)."""
    return state.tables.lay_cells(state.markets[seat], state.options.expert)
