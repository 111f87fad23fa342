"""The exercises' hints are computed from the answer given (issue 43): every wrong answer of every
exercise is diagnosed; the sharper hints name the actual mistake (the wrong item and the rule it
breaks, or the kind of item missing and where to look), never a canned sentence that may point the
wrong way; one sign convention for a change; every solution gives the answer, why and its rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bamboo_lab import exercises
from bamboo_lab.exercises import CHANGE, Exercise, Kind

EVERY = exercises.all_exercises()

# Items a student may write that are not in the answer, per exercise (in the answers' own form).
CANDIDATES: dict[str, tuple[Any, ...]] = {
    "takenoko-1": ("3,0", "9,9", "0,0", "1,0", "-2,1"),
    "takenoko-2": ("1,0", "2,-2", "0,0", "9,9"),
    "takenoko-3": ("0,-1", "2,-2", "1,0", "-1,0", "9,9"),
    "takenoko-4": ("3,-1", "1,0", "3,0", "9,9", "-2,0"),
    "takenoko-5": ("P07", "G06", "A05"),
    "takenoko-7": (0,),
    "bamboo-1": ("yellow", "green"),
    "bamboo-3": ("Gf", "Gw", "Bf", "Rb"),
    "bamboo-4": ("L05", "R05"),
    "bamboo-10": ("0,0", "2,4", "0,1", "2,2"),
    "bangkok-1": ("T3", "B3"),
    "bangkok-2": (3, 4, 9),
    "bangkok-4": (1, 3, 9),
    "bangkok-3": (2, 8, 4),
    "bangkok-7": (1, 5, 2),
    "bangkok-9": ("blue peas", "thai zucchini", "passion fruit"),
    "bamboo-6": ([0, 1, 1, "nobody"], ["ghost", "ghost", 1, "nobody"], [0, "ghost", 1]),
    "takenoko-8": ([3, 0, 1], [2, 3, 0], [2, 0, 1, 3], [2, 3, 0, 1, 2]),
}


def wrong_answers(exercise: Exercise) -> list[Any]:
    """Wrong answers of every kind for ``exercise``: an item left out, an item too many, a number
    off by one or three, the other yes or no, another choice, a list in the wrong order."""
    truth = exercises._truth(exercise.id)
    if exercise.kind is Kind.NUMBER:
        return [truth + 1, truth - 1, truth + 3, truth - 3]
    if exercise.kind is Kind.BOOL:
        return [not truth]
    if exercise.kind is Kind.SEQUENCE:
        return [list(truth)[::-1], *CANDIDATES[exercise.id]]
    if exercise.kind is Kind.CHOICE:
        return list(CANDIDATES[exercise.id])
    answers: list[Any] = [set(truth) - {item} for item in truth]
    answers += [set(truth) | {item} for item in CANDIDATES.get(exercise.id, ())]
    answers.append(set())
    return [answer for answer in answers if exercises._read(exercise, answer) != truth]


CASES = [(e, answer) for e in EVERY for answer in wrong_answers(e)]


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    """Every test starts with no wrong tries counted."""
    exercises.reset()
    yield
    exercises.reset()


def tries(exercise_id: str, answer: Any, count: int = 3) -> list[str]:
    """The lines of ``count`` tries of the same answer."""
    exercises.reset(exercise_id)
    return [exercises.feedback(exercise_id, answer) for _ in range(count)]


@pytest.mark.parametrize(
    ("exercise", "answer"), CASES, ids=[f"{e.id}-{n}" for n, (e, _) in enumerate(CASES)]
)
def test_every_wrong_answer_is_diagnosed_and_the_sharper_hints_are_computed(
    exercise: Exercise, answer: Any
) -> None:
    """Tries 2 and 3 carry the diagnosis of this answer, never one of the canned hints."""
    given, truth = exercises._read(exercise, answer), exercises._truth(exercise.id)
    said = exercises._diagnosis(exercise, given, truth)
    sign = exercises._sign(exercise, given, truth)
    assert said or sign, (exercise.id, answer)
    lines = tries(exercise.id, answer)
    assert all(line.startswith("not yet") for line in lines), lines
    for line in lines[1:]:
        assert not any(hint in line for hint in exercise.hints), line
        assert any(text in line for text in said) or sign in line, line
    assert all(rule in lines[2] for rule in exercise.rules)


@pytest.mark.parametrize("exercise", EVERY, ids=[e.id for e in EVERY])
def test_each_solution_has_the_answer_its_reason_in_words_and_its_rule_ids(
    exercise: Exercise,
) -> None:
    text = exercises.solution(exercise.id)
    assert f"answer: {exercises._plain(exercises._truth(exercise.id))}" in text
    assert exercise.explanation in text and f"rules: {', '.join(exercise.rules)}" in text


ENGINE = re.compile(r"\b(tk|bb|bk)\.|[a-z]+_[a-z]+\(|\w+:#|@[A-Z]\d|#\d|\b(take|place|lay):[#\d]")


@pytest.mark.parametrize("exercise", EVERY, ids=[e.id for e in EVERY])
def test_no_engine_notation_in_what_a_student_or_teacher_reads(exercise: Exercise) -> None:
    texts = [exercise.question, exercise.explanation, *exercise.hints]
    texts += [line for answer in wrong_answers(exercise) for line in tries(exercise.id, answer)]
    for text in texts:
        assert not ENGINE.search(text), text


# ---------------------------------------------------------------- one sign convention

NUMBERS = [e for e in EVERY if e.kind is Kind.NUMBER]


@pytest.mark.parametrize("exercise", NUMBERS, ids=[e.id for e in NUMBERS])
def test_one_sign_convention_a_change_is_signed_and_says_so(exercise: Exercise) -> None:
    """A question about how HP or points change is a signed change (a loss negative) and says
    so; a count of points is never negative; the opposite sign is told the convention."""
    truth = exercises._truth(exercise.id)
    asks_a_change = re.search(r"\b(change|lose|cost)", exercise.question) is not None
    assert exercise.change == asks_a_change, exercise.id
    assert (CHANGE in exercise.question) == exercise.change, exercise.id
    if not truth:
        return
    line = exercises.feedback(exercise.id, -truth)
    expected = CHANGE if exercise.change else "never negative"
    assert expected in line and "too high" not in line and "too low" not in line, line
    if not exercise.change:
        assert truth > 0, exercise.id


def test_BB_WIN_2_the_winter_loss_is_negative_and_a_positive_answer_is_told_the_sign() -> None:
    assert exercises._truth("bamboo-7") == -1
    assert exercises.feedback("bamboo-7", "-1 HP") == "right!"
    assert CHANGE in exercises.feedback("bamboo-7", 1)


def test_BB_END_3_the_harmony_change_is_negative_like_the_winter_loss() -> None:
    assert exercises._truth("bamboo-8") == -4
    assert CHANGE in exercises.feedback("bamboo-8", 4)
    assert "2 HP, not 1" in exercises.feedback("bamboo-8", -2)


# ---------------------------------------------------------------- Takenoko


def test_TK_PLOT_2_a_missing_place_beside_two_plots_points_there_not_at_the_pond() -> None:
    """The teacher's case: the third try missed only 3,-1, beside two placed plots."""
    truth = exercises._truth("takenoko-1")
    lines = tries("takenoko-1", set(truth) - {"3,-1"})
    assert "beside two placed plots, away from the pond (TK-PLOT-2)" in lines[1]
    assert "2,-1 and 2,0" in lines[2] and "round the pond" not in lines[2]
    assert "places around the pond" not in " ".join(lines)


def test_TK_PLOT_2_a_missing_place_beside_the_pond_points_at_the_pond() -> None:
    truth = exercises._truth("takenoko-1")
    lines = tries("takenoko-1", set(truth) - {"0,-1"})
    assert "a free place beside the pond (TK-PLOT-2)" in lines[1]
    assert "round the pond" in lines[2]


def test_TK_PLOT_2_a_place_beside_one_plot_is_named_with_that_plot() -> None:
    truth = exercises._truth("takenoko-1")
    line = tries("takenoko-1", set(truth) | {"3,0"})[1]
    assert "3,0 touches only one placed plot, 2,0" in line and "TK-PLOT-2" in line
    assert "1,0 already holds a plot" in tries("takenoko-1", set(truth) | {"1,0"})[1]


def test_TK_IRR_5_TK_BAM_1_the_rain_names_a_dry_or_full_plot_and_a_missing_channel() -> None:
    truth = exercises._truth("takenoko-2")
    assert "2,-2 is dry" in tries("takenoko-2", set(truth) | {"2,-2"})[1]
    assert "1,0 is 4 high already" in tries("takenoko-2", set(truth) | {"1,0"})[1]
    lines = tries("takenoko-2", set(truth) - {"2,-1"})
    assert "irrigated plot beside a channel" in lines[1] and "channel" in lines[2]


def test_TK_GAR_2_the_gardener_names_the_wrong_colour_and_a_missing_stop() -> None:
    assert (
        "0,-1 is not green like 1,-1 but yellow" in tries("takenoko-3", {"1,-1", "2,-1", "0,-1"})[1]
    )
    lines = tries("takenoko-3", {"2,-1"})
    assert "the plot where the gardener stops (TK-GAR-2)" in lines[1]
    assert "1,-1, grows too" in lines[2]


def test_TK_PAN_1_the_panda_names_a_gap_a_place_off_the_line_and_a_missing_pond() -> None:
    truth = exercises._truth("takenoko-4")
    assert "3,-1 is not on a straight line from 1,0" in tries("takenoko-4", {"3,-1"})[1]
    assert "3,0 is an empty place" in tries("takenoko-4", set(truth) | {"3,0"})[1]
    assert "crosses the empty place 3,0" in tries("takenoko-4", set(truth) | {"4,0"})[1]
    assert "where the panda stands" in tries("takenoko-4", set(truth) | {"1,0"})[1]
    lines = tries("takenoko-4", set(truth) - {"0,0"})
    assert "the pond, where the panda may stop (TK-GAR-1)" in lines[1]


def test_TK_CMP_3_4_6_a_card_not_met_is_named_with_what_it_asks_and_what_is_there() -> None:
    assert "-1,0 is 3 high" in tries("takenoko-5", {"P02", "G04", "G06"})[1]
    line = tries("takenoko-5", {"P02", "G04", "A05"})[1]
    assert "A05 asks for 2 green sections" in line and "1 green and 1 yellow" in line
    assert "P07 asks for a triangle of yellow plots" in tries("takenoko-5", {"P07"})[0]
    assert "a gardener card (TK-CMP-4)" in tries("takenoko-5", {"P02"})[1]


def test_TK_END_4_the_score_names_the_part_left_out_or_builds_it_up() -> None:
    state = exercises._position("takenoko-6")
    part, truth = state.breakdown()[0], exercises._truth("takenoko-6")
    assert "the Emperor" in tries("takenoko-6", truth - part["emperor"])[1]
    assert "panda cards" in tries("takenoko-6", truth - part["panda"])[1]
    lines = tries("takenoko-6", truth + 5)
    assert f"plot cards make {part['plot']} points" in lines[1]
    assert f"gardener cards {part['gardener']}" in lines[2]


def test_TK_END_5_a_tie_is_shown_with_the_totals_and_the_panda_points() -> None:
    lines = tries("takenoko-7", {0})
    assert "The totals are equal (player 0 28, player 1 28)" in lines[1]
    assert "player 0 6, player 1 10" in lines[2]
    assert "not shared at once" in tries("takenoko-7", {0, 1})[1]


def test_TK_END_2_TK_END_3_the_last_turns_name_what_is_wrong_in_the_list() -> None:
    assert "Player 2 takes the Emperor" in tries("takenoko-8", [3, 0, 1])[1]
    assert "does not play again" in tries("takenoko-8", [2, 3, 0, 1, 2])[1]
    assert "every other player plays one more turn" in tries("takenoko-8", [2, 3])[1]
    assert "followed by player 3" in tries("takenoko-8", [2, 0, 1, 3])[1]


# ---------------------------------------------------------------- Bamboo


def test_BB_SUM_2_a_refused_temple_is_named_with_its_reason() -> None:
    assert "marker stands on yellow" in tries("bamboo-1", {"red", "blue", "yellow"})[1]
    assert "green temple of player 0's board holds no shoot" in tries("bamboo-1", {"green"})[1]
    assert "a temple holding a shoot, without the marker" in tries("bamboo-1", {"red"})[1]


def test_BB_SUM_4_BB_ACT_6_the_coins_name_the_step_left_out_or_build_it_up() -> None:
    assert "blue temple" in tries("bamboo-2", 6)[1]
    assert "fund shoot" in tries("bamboo-2", 3)[1]
    lines = tries("bamboo-2", 9)
    assert "After the three sticks are offered player 0 holds 2 coins" in lines[1]
    assert "after the fund shoot 4" in lines[2]


def test_BB_SUM_6_a_shoot_not_pushed_out_is_named_with_its_place_in_the_stalk() -> None:
    assert "Bf is not pushed out" in tries("bamboo-3", {"Bf", "Yf"})[1]
    assert "third from the top" in tries("bamboo-3", {"Bf", "Yf"})[1]
    assert "Gf goes into the stalk" in tries("bamboo-3", {"Gf", "Yf"})[1]
    assert "pushed out of the top of stalk 2" in tries("bamboo-3", {"Yf"})[1]


def test_BB_PAT_1_BB_PAT_3_a_tile_is_named_with_the_columns_it_looks_at() -> None:
    truth = exercises._truth("bamboo-4")
    assert "R05 is not met" in tries("bamboo-4", set(truth) | {"R05"})[1]
    lines = tries("bamboo-4", set(truth) - {"C13"})
    assert "a comfort-total tile (BB-PAT-3)" in lines[1] and "all five columns" in lines[2]
    lines = tries("bamboo-5", True)
    assert "columns 0 and 1" in lines[1] and "columns 2 and 3" in lines[2]


def test_BB_AUT_1_the_temple_wrong_is_shown_with_its_sticks_and_the_tie() -> None:
    lines = tries("bamboo-6", ["ghost", "ghost", 1, "nobody"])
    assert "the red temple" in lines[0]
    assert "The red temple's sticks: the ghost 2, player 0 2." in lines[1]
    assert "The ghost and player 0 are tied with 2" in lines[2]
    assert "holds no incense" in tries("bamboo-6", [0, "ghost", 1, 0])[1]


def test_BB_WIN_2_the_winter_names_the_food_paid_first_or_builds_it_up() -> None:
    assert "pays first" in tries("bamboo-7", -7)[1]
    lines = tries("bamboo-7", -3)
    assert "needs 7 units" in lines[1] and "give 6" in lines[2]


def test_BB_END_2_BB_END_4_the_final_score_names_the_part_left_out() -> None:
    parts = exercises._position("bamboo-9").final_breakdown(0)
    truth = exercises._truth("bamboo-9")
    assert "balance tiles count too" in tries("bamboo-9", truth - parts["balance"])[1]
    assert "Harmony costs 2 HP" in tries("bamboo-9", truth - parts["harmony"])[1]
    lines = tries("bamboo-9", truth + 5)
    assert "HP on the track 24, spirits +4" in lines[1] and "harmony -4" in lines[2]


def test_BB_ADV_1_a_night_space_is_named_with_the_type_it_takes() -> None:
    assert (
        "0,0: this night space accepts only a decoration tile"
        in tries("bamboo-10", {"0,0", "1,2", "0,4"})[1]
    )
    assert "0,1 is taken" in tries("bamboo-10", {"0,1"})[1]
    assert "a starred space for the new tile's type (BB-ADV-1)" in tries("bamboo-10", {"1,2"})[1]
    assert "an empty space with no star (BB-ACT-4)" in tries("bamboo-10", {"0,4"})[1]


# ---------------------------------------------------------------- Bangkok


def test_BK_ACT_1_a_slot_is_named_with_the_goods_of_its_line() -> None:
    truth = exercises._truth("bangkok-1")
    line = tries("bangkok-1", set(truth) | {"T3"})[1]
    assert "T3 is beside column 3, which shows passion fruit and blue peas: no fish" in line
    lines = tries("bangkok-1", set(truth) - {"B2"})
    assert "a slot at an end of a column showing fish" in lines[1]
    assert "Column 2 shows a fish" in lines[2]


def test_BK_ACT_3_BK_ACT_4_a_card_taken_or_left_is_named_with_its_basket() -> None:
    assert "Cell 3 (Thai zucchini) shows no good of your card" in tries("bangkok-2", {1, 2, 3})[1]
    assert "Cell 4 is not in row 1" in tries("bangkok-2", {1, 2, 4})[1]
    lines = tries("bangkok-2", {2})
    assert "which you may not refuse (BK-ACT-4)" in lines[1] and "fish basket" in lines[2]


def test_BK_SHIFT_1_the_wrong_cell_is_explained_by_the_slide() -> None:
    assert "the empty place ends up" in tries("bangkok-3", 8)[1]
    assert "not in column 2" in tries("bangkok-3", 4)[1]
    assert "cell 5 (2 blue peas) stays in column 2" in tries("bangkok-3", 2)[1]


def test_BK_MKT_3_BK_MKT_5_a_refused_cell_is_named_with_its_rule() -> None:
    truth = exercises._truth("bangkok-4")
    assert (
        "row 1 of the market already holds a chilli card" in tries("bangkok-4", set(truth) | {3})[1]
    )
    assert "not orthogonally next to a laid card" in tries("bangkok-4", set(truth) | {9})[1]
    assert "Look at row 3" in tries("bangkok-4", set(truth) - {7})[2]


def test_BK_SCORE_1_BK_SCORE_5_BK_SCORE_7_a_score_names_the_part_left_out_or_builds_it_up() -> None:
    assert "count baskets: the card in cell 1 has two fish" in tries("bangkok-5", 5)[1]
    assert "Row 1 holds 3 fish baskets" in tries("bangkok-5", 9)[1]
    assert "1 passion fruit, 2 blue peas" in tries("bangkok-6", 6)[2]
    assert "each pair is worth 2 points" in tries("bangkok-6", 1)[1]
    assert "complete market" in tries("bangkok-8", 15)[1]
    assert "blue peas, scores 5" in tries("bangkok-8", 30)[1]
    assert (
        "Cell 2 holds no chilli card: the chilli cards are in cells 1, 5, 9"
        in tries("bangkok-7", 2)[1]
    )
    assert "Thai zucchini would score 3" in tries("bangkok-9", "Z")[1]
