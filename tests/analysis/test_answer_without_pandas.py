"""The boards' hint and chances bar need no pandas (the course in the browser has none offline):
``ranked_moves`` and ``seat_chances`` answer in plain rows, the same numbers as the tables."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bamboo_lab.analysis import analyse, outlook
from bamboo_lab.analysis.position import quantile, ranked_moves, seat_chances
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import takenoko as tk

pd = pytest.importorskip("pandas")


def test_ranked_moves_are_analyse_table_row_by_row() -> None:
    state = bk.new_game(2, seed=5)
    found = ranked_moves(state, state.current_player, playouts=40, seed=3)
    frame = analyse(state, state.current_player, playouts=40, seed=3)
    assert repr([list(row) for row in found.rows]) == repr(frame.values.tolist())  # nan = nan
    assert found.attrs["actions"] == frame.attrs["actions"]
    assert found.column("move") == [str(action) for action in found.attrs["actions"]]


def test_seat_chances_are_outlook_table_with_pandas_quantiles() -> None:
    state = tk.new_game(3, seed=2)
    found = seat_chances(state, 0, n=25, seed=1)
    frame = outlook(state, 0, n=25, seed=1)
    assert found.column("seat") == [0, 1, 2]
    for name in ("win", "win_low", "win_high", "mean_score", "score_low", "score_high"):
        assert found.column(name) == pytest.approx(frame[name].tolist())


@pytest.mark.parametrize("share", [0.0, 0.05, 0.5, 0.95, 1.0])
def test_quantile_interpolates_as_pandas(share: float) -> None:
    values = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    assert quantile(sorted(values), share) == pytest.approx(pd.Series(values).quantile(share))
    assert quantile([7.0], share) == 7.0


_HINT_WITHOUT_PANDAS = """
import sys
for name in ("pandas", "numpy"):
    sys.modules[name] = None  # as in the browser, offline: neither can be imported
from bamboo_lab import widgets
board = widgets.play("bangkok", players=2, bots="heuristic", seed=7)
hint = widgets.hint(board.controller, playouts=24, seconds=None)
bar = widgets.chances(board.controller, playouts=8)
print(len(hint.rows), len(bar.rows), hint.playouts)
"""


def test_the_boards_hint_and_chances_run_without_pandas_or_numpy() -> None:
    pytest.importorskip("ipywidgets")
    out = subprocess.run(
        [sys.executable, "-c", _HINT_WITHOUT_PANDAS], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-800:]
    shown, seats, playouts = map(int, out.stdout.split())
    assert shown >= 1 and seats == 2 and playouts >= 24
