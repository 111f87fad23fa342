"""Tests of docs/rules/bangkok.md, section "The expert game"."""

from __future__ import annotations

import pytest
from bangkok_helpers import ROW_PZB
from bangkok_positions import position

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import parse_card_spec


def test_BK_EXP_1_one_chilli_per_row_and_column() -> None:
    """BK-EXP-1, K9: "Each row AND each column of the player's market contains a maximum of one
    chilli card" (catalog case 11: (2,0) legal in the standard game, illegal in expert)."""
    market = ["C2:P/P", "F", None, "ZF", *[None] * 5]
    chilli = parse_card_spec("C2:Z/Z")
    cards = [parse_card_spec(s) if s else None for s in market]
    assert 6 in bk.market_cells(cards, chilli)
    assert 6 not in bk.market_cells(cards, chilli, expert=True)
    assert bk.market_cells(cards, chilli, expert=True) == (4,)
    state = position(
        ROW_PZB,
        hands=[["C2:Z/Z", "P", "Z", "F"]],
        markets=[market, [None] * 9],
        phase="lay",
        options={"expert": True},
    )
    assert sorted(a.cell for a in state.legal_actions() if a.face == "*Z") == [5]  # type: ignore[attr-defined]
    assert sorted(a.cell for a in state.legal_actions() if a.face == "P") == [3, 5, 7]  # type: ignore[attr-defined]


def test_BK_EXP_1_rulebook_example_obeys_the_expert_rule() -> None:
    """BK-EXP-1 (catalog case 13): the example market has one chilli per row and per column."""
    market = ["C4:PF/Z", "B", "ZB", "ZF", "C3:PZ/B", "BBF", "PZ", "PB", "C1:P/Z"]
    state = position(
        [*ROW_PZB[:8], "F"],
        markets=[[None] * 9, market],
        options={"expert": True},
        player=1,
    )
    # the example market loads under the expert rule: one chilli card per row and per column
    chilli = [i for i, c in enumerate(state.markets[1]) if state.deck.chilli[c]]
    assert chilli == [0, 4, 8]
    assert sorted(i // 3 for i in chilli) == sorted(i % 3 for i in chilli) == [0, 1, 2]
    assert state.end_triggered and bk.State.from_dict(state.to_dict()) == state
    # and every card of it is where the example puts it
    assert [state.deck.cards[c].spec for c in state.markets[1]][4] == "C3:PZ/B"
    assert state.market_score(1).complete_bonus == 2


def test_BK_EXP_1_state_with_two_chillies_in_a_column_is_refused() -> None:
    """BK-EXP-1: from_dict checks the expert constraint."""
    market = ["C2:P/P", "F", None, "C2:Z/Z", *[None] * 5]
    state = position(ROW_PZB, markets=[market, [None] * 9])
    data = state.to_dict()
    data.update(options={"expert": True}, start=None)
    with pytest.raises(InvalidStateError, match="column 1"):
        bk.State.from_dict(data)
