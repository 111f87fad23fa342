"""The Takenoko exercises (bamboo_lab.exercises.takenoko): right for the engine's answer in every
form a student may write it, "not yet" otherwise, hints that sharpen with each try, and a
diagnosis that names the wrong card or place; positions from the box."""

from __future__ import annotations

from typing import Any

import pytest

from bamboo_lab import exercises
from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.exercises import Kind
from bamboo_lab.exercises import takenoko as tke
from bamboo_lab.games import takenoko as tk

EXERCISES = exercises.all_exercises("takenoko")
IDS = [e.id for e in EXERCISES]


def truth(exercise_id: str) -> Any:
    """The engine's answer, read as answers are read."""
    e = exercises.get(exercise_id)
    return e.truth(e.position())


def forms(exercise: exercises.Exercise, right: Any) -> list[Any]:
    """The right answer written in every way a student may write it."""
    if exercise.kind is Kind.NUMBER:
        return [right, str(right), f" {right} ", float(right)]
    if exercise.kind is Kind.SEQUENCE:
        return [list(right), tuple(right), [str(s) for s in right], [f"player {s}" for s in right]]
    items = sorted(right, key=str)
    if items and isinstance(items[0], int):  # seats
        one = items[0] if len(items) == 1 else items
        return [set(items), list(items), one, [str(s) for s in items]]
    if items and items[0] in tk.CARDS:
        return [set(items), list(items), [c.lower() for c in items], [tk.CARDS[c] for c in items]]
    pairs = [tuple(int(x) for x in p.split(",")) for p in items]
    return [
        set(items),
        list(items),
        pairs,
        [Hex(*p) for p in pairs],
        [p.replace(",", ", ") for p in items],
        [list(p) for p in pairs],
    ]


def wrong(exercise: exercises.Exercise, right: Any) -> Any:
    """A wrong answer of the right shape."""
    if exercise.kind is Kind.NUMBER:
        return right + 3
    if exercise.kind is Kind.SEQUENCE:
        return list(right)[::-1]
    if all(isinstance(s, int) for s in right):
        return {0, 1} - set(right) or {0}
    if all(s in tk.CARDS for s in right):
        return set(right) | {"P07"}
    return set(right) | {"9,9"}


def test_eight_exercises_in_order_each_naming_its_rules() -> None:
    assert [f"takenoko-{n}" for n in range(1, 9)] == IDS
    for e in EXERCISES:
        assert e.rules and all(r.startswith("TK-") for r in e.rules)
        assert len(e.hints) >= 3 and len(set(e.hints)) == len(e.hints)


@pytest.mark.parametrize("exercise_id", IDS)
def test_positions_come_from_the_box(exercise_id: str) -> None:
    """Each exercise's position holds exactly the box's components, so it happens in a game."""
    state = exercises.get(exercise_id).position()
    assert state.inventory() == tk.new_game(state.num_players, 0).inventory()


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_engine_answer_is_right_in_every_form(exercise_id: str) -> None:
    exercise = exercises.get(exercise_id)
    right = truth(exercise_id)
    for form in forms(exercise, right):
        assert exercises.feedback(exercise_id, form) == "right!", form
    assert exercises.feedback(exercise_id, None) == exercises.NO_ANSWER


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_wrong_answer_gets_hints_that_change_with_each_try(exercise_id: str) -> None:
    exercise = exercises.get(exercise_id)
    bad = wrong(exercise, truth(exercise_id))
    said = [exercises.feedback(exercise_id, bad) for _ in range(3)]
    assert all(line.startswith("not yet") for line in said), said
    assert len(set(said)) == 3, said
    for k, line in enumerate(said):
        assert exercise.hints[k] in line
    assert all(rule in said[2] for rule in exercise.rules)


@pytest.mark.parametrize(
    ("exercise_id", "answer", "named"),
    [
        ("takenoko-1", {"3,0", "0,-1"}, "3,0"),  # beside one plot only
        ("takenoko-2", {"1,0", "2,-2"}, "1,0 is 4 high"),
        ("takenoko-2", {"2,-2"}, "2,-2 is dry"),
        ("takenoko-3", {"0,-1", "1,-1"}, "0,-1 is not green"),
        ("takenoko-3", {"2,-2"}, "2,-2 is dry"),
        ("takenoko-3", {"1,0"}, "1,0 is 4 high"),
        ("takenoko-3", {"-1,0"}, "-1,0 does not touch 1,-1"),
        ("takenoko-4", {"3,-1"}, "3,-1"),
        ("takenoko-5", {"P02", "G06"}, "G06"),
        ("takenoko-5", {"A05"}, "A05"),
    ],
)
def test_diagnose_names_the_wrong_place_or_card(exercise_id: str, answer: Any, named: str) -> None:
    line = exercises.feedback(exercise_id, answer)
    assert line.startswith("not yet") and named in line, line


def test_TK_END_4_score_diagnose_spots_cards_in_hand_and_the_emperor() -> None:
    state = exercises.get("takenoko-6").position()
    score = state.scores()[0]
    held = sum(tk.CARDS[c].points for c in state.hands[0])
    assert "in hand" in exercises.feedback("takenoko-6", score + held)
    assert "Emperor" in exercises.feedback("takenoko-6", score - 2)
    assert "too low" in exercises.feedback("takenoko-6", score - 2)


def test_TK_END_5_tie_diagnose_points_at_the_panda_cards() -> None:
    state = exercises.get("takenoko-7").position()
    assert len(set(state.scores())) == 1  # the question is a tie on totals
    assert "panda" in exercises.feedback("takenoko-7", {0, 1})


def test_TK_END_2_last_turns_diagnose_names_the_player_who_finishes_first() -> None:
    assert "Player 2" in exercises.feedback("takenoko-8", [3, 0, 1])
    assert "every other player" in exercises.feedback("takenoko-8", [2, 3])


def test_TK_GAR_2_the_gardener_grows_only_irrigated_plots_of_its_colour() -> None:
    """Exercise 3's answer leaves out the yellow, the dry and the full green plot."""
    assert truth("takenoko-3") == frozenset({"1,-1", "2,-1"})


def test_TK_END_3_every_other_player_plays_once_more() -> None:
    assert truth("takenoko-8") == (2, 3, 0, 1)


def test_unreadable_answers_do_not_count_as_a_try() -> None:
    for bad in ("abc", {"1;0"}, {"X99"}):
        exercise_id = "takenoko-6" if bad == "abc" else "takenoko-1"
        if bad == {"X99"}:
            exercise_id = "takenoko-5"
        assert exercises.feedback(exercise_id, bad).startswith("not yet: I could not read")
    first = exercises.feedback("takenoko-1", {"9,9"})
    assert exercises.get("takenoko-1").hints[0] in first  # still the first hint


@pytest.mark.parametrize("exercise_id", IDS)
def test_solution_gives_the_answer_and_its_explanation(exercise_id: str) -> None:
    text = exercises.solution(exercise_id)
    right = truth(exercise_id)
    shown = right if not isinstance(right, frozenset | tuple) else sorted(right, key=str)
    for item in shown if isinstance(shown, list) else [shown]:
        assert str(item) in text
    assert exercises.get(exercise_id).explanation in text


def test_the_typed_explanations_agree_with_the_engine() -> None:
    """Explanations written in words quote numbers the engine computes."""
    score = exercises.get("takenoko-6").position()
    part = score.breakdown()[0]
    text = exercises.get("takenoko-6").explanation
    for number in (part["plot"], part["gardener"], part["panda"], part["total"]):
        assert str(number) in text
    tie = exercises.get("takenoko-7").position().breakdown()
    text = exercises.get("takenoko-7").explanation
    assert str(tie[0]["total"]) in text and str(tie[1]["panda"]) in text


def test_item_readers_accept_every_form_and_refuse_the_rest() -> None:
    assert tke.place_item(" 1, -1 ") == tke.place_item((1, -1)) == tke.place_item(Hex(1, -1))
    assert tke.place_item("(1,-1)") == "1,-1"
    assert tke.card_item(" p02") == "P02" == tke.card_item(tk.CARDS["P02"])
    assert tke.seat_item("player 2") == tke.seat_item("P2") == tke.seat_item("2") == 2
    for bad, reader in (("1", tke.place_item), ((1, "a"), tke.place_item), ("Z9", tke.card_item)):
        with pytest.raises((ValueError, KeyError)):
            reader(bad)
    with pytest.raises(ValueError):
        tke.seat_item(True)


@pytest.mark.parametrize("exercise_id", IDS)
def test_each_exercise_shows_a_picture(exercise_id: str) -> None:
    pytest.importorskip("plotly")
    fig = exercises.show(exercise_id)
    assert fig.data and fig.layout.title.text


def test_the_plot_exercise_does_not_draw_its_answer() -> None:
    """Exercise 1 asks where a plot may go: its picture draws every empty place alike."""
    pytest.importorskip("plotly")
    fig = exercises.show("takenoko-1")
    names = {t.name for t in fig.data}
    assert "empty place" in names and "free place" not in names
