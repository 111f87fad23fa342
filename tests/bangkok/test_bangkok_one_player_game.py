"""Tests of docs/rules/bangkok.md, section "The one-player game"."""

from __future__ import annotations

import pytest
from bangkok_helpers import EIGHT, ROW_PZB, renew_or_first
from bangkok_positions import position

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.legal import placement_slots


def test_BK_SOLO_3_from_dict_refuses_a_tenth_solo_turn() -> None:
    """BK-SOLO-3: "The game ends at the end of the 9th turn"."""
    data = bk.new_game(1, seed=3).to_dict()
    data["turn"] = 9
    with pytest.raises(InvalidStateError, match="9 turns"):
        bk.State.from_dict(data)


def test_BK_SOLO_2_from_dict_refuses_a_card_placed_on_a_blocked_slot() -> None:
    """BK-SOLO-2: a solo card is never placed on a pile's slot or the token's slot."""
    state = position(ROW_PZB, hands=[["Z", "F"]], placed="PZ", slot="L1", phase="collect", seats=1)
    assert bk.State.from_dict(state.to_dict()) == state
    for slot in ("T1", "R1"):
        data = state.to_dict()
        data["slot"] = slot
        with pytest.raises(InvalidStateError, match=f"slot {slot} is blocked"):
            bk.State.from_dict(data)


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
