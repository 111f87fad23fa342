"""tools/format_notebooks.py formats code cells as ruff does and never touches an output's value,
and writes each notebook exactly as JupyterLab saves it; the course's notebooks are formatted,
round-trip byte-identical through JupyterLab's serialisation and pass ruff; make lint and
pre-commit check them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOL = [sys.executable, str(ROOT / "tools" / "format_notebooks.py")]


def _notebook(source: str, output_number: float) -> dict[str, object]:
    """A one-cell notebook whose saved output holds a float ruff would write shorter."""
    cell = {
        "cell_type": "code",
        "execution_count": 1,
        "id": "cell-1",
        "metadata": {},
        "outputs": [
            {
                "output_type": "execute_result",
                "execution_count": 1,
                "metadata": {},
                "data": {"application/json": {"x": output_number}},
            }
        ],
        "source": [source],
    }
    return {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def test_cells_are_formatted_and_outputs_kept_to_the_last_digit(tmp_path: Path) -> None:
    path = tmp_path / "lesson.ipynb"
    path.write_text(json.dumps(_notebook("x=[1,2 ,3]", 1.6149999999999993), indent=1))
    raw = path.read_text()
    check = subprocess.run([*TOOL, "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 1 and "lesson.ipynb: cells [0]" in check.stdout
    subprocess.run([*TOOL, str(path)], check=True, capture_output=True)
    done = json.loads(path.read_text())
    assert done["cells"][0]["source"] == ["x = [1, 2, 3]"]
    assert "1.6149999999999993" in path.read_text() and "1.6149999999999993" in raw
    assert subprocess.run([*TOOL, "--check", str(path)], capture_output=True).returncode == 0


def test_the_course_is_formatted_and_ruff_clean() -> None:
    assert subprocess.run([*TOOL, "--check"], capture_output=True).returncode == 0
    ruff = [sys.executable, "-m", "ruff", "check", "--quiet", str(ROOT / "notebooks")]
    assert subprocess.run(ruff, capture_output=True).returncode == 0


def test_make_lint_and_pre_commit_check_the_notebooks() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "tools/format_notebooks.py --check" in makefile
    assert "ruff check bamboo_lab tests benchmarks tools docs/conf.py docs/_ext notebooks" in (
        makefile
    )
    hooks = (ROOT / ".pre-commit-config.yaml").read_text()
    for hook in (
        "id: ruff-check",
        "id: ruff-format",
        "id: format-notebooks",
        "id: clean-notebooks",
    ):
        assert hook in hooks, hook


sys.path.insert(0, str(ROOT / "tools"))
import format_notebooks  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
NODE = shutil.which("node")
_JAVASCRIPT_ROUND_TRIP = (
    "let s='';process.stdin.setEncoding('utf8').on('data',d=>s+=d).on('end',()=>"
)
_JAVASCRIPT_ROUND_TRIP += "process.stdout.write(JSON.stringify(JSON.parse(s))))"
"""What a notebook goes through in JupyterLab: parsed into the browser, sent back as JSON."""


def _as_jupyterlab_saves(text: str) -> str:
    """``text`` through JavaScript's JSON (node) and the server's ``nbformat.write``, as
    JupyterLab 4 saves a notebook it opened (checked in chromium by
    tests/browser/test_lab_as_made.py)."""
    import nbformat

    browser = subprocess.run(
        [str(NODE), "-e", _JAVASCRIPT_ROUND_TRIP],
        input=text,
        capture_output=True,
        text=True,
        check=True,
        encoding="utf-8",
    ).stdout
    saved = nbformat.writes(nbformat.reads(browser, as_version=nbformat.NO_CONVERT))
    return saved if saved.endswith("\n") else saved + "\n"


def test_numbers_are_written_as_javascript_gives_them_back() -> None:
    """``1.0`` comes back from the browser as ``1`` and ``-0.0`` as ``0``; other floats, bools
    and small ints stay; an int past 2**53 is a double's shortest digits; past 1e21, a float."""
    given = [1.0, -0.0, 0.5, -2.25, 1.6149999999999993, True, False, None, 3, 2**64 + 1, 1e22]
    back = format_notebooks.as_in_the_browser({"x": given})["x"]
    assert back[:9] == [1, 0, 0.5, -2.25, 1.6149999999999993, True, False, None, 3]
    assert back[9:] == [18446744073709552000, 1e22]
    assert [type(v).__name__ for v in back[:4]] == ["int", "int", "float", "float"]
    assert back[5] is True and type(back[-1]) is float


def test_a_notebook_is_written_as_the_jupyterlab_server_writes_it() -> None:
    """Text split into lines, ``trusted`` dropped, one-space indent, sorted keys, non-ASCII as
    is, a final newline; a NaN (which the browser cannot read) is refused."""
    cell = {"cell_type": "markdown", "id": "a", "metadata": {"trusted": True}, "source": "x →\ny"}
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"b": 2.0, "a": 1}, "cells": [cell]}
    text = format_notebooks.notebook_text(notebook)
    assert text.endswith("}\n") and "→" in text and '"source": [\n    "x →\\n",\n    "y"\n' in text
    assert "trusted" not in text and '"a": 1,\n  "b": 2\n' in text
    assert text == json.dumps(json.loads(text), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    with pytest.raises(ValueError, match="not JSON compliant"):
        format_notebooks.notebook_text({**notebook, "metadata": {"x": float("nan")}})


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_writer_agrees_with_a_javascript_round_trip(tmp_path: Path) -> None:
    """A notebook with every kind of number the pictures hold: what the tool writes is what
    JupyterLab saves after opening it."""
    notebook = _notebook("x = 1", 1.6149999999999993)
    notebook["cells"][0]["outputs"][0]["data"]["application/json"] = {
        "whole": [1.0, -0.0, -2.0, 1e22, 12345678901234567890, 0.1, 1e-7],
        "text": "5 → 6, “quoted”, tab\t",
    }
    text = format_notebooks.notebook_text(notebook)
    assert _as_jupyterlab_saves(text) == text


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_a_committed_notebook_round_trips_byte_identical_through_jupyterlab(path: Path) -> None:
    """Opening and saving a committed notebook in JupyterLab changes no byte (before, every
    whole float of a picture, ``1.0``, came back as ``1``: ~220 lines of the start notebook)."""
    text = path.read_text(encoding="utf-8")
    saved = _as_jupyterlab_saves(text)
    if saved != text:  # name the first line that changes (a diff of the file is too long)
        pairs = zip(text.splitlines(), saved.splitlines(), strict=False)
        line = next((k for k, (ours, theirs) in enumerate(pairs, 1) if ours != theirs), None)
        pytest.fail(
            f"{path.name}: JupyterLab rewrites it from line {line}: "
            "run python tools/format_notebooks.py"
        )
