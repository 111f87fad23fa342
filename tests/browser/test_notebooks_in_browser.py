"""Every notebook opened in JupyterLab in chromium: Run All runs every cell, no unexpected error.

The play notebooks and the puzzles notebook are run all, and checked so, by their board tests
(``test_boards``, ``test_puzzle_board_clicks``), not a second time here."""

from __future__ import annotations

from pathlib import Path

import pytest
from lab import NOTEBOOKS, Lab
from test_boards import BOARDS
from test_puzzle_board_clicks import NOTEBOOK as PUZZLES

RUN_BY_BOARD_TESTS = {*BOARDS.values(), Path(PUZZLES).name}
"""Notebooks whose board tests run them all and check every cell."""
NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name not in RUN_BY_BOARD_TESTS)


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_all_cells_in_jupyterlab(lab: Lab, name: str) -> None:
    """Run All reaches the last cell; only cells tagged raises-exception show an error."""
    lab.open(f"notebooks/{name}")
    shot = lab.screenshot(Path(name).stem)
    errors = lab.errors()
    unexpected = [e for e in errors if not e.expected]
    assert not unexpected, f"{name}: {unexpected} (screenshot {shot})"
    assert not lab.unexecuted_code_cells(), f"{name}: Run All stopped early (screenshot {shot})"
