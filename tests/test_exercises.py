"""The exercises' core: answers read in every reasonable form, hints that sharpen with each try,
never the answer in a student's view, and every game's exercises well formed."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest

from bamboo_lab import exercises
from bamboo_lab.core.errors import InvalidActionError
from bamboo_lab.exercises import CHANGE, NO_ANSWER, Exercise, Kind, feedback, set_mistakes

HINTS = ("count the baskets", "the baskets on the left count twice", "left baskets: see X-1")


def _exercise(exercise_id: str, kind: Kind, truth: Any, **extra: Any) -> Exercise:
    """A made-up exercise whose answer is ``truth``."""
    return Exercise(
        id=exercise_id,
        title="a test",
        question="how many?",
        rules=("X-1",),
        kind=kind,
        position=lambda: "a position",
        truth=lambda position: truth,
        hints=HINTS,
        explanation="because",
        **extra,
    )


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Exercise]]:
    """A registry of made-up exercises in place of the games' (tries and caches cleared)."""
    made = {
        "toy-1": _exercise("toy-1", Kind.NUMBER, 34),
        "toy-2": _exercise("toy-2", Kind.SET, frozenset({"C03", "C07"})),
        "toy-3": _exercise("toy-3", Kind.SEQUENCE, (2, 3, 0, 1)),
        "toy-4": _exercise("toy-4", Kind.BOOL, False),
        "toy-5": _exercise(
            "toy-5",
            Kind.CHOICE,
            "G",
            item=lambda name: {"G": "G", "GREEN": "G", "P": "P", "PINK": "P"}[str(name).upper()],
            diagnose=lambda given, truth, position: f"{given} is not the colour here",
        ),
        "toy-6": _exercise(
            "toy-6",
            Kind.SET,
            frozenset({"C03", "C07"}),
            diagnose=lambda given, truth, position: set_mistakes(
                given,
                truth,
                lambda item: f"{item} breaks rule X-1.",
                lambda item: ("a card of kind X-2 (X-2)", f"look beside {item[:2]}."),
            ),
        ),
        "toy-7": _exercise("toy-7", Kind.NUMBER, -4, change=True),
        "toy-8": _exercise(
            "toy-8",
            Kind.NUMBER,
            34,
            diagnose=lambda given, truth, position: ("vague", "sharper", "sharpest"),
        ),
    }
    monkeypatch.setattr(exercises, "_registry", lambda: made)
    for cache in (exercises._position, exercises._truth):
        cache.cache_clear()
    exercises.reset()
    yield made
    for cache in (exercises._position, exercises._truth):
        cache.cache_clear()
    exercises.reset()


def test_no_answer_yet(fake: dict[str, Exercise]) -> None:
    assert feedback("toy-1", None) == NO_ANSWER


@pytest.mark.parametrize("given", [34, 34.0, "34", " 34 "])
def test_a_number_is_accepted_in_every_form(fake: dict[str, Exercise], given: Any) -> None:
    assert feedback("toy-1", given) == "right!"


def test_a_wrong_number_says_high_or_low_without_the_answer(fake: dict[str, Exercise]) -> None:
    assert feedback("toy-1", 40) == f"not yet: too high. Hint: {HINTS[0]}"
    assert feedback("toy-1", "30").startswith("not yet: too low.")
    assert "34" not in feedback("toy-1", 40)


def test_without_a_diagnosis_the_general_hints_sharpen_and_name_the_rule_at_the_third(
    fake: dict[str, Exercise],
) -> None:
    said = [feedback("toy-2", {"C03", "C09"}) for _ in range(4)]
    assert HINTS[0] in said[0] and HINTS[1] in said[1] and HINTS[2] in said[2]
    assert "'C09'" not in said[0] and "'C09'" in said[1]  # the wrong item, from the second try
    assert "X-1" not in said[1] and "(rules X-1)" in said[2]
    assert said[3] == said[2]
    exercises.reset("toy-2")
    assert feedback("toy-2", {"C09"}) == f"not yet. Hint: {HINTS[0]}"


def test_an_unreadable_answer_says_so_and_does_not_count_a_try(fake: dict[str, Exercise]) -> None:
    assert feedback("toy-1", "thirty").startswith("not yet: I could not read 'thirty' as a number")
    assert feedback("toy-1", True).startswith("not yet: I could not read True")
    assert feedback("toy-1", 30) == f"not yet: too low. Hint: {HINTS[0]}"


def test_a_set_takes_any_iterable_one_item_and_folded_texts(fake: dict[str, Exercise]) -> None:
    for given in (["C07", "C03"], ("c03", "c07"), {" C03", "C07"}, frozenset({"C03", "C07"})):
        assert feedback("toy-2", given) == "right!", given
    assert feedback("toy-2", "C07").startswith("not yet")
    assert "1 is missing" in feedback("toy-2", {"C07"})


def test_a_sequence_takes_a_list_or_tuple_never_a_set(fake: dict[str, Exercise]) -> None:
    assert feedback("toy-3", [2, 3, 0, 1]) == "right!"
    assert feedback("toy-3", (2, 3, 0, 1)) == "right!"
    assert "has no order" in feedback("toy-3", {2, 3, 0, 1})
    feedback("toy-3", [3, 0, 1])
    assert "The first wrong place is the 1st." in feedback("toy-3", [3, 0, 1])
    assert "The answer has 4 items; yours has 3." in feedback("toy-3", [2, 3, 0])


@pytest.mark.parametrize("given", [False, "no", "No", " false ", "n"])
def test_yes_and_no_in_words(fake: dict[str, Exercise], given: Any) -> None:
    assert feedback("toy-4", given) == "right!"


def test_a_wrong_yes_or_no_is_neither_high_nor_low(fake: dict[str, Exercise]) -> None:
    assert feedback("toy-4", True) == f"not yet. Hint: {HINTS[0]}"


def test_a_choice_takes_a_name_or_an_id_and_diagnoses(fake: dict[str, Exercise]) -> None:
    assert feedback("toy-5", "green") == "right!"
    assert feedback("toy-5", "G") == "right!"
    assert feedback("toy-5", "pink").endswith("P is not the colour here")
    assert "not a name this question knows" in feedback("toy-5", "purple")


def test_after_the_first_try_the_hint_is_the_diagnosis_sharper_each_time(
    fake: dict[str, Exercise],
) -> None:
    """Try 1: the general hint and the vaguest diagnosis; tries 2 and 3: only the computed
    diagnosis, sharper, never a canned hint; the fourth stays at the sharpest."""
    said = [feedback("toy-8", 30) for _ in range(4)]
    assert said[0] == f"not yet: too low. Hint: {HINTS[0]} Vague"
    assert said[1] == "not yet: too low. Hint: Sharper"
    assert said[2] == "not yet: too low. Hint: Sharpest (rules X-1)" == said[3]


def test_set_mistakes_names_a_wrong_item_first_then_the_kind_missing_then_where(
    fake: dict[str, Exercise],
) -> None:
    wrong = [feedback("toy-6", {"C03", "C09"}) for _ in range(3)]
    assert all("C09 breaks rule X-1." in line for line in wrong), wrong
    exercises.reset("toy-6")
    missing = [feedback("toy-6", {"C03"}) for _ in range(3)]
    assert missing[0].endswith("Yours are all right, but 1 is missing.")
    assert "Missing: a card of kind X-2 (X-2)." in missing[1] and HINTS[1] not in missing[1]
    assert "Look beside C0." in missing[2] and HINTS[2] not in missing[2]
    exercises.reset("toy-6")
    assert "You gave none, but 2 are right here." in feedback("toy-6", set())


def test_a_change_of_the_opposite_sign_is_told_the_convention(fake: dict[str, Exercise]) -> None:
    """One convention: a change is signed, a loss negative; 4 for a loss of 4 is not silently
    wrong."""
    line = feedback("toy-7", 4)
    assert CHANGE in line and "sign" in line and "too high" not in line
    assert feedback("toy-7", "-4 HP") == "right!" and feedback("toy-7", "\u22124") == "right!"
    assert feedback("toy-7", -3).startswith("not yet: too high")


def test_a_count_given_negative_is_told_it_is_never_negative(fake: dict[str, Exercise]) -> None:
    line = feedback("toy-1", -34)
    assert "never negative" in line and "too low" not in line
    assert feedback("toy-1", "34 points") == "right!"


def test_solution_gives_the_answer_its_reason_and_its_rules_for_a_teacher(
    fake: dict[str, Exercise], capsys: pytest.CaptureFixture[str]
) -> None:
    text = exercises.solution("toy-2")
    assert "answer: {C03, C07}" in text and "because" in text and "rules: X-1" in text
    assert capsys.readouterr().out.strip() == text
    assert "answer: [2, 3, 0, 1]" in exercises.solution("toy-3")


def test_check_prints_the_feedback(
    fake: dict[str, Exercise], capsys: pytest.CaptureFixture[str]
) -> None:
    exercises.check("toy-1", "34")
    assert capsys.readouterr().out == "right!\n"


@pytest.mark.parametrize("bad", ["toy-99", "", None, 7, "x" * 10_000])
def test_an_unknown_exercise_is_refused_in_one_short_line(
    fake: dict[str, Exercise], bad: Any
) -> None:
    with pytest.raises(InvalidActionError) as error:
        feedback(bad, 1)
    assert len(str(error.value)) < 120 and "\n" not in str(error.value)


# The games' own exercises.

EVERY = exercises.all_exercises()


def test_every_game_has_exercises_numbered_in_order() -> None:
    for game in ("takenoko", "bamboo", "bangkok"):
        ids = [e.id for e in exercises.all_exercises(game)]
        assert ids == [f"{game}-{n}" for n in range(1, len(ids) + 1)], ids
        assert len(ids) >= 5, game


def test_helper_modules_add_no_exercises_and_each_exercise_is_in_its_games_module() -> None:
    """A game's helper module (``bamboo_lessons``) defines no ``EXERCISES`` and the registry
    skips it; every exercise is in the module its id's prefix names, none is left out."""
    from bamboo_lab.exercises import bamboo_answers, bamboo_lessons, bamboo_positions

    for helper in (bamboo_answers, bamboo_lessons, bamboo_positions):
        assert not hasattr(helper, "EXERCISES"), helper.__name__
    games = {exercise.game for exercise in EVERY}
    modules = {game: importlib.import_module(f"bamboo_lab.exercises.{game}") for game in games}
    assert all(exercise in modules[exercise.game].EXERCISES for exercise in EVERY)
    assert len(EVERY) == sum(len(module.EXERCISES) for module in modules.values())


@pytest.mark.parametrize("exercise", EVERY, ids=[e.id for e in EVERY])
def test_each_exercise_is_right_for_its_own_answer_and_teaches_when_wrong(
    exercise: Exercise,
) -> None:
    """The engine's answer, as a teacher reveals it, is right; the hints get sharper; the rule
    IDs it names exist."""
    exercises.reset(exercise.id)
    truth = exercises._truth(exercise.id)
    assert feedback(exercise.id, truth) == "right!"
    assert len(exercise.hints) >= 2 and len(set(exercise.hints)) == len(exercise.hints)
    assert exercise.rules and exercise.explanation and exercise.question
    assert exercise.id in exercises.solution(exercise.id)
