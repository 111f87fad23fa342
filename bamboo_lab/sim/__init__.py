"""Play games with bots and simulate many of them (docs/design.md, section 7).

``play_game(game, bots, seed)`` plays one game and returns its record and outcome;
``simulate(game, bots, n_games, seed)`` plays many and returns a pandas DataFrame, one row per
game and seat, on one core, a local process pool or any ``concurrent.futures`` executor (a Dask
cluster's). ``win_rates``, ``mean_intervals`` and ``score_summary`` summarise a frame, and
``sim.findings`` turns those tables into sentences. pandas and tqdm are imported only when
``simulate`` or a summary runs; the runner needs the standard library alone.
"""

from __future__ import annotations

from .runner import play_game
from .simulate import BASE_COLUMNS, game_seed, simulate
from .stats import STAT_COLUMNS
from .summary import (
    mean_interval,
    mean_intervals,
    ratio_interval,
    score_summary,
    wilson_interval,
    win_rates,
)

__all__ = [
    "BASE_COLUMNS",
    "STAT_COLUMNS",
    "game_seed",
    "mean_interval",
    "mean_intervals",
    "play_game",
    "ratio_interval",
    "score_summary",
    "simulate",
    "wilson_interval",
    "win_rates",
]
