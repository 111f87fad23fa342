"""Summaries of a ``simulate`` frame: win rates with 95% Wilson intervals, score statistics."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bamboo_lab.core.errors import InvalidStateError

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["score_summary", "wilson_interval", "win_rates"]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); ``(0, 1)`` for no games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    # At p = 0 or 1 a bound is exactly 0 or 1; say so rather than trust the rounding.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def win_rates(frame: pd.DataFrame, by: str = "bot") -> pd.DataFrame:
    """Games, wins, win rate and its 95% Wilson interval per bot or per seat.

    A shared victory counts as a win for each winner; truncated games count as played and not
    won. Columns: ``games``, ``wins``, ``win_rate``, ``low``, ``high``.
    """
    import pandas as pd

    if by not in ("bot", "seat"):
        raise InvalidStateError(f"win_rates groups by 'bot' or 'seat', not {by!r}")
    rows = []
    for key, group in frame.groupby(by, sort=True):
        games = len(group)
        wins = int(group["winner"].sum())
        low, high = wilson_interval(wins, games)
        rows.append(
            {
                by: key,
                "games": games,
                "wins": wins,
                "win_rate": wins / games,
                "low": low,
                "high": high,
            }
        )
    columns = [by, "games", "wins", "win_rate", "low", "high"]
    return pd.DataFrame(rows, columns=columns).set_index(by)


def score_summary(frame: pd.DataFrame, by: str = "bot") -> pd.DataFrame:
    """Score distribution per bot (or seat): count, mean, std, min, quartiles, max."""
    if by not in ("bot", "seat"):
        raise InvalidStateError(f"score_summary groups by 'bot' or 'seat', not {by!r}")
    return frame.groupby(by, sort=True)["score"].describe()
