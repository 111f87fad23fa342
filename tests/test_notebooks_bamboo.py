"""The Bamboo notebooks (20 rules: a whole year in one lesson, 24 the seasons in depth: going
further, 21 edge cases, 23 exercises): committed executed and clean, every rule of
docs/rules/bamboo.md cited, every action shown, every effect drawn, the exercises answered in
the package.

The notebooks' code runs here in a plain namespace (no kernel): fast, and it lets the tests look
at the positions the notebooks build.
"""

from __future__ import annotations

import re
from typing import Any

from notebook_tools import NOTEBOOKS, code_cells, load, rule_ids, rule_links, run, source, tags

from bamboo_lab import exercises

BAMBOO = [
    "20-bamboo-rules",
    "24-bamboo-seasons-and-scoring",
    "21-bamboo-scoring-edge-cases",
    "23-bamboo-exercises",
]
WALKTHROUGH = ["20-bamboo-rules", "24-bamboo-seasons-and-scoring"]
SECTIONS = ("set", "pl", "spr", "sum", "act", "pat", "spi", "aut", "win", "adv", "end")
RULES_GAME = "bamboo"
PLOTLY = "application/vnd.plotly.v1+json"


def _markdown(name: str, start: str = "") -> str:
    """The Markdown of a notebook, from the first cell whose text starts with ``start``."""
    cells = [source(c) for c in load(name)["cells"] if c["cell_type"] == "markdown"]
    first = next(i for i, text in enumerate(cells) if text.startswith(start))
    return "\n".join(cells[first:])


def _code(names: list[str]) -> str:
    return "\n".join(source(c) for name in names for c in code_cells(load(name)))


def _pictures(name: str) -> list[str]:
    """The sources of the cells of ``name`` that draw a picture."""
    return [
        source(c)
        for c in code_cells(load(name))
        if any(PLOTLY in o.get("data", {}) for o in c["outputs"])
    ]


def test_checked_outputs_are_text_not_figures() -> None:
    """Cells tagged nbval-check-output print deterministic text; figures are never checked."""
    for name in BAMBOO:
        for cell in code_cells(load(name)):
            if "nbval-check-output" in tags(cell):
                kinds = {o["output_type"] for o in cell["outputs"]}
                assert kinds <= {"stream", "execute_result"}, source(cell)[:60]
                for o in cell["outputs"]:
                    assert PLOTLY not in o.get("data", {})


def test_rules_walkthrough_cites_every_rule_and_20_a_whole_year_in_rulebook_order() -> None:
    """20 and 24 together link every rule ID of the rules page; 20's Core sections alone cite
    a whole year, its sections (set-up, player set-up, Spring, Summer, actions, patterns,
    spirits, Autumn, Winter, end) first cited in the rulebook's order; only the advanced game
    is left to 24."""
    core = _markdown("20-bamboo-rules", "## Core")
    text = core + "\n" + _markdown(WALKTHROUGH[1])
    assert set(rule_links(RULES_GAME, text)) == set(rule_ids(RULES_GAME))
    cited = list(dict.fromkeys(rule_links(RULES_GAME, core)))
    sections = list(dict.fromkeys(i.split("-")[1] for i in cited))
    assert sections == [s for s in SECTIONS if s != "adv"]


def test_20_teaches_a_whole_year_and_24_goes_further() -> None:
    """20's Core runs from the table and the draft to the final score, every season in its
    order (issue 43: a class plays a whole year after one period); the details are 24's
    Going further sections."""
    core = re.findall(r"^## (.+)$", _markdown("20-bamboo-rules"), flags=re.MULTILINE)
    further = re.findall(r"^## (.+)$", _markdown(WALKTHROUGH[1]), flags=re.MULTILINE)
    assert core == [
        "Core: the table and the draft",
        "Core: Spring",
        "Core: Summer, your turn",
        "Core: the five actions",
        "Core: Autumn and the spirits",
        "Core: Winter",
        "Core: the end and the final score",
        "Going further",
    ]
    assert sum(h.startswith("Going further:") for h in further) == 8
    for rule in ("bb-pl-5", "bb-spr-3", "bb-sum-6", "bb-act-7", "bb-aut-1", "bb-win-2", "bb-end-5"):
        assert rule in rule_links(RULES_GAME, _markdown("20-bamboo-rules", "## Core")), rule
    for rule in ("bb-spi-2", "bb-spi-6", "bb-pat-3", "bb-adv-1", "bb-adv-2"):
        assert rule in rule_links(RULES_GAME, _markdown(WALKTHROUGH[1])), rule


def test_20_is_short_goal_first_and_one_call_per_cell() -> None:
    """20: each Core section opens with its goal; at most 52 cells; a code cell is a few
    lines with no loop, no def and no position spelled in engine notation (named builders)."""
    cells = load("20-bamboo-rules")["cells"]
    assert len(cells) <= 52
    for cell in cells:
        text = source(cell)
        if cell["cell_type"] == "markdown" and text.startswith("## Core"):
            assert "**Goal:" in text.split("\n", 2)[2][:20], text[:60]
        if cell["cell_type"] == "code":
            assert text.count("\n") <= 7, text[:60]
            assert not re.search(r"^\s*(for|while|def|class) ", text, flags=re.M), text[:60]
            for notation in ("home_from_text(", "stalks=", "bb.position(", "print("):
                assert notation not in text, text[:60]


def test_students_read_home_tiles_by_what_they_are_not_by_id() -> None:
    """20, 24 and 21: no home tile's box ID (A09, B16) in the text, the code or the outputs a
    student reads; a home tile is "the 1-coin faith tile" (bamboo_year.buy_home_tile)."""
    for name in [*WALKTHROUGH, "21-bamboo-scoring-edge-cases"]:
        for cell in load(name)["cells"]:
            assert not re.search(r"\b[AB]\d\d\b", source(cell)), source(cell)[:60]
            for output in cell.get("outputs", []):
                said = "".join(output.get("text", "")) + "".join(
                    output.get("data", {}).get("text/plain", "")
                )
                assert not re.search(r"\b[AB]\d\d\b", said), said[:60]


def test_rules_walkthrough_shows_every_action_kind() -> None:
    """20 and 24 play every kind of action, each in the board's words (buying a home tile
    through its words, ``year.buy_home_tile``) and every spirit; their positions are named
    builders."""
    code = _code(WALKTHROUGH)
    for words in (
        "draft the", "gift: ", "visit the", "offer a stick to the", "activate the", "place the",
        "receive into the", "take 1 HP", "decline the action", '"done"', "refill the food first",
        '"cook"', "take tea", "score balance tile", "obtain balance tile", '"use ', '"wake ',
        '"pay ', "end the turn",
    ):  # fmt: skip
        assert words in code, words
    assert "year.buy_home_tile(" in code
    for spirit in ("kappa", "tanuki", "rokurokubi", "kitsune", "ookami", "bakeneko", "tengu"):
        assert f"use {spirit}" in code, spirit
    assert "bb.position(" not in code and code.count("year.") >= 15
    for cell in code_cells(load(WALKTHROUGH[0])) + code_cells(load(WALKTHROUGH[1])):
        assert source(cell).count("\n") < 10, source(cell)[:60]


def test_moves_are_written_in_the_boards_words_not_notation() -> None:
    """20, 21 and 24 write every move as the board's move list says it (what
    ``bamboo_lessons.play`` and ``edge.verdicts`` read), never in engine notation."""
    notation = re.compile(
        r'"((activate|place) [RGBY][a-z] \d|(draft|take|score) [A-Z]|(visit|offer|receive) [a-z]+"'
        r'|(food|feed) (tea|rice|ramen)"|gift [a-z]+"|home \d,\d"|(hp|coin|end|refill|decline)")'
    )
    for name in BAMBOO:
        for cell in code_cells(load(name)):
            assert not notation.search(source(cell)), source(cell)[:60]


def test_every_effect_is_drawn_with_what_changed() -> None:
    """Each step that changes the table is a picture with ``changed_from``: the draft, Spring,
    the Summer steps, each action, Autumn, Winter and the end in 20; the spirits and a full
    temple in 24."""
    core = " ".join(_pictures("20-bamboo-rules"))
    further = " ".join(_pictures(WALKTHROUGH[1]))
    assert "player_aid" in _pictures("20-bamboo-rules")[0]
    assert core.count("changed_from=") >= 12 and further.count("changed_from=") >= 4
    assert "viz.bamboo.autumn(" in core and "viz.bamboo.patterns(" in further


def test_no_state_dumps_and_tables_for_bills_and_scores() -> None:
    """No ``print(state)``-style dumps or inventories; bills, scores, choices and the market
    are tables (bamboo_lab.Table) drawn by one call."""
    code = _code(BAMBOO)
    assert "print(state)" not in code and "inventory()" not in code
    assert ".describe()" not in code and "home_from_text(" not in _code(["23-bamboo-exercises"])
    core = _code([WALKTHROUGH[0]])
    for table in ("year.choices(", "year.home_market(", "year.bill_table(", "year.score_table("):
        assert table in core, table
    assert "year.tie_breaks(" in _code([WALKTHROUGH[1]])
    for name in WALKTHROUGH:
        for cell in code_cells(load(name)):
            for output in cell["outputs"]:
                if set(output.get("data", {})) == {"text/plain"}:
                    raise AssertionError(f"a bare result, not a table: {source(cell)[:60]}")


def test_deliberate_mistakes_show_the_one_line_explanation() -> None:
    """A refused move is shown with ``bb.explain``: one line with its rule ID, no traceback."""
    for name in BAMBOO:
        for cell in code_cells(load(name)):
            assert "raises-exception" not in tags(cell)
            if "bb.explain(" in source(cell):
                for o in cell["outputs"]:
                    text = "".join(o.get("text", "")) or "".join(
                        o.get("data", {}).get("text/plain", "")
                    )
                    assert re.search(r"\(BB-[A-Z]+-\d+\)", text), source(cell)[:60]


def test_rules_walkthrough_positions_play_to_the_end() -> None:
    """20 and 24 play the last round to a finished game with an outcome (BB-END-1, BB-END-5)."""
    for name in WALKTHROUGH:
        over = run(name)["over"]
        assert over.is_over()
        outcome = over.outcome()
        assert outcome is not None and outcome.winners == (0,)
        assert [over.final_breakdown(p)["total"] for p in (0, 1)] == list(outcome.scores)


def test_exercises_follow_the_rule_they_practise() -> None:
    """Two exercises in 20 (the Summer turn: BB-SUM-2, BB-SUM-6), two in 24 (Autumn, Winter),
    each as a picture and a checking cell holding only the answer."""
    placed = {WALKTHROUGH[0]: ["bamboo-1", "bamboo-3"], WALKTHROUGH[1]: ["bamboo-6", "bamboo-7"]}
    for name, ids in placed.items():
        code = _code([name])
        assert re.findall(r'exercises\.check\("(bamboo-\d+)", answer\)', code) == ids
        assert re.findall(r'exercises\.show\("(bamboo-\d+)"\)', code) == ids
        assert code.count("answer = None") == 2


def _said(cell: dict[str, Any]) -> str:
    """What a cell shows as text: its streams and its results' plain text."""
    return "".join(
        "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
        for o in cell["outputs"]
    )


def test_BB_SUM_5_edge_cases_refusal_is_explained_with_its_rule() -> None:
    """21: the deliberate mistake shows the engine's sentence naming BB-SUM-5, in words."""
    said = [_said(c) for c in code_cells(load("21-bamboo-scoring-edge-cases"))]
    assert any("activate the red balance shoot in stalk 1" in s and "(BB-SUM-5)" in s for s in said)


def test_edge_cases_show_both_readings_of_every_disputed_option() -> None:
    """21: every option switching a disputed reading is shown with both its values, side by
    side in one table (the feeding reading through the lesson's Winter position)."""
    code = _code(["21-bamboo-scoring-edge-cases"])
    assert 'lesson.winter_example("choose")' in code and 'lesson.winter_example("auto")' in code
    readings = {
        "first_turn_readings": ("game", "round"),
        "voluntary_pass_readings": ("False", "True"),
        "draft_order_readings": ("clockwise", "snake"),
        "wildcard_readings": ("unmarked", "board"),
    }
    cells = code_cells(load("21-bamboo-scoring-edge-cases"))
    for table, values in readings.items():
        cell = next(c for c in cells if f"edge.{table}()" in source(c))
        assert all(value in _said(cell) for value in values), table


def test_edge_cases_cells_are_one_call_and_a_table_or_a_picture() -> None:
    """21 (teaching review, defect 13): no helper functions, loops, prints or tuples of food in
    its cells; each code cell shows a table (bamboo_lab.Table) or a picture."""
    for cell in code_cells(load("21-bamboo-scoring-edge-cases")):
        text = source(cell)
        assert not re.search(r"^\s*(for|while|def|class) ", text, flags=re.M), text[:60]
        assert "print(" not in text and "bb.Options(" not in text and "bb.position(" not in text
        assert "home_from_text(" not in text and "stalks=" not in text, text[:60]
        if text.startswith("from "):
            continue
        kinds = {k for o in cell["outputs"] for k in o.get("data", {})}
        assert PLOTLY in kinds or "text/html" in kinds, text[:60]


def test_edge_cases_answer_the_questions_of_issue_13() -> None:
    """21: one section per question players get wrong, each answered with its rule, the homes
    drawn and the answers in tables."""
    nb = load("21-bamboo-scoring-edge-cases")
    text = "\n".join(source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    headings = re.findall(r"^## \d+\. (.+)$", text, flags=re.MULTILINE)
    for words in ("same temple", "too little incense", "one stalk", "temple is full", "tied",
                  "ghost", "change", "unscored", "harmony"):  # fmt: skip
        assert any(words in h for h in headings), words
    for rule in ("bb-sum-2", "bb-sum-3", "bb-sum-5", "bb-sum-6", "bb-aut-1", "bb-aut-2",
                 "bb-win-2", "bb-end-4", "bb-end-3"):  # fmt: skip
        assert rule in rule_links(RULES_GAME, text), rule
    code = _code(["21-bamboo-scoring-edge-cases"])
    assert "print(state" not in code and "final_breakdown(0).items()" not in code
    assert code.count("edge.") >= 20
    assert len(_pictures("21-bamboo-scoring-edge-cases")) >= 12


def test_exercise_notebook_draws_every_position() -> None:
    """23: each exercise is shown as a picture (homes and patterns drawn, never as text)."""
    nb = "23-bamboo-exercises"
    shown = [re.search(r'exercises\.show\("(bamboo-\d+)"\)', s) for s in _pictures(nb)]
    assert [m[1] for m in shown if m] == [f"bamboo-{n}" for n in range(1, 11)]
    assert "print(" not in _code([nb])


def _sections(name: str, prefix: str) -> dict[str, set[int]]:
    """The cells (JupyterLab's numbers, from 1) of each ``## <prefix>...`` section of ``name``."""
    cells = load(name)["cells"]
    starts = [
        (k, source(c).splitlines()[0][3:])
        for k, c in enumerate(cells, start=1)
        if c["cell_type"] == "markdown" and source(c).startswith("## ")
    ]
    ends = [k - 1 for k, _ in starts[1:]] + [len(cells)]
    return {
        heading: set(range(first, last + 1))
        for (first, heading), last in zip(starts, ends, strict=True)
        if heading.startswith(prefix)
    }


def _plan_rows(text: str) -> list[tuple[int, int, str, int, int]]:
    """The rows of a plan table: minutes from and to, the section, the first and last cell."""
    found = re.findall(
        r"^\| (\d+)-(\d+) \| ([^|]+) \| cells? (\d+)(?:-(\d+))? \|", text, flags=re.M
    )
    return [(int(a), int(b), s, int(f), int(last or f)) for a, b, s, f, last in found]


def test_the_teachers_guide_plans_one_period_on_the_cells_of_20_and_24() -> None:
    """docs/teaching/bamboo.md: Bamboo fits one period; the plan's rows run from minute 0 to
    45 without a gap, cover every cell of 20 exactly once (JupyterLab's numbers, markdown
    counted) and each Core section's cells exactly, the Core done by minute 35; the Going
    further table covers each Going further section of 24; the player aid is shown."""
    guide = (NOTEBOOKS.parent / "docs" / "teaching" / "bamboo.md").read_text(encoding="utf-8")
    assert "one period" in guide.lower() and "two periods" not in guide.lower()
    assert "](../img/bamboo_player_aid.png)" in guide
    assert (NOTEBOOKS.parent / "docs" / "img" / "bamboo_player_aid.png").exists()
    lesson, second = guide.split("## Going further")[:2]
    rows = _plan_rows(lesson)
    assert [r[0] for r in rows[1:]] == [r[1] for r in rows[:-1]] and rows[0][0] == 0
    assert rows[-1][1] == 45
    assert max(r[1] for r in rows if r[2].startswith("Core")) <= 35
    cells = [c for r in rows for c in range(r[3], r[4] + 1)]
    assert cells == list(range(1, len(load(WALKTHROUGH[0])["cells"]) + 1))
    for text, name, prefix in ((lesson, WALKTHROUGH[0], "Core"), (second, WALKTHROUGH[1], "Going")):
        for heading, section in _sections(name, prefix).items():
            covered: set[int] = set()
            for _, _, title, first, last in _plan_rows(text):
                if title.startswith(heading):
                    covered |= set(range(first, last + 1))
            assert covered == section, heading


def test_the_teachers_guide_lists_the_exercises_and_links_their_answers() -> None:
    """docs/teaching/bamboo.md lists every exercise with its title and rules, but not its
    answer: the answers page (answers.md, computed by the engine) holds them."""
    guide = (NOTEBOOKS.parent / "docs" / "teaching" / "bamboo.md").read_text(encoding="utf-8")
    assert "](answers.md)" in guide and "answer `" not in guide
    for exercise in exercises.all_exercises("bamboo"):
        line = next(ln for ln in guide.splitlines() if ln.startswith(f"- **{exercise.id}** "))
        assert exercise.title in line, exercise.id
        assert all(rule in line for rule in exercise.rules), exercise.id
        assert exercise.explanation not in guide, exercise.id
