"""Bangkok moves in words for the lessons: every legal move's words read back to that move,
words that name no move are refused clearly, refusals come back in words with their rule."""

from __future__ import annotations

import random

import pytest

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.exercises import bangkok_lessons as lessons
from bamboo_lab.games import bangkok as bk


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_legal_move_is_read_back_from_its_words(players: int) -> None:
    state = bk.new_game(players, seed=players)
    chooser = random.Random(players)
    while not state.is_over():
        for action in state.legal_actions():
            words = lessons.describe(action, state)
            assert "#" not in words and ":" not in words, words
            found = lessons.move(state, words)
            # two cards alike are one move to a student: the same words, the same goods
            assert lessons.describe(found, state) == words and found in state.legal_actions()
        state = state.apply(chooser.choice(state.legal_actions()))


def test_BK_ACT_4_a_refused_collect_is_explained_in_words() -> None:
    state = bk.position(
        port=[["PZ", "P", "F"], ["BB", "C2:B/B", "B"], ["FF", "BF", "B"]],
        hands=[["PZ", "B", "F"], ["PP", "Z", "ZF"]],
    )
    collecting = lessons.play(state, "place the passion fruit and Thai zucchini card left of row 1")
    said = lessons.verdict(collecting, "collect port cell 1")
    assert said.startswith("collect port cell 1: refused") and said.endswith("(BK-ACT-4)")
    table = lessons.judge(collecting, ["collect port cell 1", "collect port cells 1 and 2"])
    assert "nan" not in str(table).lower() and "allowed" in str(table)
    with pytest.raises(IllegalActionError, match="BK-ACT-4"):
        lessons.play(collecting, "collect port cell 1")


def test_words_that_name_no_move_are_refused_and_change_nothing() -> None:
    state = bk.new_game(2, seed=7)
    with pytest.raises(InvalidActionError, match="names no Bangkok move"):
        lessons.move(state, "take:1+3")
    with pytest.raises(InvalidActionError, match="hand"):
        lessons.move(state, "place the chilli card with fish left of row 1")
    assert state == bk.new_game(2, seed=7)


def test_BK_RENEW_1_reasons_name_slots_and_lines_in_words() -> None:
    words = lessons.reason_words("a card at L2 and cell 1 is not in the line at T3 (cells [4, 5])")
    assert (
        words == "a card left of row 2 and cell 1 is not in the line above column 3 (cells 4 and 5)"
    )
    assert lessons.reason_words("each card of row1 and col2") == "each card of row 1 and column 2"


def test_BK_ACT_4_the_collect_reading_K1_lists_each_allowed_collect_in_words() -> None:
    table = lessons.collects_by_reading(
        "collect",
        ["maximum", "any"],
        "place the passion fruit and Thai zucchini card left of row 1",
        port=[["PZ", "P", "F"], ["BB", "C2:B/B", "B"], ["FF", "BF", "B"]],
        hands=[["PZ", "B", "F"], ["PP", "Z", "ZF"]],
    )
    lines = [" ".join(line.split()) for line in str(table).splitlines()[1:]]
    assert lines == [
        "collect='maximum' collect port cells 1 and 2",
        "collect='any' collect port cell 1",
        "collect='any' collect port cells 1 and 2",
        "collect='any' collect port cell 2",
    ]


_WORDS = {"passion_fruit": "passion fruit", "thai_zucchini": "Thai zucchini"}


def _said(goods: tuple[str, ...]) -> list[str]:
    return [_WORDS.get(good, good.replace("_", " ")) for good in goods]


def test_every_printed_chilli_card_is_named_by_its_type_and_the_goods_it_counts() -> None:
    for card in bk.cards(kind="chilli"):
        named = lessons.chilli(card.chilli_type, *_said(card.indicated))
        assert named.spec == card.spec


def test_boat_and_initial_cards_are_named_by_their_baskets() -> None:
    assert lessons.boat("blue peas", "fish").spec == "BF"
    assert lessons.initial(2, "Thai zucchini").spec == "2:Z"
    shown = lessons.chilli(4, "blue peas", "Thai zucchini", shows=["passion fruit"])
    assert (shown.chilli_type, shown.indicated, shown.goods) == (
        4,
        ("blue_peas", "thai_zucchini"),
        ("passion_fruit",),
    )


def test_a_card_named_wrongly_is_refused_clearly() -> None:
    with pytest.raises(InvalidStateError, match="no type 4 chilli card for fish"):
        lessons.chilli(4, "fish")
    with pytest.raises(InvalidStateError, match="unknown good"):
        lessons.boat("rice")
    with pytest.raises(InvalidStateError, match="one by one"):
        lessons.boat()


def test_a_position_of_named_cards_is_the_position_of_their_specs() -> None:
    boat, chilli = lessons.boat, lessons.chilli
    named = lessons.position(
        port=[
            [boat("passion fruit", "Thai zucchini"), boat("passion fruit"), boat("fish")],
            [boat("blue peas", "blue peas"), chilli(2, "blue peas"), boat("blue peas")],
            [boat("fish", "fish"), boat("blue peas", "fish"), boat("blue peas")],
        ],
        hands=[
            [boat("passion fruit", "Thai zucchini"), boat("blue peas"), boat("fish")],
            [boat("Thai zucchini")] * 3,
        ],
        chilli_pile=[chilli(2, "Thai zucchini")],
    )
    specs = bk.position(
        port=[["PZ", "P", "F"], ["BB", "C2:B/B", "B"], ["FF", "BF", "B"]],
        hands=[["PZ", "B", "F"], ["Z"] * 3],
        chilli_pile=["C2:Z/Z"],
    )
    assert named == specs and named.options.deck == ()
    assert lessons.chilli_cards(not_showing="Thai zucchini") == [
        card for card in bk.cards(kind="chilli") if "thai_zucchini" not in card.goods
    ]


def test_BK_ACT_4_an_illegal_move_played_in_words_is_refused_in_words() -> None:
    state = bk.position(
        port=[["PZ", "P", "F"], ["BB", "C2:B/B", "B"], ["FF", "BF", "B"]],
        hands=[["PZ", "B", "F"], ["PP", "Z", "ZF"]],
    )
    collecting = lessons.play(state, "place the passion fruit and Thai zucchini card left of row 1")
    with pytest.raises(IllegalActionError) as refused:
        lessons.play(collecting, "collect port cell 1")
    message = str(refused.value)
    assert refused.value.rule == "BK-ACT-4" and message.startswith("'collect port cell 1' is")
    assert "take:" not in message and message.endswith("(BK-ACT-4)")


def test_BK_EXP_1_where_a_chilli_card_may_go_in_each_game() -> None:
    parts = {
        "markets": [[["C2:F/F", "ZB", None], ["PP", None, None], [None] * 3], [None] * 9],
        "hands": [["C1:B/F", "ZF", "F", "B"], ["PZ", "Z", "ZF"]],
        "phase": "lay",
        "turn": 2,
    }
    move = "lay the chilli card with fish in market cell 7"
    table = lessons.lays_by_reading("expert", [False, True], move, **parts)
    text = str(table)
    assert "expert=False" in text and "expert=True" in text and "BK-EXP-1" in text
    assert "allowed" in text  # the standard game lets it go to cell 7
    laid = bk.position(**parts)
    fits = str(lessons.where_cards_fit(laid, 0, [lessons.chilli(1, "blue peas")]))
    assert "chilli card with fish" in fits and "7" in fits


def test_chilli_scores_add_up_to_the_engines_total() -> None:
    market = [
        lessons.chilli(3, "fish", "blue peas", shows=["blue peas"]),
        lessons.boat("fish", "fish"),
        lessons.boat("fish"),
        lessons.boat("blue peas", "blue peas"),
        None,
        None,
        None,
        None,
        None,
    ]
    score = bk.score_market(market, objective="fish")
    table = lessons.chilli_scores(score)
    text = str(table)
    assert "type 3 chilli card in cell 1" in text and "C3:" not in text
    totals = dict(zip(table.index, table.column("points"), strict=True))
    assert (
        totals["total"]
        == score.total
        == sum(c.points for c in score.chillies) + totals["secret good"]
    )


def test_BK_END_1_the_decisions_to_the_end_are_told_in_words() -> None:
    start = bk.position(
        markets=[
            [["F", "ZB", "C2:F/F"], ["PP", "FF", None], ["C1:B/F", "ZZ", "B"]],
            [["Z", "P", None], [None] * 3, [None] * 3],
        ],
        hands=[["F", "PB", "ZF", "Z"], ["PZ", "ZB", "BF"]],
        phase="lay",
        turn=6,
    )
    later = lessons.play_out(lessons.play(start, "lay the fish card in market cell 6"))
    table = lessons.decisions(start, later)
    moves = table.column("move")
    assert moves[0] == "lay the fish card in market cell 6" and moves[-1] == later.outcome().reason
    assert len(moves) == len(later.history) - len(start.history) + 1
    assert not any("#" in move or "take:" in move for move in moves)


def test_BK_SOLO_1_the_solo_game_offers_fewer_places_at_the_port() -> None:
    solo = bk.new_game(num_players=1, seed=3)
    free = bk.new_game(num_players=1, seed=3, options=bk.Options(solo=False))
    table = lessons.port_places({"solo": solo, "no solo rules": free})
    solo_count, free_count = table.column("free places")
    assert solo_count < free_count == 12
    assert "above column 1" not in table.column("which")[0]


def test_BK_SHIFT_1_a_line_shifts_away_from_the_placed_card_named_in_words() -> None:
    line = [lessons.boat("Thai zucchini"), lessons.boat("passion fruit"), lessons.boat("fish")]
    table = lessons.shifts(line)
    assert list(table.columns) == [
        "takes the Thai zucchini card",
        "takes the passion fruit card",
        "takes the fish card",
    ]
    assert list(table.index) == [
        "placed left of a row",
        "placed right of a row",
        "placed above a column",
        "placed below a column",
    ]
    names = {"Z": "Thai zucchini", "P": "passion fruit", "F": "fish", "X": "placed card"}
    for column, taken in zip(table.columns, range(3), strict=True):
        for cell, side in zip(table.column(column), "LRTB", strict=True):
            engine = bk.shift_line(["Z", "P", "F"], "X", taken=[taken], side=side)
            assert cell == " | ".join(names[letter] for letter in engine)
    assert table.column("takes the Thai zucchini card")[0] == "placed card | passion fruit | fish"
