"""The Takenoko notebooks (10 rules, 11 edge cases, 13 exercises): committed executed and clean,
every rule of docs/rules/takenoko.md cited in order, every action kind shown, the deliberate
error the engine's, and the exercise checks right for the engine's answers only.

The notebooks' code runs here in a plain namespace (no kernel): fast, and it lets the tests look
at the positions the notebooks build and call the exercise checks with other answers.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from notebook_tools import (
    tags,
    assert_check_says_right_only_for,
    assert_no_answer_shown,
    code_cells,
    exercise_calls,
    load,
    rule_ids,
    rule_links,
    run,
    source,
)

from bamboo_lab.games import takenoko as tk

TAKENOKO = ["10-takenoko-rules", "11-takenoko-scoring-edge-cases", "13-takenoko-exercises"]
RULES_GAME = "takenoko"


@pytest.mark.parametrize("name", TAKENOKO)
def test_checked_cells_print_text_not_figures(name: str) -> None:
    """Cells tagged nbval-check-output print deterministic text; figures are never checked."""
    checked = 0
    for cell in code_cells(load(name)):
        if "nbval-check-output" in tags(cell):
            checked += 1
            kinds = {o["output_type"] for o in cell["outputs"]}
            assert kinds <= {"stream", "execute_result"}, source(cell)[:60]
            for o in cell["outputs"]:
                assert "application/vnd.plotly.v1+json" not in o.get("data", {})
    assert checked >= 6


@pytest.mark.parametrize("name", TAKENOKO)
def test_positions_come_from_the_box(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position the notebooks build holds exactly the box's components (nothing created
    or lost), so what they teach happens in a real game."""
    built: list[tk.State] = []
    original = tk.position

    def recording(*args: Any, **kwargs: Any) -> tk.State:
        state = original(*args, **kwargs)
        built.append(state)
        return state

    monkeypatch.setattr(tk, "position", recording)
    run(name)
    assert len(built) >= 5
    for state in built:
        assert state.inventory() == tk.new_game(state.num_players, 0).inventory()


def test_rules_walkthrough_cites_every_rule_in_order() -> None:
    """10-takenoko-rules links every rule ID of the rules page, first citations (after the
    introduction) in rulebook order."""
    nb = load("10-takenoko-rules")
    text = "\n".join(source(c) for c in nb["cells"][1:] if c["cell_type"] == "markdown")
    cited = list(dict.fromkeys(rule_links(RULES_GAME, text)))
    assert cited == rule_ids(RULES_GAME)


def test_rules_walkthrough_plays_every_action_kind() -> None:
    """Every kind of action of the notation is applied in 10-takenoko-rules (not just listed)."""
    played: list[tk.Action] = []
    original = tk.State.apply

    def recording(self: tk.State, action: tk.Action, check: bool = True) -> tk.State:
        played.append(action)
        return original(self, action, check)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tk.State, "apply", recording)
        run("10-takenoko-rules")
    kinds = {type(action) for action in played}
    missing = {kind.__name__ for kind in tk.ACTION_TYPES} - {kind.__name__ for kind in kinds}
    assert not missing
    assert {str(a) for a in played if isinstance(a, tk.ChooseAction)} == {
        f"action {kind}" for kind in ("plot", "irrigation", "gardener", "panda", "objective")
    }
    assert {a.face for a in played if isinstance(a, tk.Roll)} == set(tk.WEATHER_FACES)


def test_TK_IRR_4_edge_cases_refusal_raises_with_its_rule() -> None:
    """11: the deliberate error is the engine's IllegalActionError naming TK-IRR-4."""
    cells = code_cells(load("11-takenoko-scoring-edge-cases"))
    raised = [o for c in cells for o in c["outputs"] if o["output_type"] == "error"]
    assert [o["ename"] for o in raised] == ["IllegalActionError"]
    assert "(TK-IRR-4)" in raised[0]["evalue"]


def test_edge_cases_answer_every_question_of_the_course() -> None:
    """11 has a section for each Takenoko question of issue 13, and each reading it shows side
    by side names the option that switches it."""
    nb = load("11-takenoko-scoring-edge-cases")
    headings = [source(c).splitlines()[0] for c in nb["cells"] if source(c).startswith("## ")]
    text = " ".join(headings).lower()
    for topic in (
        "corner of the pond",
        "watershed",
        "dry plot",
        "fertilizer and the height cap",
        "enclosure under a storm",
        "mirrored",
        "last round",
        "ties",
    ):
        assert topic in text, topic
    code = "\n".join(source(c) for c in code_cells(nb))
    for option in (
        "fertilizer_on_first_growth",
        "fertilizer_on_rain",
        "storm_target_includes_pond",
        "plot_objective_mirror_allowed",
        "final_round",
        "gardener_height_match",
        "redraw_if_already_complete",
    ):
        assert re.search(rf"tk\.Options\((\w+=\w+, )?{option}=", code), option


def test_edge_cases_answers_are_the_engines() -> None:
    """11: the positions answer as the text says (mirror, last round, ties)."""
    ns = run("11-takenoko-scoring-edge-cases")
    assert ns["over"].outcome().winners == (0, 1)  # the last case: a shared victory
    assert tk.plot_objective_placements(ns["garden_b"], "P13")
    assert ns["turns"] == [1, 2]  # the last loop ran finish_round


def test_exercise_checks_say_right_only_for_the_engine_answer() -> None:
    """13: each check says "right" for the engine's answer, a hint otherwise, and the committed
    notebook shows no answer (every check cell still holds None)."""
    calls, check, _ = exercise_calls("13-takenoko-exercises")
    assert len(calls) == 6
    for answer, truth, hint in calls:
        assert answer is None
        if isinstance(truth, frozenset):
            right: Any = {item.lower() for item in truth}  # case does not matter
            wrong: Any = set(truth) | {"9,9"}
        elif isinstance(truth, tuple):
            right, wrong = list(truth), [*truth[::-1], 0]
        else:
            right, wrong = truth, truth + 1
        assert_check_says_right_only_for(check, right, wrong, truth, hint)
    # the questions are not trivial: several cards, places and seats to find
    truths = [truth for _, truth, _ in calls]
    assert truths[0] == frozenset({"G04", "P02"})
    assert len(truths[1]) == 2 and len(truths[2]) == 6
    assert truths[4] == (1,) and truths[5] == (2, 3, 0, 1)
    assert_no_answer_shown("13-takenoko-exercises")
