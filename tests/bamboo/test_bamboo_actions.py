"""Bamboo shoot actions (BB-ACT-*), catalog 1.14 cases 14-17."""

from __future__ import annotations

import random

import pytest
from bamboo_helpers import (
    bal,
    drain,
    home_id,
    plain_homes,
    play,
    take_market,
    visit_position,
    with_board,
)

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.envs.tables import action_table
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo.components import FOOD_KINDS


def _activated(shoot: str, coins: int = 0, n: int = 2, **board: object) -> bamboo.State:
    colour = "RYGB".index(shoot[0])
    temples: list[tuple[str, ...]] = [(), (), (), ()]
    temples[colour] = (shoot,)
    s = visit_position(n, temples=tuple(temples), reserve=1, coins=0, **board)
    s = play(s, f"visit {('red', 'yellow', 'green', 'blue')[colour]}")
    s = with_board(s, s.player, coins=coins)
    return play(s, f"activate {shoot} 1")


def test_BB_ACT_1_balance_gain_one_hp_case_14() -> None:
    """R-EN Balance: "Receive 1 HP OR perform 2 of these actions"; case 14: hp -> +1, no tile."""
    s = _activated("Rb")
    p = s.player
    assert s.phase == "balance"
    market = s.balance_market
    s = play(s, "hp")
    assert s.boards[p].hp == 6 and s.balance_market == market
    assert len(s.boards[p].balance) == 1


def test_BB_ACT_1_balance_two_sub_actions_any_mix() -> None:
    """R-EN Balance: "perform 2 of these actions in the combination you prefer" (B13: obtain then
    score the same tile is allowed)."""
    s = _activated("Rb")
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
    s = _activated("Rb")
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
    s = _activated("Rb")
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
    s = _activated("Rb")
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
    s = _activated("Ri", coins=2, n=3)  # 3 players: the others' homes can hold stack A
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
    s = _activated("Ri", coins=9)
    p = s.player
    s = with_board(s, p, home=plain_homes(15))
    assert [str(a) for a in s.legal_actions()] == ["decline", "coin"]


def test_BB_ACT_5_cook_and_refill_when_display_empties() -> None:
    """R-EN Cook: "The food counters are only replenished once you have used all of those present
    ... If the pile is all used up, mix up the counters that have been discarded" (B17)."""
    s = _activated("Rc")
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
    s = _activated("Rf", coins=1)
    p = s.player
    assert s.boards[p].coins == 3  # Fund resolves at once: no choice to make


def test_BB_ACT_7_wildcard_any_of_four() -> None:
    """R-EN Wildcard: "Perform your choice of 1 of the 4 actions above"."""
    s = _activated("Rw")
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


def test_coins_are_values_case_17() -> None:
    """Case 17 and BB-PL-6: coins of 1 and 3 exchange at any time, so a board holds a value:
    1 + 3 coins pay a 4-coin tile whatever the denominations."""
    s = _activated("Ri", coins=4)
    p = s.player
    tile = next(t for t in bamboo.HOME_TILES if t.cost == 4)
    s = bamboo.position(base=s, home_market=[[], [tile.name]])
    s = play(s, f"buy {tile.name}", "home 0,0")
    assert s.boards[p].coins == 0 and s.boards[p].hp == 5 + tile.hp


def test_empty_markets_keep_the_alternatives_B19() -> None:
    """B19: a dry market leaves its spaces empty; the 1 HP / 1 coin alternatives remain (no
    game empties both home markets, so the Improve half has no affordable tile instead)."""
    s = _activated("Ri", coins=0)
    assert [str(a) for a in s.legal_actions()] == ["decline", "coin"]
    b = _activated("Rb")
    p = b.player
    b = with_board(b, p, balance=())
    b = take_market(drain(b, balance=(0, 1, 2)), balance=(0, 1, 2))
    assert b.balance_market == ((), (), ())
    assert [str(a) for a in b.legal_actions()] == ["decline", "hp"]


def test_every_action_is_the_environment_table_in_order() -> None:
    """``every_action()`` lists the actions of the envs action table, same order, each once."""
    actions = bamboo.every_action()
    assert len(set(actions)) == len(actions)
    assert tuple(str(action) for action in actions) == action_table("bamboo")


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_every_action_holds_every_legal_action_of_random_games(num_players: int) -> None:
    """Every action legal in seeded random games (every player count) is in ``every_action()``."""
    everything = frozenset(bamboo.every_action())
    generator = random.Random(num_players)
    for seed in range(3):
        state = bamboo.new_game(num_players, seed)
        while not state.is_over():
            legal = state.legal_actions()
            assert everything.issuperset(legal), sorted(map(str, set(legal) - everything))
            state = state.apply(legal[generator.randrange(len(legal))], check=False)
