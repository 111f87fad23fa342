"""The Bamboo exercises (bamboo_lab.exercises.bamboo): the engine's answers are the rules' answers,
every reasonable way of writing them is right, hints sharpen with each try and name the wrong
item, and the pictures do not give the answer away."""

from __future__ import annotations

from typing import Any

import pytest
from notebook_tools import rule_ids

from bamboo_lab import exercises
from bamboo_lab.exercises import bamboo as lesson
from bamboo_lab.games import bamboo as bb

IDS = [f"bamboo-{n}" for n in range(1, 11)]


def said(exercise_id: str, answer: Any) -> str:
    return exercises.feedback(exercise_id, answer)


def test_the_bamboo_exercises_in_notebook_order() -> None:
    assert [e.id for e in exercises.all_exercises("bamboo")] == IDS
    known = {r.upper() for r in rule_ids("bamboo")}
    for exercise in exercises.all_exercises("bamboo"):
        assert set(exercise.rules) <= known, exercise.id
        assert len(exercise.hints) == 3 and exercise.explanation


RIGHT_FORMS: dict[str, list[Any]] = {
    "bamboo-1": [
        {"red", "blue"},
        ["Red", "Blue temple"],
        {"R", "b"},
        (0, 3),
        ["the red temple", 3],
    ],
    "bamboo-2": [5, "5", " 5 ", 5.0],
    "bamboo-3": [
        {"Yf", "Rc"},
        ["yf", "RC"],
        {"yellow fund", "red cook"},
        [("yellow", "fund"), "Rc"],
    ],
    "bamboo-4": [
        {"L09", "R02", "C13"},
        ["l09", " r02", "c13 "],
        [bb.balance_tile("L09").id, "R02", "C13"],
    ],
    "bamboo-5": [False, "no", "False", "n"],
    "bamboo-6": [
        [0, "ghost", 1, "nobody"],
        ("player 0", -1, "P1", "none"),
        ["0", "g", 1, "no one"],
    ],
    "bamboo-7": [1, "1", 1.0],
    "bamboo-8": [-4, "-4", -4.0],
    "bamboo-9": [28, "28"],
    "bamboo-10": [{"0,4", "1,2"}, [(0, 4), "(1, 2)"], [4, 7], ["row 0 col 4", " 1 , 2 "]],
}


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_answer_is_right_in_every_accepted_form(exercise_id: str) -> None:
    for form in RIGHT_FORMS[exercise_id]:
        assert said(exercise_id, form) == "right!", form
    assert said(exercise_id, None).startswith("no answer yet")


def test_BB_SUM_2_visit_the_temples_with_shoots_but_not_the_marker() -> None:
    """Green is empty and the marker stands on yellow (BB-SUM-2)."""
    assert exercises.get("bamboo-1").truth(exercises.get("bamboo-1").position()) == {"red", "blue"}


def test_BB_SUM_4_BB_ACT_4_BB_ACT_6_coins_after_the_turn() -> None:
    """3 coins - 1 for the blue stick + 2 fund + 1 improve's coin (BB-SUM-4, BB-ACT-6, BB-ACT-4)."""
    exercise = exercises.get("bamboo-2")
    assert exercise.truth(exercise.position()) == 3 - 1 + 2 + 1


def test_BB_SUM_6_the_two_top_shoots_of_stalk_2_come_back() -> None:
    exercise = exercises.get("bamboo-3")
    state = exercise.position()
    assert [bb.parse_action(t, state) for t in ("visit green",)]  # legal at the start
    assert exercise.truth(state) == {"Yf", "Rc"} and lesson.shoot_item("Yf") == "Yf"


def test_BB_PAT_1_BB_PAT_2_met_tiles_by_hand() -> None:
    """L09 in the left columns, R02 on the right, C13's faith comfort 9 >= 7; R05 mirrored."""
    exercise = exercises.get("bamboo-4")
    assert exercise.truth(exercise.position()) == {"L09", "R02", "C13"}


def test_BB_PAT_1_a_left_tile_cannot_be_scored_from_the_centre() -> None:
    exercise = exercises.get("bamboo-5")
    assert exercise.truth(exercise.position()) is False


def test_BB_AUT_1_BB_AUT_2_temple_winners_by_hand() -> None:
    """Red: 2-2, player 0's stick on top; yellow: the ghost's 3; green: ghost 3, player 1 3,
    player 1 higher; blue: no incense."""
    exercise = exercises.get("bamboo-6")
    assert exercise.truth(exercise.position()) == (0, "ghost", 1, "nobody")


def test_BB_WIN_2_BB_END_3_BB_END_2_numbers_by_hand() -> None:
    for exercise_id, truth in (("bamboo-7", 7 - 6), ("bamboo-8", -2 * (6 - 4))):
        exercise = exercises.get(exercise_id)
        assert exercise.truth(exercise.position()) == truth
    final = exercises.get("bamboo-9")
    assert final.truth(final.position()) == 24 + 4 - 4 + 2 + 2


WRONG: dict[str, Any] = {
    "bamboo-1": {"red", "yellow"},
    "bamboo-2": 6,
    "bamboo-3": {"Bf", "Yf"},
    "bamboo-4": {"L09", "R05"},
    "bamboo-5": True,
    "bamboo-6": [0, 1, 1, "nobody"],
    "bamboo-7": 7,
    "bamboo-8": 4,
    "bamboo-9": 24,
    "bamboo-10": {"0,0", "1,2"},
}


@pytest.mark.parametrize("exercise_id", IDS)
def test_hints_sharpen_with_each_wrong_try(exercise_id: str) -> None:
    exercise = exercises.get(exercise_id)
    lines = [said(exercise_id, WRONG[exercise_id]) for _ in range(3)]
    for k, line in enumerate(lines):
        assert line.startswith("not yet") and exercise.hints[k] in line
    assert len(set(lines)) == 3
    assert all(rule in lines[2] for rule in exercise.rules)


DIAGNOSED: list[tuple[str, Any, str]] = [
    ("bamboo-1", {"red", "yellow"}, "marker stands on yellow"),
    ("bamboo-1", {"red", "green", "blue"}, "green temple of player 0's board holds no shoot"),
    ("bamboo-2", 6, "coin paid to offer a stick at the blue temple"),
    ("bamboo-3", {"Bf", "Yf"}, "Bf is not pushed out"),
    ("bamboo-3", {"Gf", "Yf"}, "Gf goes into the stalk"),
    ("bamboo-4", {"L09", "R02", "C13", "R05"}, "R05"),
    ("bamboo-4", {"L09", "R02"}, "C13 adds the comfort"),
    ("bamboo-5", True, "L01 is a left tile"),
    ("bamboo-6", [0, 1, 1, "nobody"], "the yellow temple"),
    ("bamboo-6", [0, "ghost", 1], "Give four owners"),
    ("bamboo-7", 7, "food player 0 holds pays first"),
    ("bamboo-7", -1, "positive number"),
    ("bamboo-8", 4, "negative number"),
    ("bamboo-8", -2, "costs 2 HP, not 1"),
    ("bamboo-9", 24, "balance tiles count too"),
    ("bamboo-10", {"0,0", "1,2"}, "0,0: this night space accepts only a decoration tile"),
    ("bamboo-10", {"0,1"}, "0,1 is taken"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "words"), DIAGNOSED)
def test_diagnose_names_what_is_wrong(exercise_id: str, answer: Any, words: str) -> None:
    assert words in said(exercise_id, answer)


def test_BB_ADV_1_a_faith_tile_on_the_night_side() -> None:
    """Four empty spaces: 1,2 (no star) and 0,4 (faith's night space) take the faith tile;
    0,0 (decoration only) and 2,4 (tools only) do not (BB-ADV-1)."""
    exercise = exercises.get("bamboo-10")
    state = exercise.position()
    assert sum(1 for h in state.boards[0].home if h < 0) == 4
    assert exercise.truth(state) == {"0,4", "1,2"}
    assert lesson.cell_item(14) == "2,4" and lesson.cell_item("column 3 row 1") == "1,3"


def test_unreadable_answers_say_so_and_do_not_count() -> None:
    for exercise_id, answer in (
        ("bamboo-1", "purple"),
        ("bamboo-3", "Xz"),
        ("bamboo-4", "L99"),
        ("bamboo-6", ["someone", 0, 1, 2]),
        ("bamboo-2", "five"),
    ):
        assert said(exercise_id, answer).startswith("not yet: I could not read")
    exercise = exercises.get("bamboo-1")
    assert exercise.hints[0] in said("bamboo-1", {"red"})  # still the first try


def test_answers_read_by_the_item_functions() -> None:
    assert lesson.colour_item("Green temple") == "green" and lesson.colour_item(1) == "yellow"
    assert lesson.owner_item(bb.GHOST) == "ghost" and lesson.owner_item("player 2") == 2
    assert lesson.tile_item(bb.balance_tile("C13")) == "C13"
    for bad, reader in ((4, lesson.colour_item), ("blue wish", lesson.shoot_item),
                        (True, lesson.owner_item), (3.5, lesson.tile_item)):  # fmt: skip
        with pytest.raises(ValueError):
            reader(bad)


def test_solutions_for_the_teacher() -> None:
    text = exercises.solution("bamboo-6")
    assert "answer: [0, ghost, 1, nobody]" in text and "BB-AUT-1" in text


def test_lesson_positions_and_tables() -> None:
    """The lessons' long positions are playable; their tables come from the engine."""
    autumn = lesson.autumn_example()
    assert autumn.phase == "visit" and [b.reserve for b in autumn.boards] == [1, 1]
    woken = lesson.play(
        lesson.autumn_example(),
        "visit red", "offer red", "activate Rb 1", "hp", "visit blue", "done", "place Bc 1",
        "place Bw 2", "wake tanuki",
    )  # fmt: skip
    rows = lesson.bill_rows(woken)
    assert [r["units needed (home tiles)"] for r in rows] == [3, 5]
    assert rows[1]["Ookami's units"] == 4 and rows[1]["units wasted"] == 2  # BB-SPI-4, BB-WIN-2
    assert lesson.winter_example("choose").phase == "feed"  # BB-WIN-2: the player pays
    assert lesson.winter_example("auto").round == 2  # the engine paid: the next Spring
    scores = lesson.score_rows(lesson.last_round())
    assert scores["player 0"]["total"] == lesson.last_round().final_breakdown(0)["total"]
    assert lesson.setup_rows(bb.new_game(2, seed=7))["face up"]["shoots in the stalks"] == 12
    assert lesson.player_rows(bb.new_game(2, seed=7))["player 1"]["HP"] == 5
