"""Tests of docs/rules/bamboo.md, section Board set-up."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from bamboo_helpers import (
    midgame,
    rejected,
)

from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import GHOST
from bamboo_lab.games.bamboo.components import FOOD_COUNTS, SPIRITS
from bamboo_lab.games.bamboo.reconstructed import BOARD_SETUP_SHOOTS


def _swap_rows(d: dict[str, Any]) -> None:
    row = d["balance_market"]
    row[0], row[1] = row[1], row[0]


def _ghost_below(d: dict[str, Any]) -> None:
    d["boards"][0]["reserve"] -= 1
    d["temples"][1] = [GHOST, 0, GHOST, GHOST]


def test_BB_SET_3_from_dict_rejects_a_balance_tile_in_the_wrong_row() -> None:
    """R-EN I: "Separate the three types of balance tiles (left, center and right types)"; a left
    tile in the center row (or stack) is a corrupt position, not a new rule."""
    rejected(midgame(), _swap_rows, "balance")
    rejected(
        midgame(), lambda d: d["balance_stacks"][0].append(d["balance_stacks"][1].pop()), "balance"
    )


def test_BB_SET_3_from_dict_rejects_a_fourth_face_up_balance_tile() -> None:
    """R-EN I: "Reveal 3 tiles and place them face up in the spaces for each type"."""
    rejected(
        midgame(),
        lambda d: d["balance_market"][2].append(d["balance_stacks"][2].pop(0)),
        "balance",
    )


def test_BB_SET_4_from_dict_rejects_bad_home_markets() -> None:
    """R-EN I: two categories of home tiles, 4 face up each (B1); with 2 players the 3+ tiles
    are out of the game."""
    rejected(midgame(), lambda d: d["home_market"][0].append(d["home_stacks"][0].pop(0)), "home")
    rejected(midgame(), lambda d: d["home_market"][1].append(d["home_stacks"][0].pop(0)), "home")
    rejected(midgame(), lambda d: d["home_stacks"][1].append(d["home_box"].pop()), "home")


def test_BB_SET_6_from_dict_rejects_six_face_up_food_counters() -> None:
    """R-EN I: "reveal five of these counters and place them in the corresponding spaces"."""
    rejected(midgame(), lambda d: d["food_display"].append(d["food_bag"].pop()), "food")


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: d.update(temple_tiles=[2, 2, 2, 2], temples=[[GHOST] * 2] * 4),
        lambda d: d.update(temples=[[GHOST], [GHOST] * 3, [GHOST] * 3, [GHOST]]),
        _ghost_below,
    ],
    ids=["tiles", "count", "below"],
)
def test_BB_SET_8_from_dict_rejects_ghost_incense_off_its_tiles(corrupt: Any) -> None:
    """R-EN I and Autumn 2 (2 players): the ghost's sticks are exactly the temple tiles' numbers
    {0, 2, 3, 3}, "always in the lowest position" (B18)."""
    d = midgame(plies=0)
    d.update(temple_tiles=[2, 3, 3, 0], temples=[[GHOST] * 2, [GHOST] * 3, [GHOST] * 3, []])
    rejected(d, corrupt, "ghost")


def test_BB_SET_8_inventory_counts_the_temple_tiles() -> None:
    """R-EN II: 4 temple tiles, used with 2 players; they lie beside the board all game."""
    assert bamboo.new_game(2, 0).inventory()["temple_tile"] == 4
    assert "temple_tile" not in bamboo.new_game(3, 0).inventory()


def test_BB_SET_2_inventory_counts_each_gift_so_a_duplicate_is_refused() -> None:
    """R-EN I and Phase 1: the 4 gift tiles are Fund, Cook, Balance and Improve, one each; the
    inventory counts each kind, so a gift replaced by a copy of another is caught."""
    inv = bamboo.new_game(2, 0).inventory()
    assert all(inv["gift:" + g] == 1 for g in ("fund", "cook", "balance", "improve"))
    rejected(midgame(plies=0), lambda d: d.update(gift_stack=["fund"] * 4), "gift")


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
