"""The Takenoko notebooks (10 rules, 11 edge cases, 13 exercises): committed executed and clean,
every rule of docs/rules/takenoko.md cited, a core path then going further, every action kind
played and every effect drawn with what changed, tables rather than dicts, the deliberate
refusal the engine's one line, and exercises that only name their id.

The notebooks' code runs here in a plain namespace (no kernel): fast, and it lets the tests look
at the positions the notebooks build and call the exercise checks with other answers.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from notebook_tools import NOTEBOOKS, code_cells, load, rule_ids, rule_links, run, source, tags

from bamboo_lab import exercises
from bamboo_lab.games import takenoko as tk
from bamboo_lab.viz import takenoko as vt

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


@pytest.mark.parametrize("name", TAKENOKO[:2])
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


def test_rules_walkthrough_cites_every_rule() -> None:
    """10-takenoko-rules links every rule ID of the rules page, and only those."""
    nb = load("10-takenoko-rules")
    text = "\n".join(source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    cited = set(rule_links(RULES_GAME, text))
    assert cited == {rule.lower() for rule in rule_ids(RULES_GAME)}


def test_rules_walkthrough_core_path_first_then_going_further() -> None:
    """The sections a class runs (Core: ...) come first, from the first turn to the score; the
    rest of the rulebook follows as Going further: ... sections."""
    headings = [
        line[3:]
        for c in load("10-takenoko-rules")["cells"]
        if c["cell_type"] == "markdown"
        for line in source(c).splitlines()
        if line.startswith("## ")
    ]
    kinds = [h.split(":")[0] for h in headings]
    assert kinds == sorted(kinds, key=lambda k: k != "Core")  # every Core before Going further
    assert set(kinds) == {"Core", "Going further"}
    core = [h for h in headings if h.startswith("Core")]
    assert core[0] == "Core: your first turn" and "score" in core[-1]
    assert len(core) >= 8
    assert len(load("10-takenoko-rules")["cells"]) <= 75


def test_rules_walkthrough_draws_every_effect_with_what_changed() -> None:
    """Each action kind and each weather face is drawn as a picture of the position with what
    changed marked (figure(..., changed_from=...)), computed from the two states."""
    drawn: list[tuple[tk.State, tk.State]] = []
    original = vt.figure

    def recording(state: tk.State, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("changed_from") is not None:
            drawn.append((kwargs["changed_from"], state))
        return original(state, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(vt, "figure", recording)
        run("10-takenoko-rules")
    kinds: set[str] = set()
    faces: set[str] = set()
    for before, after in drawn:
        assert vt.changes(before, after).hexes(), "a picture of changes marks something"
        steps = after.history[len(before.history) :]
        assert after.history[: len(before.history)] == before.history  # one game, later on
        kinds |= {type(a).__name__ for a in steps}
        faces |= {a.face for a in steps if isinstance(a, tk.Roll)}
    assert kinds >= {"PlacePlot", "PlaceChannel", "MoveGardener", "MovePanda", "PlaceImprovement"}
    assert kinds >= {"Grow", "TakeImprovement", "ChooseWeather"}
    assert faces == set(tk.WEATHER_FACES)


@pytest.mark.parametrize("name", TAKENOKO)
def test_scores_and_answers_are_tables_not_dicts(name: str) -> None:
    """No output shows a raw dict or a state dump: results are tables or pictures."""
    for cell in code_cells(load(name)):
        assert "print(state" not in source(cell) and "garden_text(" not in source(cell)
        for output in cell["outputs"]:
            text = "".join(output.get("text", "")) + "".join(
                output.get("data", {}).get("text/plain", "")
            )
            assert "{'" not in text, (source(cell)[:60], text[:120])


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


def test_TK_IRR_4_edge_cases_refusal_is_one_line_naming_its_rule() -> None:
    """11: the refused channel shows the engine's one-line refusal naming TK-IRR-4, no
    traceback, and the garden unchanged."""
    cells = code_cells(load("11-takenoko-scoring-edge-cases"))
    assert not [o for c in cells for o in c["outputs"] if o["output_type"] == "error"]
    shown = ["".join(o.get("text", "")) for c in cells for o in c["outputs"]]
    refused = [t for t in shown if t.startswith("refused:")]
    assert len(refused) == 1 and "(TK-IRR-4)" in refused[0]
    assert "channels in the garden: 0" in refused[0]


def test_edge_cases_play_moves_in_the_boards_words_not_notation() -> None:
    """11 writes every move as the board's move list says it (what ``lessons.play`` and
    ``lessons.rule_checks`` read: ``channel between 1,0 and 1,-1``), never in engine notation,
    and its refusal names the move in words."""
    notation = re.compile(
        r'"(channel -?\d,-?\d/|action [a-z]+"|(gardener|panda|grow) -?\d|roll [a-z]+"'
        r'|claim [A-Z]\d\d"|keep \d"|plot -?\d)'
    )
    cells = code_cells(load("11-takenoko-scoring-edge-cases"))
    for cell in cells:
        assert not notation.search(source(cell)), source(cell)[:60]
    shown = "".join("".join(o.get("text", "")) for c in cells for o in c["outputs"])
    assert "refused: 'channel between " in shown


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
    # the code, or the words beside a table the lessons module computes for each reading
    code = "\n".join(source(c) for c in nb["cells"])
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
    assert tk.plot_objective_placements(ns["garden_b"], "P13")
    nb = load("11-takenoko-scoring-edge-cases")
    shown = "\n".join(
        "".join(o.get("data", {}).get("text/plain", ""))
        for c in code_cells(nb)
        for o in c["outputs"]
    )
    # TK-END-3: every other player plays one more turn; finish_round stops at the round's end
    assert (
        "others_one_turn_each  player 1             player 1, then player 2, then player 0" in shown
    )
    assert "finish_round          player 1             player 1, then player 2\n" in shown
    # TK-END-5: the panda points break the tie, then a shared victory
    assert "panda points decide  player 1     28            10  yes" in shown
    assert "shared victory       player 0     28             6  yes" in shown


def test_exercises_show_each_position_and_check_it_by_id_only() -> None:
    """13 shows every Takenoko exercise's position as a picture (exercises.show) and checks it
    with exercises.check by id; the two exercises of 10 sit right after their rule."""
    ids = [e.id for e in exercises.all_exercises("takenoko")]
    cells = code_cells(load("13-takenoko-exercises"))
    shown = [c for c in cells if source(c).startswith("exercises.show(")]
    assert [source(c).split('"')[1] for c in shown] == ids
    for cell in shown:
        assert any("application/vnd.plotly.v1+json" in o.get("data", {}) for o in cell["outputs"])
    rules_nb = load("10-takenoko-rules")["cells"]
    for k, cell in enumerate(rules_nb):
        if cell["cell_type"] == "code" and source(cell).startswith("exercises.show("):
            exercise = exercises.get(source(cell).split('"')[1])
            before = "\n".join(source(c) for c in rules_nb[max(0, k - 4) : k])
            assert all(rule.lower() in before for rule in exercise.rules), exercise.id


def test_the_teachers_guide_has_a_timed_plan_the_player_aid_and_every_exercise() -> None:
    """docs/teaching/takenoko.md: a lesson plan whose sections are the notebook's Core
    sections, the player aid picture, and each exercise named (its answer is not in the plan,
    one click from the students' file browser: ``exercises.solution`` gives it)."""
    guide = (NOTEBOOKS.parent / "docs" / "teaching" / "takenoko.md").read_text(encoding="utf-8")
    assert "](../img/takenoko_player_aid.png)" in guide
    assert (NOTEBOOKS.parent / "docs" / "img" / "takenoko_player_aid.png").exists()
    cells = load("10-takenoko-rules")["cells"]
    starts = [
        (k, source(c).splitlines()[0][3:])
        for k, c in enumerate(cells, start=1)
        if c["cell_type"] == "markdown" and source(c).startswith("## ")
    ]
    ends = [k - 1 for k, _ in starts[1:]] + [len(cells)]
    for (first, heading), last in zip(starts, ends, strict=True):
        if heading.startswith("Core"):  # the cells named are the notebook's, counted from 1
            assert f"| {heading} | cells {first}-{last} |" in guide, heading
    assert "| 0-5 |" in guide and "| 43-45 |" in guide
    for exercise in exercises.all_exercises("takenoko"):
        assert f"| `{exercise.id}` | {exercise.title} |" in guide, exercise.id
        assert exercise.explanation not in guide, exercise.id  # no answer in the plan


def test_the_cards_written_in_exercise_5_are_the_engines() -> None:
    """13 lists the cards of exercise 5 in a table: the same cards as the exercise's hand,
    with their points."""
    text = "\n".join(source(c) for c in load("13-takenoko-exercises")["cells"])
    rows = re.findall(r"^\| `([PGA]\d\d)` \| [^|]+ \| (\d+) \|$", text, flags=re.MULTILINE)
    hand = exercises.get("takenoko-5").position().hands[0]
    assert [card for card, _ in rows] == list(hand)
    for card, points in rows:
        assert tk.CARDS[card].points == int(points), card
