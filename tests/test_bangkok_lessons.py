"""Bangkok moves in words for the lessons: every legal move's words read back to that move,
words that name no move are refused clearly, refusals come back in words with their rule."""

from __future__ import annotations

import random

import pytest

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError
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
