"""tools/format_notebooks.py formats code cells as ruff does and never touches an output; the
course's notebooks are formatted and pass ruff; make lint and pre-commit check them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
