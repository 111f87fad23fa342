"""Bamboo Spring, Autumn and Winter (BB-SPR-*, BB-AUT-*, BB-WIN-2..5), catalog cases 11-13,
18 and 19."""

from __future__ import annotations

import random

import pytest
from bamboo_helpers import (
    edited,
    finish_turn,
    last_turn,
    plain_homes,
    play,
    to_summer,
    to_winter,
    visit_position,
    with_board,
)

from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import GHOST, least_waste_payment, temple_majority


def test_BB_SPR_1_game_ends_when_round_track_is_empty_case_19() -> None:
    """R-EN Phase 1: "If the four incense spaces are empty at the start of this phase, the game
    comes to an end"; case 19; BB-END-1 after the fourth Winter."""
    s = bamboo.new_game(2, 3)
    rng = random.Random(0)
    rounds = []
    while not s.is_over():
        if s.phase == "gift" and s.round not in rounds:
            rounds.append(s.round)
            for p, b in enumerate(s.boards):  # only the first player has taken this round's
                assert b.track == 4 - s.round + (p != s.player)
        legal = s.legal_actions()
        s = s.apply(legal[rng.randrange(len(legal))])
    assert rounds == [1, 2, 3, 4] and s.round == 5
    assert all(b.track == 0 for b in s.boards)
    assert s.outcome() is not None


def test_BB_SPR_2_gifts_reshuffled_and_revealed_per_player() -> None:
    """R-EN Phase 1: "The stack of gift from the forest tiles is mixed up and as many tiles as
    there are players are revealed"."""
    for n in (2, 3, 4):
        s = bamboo.new_game(n, 1)
        while s.phase == "draft":
            s = s.apply(s.legal_actions()[0])
        assert len(s.gift_display) == n and len(s.gift_stack) == 4 - n


def test_BB_SPR_3_incense_then_gift_in_turn_order() -> None:
    """R-EN Phase 1: each player "is given a stick of incense ... that is in the incense space on
    the far left" then "chooses one of the gift from the forest tiles ... executes the action
    shown on it and returns the chosen tile face down"."""
    s = bamboo.new_game(3, 4)
    while s.phase == "draft":
        s = s.apply(s.legal_actions()[0])
    first = s.player
    assert first == s.first_player
    assert s.boards[first].reserve == 4 and s.boards[first].track == 3
    assert all(b.reserve == 3 for i, b in enumerate(s.boards) if i != first)
    if "fund" not in s.gift_display:
        s = edited(s, gift_display=["fund", "cook", "balance"], gift_stack=["improve"])
    s = play(s, "gift fund")
    assert s.boards[first].coins == 5
    assert s.gift_stack[0] == "fund" and "fund" not in s.gift_display
    assert s.player == (first + 1) % 3 and s.boards[s.player].reserve == 4
    s = play(s, "gift cook")
    assert s.phase == "cook"


def test_BB_AUT_1_majority_and_tie_to_highest_stick_case_11() -> None:
    """R-EN Autumn 1: "If there are several tied players, then the one who placed a stick of
    incense last (the highest position) gets the tile". Case 11."""
    assert temple_majority([0, 1, 0, 1])[0] == 1
    assert temple_majority([0, 0, 1])[0] == 0
    assert temple_majority([1, 2, 2, 1, 0]) == (1, 2, 0)


def test_BB_AUT_1_spirit_goes_to_the_majority() -> None:
    """R-EN Autumn 1: "The player with the most incense at this temple is granted the Spirit"."""
    s = to_summer(3)
    p = s.player
    q, r = (p + 1) % 3, (p + 2) % 3
    main = [[], [q, q, q], [r, r, r], [q, r]]  # blue: a tie, r's stick is the highest
    s = last_turn(3, lambda s, p: main, 0)
    stacks = s.spirit_stacks
    s = finish_turn(play(s, "visit red"))
    assert s.boards[p].spirits == (stacks[0][0],)
    assert s.boards[q].spirits == (stacks[1][0],)
    assert sorted(s.boards[r].spirits) == sorted([stacks[2][0], stacks[3][0]])


def test_BB_AUT_2_ghost_win_removes_the_spirit_case_12() -> None:
    """R-EN Autumn 1 note: "If the ghost player is the one who gets the Spirit tile, then the tile
    is simply removed from the game". Case 12."""
    tiles = to_summer().temple_tiles
    zero = tiles.index(0)

    def main(s: bamboo.State, p: int) -> list[list[int]]:
        ghost = [[GHOST] * v for v in s.temple_tiles]
        for t in range(4):
            if s.temple_tiles[t] == 3:
                ghost[t] += [1 - p] * 2  # 2 sticks lose to the ghost's 3
        return ghost

    s = last_turn(2, main, zero)
    p = s.player
    spirits = [st[0] for st in s.spirit_stacks]
    s = finish_turn(play(s, f"visit {bamboo.components.COLOURS[zero]}"))
    assert sorted(s.spirit_out) == sorted(spirits[t] for t in range(4) if t != zero)
    assert s.boards[p].spirits == (spirits[zero],) and s.boards[1 - p].spirits == ()


def test_BB_AUT_3_incense_back_and_ghost_redealt_at_the_bottom() -> None:
    """R-EN Autumn 2: players get their sticks back; 2 players: "mix up the 4 temple tiles and
    reveal one for each temple ... (always in the lowest position)"."""
    s = visit_position(temples=(("Rb", "Ri"), (), (), ()), reserve=2, coins=0)
    p = s.player
    s = with_board(s, 1 - p, reserve=0)
    s = finish_turn(play(s, "visit red"))
    assert s.boards[p].reserve == 7 - s.boards[p].track  # every stick is back
    assert sorted(s.temple_tiles) == [0, 2, 3, 3]
    assert s.temples == tuple((GHOST,) * v for v in s.temple_tiles)


def test_BB_AUT_4_next_spirit_revealed() -> None:
    """R-EN Autumn 3: "After removing the Spirit of the Forest tile ... the next tile will be
    revealed"."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, 1 - s.player, reserve=0)
    stack = s.spirit_stacks[0]
    s = finish_turn(play(s, "visit red"))
    assert s.spirit_stacks[0] == stack[1:]


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


def test_BB_AUT_1_ghost_at_the_bottom_loses_ties_B18() -> None:
    """B18: the ghost's sticks lie below every player's, so a tie with the ghost goes to the
    player; the ghost wins only with strictly more sticks."""
    assert temple_majority([GHOST, GHOST, 0, 0])[0] == 0
    assert temple_majority([GHOST, GHOST, GHOST, 0, 0])[0] == GHOST


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


def test_BB_SPR_3_season_names_the_season_of_every_decision() -> None:
    """`season(state)`: the set-up draft, then each round Spring (gifts and their actions),
    Summer, Winter (waking, feeding), and the end; never Autumn, which asks no decision."""
    rng = random.Random(3)
    s = bamboo.new_game(2, 3)
    seen: list[tuple[int, str]] = []
    while True:
        name = bamboo.season(s)
        assert name in bamboo.SEASONS and name != "Autumn"
        if s.phase == "draft":
            assert name == "setup"
        elif s.phase == "gift" or s.context == "gift":
            assert name == "Spring"  # BB-SPR-3: a gift's action is part of Spring
        elif s.phase in ("wake", "feed"):
            assert name == "Winter"  # BB-WIN-1, BB-WIN-2
        elif not s.is_over():
            assert name == "Summer"
        if not seen or seen[-1] != (s.round, name):
            seen.append((s.round, name))
        if s.is_over():
            break
        s = s.apply(rng.choice(s.legal_actions()), check=False)
    assert seen[0] == (1, "setup") and seen[-1] == (5, "over")
    for rnd in range(1, 5):  # each round: Spring, then Summer, then (maybe) Winter
        names = [n for r, n in seen if r == rnd and n != "setup"]
        assert names[:2] == ["Spring", "Summer"] and set(names[2:]) <= {"Winter"}
