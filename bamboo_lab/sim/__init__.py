"""Play games with bots and simulate many of them (DESIGN.md section 7).

``play_game(game, bots, seed)`` plays one game and returns its record and outcome;
``simulate(game, bots, n_games, seed)`` plays many and returns a pandas DataFrame, one row per
game and seat, on one core, a local process pool or any ``concurrent.futures`` executor (a Dask
cluster's). ``win_rates`` and ``score_summary`` summarise a frame. pandas and tqdm are imported
only when ``simulate`` or a summary runs; the runner needs the standard library alone.
"""

from __future__ import annotations

from .runner import play_game
from .simulate import BASE_COLUMNS, game_seed, simulate
from .stats import STAT_COLUMNS
from .summary import score_summary, wilson_interval, win_rates

__all__ = [
    "BASE_COLUMNS",
    "STAT_COLUMNS",
    "game_seed",
    "play_game",
    "score_summary",
    "simulate",
    "wilson_interval",
    "win_rates",
]
