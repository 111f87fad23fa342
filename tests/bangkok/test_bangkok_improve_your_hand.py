"""Tests of docs/rules/bangkok.md, section "A turn, part 1: improve your hand"."""

from __future__ import annotations

from typing import Any

import pytest
from bangkok_helpers import FILLER, ROW_PZB, illegal_reason, moved_to_boat_pile, played_to_phase
from bangkok_positions import faces, place, position, takes

from bamboo_lab import exercises
from bamboo_lab.core.errors import IllegalActionError, InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import parse_card_spec


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


def test_BK_ACT_1_a_wrong_slot_is_named_with_the_engine_reason() -> None:
    said = exercises.feedback("bangkok-1", {"L1", "T3"})
    assert "T3 is beside column 3" in said and "no fish" in said and "BK-ACT-1" in said
    assert "#" not in said  # card ids are not on the picture


def test_BK_ACT_3_BK_ACT_4_a_wrong_collection_names_its_cells() -> None:
    assert "Cell 5 is not in row 1" in exercises.feedback("bangkok-2", {1, 5})
    exercises.reset("bangkok-2")  # the hints sharpen with the tries of one student
    alone = [exercises.feedback("bangkok-2", {1}) for _ in range(3)]
    assert "1 is missing" in alone[0] and "may not refuse (BK-ACT-4)" in alone[1]
    assert "blue peas basket needs its own card of row 1" in alone[2]
    assert "Cell 3 (Thai zucchini) shows no good of your card" in exercises.feedback(
        "bangkok-2", {1, 3}
    )


def test_BK_SHIFT_1_the_gap_and_other_columns_are_named() -> None:
    assert "slides up" in exercises.feedback("bangkok-3", 8)
    assert "Cell 4 is not in column 2" in exercises.feedback("bangkok-3", "cell 4")


def test_BK_ACT_1_placement_needs_a_shared_good() -> None:
    """BK-ACT-1: "This card must contain at least one of the goods present in the targeted row"
    (catalog 2.8 case 2: [Z,P] beside [Z][F][P] is legal, beside [B][F][F] it is not)."""
    legal = position(["Z", "F", "P", *FILLER], hands=[["ZP", "B", "F"]])
    slots = {
        a.slot for a in legal.legal_actions() if isinstance(a, bk.PlaceAtPort) and a.face == "PZ"
    }
    assert {"L1", "R1"} <= slots
    illegal = position(["B", "F", "F", *FILLER], hands=[["ZP", "B", "F"]], options={"solo": False})
    slots = {
        a.slot for a in illegal.legal_actions() if isinstance(a, bk.PlaceAtPort) and a.face == "PZ"
    }
    assert not slots & {"L1", "R1", "T1", "T2", "T3", "B1", "B2", "B3"}
    zp = next(c for c in illegal.hands[0] if illegal.deck.labels[c] == "PZ")
    with pytest.raises(IllegalActionError, match="shows none of the goods"):
        illegal.apply(bk.PlaceAtPort(zp, "PZ", "R1"))


def test_BK_ACT_1_any_hand_card_including_chilli_cards_can_be_placed() -> None:
    """BK-ACT-1, K3: "places a card from his hand": chilli cards show goods and may be placed."""
    state = position(["Z", "F", "P", *FILLER], hands=[["C2:P/P", "B", "F"]])
    chilli_places = [
        a for a in state.legal_actions() if isinstance(a, bk.PlaceAtPort) and a.face == "*P"
    ]
    assert any(a.slot == "R1" for a in chilli_places)


def test_BK_ACT_2_one_good_collects_exactly_one_card() -> None:
    """BK-ACT-2: "If the card placed ... contains only one good, he must collect 1 card"."""
    state = place(position(["P", "PZ", "PF", *FILLER], hands=[["P", "B", "F"]]), "P", "R1")
    assert takes(state) == [(1,), (2,), (3,)]


def test_BK_ACT_2_three_goods_collect_up_to_three() -> None:
    """BK-ACT-2: "If the card placed contains 3 goods, ... 1, 2 or 3 cards"."""
    state = place(position(["P", "Z", "B", *FILLER], hands=[["PZB", "B", "F"]]), "PZB", "L1")
    assert takes(state) == [(1, 2, 3)]


def test_BK_ACT_3_example_1_takes_first_and_third() -> None:
    """BK-ACT-3, rule Example 1 (catalog case 3): [Z,P] beside [Z][F][P] takes cards 1 and 3."""
    state = place(position(["Z", "F", "P", *FILLER], hands=[["ZP", "B", "F"]]), "ZP", "R1")
    assert takes(state) == [(1, 3)]
    hand_before = len(state.hands[0])
    after = state.apply(bk.Collect((1, 3)))
    assert len(after.hands[0]) == hand_before + 2


def test_BK_ACT_4_example_2_choose_among_maximum_sets() -> None:
    """BK-ACT-4, rule Example 2 (catalog case 4): [Z,P] beside [Z][P,B][P] takes card 1 and
    one of the two passion-fruit cards; taking only card 1 is illegal."""
    state = place(position(["Z", "PB", "P", *FILLER], hands=[["ZP", "B", "F"]]), "ZP", "R1")
    assert takes(state) == [(1, 2), (1, 3)]
    state.apply(bk.Collect((1, 3)))  # "He chooses the third one."
    with pytest.raises(IllegalActionError):
        state.apply(bk.Collect((1,)))


def test_BK_ACT_3_example_3_two_baskets_of_one_good_take_two() -> None:
    """BK-ACT-3, K2, rule Example 3 (catalog case 5): [P,P] beside [Z][P][P,F] takes 2 and 3."""
    state = place(position(["Z", "P", "PF", *FILLER], hands=[["PP", "B", "F"]]), "PP", "R1")
    assert takes(state) == [(2, 3)]
    with pytest.raises(IllegalActionError):
        state.apply(bk.Collect((2,)))


def test_BK_ACT_3_example_4_only_one_card_shows_the_good() -> None:
    """BK-ACT-3, rule Example 4 (catalog case 6): [P,P] beside [Z][B][P] takes card 3 only."""
    state = place(position(["Z", "B", "P", *FILLER], hands=[["PP", "B", "F"]]), "PP", "R1")
    assert takes(state) == [(3,)]


def test_BK_ACT_4_matching_subtlety() -> None:
    """BK-ACT-4, K1 (catalog case 7): [Z,P] beside [Z,P][Z][B]: the maximum is 2 (P->1, Z->2)."""
    state = place(position(["ZP", "Z", "B", *FILLER], hands=[["ZP", "B", "F"]]), "ZP", "R1")
    assert takes(state) == [(1, 2)]


def test_BK_ACT_3_collectable_sets_helper_matches_the_examples() -> None:
    """BK-ACT-3/4 teaching helper: positions in line order, as in catalog 2.8."""
    c = parse_card_spec
    zp, pp = c("ZP"), c("PP")
    assert bk.collectable_sets(zp, [c("Z"), c("F"), c("P")]) == ((0, 2),)
    assert bk.collectable_sets(zp, [c("Z"), c("PB"), c("P")]) == ((0, 1), (0, 2))
    assert bk.collectable_sets(pp, [c("Z"), c("P"), c("PF")]) == ((1, 2),)
    assert bk.collectable_sets(pp, [c("Z"), c("B"), c("P")]) == ((2,),)
    assert bk.collectable_sets(zp, [c("ZP"), c("Z"), c("B")]) == ((0, 1),)
    assert bk.collectable_sets(zp, [c("B"), c("F"), c("F")]) == ()
    assert bk.collectable_sets(zp, [c("Z"), None, c("P")]) == ((0, 2),)


def test_BK_ACT_4_option_any_allows_smaller_sets_K1() -> None:
    """K1 option collect="any": the literal "can collect 1 or 2 cards"."""
    state = place(
        position(["Z", "PB", "P", *FILLER], hands=[["ZP", "B", "F"]], options={"collect": "any"}),
        "ZP",
        "R1",
    )
    assert takes(state) == [(1,), (1, 2), (1, 3), (2,), (3,)]


def test_BK_ACT_3_option_distinct_goods_K2() -> None:
    """K2 option goods_count="distinct": [P,P] counts one good, so it takes one card."""
    opts = {"goods_count": "distinct"}
    state = place(
        position(["Z", "P", "PF", *FILLER], hands=[["PP", "B", "F"]], options=opts), "PP", "R1"
    )
    assert takes(state) == [(2,), (3,)]


def test_BK_SHIFT_1_rule_example_right_of_row_1() -> None:
    """BK-SHIFT-1, rule shifting example (catalog case 3): placed right of row 1, took the 1st
    and 3rd cards -> row [F][Z,P][empty], and one card is drawn."""
    state = place(
        position(["Z", "F", "P", *FILLER], hands=[["ZP", "B", "F"]], boat_top=["ZZ"]),
        "ZP",
        "R1",
    )
    after = state.apply(bk.Collect((1, 3)))
    assert faces(after, [0, 1]) == ["F", "PZ"]
    assert faces(after, [2]) == ["ZZ"]  # the port holds 2 chilli cards: refilled from boats
    assert len(after.boat_pile) == len(state.boat_pile) - 1
    assert len(after.chilli_pile) == len(state.chilli_pile)


def test_BK_SHIFT_1_placed_left_took_middle() -> None:
    """BK-SHIFT-1 (catalog case 8): row [a,b,c], placed left, took b -> [placed, a, c], 0 draws."""
    state = place(position(["B", "Z", "F", *FILLER], hands=[["Z", "P", "P"]]), "Z", "L1")
    after = state.apply(bk.Collect((2,)))
    assert faces(after, [0, 1, 2]) == ["Z", "B", "F"]
    assert after.port[0] == state.placed
    assert len(after.boat_pile) == len(state.boat_pile)


def test_BK_SHIFT_1_placed_left_took_first_and_third() -> None:
    """BK-SHIFT-1 (catalog case 8): placed left, took a and c -> [empty, placed, b]."""
    state = place(
        position(["Z", "B", "P", *FILLER], hands=[["ZP", "F", "F"]], boat_top=["ZZ"]), "ZP", "L1"
    )
    after = state.apply(bk.Collect((1, 3)))
    assert faces(after, [1, 2]) == ["PZ", "B"]
    assert faces(after, [0]) == ["ZZ"]  # the empty slot on the placed side was refilled


def test_BK_SHIFT_1_placed_at_bottom_of_column() -> None:
    """BK-SHIFT-1 (catalog case 8): column [a,b,c], placed at the bottom, took a -> [b,c,placed]."""
    port = ["Z", "BB", "C2:B/B", "B", "BF", "FF", "F", "C1:B/F", "BF"]
    state = place(position(port, hands=[["Z", "P", "P"]]), "Z", "B1")
    after = state.apply(bk.Collect((1,)))
    assert faces(after, [0, 3, 6]) == ["B", "F", "Z"]
    assert after.port[6] == state.placed


def test_BK_SHIFT_1_shift_line_helper() -> None:
    """BK-SHIFT-1, K5 teaching helper: compact toward the far side, empties on the placed side."""
    assert bk.shift_line(["a", "b", "c"], "X", [1], "L") == ("X", "a", "c")
    assert bk.shift_line(["a", "b", "c"], "X", [0, 2], "L") == (None, "X", "b")
    assert bk.shift_line(["a", "b", "c"], "X", [0, 2], "R") == ("b", "X", None)
    assert bk.shift_line(["a", "b", "c"], "X", [0], "B") == ("b", "c", "X")
    assert bk.shift_line(["a", "b", "c"], "X", [0, 1, 2], "T") == (None, None, "X")


def test_BK_REFILL_1_re_checked_before_each_slot() -> None:
    """BK-REFILL-1, K4 (catalog case 9): 1 chilli card and 2 empty slots -> the 1st from the
    chilli pile, the 2nd from the boat pile."""
    port = ["P", "Z", "B", "BF", "BB", "C2:B/B", "FF", "F", "BF"]
    state = place(
        position(port, hands=[["PZB", "F", "F"]], boat_top=["ZZ"], chilli_top=["C2:Z/Z"]),
        "PZB",
        "R1",
    )
    after = state.apply(bk.Collect((1, 2, 3)))
    cards = after.deck.cards
    assert cards[after.port[0]].letters == "PZB"  # placed card shifted to the far (left) end
    assert cards[after.port[1]].spec == "C2:Z/Z"
    assert cards[after.port[2]].letters == "ZZ"


def test_BK_REFILL_1_two_chillies_draw_boat_zero_chillies_draw_chilli() -> None:
    """BK-REFILL-1 (catalog case 9): 2 chillies and 1 empty -> boat; 0 chillies -> chilli."""
    two = place(
        position(["Z", "F", "P", *FILLER], hands=[["ZP", "B", "F"]], boat_top=["ZZ"]), "ZP", "R1"
    )
    assert faces(two.apply(bk.Collect((1, 3))), [2]) == ["ZZ"]
    no_chilli = ["BF", "BB", "B", "FF", "B", "BF"]
    zero = place(
        position(["Z", "F", "P", *no_chilli], hands=[["ZP", "B", "F"]], chilli_top=["C2:F/F"]),
        "ZP",
        "R1",
    )
    after = zero.apply(bk.Collect((1, 3)))
    assert after.deck.cards[after.port[2]].spec == "C2:F/F"


def test_BK_REFILL_1_exhausted_pile_switches_then_slot_stays_empty() -> None:
    """BK-REFILL-1 (catalog case 9): chilli pile empty and 0 chillies -> boat pile; both piles
    empty -> the slot stays empty (K4)."""
    no_chilli = ["BF", "BB", "B", "FF", "B", "BF"]
    state = place(
        position(
            ["Z", "F", "P", *no_chilli],
            hands=[["ZP", "B", "F"], []],
            boat_top=["ZZ"],
            chilli_rest=False,
        ),
        "ZP",
        "R1",
    )
    assert state.chilli_pile == ()
    after = state.apply(bk.Collect((1, 3)))
    assert faces(after, [2]) == ["ZZ"]
    empty = place(
        position(
            ["Z", "F", "P", *no_chilli],
            hands=[["ZP", "B", "F"], []],
            chilli_rest=False,
            boat_rest=False,
        ),
        "ZP",
        "R1",
    )
    after = empty.apply(bk.Collect((1, 3)))
    assert after.port[2] == -1
    assert bk.refill_source(0, 0, 0) is None


def test_BK_REFILL_1_refill_source_helper() -> None:
    """BK-REFILL-1 teaching helper: which pile the next empty slot draws from."""
    assert bk.refill_source(port_chillies=2, boat_left=5, chilli_left=5) == "boat"
    assert bk.refill_source(port_chillies=1, boat_left=5, chilli_left=5) == "chilli"
    assert bk.refill_source(port_chillies=0, boat_left=5, chilli_left=0) == "boat"
    assert bk.refill_source(port_chillies=3, boat_left=0, chilli_left=2) == "chilli"


def test_BK_REFILL_1_option_once_K4() -> None:
    """K4 option refill="once": the pile is chosen once for the whole refill."""
    port = ["P", "Z", "B", "BF", "BB", "C2:B/B", "FF", "F", "BF"]
    state = place(
        position(
            port,
            hands=[["PZB", "F", "F"]],
            chilli_top=["C2:Z/Z", "C2:P/P"],
            options={"refill": "once"},
        ),
        "PZB",
        "R1",
    )
    after = state.apply(bk.Collect((1, 2, 3)))
    assert [after.deck.cards[after.port[i]].spec for i in (1, 2)] == ["C2:Z/Z", "C2:P/P"]


def test_port_placements_helper_lists_collections() -> None:
    """Teaching helper: every legal placement with the collections it allows."""
    state = position(["Z", "F", "P", *FILLER], hands=[["ZP", "B", "F"]])
    options = bk.port_placements(state)
    r1 = next(a for a in options if a.face == "PZ" and a.slot == "R1")
    assert [c.cells for c in options[r1]] == [(1, 3)]
    assert set(options) == {a for a in state.legal_actions() if isinstance(a, bk.PlaceAtPort)}


def test_BK_REFILL_1_known_bottom_shrinks_as_the_pile_is_drawn() -> None:
    """BK-REFILL-1 with K6: drawing into the renewed bottom keeps only what is still there."""
    state = position(
        ["Z", "F", "P", *FILLER],
        hands=[["ZP", "B", "F"], []],
        boat_top=["ZZ", "PP"],
        boat_rest=False,
    )
    data = state.to_dict()
    data.update(boat_known=2, start=None)
    state = bk.State.from_dict(data)
    after = place(state, "ZP", "R1").apply(bk.Collect((1, 3)))
    assert len(after.boat_pile) == 1 and after.boat_known == 1


def test_BK_SHIFT_1_placed_on_top_of_column() -> None:
    """BK-SHIFT-1: "if the player has placed a card at the top of a column, he shifts all the
    cards in that column downwards": column 2 [Z, P, ZF], [P,Z] on top takes Z and P ->
    [refill, PZ, ZF]."""
    port = ["BF", "Z", "BB", "C2:B/B", "P", "FF", "C1:B/F", "ZF", "B"]
    state = place(position(port, hands=[["PZ", "B", "F"]], boat_top=["PP"]), "PZ", "T2")
    assert takes(state) == [(2, 5), (5, 8)]
    after = state.apply(bk.Collect((2, 5)))
    assert faces(after, [1, 4, 7]) == ["PP", "PZ", "FZ"]
    assert after.port[4] == state.placed
    assert all(after.port[i] == state.port[i] for i in (0, 2, 3, 5, 6, 8))


def test_BK_ACT_1_in_phase_collect_the_mover_holds_two_plus_the_placed_card() -> None:
    """Phase "collect": the placed card left the hand, so 2 cards is the least; 1 is refused."""
    state = played_to_phase(2, 6, "collect")
    seat = state.player
    assert len(state.hands[seat]) >= 2  # reached by play: 3 dealt, one placed
    data = moved_to_boat_pile(state.to_dict(), seat, len(state.hands[seat]) - 2)
    assert bk.State.from_dict(data).hands[seat] == tuple(data["hands"][seat])
    data = moved_to_boat_pile(data, seat, 1)
    with pytest.raises(InvalidStateError, match=r"while its placed card waits.*fewer than 2"):
        bk.State.from_dict(data)


@pytest.mark.parametrize(
    ("row", "placed", "cells"),
    [
        (["Z", "F", "P"], "ZP", [(1, 3)]),  # Example 1: takes the first and third cards
        (["Z", "PB", "P"], "ZP", [(1, 2), (1, 3)]),  # Example 2: card 1 and one of the others
        (["Z", "P", "PF"], "PP", [(2, 3)]),  # Example 3: two baskets of passion fruit
        (["Z", "B", "P"], "PP", [(3,)]),  # Example 4: only the third card shows the good
    ],
)
def test_BK_ACT_3_the_four_collection_examples(row: list[str], placed: str, cells: Any) -> None:
    """BK-ACT-2/3/4, rulebook Examples 1-4: the card placed right of row 1 collects these."""
    state = bk.position(
        port=[*row, *FILLER],
        hands=[["B", "F"], ["PB", "ZB", "PF"]],
        placed=placed,
        slot="R1",
        phase="collect",
    )
    assert [a.cells for a in state.legal_actions()] == cells


def test_BK_SHIFT_1_the_shifting_example() -> None:
    """BK-SHIFT-1, rulebook example: placed right of row 1, took the 1st and 3rd cards; the row
    shifts left with the placed card, and the one empty slot is refilled (BK-REFILL-1)."""
    state = bk.position(
        port=["Z", "F", "P", *FILLER],
        hands=[["B", "F"], ["PB", "ZB", "PF"]],
        placed="ZP",
        slot="R1",
        phase="collect",
        boat_pile=["ZZ"],
    )
    after = state.apply(bk.Collect((1, 3)))
    specs = [after.deck.cards[c].spec for c in after.port[:3]]
    assert specs == ["F", "PZ", "ZZ"]
    assert after.port[1] == state.placed
