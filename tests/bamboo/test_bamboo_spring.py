"""Tests of docs/rules/bamboo.md, section Spring."""

from __future__ import annotations

import random

from bamboo_helpers import (
    edited,
    finish_turn,
    midgame,
    play,
    rejected,
    visit_position,
    with_board,
)

from bamboo_lab.games import bamboo


def test_BB_SPR_3_from_dict_rejects_a_gift_phase_without_gifts() -> None:
    """R-EN Phase 1: in Spring a player "chooses one of the gift from the forest tiles that is
    face up"; a gift decision with no revealed gift is inconsistent."""
    d = midgame(plies=0)
    rejected(d, lambda d: d.update(phase="gift"), "gift")


def test_BB_SPR_2_every_gift_is_back_in_the_stack_for_the_next_spring() -> None:
    """R-EN Phase 1: each chosen gift is returned face down; next Spring "the stack ... is mixed
    up" again, so every round reveals from all 4 gifts."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, 1 - s.player, reserve=0)
    s = finish_turn(play(s, "visit red"))
    assert s.phase == "gift" and s.round == 2
    assert sorted(s.gift_display + s.gift_stack) == sorted(bamboo.components.GIFTS)
    assert len(s.gift_display) == 2


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
