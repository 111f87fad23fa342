"""The boards' hint: seconds and playouts of one hint at the board's 2 s time budget.

Two kinds of decision per game: the first decision of seat 0 on a board against the heuristic
bot (seed 7, as the play notebooks open), a close mid-game call that uses the whole time; and
the positions of ``tests/analysis/data/decided_positions.json``, each with a best move proven by
enumerating every continuation, where the hint stops as soon as that move is clearly best
(median and slowest, and how many it ranked first and called best). The target (issue 43):
about 2 s per hint.

Usage: ``python benchmarks/hint.py`` (or ``run.py --only hint``).
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from bamboo_lab.games import load
from bamboo_lab.widgets import PlayController
from bamboo_lab.widgets.advice import HINT_SECONDS, Hint, hint

DECIDED = Path(__file__).resolve().parents[1] / "tests" / "analysis" / "data"
GAMES = ("takenoko", "bamboo", "bangkok")


class _Seat:
    """A board at a built position: what the hint asks a controller."""

    def __init__(self, state: Any) -> None:
        self.game = state.game
        self.state = state

    def is_person_to_play(self) -> bool:
        """Always: the position is the seat's decision."""
        return True

    def board_state(self, reveal: bool = True) -> Any:
        """The seat to move's view."""
        return self.state.view(self.state.current_player)


def _timed(board: Any) -> tuple[float, Hint]:
    start = time.perf_counter()
    found = hint(board)
    return time.perf_counter() - start, found


def table() -> None:
    """Print the measurements."""
    entries = json.loads((DECIDED / "decided_positions.json").read_text())
    print(f"\n{f'hint at {HINT_SECONDS:g} s':28} {'seconds':>8} {'playouts':>9}  verdict")
    for game in GAMES:
        board = PlayController(game, 2, bots="heuristic", seed=7)
        while board.is_bot_to_play():
            board.bot_turn()
        seconds, found = _timed(board)
        verdict = "best" if found.best else f"{found.about_as_good} of {found.moves} as good"
        print(f"{game + ' first decision':28} {seconds:8.2f} {found.playouts:9d}  {verdict}")
        times, playouts, right = [], [], 0
        mine = [entry for entry in entries if entry["game"] == game]
        for entry in mine:
            state = load(game).State.from_dict(entry["state"])
            seconds, found = _timed(_Seat(state))
            times.append(seconds)
            playouts.append(found.playouts)
            right += found.best and found.rows[0][1] == entry["best"]
        print(
            f"{game + ' decided (median)':28} {statistics.median(times):8.2f}"
            f" {int(statistics.median(playouts)):9d}  first and best in {right} of {len(mine)}"
        )
        print(f"{game + ' decided (slowest)':28} {max(times):8.2f} {max(playouts):9d}", flush=True)


if __name__ == "__main__":
    table()
