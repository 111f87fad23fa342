"""Bangkok rules: legal actions, one handler per action kind, and why an action is refused.

Port and market cells are numbered 0-8 in reading order inside the engine and by the helpers
:func:`market_cells` and :func:`lay_cells` (list indices); the notation, ``Collect.cells`` and
``LayInMarket.cell`` count 1-9. Inside the
engine a line seen from a placement slot (:data:`PORT_LINES`) is listed "near to far"; the
public helpers take and give lines in reading order (left to right, top to bottom).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, TypeVar

from bamboo_lab.core.checks import replace_at
from bamboo_lab.core.history import History

from .actions import LINES, SLOTS, Collect, LayInMarket, Pass, PlaceAtPort, Renew
from .components import Card
from .tables import ALL_SLOT_BITS, BIT_INDICES, PORT_LINES, market_cells_of

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "HAND_SIZE",
    "MARKET_SIZE",
    "PORT_LINES",
    "RENEW_LINES",
    "SOLO_PILE_SLOTS",
    "SOLO_TRACK",
    "SOLO_TURNS",
    "apply_action",
    "collectable_sets",
    "lay_cells",
    "legal_actions",
    "market_cells",
    "placement_slots",
    "refill_source",
]

T = TypeVar("T")

HAND_SIZE = 3
"""A hand returns to exactly 3 cards after completing the market (BK-MKT-1)."""

MARKET_SIZE = 9
"""A floating market is a 3x3 square; placing the 9th card ends the game (BK-END-1)."""

RENEW_LINES: dict[str, tuple[int, ...]] = {
    **{f"row{r + 1}": (3 * r, 3 * r + 1, 3 * r + 2) for r in range(3)},
    **{f"col{c + 1}": (c, c + 3, c + 6) for c in range(3)},
}
"""Per renewable line: its cells in reading order (BK-RENEW-1)."""

SOLO_TRACK: tuple[str, ...] = ("R1", "R2", "R3", "B3", "B2", "B1", "L3", "L2", "L1")
"""The solo turn-counter track, clockwise from right of row 1 (BK-SOLO-1, K14, REC direction)."""

SOLO_PILE_SLOTS: tuple[str, ...] = ("T1", "T3")
"""Solo: the two piles sit above columns 1 and 3 and block those slots (BK-SOLO-1)."""

SOLO_TURNS = len(SOLO_TRACK)
"""Solo: the game ends at the end of the 9th turn (BK-SOLO-3)."""

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
                all(masks[i] >> baskets[b] & 1 for i, b in zip(subset, perm, strict=True))
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
    baskets = tuple(_GOOD_INDEX[g] for g in goods)
    present = [i for i, card in enumerate(line) if card is not None]
    masks = tuple(_mask(line[i]) for i in present)  # type: ignore[arg-type]
    return tuple(tuple(present[j] for j in s) for s in _matchable(baskets, masks, collect))


def refill_source(port_chillies: int, boat_left: int, chilli_left: int) -> str | None:
    """The pile an empty port slot is filled from: "boat", "chilli" or None (BK-REFILL-1, K4).

    More than one chilli card in the port -> the boat pile, otherwise the chilli pile; an
    exhausted pile is replaced by the other; both exhausted -> the slot stays empty.
    """
    first, other = ("boat", "chilli") if port_chillies > 1 else ("chilli", "boat")
    left = {"boat": boat_left, "chilli": chilli_left}
    if left[first]:
        return first
    return other if left[other] else None


def market_cells(
    market: Sequence[Card | None], card: Card, expert: bool = False
) -> tuple[int, ...]:
    """The market cells where ``card`` may be laid (BK-MKT-2, -3, -5, BK-EXP-1), numbered
    0-8: indices into ``market`` (reading order). The notation, ``LayInMarket.cell`` and
    ``ChilliScore.cell`` count 1-9: add 1 to compare or print (``[c + 1 for c in cells]``).

    The first card goes to the top-left cell; later cards to an empty cell orthogonally next to
    a laid card; a chilli card not into a row (expert: nor a column) already holding one.
    """
    filled = [c is not None for c in market]
    chilli = [c is not None and c.is_chilli for c in market]
    return market_cells_of(filled, chilli, card.is_chilli, expert)


_GOOD_INDEX = {"passion_fruit": 0, "thai_zucchini": 1, "blue_peas": 2, "fish": 3}


def _mask(card: Card) -> int:
    """Bit mask of the goods a card shows."""
    return sum(1 << _GOOD_INDEX[g] for g in set(card.goods))


# --- the engine ------------------------------------------------------------------------------


def is_solo(state: State) -> bool:
    """True when the one-player version applies."""
    return state.num_players == 1 and state.options.solo


def placement_slots(state: State) -> tuple[str, ...]:
    """The edge slots a card may be placed on now (solo: not the piles' nor the token's)."""
    return tuple(SLOTS[i] for i in _slot_indices(state))


_ALL_SLOTS = tuple(range(len(SLOTS)))
_SOLO_SLOTS = tuple(
    tuple(
        i
        for i, s in enumerate(SLOTS)
        if s not in SOLO_PILE_SLOTS and s != token  # BK-SOLO-2
    )
    for token in SOLO_TRACK
)
_RENEW_CELLS = tuple(RENEW_LINES[line] for line in LINES)
_RENEWS = tuple(Renew(line) for line in LINES)
_PASS = (Pass(),)
_SOLO_SLOT_BITS = tuple(sum(1 << i for i in slots) for slots in _SOLO_SLOTS)


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
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = port
    s0, s1, s2, s3, s4, s5, s6, s7, s8 = tables.port_spread
    # 12 bits per good g (from bit 12g): the slots whose line shows g (bit i = SLOTS[i])
    shown = s0[c0] | s1[c1] | s2[c2] | s3[c3] | s4[c4] | s5[c5] | s6[c6] | s7[c7] | s8[c8]
    place_memo = tables.place_memo
    shifts = tables.shifts
    free = _free_slot_bits(state)
    out: list[Any] = []
    for card in state.hands[state.player]:
        bits = 0
        for shift in shifts[card]:
            bits |= shown >> shift
        bits &= free
        memo = place_memo[card]
        row = memo.get(bits)
        if row is None:  # BK-ACT-1: the slots whose line shows a good of the card
            row = memo[bits] = tuple(tables.places[card][i] for i in BIT_INDICES[bits])
        out += row
    boat_left = len(state.boat_pile)
    chilli_left = len(state.chilli_pile)
    if boat_left >= 3 and chilli_left >= 3:  # BK-RENEW-1: any line holding a card renews
        if -1 not in port:
            out += _RENEWS
        else:
            out += [
                _RENEWS[k]
                for k, (a, b, c) in enumerate(_RENEW_CELLS)
                if port[a] >= 0 or port[b] >= 0 or port[c] >= 0
            ]
    else:
        chilli = tables.chilli
        for k, cells in enumerate(_RENEW_CELLS):  # BK-RENEW-1
            cards = [port[i] for i in cells if port[i] >= 0]
            chillies = sum(chilli[c] for c in cards)
            if cards and chillies <= chilli_left and len(cards) - chillies <= boat_left:
                out.append(_RENEWS[k])
    return tuple(out) if out else _PASS


def _collect_actions(state: State) -> tuple[Any, ...]:
    """Collect for every allowed set of the placed card's line (BK-ACT-2..4)."""
    port = state.port
    placed = state.placed
    options = state.options
    masks = state.tables.masks
    shown = masks[placed]
    present: list[int] = []
    # only the goods of the placed card matter to the matching: the rest are masked off
    shared: list[int] = []
    for i in PORT_LINES[state.slot]:
        card = port[i]
        if card >= 0:
            present.append(i)
            shared.append(masks[card] & shown)
    baskets = state.deck.baskets[placed]
    if options.goods_count == "distinct":
        baskets = tuple(dict.fromkeys(baskets))
    return _collect_choices(tuple(present), baskets, tuple(shared), options.collect)


@lru_cache(maxsize=16384)
def _collect_choices(
    present: tuple[int, ...], baskets: tuple[int, ...], masks: tuple[int, ...], mode: str
) -> tuple[Any, ...]:
    """The Collect actions for the cards at ``present`` (port cells 0-8) showing ``masks``."""
    sets = _matchable(baskets, masks, mode)
    cells = sorted(tuple(sorted(present[j] + 1 for j in s)) for s in sets)
    return tuple(_memo(Collect, c) for c in cells)


def _lay_actions(state: State) -> tuple[Any, ...]:
    """LayInMarket for every hand card and legal market cell."""
    tables = state.tables
    seat = state.player
    boat_cells, chilli_cells = tables.lay_cells(state.markets[seat], state.options.expert)
    is_chilli = tables.chilli
    lay_rows = tables.lay_rows
    out: list[Any] = []
    for card in state.hands[seat]:
        cells = chilli_cells if is_chilli[card] else boat_cells
        memo = lay_rows[card]
        row = memo.get(cells)
        if row is None:
            row = memo[cells] = tuple(tables.lays[card][cell] for cell in cells)
        out += row
    return tuple(out)


def lay_cells(state: State, seat: int) -> tuple[tuple[int, ...], ...]:
    """The cells of ``seat``'s market where a boat card and a chilli card may be laid now
    (BK-MKT-2, -3, -5, BK-EXP-1), numbered 0-8 (indices into ``state.markets[seat]``; the
    notation's cell is one more)."""
    return state.tables.lay_cells(state.markets[seat], state.options.expert)


def apply_action(state: State, action: Any) -> State:
    """The state after ``action`` (assumed legal): the handler of its kind."""
    return _HANDLERS[type(action)](state, action)


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The hand minus one card."""
    return tuple([c for c in hand if c != card])


def _place(state: State, action: PlaceAtPort) -> State:
    """BK-ACT-1: the card leaves the hand and waits beside its line for the collection."""
    seat = state.player
    hands = replace_at(state.hands, seat, _without(state.hands[seat], action.card))
    return state.evolved(
        {
            "hands": hands,
            "phase": "collect",
            "placed": action.card,
            "slot": action.slot,
            "history": History(state.__dict__["history"], action),
        }
    )


def _collect(state: State, action: Collect) -> State:
    """BK-ACT-3, BK-SHIFT-1, BK-REFILL-1: take the cards, shift the line, refill the port."""
    seat = state.player
    port = list(state.port)
    taken = [c - 1 for c in action.cells]
    hand = tuple(sorted((*state.hands[seat], *(port[i] for i in taken))))
    line = PORT_LINES[state.slot]
    rest = [state.placed] + [port[i] for i in line if port[i] >= 0 and i not in taken]
    values = [-1] * (3 - len(rest)) + rest
    for i, value in zip(line, values, strict=True):
        port[i] = value
    boat_pile, chilli_pile = _refill(state, port)
    return _lay_or_end(
        state,
        {
            "port": tuple(port),
            "boat_pile": boat_pile,
            "chilli_pile": chilli_pile,
            "boat_known": min(state.boat_known, len(boat_pile)),
            "chilli_known": min(state.chilli_known, len(chilli_pile)),
            "hands": replace_at(state.hands, seat, hand),
            "placed": -1,
            "slot": "",
            "history": History(state.__dict__["history"], action),
        },
    )


def _refill(state: State, port: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Fill the empty port slots in reading order (K4); return the remaining piles."""
    boat, chilli_pile = state.boat_pile, state.chilli_pile
    boat_left, chilli_left = len(boat), len(chilli_pile)
    from_boat = from_chilli = 0  # cards drawn from the top of each pile
    is_chilli = state.tables.chilli
    once = state.options.refill == "once"
    chillies = sum([is_chilli[c] for c in port])
    for i in range(9):
        if port[i] >= 0:
            continue
        # refill_source inlined: more than one chilli card -> boat pile; else the other one
        if chillies > 1:
            if from_boat < boat_left:
                card, from_boat = boat[from_boat], from_boat + 1
            elif from_chilli < chilli_left:
                card, from_chilli = chilli_pile[from_chilli], from_chilli + 1
            else:
                break
        elif from_chilli < chilli_left:
            card, from_chilli = chilli_pile[from_chilli], from_chilli + 1
        elif from_boat < boat_left:
            card, from_boat = boat[from_boat], from_boat + 1
        else:
            break
        port[i] = card
        if not once:
            chillies += is_chilli[card]
    return boat[from_boat:], chilli_pile[from_chilli:]


def _lay_or_end(state: State, changes: dict[str, Any]) -> State:
    """BK-MKT-1, K11: ``state`` with ``changes`` (which hold the new hands) goes on in phase
    "lay" while the hand holds more than 3 cards and one of them has a legal cell (kept in the
    new state's own legal-action cache); else the turn ends."""
    if len(changes["hands"][state.player]) > HAND_SIZE:
        changes["phase"] = "lay"
        new = state.evolved(changes)
        if new.legal_actions():
            return new
        return _end_turn(new, 0, {})
    return _end_turn(state, 0, changes)


def _lay(state: State, action: LayInMarket) -> State:
    """BK-MKT-1..5: lay the card; the 9th card triggers the end (BK-END-1)."""
    seat = state.player
    market = state.markets[seat]
    cell = action.cell - 1
    market = replace_at(market, cell, action.card)
    return _lay_or_end(
        state,
        {
            "hands": replace_at(state.hands, seat, _without(state.hands[seat], action.card)),
            "markets": replace_at(state.markets, seat, market),
            "end_triggered": state.end_triggered or -1 not in market,
            "history": History(state.__dict__["history"], action),
        },
    )


def _renew(state: State, action: Renew) -> State:
    """BK-RENEW-1, K6: replace each card of the line from the top of its own pile, in line
    order; the replaced cards go under their piles in the same order."""
    port = list(state.port)
    boat = list(state.boat_pile)
    chilli_pile = list(state.chilli_pile)
    is_chilli = state.tables.chilli
    under_boat: list[int] = []
    under_chilli: list[int] = []
    for i in RENEW_LINES[action.line]:
        old = port[i]
        if old < 0:
            continue
        if is_chilli[old]:
            port[i] = chilli_pile.pop(0)
            under_chilli.append(old)
        else:
            port[i] = boat.pop(0)
            under_boat.append(old)
    return _end_turn(
        state,
        0,
        {
            "port": tuple(port),
            "boat_pile": (*boat, *under_boat),
            "chilli_pile": (*chilli_pile, *under_chilli),
            # the replaced cards were seen going under: the bottom of each pile is public
            "boat_known": min(state.boat_known, len(boat)) + len(under_boat),
            "chilli_known": min(state.chilli_known, len(chilli_pile)) + len(under_chilli),
            "history": History(state.__dict__["history"], action),
        },
    )


def _end_turn(state: State, passes: int, changes: dict[str, Any]) -> State:
    """``state`` with ``changes``, then the turn passed on; decide whether the game is over
    (BK-END-1, BK-SOLO-3, K13)."""
    turn = state.turn + 1
    num_players = state.num_players
    seat = (state.player + 1) % num_players
    end_triggered = changes.get("end_triggered", state.end_triggered)
    if num_players == 1 and state.options.solo:  # is_solo
        over = turn >= SOLO_TURNS or end_triggered
    else:
        # K13: the round ends after the seat before the first player (seat 0) has played;
        # every seat passing in a row means the position can never change again.
        over = (end_triggered and seat == 0) or passes >= num_players
    changes["turn"] = turn
    changes["player"] = seat
    changes["phase"] = "over" if over else "act"
    changes["passes"] = passes
    return state.evolved(changes)


def _do_pass(state: State, action: Pass) -> State:
    """K6 (engine reading): nothing can be placed or renewed, the turn passes."""
    return _end_turn(
        state, state.passes + 1, {"history": History(state.__dict__["history"], action)}
    )


_HANDLERS: dict[type, Callable[[Any, Any], Any]] = {
    PlaceAtPort: _place,
    Collect: _collect,
    LayInMarket: _lay,
    Renew: _renew,
    Pass: _do_pass,
}
"""One handler per action kind: ``_HANDLERS[type(action)](state, action)``."""
