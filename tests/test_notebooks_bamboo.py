"""The Bamboo notebooks (20 rules, 21 edge cases, 23 exercises): committed executed and clean,
every rule of docs/rules/bamboo.md cited, every action shown, the exercise checks right for the
engine's answers.

The notebooks' code runs here in a plain namespace (no kernel): fast, and it lets the tests look
at the positions the notebooks build and call the exercise checks with other answers.
"""

from __future__ import annotations

import re
from typing import Any

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

BAMBOO = ["20-bamboo-rules", "21-bamboo-scoring-edge-cases", "23-bamboo-exercises"]
SECTIONS = ("set", "pl", "spr", "sum", "act", "pat", "spi", "aut", "win", "adv", "end")
RULES_GAME = "bamboo"


def test_checked_outputs_are_text_not_figures() -> None:
    """Cells tagged nbval-check-output print deterministic text; figures are never checked."""
    for name in BAMBOO:
        for cell in code_cells(load(name)):
            if "nbval-check-output" in tags(cell):
                kinds = {o["output_type"] for o in cell["outputs"]}
                assert kinds <= {"stream", "execute_result"}, source(cell)[:60]
                for o in cell["outputs"]:
                    assert "application/vnd.plotly.v1+json" not in o.get("data", {})


def test_rules_walkthrough_cites_every_rule_in_rulebook_order() -> None:
    """20-bamboo-rules links every rule ID of the rules page, and (after the introduction) the
    rulebook's sections
    (set-up, player set-up, Spring, Summer, actions, patterns, spirits, Autumn, Winter,
    advanced game, end) are first cited in the rulebook's order."""
    nb = load("20-bamboo-rules")
    text = "\n".join(source(c) for c in nb["cells"][1:] if c["cell_type"] == "markdown")
    cited = list(dict.fromkeys(rule_links(RULES_GAME, text)))  # after the introduction
    assert set(cited) == set(rule_ids(RULES_GAME))
    sections = list(dict.fromkeys(i.split("-")[1] for i in cited))
    assert sections == list(SECTIONS)


def test_rules_walkthrough_shows_every_action_kind() -> None:
    """20-bamboo-rules plays every action of the notation at least once (Pass with the
    voluntary_pass option), and builds its positions with the position builder."""
    code = "\n".join(source(c) for c in code_cells(load("20-bamboo-rules")))
    played = set(re.findall(r'"([a-z]+)(?: [^"]*)?"', code))
    for word in (
        "draft", "gift", "visit", "offer", "activate", "place", "receive", "hp", "coin",
        "decline", "done", "refill", "fund", "cook", "take", "score", "buy", "home", "food",
        "use", "wake", "feed", "end", "pass",
    ):  # fmt: skip
        assert word in played, word
    for spirit in ("kappa", "tanuki", "rokurokubi", "kitsune", "ookami", "bakeneko", "tengu"):
        assert f'"use {spirit}"' in code, spirit
    assert code.count("bb.position(") >= 8


def test_rules_walkthrough_positions_play_to_the_end() -> None:
    """The walkthrough's last position is a finished game with an outcome (BB-END-1, BB-END-5)."""
    ns = run("20-bamboo-rules")
    over = ns["over"]
    assert over.is_over()
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert [over.final_breakdown(p)["total"] for p in (0, 1)] == list(outcome.scores)


def test_BB_SUM_5_edge_cases_refusal_raises_with_its_rule() -> None:
    """21: the deliberate error is the engine's IllegalActionError naming BB-SUM-5."""
    cells = code_cells(load("21-bamboo-scoring-edge-cases"))
    raised = [o for c in cells for o in c["outputs"] if o["output_type"] == "error"]
    assert [o["ename"] for o in raised] == ["IllegalActionError"]
    assert "(BB-SUM-5)" in raised[0]["evalue"]


def test_edge_cases_show_both_readings_of_every_disputed_option() -> None:
    """21: every option switching a disputed reading is run with both its values."""
    code = "\n".join(source(c) for c in code_cells(load("21-bamboo-scoring-edge-cases")))
    readings = {
        "first_turn_free": ('"game"', '"round"'),
        "voluntary_pass": ("False", "True"),
        "feeding": ('"choose"', '"auto"'),
        "draft_order": ('"clockwise"', '"snake"'),
        "wildcards": ('"unmarked"', '"board"'),
    }
    for option, (default, other) in readings.items():
        assert f"bb.Options({option}=" in code, option
        assert default in code and other in code, option


def test_edge_cases_answer_the_questions_of_issue_13() -> None:
    """21: one section per question players get wrong, each answered with its rule."""
    nb = load("21-bamboo-scoring-edge-cases")
    text = "\n".join(source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    headings = re.findall(r"^## \d+\. (.+)$", text, flags=re.MULTILINE)
    for words in ("same temple", "too little incense", "one stalk", "temple is full", "tied",
                  "ghost", "change", "unscored", "harmony"):  # fmt: skip
        assert any(words in h for h in headings), words
    for rule in ("bb-sum-2", "bb-sum-3", "bb-sum-5", "bb-sum-6", "bb-aut-1", "bb-aut-2",
                 "bb-win-2", "bb-end-4", "bb-end-3"):  # fmt: skip
        assert rule in rule_links(RULES_GAME, text), rule


def test_exercise_checks_say_right_only_for_the_engine_answer() -> None:
    """23: each check says "right" for the engine's answer, a hint otherwise, and the committed
    notebook shows no answer (every check cell still holds None)."""
    calls, check, _ = exercise_calls("23-bamboo-exercises")
    assert len(calls) == 7
    for answer, truth, hint in calls:
        assert answer is None
        if isinstance(truth, frozenset):
            wrong: Any = frozenset({"nothing"})
        elif isinstance(truth, int):
            wrong = truth + 1
        else:
            wrong = 0
        right = set(truth) if isinstance(truth, frozenset) else truth
        wrong = set(wrong) if isinstance(wrong, frozenset) else wrong
        assert_check_says_right_only_for(check, right, wrong, truth, hint)
    assert_no_answer_shown("23-bamboo-exercises")


def test_exercise_answers_are_the_rules() -> None:
    """23: the engine's answers are the ones the rules give, worked out by hand (BB-SUM-2,
    BB-SUM-6, BB-PAT-1/2, BB-END-3, BB-AUT-1, BB-WIN-2, BB-END-2..4)."""
    truths: list[Any] = []

    def recorder(check: Any) -> Any:
        def wrapped(answer: Any, truth: Any, hint: str) -> None:
            truths.append(truth)

        wrapped.patched = True  # type: ignore[attr-defined]
        return wrapped

    run("23-bamboo-exercises", patch={"check": recorder})
    assert truths == [
        frozenset({"red", "blue"}),  # green is empty, the marker is on yellow
        frozenset({"Yf", "Rc"}),  # the two top shoots of stalk 2
        frozenset({"L09", "R02", "C13"}),  # R05 is mirrored, L05 has no faith to the right
        -4,  # left 6, right 4 comfort
        1,  # 2-2-2 tie, player 1's stick on top
        1,  # 7 tiles, 6 food units
        28,  # 24 + 4 spirits - 4 harmony + 2 + 2 half points
    ]
