"""Tests of docs/rules/bamboo.md, section The shoot actions."""

from __future__ import annotations

from typing import Any

import pytest
from bamboo_helpers import (
    activated,
    bal,
    drain,
    hoarded,
    home_id,
    midgame,
    only_market,
    plain_homes,
    play,
    rejected,
    seeded_positions,
    take_market,
    visit_position,
    with_board,
)

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.core.rng import randbelow
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import scoring
from bamboo_lab.games.bamboo.components import FOOD_KINDS

_NON_CHOICES = (bamboo.Choose, bamboo.Pass, bamboo.EndTurn)


def _balance(**board: object) -> bamboo.State:
    """The Balance step of a red balance shoot's activation, the player's board set."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, s.player, **board)
    s = play(s, "visit red", "activate Rb 1")
    assert s.phase == "balance" and s.step == 0
    return s


def _met_home() -> tuple[int, ...]:
    """A home whose top-left space holds a dwelling: L01 (one dwelling, left side) is met."""
    home = [-1] * 15
    home[0] = home_id("D", 1)
    return tuple(home)


def _one_option_non_choices(n: int, seed: int, night: bool) -> list[tuple[str, str]]:
    """The (phase, action) of every one-option pass/done/decline/end state of a random game."""
    s = bamboo.new_game(n, seed, {"night_side": night})
    rng = seed * 7919 + n
    found = []
    while not s.is_over():
        legal = s.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], _NON_CHOICES):
            found.append((s.phase, str(legal[0])))
        k, rng = randbelow(rng + 1, len(legal))
        s = s.apply(legal[k], check=False)
    return found


def test_BB_ACT_1_balance_gain_one_hp_case_14() -> None:
    """R-EN Balance: "Receive 1 HP OR perform 2 of these actions"; case 14: hp -> +1, no tile."""
    s = activated("Rb")
    p = s.player
    assert s.phase == "balance"
    market = s.balance_market
    s = play(s, "hp")
    assert s.boards[p].hp == 6 and s.balance_market == market
    assert len(s.boards[p].balance) == 1


def test_BB_ACT_1_balance_two_sub_actions_any_mix() -> None:
    """R-EN Balance: "perform 2 of these actions in the combination you prefer" (B13: obtain then
    score the same tile is allowed)."""
    s = activated("Rb")
    p = s.player
    s = bamboo.position(base=s, balance_market=[["L01"], [], []])
    home = [-1] * 15
    home[0] = home_id("D", 1)
    s = with_board(s, p, home=tuple(home), balance=())
    s = play(s, "take L01")
    assert s.phase == "balance" and bamboo.ScoreBalanceTile("L01") in s.legal_actions()
    s = play(s, "score L01")
    assert s.boards[p].hp == 7 and s.boards[p].scored == (bal("L01"),)
    assert s.phase != "balance"


def test_BB_ACT_2_obtain_at_most_two_per_type_case_14() -> None:
    """R-EN Obtain Balance: "You cannot have more than 2 tiles of the same type"; case 14."""
    s = activated("Rb")
    p = s.player
    left = s.balance_market[0][0]
    s = play(s, f"take {bamboo.BALANCE_TILES[left].name}")
    kinds = [bamboo.BALANCE_TILES[t].kind for t in s.boards[p].balance]
    assert kinds == [0, 0]
    assert not any(
        isinstance(a, bamboo.TakeBalanceTile) and a.tile.startswith("L") for a in s.legal_actions()
    )
    third = bamboo.BALANCE_TILES[s.balance_market[0][0]].name
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.TakeBalanceTile(third))


def test_BB_ACT_2_market_slides_and_refills() -> None:
    """R-EN Obtain Balance: "moving the tiles that remain on the board down and revealing a new
    tile from the stack ... If there are no more tiles ... the space is left empty"."""
    s = activated("Rb")
    row = s.balance_market[1]
    stack = s.balance_stacks[1]
    s1 = play(s, f"take {bamboo.BALANCE_TILES[row[0]].name}")
    assert s1.balance_market[1] == (row[1], row[2], stack[0])
    assert s1.balance_stacks[1] == stack[1:]
    s2 = drain(s, balance=(1,))
    s2 = play(s2, f"take {bamboo.BALANCE_TILES[row[1]].name}")
    assert s2.balance_market[1] == (row[0], row[2])


def test_BB_ACT_3_score_only_a_met_pattern() -> None:
    """R-EN Score Balance: "show ... that you fulfill the requirements. You are then awarded the
    happiness points shown on the tile. Turn it over and place it on the scored tile space"."""
    s = activated("Rb")
    p = s.player
    s = with_board(s, p, balance=(bal("L02"),))  # one faith tile, left side
    assert bamboo.ScoreBalanceTile("L02") not in s.legal_actions()
    home = [-1] * 15
    home[2] = home_id("F", 1)  # column 2 is not on the left side
    s2 = with_board(s, p, home=tuple(home))
    assert bamboo.ScoreBalanceTile("L02") not in s2.legal_actions()
    home[5] = home_id("F", 2)
    s3 = play(with_board(s, p, home=tuple(home)), "score L02")
    assert s3.boards[p].hp == 7 and s3.boards[p].balance == ()
    assert s3.boards[p].scored == (bal("L02"),)


def test_BB_ACT_4_improve_coin_and_buy_case_15() -> None:
    """R-EN Improve: "Receive 1 coin OR choose 1 face up home tile from any market, discard the
    amount of coins required and obtain the happiness points"; case 15."""
    s = activated("Ri", coins=2, n=3)  # 3 players: the others' homes can hold stack A
    p = s.player
    assert play(s, "coin").boards[p].coins == 3
    b_tiles = [bamboo.HOME_TILES[h] for h in s.home_market[1]]
    for tile in b_tiles:  # category B costs 3 or more
        with pytest.raises(IllegalActionError):
            s.apply(bamboo.BuyHomeTile(tile.name))
    cheap = min((bamboo.HOME_TILES[h] for h in s.home_market[0]), key=lambda t: t.cost)
    s2 = drain(s, home=(0,))
    s2 = with_board(s2, p, coins=3)
    s2 = play(s2, f"buy {cheap.name}")
    assert s2.phase == "home" and len(s2.legal_actions()) == 15
    s2 = play(s2, "home 1,2")
    b = s2.boards[p]
    assert b.home[7] == cheap.id and b.coins == 3 - cheap.cost and b.hp == 5 + cheap.hp
    assert len(s2.home_market[0]) == 3  # empty dispenser: the space stays empty


def test_BB_ACT_4_full_home_cannot_buy() -> None:
    """B16: buying with a full home is illegal; the 1-coin alternative remains."""
    s = activated("Ri", coins=9)
    p = s.player
    s = with_board(s, p, home=plain_homes(15))
    assert [str(a) for a in s.legal_actions()] == ["decline", "coin"]


def test_BB_ACT_5_cook_and_refill_when_display_empties() -> None:
    """R-EN Cook: "The food counters are only replenished once you have used all of those present
    ... If the pile is all used up, mix up the counters that have been discarded" (B17)."""
    s = activated("Rc")
    p = s.player
    s1 = play(s, f"food {FOOD_KINDS[s.food_display[0]]}")
    assert len(s1.food_display) == 4 and sum(s1.boards[p].food) == 1
    q = 1 - p  # the other counters are held: 4 left in the pile
    s2 = bamboo.position(
        base=s, food_display=["rice"], boards={q: {"food": {"tea": 5, "rice": 9, "ramen": 7}}}
    )
    assert len(s2.food_bag) == 4
    s2 = play(s2, "food rice")
    assert len(s2.food_display) == 4 and s2.food_bag == () and s2.food_discard == ()


def test_BB_ACT_6_fund_two_coins_case_16() -> None:
    """R-EN Fund: "Take 2 coins from the reserve"; case 16."""
    s = activated("Rf", coins=1)
    p = s.player
    assert s.boards[p].coins == 3  # Fund resolves at once: no choice to make


def test_BB_ACT_7_wildcard_any_of_four() -> None:
    """R-EN Wildcard: "Perform your choice of 1 of the 4 actions above"."""
    s = activated("Rw")
    assert [str(a) for a in s.legal_actions()] == [
        "decline",
        "balance",
        "improve",
        "cook",
        "fund",
    ]
    p = s.player
    assert play(s, "fund").boards[p].coins == 2
    assert play(s, "balance").phase == "balance"


def test_empty_markets_keep_the_alternatives_B19() -> None:
    """B19: a dry market leaves its spaces empty; the 1 HP / 1 coin alternatives remain (no
    game empties both home markets, so the Improve half has no affordable tile instead)."""
    s = activated("Ri", coins=0)
    assert [str(a) for a in s.legal_actions()] == ["decline", "coin"]
    b = activated("Rb")
    p = b.player
    b = with_board(b, p, balance=())
    b = take_market(drain(b, balance=(0, 1, 2)), balance=(0, 1, 2))
    assert b.balance_market == ((), (), ())
    assert [str(a) for a in b.legal_actions()] == ["decline", "hp"]


def test_BB_ACT_2_from_dict_rejects_three_balance_tiles_of_a_type() -> None:
    """R-EN Obtain Balance: "You cannot have more than 2 tiles of the same type on your personal
    board"."""

    def corrupt(d: dict[str, Any]) -> None:
        d["boards"][0]["balance"] += [d["balance_market"][0].pop(), d["balance_market"][0].pop()]

    rejected(midgame(), corrupt, "balance")


def test_BB_ACT_1_score_frees_room_for_an_obtain_in_the_same_action() -> None:
    """R-EN Balance: "perform 2 of these actions in the combination you prefer" and "In order to
    free up space for new ones, you must score the tiles": with 2 left tiles, score one, then
    obtain a third left tile in the same action."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    p = s.player
    home = [-1] * 15
    home[0] = home_id("D", 1)
    s = with_board(s, p, home=tuple(home), balance=(bal("L01"), bal("L02")))
    s = play(s, "visit red", "activate Rb 1")
    assert not any(
        isinstance(a, bamboo.TakeBalanceTile) and a.tile[0] == "L" for a in s.legal_actions()
    )
    s = play(s, "score L01")
    left = bamboo.BALANCE_TILES[s.balance_market[0][0]].name
    s = play(s, f"take {left}")
    assert s.boards[p].balance == (bal("L02"), bal(left)) and s.boards[p].scored == (bal("L01"),)
    assert s.boards[p].hp == 5 + 2 and s.phase != "balance"


def test_BB_ACT_1_balance_ends_without_done_after_an_obtain_when_nothing_is_left() -> None:
    """R-EN Balance: "perform 2 of these actions": with no tile left to obtain or score after
    the first, the action ends by itself; no one-option `done` is asked."""
    s = _balance(balance=())
    p = s.player
    s = only_market(s, (("L02",), (), ()))
    s = play(s, "take L02")  # an empty home does not meet L02 (one faith tile)
    assert s.boards[p].balance == (bal("L02"),) and s.balance_market == ((), (), ())
    assert s.phase != "balance" and s.step == 0
    assert s.history[-1] == bamboo.TakeBalanceTile("L02")


def test_BB_ACT_1_balance_ends_without_done_after_a_score_when_nothing_is_left() -> None:
    """R-EN Score Balance then nothing to obtain (an empty market) nor score: the action ends."""
    s = _balance(balance=(bal("L01"),), home=_met_home())
    p = s.player
    s = only_market(s, ((), (), ()))
    s = play(s, "score L01")
    assert s.boards[p].scored == (bal("L01"),) and s.boards[p].hp == 7
    assert s.phase != "balance" and s.history[-1] == bamboo.ScoreBalanceTile("L01")


def test_BB_ACT_1_balance_ends_when_the_only_tiles_left_exceed_two_of_a_type() -> None:
    """BB-ACT-2 "You cannot have more than 2 tiles of the same type": left tiles on the market
    are no alternative once two are held, so the action ends after the obtain."""
    s = _balance(balance=(bal("L02"),))
    s = only_market(s, (("L03", "L04"), (), ()))
    s = play(s, "take L03")
    assert s.phase != "balance" and s.balance_market == ((bal("L04"),), (), ())


def test_BB_ACT_1_done_offered_while_an_obtain_remains() -> None:
    """R-EN Balance "in the combination you prefer": stopping after one sub-action is a real
    choice while another tile can be obtained."""
    s = _balance(balance=())
    s = only_market(s, (("L02", "L03"), (), ()))
    s = play(s, "take L02")
    assert s.phase == "balance"
    assert [str(a) for a in s.legal_actions()] == ["done", "take L03"]
    p = s.player
    s = play(s, "done")
    assert s.phase != "balance" and s.boards[p].balance == (bal("L02"),)


def test_BB_ACT_1_done_offered_while_a_score_remains() -> None:
    """R-EN Balance (B13: obtain then score the same tile): after obtaining a met tile with the
    market empty, scoring it or stopping is a real choice."""
    s = _balance(balance=(), home=_met_home())
    s = only_market(s, (("L01",), (), ()))
    s = play(s, "take L01")
    assert [str(a) for a in s.legal_actions()] == ["done", "score L01"]


def test_BB_ACT_5_cook_with_no_counter_anywhere_ends_without_decline() -> None:
    """R-EN Cook "choose 1 of the food counters": with none on display and none in the pile or
    discards (all held), Cook ends at once instead of asking a one-option `decline`."""
    s = visit_position(temples=(("Rc",), (), (), ()), reserve=1, coins=0)
    s = hoarded(s)
    p = s.player
    food = s.boards[p].food
    t = play(s, "visit red", "activate Rc 1")
    assert t.phase != "cook" and t.boards[p].food == food
    assert t.history[len(s.history) :] == (bamboo.VisitTemple("red"), bamboo.Activate("Rc", 1))


@pytest.mark.parametrize("night", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_BB_ACT_1_sweep_no_one_option_done_in_random_games(n: int, night: bool) -> None:
    """BB-ACT-1, BB-ACT-5, BB-SPI-6 and "a real choice to stop" (design 3): over seeded random games
    no state offers only a `done` (Balance), `decline` (Cook), `refill` (Tengu), pass or end."""
    for seed in range(12):
        assert _one_option_non_choices(n, seed, night) == [], (n, seed, night)


def test_BB_ACT_3_a_tile_requiring_a_garden_is_scored_once_a_garden_is_home() -> None:
    """R-EN Balance: "a balance tile may require a garden type home tile in order to be scored;
    once this requirement is fulfilled the player receives the HP shown on it"."""
    garden = bamboo.pattern("single")[2]  # L03: one garden tile (left side)
    board = {"balance": [garden.name], "home": "(1,1):G", "coins": 0}
    s = bamboo.position(player=0, boards={0: {**board, "temples": [["Rb"], [], [], []]}})
    s = play(s, "visit red", "activate Rb 1", f"score {garden.name}")
    assert s.boards[0].hp == 5 + garden.hp and s.boards[0].scored == (garden.id,)


def test_BB_ACT_3_held_tiles_met_are_the_held_tiles_met_from_scratch() -> None:
    """The held tiles the Balance action may score are those whose pattern is met in the home,
    computed afresh, whatever the remembered answers hold (all player counts)."""
    tiles = bamboo.BALANCE_TILES
    checked = 0
    for num_players in (2, 3, 4):
        for state in seeded_positions(num_players):
            for board in state.boards:
                home = board.home
                expected = [t for t in board.balance if scoring.is_balance_met(tiles[t], home)]
                assert scoring.held_tiles_met(tiles, board.balance, board.home) == expected
                checked += len(expected)
    assert checked >= 100, checked
