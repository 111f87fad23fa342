"""Summaries of a ``simulate`` frame: win rates with 95% Wilson intervals, means with their 95%
intervals, a bootstrap interval of a ratio, score statistics.

Every interval table has the columns ``low`` and ``high`` beside its value (``win_rate`` or
``mean``): ``sim.findings`` turns such tables into sentences.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.errors import InvalidStateError

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "mean_interval",
    "mean_intervals",
    "ratio_interval",
    "score_summary",
    "t_quantile",
    "wilson_interval",
    "win_rates",
]

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


def t_quantile(degrees: int) -> float:
    """The two-sided 95% quantile of Student's t distribution with ``degrees`` of freedom.

    Exact for one and two degrees; beyond, the Cornish-Fisher expansion around the normal
    quantile (Abramowitz and Stegun 26.7.5): within 0.004 of the tables at three degrees,
    0.001 from four on.
    """
    if degrees < 1:
        raise InvalidStateError(f"t_quantile needs at least one degree of freedom, not {degrees}")
    if degrees == 1:
        return math.tan(math.pi * 0.475)
    if degrees == 2:
        return 0.95 * math.sqrt(2 / (4 * 0.975 * 0.025))
    z, n = Z95, float(degrees)
    return (
        z
        + (z**3 + z) / (4 * n)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * n**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * n**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * n**4)
    )


def mean_interval(values: Any) -> tuple[int, float, float, float]:
    """Count, mean and 95% interval of the mean of some numbers (NaN dropped): the mean plus or
    minus Student's t quantile times the standard error, honest for few numbers too.

    The interval of fewer than two numbers is ``(nan, nan)``: one number says nothing of spread.
    """
    import pandas as pd

    numbers = pd.Series(values, dtype=float).dropna()
    count = len(numbers)
    if count == 0:
        return 0, math.nan, math.nan, math.nan
    mean = float(numbers.mean())
    if count < 2:
        return count, mean, math.nan, math.nan
    half = t_quantile(count - 1) * float(numbers.std(ddof=1)) / math.sqrt(count)
    return count, mean, mean - half, mean + half


def mean_intervals(frame: pd.DataFrame, column: str, by: str | list[str]) -> pd.DataFrame:
    """The mean of ``column`` per group of ``by``, with its 95% interval.

    Columns: ``n``, ``mean``, ``low``, ``high``; one row per group, in sorted order.
    """
    import pandas as pd

    missing = [
        name
        for name in [column, *([by] if isinstance(by, str) else by)]
        if name not in frame.columns
    ]
    if missing:
        raise InvalidStateError(f"mean_intervals: no such columns in the frame: {missing}")
    rows = {key: mean_interval(group[column]) for key, group in frame.groupby(by, sort=True)}
    table = pd.DataFrame.from_dict(rows, orient="index", columns=["n", "mean", "low", "high"])
    table.index.names = [by] if isinstance(by, str) else by
    return table


def ratio_interval(
    numerator: Any, denominator: Any, seed: int, resamples: int = 1000
) -> tuple[float, float, float]:
    """A ratio of two sums (``sum(numerator) / sum(denominator)``) and its 95% bootstrap
    interval: the rows are resampled ``resamples`` times and the middle 95% of the ratios kept.
    """
    import numpy as np

    top = np.asarray(numerator, dtype=float)
    bottom = np.asarray(denominator, dtype=float)
    if top.shape != bottom.shape or top.ndim != 1 or len(top) == 0:
        raise InvalidStateError("ratio_interval needs two equally long, non-empty columns")
    if bottom.sum() == 0:
        raise InvalidStateError("ratio_interval: the denominator sums to zero")
    picks = np.random.default_rng(seed).integers(0, len(top), size=(resamples, len(top)))
    with np.errstate(divide="ignore", invalid="ignore"):
        ratios = top[picks].sum(axis=1) / bottom[picks].sum(axis=1)
    low, high = np.nanpercentile(ratios, [2.5, 97.5])
    return float(top.sum() / bottom.sum()), float(low), float(high)


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
