"""Bangkok rules: one handler per action kind, turning a state into the next one.

The legal actions live in :mod:`.legal` and the refusals in :mod:`.refusals`; the handlers
assume a legal action. Port cells are numbered 0-8 in reading order inside the engine; a line
seen from a placement slot (:data:`~.tables.PORT_LINES`) is listed "near to far".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.checks import replace_at
from bamboo_lab.core.history import extended

from .actions import Collect, LayInMarket, Pass, PlaceAtPort, Renew
from .components import LINE_CELLS, SOLO_TURNS
from .tables import COLLECT_PLANS, PORT_LINES

if TYPE_CHECKING:
    from .state import State, StateChanges

__all__ = ["HANDLERS", "HAND_SIZE", "MARKET_SIZE", "refill_source"]

HAND_SIZE = 3
"""A hand returns to exactly 3 cards after completing the market (BK-MKT-1)."""

MARKET_SIZE = 9
"""A floating market is a 3x3 square; placing the 9th card ends the game (BK-END-1)."""


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


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The hand minus one card (a hand holds each card once)."""
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _do_place_at_port(state: State, action: PlaceAtPort) -> State:
    """BK-ACT-1: the card leaves the hand and waits beside its line for the collection."""
    changes = state.draft()
    hands = changes["hands"]
    seat = state.player
    changes["hands"] = replace_at(hands, seat, _without(hands[seat], action.card))
    changes["phase"] = "collect"
    changes["placed"] = action.card
    changes["slot"] = action.slot
    changes["history"] = extended(changes["history"], action)
    return state.drafted(changes)


def _do_collect(state: State, action: Collect) -> State:
    """BK-ACT-3, BK-SHIFT-1, BK-REFILL-1: take the cards, shift the line, refill the port."""
    seat = state.player
    port = list(state.port)
    slot = state.slot
    taken, kept = COLLECT_PLANS[slot][action.cells]
    hand = [*state.hands[seat], *[port[cell] for cell in taken]]
    hand.sort()
    # BK-SHIFT-1: the placed card pushes the cards left in the line away from its slot
    rest = [state.placed]
    for cell in kept:
        if port[cell] >= 0:
            rest.append(port[cell])
    empty = 3 - len(rest)
    for index, cell in enumerate(PORT_LINES[slot]):
        port[cell] = rest[index - empty] if index >= empty else -1
    changes = state.draft()
    changes["hands"] = replace_at(state.hands, seat, tuple(hand))
    changes["placed"] = -1
    changes["slot"] = ""
    changes["history"] = extended(changes["history"], action)
    if -1 in port:
        _refill(state, port, changes)
    changes["port"] = tuple(port)
    return _lay_or_end(state, changes)


def _refill(state: State, port: list[int], changes: StateChanges) -> None:
    """Fill the empty port slots in reading order (K4); the remaining piles go to ``changes``
    (with what is still known of their bottoms)."""
    boat, chilli_pile = state.boat_pile, state.chilli_pile
    boat_left, chilli_left = len(boat), len(chilli_pile)
    from_boat = from_chilli = 0  # cards drawn from the top of each pile
    is_chilli = state.tables.chilli
    once = state.options.refill == "once"
    chillies = sum(is_chilli[card] for card in port)
    for cell in range(9):
        if port[cell] >= 0:
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
        port[cell] = card
        if not once:
            chillies += is_chilli[card]
    if from_boat:
        changes["boat_pile"] = boat = boat[from_boat:]
        if state.boat_known > len(boat):  # the known bottom cards drawn as well
            changes["boat_known"] = len(boat)
    if from_chilli:
        changes["chilli_pile"] = chilli_pile = chilli_pile[from_chilli:]
        if state.chilli_known > len(chilli_pile):
            changes["chilli_known"] = len(chilli_pile)


def _lay_or_end(state: State, changes: StateChanges) -> State:
    """BK-MKT-1, K11: the draft ``changes`` of ``state`` (holding the new hands) goes on in
    phase "lay" while the hand holds more than 3 cards and one of them has a legal cell (kept
    in the new state's own legal-action cache); else the turn ends."""
    if len(changes["hands"][state.player]) > HAND_SIZE:
        changes["phase"] = "lay"
        new = state.drafted(changes)
        if new.legal_actions():
            return new
        return _end_turn(new, 0, new.draft())
    return _end_turn(state, 0, changes)


def _do_lay_in_market(state: State, action: LayInMarket) -> State:
    """BK-MKT-1..5: lay the card; the 9th card triggers the end (BK-END-1)."""
    changes = state.draft()
    seat = state.player
    hands = changes["hands"]
    markets = changes["markets"]
    market = replace_at(markets[seat], action.cell - 1, action.card)
    changes["hands"] = replace_at(hands, seat, _without(hands[seat], action.card))
    changes["markets"] = replace_at(markets, seat, market)
    if -1 not in market:
        changes["end_triggered"] = True
    changes["history"] = extended(changes["history"], action)
    return _lay_or_end(state, changes)


def _do_renew(state: State, action: Renew) -> State:
    """BK-RENEW-1, K6: replace each card of the line from the top of its own pile, in line
    order; the replaced cards go under their piles in the same order."""
    port = list(state.port)
    boat, chilli_pile = state.boat_pile, state.chilli_pile
    is_chilli = state.tables.chilli
    under_boat: list[int] = []
    under_chilli: list[int] = []
    for cell in LINE_CELLS[action.line]:
        old = port[cell]
        if old < 0:
            continue
        if is_chilli[old]:
            port[cell] = chilli_pile[len(under_chilli)]
            under_chilli.append(old)
        else:
            port[cell] = boat[len(under_boat)]
            under_boat.append(old)
    boat = boat[len(under_boat) :]
    chilli_pile = chilli_pile[len(under_chilli) :]
    changes = state.draft()
    changes["port"] = tuple(port)
    changes["boat_pile"] = boat + tuple(under_boat)
    changes["chilli_pile"] = chilli_pile + tuple(under_chilli)
    # the replaced cards were seen going under: the bottom of each pile is public
    changes["boat_known"] = min(state.boat_known, len(boat)) + len(under_boat)
    changes["chilli_known"] = min(state.chilli_known, len(chilli_pile)) + len(under_chilli)
    changes["history"] = extended(changes["history"], action)
    return _end_turn(state, 0, changes)


def _end_turn(state: State, passes: int, changes: StateChanges) -> State:
    """The draft ``changes`` of ``state``, then the turn passed on; decide whether the game is
    over (BK-END-1, BK-SOLO-3, K13)."""
    turn = state.turn + 1
    num_players = state.num_players
    seat = (state.player + 1) % num_players
    if num_players == 1 and state.options.solo:  # is_solo
        over = turn >= SOLO_TURNS or changes["end_triggered"]
    else:
        # K13: the round ends after the seat before the first player (seat 0) has played;
        # every seat passing in a row means the position can never change again.
        over = (changes["end_triggered"] and seat == 0) or passes >= num_players
    changes["turn"] = turn
    changes["player"] = seat
    changes["phase"] = "over" if over else "act"
    changes["passes"] = passes
    return state.drafted(changes)


def _do_pass(state: State, action: Pass) -> State:
    """K6 (engine reading): nothing can be placed or renewed, the turn passes."""
    changes = state.draft()
    changes["history"] = extended(changes["history"], action)
    return _end_turn(state, state.passes + 1, changes)


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    PlaceAtPort: _do_place_at_port,
    Collect: _do_collect,
    LayInMarket: _do_lay_in_market,
    Renew: _do_renew,
    Pass: _do_pass,
}
"""The handler of each action kind: ``HANDLERS[type(action)](state, action)`` is the state
after ``action``, assumed legal (State.apply calls it directly)."""
