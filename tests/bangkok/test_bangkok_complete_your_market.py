"""Tests of docs/rules/bangkok.md, section "A turn, part 2: complete your market"."""

from __future__ import annotations

import pytest
from bangkok_helpers import (
    EIGHT,
    EIGHT_CARDS,
    ROW_PZB,
    dict_of,
    lay_cells,
    moved_to_boat_pile,
    played_to_phase,
)
from bangkok_positions import place, position

from bamboo_lab import exercises
from bamboo_lab.core.errors import IllegalActionError, InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import parse_card_spec


def test_BK_MKT_1_a_market_no_game_can_reach_by_its_turn_is_refused() -> None:
    """A seat lays at most 2 cards per turn it has begun: 8 cards at turn 0 are refused."""
    data = bk.position(markets=[[*EIGHT_CARDS, None], [None] * 9], turn=6).to_dict()
    data.update(turn=0, to_move=0)
    with pytest.raises(InvalidStateError, match="BK-MKT-1"):
        bk.State.from_dict(data)
    with pytest.raises(InvalidStateError, match="BK-MKT-1"):
        bk.position(markets=[[*EIGHT_CARDS, None], [None] * 9], turn=0)


def test_BK_MKT_3_from_dict_refuses_a_market_card_without_a_neighbour() -> None:
    """BK-MKT-3: "any card placed must be adjacent to a card already in place": a dict whose
    market has a card cut off from the others is corrupt."""
    data = dict_of(markets=[["F", "ZZ", *[None] * 7], [None] * 9])
    card = data["boat_pile"].pop()
    data["markets"][0][8] = card
    with pytest.raises(InvalidStateError, match="market 0: cell 9 is not connected"):
        bk.State.from_dict(data)


def test_BK_MKT_5_a_refused_cell_says_which_rule_refuses_it() -> None:
    said = exercises.feedback("bangkok-4", {3, 6, 7, 8})
    assert "Cell 3 is refused" in said and "row 1 of the market already holds a chilli" in said
    assert "not orthogonally next to" in exercises.feedback("bangkok-4", {6, 9})


def test_BK_MKT_1_lay_the_excess_back_to_three() -> None:
    """BK-MKT-1 (catalog case 10): hand 3, place 1, collect 3 -> hand 5 -> lay exactly 2."""
    state = place(position(ROW_PZB, hands=[["PZB", "F", "F"]]), "PZB", "L1")
    state = state.apply(bk.Collect((1, 2, 3)))
    assert len(state.hands[0]) == 5 and state.phase == "lay" and state.current_player == 0
    state = state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 4 and state.phase == "lay"
    state = state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 3
    assert state.current_player == 1 and state.phase == "act"
    assert sum(c >= 0 for c in state.markets[0]) == 2


def test_BK_MKT_1_collecting_one_card_lays_nothing() -> None:
    """BK-MKT-1 (catalog case 10): collect 1 -> hand 3 -> lay 0, the turn passes on."""
    state = place(position(["B", "Z", "F", *ROW_PZB[3:]], hands=[["Z", "P", "P"]]), "Z", "L1")
    state = state.apply(bk.Collect((2,)))
    assert len(state.hands[0]) == 3
    assert state.current_player == 1 and state.markets[0] == (-1,) * 9


def test_BK_MKT_2_first_card_top_left() -> None:
    """BK-MKT-2: "The first card placed, immediately to the right of the pontoon tile, is the
    upper left corner of his market" (catalog case 11)."""
    state = position(ROW_PZB, hands=[["F", "F", "PP", "ZZ", "C2:Z/Z"]], phase="lay")
    assert lay_cells(state) == [1]
    assert bk.market_cells([None] * 9, parse_card_spec("F")) == (0,)


def test_BK_MKT_3_later_cards_orthogonally_adjacent() -> None:
    """BK-MKT-3 (catalog case 11): with only (0,0) filled, (1,1) is illegal, (0,1)/(1,0) legal."""
    market = ["F", *[None] * 8]
    state = position(
        ROW_PZB, hands=[["PP", "ZZ", "F", "C2:Z/Z"]], markets=[market, [None] * 9], phase="lay"
    )
    assert lay_cells(state) == [2, 4]
    with pytest.raises(IllegalActionError):
        state.apply(bk.LayInMarket(state.hands[0][0], "PP", 5))


def test_BK_MKT_4_cards_are_never_moved() -> None:
    """BK-MKT-4: "A card in the market cannot be moved once it has been placed"."""
    market = ["F", "ZZ", None, "ZB", *[None] * 5]
    state = position(
        ROW_PZB, hands=[["PP", "PZ", "Z", "C2:Z/Z", "P"]], markets=[market, [None] * 9], phase="lay"
    )
    before = state.markets[0]
    assert not set(lay_cells(state)) & {1, 2, 4}
    after = state.apply(state.legal_actions()[0])
    assert all(after.markets[0][i] == before[i] for i in range(9) if before[i] >= 0)


def test_BK_MKT_5_one_chilli_card_per_row() -> None:
    """BK-MKT-5 (catalog case 11): "Each row of the player's market contains a maximum of 1
    chilli card": a chilli at (0,0) forbids another at (0,2); (2,0) is legal."""
    market = ["C2:P/P", "F", None, "ZF", *[None] * 5]
    state = position(
        ROW_PZB, hands=[["C2:Z/Z", "P", "Z", "F"]], markets=[market, [None] * 9], phase="lay"
    )
    assert lay_cells(state, "*Z") == [5, 7]
    assert lay_cells(state, "P") == [3, 5, 7]
    with pytest.raises(IllegalActionError):
        chilli = next(c for c in state.hands[0] if state.deck.chilli[c])
        state.apply(bk.LayInMarket(chilli, "*Z", 3))
    cards = [parse_card_spec(s) if s else None for s in market]
    assert bk.market_cells(cards, parse_card_spec("C2:Z/Z")) == (4, 6)


def test_BK_MKT_1_K11_full_market_keeps_the_rest_in_hand() -> None:
    """BK-MKT-1, K11: with 8 cards in the market and 2 to lay, lay as many as fit."""
    state = position(
        ROW_PZB,
        hands=[["F", "F"]],
        markets=[EIGHT, [None] * 9],
        placed="PZB",
        slot="L1",
        phase="collect",
    )
    state = state.apply(bk.Collect((1, 2, 3)))
    assert lay_cells(state) == [9]
    state = state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 4
    assert state.end_triggered and state.current_player == 1


def test_BK_MKT_5_K11_chilli_cards_without_a_row_stay_in_hand() -> None:
    """BK-MKT-5, K11: chilli cards that no row can take stay in hand."""
    market = ["C4:PF/Z", "ZZ", None, "C4:ZB/F", "PP", None, "C4:PZ/B", "ZB", None]
    port = ["C2:P/P", "C2:Z/Z", "C2:B/B", "BF", "ZF", "PF", "F", "B", "BF"]
    state = position(
        port,
        hands=[["C1:P/Z", "C1:Z/B"]],
        markets=[market, [None] * 9],
        placed="PZB",
        slot="L1",
        phase="collect",
    )
    state = state.apply(bk.Collect((1, 2, 3)))
    assert len(state.hands[0]) == 5
    assert state.current_player == 1  # nothing could be laid: the turn ended


def test_BK_MKT_1_the_mover_in_phase_act_holds_at_least_three() -> None:
    """Phase "act": the seat to move has not placed yet, so it holds 3 cards or more."""
    state = played_to_phase(2, 5, "act")
    seat = state.player
    data = moved_to_boat_pile(state.to_dict(), seat, len(state.hands[seat]) - 2)
    with pytest.raises(InvalidStateError, match=r"in phase 'act'.*never holds fewer than 3"):
        bk.State.from_dict(data)


def test_BK_MKT_1_phase_lay_needs_more_than_three_cards() -> None:
    """Phase "lay" with exactly 3 cards in the mover's hand is refused, naming the hand."""
    with pytest.raises(InvalidStateError, match=r"more than 3 cards.*hand 0 holds 3"):
        bk.position(phase="lay")


def test_BK_MKT_1_K11_more_than_three_between_turns_is_allowed() -> None:
    """K11: cards with no legal market cell stay in hand, so 4 cards between turns load."""
    state = bk.position(hands=[["ZF", "B", "F", "P"], ["PB", "ZB", "PF"]])
    assert len(state.hands[0]) == 4


def test_BK_MKT_2_BK_SCORE_2_helpers_count_cells_0_to_8_and_scores_1_to_9() -> None:
    """The documented numberings: ``market_cells``/``neighbourhood`` give list indices 0-8 (the
    first card goes to index 0, the notation's cell 1); ``ChilliScore`` uses 1-9."""
    chilli = bk.parse_card_spec("C2:P/P")
    assert bk.market_cells([None] * 9, chilli) == (0,)
    assert bk.neighbourhood(0) == (0, 1, 3)
    market = [chilli, *[None] * 8]
    score = bk.score_market(market, None).chillies[0]
    assert score.cell == 1 and score.counted == (1, 2, 4)
    assert [c + 1 for c in bk.neighbourhood(score.cell - 1)] == list(score.counted)
