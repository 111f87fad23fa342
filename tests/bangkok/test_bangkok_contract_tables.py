"""Bangkok's engine tables and memos (issue 23) against the same rules computed from scratch
by the pure teaching helpers, over every position of seeded games with every option set: the
legal actions, the shift of a collected line, the market totals, and the rules' state drafts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from bangkok_helpers import OPTIONS

from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.actions import LINES, SLOTS
from bamboo_lab.games.bangkok.components import LINE_CELLS
from bamboo_lab.games.bangkok.legal import placement_slots
from bamboo_lab.games.bangkok.scoring import market_total
from bamboo_lab.games.bangkok.tables import PORT_LINES

GAMES = [(players, options) for players in (1, 2, 3, 4) for options in OPTIONS]


def positions(players: int, options: dict[str, Any], games: int = 3) -> Iterator[bk.State]:
    """Every position of ``games`` seeded random games (3 times as many solo games, which last
    9 turns): hundreds of positions."""
    rng = random.Random(players)
    for seed in range(games if players > 1 else 3 * games):
        state = bk.new_game(players, seed, options)
        yield state
        while not state.is_over():
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))], check=False)
            yield state


def card_or_none(state: bk.State, card: int) -> bk.Card | None:
    """The card of an id, None for an empty place."""
    return state.deck.cards[card] if card >= 0 else None


def from_scratch(state: bk.State) -> tuple[Any, ...]:
    """The legal actions of ``state`` built from the cards alone, in the engine's order."""
    cards = state.deck.cards
    hand = state.hands[state.player]
    if state.phase == "act":
        out: list[Any] = []
        free = placement_slots(state)
        for card in hand:
            goods = set(cards[card].goods)
            for slot in SLOTS:
                shown = [cards[near] for near in (state.port[cell] for cell in PORT_LINES[slot])]
                if slot in free and any(goods & set(near.goods) for near in shown if near):
                    out.append(bk.PlaceAtPort(card, cards[card].label, slot))
        for line in LINES:
            line_cards = [state.port[cell] for cell in LINE_CELLS[line] if state.port[cell] >= 0]
            chillies = sum(cards[card].is_chilli for card in line_cards)
            boats = len(line_cards) - chillies
            if line_cards and chillies <= len(state.chilli_pile) and boats <= len(state.boat_pile):
                out.append(bk.Renew(line))
        return tuple(out) or (bk.Pass(),)
    if state.phase == "collect":
        line = PORT_LINES[state.slot]
        sets = bk.collectable_sets(
            cards[state.placed],
            [card_or_none(state, state.port[cell]) for cell in line],
            state.options.collect,
            state.options.goods_count,
        )
        cells = sorted(tuple(sorted(line[position] + 1 for position in taken)) for taken in sets)
        return tuple(bk.Collect(taken) for taken in cells)
    if state.phase == "lay":
        market = [card_or_none(state, card) for card in state.markets[state.player]]
        return tuple(
            bk.LayInMarket(card, cards[card].label, cell + 1)
            for card in hand
            for cell in bk.market_cells(market, cards[card], state.options.expert)
        )
    return ()


@pytest.mark.parametrize(("players", "options"), GAMES, ids=str)
def test_legal_actions_equal_the_rules_from_scratch(players: int, options: dict[str, Any]) -> None:
    """The memoised placements, collections and lays are the helpers' answers, in order."""
    seen = 0
    for state in positions(players, options):
        assert state.legal_actions() == from_scratch(state), str(state)
        seen += 1
    assert seen >= 100


@pytest.mark.parametrize(("players", "options"), GAMES, ids=str)
def test_a_collection_shifts_the_line_as_the_teaching_helper_does(
    players: int, options: dict[str, Any]
) -> None:
    """BK-SHIFT-1 through the collect plans: the line is shift_line's, refilled where empty."""
    for state in positions(players, options, games=2):
        if state.phase != "collect":
            continue
        for action in state.legal_actions():
            after = state.apply(action, check=False)
            line = PORT_LINES[state.slot]
            taken = [line.index(cell - 1) for cell in action.cells]
            shifted = bk.shift_line(
                [state.port[cell] if state.port[cell] >= 0 else None for cell in line],
                state.placed,
                taken,
                "L",  # a line listed near to far is a row seen from its left
            )
            for cell, card in zip(line, shifted, strict=True):
                assert card is None or after.port[cell] == card


@pytest.mark.parametrize(("players", "options"), GAMES, ids=str)
def test_market_totals_equal_the_score_breakdowns(players: int, options: dict[str, Any]) -> None:
    """scoring.market_total (State.scores) is score_market's total for every market met."""
    for state in positions(players, options, games=2):
        for seat in range(players):
            cells = state.market_cards(seat)
            for objective in (None, *bk.GOODS):
                clamp = state.options.clamp_type1
                expected = bk.score_market(cells, objective, clamp).total
                assert market_total(cells, objective, clamp) == expected
        assert state.scores() == tuple(state.market_score(seat).total for seat in range(players))


def test_a_step_keeps_the_state_and_the_successor_works_out_its_own_legal_actions() -> None:
    """The engine step copies the fields (the state and its kept legal actions are unchanged)
    and the successor does not inherit them (``State.carry``)."""
    state = bk.new_game(2, 3)
    legal = state.legal_actions()
    saved = state.to_dict()
    new = state.apply(legal[0])
    assert state.to_dict() == saved and state.legal_actions() is legal
    assert new.__dict__["_legal"] is None and new.phase == "collect"
    assert new.legal_actions() == bk.State.from_dict(new.to_dict()).legal_actions()
