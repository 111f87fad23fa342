"""Takenoko teaching surface, exercises and guide: every exercise's checker (right for the
engine's answer in every form a student may write it, "not yet" otherwise, hints that sharpen
with each try, a diagnosis that names the wrong card or place) and the guide's examples
(docs/games/takenoko.md) run as written.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest
from takenoko_helpers import truth

from bamboo_lab import exercises
from bamboo_lab.core import errors
from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.exercises import Kind
from bamboo_lab.exercises import takenoko as tke
from bamboo_lab.games import takenoko as tk

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "games" / "takenoko.md"


BLOCKS = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)


def _comment(source: str, node: ast.stmt) -> str:
    line = source.splitlines()[(node.end_lineno or node.lineno) - 1]
    return line.split("#", 1)[1].strip() if "#" in line else ""


EXERCISES = exercises.all_exercises("takenoko")


IDS = [e.id for e in EXERCISES]


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
    assert exercise.hints[0].rstrip(".") in said[0]  # the general hint first, then hints computed
    assert all(exercise.hints[k] not in said[k] for k in (1, 2)), said
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


def test_the_guide_has_examples() -> None:
    """The guide shows the builder, the garden text, explain and the card look-up."""
    text = "\n".join(BLOCKS)
    for name in (
        "tk.position(",
        "tk.garden_text(",
        "tk.garden_from_text(",
        "tk.explain(",
        "tk.cards(",
    ):
        assert name in text


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_guide_example_runs(number: int) -> None:
    """Every statement runs; one whose comment names an error raises it; an expression whose
    comment is a Python literal evaluates to it; a print's comment is what it prints."""
    namespace: dict = {"tk": __import__("bamboo_lab.games.takenoko", fromlist=["x"])}
    for previous in BLOCKS[:number]:
        with contextlib.suppress(errors.BambooLabError):
            for node in ast.parse(previous).body:
                with contextlib.suppress(errors.BambooLabError):
                    exec(compile(ast.Module([node], []), "guide", "exec"), namespace)
    source = BLOCKS[number]
    for node in ast.parse(source).body:
        comment = _comment(source, node)
        code = compile(ast.Module([node], []), "guide", "exec")
        error = getattr(errors, comment.split(":")[0], None) if comment else None
        if isinstance(error, type):
            with pytest.raises(error):
                exec(code, namespace)
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(code, namespace)
        if isinstance(node, ast.Expr) and comment:
            call = node.value
            if isinstance(call, ast.Call) and ast.unparse(call.func) == "print":
                assert out.getvalue().strip() == comment, ast.unparse(node)
                continue
            try:
                expected = ast.literal_eval(comment)
            except (ValueError, SyntaxError):
                continue
            assert eval(ast.unparse(node.value), namespace) == expected, ast.unparse(node)
