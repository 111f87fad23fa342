"""Bamboo set-up: board set-up (BB-SET-*), player set-up (BB-PL-*), catalog 1.14 case 29."""

from __future__ import annotations

from collections import Counter

import pytest
from bamboo_helpers import code

from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo.components import FOOD_COUNTS, SPIRITS
from bamboo_lab.games.bamboo.reconstructed import BOARD_SETUP_SHOOTS, PLAYER_SETS, UNMARKED_SHOOTS


@pytest.mark.parametrize("n", [2, 3, 4])
def test_BB_SET_1_board_setup_shoots_fill_the_shaded_spaces(n: int) -> None:
    """R-EN I: "Select the Bamboo Shoot pieces with the board-setup icon and place them at random
    in the 12 spaces" — 4 stalks of 3."""
    s = bamboo.new_game(n, 3)
    assert len(s.stalks) == 4 and all(len(st) == 3 for st in s.stalks)
    field = sorted(c for st in s.stalks for c in st)
    assert field == sorted(BOARD_SETUP_SHOOTS["unmarked"])
    other = bamboo.new_game(n, 4)
    assert other.stalks != s.stalks  # at random


def test_BB_SET_2_gifts_shuffled_face_down() -> None:
    """R-EN I: "Mix up the 4 gift from the forest tiles and place them face down"."""
    s = bamboo.new_game(2, 1)
    assert sorted(s.gift_stack) == sorted(["fund", "cook", "balance", "improve"])
    assert s.gift_display == ()
    orders = {bamboo.new_game(2, k).gift_stack for k in range(10)}
    assert len(orders) > 1


def test_BB_SET_3_balance_markets_three_per_type() -> None:
    """R-EN I: "Separate the three types of balance tiles ... Reveal 3 tiles ... for each type"."""
    s = bamboo.new_game(3, 2)
    for kind, row in enumerate(s.balance_market):
        assert len(row) == 3
        assert all(bamboo.BALANCE_TILES[t].kind == kind for t in row)
        assert all(bamboo.BALANCE_TILES[t].kind == kind for t in s.balance_stacks[kind])
    counts = [len(s.balance_market[k]) + len(s.balance_stacks[k]) for k in range(3)]
    assert counts == [24 - 3, 20, 24]  # 3 left tiles are on the players' boards


@pytest.mark.parametrize(("n", "in_play"), [(2, 48), (3, 64), (4, 64)])
def test_BB_SET_4_home_markets_and_three_plus_tiles(n: int, in_play: int) -> None:
    """R-EN I: "Remove the tiles marked with the 3-plus-player symbol if there are only 2
    players ... Reveal 4 tiles" (per category, B1)."""
    s = bamboo.new_game(n, 0)
    assert [len(r) for r in s.home_market] == [4, 4]
    for cat in range(2):
        assert all(bamboo.HOME_TILES[h].category == cat for h in s.home_market[cat])
    used = [h for r in s.home_market for h in r] + [h for st in s.home_stacks for h in st]
    assert len(used) == in_play
    assert all(not bamboo.HOME_TILES[h].three_plus for h in used) == (n == 2)
    assert len(s.home_box) == 64 - in_play


def test_BB_SET_5_spirit_stacks_of_four() -> None:
    """R-EN I: "Form 4 stacks of 4 tiles each (the leftover tiles are removed from the game)"."""
    s = bamboo.new_game(4, 9)
    assert [len(st) for st in s.spirit_stacks] == [4, 4, 4, 4]
    assert len(s.spirit_box) == 5
    allspirits = Counter([x for st in s.spirit_stacks for x in st] + list(s.spirit_box))
    assert allspirits == Counter({k: 3 for k in SPIRITS})


def test_BB_SET_6_food_display_of_five() -> None:
    """R-EN I: "Mix all the food counters face down ... reveal five of these counters"."""
    s = bamboo.new_game(2, 5)
    assert len(s.food_display) == 5
    total = Counter(list(s.food_display) + list(s.food_bag))
    assert [total[f] for f in range(3)] == list(FOOD_COUNTS)


def test_BB_SET_7_random_start_player() -> None:
    """R-EN I: "Decide by chance who will be the Starting Player"."""
    starts = {bamboo.new_game(4, k).first_player for k in range(30)}
    assert starts == {0, 1, 2, 3}
    s = bamboo.new_game(4, 1)
    assert s.player == s.first_player and s.phase == "draft"


def test_BB_SET_8_ghost_incense_from_temple_tiles() -> None:
    """R-EN I (2 players): "Place as many brown sticks of incense in the temple as is shown on the
    tile (0, 2 or 3)"; catalog 1.9: the tiles are {0, 2, 3, 3}."""
    s = bamboo.new_game(2, 7)
    assert sorted(s.temple_tiles) == [0, 2, 3, 3]
    assert [len(t) for t in s.temples] == list(s.temple_tiles)
    assert all(o == bamboo.GHOST for t in s.temples for o in t)
    assert bamboo.new_game(3, 7).temples == ((), (), (), ())


@pytest.mark.parametrize("night", [False, True])
def test_BB_PL_1_day_or_night_side(night: bool) -> None:
    """R-EN III-A: "decide ... whether you will play on the side with the normal version (daytime)
    or on the advanced side (nighttime)"."""
    s = bamboo.new_game(2, 0, {"night_side": night})
    assert s.options.night_side is night
    assert ("!" in str(s)) is night  # special spaces are drawn on the night side


def test_BB_PL_2_markers_and_incense() -> None:
    """R-EN III-B: happiness marker on 5; 3 sticks in the reserve, 1 on each of the 4 round
    spaces (B4: the main-board round track)."""
    s = bamboo.new_game(4, 0)
    for b in s.boards:
        assert (b.hp, b.reserve, b.track, b.marker) == (5, 3, 4, -1)
    assert s.inventory()["incense:0"] == 7


def test_BB_PL_3_one_left_balance_tile_each() -> None:
    """R-EN III-C: "Each player is given 1 left-type balance tile ... without looking"."""
    s = bamboo.new_game(3, 0)
    for b in s.boards:
        assert len(b.balance) == 1 and bamboo.BALANCE_TILES[b.balance[0]].kind == 0
    dealt = [b.balance[0] for b in s.boards]
    assert len(set(dealt)) == 3 and not set(dealt) & set(s.balance_market[0])
    assert not set(dealt) & set(s.balance_stacks[0])  # taken out of the dispenser


def test_BB_PL_4_player_setup_set_in_colour_temples() -> None:
    """R-EN III-D: "each player will have 1 Bamboo Shoot of each color and action type"."""
    s = bamboo.new_game(4, 0)
    sets = set()
    for b in s.boards:
        assert [len(t) for t in b.temples] == [1, 1, 1, 1]
        assert all(t[0] // 5 == colour for colour, t in enumerate(b.temples))
        assert sorted(t[0] % 5 for t in b.temples) == [0, 1, 2, 3]
        sets.add(tuple(t[0] for t in b.temples))
    assert sets == {tuple(sorted(x)) for x in PLAYER_SETS}


def test_BB_PL_5_draft_two_unmarked_shoots_clockwise() -> None:
    """R-EN III-E: "starting with the first player and moving clockwise, each player chooses 1 ...
    Then each player in turn does the same" (B9: the same order twice)."""
    s = bamboo.new_game(3, 2)
    assert len(s.shoot_pool) == 6 and set(s.shoot_pool) <= set(UNMARKED_SHOOTS["unmarked"])
    order = []
    while s.phase == "draft":
        order.append(s.player)
        choice = s.legal_actions()[-1]
        colour = code(choice.shoot) // 5
        before = len(s.boards[s.player].temples[colour])
        p = s.player
        s = s.apply(choice)
        assert len(s.boards[p].temples[colour]) == before + 1  # in the temple of its colour
    start = s.first_player
    assert order == [(start + k) % 3 for k in range(3)] * 2
    assert all(b.shoots == 6 for b in s.boards)
    assert s.phase == "gift"


def test_BB_PL_5_snake_draft_variant() -> None:
    """Option draft_order='snake' (B9 alternative): the second pick runs counter-clockwise."""
    s = bamboo.new_game(3, 2, {"draft_order": "snake"})
    order = []
    while s.phase == "draft":
        order.append(s.player)
        s = s.apply(s.legal_actions()[0])
    first = [(s.first_player + k) % 3 for k in range(3)]
    assert order == first + first[::-1]


def test_BB_PL_6_three_coins_and_open_information() -> None:
    """R-EN III-F: "Each player receives 3 coins"; "There is no hidden information" on boards."""
    s = bamboo.new_game(2, 0)
    assert all(b.coins == 3 for b in s.boards)
    view = s.view(1)
    assert view.boards == s.boards  # everything a player owns stays visible


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_invariants_case_29(n: int) -> None:
    """Catalog 1.14 case 29: field 12 (3 per stalk); 6 shoots, 3 coins, HP 5, 3 incense, 1 left
    tile each after the draft; face up 9 balance, 8 home, 5 food; 4 spirits visible."""
    s = bamboo.new_game(n, 11)
    assert all((b.hp, b.reserve, b.coins) == (5, 3, 3) for b in s.boards)
    while s.phase == "draft":
        s = s.apply(s.legal_actions()[0])
    assert sum(len(st) for st in s.stalks) == 12
    for p, b in enumerate(s.boards):
        assert (b.shoots, b.coins, len(b.balance), b.hp) == (6, 3, 1, 5)
        assert b.reserve == 3 + (p == s.first_player)  # Spring has given the first player a stick
    assert sum(map(len, s.balance_market)) == 9
    assert sum(map(len, s.home_market)) == 8
    assert len(s.food_display) == 5
    assert sum(1 for st in s.spirit_stacks if st) == 4
    assert sum(len(st) for st in s.spirit_stacks) == 16
    if n == 2:
        assert sum(len(t) for t in s.temples) == 8


def test_wildcards_on_board_variant() -> None:
    """Option wildcards='board' (catalog 1.3 alternative REC): the wildcards start in the field."""
    s = bamboo.new_game(2, 0, {"wildcards": "board"})
    field = [c for st in s.stalks for c in st]
    assert sum(1 for c in field if c % 5 == 4) == 4
    assert all(c % 5 != 4 for c in s.shoot_pool)
