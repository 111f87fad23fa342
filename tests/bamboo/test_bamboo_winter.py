"""Tests of docs/rules/bamboo.md, section Winter."""

from __future__ import annotations

import random

import pytest
from bamboo_helpers import (
    drain,
    finish_turn,
    plain_homes,
    play,
    random_home,
    seeded_positions,
    to_winter,
    visit_position,
    with_board,
)

from bamboo_lab import exercises
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import (
    least_waste_payment,
    seasons,
)


def test_BB_WIN_4_empty_stack_the_lowest_tile_comes_back_on_top() -> None:
    """R-EN Winter 4: the lowest tile goes "at the end of their rows in the dispenser"; with an
    empty dispenser it is the only tile there, so it fills the first empty space again."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, 1 - s.player, reserve=0)
    row = s.balance_market[1]
    s = drain(s, balance=(1,))
    s = finish_turn(play(s, "visit red"))
    assert s.balance_market[1] == (*row[1:], row[0]) and s.balance_stacks[1] == ()


def test_BB_WIN_2_BB_END_3_BB_END_2_numbers_by_hand() -> None:
    for exercise_id, truth in (("bamboo-7", -(7 - 6)), ("bamboo-8", -2 * (6 - 4))):
        exercise = exercises.get(exercise_id)
        assert exercise.truth(exercise.position()) == truth
    final = exercises.get("bamboo-9")
    assert final.truth(final.position()) == 24 + 4 - 4 + 2 + 2


def test_BB_WIN_2_feeding_shortfall_is_the_bill_hp_lost() -> None:
    """`feeding_shortfall` is `feeding_bill(...)["hp_lost"]`: 1 HP per unit missing after
    Ookami's 4 units (BB-SPI-4) and every counter held."""
    rng = random.Random(8)
    for _ in range(300):
        home = random_home(rng)
        food = tuple(rng.randrange(4) for _ in range(3))
        for ookami in (False, True):
            bill = bamboo.feeding_bill(home, food, ookami)
            assert bamboo.feeding_shortfall(home, food, ookami) == bill["hp_lost"]
    five = (0, 1, 2, 3, 4) + (-1,) * 10
    assert bamboo.feeding_shortfall(five, (1, 1, 0)) == 2
    assert bamboo.feeding_shortfall(five, (1, 1, 0), ookami=True) == 0


def test_incense_per_round_case_18() -> None:
    """Catalog case 18: every stick comes back each Autumn, so a player starts the Summer of
    round r with 3 + r sticks."""
    s = bamboo.new_game(3, 8)
    rng = random.Random(2)
    seen = set()
    while not s.is_over():
        if s.phase == "visit" and s.round not in seen:
            seen.add(s.round)
            assert all(b.reserve == 3 + s.round for b in s.boards)
        legal = s.legal_actions()
        s = s.apply(legal[rng.randrange(len(legal))])
    assert seen == {1, 2, 3, 4}


@pytest.mark.parametrize(
    ("tiles", "food", "pays", "hp_lost", "kept"),
    [
        (5, (1, 1, 0), ["feed rice", "feed tea"], 2, (0, 0, 0)),
        (4, (0, 0, 2), ["feed ramen", "feed ramen"], 0, (0, 0, 0)),
        (4, (1, 0, 2), ["feed ramen", "feed tea"], 0, (0, 0, 1)),
        (3, (0, 0, 0), [], 3, (0, 0, 0)),
    ],
)
def test_BB_WIN_2_feeding_case_13(
    tiles: int, food: tuple[int, int, int], pays: list[str], hp_lost: int, kept: tuple[int, ...]
) -> None:
    """R-EN Winter 2: 1 food unit per home tile, "you lose 1 happiness point for each food unit
    below the requirement"; R-FR FAQ: owned food must be paid, "aucune monnaie ... n'est
    rendue". Case 13."""
    s = to_winter(home=plain_homes(tiles) + (-1,) * (15 - tiles), food=food)
    p = next(i for i, b in enumerate(s.boards) if b.home[0] >= 0)
    hp = 5  # the Summer turn of to_winter declines its only action
    if pays:
        assert s.phase == "feed" and s.player == p
        assert bamboo.Choose("done") not in s.legal_actions()  # cannot keep food and lose HP
    s = play(s, *pays)
    assert s.boards[p].hp == hp - hp_lost
    assert s.boards[p].food == kept


def test_BB_WIN_2_least_waste_payment_case_13() -> None:
    """Case 13 and B14: the least-waste payment of 4 units from [ramen, tea, ramen] is
    ramen + tea; the feeding bill helper reports it."""
    assert least_waste_payment((1, 0, 2), 4) == (1, 0, 1)
    assert least_waste_payment((0, 1, 1), 5) == (0, 1, 1)
    assert least_waste_payment((0, 0, 2), 4) == (0, 0, 2)
    home = tuple(range(4)) + (-1,) * 11
    bill = bamboo.feeding_bill(home, (1, 0, 2))
    assert bill["pay"] == {"tea": 1, "ramen": 1} and bill["kept"] == {"ramen": 1}
    assert bamboo.feeding_bill(home[:3] + (-1,) * 12, (1, 0, 0), ookami=True)["kept"] == {"tea": 1}


def test_BB_WIN_2_auto_feeding_variant() -> None:
    """Option feeding='auto' (B14 engine default): Ookami first, then the least-waste counters."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = bamboo.position(base=s, options=bamboo.Options(feeding="auto"))
    p = s.player
    s = with_board(s, 1 - p, reserve=0)
    s = with_board(s, p, home=plain_homes(4) + (-1,) * 11, food=(1, 0, 2))
    s = finish_turn(play(s, "visit red"))
    assert s.boards[p].food == (0, 0, 1) and s.boards[p].hp == 5


def test_BB_WIN_3_start_player_passes_clockwise() -> None:
    """R-EN Winter 3: "The Starting Player marker and the phase marker are passed on to the next
    player in clockwise order"."""
    before = bamboo.new_game(3, 0)  # to_winter plays seed 0's first round
    s = to_winter(3)
    assert s.phase == "gift" and s.round == 2
    assert s.first_player == (before.first_player + 1) % 3 and s.player == s.first_player


def test_BB_WIN_4_markets_rotate() -> None:
    """R-EN Winter 4: the tile in the lowest space goes "at the end of their rows in the
    dispenser"; the others slide down and a new one fills the first empty space."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, 1 - s.player, reserve=0)
    bal = s.balance_market
    stacks = s.balance_stacks
    home = s.home_market
    hstacks = s.home_stacks
    s = finish_turn(play(s, "visit red", "activate Rb 1", "decline"))
    for k in range(3):
        assert s.balance_market[k] == (*bal[k][1:], stacks[k][0])
        assert s.balance_stacks[k][-1] == bal[k][0]
    for k in range(2):
        assert s.home_market[k] == (*home[k][1:], hstacks[k][0])
        assert s.home_stacks[k][-1] == home[k][0]


def test_BB_WIN_5_food_display_refilled() -> None:
    """R-EN Winter 5: "Fill the Empty Food Spaces"."""
    s = visit_position(temples=(("Rc",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, 1 - s.player, reserve=0)
    s = play(s, "visit red", "activate Rc 1", f"food {('tea', 'rice', 'ramen')[s.food_display[0]]}")
    assert s.round == 2 and len(s.food_display) == 5  # 4 left after Cook, refilled in Winter


def test_BB_WIN_4_tile_put_under_its_stack_stays_public() -> None:
    """A tile put under its stack in Winter was seen by everybody: the view keeps it at the bottom
    and determinize does not move it, while the rest of the stack stays hidden."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, 1 - s.player, reserve=0)
    lowest = s.balance_market[2][0]
    s = finish_turn(play(s, "visit red", "activate Rb 1", "decline"))
    assert s.balance_known == (1, 1, 1) and s.home_known == (1, 1)
    for p in range(2):
        assert s.view(p).balance_stacks[2][-1] == lowest
        for seed in range(3):
            d = s.determinize(p, seed)
            assert d.balance_stacks[2][-1] == lowest and d.view(p) == s.view(p)


def test_BB_WIN_1_wake_spirits_paying_their_cost() -> None:
    """R-EN Winter 1: "Each player may turn their used Spirit of the Forest tiles back upright by
    paying the number of coins indicated"; Kitsune costs nothing."""
    s = to_winter(asleep=("kappa", "kitsune", "ookami"), coins=1)
    p = s.player
    assert s.phase == "wake"
    assert [str(a) for a in s.legal_actions()] == ["wake kappa", "wake kitsune", "done"]
    s = play(s, "wake kitsune", "wake kappa")
    assert {"kappa", "kitsune"} <= set(s.boards[p].awake) and s.boards[p].coins == 0
    assert s.boards[p].asleep == ("ookami",)
    assert s.phase != "wake"  # nothing affordable is left


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
        for state in seeded_positions(num_players):
            balance = (state.balance_market, state.balance_stacks, state.balance_known)
            home = (state.home_market, state.home_stacks, state.home_known)
            assert seasons.rotate(balance, 3) == reference_rotate(balance, 3)
            assert seasons.rotate(home, 4) == reference_rotate(home, 4)
            checked += 1
    assert checked >= 1000, checked
