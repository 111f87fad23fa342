"""Tests of docs/rules/bangkok.md, section "End of the game and scoring"."""

from __future__ import annotations

import random

import pytest
from bangkok_helpers import (
    AROUND,
    CHILLIES,
    EIGHT,
    EXAMPLE,
    EXPECTED,
    OTHER_HANDS,
    ROW_PZB,
    C,
    dict_of,
    example_cards,
    moved_to_boat_pile,
)
from bangkok_positions import position

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import RECONSTRUCTED_DECK
from bamboo_lab.games.bangkok.scoring import winners


def test_BK_END_1_from_dict_refuses_end_flag_that_disagrees_with_markets() -> None:
    """BK-END-1: the end is triggered exactly when some market holds 9 cards."""
    data = dict_of()
    data["end_triggered"] = True
    with pytest.raises(InvalidStateError, match="end_triggered"):
        bk.State.from_dict(data)
    full = dict_of(markets=[[None] * 9, [*EIGHT[:8], "ZB"]], player=1)
    full["end_triggered"] = False
    with pytest.raises(InvalidStateError, match="end_triggered"):
        bk.State.from_dict(full)


def test_BK_END_1_from_dict_refuses_a_round_that_should_be_over() -> None:
    """BK-END-1, K13: with a market complete, play never comes back to the first player."""
    data = dict_of(markets=[[None] * 9, [*EIGHT[:8], "ZB"]], player=1)
    data.update(to_move=0, turn=2)
    with pytest.raises(InvalidStateError, match="round"):
        bk.State.from_dict(data)


def test_BK_END_1_from_dict_refuses_game_over_without_an_end() -> None:
    """BK-END-1: phase 'over' needs a finished round, a blocked game or (solo) 9 turns."""
    data = dict_of()
    data["phase"] = "over"
    with pytest.raises(InvalidStateError, match="over"):
        bk.State.from_dict(data)


@pytest.mark.parametrize(("n", "seat"), [(n, k) for n in (2, 3, 4) for k in range(n)])
def test_BK_END_1_round_is_completed(n: int, seat: int) -> None:
    """BK-END-1, K13 (catalog case 16): "The game ends when a player places the 9th card in his
    market. The round is completed so that everyone has played the same number of times"."""
    hands: list[list[str]] = [list(h) for h in OTHER_HANDS[: n - 1]]
    hands.insert(seat, ["F", "F"])
    markets: list[list[str | None]] = [[None] * 9 for _ in range(n)]
    markets[seat] = EIGHT
    state = position(
        ROW_PZB,
        hands=hands,
        markets=markets,
        placed="PZB",
        slot="L1",
        phase="collect",
        player=seat,
        seats=n,
    )
    state = state.apply(bk.Collect((1, 2, 3)))
    state = state.apply(state.legal_actions()[0])  # the 9th card
    assert state.end_triggered
    played = []
    while not state.is_over():
        seat_now = state.current_player
        state = state.apply(state.legal_actions()[0])
        if state.is_over() or state.current_player != seat_now:
            played.append(seat_now)
    assert played == list(range(seat + 1, n))
    assert state.outcome() is not None
    assert "market is complete" in state.outcome().reason  # type: ignore[union-attr]


def test_BK_END_1_no_end_before_a_market_is_complete() -> None:
    """BK-END-1: the 8th market card does not end the game; play comes back to the first player."""
    seven = [*EIGHT[:7], None, None]
    state = position(
        ROW_PZB,
        hands=[["F", "F"], ["B", "P", "Z"]],
        markets=[seven, [None] * 9],
        placed="PZ",
        slot="L1",
        phase="collect",
    )
    state = state.apply(bk.Collect((1, 2)))  # hand 4 -> lay 1: the 8th card
    state = state.apply(state.legal_actions()[0])
    assert sum(c >= 0 for c in state.markets[0]) == 8 and not state.end_triggered
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, bk.Renew)))
    assert not state.is_over() and state.current_player == 0


def test_BK_END_1_K12_a_second_market_completed_in_the_last_round_scores_too() -> None:
    """K12, K13: after seat 1 completes its market, the round is played in full: seat 2 may
    still improve, lay and complete its own market (both get the +2 bonus); seat 1 keeps its
    excess cards and never acts again; the game ends before the first player's turn."""
    second = ["PB", "PF", "ZF", "PZ", "ZB", "PP", "PB", "PF", None]
    state = position(
        ROW_PZB,
        hands=[[], ["F", "F"], ["PZ", "Z", "Z"]],
        markets=[[None] * 9, EIGHT, second],
        boat_top=["PZ", "ZB"],
        placed="PZB",
        slot="L1",
        phase="collect",
        player=1,
        seats=3,
    )
    state = state.apply(bk.Collect((1, 2, 3)))
    state = state.apply(state.legal_actions()[0])  # seat 1: the 9th card, 4 cards kept
    assert state.end_triggered and state.current_player == 2 and len(state.hands[1]) == 4
    pz = next(c for c in state.hands[2] if state.deck.labels[c] == "PZ")
    state = state.apply(bk.PlaceAtPort(pz, "PZ", "L1"))
    state = state.apply(state.legal_actions()[0])
    assert state.phase == "lay" and [a.cell for a in state.legal_actions()] == [9, 9, 9, 9]  # type: ignore[attr-defined]
    state = state.apply(state.legal_actions()[0])
    assert state.is_over()
    out = state.outcome()
    assert out is not None
    assert [b["complete_bonus"] for b in out.breakdown] == [0, 2, 2]


def test_BK_END_1_a_finished_game_keeps_three_cards_in_every_hand() -> None:
    """Phase "over" is between turns too: a hand of 2 is refused."""
    rng = random.Random(1)
    state = bk.new_game(2, 1)
    while not state.is_over():
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    seat = state.player
    data = moved_to_boat_pile(state.to_dict(), seat, len(state.hands[seat]) - 2)
    with pytest.raises(InvalidStateError, match=r"in phase 'over'.*BK-SET-3, BK-MKT-1"):
        bk.State.from_dict(data)


def test_BK_SCORE_9_rulebook_example_scores_20() -> None:
    """BK-SCORE-9: "Personal objective 1 x 6 = 6 ... row 1: 2 ... row 2: 3 x 2 = 6 ... row 3:
    5 - 1 = 4 ... Market completed 2 ... Total 20"."""
    score = bk.score_market(example_cards(), "blue_peas")
    assert score.objective_points == 6
    assert [c.points for c in score.chillies] == [2, 6, 4]
    assert [c.cell for c in score.chillies] == [1, 5, 9]
    assert score.complete_bonus == 2
    assert score.total == 20
    centre = score.chillies[1]
    assert centre.counted == (2, 4, 5, 6, 8)
    assert dict(centre.counts) == {"fish": 3, "blue_peas": 5}
    assert [c.spec for c in centre.counted_cards] == ["B", "FF", "C3:FB/B", "BBF", "BP"]
    assert centre.explain().startswith("chilli C3:FB/B in cell 5")
    assert score.as_dict()["total"] == 20


def test_BK_SCORE_9_example_in_a_game_with_a_custom_deck() -> None:
    """BK-SCORE-9 through a game state: a user deck holding the example's chilli faces."""
    deck = list(RECONSTRUCTED_DECK)
    deck[deck.index("C4:ZB/F")] = "C4:BZ/P"
    deck[deck.index("C3:BF/Z")] = "C3:FB/B"
    market: list[str | None] = [spec for row in EXAMPLE for spec in row]
    state = position(
        ["P", "Z", "B", "BF", "ZF", "C2:B/B", "PF", "C1:B/F", "F"],
        hands=[["F", "Z", "PB"], ["ZZ", "ZB", "PF"]],
        markets=[[None] * 9, market],
        pontoons=["fish", "blue_peas", "thai_zucchini", "passion_fruit"],
        options={"deck": tuple(deck)},
        phase="over",
        player=0,
        turn=2,
    )
    assert state.scores()[1] == 20
    out = state.outcome()
    assert out is not None and out.winners == (1,)
    assert out.breakdown[1]["chilli_points"] == 12


def test_BK_SCORE_1_objective_counts_every_basket_including_chilli_faces() -> None:
    """BK-SCORE-1: "counts all the copies of the good shown on the objective"."""
    market = [C("PP"), C("C2:Z/P"), C("ZP"), *[None] * 6]
    assert bk.score_market(market, "passion_fruit").objective_points == 4
    assert bk.score_market(market, None).objective_points == 0


@pytest.mark.parametrize(("cell", "size"), [(0, 3), (2, 3), (8, 3), (1, 4), (3, 4), (7, 4), (4, 5)])
def test_BK_SCORE_2_neighbourhood_size(cell: int, size: int) -> None:
    """BK-SCORE-2 (catalog case 12): corner 3 cards, side 4, centre 5."""
    assert len(bk.neighbourhood(cell)) == size
    assert cell in bk.neighbourhood(cell)


@pytest.mark.parametrize(("kind", "cell"), sorted(EXPECTED))
def test_BK_SCORE_3_to_6_each_type_on_corner_edge_centre(kind: int, cell: int) -> None:
    """BK-SCORE-3..6: each chilli type counted over itself and its orthogonal neighbours, on a
    corner, an edge and the centre."""
    market: list[bk.Card | None] = [C(s) for s in AROUND]
    market[cell] = C(CHILLIES[kind])
    score = bk.score_market(market, None)
    assert [c.points for c in score.chillies] == [EXPECTED[kind, cell]]


def test_BK_SCORE_3_type_1_literal_or_clamped_K7() -> None:
    """BK-SCORE-3, K7 (catalog case 14): T1 [P] with P = 7 -> -2 literal, 0 clamped."""
    assert bk.chilli_points(1, [7]) == -2
    assert bk.chilli_points(1, [7], clamp_type1=True) == 0
    market = [C("C1:P/P"), C("PPZ"), None, C("PPZ"), *[None] * 5]
    assert bk.score_market(market, None).chilli_points == 0  # 5 - 5
    heavy = [C("C1:P/PP"), C("PPP"), None, C("PPP"), *[None] * 5]
    assert bk.score_market(heavy, None).chilli_points == -3
    assert bk.score_market(heavy, None, clamp_type1=True).chilli_points == 0


def test_BK_SCORE_4_type_2() -> None:
    """BK-SCORE-4 (catalog case 14): T2 [P] with P = 4 -> 4."""
    assert bk.chilli_points(2, [4]) == 4


def test_BK_SCORE_5_type_3_pairs() -> None:
    """BK-SCORE-5 (catalog case 14): T3 [F,B] with F = 0, B = 5 -> 0; with 3 and 5 -> 6."""
    assert bk.chilli_points(3, [0, 5]) == 0
    assert bk.chilli_points(3, [3, 5]) == 6


def test_BK_SCORE_6_type_4_present_exactly_once_K8() -> None:
    """BK-SCORE-6, K8 (catalog case 14): T4 [B,Z] with 1 and 1 -> 4; with 2 and 0 -> 0."""
    assert bk.chilli_points(4, [1, 1]) == 4
    assert bk.chilli_points(4, [2, 0]) == 0
    with pytest.raises(InvalidStateError):
        bk.chilli_points(5, [1])


def test_BK_SCORE_7_complete_market_bonus_only_with_nine_cards() -> None:
    """BK-SCORE-7 (catalog case 15): 8 cards -> no +2; the objective counts every card."""
    cards = [C(s) for row in EXAMPLE for s in row]
    eight = [*cards[:8], None]
    score = bk.score_market(eight, "blue_peas")
    assert score.complete_bonus == 0
    assert score.objective_points == 6
    assert bk.score_market(cards, "blue_peas").complete_bonus == 2


def test_BK_SCORE_8_tie_breaks() -> None:
    """BK-SCORE-8 (catalog case 17): 20 vs 20 with objective 6 vs 4 -> the first wins;
    equal objective too -> shared."""
    assert winners([20, 20], [6, 4]) == (0,)
    assert winners([20, 20], [4, 4]) == (0, 1)
    assert winners([18, 20, 20], [9, 4, 6]) == (2,)


def test_BK_SCORE_8_outcome_applies_tie_breaks() -> None:
    """BK-SCORE-8 in an Outcome: equal totals, the objective decides, else shared."""
    port = ["P", "Z", "B", "BF", "BB", "C2:B/B", "FF", "C1:B/F", "F"]
    objective_wins = position(
        port,
        markets=[["B", *[None] * 8], ["C2:F/F", *[None] * 8]],
        pontoons=["blue_peas", "passion_fruit", "fish", "thai_zucchini"],
        phase="over",
        passes=2,
    )
    out = objective_wins.outcome()
    assert out is not None and out.scores == (1, 1) and out.winners == (0,)
    assert "objective" in out.reason
    shared = position(port, phase="over", passes=2)
    out = shared.outcome()
    assert out is not None and out.winners == (0, 1) and out.is_shared


def test_score_market_rejects_bad_input() -> None:
    """score_market refuses a wrong size, a non-card cell or an unknown good."""
    with pytest.raises(InvalidStateError):
        bk.score_market([None] * 8, None)
    with pytest.raises(InvalidStateError):
        bk.score_market(["P", *[None] * 8], None)
    with pytest.raises(InvalidStateError):
        bk.score_market([None] * 9, "rice")


def test_BK_SCORE_2_neighbourhood_cells_are_orthogonal() -> None:
    """BK-SCORE-2: "Only the chilli card itself and the cards orthogonally adjacent to it are
    taken into account" (no diagonal cells, no wrap-around between rows)."""
    assert bk.neighbourhood(0) == (0, 1, 3)
    assert bk.neighbourhood(2) == (1, 2, 5)
    assert bk.neighbourhood(3) == (0, 3, 4, 6)
    assert bk.neighbourhood(5) == (2, 4, 5, 8)
    assert bk.neighbourhood(4) == (1, 3, 4, 5, 7)
    assert bk.neighbourhood(8) == (5, 7, 8)


def test_BK_SCORE_9_the_20_point_market_built_with_custom_cards() -> None:
    """BK-SCORE-9: the rulebook's example market (objective blue peas) scores 6+2+6+4+2 = 20;
    its chilli faces are not in the reconstructed deck, so they are custom cards."""
    market = ["C4:BZ/P", "B", "BZ", "FF", "C3:FB/B", "BBF", "ZF", "BP", "C1:P/Z"]
    state = bk.position(
        markets=[[None] * 9, market],
        objectives=["fish", "blue peas"],
        player=0,
        turn=2,
        phase="over",
        hands=[["P", "F", "Z"], ["ZZ", "PP", "BB"]],
    )
    score = state.market_score(1)
    assert score.objective_points == 6
    assert [c.points for c in score.chillies] == [2, 6, 4]
    assert score.complete_bonus == 2 and state.scores()[1] == 20
    out = state.outcome()
    assert out is not None and out.winners == (1,)
