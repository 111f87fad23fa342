"""Tests of docs/rules/bamboo.md, section Player set-up."""

from __future__ import annotations

from typing import Any

import pytest
from bamboo_helpers import (
    State,
    activated,
    code,
    play,
    played,
    refused,
)

from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo.reconstructed import PLAYER_SETS, UNMARKED_SHOOTS


def _move_shoot(d: dict[str, Any], src: int, dst: int) -> None:
    """Move one shoot from player ``src``'s temples to the same temple of player ``dst``."""
    t = next(t for t in range(4) if d["boards"][src]["temples"][t])
    if len(d["boards"][dst]["temples"][t]) >= 4:
        t = next(t for t in range(4) if len(d["boards"][dst]["temples"][t]) < 4)
        src_t = next(k for k in range(4) if d["boards"][src]["temples"][k])
        d["boards"][dst]["temples"][t].append(d["boards"][src]["temples"][src_t].pop())
        return
    d["boards"][dst]["temples"][t].append(d["boards"][src]["temples"][t].pop())


def test_coins_are_values_case_17() -> None:
    """Case 17 and BB-PL-6: coins of 1 and 3 exchange at any time, so a board holds a value:
    1 + 3 coins pay a 4-coin tile whatever the denominations."""
    s = activated("Ri", coins=4)
    p = s.player
    tile = next(t for t in bamboo.HOME_TILES if t.cost == 4)
    s = bamboo.position(base=s, home_market=[[], [tile.name]])
    s = play(s, f"buy {tile.name}", "home 0,0")
    assert s.boards[p].coins == 0 and s.boards[p].hp == 5 + tile.hp


@pytest.mark.parametrize("n", [2, 3, 4])
def test_BB_PL_5_saved_game_with_a_shoot_moved_between_players_is_refused(n: int) -> None:
    """Each player owns 6 shoots ("everyone ends with 6 shoots"; a turn takes back as many as it
    pushes, BB-SUM-6): a saved game whose players hold 7 and 5 is refused, though every shoot
    is still there (conservation alone misses it)."""
    s = played(n, n, lambda s: s.phase == "visit" and s.round == 2)
    d = s.to_dict()
    assert all(b.shoots == 6 for b in s.boards)
    _move_shoot(d, 0, 1)
    refused(d, "player 0 owns 5 shoots .* not 6")


def test_BB_PL_5_shoot_from_the_box_onto_a_board_is_refused() -> None:
    """A shoot taken out of the box (2 players: unused sets) gives its new owner 7 shoots."""
    s = played(2, 1, lambda s: s.phase == "visit")
    d = s.to_dict()
    c = d["shoot_box"].pop()
    t = next(t for t in range(4) if len(d["boards"][1]["temples"][t]) < 4)
    d["boards"][1]["temples"][t].append(c)
    refused(d, "player 1 owns 7 shoots")


@pytest.mark.parametrize("order", ["clockwise", "snake"])
def test_BB_PL_5_draft_counts_follow_the_picks(order: str) -> None:
    """In the draft each player holds 4 set-up shoots plus their picks so far (B9 order); a
    drafted shoot on the wrong player's board is refused."""
    s = bamboo.new_game(3, 7, {"draft_order": order})
    for _ in range(4):
        s = s.apply(s.legal_actions()[0])
        if s.phase == "draft":
            assert State.from_dict(s.to_dict()) == s
    assert s.phase == "draft"
    d = s.to_dict()
    counts = [b.shoots for b in s.boards]
    rich = max(range(3), key=lambda p: counts[p])
    poor = min(range(3), key=lambda p: counts[p])
    _move_shoot(d, rich, poor)
    refused(d, "owns .* shoots")


def test_BB_PL_5_built_positions_may_hold_other_counts() -> None:
    """``position`` documents that a teacher may give a board fewer (or more) than 6 shoots; such
    a position, and a game played on from it, still load (each count is kept by play)."""
    s = bamboo.position(player=0, boards={0: {"temples": [["Rb"], ["Yc"], [], []]}})
    assert s.boards[0].shoots == 2
    t = s.apply(bamboo.parse_action("visit red", s))
    assert State.from_dict(t.to_dict()) == t
    assert t.boards[0].shoots + len(t.pending) == 2


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
