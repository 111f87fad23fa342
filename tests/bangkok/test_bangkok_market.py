"""Complete the floating market and end of the game (BK-MKT-1..5, BK-END-1)."""

from __future__ import annotations

import pytest
from bangkok_positions import place, position

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import parse_card_spec

ROW_PZB = ["P", "Z", "B", "BF", "BB", "C2:B/B", "FF", "C1:B/F", "BF"]
EIGHT = ["ZZB", "BBF", "FFP", "PPZ", "ZBF", "PBF", "PZF", "ZZ", None]
OTHER_HANDS = [["ZF", "BF", "PF"], ["ZB", "PB", "PZ"], ["ZB", "PF", "B"]]


def lay_cells(state: bk.State, face: str | None = None) -> list[int]:
    """The market cells (1-9) of the legal lays, optionally of one card face."""
    return sorted(
        {a.cell for a in state.legal_actions() if face is None or a.face == face}  # type: ignore[attr-defined]
    )


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
