"""Tests of docs/rules/bangkok.md, section "Instead: renew the port"."""

from __future__ import annotations

import pytest
from bangkok_helpers import FILLER, ROW_PZB, illegal_reason
from bangkok_positions import position

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.games import bangkok as bk


def test_BK_RENEW_1_illegal_renew_and_pass_say_why() -> None:
    """BK-RENEW-1, K6 errors: too few cards in a pile; pass only when nothing else is legal."""
    state = position(
        ["Z", "C2:P/P", "F", *ROW_PZB[3:]],
        hands=[["B", "B", "F"], []],
        boat_top=["ZZ"],
        chilli_top=["C2:Z/Z"],
        boat_rest=False,
    )
    assert "too few" in illegal_reason(state, bk.Renew("row1"))
    assert "only when" in illegal_reason(state, bk.Pass())


def test_BK_RENEW_1_catalog_case_18() -> None:
    """BK-RENEW-1, K6 (catalog case 18): row [a, x*, b] -> [n1, m1, n2]; the boat pile ends
    with a, b and the chilli pile with x; the turn ends."""
    state = position(
        ["Z", "C2:P/P", "F", *FILLER],
        hands=[["B", "B", "F"], ["P", "P", "Z"]],
        boat_top=["ZZ", "PP"],
        chilli_top=["C2:Z/Z"],
    )
    a, x, b = state.port[:3]
    after = state.apply(bk.Renew("row1"))
    cards = after.deck.cards
    assert [cards[c].spec for c in after.port[:3]] == ["ZZ", "C2:Z/Z", "PP"]
    assert after.boat_pile[-2:] == (a, b)
    assert after.chilli_pile[-1] == x
    assert len(after.boat_pile) == len(state.boat_pile)
    assert after.current_player == 1
    assert after.port[3:] == state.port[3:]
    # Everyone saw a, b and x go under: views keep that bottom order (K6, K15 hidden info).
    assert (after.boat_known, after.chilli_known) == (2, 1)
    assert after.view(1).boat_pile[-2:] == (a, b)
    assert after.determinize(1, seed=5).boat_pile[-2:] == (a, b)
    assert after.view(1).boat_pile[:-2] == tuple(sorted(after.boat_pile[:-2]))


def test_BK_RENEW_1_needs_enough_cards_in_the_piles() -> None:
    """BK-RENEW-1, K6: each replaced card needs a card from its own pile."""
    state = position(
        ["Z", "C2:P/P", "F", *FILLER],
        hands=[["B", "B", "F"], []],
        boat_top=["ZZ"],
        chilli_top=["C2:Z/Z"],
        boat_rest=False,
    )
    lines = {a.line for a in state.legal_actions() if isinstance(a, bk.Renew)}
    assert "row1" not in lines  # two boat cards, one card in the boat pile
    assert "col2" in lines  # column 2 = C2:P/P, BB, C1:B/F: one boat card, two chilli cards
    with pytest.raises(IllegalActionError):
        state.apply(bk.Renew("row1"))
