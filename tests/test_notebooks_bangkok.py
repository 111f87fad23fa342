"""The Bangkok notebooks (30 rules, 31 edge cases, 33 exercises): goal first with the player aid,
a Core path and a Going-further part, every rule of docs/rules/bangkok.md cited in order, effects
drawn rather than printed, short outputs, and exercises whose answers stay inside
bamboo_lab.exercises.

The notebooks' code runs here in a plain namespace (no kernel): fast, and it lets the tests look
at the positions the notebooks build.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from notebook_tools import ROOT, code_cells, load, rule_ids, rule_links, run, source, tags

from bamboo_lab import exercises
from bamboo_lab.games import bangkok as bk

BANGKOK = ["30-bangkok-rules", "31-bangkok-scoring-edge-cases", "33-bangkok-exercises"]
RULES_GAME = "bangkok"
PLOTLY = "application/vnd.plotly.v1+json"


def markdown(nb: dict[str, Any]) -> list[str]:
    """The Markdown cells' text, in order."""
    return [source(c) for c in nb["cells"] if c["cell_type"] == "markdown"]


def test_rules_open_with_the_goal_a_turn_and_the_player_aid_before_any_code() -> None:
    nb = load("30-bangkok-rules")
    first = nb["cells"][0]
    assert first["cell_type"] == "markdown"
    text = source(first)
    for words in ("What the game is about", "How you win", "A turn in five lines"):
        assert words in text
    assert len(re.findall(r"^\d\. ", text, flags=re.MULTILINE)) == 5
    assert "docs/img/bangkok_player_aid.png" in text
    assert (ROOT / "docs" / "img" / "bangkok_player_aid.png").is_file()
    assert "Core" in text and "Going further" in text
    first_code = next(c for c in nb["cells"] if c["cell_type"] == "code")
    assert "viz.bangkok.player_aid()" in source(first_code)
    assert any(PLOTLY in o.get("data", {}) for o in first_code["outputs"])


def test_rules_have_a_core_path_first_then_going_further() -> None:
    headings = [
        line
        for text in markdown(load("30-bangkok-rules"))
        for line in text.splitlines()
        if line.startswith("## ")
    ]
    kinds = [h[3:].split(":")[0] for h in headings if ":" in h]
    assert kinds[0] == "Core" and headings[0] == "## Core: your first turn"
    last_core = max(i for i, k in enumerate(kinds) if k == "Core")
    assert set(kinds[last_core + 1 :]) == {"Going further"}
    assert kinds.count("Core") >= 7


def test_rules_walkthrough_cites_every_rule_in_order() -> None:
    """30-bangkok-rules links every rule ID of the rules page, first citations (after the
    introduction) in rulebook order, and shows every action kind working, each written in
    the rulebook's words (never the engine's notation)."""
    nb = load("30-bangkok-rules")
    text = "\n".join(source(c) for c in nb["cells"][1:] if c["cell_type"] == "markdown")
    cited = list(dict.fromkeys(rule_links(RULES_GAME, text)))
    assert set(cited) == set(rule_ids(RULES_GAME))
    assert cited == [i for i in rule_ids(RULES_GAME) if i in cited]
    code = "\n".join(source(c) for c in code_cells(nb))
    for action in ('"place the ', '"collect port cell', '"lay the ', '"renew row', '"pass"'):
        assert action in code
    assert not re.search(r"parse_action|\"(place|take|lay|renew):", code), "no notation"


def test_every_effect_is_drawn_with_what_changed() -> None:
    """Each action kind of the walkthrough is drawn from its earlier position (changed_from):
    a placement, a collection with its shift and refill, a laid card, a renewal, the end."""
    code = [source(c) for c in code_cells(load("30-bangkok-rules"))]
    drawn = [c for c in code if "changed_from=" in c]
    for action in ('"place the ', '"collect port cell', '"lay the ', '"renew row'):
        assert any(action in c for c in drawn), action
    assert any("viz.bangkok.figure(final, changed_from=" in c for c in drawn)


@pytest.mark.parametrize("name", BANGKOK)
def test_no_text_dumps_no_test_markers_and_short_outputs(name: str) -> None:
    """No print(state), no '# NBVAL' comment, no traceback, no plain output over 15 lines, and
    checked cells print text, never figures."""
    for cell in code_cells(load(name)):
        code = source(cell)
        assert "# NBVAL" not in code.upper()
        assert not re.search(r"print\((state|\w+_state|collecting|laying|solo)\)", code)
        for out in cell["outputs"]:
            assert out["output_type"] != "error", code[:60]
            text = "".join(out.get("text", "")) or "".join(
                out.get("data", {}).get("text/plain", "")
            )
            if PLOTLY not in out.get("data", {}):
                assert len(text.splitlines()) <= 15, code[:60]
        if "nbval-check-output" in tags(cell):
            assert all(PLOTLY not in o.get("data", {}) for o in cell["outputs"]), code[:60]


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
    exercises_position = {e.id: e.position for e in exercises.all_exercises(RULES_GAME)}
    assert exercises_position
    run(name)
    for build in exercises_position.values():
        build()
    assert built
    assert all(state.options.deck == () for state in built)


def test_BK_ACT_4_the_deliberate_error_is_one_line_naming_its_rule() -> None:
    """31: apply's refusal is shown as one printed line, IllegalActionError and BK-ACT-4."""
    lines = [
        "".join(o.get("text", ""))
        for c in code_cells(load("31-bangkok-scoring-edge-cases"))
        if "except IllegalActionError" in source(c)
        for o in c["outputs"]
    ]
    assert len(lines) == 1 and lines[0].count("\n") == 1
    assert lines[0].startswith("IllegalActionError: ") and "(BK-ACT-4)" in lines[0]


def test_a_mistake_in_the_rules_shows_the_rule_in_words() -> None:
    said = [
        "".join(o.get("text", ""))
        for c in code_cells(load("30-bangkok-rules"))
        if "lessons.verdict" in source(c)
        for o in c["outputs"]
    ]
    assert any(": refused, " in s and "(BK-ACT-1)" in s for s in said)
    assert not any(re.search(r"#\d|\b[LRTB][123]\b|take:", s) for s in said), "in words"


def test_a_legal_move_in_a_table_has_its_rule_named_not_nan() -> None:
    """30: the table of moves tried names 'allowed' where a legal move has no rule to break."""
    tables = [
        "".join(o.get("data", {}).get("text/plain", ""))
        for c in code_cells(load("30-bangkok-rules"))
        if "lessons.judge" in source(c)
        for o in c["outputs"]
    ]
    assert tables and all("NaN" not in t and "nan" not in t for t in tables)
    assert any("allowed" in t for t in tables)


def exercise_cells(name: str) -> list[tuple[str, str]]:
    """(exercise id, checking cell's code) for every exercises.check of the notebook."""
    found = []
    for cell in code_cells(load(name)):
        code = source(cell)
        for exercise_id in re.findall(r'exercises\.check\("([a-z]+-\d+)"', code):
            found.append((exercise_id, code))
    return found


def test_every_exercise_is_in_33_in_order_with_its_picture_and_no_answer() -> None:
    nb = load("33-bangkok-exercises")
    ids = [e.id for e in exercises.all_exercises(RULES_GAME)]
    assert [i for i, _ in exercise_cells("33-bangkok-exercises")] == ids
    shown = re.findall(r'exercises\.show\("([a-z]+-\d+)"\)', "\n".join(map(source, code_cells(nb))))
    assert shown == ids
    for cell in code_cells(nb):
        if "exercises.show(" in source(cell):
            assert any(PLOTLY in o.get("data", {}) for o in cell["outputs"])


@pytest.mark.parametrize("name", ["30-bangkok-rules", "33-bangkok-exercises"])
def test_exercise_cells_hold_none_and_never_compute_the_answer(name: str) -> None:
    for exercise_id, code in exercise_cells(name):
        assert re.search(r"^answer = None\b", code, flags=re.MULTILINE), exercise_id
        assert "bk." not in code and "score_market" not in code and "legal_actions" not in code
        outputs = [o for c in code_cells(load(name)) for o in c["outputs"]]
        assert not any("right!" in "".join(o.get("text", "")) for o in outputs)
    if name == "33-bangkok-exercises":  # the exercises notebook uses no engine at all
        assert not any("bk." in source(c) for c in code_cells(load(name)))


def test_two_exercises_follow_the_rules_they_practise_in_30() -> None:
    """In 30, each exercise comes after the first citation of every rule it practises, and
    before the next section."""
    nb = load("30-bangkok-rules")
    cells = nb["cells"]
    first_cited: dict[str, int] = {}
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and i > 0:
            for rule in rule_links(RULES_GAME, source(cell)):
                first_cited.setdefault(rule.upper(), i)
    placed = [
        (i, exercise_id)
        for i, cell in enumerate(cells)
        if cell["cell_type"] == "code"
        for exercise_id in re.findall(r'exercises\.check\("([a-z]+-\d+)"', source(cell))
    ]
    assert [e for _, e in placed] == ["bangkok-2", "bangkok-6"]
    for i, exercise_id in placed:
        rules = exercises.get(exercise_id).rules
        assert all(first_cited[r] < i for r in rules), exercise_id
