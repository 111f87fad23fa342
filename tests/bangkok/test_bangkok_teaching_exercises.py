"""Bangkok teaching surface, exercises and guide: every exercise's checker, and the guide's
examples (docs/games/bangkok.md) run as written."""

from __future__ import annotations

import doctest

import pytest
from bangkok_helpers import EXERCISES, GUIDE, IDS, forms, truth, wrong_answer

from bamboo_lab import exercises


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
    first_wrong = exercises.feedback(exercise_id, wrong_answer(exercise_id))
    assert exercises.get(exercise_id).hints[0] in first_wrong  # still the first try


@pytest.mark.parametrize("exercise_id", IDS)
def test_hints_sharpen_with_each_wrong_try_and_end_with_the_rules(exercise_id: str) -> None:
    exercise = exercises.get(exercise_id)
    said = [exercises.feedback(exercise_id, wrong_answer(exercise_id)) for _ in range(3)]
    assert all(line.startswith("not yet") for line in said)
    assert exercise.hints[0].rstrip(".") in said[0]  # the general hint first, then hints computed
    assert all(exercise.hints[k] not in said[k] for k in (1, 2)), said
    assert len(set(said)) == 3
    assert all(rule in said[2] for rule in exercise.rules)
    assert exercises.feedback(exercise_id, truth(exercise_id)) == "right!"


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


def test_every_example_of_the_bangkok_guide_runs_and_prints_what_it_shows() -> None:
    """The builder, explain, look-up and helper examples print what the guide claims (the old
    why_illegal example claimed a reason the engine did not give)."""
    result = doctest.testfile(
        str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted >= 30
    assert result.failed == 0
