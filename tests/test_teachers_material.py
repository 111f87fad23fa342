"""The teacher's material and the first contact: `make lab`, Binder and the JupyterLite site start
on the start notebook and open Markdown rendered; the start page links the lesson plans, the
print copies of the player aids and the answers; the answers are computed when the site is
built, never written in a file a student can open; the player aids print sharp (vector PDF)."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from bamboo_lab import exercises

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
import bamboo_answers  # noqa: E402
import build_lite  # noqa: E402

START = "/lab/tree/notebooks/00-start-here.ipynb"
GAMES = ("takenoko", "bamboo", "bangkok")
AIDS = [ROOT / "docs" / "img" / f"{game}_player_aid.pdf" for game in GAMES]
A4_POINTS = (595.28, 841.89)
"""An A4 page in PDF points (1/72 inch)."""
PRINT_DPI = 300


def _start_page() -> str:
    """The start notebook's text cells, joined."""
    notebook = json.loads((ROOT / "notebooks" / "00-start-here.ipynb").read_text("utf-8"))
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"])


def test_make_lab_serves_the_start_notebook_as_its_default_url() -> None:
    """The URL the server prints with --no-browser, and opens otherwise, is the start notebook
    (a notebook given as an argument only steers the browser the server opens itself)."""
    printed = subprocess.run(
        ["make", "-s", "-n", "lab", "LAB_ARGS=--no-browser"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    command = printed.strip().splitlines()[-1].split()
    assert f"--LabApp.default_url={START}" in command
    assert not [word for word in command if word.endswith(".ipynb") and "=" not in word]
    assert (ROOT / START.removeprefix("/lab/tree/")).is_file()


def test_binder_opens_the_start_notebook() -> None:
    """The README's Binder badge and links open the start notebook (``urlpath``)."""
    readme = (ROOT / "README.md").read_text("utf-8")
    badge = re.search(r"\[!\[Binder\]\([^)]*\)\]\(([^)]*)\)", readme)
    assert badge and badge.group(1).endswith(f"?urlpath={START.removeprefix('/')}")


def test_markdown_opens_rendered_in_make_lab_binder_and_the_lite_site(tmp_path: Path) -> None:
    """One settings overrides file, binder/overrides.json, makes Markdown Preview the Markdown
    viewer; `make lab` and binder/postBuild install it, the JupyterLite build merges it."""
    overrides = json.loads((ROOT / "binder" / "overrides.json").read_text("utf-8"))
    viewers = overrides["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]
    assert viewers == {"markdown": "Markdown Preview"}
    makefile = (ROOT / "Makefile").read_text("utf-8")
    assert "cp binder/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json" in makefile
    post_build = (ROOT / "binder" / "postBuild").read_text("utf-8")
    assert 'cp binder/overrides.json "$settings/overrides.json"' in post_build
    build_lite.write_settings(tmp_path)
    assert json.loads((tmp_path / "overrides.json").read_text("utf-8")) == overrides
    lite = json.loads((tmp_path / "jupyter-lite.json").read_text("utf-8"))
    assert lite["jupyter-config-data"]["appName"] == "bamboo_lab"


def test_the_start_page_links_the_lesson_plans_the_aids_and_the_answers() -> None:
    """Relative links (JupyterLab, GitHub and the site resolve them) to each lesson plan and
    each print copy; the answers on the site, and how to read them in JupyterLab."""
    text = _start_page()
    for game in GAMES:
        assert f"](../docs/teaching/{game}.md)" in text, game
        assert f"](../docs/img/{game}_player_aid.pdf)" in text, game
    assert "/docs/teaching/answers.html)" in text
    assert 'bamboo_lab.exercises.solution("takenoko-1")' in text
    assert (ROOT / "docs" / "teaching" / "answers.md").is_file()


@pytest.mark.parametrize("game", ["takenoko", "bangkok"])
def test_the_lesson_plans_hold_no_answer_and_link_the_answers_page(game: str) -> None:
    """A lesson plan is one click from the students' file browser: it links the answers page
    and the print copy, lists each exercise with its title and rules, and states no answer."""
    plan = (ROOT / "docs" / "teaching" / f"{game}.md").read_text("utf-8")
    assert "](answers.md)" in plan and f"](../img/{game}_player_aid.pdf)" in plan
    assert "Answer:" not in plan and "**Answer:**" not in plan
    for exercise in exercises.all_exercises(game):
        assert exercise.explanation not in plan, exercise.id
        rules = ", ".join(bamboo_answers.rule_link(rule) for rule in exercise.rules)
        assert f"| `{exercise.id}` | {exercise.title} | {rules} |" in plan, exercise.id


def test_the_answers_page_source_holds_no_answer_and_asks_for_each_game() -> None:
    """docs/teaching/answers.md renders the answers with ``{exercise-answers} <game>``; its own
    text states none of them."""
    page = (ROOT / "docs" / "teaching" / "answers.md").read_text("utf-8")
    for game in GAMES:
        assert f"```{{exercise-answers}} {game}\n```" in page
        for exercise in exercises.all_exercises(game):
            assert exercise.explanation not in page, exercise.id
    assert 'exercises.solution("takenoko-1")' in page


@pytest.mark.parametrize("game", GAMES)
def test_the_rendered_answers_are_the_engines(game: str) -> None:
    """Every exercise of the game, in order, with the answer ``exercises.solution`` gives, its
    explanation and each rule linked to its heading on the rule page."""
    text = "\n".join(bamboo_answers.answers_markdown(game))
    found = re.findall(rf"^\*\*({game}-\d+): ", text, flags=re.MULTILINE)
    assert found == [exercise.id for exercise in exercises.all_exercises(game)]
    for exercise in exercises.all_exercises(game):
        section = text.split(f"**{exercise.id}: ")[1].split("\n**")[0]
        answer = bamboo_answers.solution_parts(exercise.id)["answer"]
        assert f"- **Answer:** `{answer}`" in section, exercise.id
        assert exercise.explanation.split("\n")[0] in section
        for rule in exercise.rules:
            assert f"[{rule}](../rules/{game}.md#{rule.lower()})" in section, (exercise.id, rule)


def test_an_unknown_game_is_refused_with_the_games_named() -> None:
    with pytest.raises(ValueError, match="takenoko, bamboo, bangkok"):
        bamboo_answers.answers_markdown("chess")


def _pdf_page_points(pdf: bytes) -> tuple[float, float]:
    """The width and height of a one-page PDF, in points."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert len(boxes) == 1, "one page"
    return float(boxes[0][0]), float(boxes[0][1])


def _pdf_images(pdf: bytes) -> list[tuple[int, int, bytes]]:
    """Each raster image of the PDF: its pixel width and height, and its object's dictionary."""
    found = []
    for match in re.finditer(rb"<<(?:(?!>>).)*?/Subtype\s*/Image(?:(?!>>).)*>>", pdf, re.S):
        head = match.group(0)
        width = re.search(rb"/Width\s+(\d+)", head)
        height = re.search(rb"/Height\s+(\d+)", head)
        assert width and height
        found.append((int(width.group(1)), int(height.group(1)), head))
    return found


def _drawing_operators(pdf: bytes) -> bytes:
    """The page's content streams, inflated."""
    content = b""
    for match in re.finditer(rb"stream\r?\n", pdf):
        end = pdf.find(b"endstream", match.end())
        try:
            content += zlib.decompress(pdf[match.end() : end])
        except zlib.error:
            continue
    return content


@pytest.mark.parametrize("path", AIDS, ids=[path.stem for path in AIDS])
def test_the_player_aid_prints_on_a4_in_vector(path: Path) -> None:
    """The print copy is a one-page PDF of the aid's proportions that fits an A4 page within 5%
    (print scaling), with its text as glyphs of embedded fonts (sharp at any dots per inch);
    the only raster, if any (a pattern fill), stays a small part of the page."""
    pdf = path.read_bytes()
    assert pdf.startswith(b"%PDF-")
    width, height = _pdf_page_points(pdf)
    short, long = sorted((width, height))
    assert short <= A4_POINTS[0] * 1.05 and long <= A4_POINTS[1] * 1.05, (width, height)
    assert b"/FontFile2" in pdf or b"/FontFile3" in pdf, "fonts embedded"
    content = _drawing_operators(pdf)
    assert content.count(b" Tj") + content.count(b" TJ") >= 40, "the text is text, not pixels"
    assert content.count(b" re") + content.count(b" l\n") + content.count(b" c\n") >= 20
    page_pixels_at_300_dpi = (width / 72 * PRINT_DPI) * (height / 72 * PRINT_DPI)
    for pixels_wide, pixels_high, _ in _pdf_images(pdf):
        assert pixels_wide * pixels_high < 0.5 * page_pixels_at_300_dpi


def test_the_print_copies_are_written_by_make_pictures() -> None:
    """``make pictures`` writes each player aid's PDF beside its PNG (``pictures.PRINTS``), with
    no render date in it, so the same drawing gives the same file."""
    from bamboo_lab.viz import pictures

    assert set(pictures.PRINTS) == {f"{game}_player_aid" for game in GAMES}
    assert set(pictures.PRINTS) <= set(pictures.PICTURES)
    for path in AIDS:
        assert b"/CreationDate (D:20000101000000" in path.read_bytes()


@pytest.mark.slow
def test_a_print_copy_is_rendered_from_the_aid(tmp_path: Path) -> None:
    """kaleido (Debian's chromium) renders the Bangkok aid to a vector PDF of its size."""
    pytest.importorskip("kaleido")
    from bamboo_lab.viz import bangkok, pictures

    if not pictures.use_chromium():
        pytest.skip("no chromium for kaleido")
    figure = bangkok.player_aid()
    path = pictures.write_print(figure, tmp_path / "aid.pdf")
    width, height = _pdf_page_points(path.read_bytes())
    size = (figure.layout.width, figure.layout.height)
    assert (round(width / 0.75), round(height / 0.75)) == size  # 96 pixels to 72 points


def test_the_answers_page_is_built_with_the_engines_answers(tmp_path: Path) -> None:
    """Sphinx with MyST and the site's directive turns ``{exercise-answers} bangkok`` into the
    answers (the site's conf.py loads the extension; `make docs` builds the real page)."""
    pytest.importorskip("myst_parser")
    source = tmp_path / "source"
    (source / "teaching").mkdir(parents=True)
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "extensions = ['myst_parser', 'bamboo_answers']\n",
        encoding="utf-8",
    )
    (source / "index.md").write_text("# Answers\n\n```{exercise-answers} bangkok\n```\n", "utf-8")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source), str(tmp_path / "html")],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    page = (tmp_path / "html" / "index.html").read_text("utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", page))  # the words a reader sees
    for exercise in exercises.all_exercises("bangkok"):
        assert f"{exercise.id}: {exercise.title}" in text
        assert bamboo_answers.solution_parts(exercise.id)["answer"] in text, exercise.id
    conf = (ROOT / "docs" / "conf.py").read_text("utf-8")
    assert '"bamboo_answers"' in conf
