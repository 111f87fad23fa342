"""The Bangkok exercises (bamboo_lab.exercises.bangkok): right for the engine's answer in every form
a student may write it, "not yet" otherwise, hints that sharpen with each try, and a diagnosis that
names the wrong card, cell or slot with the engine's reason."""

from __future__ import annotations

from typing import Any

import pytest

from bamboo_lab import exercises
from bamboo_lab.exercises import Kind
from bamboo_lab.games import bangkok as bk

EXERCISES = exercises.all_exercises("bangkok")
IDS = [e.id for e in EXERCISES]
_LETTERS = dict(zip(bk.GOODS, "PZBF", strict=True))


def truth(exercise_id: str) -> Any:
    """The engine's answer, as the exercise's truth gives it."""
    e = exercises.get(exercise_id)
    return e.truth(e.position())


def forms(exercise: exercises.Exercise, right: Any) -> list[Any]:
    """The right answer written in every way a student may write it."""
    if exercise.kind is Kind.NUMBER:
        return [right, str(right), f" {right} ", float(right)]
    if exercise.kind is Kind.CHOICE and right in bk.GOODS:
        printed = right.replace("_", " ").replace("thai", "Thai")
        return [right, printed, printed.upper(), _LETTERS[right], _LETTERS[right].lower()]
    if exercise.kind is Kind.CHOICE:  # a cell
        number = int(right.split()[-1])
        return [number, str(number), f"cell {number}", float(number), right]
    items = sorted(right, key=str)
    if isinstance(items[0], int):  # cells
        return [set(items), list(items), tuple(items), [str(c) for c in items]]
    return [set(items), list(items), [s.lower() for s in items], [f" {s} " for s in items]]


def test_nine_exercises_in_the_order_of_a_turn_then_the_scoring() -> None:
    assert [f"bangkok-{n}" for n in range(1, 10)] == IDS
    rules = [e.rules[0] for e in EXERCISES]
    assert rules[:4] == ["BK-ACT-1", "BK-ACT-3", "BK-SHIFT-1", "BK-MKT-3"]
    assert all(r.startswith("BK-SCORE") for r in rules[4:])


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_truth_in_every_form_is_right(exercise_id: str) -> None:
    exercise = exercises.get(exercise_id)
    for given in forms(exercise, truth(exercise_id)):
        assert exercises.feedback(exercise_id, given) == "right!", given


@pytest.mark.parametrize("exercise_id", IDS)
def test_no_answer_yet_and_an_unreadable_answer_are_not_tries(exercise_id: str) -> None:
    assert exercises.feedback(exercise_id, None) == exercises.NO_ANSWER
    said = exercises.feedback(exercise_id, object())
    assert said.startswith("not yet: I could not read")
    first_wrong = exercises.feedback(exercise_id, _wrong(exercise_id))
    assert exercises.get(exercise_id).hints[0] in first_wrong  # still the first try


def _wrong(exercise_id: str) -> Any:
    """A wrong answer of the right shape."""
    exercise, right = exercises.get(exercise_id), truth(exercise_id)
    if exercise.kind is Kind.NUMBER:
        return right + 3
    if exercise.kind is Kind.CHOICE and right in bk.GOODS:
        return next(g for g in bk.GOODS if g != right)
    if exercise.kind is Kind.CHOICE:
        return 9 if right != "cell 9" else 1
    items = sorted(right, key=str)
    return set(items[:-1]) if len(items) > 1 else {items[0], *({1, 2, 3} - set(items))}


@pytest.mark.parametrize("exercise_id", IDS)
def test_hints_sharpen_with_each_wrong_try_and_end_with_the_rules(exercise_id: str) -> None:
    exercise = exercises.get(exercise_id)
    said = [exercises.feedback(exercise_id, _wrong(exercise_id)) for _ in range(3)]
    assert all(line.startswith("not yet") for line in said)
    for k, line in enumerate(said):
        assert exercise.hints[k] in line
    assert len(set(said)) == 3
    assert all(rule in said[2] for rule in exercise.rules)
    assert exercises.feedback(exercise_id, truth(exercise_id)) == "right!"


def test_BK_ACT_1_a_wrong_slot_is_named_with_the_engine_reason() -> None:
    said = exercises.feedback("bangkok-1", {"L1", "T3"})
    assert "At T3:" in said and "shows none of the goods of your card" in said
    assert "#" not in said  # card ids are not on the picture


def test_BK_ACT_3_BK_ACT_4_a_wrong_collection_names_its_cells() -> None:
    assert "Cell 5 is not in row 1" in exercises.feedback("bangkok-2", {1, 5})
    alone = exercises.feedback("bangkok-2", {1})
    assert "cell 1 (F)" in alone and "never refuses a card" in alone
    assert "one card per basket" in exercises.feedback("bangkok-2", {1, 3})


def test_BK_SHIFT_1_the_gap_and_other_columns_are_named() -> None:
    assert "slides up" in exercises.feedback("bangkok-3", 8)
    assert "Cell 4 is not in column 2" in exercises.feedback("bangkok-3", "cell 4")


def test_BK_MKT_5_a_refused_cell_says_which_rule_refuses_it() -> None:
    said = exercises.feedback("bangkok-4", {3, 6, 7, 8})
    assert "Cell 3 is refused" in said and "row 1 of the market already holds a chilli" in said
    assert "not orthogonally next to" in exercises.feedback("bangkok-4", {6, 9})


def test_BK_SCORE_diagnoses_name_the_card_or_the_part_left_out() -> None:
    assert "cell 1 has two fish" in exercises.feedback("bangkok-5", 5)
    assert "each pair is worth 2" in exercises.feedback("bangkok-6", truth("bangkok-6") // 2)
    said = exercises.feedback("bangkok-7", 5)
    assert "cell 5 counts 4 Thai zucchini: 4 points" in said
    assert "holds no chilli card" in exercises.feedback("bangkok-7", 2)
    total = truth("bangkok-8")
    assert "complete market" in exercises.feedback("bangkok-8", total - 2)
    assert "Blue peas would score" in exercises.feedback("bangkok-9", "B")


def test_each_solution_states_the_engine_answer() -> None:
    for exercise_id in IDS:
        text = exercises.solution(exercise_id)
        right = truth(exercise_id)
        if isinstance(right, int):
            assert str(right) in exercises.get(exercise_id).explanation
        elif isinstance(right, str):
            shown = right.split()[-1] if right.startswith("cell") else right.replace("_", " ")
            assert shown in exercises.get(exercise_id).explanation.lower() + text


@pytest.mark.parametrize("exercise_id", IDS)
def test_each_exercise_is_drawn_as_a_picture(exercise_id: str) -> None:
    pytest.importorskip("plotly")
    fig = exercises.show(exercise_id)
    assert fig.data and "Bangkok" in fig.layout.title.text
    # the score is never shown: the student counts it
    assert "points</b>" not in fig.layout.title.text


def test_the_teachers_guide_gives_every_solution() -> None:
    """docs/teaching/bangkok.md has a section per exercise stating the engine's answer."""
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "teaching" / "bangkok.md").read_text()
    for exercise_id in IDS:
        section = guide.split(f"### {exercise_id}:")[1].split("\n### ")[0]
        right = truth(exercise_id)
        if isinstance(right, frozenset):
            assert all(str(item) in section for item in right), exercise_id
        else:
            shown = str(right).replace("_", " ")
            assert f"Answer: {shown}" in section or f"Answer: {shown.split()[-1]}" in section, (
                exercise_id
            )
