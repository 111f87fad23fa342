"""Review findings on Bangkok positions: hand sizes for the phase (BK-SET-3, BK-MKT-1), printed
cards named twice in ``bk.position``, and the 0-8 / 1-9 cell numberings of the helpers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk


def played(num_players: int, seed: int, phase: str) -> bk.State:
    """A state reached by random play whose pending decision is in ``phase``."""
    rng = random.Random(seed)
    state = bk.new_game(num_players, seed)
    while state.phase != phase or state.turn < 2:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def moved_to_boat_pile(data: dict[str, Any], seat: int, count: int) -> dict[str, Any]:
    """``data`` with ``count`` boat cards of ``seat``'s hand put under the boat pile."""
    chilli = bk.build_deck().chilli
    hand = data["hands"][seat]
    boats = [c for c in hand if not chilli[c]][:count]
    assert len(boats) == count
    data["hands"][seat] = [c for c in hand if c not in boats]
    data["boat_pile"] += boats
    return data


@pytest.mark.parametrize("phase", ["act", "collect", "lay"])
def test_BK_SET_3_BK_MKT_1_a_hand_below_three_between_turns_is_refused(phase: str) -> None:
    """Between turns every hand holds at least 3 cards: a seat not to move with 2 is refused."""
    state = played(2, 4, phase)
    other = 1 - state.player
    assert len(state.hands[other]) >= 3
    data = moved_to_boat_pile(state.to_dict(), other, len(state.hands[other]) - 2)
    with pytest.raises(InvalidStateError, match=rf"hand {other} holds 2 card\(s\) between"):
        bk.State.from_dict(data)


def test_BK_MKT_1_the_mover_in_phase_act_holds_at_least_three() -> None:
    """Phase "act": the seat to move has not placed yet, so it holds 3 cards or more."""
    state = played(2, 5, "act")
    seat = state.player
    data = moved_to_boat_pile(state.to_dict(), seat, len(state.hands[seat]) - 2)
    with pytest.raises(InvalidStateError, match=r"in phase 'act'.*never holds fewer than 3"):
        bk.State.from_dict(data)


def test_BK_ACT_1_in_phase_collect_the_mover_holds_two_plus_the_placed_card() -> None:
    """Phase "collect": the placed card left the hand, so 2 cards is the least; 1 is refused."""
    state = played(2, 6, "collect")
    seat = state.player
    assert len(state.hands[seat]) >= 2  # reached by play: 3 dealt, one placed
    data = moved_to_boat_pile(state.to_dict(), seat, len(state.hands[seat]) - 2)
    assert bk.State.from_dict(data).hands[seat] == tuple(data["hands"][seat])
    data = moved_to_boat_pile(data, seat, 1)
    with pytest.raises(InvalidStateError, match=r"while its placed card waits.*fewer than 2"):
        bk.State.from_dict(data)


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


def test_BK_MKT_1_phase_lay_needs_more_than_three_cards() -> None:
    """Phase "lay" with exactly 3 cards in the mover's hand is refused, naming the hand."""
    with pytest.raises(InvalidStateError, match=r"more than 3 cards.*hand 0 holds 3"):
        bk.position(phase="lay")


def test_BK_MKT_1_K11_more_than_three_between_turns_is_allowed() -> None:
    """K11: cards with no legal market cell stay in hand, so 4 cards between turns load."""
    state = bk.position(hands=[["ZF", "B", "F", "P"], ["PB", "ZB", "PF"]])
    assert len(state.hands[0]) == 4


def test_position_builder_refuses_a_short_hand_with_the_rule() -> None:
    """``bk.position`` goes through the same check: a 2-card hand in phase "act" is refused."""
    with pytest.raises(InvalidStateError, match=r"hand 1 holds 2 card\(s\) between its turns"):
        bk.position(hands=[["ZP", "B", "F"], ["PP", "Z"]])


def test_position_a_printed_card_named_twice_is_an_error() -> None:
    """The deck holds one "C2:P/P": naming it twice is refused, saying where it lies."""
    with pytest.raises(InvalidStateError, match=r"'C2:P/P' \(hand 1\).*1 such card.*\(hand 0\)"):
        bk.position(hands=[["C2:P/P", "B", "F"], ["C2:P/P", "Z", "ZF"]])


def test_position_plain_specs_use_every_printed_copy_before_refusing() -> None:
    """ "P" names any non-chilli card showing one passion fruit: the deck holds 3 (two boat
    cards and initial card 1:P), so 3 are fine and a 4th is refused."""
    state = bk.position(hands=[["P", "P", "P"], ["PB", "ZB", "PF"]])
    assert sorted(state.deck.cards[c].spec for c in state.hands[0]) == ["1:P", "P", "P"]
    assert state.deck.specs == bk.RECONSTRUCTED_DECK
    with pytest.raises(InvalidStateError, match=r"'P' \(hand 0\).*3 such card.*market 0"):
        bk.position(
            hands=[["P", "P", "P"], ["PB", "ZB", "PF"]], markets=[["P", *[None] * 8], [None] * 9]
        )


def test_position_custom_cards_true_makes_the_extra_copy_a_custom_card() -> None:
    """Asked explicitly, the second "C2:P/P" replaces the last free chilli card of the deck."""
    state = bk.position(hands=[["C2:P/P", "B", "F"], ["C2:P/P", "Z", "ZF"]], custom_cards=True)
    specs = state.deck.specs
    assert specs.count("C2:P/P") == 2
    changed = [i for i, s in enumerate(specs) if s != bk.RECONSTRUCTED_DECK[i]]
    assert len(changed) == 1 and state.deck.cards[changed[0]].is_chilli
    assert state.inventory() == bk.new_game(2, 0).inventory()


def test_position_a_spec_the_deck_lacks_is_still_a_custom_card_by_default() -> None:
    """A face the deck does not print at all needs no flag: it is a custom card."""
    state = bk.position(hands=[["C4:PZ/FF", "B", "F"], ["PP", "Z", "ZF"]])
    assert "C4:PZ/FF" in state.deck.specs


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
