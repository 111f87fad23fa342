"""Audit findings: from_dict refuses impossible positions, views at scoring, clear error reasons."""

from __future__ import annotations

from typing import Any

import pytest
from bangkok_positions import place, position
from harness import random_playout

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.games import bangkok as bk

ROW_PZB = ["P", "Z", "B", "BF", "BB", "C2:B/B", "FF", "C1:B/F", "BF"]
EIGHT = ["ZZB", "BBF", "FFP", "PPZ", "ZBF", "PBF", "PZF", "ZZ", None]


def finished(n: int, seed: int) -> bk.State:
    """A seeded uniformly random game played to its end."""
    return random_playout(bk, n, seed)[0]  # type: ignore[no-any-return]


def dict_of(**fields: Any) -> dict[str, Any]:
    """The dict of a consistent 2-player position, for corrupting."""
    return position(ROW_PZB, hands=[["F", "F", "Z"], ["B", "P", "Z"]], **fields).to_dict()


def test_BK_MKT_3_from_dict_refuses_a_market_card_without_a_neighbour() -> None:
    """BK-MKT-3: "any card placed must be adjacent to a card already in place": a dict whose
    market has a card cut off from the others is corrupt."""
    data = dict_of(markets=[["F", "ZZ", *[None] * 7], [None] * 9])
    card = data["boat_pile"].pop()
    data["markets"][0][8] = card
    with pytest.raises(InvalidStateError, match="market 0: cell 9 is not connected"):
        bk.State.from_dict(data)


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


def test_BK_SOLO_3_from_dict_refuses_a_tenth_solo_turn() -> None:
    """BK-SOLO-3: "The game ends at the end of the 9th turn"."""
    data = bk.new_game(1, seed=3).to_dict()
    data["turn"] = 9
    with pytest.raises(InvalidStateError, match="9 turns"):
        bk.State.from_dict(data)


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


@pytest.mark.parametrize("n", [2, 3, 4])
def test_BK_SET_2_K15_pontoons_are_revealed_at_scoring(n: int) -> None:
    """BK-SET-2, K15: the objective is secret until scoring, when "the player turns over his
    pontoon tile": a view of a finished game shows every player's good (box tiles stay hidden)
    and gives the true outcome."""
    final = finished(n, seed=2)
    playing = bk.new_game(n, seed=2)
    for seat in range(n):
        view = final.view(seat)
        assert view.pontoons[:n] == final.pontoons[:n]
        assert all(g == -1 for g in view.pontoons[n:])
        assert view.outcome() == final.outcome()
        assert final.determinize(seat, 7).view(seat) == view
        assert [playing.view(seat).objective(p) is None for p in range(n)] == [
            p != seat for p in range(n)
        ]


def test_BK_SET_2_K15_box_pontoons_are_resampled_after_the_game() -> None:
    """K15: after scoring only the pontoons left in the box are still hidden."""
    final = finished(2, seed=5)
    seen = {final.determinize(0, k).pontoons for k in range(8)}
    assert all(p[:2] == final.pontoons[:2] for p in seen)
    assert len({p[2:] for p in seen}) == 2


def illegal_reason(state: bk.State, action: Any) -> str:
    """The message of the IllegalActionError that ``action`` raises, checking nothing changed."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert state.to_dict() == before
    return str(info.value)


def test_BK_ACT_1_illegal_placements_say_why() -> None:
    """BK-ACT-1 errors name the rule: the card must be in hand and share a good with the line;
    in solo the piles and the token block their slots (BK-SOLO-2)."""
    state = position(["B", "F", "F", *ROW_PZB[3:]], hands=[["ZP", "B", "F"]])
    zp = next(c for c in state.hands[0] if state.deck.labels[c] == "PZ")
    assert "shows none of the goods" in illegal_reason(state, bk.PlaceAtPort(zp, "PZ", "R1"))
    assert bk.explain(state, bk.PlaceAtPort(zp, "PZ", "R1")).rule == "BK-ACT-1"
    assert "not in player 0's hand" in illegal_reason(state, bk.PlaceAtPort(59, "ZBF", "R1"))
    assert "shows PZ" in illegal_reason(state, bk.PlaceAtPort(zp, "PP", "R2"))
    solo = bk.new_game(1, seed=4)
    card = solo.hands[0][0]
    face = solo.deck.labels[card]
    assert "holds a pile" in illegal_reason(solo, bk.PlaceAtPort(card, face, "T1"))
    assert "token" in illegal_reason(solo, bk.PlaceAtPort(card, face, "R1"))
    assert bk.explain(solo, bk.PlaceAtPort(card, face, "R1")).rule == "BK-SOLO-2"
    assert "a turn begins by placing" in illegal_reason(solo, bk.Collect((1,)))


def test_BK_ACT_4_illegal_collections_say_why() -> None:
    """BK-ACT-3/4 errors: a card outside the line, a set the baskets cannot match, a set smaller
    than the largest one ("He can never refuse a card he is entitled to get")."""
    state = place(position(["Z", "PB", "P", *ROW_PZB[3:]], hands=[["ZP", "B", "F"]]), "ZP", "R1")
    assert "never refuse" in illegal_reason(state, bk.Collect((1,)))
    assert "not in the line" in illegal_reason(state, bk.Collect((1, 4)))
    assert "one card per basket" in illegal_reason(state, bk.Collect((2, 3)))
    assert bk.explain(state, bk.Collect((2, 3))).rule == "BK-ACT-3"
    assert bk.explain(state, bk.Collect((1,))).rule == "BK-ACT-4"


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


def test_BK_SOLO_2_from_dict_refuses_a_card_placed_on_a_blocked_slot() -> None:
    """BK-SOLO-2: a solo card is never placed on a pile's slot or the token's slot."""
    state = position(ROW_PZB, hands=[["Z", "F"]], placed="PZ", slot="L1", phase="collect", seats=1)
    assert bk.State.from_dict(state.to_dict()) == state
    for slot in ("T1", "R1"):
        data = state.to_dict()
        data["slot"] = slot
        with pytest.raises(InvalidStateError, match=f"slot {slot} is blocked"):
            bk.State.from_dict(data)
