"""The Bamboo notebooks (20 rules: the core, 24 seasons and scoring: going further, 21 edge
cases, 23 exercises): committed executed and clean, every rule of docs/rules/bamboo.md cited,
every action shown, every effect drawn, the exercises answered in the package.

The notebooks' code runs here in a plain namespace (no kernel): fast, and it lets the tests look
at the positions the notebooks build.
"""

from __future__ import annotations

import re

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


def test_rules_walkthrough_cites_every_rule_in_rulebook_order() -> None:
    """20 and 24 together link every rule ID of the rules page, and from 20's first Core
    section on (the goal and the first turn come before) the rulebook's sections (set-up,
    player set-up, Spring, Summer, actions, patterns, spirits, Autumn, Winter, advanced game,
    end) are first cited in the rulebook's order."""
    text = _markdown("20-bamboo-rules", "## Core") + "\n" + _markdown(WALKTHROUGH[1])
    cited = list(dict.fromkeys(rule_links(RULES_GAME, text)))
    assert set(cited) == set(rule_ids(RULES_GAME))
    sections = list(dict.fromkeys(i.split("-")[1] for i in cited))
    assert sections == list(SECTIONS)


def test_the_core_is_in_20_and_going_further_in_24() -> None:
    """20 holds the core (Core sections, up to the patterns); 24 the rest (Going further)."""
    core = re.findall(r"^## (.+)$", _markdown("20-bamboo-rules"), flags=re.MULTILINE)
    further = re.findall(r"^## (.+)$", _markdown(WALKTHROUGH[1]), flags=re.MULTILINE)
    assert core[0] == "Your first turn" and sum(h.startswith("Core:") for h in core) == 6
    assert sum(h.startswith("Going further:") for h in further) == 5
    assert set(rule_links(RULES_GAME, _markdown("20-bamboo-rules", "## Core"))) >= {
        "bb-set-1",
        "bb-sum-7",
        "bb-act-7",
        "bb-pat-3",
    }
    for rule in ("bb-spi-1", "bb-aut-1", "bb-win-1", "bb-adv-1", "bb-end-5"):
        assert rule in rule_links(RULES_GAME, _markdown(WALKTHROUGH[1])), rule


def test_rules_walkthrough_shows_every_action_kind() -> None:
    """20 and 24 play every action of the notation at least once and build their positions
    with the position builder (short cells; the long ones are named builders)."""
    code = _code(WALKTHROUGH)
    played = set(re.findall(r'"([a-z]+)(?: [^"]*)?"', code))
    for word in (
        "draft", "gift", "visit", "offer", "activate", "place", "receive", "hp", "coin", "decline",
        "done", "refill", "fund", "cook", "take", "score", "buy", "home", "food", "use",
        "wake", "feed", "end", "pass",
    ):  # fmt: skip
        assert word in played, word
    for spirit in ("kappa", "tanuki", "rokurokubi", "kitsune", "ookami", "bakeneko", "tengu"):
        assert f"use {spirit}" in code, spirit
    assert code.count("bb.position(") >= 5
    for cell in code_cells(load(WALKTHROUGH[0])) + code_cells(load(WALKTHROUGH[1])):
        assert source(cell).count("\n") < 25, source(cell)[:60]


def test_every_effect_is_drawn_with_what_changed() -> None:
    """Each step that changes the table is a picture with ``changed_from``: the first turn,
    Spring, the Summer steps, each action, the spirits, Autumn, Winter and the end."""
    core = " ".join(_pictures("20-bamboo-rules"))
    further = " ".join(_pictures(WALKTHROUGH[1]))
    assert "player_aid" in _pictures("20-bamboo-rules")[0]
    assert core.count("changed_from=") >= 9 and further.count("changed_from=") >= 7
    assert "viz.bamboo.autumn(" in further and "viz.bamboo.patterns(" in core


def test_no_state_dumps_and_tables_for_bills_and_scores() -> None:
    """No ``print(state)``-style dumps or inventories; bills and scores are tables."""
    code = _code(BAMBOO)
    assert "print(state)" not in code and "inventory()" not in code
    assert ".describe()" not in code and "home_from_text(" not in _code(["23-bamboo-exercises"])
    further = _code([WALKTHROUGH[1]])
    assert "Table(lesson.bill_rows(" in further
    assert "Table(lesson.score_rows(" in further


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
    """24's last position is a finished game with an outcome (BB-END-1, BB-END-5)."""
    ns = run(WALKTHROUGH[1])
    over = ns["over"]
    assert over.is_over()
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert [over.final_breakdown(p)["total"] for p in (0, 1)] == list(outcome.scores)


def test_exercises_follow_the_rule_they_practise() -> None:
    """Two exercises in 20 (after BB-SUM-2 and BB-SUM-6), two in 24 (Autumn, Winter), each as
    a picture and a checking cell holding only the answer."""
    placed = {WALKTHROUGH[0]: ["bamboo-1", "bamboo-3"], WALKTHROUGH[1]: ["bamboo-6", "bamboo-7"]}
    for name, ids in placed.items():
        code = _code([name])
        assert re.findall(r'exercises\.check\("(bamboo-\d+)", answer\)', code) == ids
        assert re.findall(r'exercises\.show\("(bamboo-\d+)"\)', code) == ids
        assert code.count("answer = None") == 2


def test_BB_SUM_5_edge_cases_refusal_is_explained_with_its_rule() -> None:
    """21: the deliberate mistake shows the engine's one line naming BB-SUM-5."""
    cells = code_cells(load("21-bamboo-scoring-edge-cases"))
    said = ["".join(o.get("text", "")) for c in cells for o in c["outputs"]]
    assert any("'activate Rb 1' is illegal" in s and "(BB-SUM-5)" in s for s in said)


def test_edge_cases_show_both_readings_of_every_disputed_option() -> None:
    """21: every option switching a disputed reading is run with both its values (the
    feeding reading through the lesson's Winter position, which passes it to bb.Options)."""
    code = _code(["21-bamboo-scoring-edge-cases"])
    assert 'lesson.winter_example("choose")' in code and 'lesson.winter_example("auto")' in code
    readings = {
        "first_turn_free": ('"game"', '"round"'),
        "voluntary_pass": ("False", "True"),
        "draft_order": ('"clockwise"', '"snake"'),
        "wildcards": ('"unmarked"', '"board"'),
    }
    for option, (default, other) in readings.items():
        assert f"bb.Options({option}=" in code, option
        assert default in code and other in code, option


def test_edge_cases_answer_the_questions_of_issue_13() -> None:
    """21: one section per question players get wrong, each answered with its rule, the homes
    drawn and the bills and scores in tables."""
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
    assert code.count("Table(") >= 4
    assert len(_pictures("21-bamboo-scoring-edge-cases")) >= 8


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


def test_the_teachers_guide_follows_the_notebooks_and_holds_every_solution() -> None:
    """docs/teaching/bamboo.md: a timed plan whose rows cover exactly the cells of each Core
    section of 20 (and each Going further section of 24), the player aid picture, and each
    exercise's answer and worked solution as the engine gives them."""
    guide = (NOTEBOOKS.parent / "docs" / "teaching" / "bamboo.md").read_text(encoding="utf-8")
    assert "](../img/bamboo_player_aid.png)" in guide
    assert (NOTEBOOKS.parent / "docs" / "img" / "bamboo_player_aid.png").exists()
    lesson, second = guide.split("## Going further")[:2]
    for text, name, prefix in ((lesson, WALKTHROUGH[0], "Core"), (second, WALKTHROUGH[1], "Going")):
        rows = re.findall(r"^\| [\d-]+ \| ([^|]+) \| cells (\d+)-(\d+) \|", text, flags=re.M)
        for heading, cells in _sections(name, prefix).items():
            covered: set[int] = set()
            for section, first, last in rows:
                if section.startswith(heading):
                    covered |= set(range(int(first), int(last) + 1))
            assert covered == cells, heading
    assert "| 0-5 |" in lesson and "| 43-45 |" in lesson
    for exercise in exercises.all_exercises("bamboo"):
        line = next(ln for ln in guide.splitlines() if ln.startswith(f"- **{exercise.id}** "))
        right = exercise.truth(exercise.position())
        items = sorted(right, key=str) if isinstance(right, frozenset | tuple) else [right]
        assert all(str(item) in line for item in items), exercise.id
        assert exercise.explanation in line, exercise.id
