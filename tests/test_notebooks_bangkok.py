"""The Bangkok notebooks (30 rules, 31 edge cases, 33 exercises): committed executed and clean,
every rule of docs/rules/bangkok.md cited, the exercise checks right for the engine's answers.

The notebooks' code runs here in a plain namespace (no kernel): fast, and it lets the tests look
at the positions the notebooks build and call the exercise checks with other answers.
"""

from __future__ import annotations

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

from bamboo_lab.games import bangkok as bk

BANGKOK = ["30-bangkok-rules", "31-bangkok-scoring-edge-cases", "33-bangkok-exercises"]
RULES_GAME = "bangkok"


def test_rules_walkthrough_cites_every_rule_in_order() -> None:
    """30-bangkok-rules links every rule ID of the rules page, first citations (after the
    introduction) in rulebook order, and shows every action kind working."""
    nb = load("30-bangkok-rules")
    text = "\n".join(source(c) for c in nb["cells"][1:] if c["cell_type"] == "markdown")
    cited = list(dict.fromkeys(rule_links(RULES_GAME, text)))
    assert set(cited) == set(rule_ids(RULES_GAME))
    assert cited == [i for i in rule_ids(RULES_GAME) if i in cited]
    code = "\n".join(source(c) for c in code_cells(nb))
    for action in ("place:", "take:", "lay:", "renew:", "bk.Pass()"):
        assert action in code


def test_every_cell_of_the_rules_walkthrough_checks_text_not_figures() -> None:
    """Cells tagged nbval-check-output print deterministic text; figures are never checked."""
    for name in BANGKOK:
        for cell in code_cells(load(name)):
            if "nbval-check-output" in tags(cell):
                kinds = {o["output_type"] for o in cell["outputs"]}
                assert kinds <= {"stream", "execute_result"}, source(cell)[:60]
                for o in cell["outputs"]:
                    assert "application/vnd.plotly.v1+json" not in o.get("data", {})


@pytest.mark.parametrize("name", BANGKOK)
def test_positions_use_the_printed_deck(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No position of the notebooks silently turns a card into a custom card (a spec asked
    for more often than the deck holds it)."""
    built: list[bk.State] = []
    original = bk.position

    def recording(**kwargs: Any) -> bk.State:
        state = original(**kwargs)
        built.append(state)
        return state

    monkeypatch.setattr(bk, "position", recording)
    run(name)
    assert built or name == "30-bangkok-rules"
    assert all(state.options.deck == () for state in built)


def test_BK_ACT_4_edge_cases_refusal_raises_with_its_rule() -> None:
    """31: the deliberate error is the engine's IllegalActionError naming BK-ACT-4."""
    cells = [c for c in code_cells(load("31-bangkok-scoring-edge-cases"))]
    raised = [o for c in cells for o in c["outputs"] if o["output_type"] == "error"]
    assert [o["ename"] for o in raised] == ["IllegalActionError"]
    assert "(BK-ACT-4)" in raised[0]["evalue"]


def test_exercise_checks_say_right_only_for_the_engine_answer() -> None:
    """33: each check says "right" for the engine's answer, a hint otherwise, and the committed
    notebook shows no answer (every check cell still holds None)."""
    calls, check, ns = exercise_calls("33-bangkok-exercises")
    assert len(calls) == 6
    for answer, truth, hint in calls:
        assert answer is None
        wrong = truth + 1 if isinstance(truth, int) else frozenset({0})
        right = set(truth) if isinstance(truth, frozenset) else truth
        wrong = set(wrong) if isinstance(wrong, frozenset) else wrong
        assert_check_says_right_only_for(check, right, wrong, truth, hint)
    # the questions have one answer each: one way to collect, one best chilli card
    assert len(ns["placed"].legal_actions()) == 1
    points = sorted(c.points for c in ns["chillies"])
    assert points[-1] > points[-2]
    assert_no_answer_shown("33-bangkok-exercises")
