"""The exercise check says right or not yet, and never prints the answer."""

from __future__ import annotations

import pytest

from bamboo_lab.exercises import NO_ANSWER, check, verdict


def test_no_answer_yet() -> None:
    assert verdict(None, 7, "count the baskets") == NO_ANSWER


def test_right_and_wrong_numbers_say_high_or_low_without_the_answer() -> None:
    assert verdict(7, 7, "h") == "right!"
    assert verdict(9, 7, "count again") == "not yet: too high. Hint: count again"
    assert verdict(5, 7, "count again") == "not yet: too low. Hint: count again"
    assert "7" not in verdict(9, 7, "count again")


def test_sets_compare_in_any_order() -> None:
    truth = frozenset({"C03", "C07"})
    assert verdict(["C07", "C03"], truth, "h") == "right!"
    assert verdict({"C07"}, truth, "h") == "not yet. Hint: h"
    assert verdict("C07", truth, "h") == "not yet. Hint: h"


def test_bool_is_not_a_number() -> None:
    assert verdict(True, 1, "h") == "not yet. Hint: h"


def test_check_prints_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    check(3, 3, "h")
    assert capsys.readouterr().out == "right!\n"


def test_texts_in_a_set_ignore_spaces_and_case_and_one_item_may_stand_alone() -> None:
    truth = frozenset({"1,0", "0,-1"})
    assert verdict(["1, 0", "0,-1"], truth, "h") == "right!"
    assert verdict("1,0", frozenset({"1,0"}), "h") == "right!"
    assert verdict(["g03"], frozenset({"G03"}), "h") == "right!"


def test_seats_in_order_take_a_list_or_one_seat() -> None:
    assert verdict([1, 0], (1, 0), "h") == "right!"
    assert verdict(1, (1,), "h") == "right!"
    assert verdict([0, 1], (1, 0), "h") == "not yet. Hint: h"
