"""Every course notebook as committed: executed with its pictures, no bloat, errors only where
tagged (so Run All goes on), no machine paths, rule links that lead to a rule."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from notebook_tools import ALL, NOTEBOOKS, code_cells, load, rule_ids, rule_links, source, tags

import bamboo_lab
from bamboo_lab.exercises import NO_ANSWER, all_exercises

GAMES = ("takenoko", "bamboo", "bangkok")


@pytest.mark.parametrize("name", ALL)
def test_committed_executed_without_bloat(name: str) -> None:
    """Every code cell ran (outputs kept); no widget state, no execution timestamps."""
    nb = load(name)
    assert "widgets" not in nb["metadata"]
    for cell in code_cells(nb):
        assert cell["execution_count"] is not None, source(cell)[:60]
        assert "execution" not in cell["metadata"], source(cell)[:60]


@pytest.mark.parametrize("name", ALL)
def test_errors_only_in_tagged_cells(name: str) -> None:
    """Only cells tagged raises-exception show an error; no nbval marker is written in the
    code a student reads (markers are cell tags)."""
    for cell in code_cells(load(name)):
        tagged = "raises-exception" in tags(cell)
        errors = [o for o in cell["outputs"] if o["output_type"] == "error"]
        assert "NBVAL" not in source(cell), source(cell)[:60]
        assert bool(errors) == tagged, source(cell)[:60]


@pytest.mark.parametrize("name", ALL)
def test_outputs_hold_no_local_paths(name: str) -> None:
    """Outputs do not leak the machine's paths."""
    text = json.dumps([c["outputs"] for c in code_cells(load(name))])
    for path in ("/work/", "/home/", "/tmp/", "site-packages"):
        assert path not in text, path


@pytest.mark.parametrize("name", ALL)
def test_rule_links_lead_to_rules(name: str) -> None:
    """Each link to docs/rules/<game>.md names an existing rule anchor."""
    cells = [source(c) for c in load(name)["cells"]]
    for game in GAMES:
        known = set(rule_ids(game))
        for text in cells:
            assert set(rule_links(game, text)) <= known, rule_links(game, text)
    assert not [t for t in cells if "shared/" in t]


@pytest.mark.parametrize("name", ALL)
def test_pictures_are_plotly_figures(name: str) -> None:
    """Pictures are the viz figures (plotly output); a static image only stands beside one, for
    viewers that cannot run Plotly (tools/static_pictures.py)."""
    outputs = [o for c in code_cells(load(name)) for o in c["outputs"]]
    alone = [
        o
        for o in outputs
        if "image/png" in o.get("data", {}) and "application/vnd.plotly.v1+json" not in o["data"]
    ]
    assert not alone


# The course as a lesson (each rule below is a complaint of a teacher who tried it).

RULES = {
    "takenoko": "10-takenoko-rules",
    "bamboo": "20-bamboo-rules",
    "bangkok": "30-bangkok-rules",
}
FURTHER = {"takenoko": "10-takenoko-rules", "bamboo": "24-bamboo-seasons-and-scoring"}
FURTHER["bangkok"] = "30-bangkok-rules"
LESSONS = [n for n in ALL if n[:2] in {"10", "11", "13", "20", "21", "23", "24", "30", "31", "33"}]
"""The rules, edge-case and exercise notebooks: read by newcomers, so no text dumps."""
SIMULATIONS = [n for n in ALL if n.startswith("4")]
"""The simulation notebooks 40-44 and the analysis ones, 45 (a position) and 46 (a game review):
their findings are computed from the run, never typed."""
MAX_TEXT_LINES = 15


def _text_outputs(cell: dict[str, Any]) -> list[str]:
    """The texts a cell shows as plain text: streams, and results with no richer picture."""
    texts = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            texts.append("".join(output["text"]))
        elif set(output.get("data", {})) == {"text/plain"}:
            texts.append("".join(output["data"]["text/plain"]))
    return texts


@pytest.mark.parametrize("name", LESSONS)
def test_lessons_show_no_text_dump(name: str) -> None:
    """No printed text or plain result of more than 15 lines where a newcomer reads."""
    for cell in code_cells(load(name)):
        for text in _text_outputs(cell):
            assert text.count("\n") <= MAX_TEXT_LINES, f"{source(cell)[:60]!r}: {text[:200]}"


@pytest.mark.parametrize("name", ALL)
def test_no_notebook_shows_a_traceback(name: str) -> None:
    """A deliberate mistake shows the engine's one-line explanation, never a red traceback."""
    for cell in code_cells(load(name)):
        assert not [o for o in cell["outputs"] if o["output_type"] == "error"], source(cell)[:60]


_PROSE_SKIP = re.compile(
    r"`[^`]*`"  # code spans
    r"|\[[^\]]*\]\([^)]*\)"  # links, their words and targets
    r"|\b(?:TK|BB|BK)-[A-Z]+-\d+\b"  # rule IDs
    r"|<[^>]+>"  # HTML tags
)


def prose_digits(markdown: str) -> list[str]:
    """The lines of ``markdown`` that hold a digit outside headings, links, code and rule IDs."""
    found = []
    for line in markdown.splitlines():
        if line.lstrip().startswith("#"):
            continue
        if re.search(r"\d", _PROSE_SKIP.sub("", line)):
            found.append(line.strip()[:80])
    return found


def test_prose_digits_are_found_outside_headings_links_code_and_rule_ids() -> None:
    assert prose_digits("# Part 2\nSee [notebook 40](40-x.ipynb), `n=100`, TK-IRR-4.") == []
    assert prose_digits("Seat 0 won 56.4% of the games.") == ["Seat 0 won 56.4% of the games."]


@pytest.mark.parametrize("name", SIMULATIONS)
def test_simulation_prose_types_no_number(name: str) -> None:
    """Findings come from the run's own data: the prose of a simulation notebook holds no digit
    (write "two players"; the numbers are printed by the cells, from the table)."""
    for cell in load(name)["cells"]:
        if cell["cell_type"] == "markdown":
            assert not prose_digits(source(cell)), prose_digits(source(cell))


@pytest.mark.parametrize("game", sorted(RULES))
def test_rules_notebook_opens_with_the_goal_and_the_player_aid(game: str) -> None:
    """Before any code: what the game is about and how you win; the first picture is the
    player aid; a core path for a class and a part for going further are marked."""
    cells = load(RULES[game])["cells"]
    first_code = next(i for i, c in enumerate(cells) if c["cell_type"] == "code")
    intro = "\n".join(source(c) for c in cells[:first_code]).lower()
    assert first_code >= 1 and "win" in intro, intro[:200]
    pictures = [
        c
        for c in code_cells(load(RULES[game]))
        if any("application/vnd.plotly.v1+json" in o.get("data", {}) for o in c["outputs"])
    ]
    assert pictures and "player_aid" in source(pictures[0]), source(pictures[0])[:80]
    headings = [line for c in cells for line in source(c).splitlines() if line.startswith("#")]
    assert any(line.lstrip("# ").startswith("Core") for line in headings), headings
    further = [line for c in load(FURTHER[game])["cells"] for line in source(c).splitlines()]
    assert any(line.lstrip("# ").startswith("Going further") for line in further if line[:1] == "#")


_NOTEBOOK_LINK = re.compile(r"\]\((?!https?:)([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("name", ALL)
def test_relative_links_lead_to_files_of_the_repository(name: str) -> None:
    """Links to other notebooks and docs open inside JupyterLab: the files exist."""
    for cell in load(name)["cells"]:
        if cell["cell_type"] == "markdown":
            for target in _NOTEBOOK_LINK.findall(source(cell)):
                assert (NOTEBOOKS / target).exists(), f"{name}: {target}"


def test_the_start_page_links_every_notebook_inside_jupyterlab() -> None:
    """The course map of 00 opens each notebook with a relative link (and on Binder)."""
    text = "\n".join(source(c) for c in load("00-start-here")["cells"])
    linked = set(re.findall(r"\]\(([\w-]+)\.ipynb\)", text))
    assert linked >= set(ALL) - {"00-start-here"}, sorted(set(ALL) - linked)
    assert "mybinder.org" in text and "Shift" in text


EXERCISE_NOTEBOOKS = [n for n in ALL if n.endswith("-exercises")]
_CHECK = re.compile(r'^exercises\.check\("([a-z]+-\d+)", answer\)$')


@pytest.mark.parametrize("name", EXERCISE_NOTEBOOKS)
def test_exercise_cells_hold_only_the_answer(name: str) -> None:
    """A checking cell holds the student's answer (committed as None) and the check of the
    exercise by its id: the answer is computed in the package, never in sight."""
    checked = []
    for cell in code_cells(load(name)):
        if "check(" not in source(cell):
            continue
        lines = [ln for ln in source(cell).splitlines() if ln.strip() and not ln.startswith("#")]
        assert len(lines) == 2 and lines[0].startswith("answer = None"), source(cell)
        match = _CHECK.match(lines[1].strip())
        assert match, lines[1]
        checked.append(match[1])
        assert ["".join(o.get("text", "")).strip() for o in cell["outputs"]] == [NO_ANSWER]
    game = name.split("-")[1]
    assert checked == [e.id for e in all_exercises(game)]


# The course in a browser (issue 42): JupyterLite's Pyodide has no pandas or numpy offline.

OFFLINE = [
    n for n in ALL if n[:2] in {"00", "10", "11", "13", "20", "21", "23", "24", "30", "31", "33"}
]
"""The start page, the rules lessons, the edge cases and the exercises: they run with the
standard library, plotly and ipywidgets alone."""
COMPILED = ("pandas", "numpy")
_IMPORT = re.compile(r"^\s*(?:import|from)\s+(pandas|numpy)\b|__import__\(|import_module\(", re.M)

_OFFLINE_PROBE = """
import ast, json, sys
sys.path.insert(0, sys.argv[1])
PACKAGE, BLOCKED, NAMES = sys.argv[2], tuple(sys.argv[3].split(",")), sys.argv[4:]
asked = []


class Offline:
    # JupyterLite offline: the compiled packages are not there; note who asked for them.
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] not in BLOCKED:
            return None
        frame = sys._getframe(1)
        while frame and frame.f_code.co_filename.startswith("<frozen"):
            frame = frame.f_back
        asked.append((name, frame.f_code.co_filename if frame else "?"))
        raise ImportError(f"{name} is not available offline (JupyterLite)")


sys.meta_path.insert(0, Offline())
import contextlib, io
from notebook_tools import code_cells, load, source, tags
from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.core.display import RichDisplay, picture_function
from bamboo_lab.core.table import Table

report = {}
for name in NAMES:
    del asked[:]
    ns = {"__name__": "__notebook__"}
    error, tables = None, 0
    try:
        for cell in code_cells(load(name)):
            tree = ast.parse(source(cell))
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            with contextlib.redirect_stdout(io.StringIO()):
                try:
                    exec(compile(tree, name, "exec"), ns)
                    if last is not None:
                        shown = eval(compile(ast.Expression(last.value), name, "eval"), ns)
                        if isinstance(shown, Table):
                            shown._repr_html_()
                            tables += 1
                        elif isinstance(shown, RichDisplay):
                            picture_function(shown)(shown)
                except IllegalActionError:
                    if "raises-exception" not in tags(cell):
                        raise
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"
    ours = [(n, f) for n, f in asked if f.startswith(PACKAGE) or f == name]
    report[name] = {"error": error, "ours": ours, "tables": tables,
                    "loaded": [m for m in BLOCKED if m in sys.modules]}
print(json.dumps(report))
"""


@pytest.fixture(scope="module")
def offline_runs() -> dict[str, dict[str, Any]]:
    """Each offline notebook run in one fresh process where pandas and numpy cannot be imported
    (a finder refuses them, noting who asked), its tables rendered as HTML and the states it
    shows drawn."""
    tests = str(Path(__file__).parent)
    package = str(Path(bamboo_lab.__file__).parent)
    command = [sys.executable, "-c", _OFFLINE_PROBE, tests, package, ",".join(COMPILED)]
    done = subprocess.run([*command, *OFFLINE], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    report: dict[str, dict[str, Any]] = json.loads(done.stdout.splitlines()[-1])
    return report


def test_the_offline_list_is_the_course_without_play_boards_and_studies() -> None:
    assert len(OFFLINE) == 11 and "01-python-tour" not in OFFLINE
    assert not [n for n in OFFLINE if n.endswith("-play") or n.startswith("4")]


@pytest.mark.parametrize("name", OFFLINE)
def test_offline_lessons_import_no_compiled_package(name: str) -> None:
    """No code cell of a lesson that runs offline imports pandas or numpy (or hides an import)."""
    for cell in code_cells(load(name)):
        assert not _IMPORT.search(source(cell)), source(cell)[:80]


def test_the_import_check_finds_a_pandas_import() -> None:
    for line in ("import pandas as pd", "from numpy import array", "  import numpy"):
        assert _IMPORT.search(f"x = 1\n{line}\n")
    assert not _IMPORT.search("from bamboo_lab import Table  # not pandas")


@pytest.mark.parametrize("name", OFFLINE)
def test_offline_lessons_run_without_pandas_or_numpy(
    name: str, offline_runs: dict[str, dict[str, Any]]
) -> None:
    """Run with pandas and numpy unimportable, every cell of the lesson runs, no module of the
    package (nor the lesson) even tries to import them, and its tables render."""
    run = offline_runs[name]
    assert run["error"] is None, run["error"]
    assert run["ours"] == [], run["ours"]
    assert run["loaded"] == []


def test_offline_lessons_show_their_results_as_tables(
    offline_runs: dict[str, dict[str, Any]],
) -> None:
    shown = {name: offline_runs[name]["tables"] for name in OFFLINE}
    for name in ("10-takenoko-rules", "11-takenoko-scoring-edge-cases", "20-bamboo-rules",
                 "21-bamboo-scoring-edge-cases", "24-bamboo-seasons-and-scoring",
                 "30-bangkok-rules", "31-bangkok-scoring-edge-cases"):  # fmt: skip
        assert shown[name] >= 2, shown


def test_the_offline_probe_catches_a_lesson_that_imports_pandas(tmp_path: Path) -> None:
    """The probe itself: a lesson cell importing pandas fails the run, naming the import; a
    package function that imports it is named even when the lesson swallows the error."""
    hidden = "from bamboo_lab.sim import mean_interval\n"
    hidden += "try:\n    mean_interval([1])\nexcept ImportError:\n    pass"
    cells = [hidden, "import pandas as pd"]
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": text} for text in cells]}
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "probe.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    tools = (Path(__file__).parent / "notebook_tools.py").read_text(encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "notebook_tools.py").write_text(tools, encoding="utf-8")
    package = str(Path(bamboo_lab.__file__).parent)
    command = [sys.executable, "-c", _OFFLINE_PROBE, str(tmp_path / "tests"), package, "pandas"]
    done = subprocess.run([*command, "probe"], capture_output=True, text=True, timeout=120)
    run = json.loads(done.stdout.splitlines()[-1])["probe"]
    assert "not available offline" in run["error"]
    summary = str(Path(bamboo_lab.__file__).parent / "sim" / "summary.py")
    assert run["ours"] == [["pandas", summary], ["pandas", "probe"]]
