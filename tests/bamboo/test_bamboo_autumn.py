"""Tests of docs/rules/bamboo.md, section Autumn."""

from __future__ import annotations

from bamboo_helpers import (
    finish_turn,
    last_turn,
    play,
    reference_majority,
    seeded_positions,
    to_summer,
    visit_position,
    with_board,
)

from bamboo_lab import exercises
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import GHOST, seasons, temple_majority


def test_BB_AUT_1_BB_AUT_2_temple_winners_by_hand() -> None:
    """Red: 2-2, player 0's stick on top; yellow: the ghost's 3; green: ghost 3, player 1 3,
    player 1 higher; blue: no incense."""
    exercise = exercises.get("bamboo-6")
    assert exercise.truth(exercise.position()) == (0, "ghost", 1, "nobody")


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


def test_BB_AUT_1_ghost_at_the_bottom_loses_ties_B18() -> None:
    """B18: the ghost's sticks lie below every player's, so a tie with the ghost goes to the
    player; the ghost wins only with strictly more sticks."""
    assert temple_majority([GHOST, GHOST, 0, 0])[0] == 0
    assert temple_majority([GHOST, GHOST, GHOST, 0, 0])[0] == GHOST


def test_BB_AUT_1_majority_winner_equals_the_ranking_from_scratch() -> None:
    """Autumn's winner of each temple is the first of the majority ranked from scratch."""
    checked = 0
    for num_players in (2, 3, 4):
        for state in seeded_positions(num_players):
            for stack in state.temples:
                if stack:
                    assert seasons.majority_winner(stack) == reference_majority(stack)[0]
                    checked += 1
    assert checked >= 1000, checked
