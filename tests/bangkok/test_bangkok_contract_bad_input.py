"""Bangkok contract, bad input: malformed or unreachable states and actions are refused with a
clear error and change nothing (from_dict consistency checks, robustness)."""

from __future__ import annotations

import pytest
from bangkok_helpers import EIGHT_CARDS, ROW_PZB, dict_of, finished, illegal_reason, played_plies
from bangkok_positions import position

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import record_of, replay


def test_determinize_takes_none_the_public_view() -> None:
    state = played_plies()
    seen = state.determinize(None, 3)
    assert seen.view(None) == state.view(None)
    assert state.determinize(None, 3) == seen  # deterministic for a seed


@pytest.mark.parametrize("seat", [7, -1, 2, "0", True])
def test_determinize_refuses_a_seat_that_does_not_exist_as_view_does(seat: object) -> None:
    state = played_plies()
    with pytest.raises(InvalidStateError):
        state.view(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        state.determinize(seat, 0)  # type: ignore[arg-type]


def test_position_defaults_to_the_first_turn_by_which_its_markets_could_be_laid() -> None:
    state = bk.position(markets=[[*EIGHT_CARDS, None], [None] * 9])
    assert state.turn == 6 and state.player == 0  # seat 0 begins turns 0, 2, 4 and 6
    assert bk.position().turn == 0


def test_pontoons_hidden_as_no_view_hides_them_are_refused() -> None:
    data = played_plies().to_dict()
    data["pontoons"][0] = None  # seat 0's own pontoon hidden, the others shown
    with pytest.raises(InvalidStateError, match="no view hides them"):
        bk.State.from_dict(data)
    public = played_plies().view(None).to_dict()
    assert bk.State.from_dict(public).pontoons == (-1, -1, -1, -1)


def test_record_of_a_custom_card_position_keeps_its_deck_without_the_options() -> None:
    state = bk.position(hands=[["C4:PZ/FF", "B", "Z"], ["P", "F", "ZB"]])
    later = state.apply(state.legal_actions()[0])
    record = record_of("bangkok", later, 0)
    assert replay(record)[-1] == later


def test_from_dict_refuses_blocked_game_still_running() -> None:
    """K6 (REC): every player passing in a row ends the game; more passes are corrupt."""
    data = dict_of()
    data["passes"] = 2
    with pytest.raises(InvalidStateError, match="passes"):
        bk.State.from_dict(data)


def test_from_dict_refuses_an_unsorted_hand() -> None:
    """Hands are kept sorted by card id (State docstring), so equal positions compare equal."""
    data = dict_of()
    data["hands"][1].reverse()
    with pytest.raises(InvalidStateError, match="sorted"):
        bk.State.from_dict(data)


def test_BK_MKT_illegal_lays_say_why() -> None:
    """BK-MKT-2/3/4/5 and BK-EXP-1 errors name the broken placement rule."""
    empty = position(ROW_PZB, hands=[["F", "F", "PP", "ZZ", "C2:Z/Z"]], phase="lay")
    f = next(c for c in empty.hands[0] if empty.deck.labels[c] == "F")
    assert "first market card" in illegal_reason(empty, bk.LayInMarket(f, "F", 5))
    market = ["C2:P/P", "F", None, "ZF", *[None] * 5]
    state = position(
        ROW_PZB,
        hands=[["C2:Z/Z", "P", "Z", "F"]],
        markets=[market, [None] * 9],
        phase="lay",
        options={"expert": True},
    )
    chilli = next(c for c in state.hands[0] if state.deck.chilli[c])
    p = next(c for c in state.hands[0] if state.deck.labels[c] == "P")
    assert "already holds a card" in illegal_reason(state, bk.LayInMarket(p, "P", 2))
    assert "next to" in illegal_reason(state, bk.LayInMarket(p, "P", 9))
    assert "row 1" in illegal_reason(state, bk.LayInMarket(chilli, "*Z", 3))
    assert "column 1" in illegal_reason(state, bk.LayInMarket(chilli, "*Z", 7))
    rules = [
        bk.explain(empty, bk.LayInMarket(f, "F", 5)).rule,
        *(bk.explain(state, bk.LayInMarket(p, "P", c)).rule for c in (2, 9)),
        *(bk.explain(state, bk.LayInMarket(chilli, "*Z", c)).rule for c in (3, 7)),
    ]
    assert rules == ["BK-MKT-2", "BK-MKT-4", "BK-MKT-3", "BK-MKT-5", "BK-EXP-1"]


def test_parse_action_illegal_text_says_why() -> None:
    """parse_action gives the same reason as apply for a well-formed illegal text."""
    state = position(["B", "F", "F", *ROW_PZB[3:]], hands=[["ZP", "B", "F"]])
    zp = next(c for c in state.hands[0] if state.deck.labels[c] == "PZ")
    with pytest.raises(IllegalActionError, match="shows none of the goods"):
        bk.parse_action(f"place:#{zp}PZ@R1", state)


def test_explain_on_hand_built_actions() -> None:
    """explain: legal for a legal action; a reason for actions built by hand with values the
    notation cannot write, and for any action once the game is over."""
    state = position(
        [None, None, None, *ROW_PZB[3:]],
        hands=[["ZP", "B", "F"], []],
        chilli_rest=False,
        boat_rest=False,
    )
    legal = state.legal_actions()[0]
    assert bk.explain(state, legal).legal
    card = state.hands[0][0]
    face = state.deck.labels[card]
    renew = bk.explain(state, bk.Renew("row1"))
    assert renew.rule == "BK-RENEW-1" and "holds none" in renew.reason
    # values the notation cannot write are refused when the action is built (issue 9)
    for build in (
        lambda: bk.PlaceAtPort(card, face, "X9"),
        lambda: bk.Renew("diagonal"),
        lambda: bk.LayInMarket(card, face, 10),
        lambda: bk.PlaceAtPort(card, face, ["L1"]),  # type: ignore[arg-type]
        lambda: bk.Renew(["row1"]),  # type: ignore[arg-type]
        lambda: bk.Collect(("4",)),  # type: ignore[arg-type]
        lambda: bk.LayInMarket(card, face, "1"),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidActionError):
            build()
    assert bk.Collect([4]) == bk.Collect((4,))  # type: ignore[arg-type]
    final = finished(1, seed=1)
    assert "game is over" in bk.explain(final, bk.Pass()).reason


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
