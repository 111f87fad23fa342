"""Bangkok rules: one handler per action kind, writing what the action changes.

The engine step (``core.step``) calls a handler with the state before the action and a new dict
of its fields, ``fields``, which becomes the next state.

The legal actions live in :mod:`.legal` and the refusals in :mod:`.refusals`; the handlers
assume a legal action. Port cells are numbered 0-8 in reading order inside the engine; a line
seen from a placement slot (:data:`~.tables.PORT_LINES`) is listed "near to far".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.checks import replace_at

from .actions import Collect, LayInMarket, Pass, PlaceAtPort, Renew
from .components import LINE_CELLS, SOLO_TURNS
from .legal import lay_actions
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


def _do_place_at_port(state: State, fields: StateChanges, action: PlaceAtPort) -> None:
    """BK-ACT-1: the card leaves the hand and waits beside its line for the collection."""
    hands = state.hands
    seat = state.player
    fields["hands"] = replace_at(hands, seat, _without(hands[seat], action.card))
    fields["phase"] = "collect"
    fields["placed"] = action.card
    fields["slot"] = action.slot


def _do_collect(state: State, fields: StateChanges, action: Collect) -> None:
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
    fields["hands"] = replace_at(state.hands, seat, tuple(hand))
    fields["placed"] = -1
    fields["slot"] = ""
    if -1 in port:
        _refill(state, port, fields)
    fields["port"] = tuple(port)
    _lay_or_end(state, fields)


def _refill(state: State, port: list[int], fields: StateChanges) -> None:
    """Fill the empty port slots in reading order (K4); the remaining piles go to ``fields``
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
        fields["boat_pile"] = boat = boat[from_boat:]
        if state.boat_known > len(boat):  # the known bottom cards drawn as well
            fields["boat_known"] = len(boat)
    if from_chilli:
        fields["chilli_pile"] = chilli_pile = chilli_pile[from_chilli:]
        if state.chilli_known > len(chilli_pile):
            fields["chilli_known"] = len(chilli_pile)


def _lay_or_end(state: State, fields: StateChanges) -> None:
    """BK-MKT-1, K11: ``fields`` (holding the new hands and markets) goes on in phase "lay"
    while the hand holds more than 3 cards and one of them can be laid; the cards and cells
    found are the lay phase's legal actions (``State.carry`` keeps them). Else the turn ends."""
    seat = state.player
    hand = fields["hands"][seat]
    if len(hand) > HAND_SIZE:
        market = fields["markets"][seat]
        lays = lay_actions(state.tables, hand, market, state.options.expert)
        if lays:
            fields["phase"] = "lay"
            fields["_legal"] = lays
            return
    _end_turn(state, 0, fields)


def _do_lay_in_market(state: State, fields: StateChanges, action: LayInMarket) -> None:
    """BK-MKT-1..5: lay the card; the 9th card triggers the end (BK-END-1)."""
    seat = state.player
    hands = state.hands
    markets = state.markets
    market = replace_at(markets[seat], action.cell - 1, action.card)
    fields["hands"] = replace_at(hands, seat, _without(hands[seat], action.card))
    fields["markets"] = replace_at(markets, seat, market)
    if -1 not in market:
        fields["end_triggered"] = True
    _lay_or_end(state, fields)


def _do_renew(state: State, fields: StateChanges, action: Renew) -> None:
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
    fields["port"] = tuple(port)
    fields["boat_pile"] = boat + tuple(under_boat)
    fields["chilli_pile"] = chilli_pile + tuple(under_chilli)
    # the replaced cards were seen going under: the bottom of each pile is public
    fields["boat_known"] = min(state.boat_known, len(boat)) + len(under_boat)
    fields["chilli_known"] = min(state.chilli_known, len(chilli_pile)) + len(under_chilli)
    _end_turn(state, 0, fields)


def _end_turn(state: State, passes: int, fields: StateChanges) -> None:
    """The turn of ``state`` passed on in ``fields``; decide whether the game is over
    (BK-END-1, BK-SOLO-3, K13)."""
    turn = state.turn + 1
    num_players = state.num_players
    seat = (state.player + 1) % num_players
    if num_players == 1 and state.options.solo:  # is_solo
        over = turn >= SOLO_TURNS or fields["end_triggered"]
    else:
        # K13: the round ends after the seat before the first player (seat 0) has played;
        # every seat passing in a row means the position can never change again.
        over = (fields["end_triggered"] and seat == 0) or passes >= num_players
    fields["turn"] = turn
    fields["player"] = seat
    fields["phase"] = "over" if over else "act"
    fields["passes"] = passes


def _do_pass(state: State, fields: StateChanges, action: Pass) -> None:
    """K6 (engine reading): nothing can be placed or renewed, the turn passes."""
    _end_turn(state, state.passes + 1, fields)


HANDLERS: dict[type, Callable[[State, StateChanges, Any], None]] = {
    PlaceAtPort: _do_place_at_port,
    Collect: _do_collect,
    LayInMarket: _do_lay_in_market,
    Renew: _do_renew,
    Pass: _do_pass,
}
"""The handler of each action kind: ``HANDLERS[type(action)](state, fields, action)`` writes
into ``fields`` (the next state's) what ``action``, assumed legal, changes in ``state`` (the
engine step, ``core.step``, calls it)."""
