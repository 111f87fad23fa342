"""Tests of docs/rules/takenoko.md, section "End of the game and scoring"."""

from __future__ import annotations

import pytest
from takenoko_helpers import PANDA_RING, RING, act, truth

from bamboo_lab import exercises
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import takenoko as tk


def _finish_turn(s: tk.State) -> tk.State:
    """Play a quick legal turn for the player to move (roll wind, two irrigations, end)."""
    if s.phase == "roll":
        s = s.apply(tk.Roll("wind"))
    return act(s, "action irrigation", "action irrigation", "end")


@pytest.mark.parametrize(("players", "trigger"), [(2, 9), (3, 8), (4, 7)])
def test_TK_END_1_trigger_gives_the_emperor(players: int, trigger: int) -> None:
    """TK-END-1: "The 9th (2 players), 8th (3) or 7th (4) completed objective triggers the end;
    that player takes the Emperor (2 points)." """
    done = tuple(f"A{i:02d}" for i in range(2, trigger + 1))
    s = tk.position(
        num_players=players,
        plots=RING,
        completed={0: done},
        hands={0: ("A01", "P14", "G12")},  # P14, G12: the setup cards (TK-SET-4)
        eaten={0: (2, 0, 0)},
    )
    before = s.scores()[0]
    s = act(s, "claim A01")
    assert s.emperor == 0 and len(s.completed[0]) == trigger
    assert s.scores()[0] == before + 3 + 2


def test_TK_END_1_only_the_first_player_to_reach_the_count_takes_the_emperor() -> None:
    """TK-END-1: the Emperor goes to the player whose objective triggers the end; another player
    reaching the count in a final turn does not take it."""
    eight0 = tuple(f"A{i:02d}" for i in range(3, 11))
    eight1 = tuple(f"G{i:02d}" for i in range(1, 9))
    s = tk.position(
        num_players=2,
        plots=PANDA_RING,
        completed={0: eight0, 1: eight1},
        hands={0: ("A01", "P14", "G12"), 1: ("A02", "P15")},  # with the setup cards
        eaten={0: (2, 0, 0), 1: (2, 0, 0)},
    )
    s = act(s, "claim A01", "action irrigation", "action objective", "draw panda", "end")
    assert s.emperor == 0 and s.current_player == CHANCE
    s = act(s.apply(tk.Roll("wind")), "claim A02")
    assert len(s.completed[1]) == 9 and s.emperor == 0
    s = act(s, "action irrigation", "action irrigation", "end")
    out = s.outcome()
    assert s.is_over() and out is not None
    assert out.breakdown[0]["emperor"] == 2 and out.breakdown[1]["emperor"] == 0


def test_TK_END_2_trigger_player_finishes_the_turn_and_may_claim() -> None:
    """TK-END-2: "That player finishes the turn and may still complete objectives in it." """
    done = tuple(f"A{i:02d}" for i in range(3, 11))
    s = tk.position(
        num_players=2,
        plots=RING,
        completed={0: done},
        hands={0: ("A01", "A02", "P14", "G12")},  # P14, G12: the setup cards (TK-SET-4)
        eaten={0: (4, 0, 0)},
    )
    s = act(s, "claim A01")
    assert s.emperor == 0 and not s.is_over()
    s = act(s, "claim A02", "action gardener", "gardener 1,0")
    assert len(s.completed[0]) == 10 and s.current_player == 0
    s = act(s, "action irrigation", "end")
    assert not s.is_over() and s.current_player != 0


def test_TK_END_2_last_turns_diagnose_names_the_player_who_finishes_first() -> None:
    assert "Player 2" in exercises.feedback("takenoko-8", [3, 0, 1])
    assert "every other player" in exercises.feedback("takenoko-8", [2, 3])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_TK_END_3_every_other_player_one_more_turn(players: int) -> None:
    """TK-END-3: "Every other player then plays exactly one more turn, and the game ends (not
    "finish the round")." """
    trigger = {2: 9, 3: 8, 4: 7}[players]
    done = tuple(f"A{i:02d}" for i in range(2, trigger + 1))
    seat = 1  # not the start player: "finish the round" would end sooner

    def turns_after_the_emperor(options: dict[str, str]) -> tuple[list[int], tk.State]:
        s = tk.position(
            num_players=players,
            plots=RING,
            completed={seat: done},
            hands={seat: ("A01", "P14", "G12")},  # with the setup cards (TK-SET-4)
            eaten={seat: (2, 0, 0)},
            player=seat,
            turn=players + seat,
            options=options,
        )
        s = act(s, "claim A01", "action irrigation", "action objective", "draw plot", "end")
        order = []
        while not s.is_over():
            order.append(s.player)
            s = _finish_turn(s)
        return order, s

    order, final = turns_after_the_emperor({})
    assert order == [(seat + k) % players for k in range(1, players)]
    assert final.outcome() is not None and "Emperor" in final.outcome().reason
    rest, _ = turns_after_the_emperor({"final_round": "finish_round"})
    assert rest == list(range(seat + 1, players))


def test_TK_END_3_every_other_player_plays_once_more() -> None:
    assert truth("takenoko-8") == (2, 3, 0, 1)


def test_TK_END_4_score_is_completed_cards_plus_emperor() -> None:
    """TK-END-4: "The score is the sum of completed objectives plus the Emperor; cards in hand,
    bamboo, channels and chips score nothing." """
    s = tk.position(
        num_players=4,
        plots=RING,
        completed={0: ("P12", "G05", "A13", "P01", "G01", "A02", "A03"), 1: ("A01",)},
        hands={0: ("G14", "P15")},
        eaten={0: (3, 3, 3)},
        stored_channels={0: 3},
        stored_improvements={0: (1, 1, 1)},
        emperor=0,
    )
    rows = tk.score_breakdown(s)
    assert rows[0] == {
        "plot": 5 + 2,
        "gardener": 8 + 3,
        "panda": 6 + 3 + 3,
        "emperor": 2,
        "total": 32,
        "objectives": 7,
    }
    assert s.scores() == (32, 3, 0, 0)


def test_TK_END_4_score_diagnose_spots_cards_in_hand_and_the_emperor() -> None:
    state = exercises.get("takenoko-6").position()
    score = state.scores()[0]
    held = sum(tk.CARDS[c].points for c in state.hands[0])
    assert "in hand" in exercises.feedback("takenoko-6", score + held)
    assert "Emperor" in exercises.feedback("takenoko-6", score - 2)
    assert "too low" in exercises.feedback("takenoko-6", score - 2)


def test_TK_END_5_ties_by_panda_points_then_shared() -> None:
    """TK-END-5: "Ties go to the most points on panda objectives, then the victory is shared." """
    s = tk.position(plots=RING, completed={0: ("A13", "A12"), 1: ("G05", "A01")}, phase="over")
    out = s.outcome()
    assert out is not None and out.scores == (11, 11) and out.winners == (0,)
    assert "panda" in out.reason
    shared = tk.position(plots=RING, completed={0: ("A13", "A12"), 1: ("A14", "A10")}, phase="over")
    out = shared.outcome()
    assert out is not None and out.winners == (0, 1) and out.is_shared
    # points, not the number of cards: two panda cards (3 + 3) tie with one card of 6
    cards = tk.position(
        plots=RING, completed={0: ("A01", "A02", "P01"), 1: ("A13", "P02")}, phase="over"
    )
    out = cards.outcome()
    assert out is not None and out.scores == (8, 8) and out.winners == (0, 1)


def test_TK_END_5_tie_diagnose_points_at_the_panda_cards() -> None:
    state = exercises.get("takenoko-7").position()
    assert len(set(state.scores())) == 1  # the question is a tie on totals
    assert "panda" in exercises.feedback("takenoko-7", {0, 1})


def test_outcome_reason_names_the_trigger() -> None:
    """outcome() explains why the game ended: the Emperor and the final turns."""
    nine = tuple(f"A{i:02d}" for i in range(1, 10))
    s = tk.position(plots=((1, 0, "G", 1),), completed={0: nine}, emperor=0, phase="over")
    out = s.outcome()
    assert out is not None
    assert "Player 0 completed objective number 9 and took the Emperor" in out.reason
    assert "every other player then played one more turn" in out.reason
    assert out.winners == (0,) and out.breakdown[0]["emperor"] == 2
