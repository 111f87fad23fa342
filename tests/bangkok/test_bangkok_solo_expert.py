"""The one-player version and the expert version (BK-SOLO-1..3, BK-EXP-1)."""

from __future__ import annotations

import pytest
from bangkok_positions import position

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import parse_card_spec
from bamboo_lab.games.bangkok.legal import placement_slots

ROW_PZB = ["P", "Z", "B", "BF", "BB", "C2:B/B", "FF", "C1:B/F", "BF"]
EIGHT = ["ZZB", "BBF", "FFP", "PPZ", "ZBF", "PBF", "PZF", "ZZ", None]


def renew_or_first(state: bk.State) -> bk.State:
    """Renew when possible (keeps the market empty), else the first legal action."""
    legal = state.legal_actions()
    renew = [a for a in legal if isinstance(a, bk.Renew)]
    return state.apply(renew[0] if renew else legal[0])


def test_BK_SOLO_1_piles_above_columns_and_token_right_of_row_1() -> None:
    """BK-SOLO-1: "The 2 decks are placed immediately above the first and third columns"; the
    token "is placed to the right of the third card in the first row"."""
    state = bk.new_game(1, seed=4)
    assert state.is_solo
    slots = {a.slot for a in state.legal_actions() if isinstance(a, bk.PlaceAtPort)}
    assert not slots & {"T1", "T3", "R1"}
    assert placement_slots(state) == ("L1", "L2", "L3", "R2", "R3", "T2", "B1", "B2", "B3")
    assert "token at R1" in str(state)
    assert len(state.boat_pile) == 34  # catalog case 1: sets 2-4 join the boat pile


def test_BK_SOLO_2_free_slots_follow_the_token() -> None:
    """BK-SOLO-2 (catalog case 19): placement slots = 12 edge slots - 2 deck slots - the token
    slot, and the token moves one space per turn along R1 R2 R3 B3 B2 B1 L3 L2 L1."""
    state = bk.new_game(1, seed=9)
    seen = []
    while not state.is_over():
        if state.phase == "act":
            free = placement_slots(state)
            token = bk.SOLO_TRACK[state.turn]
            seen.append(token)
            assert len(free) == 9 and token not in free
            assert {"T1", "T3"}.isdisjoint(free)
            used = {a.slot for a in state.legal_actions() if isinstance(a, bk.PlaceAtPort)}
            assert used <= set(free)
        state = renew_or_first(state)
    assert seen == list(bk.SOLO_TRACK)


def test_BK_SOLO_3_game_ends_after_the_ninth_turn() -> None:
    """BK-SOLO-3: "The game ends at the end of the 9th turn"."""
    state = bk.new_game(1, seed=2)
    turns = 0
    while not state.is_over():
        before = state.turn
        state = renew_or_first(state)
        turns += state.turn - before
    assert turns == 9 and state.turn == 9
    assert "9 turns" in state.outcome().reason  # type: ignore[union-attr]


def test_BK_SOLO_3_complete_market_ends_the_solo_game() -> None:
    """BK-SOLO-3 with BK-END-1: the 9th market card ends the game at the end of the turn."""
    state = position(
        ROW_PZB,
        hands=[["F", "F"]],
        markets=[EIGHT],
        placed="PZB",
        slot="L1",
        phase="collect",
        seats=1,
    )
    state = state.apply(bk.Collect((1, 2, 3)))
    state = state.apply(state.legal_actions()[0])
    assert state.is_over() and state.turn == 1
    assert "market complete" in state.outcome().reason  # type: ignore[union-attr]


def test_BK_SOLO_3_option_off_plays_ordinary_rules_alone() -> None:
    """Option solo=False: one player, no token, no 9-turn limit."""
    state = bk.new_game(1, seed=2, options={"solo": False})
    assert not state.is_solo
    assert "R1" in placement_slots(state) and len(placement_slots(state)) == 12
    for _ in range(12):
        state = renew_or_first(state)
    assert not state.is_over()


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
