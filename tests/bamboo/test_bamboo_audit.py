"""Bamboo audit findings: corrupt dicts that break a rule, the teaching grid reader, inventory."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from bamboo_helpers import bal, drain, finish_turn, home_id, play, visit_position, with_board

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import GHOST, home_from_text


def _midgame(n: int = 2, plies: int = 40, options: Any = None) -> dict[str, Any]:
    """The JSON dict of a seeded random game after ``plies`` decisions."""
    s = bamboo.new_game(n, 0, options)
    rng = random.Random(1)
    for _ in range(plies):
        legal = s.legal_actions()
        s = s.apply(legal[rng.randrange(len(legal))])
    return json.loads(json.dumps(s.to_dict()))


def _rejected(d: dict[str, Any], corrupt: Callable[[dict[str, Any]], object], words: str) -> None:
    """``corrupt(d)`` makes ``from_dict`` raise InvalidStateError naming ``words``."""
    assert bamboo.State.from_dict(d).to_dict() == d  # the uncorrupted dict is fine
    corrupt(d)
    with pytest.raises(InvalidStateError, match=words):
        bamboo.State.from_dict(d)


def _swap_rows(d: dict[str, Any]) -> None:
    row = d["balance_market"]
    row[0], row[1] = row[1], row[0]


def test_BB_SET_3_from_dict_rejects_a_balance_tile_in_the_wrong_row() -> None:
    """R-EN I: "Separate the three types of balance tiles (left, center and right types)"; a left
    tile in the center row (or stack) is a corrupt position, not a new rule."""
    _rejected(_midgame(), _swap_rows, "balance")
    _rejected(
        _midgame(), lambda d: d["balance_stacks"][0].append(d["balance_stacks"][1].pop()), "balance"
    )


def test_BB_SET_3_from_dict_rejects_a_fourth_face_up_balance_tile() -> None:
    """R-EN I: "Reveal 3 tiles and place them face up in the spaces for each type"."""
    _rejected(
        _midgame(),
        lambda d: d["balance_market"][2].append(d["balance_stacks"][2].pop(0)),
        "balance",
    )


def test_BB_SET_4_from_dict_rejects_bad_home_markets() -> None:
    """R-EN I: two categories of home tiles, 4 face up each (B1); with 2 players the 3+ tiles
    are out of the game."""
    _rejected(_midgame(), lambda d: d["home_market"][0].append(d["home_stacks"][0].pop(0)), "home")
    _rejected(_midgame(), lambda d: d["home_market"][1].append(d["home_stacks"][0].pop(0)), "home")
    _rejected(_midgame(), lambda d: d["home_stacks"][1].append(d["home_box"].pop()), "home")


def test_BB_SET_6_from_dict_rejects_six_face_up_food_counters() -> None:
    """R-EN I: "reveal five of these counters and place them in the corresponding spaces"."""
    _rejected(_midgame(), lambda d: d["food_display"].append(d["food_bag"].pop()), "food")


def test_BB_ACT_2_from_dict_rejects_three_balance_tiles_of_a_type() -> None:
    """R-EN Obtain Balance: "You cannot have more than 2 tiles of the same type on your personal
    board"."""

    def corrupt(d: dict[str, Any]) -> None:
        d["boards"][0]["balance"] += [d["balance_market"][0].pop(), d["balance_market"][0].pop()]

    _rejected(_midgame(), corrupt, "balance")


def _ghost_below(d: dict[str, Any]) -> None:
    d["boards"][0]["reserve"] -= 1
    d["temples"][1] = [GHOST, 0, GHOST, GHOST]


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
    d = _midgame(plies=0)
    d.update(temple_tiles=[2, 3, 3, 0], temples=[[GHOST] * 2, [GHOST] * 3, [GHOST] * 3, []])
    _rejected(d, corrupt, "ghost")


def test_BB_SET_8_inventory_counts_the_temple_tiles() -> None:
    """R-EN II: 4 temple tiles, used with 2 players; they lie beside the board all game."""
    assert bamboo.new_game(2, 0).inventory()["temple_tile"] == 4
    assert "temple_tile" not in bamboo.new_game(3, 0).inventory()


def test_BB_ADV_1_from_dict_rejects_a_wrong_tile_on_a_night_space() -> None:
    """R-EN Advanced: "the tile placed on top of the space must match the indications"."""
    space, kind = next(iter(bamboo.night_spaces(0).items()))
    wrong = home_id("DFGT"[(kind + 1) % 4], 1)

    def corrupt(d: dict[str, Any]) -> None:
        for row in d["home_market"] + d["home_stacks"]:
            if wrong in row:
                row.remove(wrong)
        d["boards"][0]["home"][space] = wrong

    _rejected(_midgame(options={"night_side": True}), corrupt, "night")


def test_from_dict_rejects_unknown_board_fields() -> None:
    """A board dict with a field it does not have is refused, like the state's own fields."""
    d = _midgame()
    _rejected(d, lambda d: d["boards"][1].update(gold=3), "gold")


def test_BB_SPR_3_from_dict_rejects_a_gift_phase_without_gifts() -> None:
    """R-EN Phase 1: in Spring a player "chooses one of the gift from the forest tiles that is
    face up"; a gift decision with no revealed gift is inconsistent."""
    d = _midgame(plies=0)
    _rejected(d, lambda d: d.update(phase="gift"), "gift")


@pytest.mark.parametrize("text", ["(0,7):D", "(5,0):D", "(0,0):/2", "(0,0):D (0,0):F", "(0,0):D/4"])
def test_BB_PAT_1_home_from_text_rejects_spaces_off_the_grid(text: str) -> None:
    """R-EN Balance: "The home is made up of a grid ... 5 spaces wide by 3 spaces tall": a space
    off the grid, a missing type or a space given twice is an error, never a silent wrap."""
    with pytest.raises(InvalidStateError):
        home_from_text(text)


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


def test_BB_WIN_4_empty_stack_the_lowest_tile_comes_back_on_top() -> None:
    """R-EN Winter 4: the lowest tile goes "at the end of their rows in the dispenser"; with an
    empty dispenser it is the only tile there, so it fills the first empty space again."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, 1 - s.player, reserve=0)
    row = s.balance_market[1]
    s = drain(s, balance=(1,))
    s = finish_turn(play(s, "visit red"))
    assert s.balance_market[1] == (*row[1:], row[0]) and s.balance_stacks[1] == ()


def test_BB_SPI_5_bakeneko_only_in_the_offering_step() -> None:
    """R-EN: Bakeneko acts "During the make an offering step of the Summer"; it is not offered
    before the visit nor while placing shoots."""
    s = visit_position(temples=(("Rb", "Ri"), ("Yc",), (), ()), reserve=1, coins=0)
    p = s.player
    s = with_board(s, p, awake=("bakeneko",))
    assert bamboo.UseSpirit("bakeneko") not in s.legal_actions()
    s = play(s, "visit red")
    assert s.phase == "offer" and bamboo.UseSpirit("bakeneko") in s.legal_actions()
    s = play(s, "offer red")
    assert s.phase == "place" and bamboo.UseSpirit("bakeneko") not in s.legal_actions()


def test_BB_SPI_1_no_spirit_power_in_spring_or_winter_upkeep() -> None:
    """Catalog 1.10 and W-JI erratum: the powers are used in Summer (Ookami in feeding), so a
    Spring gift offers no spirit power."""
    s = bamboo.new_game(2, 0)
    while s.phase == "draft":
        s = s.apply(s.legal_actions()[0])
    summer = ("kappa", "tanuki", "rokurokubi", "tengu", "kitsune", "bakeneko")
    s = with_board(s, s.player, awake=tuple(sorted(summer)))
    assert s.phase == "gift"
    assert not any(isinstance(a, bamboo.UseSpirit) for a in s.legal_actions())
    for gift in s.gift_display:
        after = play(s, f"gift {gift}")
        if after.player == s.player:
            assert not any(isinstance(a, bamboo.UseSpirit) for a in after.legal_actions())


def test_BB_SUM_2_round_variant_frees_the_first_turn_of_each_round() -> None:
    """Option first_turn_free='round': in a new Summer the temple visited last is free again,
    unlike the default (B3) where the marker stays put."""
    for mode, free in (("game", False), ("round", True)):
        s = visit_position(temples=(("Rb",), ("Yc",), (), ()), reserve=1, coins=0)
        s = bamboo.position(base=s, options=bamboo.Options(first_turn_free=mode))
        p = s.player
        s = with_board(s, 1 - p, reserve=0)
        s = finish_turn(play(s, "visit red"))  # round 1 ends for everybody
        while s.phase != "visit":
            s = s.apply(s.legal_actions()[0])
        assert s.round == 2 and s.boards[p].marker == (-1 if free else 0)
        s = bamboo.position(base=s, player=p, boards={p: {"temples": [["Rb"], ["Yc"], [], []]}})
        assert (bamboo.VisitTemple("red") in s.legal_actions()) is free


def test_BB_SPR_2_every_gift_is_back_in_the_stack_for_the_next_spring() -> None:
    """R-EN Phase 1: each chosen gift is returned face down; next Spring "the stack ... is mixed
    up" again, so every round reveals from all 4 gifts."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, 1 - s.player, reserve=0)
    s = finish_turn(play(s, "visit red"))
    assert s.phase == "gift" and s.round == 2
    assert sorted(s.gift_display + s.gift_stack) == sorted(bamboo.components.GIFTS)
    assert len(s.gift_display) == 2


def test_BB_SET_2_inventory_counts_each_gift_so_a_duplicate_is_refused() -> None:
    """R-EN I and Phase 1: the 4 gift tiles are Fund, Cook, Balance and Improve, one each; the
    inventory counts each kind, so a gift replaced by a copy of another is caught."""
    inv = bamboo.new_game(2, 0).inventory()
    assert all(inv["gift:" + g] == 1 for g in ("fund", "cook", "balance", "improve"))
    _rejected(_midgame(plies=0), lambda d: d.update(gift_stack=["fund"] * 4), "gift")
