"""The engine's remembered answers (the tables behind its speed) agree with the rules computed
from scratch, over every position of whole seeded random games (the contract's speed side)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import legal, rules, scoring, seasons
from bamboo_lab.games.bamboo.actions import Activate, Choose, Place, UseSpirit, VisitTemple
from bamboo_lab.games.bamboo.components import COLOURS, SHOOT_NAMES, SUMMER_SPIRITS
from bamboo_lab.games.bamboo.seasons import set_board, set_board_field

GAMES = 12
"""Seeded random games per player count: about 2,000 positions each."""


def positions(num_players: int) -> Iterator[bamboo.State]:
    """Every position of ``GAMES`` seeded random games."""
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = bamboo.new_game(num_players, seed)
        while not state.is_over():
            yield state
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))], check=False)
        yield state


def reference_majority(stack: tuple[int, ...]) -> tuple[int, ...]:
    """The owners by most sticks, a tie to the owner whose stick is highest (from scratch)."""
    owners = set(stack)
    highest = {owner: max(i for i, who in enumerate(stack) if who == owner) for owner in owners}
    return tuple(sorted(owners, key=lambda owner: (-stack.count(owner), -highest[owner])))


def reference_summer_powers(state: bamboo.State) -> list[object]:
    """The spirit powers of a Summer turn, from the awake spirits (B20, Kitsune first-only)."""
    awake = state.boards[state.player].awake
    powers: list[object] = [UseSpirit(spirit) for spirit in SUMMER_SPIRITS if spirit in awake]
    if "kitsune" in awake and state.activated == 0 and not state.kitsune:
        powers.append(UseSpirit("kitsune"))
    return powers


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_remembered_answers_equal_the_rules_from_scratch(num_players: int) -> None:
    checked = {"balance": 0, "place": 0, "visit": 0, "majority": 0}
    tiles = bamboo.BALANCE_TILES
    for state in positions(num_players):
        for stack in state.temples:
            assert scoring.temple_majority(stack) == reference_majority(stack)
            checked["majority"] += 1
        for board in state.boards:
            for tile in board.balance:
                met = scoring.is_balance_met(tiles[tile], board.home)
                assert scoring.held_balance_met(tiles, tile, board.home) == met
                checked["balance"] += 1
        if state.phase == "place":
            board = state.boards[state.player]
            stalks = [s for s in range(4) if state.per_stalk[s] < legal.STALK_NEW_CAP]
            kind = Activate if state.activations > 0 else Place
            expected: list[object] = [
                kind(SHOOT_NAMES[code], stalk + 1)
                for code in sorted(set(state.pending))
                for stalk in stalks
            ]
            if state.activations > 0:
                expected.append(Choose("done"))
            assert list(state.legal_actions()) == expected + reference_summer_powers(state)
            checked["place"] += 1
        if state.phase == "visit":
            board = state.boards[state.player]
            visits: list[object] = [
                VisitTemple(COLOURS[temple])
                for temple in range(4)
                if board.temples[temple] and temple != board.marker
            ]
            actions = list(state.legal_actions())
            assert actions[: len(visits)] == visits
            checked["visit"] += 1
    assert min(checked.values()) >= 100, checked


def test_one_field_board_changes_equal_the_general_board_change() -> None:
    """``set_board_field`` gives the board ``set_board`` gives; other boards stay the same."""
    state = bamboo.new_game(3, 5)
    values = {"hp": 9, "coins": 0, "temples": ((), (1,), (), ()), "food": (1, 0, 2), "passed": True}
    for seat in range(3):
        for name, value in values.items():
            quick, general = dict(state.__dict__), dict(state.__dict__)
            set_board_field(quick, seat, name, value)  # type: ignore[arg-type]
            set_board(general, seat, **{name: value})  # type: ignore[arg-type]
            assert quick["boards"] == general["boards"]
            assert getattr(quick["boards"][seat], name) == value
            for other, board in enumerate(quick["boards"]):
                assert other == seat or board is state.boards[other]
    assert state == bamboo.new_game(3, 5)  # the state itself is unchanged


def test_BB_AUT_1_majority_winner_equals_the_ranking_from_scratch() -> None:
    """Autumn's winner of each temple is the first of the majority ranked from scratch."""
    checked = 0
    for num_players in (2, 3, 4):
        for state in positions(num_players):
            for stack in state.temples:
                if stack:
                    assert seasons.majority_winner(stack) == reference_majority(stack)[0]
                    checked += 1
    assert checked >= 1000, checked


def test_BB_SUM_5_bumped_per_stalk_is_one_more_shoot_in_that_stalk() -> None:
    """The table of ``per_stalk`` after a push holds every count a turn reaches, each right."""
    for per_stalk, bumped in rules._BUMPED.items():
        for stalk in range(4):
            expected = list(per_stalk)
            expected[stalk] += 1
            assert bumped[stalk] == tuple(expected)
    seen = {state.per_stalk for state in positions(2)}
    assert len(seen) >= 10 and seen <= set(rules._BUMPED), seen - set(rules._BUMPED)


def test_BB_ACT_3_held_tiles_met_are_the_held_tiles_met_from_scratch() -> None:
    """The held tiles the Balance action may score are those whose pattern is met in the home,
    computed afresh, whatever the remembered answers hold (all player counts)."""
    tiles = bamboo.BALANCE_TILES
    checked = 0
    for num_players in (2, 3, 4):
        for state in positions(num_players):
            for board in state.boards:
                home = board.home
                expected = [t for t in board.balance if scoring.is_balance_met(tiles[t], home)]
                assert scoring.held_tiles_met(tiles, board.balance, board.home) == expected
                checked += len(expected)
    assert checked >= 100, checked


Market = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]


def reference_rotate(market: Market, size: int) -> Market:
    """BB-WIN-4 one step at a time: the lowest tile under its stack, then the row refilled."""
    rows = [list(row) for row in market[0]]
    stacks = [list(stack) for stack in market[1]]
    known = list(market[2])
    for index, row in enumerate(rows):
        if row:
            stacks[index].append(row.pop(0))
            known[index] += 1
        while len(row) < size and stacks[index]:
            row.append(stacks[index].pop(0))
        known[index] = min(known[index], len(stacks[index]))
    return tuple(map(tuple, rows)), tuple(map(tuple, stacks)), tuple(known)


def test_BB_WIN_4_market_rotation_equals_the_rule_step_by_step() -> None:
    """Both markets of every position rotate as the rule does it one tile at a time."""
    checked = 0
    for num_players in (2, 4):
        for state in positions(num_players):
            balance = (state.balance_market, state.balance_stacks, state.balance_known)
            home = (state.home_market, state.home_stacks, state.home_known)
            assert seasons.rotate(balance, 3) == reference_rotate(balance, 3)
            assert seasons.rotate(home, 4) == reference_rotate(home, 4)
            checked += 1
    assert checked >= 1000, checked
