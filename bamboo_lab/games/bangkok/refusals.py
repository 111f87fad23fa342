"""Bangkok refusals: the rule an illegal action breaks, as (rule ID, one sentence).

:func:`refusal` answers for any well-formed action that is not legal; :data:`RULEBOOK`
(``core.refusals``) turns it into ``State.apply``'s IllegalActionError, ``explain`` and
``parse_action``. Rule IDs are those of ``docs/rules/bangkok.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bamboo_lab.core.refusals import Refusal, Rulebook

from .actions import ACTION_TYPES, Collect, LayInMarket, Pass, PlaceAtPort, Renew, parse_notation
from .components import LINE_CELLS, SOLO_TRACK, SOLO_TURNS
from .info import GAME_INFO
from .legal import collectable_sets, placement_slots
from .scoring import NEIGHBOURS
from .tables import PORT_LINES

if TYPE_CHECKING:
    from .state import State

__all__ = ["PHASE_ACTIONS", "RULEBOOK", "refusal"]


PHASE_ACTIONS: dict[str, tuple[type, ...]] = {
    "act": (PlaceAtPort, Renew, Pass),
    "collect": (Collect,),
    "lay": (LayInMarket,),
    "over": (),
}
"""The action kinds each phase expects."""


def refusal(state: State, action: Any) -> Refusal | None:
    """The rule ``action`` breaks in ``state`` as (rule ID, one sentence), or None when legal."""
    if state.phase == "over":
        return "BK-END-1", "the game is over: no one plays any more"
    if action in state.legal_actions():
        return None
    phase = state.phase
    if type(action) not in PHASE_ACTIONS[phase]:
        return _wrong_phase(state)
    seat = state.player
    if isinstance(action, (PlaceAtPort, LayInMarket)):
        rule = "BK-ACT-1" if isinstance(action, PlaceAtPort) else "BK-MKT-1"
        where = "beside the port" if rule == "BK-ACT-1" else "in their market"
        if action.card not in state.hands[seat]:
            return rule, f"a player puts a card {where} from their own hand, and card " + (
                f"#{action.card} is not in player {seat}'s hand"
            )
        label = state.deck.labels[action.card]
        if action.face != label:
            return rule, f"card #{action.card} shows {label}, not {action.face}"
    if isinstance(action, PlaceAtPort):
        return _why_not_placed(state, action)
    if isinstance(action, Collect):
        return _why_not_collected(state, action)
    if isinstance(action, LayInMarket):
        return _why_not_laid(state, action)
    if isinstance(action, Renew):
        if all(state.port[cell] < 0 for cell in LINE_CELLS[action.line]):
            return (
                "BK-RENEW-1",
                f"a renewal replaces the cards of a line, and {action.line} holds none",
            )
        return "BK-RENEW-1", (
            f"each card of {action.line} is replaced from the top of its own pile, and the piles"
            " hold too few cards"
        )
    return "BK-RENEW-1", (
        "a player passes only when no card can be placed at the port and no line renewed"
    )


def _wrong_phase(state: State) -> Refusal:
    """The turn's order (BK-ACT-1, BK-ACT-2, BK-MKT-1): what the pending decision is."""
    if state.phase == "collect":
        return "BK-ACT-2", (
            f"the card placed at {state.slot} must first collect its cards from that line"
        )
    if state.phase == "lay":
        return "BK-MKT-1", (
            "with more than 3 cards in hand the player first lays the excess in their market"
        )
    return "BK-ACT-1", (
        "a turn begins by placing a hand card beside a line of the port (or renewing a line)"
    )


def _why_not_placed(state: State, action: PlaceAtPort) -> Refusal:
    """Why a placement of a hand card is illegal (BK-ACT-1, BK-SOLO-2)."""
    if action.slot not in placement_slots(state):
        token = SOLO_TRACK[min(state.turn, SOLO_TURNS - 1)]
        holder = "the turn token" if action.slot == token else "a pile"
        return "BK-SOLO-2", (
            f"in the solo game a card goes on a free slot, and {action.slot} holds {holder}"
            f" (piles at T1 and T3, token at {token})"
        )
    return "BK-ACT-1", (
        f"the placed card must share a good with a card of its line, and the line at"
        f" {action.slot} shows none of the goods of card #{action.card}"
    )


def _why_not_collected(state: State, action: Collect) -> Refusal:
    """Why a collection is illegal (BK-ACT-1..4)."""
    line = PORT_LINES[state.slot]
    outside = [cell for cell in action.cells if cell - 1 not in line]
    if outside:
        cells = sorted(cell + 1 for cell in line)
        return "BK-ACT-1", (
            f"the cards are collected from the line the card was placed beside, and cell"
            f" {outside[0]} is not in the line at {state.slot} (cells {cells})"
        )
    deck = state.deck
    goods = len(deck.baskets[state.placed])
    if len(action.cells) > goods:
        return "BK-ACT-2", f"a card with {goods} good(s) collects at most {goods} card(s)"
    empty = [cell for cell in action.cells if state.port[cell - 1] < 0]
    if empty:
        return "BK-ACT-3", f"cell {empty[0]} is empty: there is no card to collect there"
    present = [cell for cell in line if state.port[cell] >= 0]
    placed = deck.cards[state.placed]
    cards = [deck.cards[state.port[cell]] for cell in present]
    chosen = tuple(sorted(present.index(cell - 1) for cell in action.cells))
    if chosen in collectable_sets(placed, cards, "any", state.options.goods_count):
        largest = len(state.legal_actions()[0].cells)
        return "BK-ACT-4", (
            f"a player never refuses a card they are entitled to, so they take {largest} cards"
        )
    return "BK-ACT-3", (
        "each collected card shares a good with the placed card, one card per basket"
    )


def _why_not_laid(state: State, action: LayInMarket) -> Refusal:
    """Why laying a card in a market cell is illegal (BK-MKT-2..5, BK-EXP-1)."""
    market = state.markets[state.player]
    cell = action.cell - 1
    if market[cell] >= 0:
        return "BK-MKT-4", f"cell {action.cell} already holds a card, and market cards never move"
    if all(card < 0 for card in market):
        return "BK-MKT-2", "the first market card goes to cell 1, right of the pontoon"
    if all(market[neighbour] < 0 for neighbour in NEIGHBOURS[cell]):
        return "BK-MKT-3", f"cell {action.cell} is not orthogonally next to a laid card"
    chilli = state.deck.chilli
    row = [market[3 * (cell // 3) + column] for column in range(3)]
    if any(card >= 0 and chilli[card] for card in row):
        return "BK-MKT-5", f"row {cell // 3 + 1} of the market already holds a chilli card"
    return "BK-EXP-1", (f"expert: column {cell % 3 + 1} of the market already holds a chilli card")


RULEBOOK: Rulebook[State] = Rulebook(
    GAME_INFO.title, GAME_INFO.name, ACTION_TYPES, parse_notation, refusal
)
"""Bangkok's refusal pipeline: ``State.apply``'s check, ``explain`` and ``parse_action``."""
