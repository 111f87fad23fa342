"""Tests of docs/rules/bamboo.md, section End of the game and final scoring."""

from __future__ import annotations

import random

import pytest
from bamboo_helpers import bal, seeded_positions

from bamboo_lab.core.errors import IllegalActionError, InvalidStateError
from bamboo_lab.core.protocol import TERMINAL
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import (
    final_breakdown,
    harmony,
    harmony_penalty,
    home_from_text,
    rank_players,
    spirit_diversity,
)


def _finished(n: int = 2, seed: int = 0, options: object = None) -> bamboo.State:
    s = bamboo.new_game(n, seed, options)
    rng = random.Random(seed)
    while not s.is_over():
        legal = s.legal_actions()
        s = s.apply(legal[rng.randrange(len(legal))], check=False)
    return s


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_BB_END_1_the_seat_to_act_is_a_seat_until_the_game_ends_then_terminal(
    num_players: int,
) -> None:
    """``current_player`` reads the stored seat: a seat of the game at every decision along
    whole seeded games, TERMINAL exactly once the game is over (and for a saved game loaded)."""
    for state in seeded_positions(num_players):
        if state.is_over():
            assert state.current_player == state.player == TERMINAL
            assert bamboo.State.from_dict(state.to_dict()).current_player == TERMINAL
        else:
            assert state.current_player == state.player in range(num_players)


def test_BB_END_1_game_over_after_fourth_winter() -> None:
    """R-EN VI: "Once the Winter phase of the fourth round has been concluded, the game will have
    reached its end"."""
    s = _finished(3, 1)
    assert s.is_over() and s.round == 5 and s.current_player == TERMINAL
    assert s.legal_actions() == ()
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.EndTurn())


def test_BB_END_2_spirit_diversity_case_1() -> None:
    """R-EN VI: "a player who has gathered 5 Spirits of the Forest, 4 of those unique, gets 8 HP"
    (catalog case 1: Kappa, Kappa, Tanuki, Tengu, Kitsune -> +8)."""
    assert spirit_diversity(["kappa", "kappa", "tanuki", "tengu", "kitsune"]) == 8
    assert spirit_diversity([]) == 0


def test_BB_END_3_harmony_case_2() -> None:
    """R-EN VI: "5 comfort points on the left and 8 on the right is a 3-point difference, so the
    player loses 6 HP"; case 2 with the middle column ignored; equal sides -> 0. R-FR FAQ:
    harmony depends on comfort, not on the number of tiles."""
    home = home_from_text("(0,0):G/2 (1,1):F/3 | (0,2):D/3 | (0,3):T/3 (1,4):G/3 (2,3):D/2")
    assert harmony(home) == (5, 8) and harmony_penalty(home) == -6
    assert harmony_penalty(home_from_text("(0,0):G/3 (0,4):D/1 (1,4):D/2")) == 0


def test_BB_END_4_unscored_met_tiles_give_half() -> None:
    """R-EN VI: "If the indicated pattern has been correctly recreated, then half of the indicated
    HP are granted (rounding up)"; R-FR FAQ: scoring in full needs a Balance action."""
    home = home_from_text("(0,0):D/1")
    parts = final_breakdown(5, [], home, [bal("L01"), bal("L02")])
    assert parts["balance"] == 1  # L01 (2 HP, decoration) is met, L02 (faith) is not
    assert parts["total"] == 5 + 1 - 2  # harmony: 1 left against 0 right


def test_BB_END_5_tie_break_by_comfort_case_28() -> None:
    """R-EN VI: "If there is a tie, the one who has achieved the most total comfort points on their
    home tiles wins. If there is still a tie ... the players share the victory". Case 28."""
    assert rank_players([20, 20], [17, 15]) == (0,)
    assert rank_players([20, 20], [15, 15]) == (0, 1)
    assert rank_players([21, 20], [1, 15]) == (0,)


def test_BB_END_5_outcome_breakdown_per_player() -> None:
    """``outcome()`` returns the final scores, winners, a reason and one breakdown per player."""
    s = _finished(4, 3)
    out = s.outcome()
    assert out is not None and len(out.breakdown) == 4
    for p, parts in enumerate(out.breakdown):
        assert parts["total"] == out.scores[p] == s.scores()[p]
        assert parts["total"] == sum(
            parts[k] for k in ("happiness", "spirits", "harmony", "balance", "night")
        )
    assert set(out.winners) <= set(range(4)) and out.reason


def test_BB_END_5_tied_game_outcome() -> None:
    """A tie on HP and comfort gives a shared victory in the outcome."""
    s = _finished(2, 0)
    plain = {"hp": 10, "home": [None] * 15, "balance": [], "awake": [], "asleep": []}
    s = bamboo.position(base=s, boards=[plain, plain])
    out = s.outcome()
    assert out is not None and out.winners == (0, 1) and out.is_shared


def test_night_side_game_scores_the_penalty() -> None:
    """A finished night-side game includes the penalty in every breakdown."""
    s = _finished(2, 5, {"night_side": True})
    out = s.outcome()
    assert out is not None
    for p, parts in enumerate(out.breakdown):
        uncovered = sum(1 for i in bamboo.night_spaces(p) if s.boards[p].home[i] < 0)
        assert parts["night"] == -uncovered


def test_BB_END_2_five_spirits_four_kinds_give_8() -> None:
    """R-EN VI: "a player who has gathered 5 Spirits of the Forest, 4 of those unique, gets 8"."""
    s = bamboo.position(
        boards={0: {"spirits": ["Kappa", "Tanuki", "Ookami"], "asleep": ["Kappa", "Tengu"]}}
    )
    assert len(s.boards[0].spirits) == 5
    assert s.final_breakdown(0)["spirits"] == 8


def test_BB_END_3_five_against_eight_costs_six() -> None:
    """R-EN VI: "5 comfort points on the left and 8 on the right ... the player loses 6 HP"."""
    s = bamboo.position(boards={0: {"home": "(0,0):G/2 (1,1):F/3 (0,3):D/3 (1,4):T/3 (2,3):G/2"}})
    part = s.final_breakdown(0)
    assert (part["left_comfort"], part["right_comfort"], part["harmony"]) == (5, 8, -6)


def test_BB_END_2_spirit_names_as_printed_or_in_notation_and_unknown_refused() -> None:
    """Issue 8: spirit_diversity(["Ookami", "ookami"]) counted two kinds."""
    assert bamboo.spirit_diversity(["Ookami", "ookami"]) == 2
    assert bamboo.spirit_diversity(["Kappa", "Tanuki", "kappa"]) == 4
    for bad in (["OOKAMI"], ["wolf"], [3]):
        with pytest.raises(InvalidStateError):
            bamboo.spirit_diversity(bad)  # type: ignore[arg-type]
