"""Plots of simulation results: one row per game and seat (``bamboo_lab.sim`` frames).

A frame (``sim.simulate``) has the columns ``game_id, seed, seat, bot, score, rank, winner,
plies, truncated`` and each game's statistics (objectives by kind, spirit and balance points,
chilli points...). Give a pandas DataFrame or any iterable of dict rows. A shared victory
counts as a win for every winner; intervals are 95 % Wilson intervals (``sim.win_rates``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import ByGame
from bamboo_lab.sim import BASE_COLUMNS
from bamboo_lab.sim import win_rates as sim_win_rates

from . import palette
from ._common import Figure, chart_style

__all__ = ["MIX_COLUMNS", "extra_columns", "game_length", "mix", "scores", "to_frame", "win_rates"]

MIX_COLUMNS = ByGame("sim", "MIX_COLUMNS", ())
"""The columns :func:`mix` shows by default for each game's ``simulate`` frame (each game's sim
layer names them; none for a game without one)."""


def to_frame(rows: Any) -> Any:
    """A pandas DataFrame of ``rows`` (a DataFrame or dict rows), checked for the columns."""
    import pandas as pd

    frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
    missing = [c for c in BASE_COLUMNS if c not in frame.columns]
    if missing:
        raise InvalidStateError(f"a simulation frame needs the columns {missing}")
    if frame.empty:
        raise InvalidStateError("the simulation frame has no rows")
    return frame


def extra_columns(frame: Any) -> list[str]:
    """The columns :func:`mix` shows: a game's :data:`MIX_COLUMNS` when the frame has them,
    else every numeric column beyond ``sim.BASE_COLUMNS``."""
    import pandas as pd

    for cols in MIX_COLUMNS.values():
        if cols and all(c in frame.columns for c in cols):
            return list(cols)
    return [
        c
        for c in frame.columns
        if c not in BASE_COLUMNS
        and pd.api.types.is_numeric_dtype(frame[c])
        and not pd.api.types.is_bool_dtype(frame[c])
    ]


_PATTERNS = ("", "/", ".", "x", "\\", "+", "-", "|")


def _figure(title: str, height: int = 440) -> go.Figure:
    fig = Figure()
    chart_style(fig, title, height)
    fig.update_layout(legend={"orientation": "h", "y": -0.15})
    return fig


def _seat_name(seat: Any) -> str:
    return f"seat {seat}"


def scores(rows: Any) -> go.Figure:
    """Score distributions: one box per bot and seat (seats coloured and named)."""
    frame = to_frame(rows)
    fig = _figure("<b>Scores</b> by bot and seat")
    for seat in sorted(frame["seat"].unique()):
        part = frame[frame["seat"] == seat]
        fig.add_trace(
            go.Box(
                x=part["bot"].astype(str).tolist(),
                y=part["score"].tolist(),
                name=_seat_name(seat),
                marker={"color": palette.player_colour(int(seat))},
                boxmean=True,
                hoverinfo="y",
            )
        )
    fig.update_layout(
        boxmode="group",
        xaxis={"title": "bot", "categoryorder": "category ascending"},
        yaxis_title="score",
    )
    return fig


def win_rates(rows: Any, by: str = "bot") -> go.Figure:
    """Win rate per ``by`` (``"bot"`` or ``"seat"``) with its 95 % interval and the counts
    (``sim.win_rates`` computes them)."""
    table = sim_win_rates(to_frame(rows), by).reset_index()
    rate = table["win_rate"]
    names = [str(v) if by != "seat" else _seat_name(v) for v in table[by]]
    counts = [
        f"{r:.0%} ({w}/{n})" for r, w, n in zip(rate, table["wins"], table["games"], strict=True)
    ]
    labels = [f"{name}<br>{count}" for name, count in zip(names, counts, strict=True)]
    fig = _figure(f"<b>Win rate</b> by {by} (95 % intervals; shared wins count for each)")
    fig.add_trace(
        go.Bar(
            x=labels,
            y=rate.tolist(),
            error_y={
                "type": "data",
                "symmetric": False,
                "array": (table["high"] - rate).tolist(),
                "arrayminus": (rate - table["low"]).tolist(),
                "color": palette.BLACK,
            },
            text=counts,
            textposition="none",
            marker={
                "color": [palette.PLAYERS[i % len(palette.PLAYERS)] for i in range(len(table))],
                "pattern": {"shape": [_PATTERNS[i % len(_PATTERNS)] for i in range(len(table))]},
            },
            hoverinfo="text",
            hovertext=[
                f"{lab}: {r:.1%} [{lo:.1%}, {hi:.1%}] over {n} games"
                for lab, r, lo, hi, n in zip(
                    names, rate, table["low"], table["high"], table["games"], strict=True
                )
            ],
        )
    )
    fig.update_layout(
        yaxis={"title": "win rate", "tickformat": ".0%", "range": [0, 1]},
        xaxis_title=by,
        showlegend=False,
    )
    return fig


def game_length(rows: Any) -> go.Figure:
    """How many plies the games lasted (one count per game; truncated games shown apart)."""
    frame = to_frame(rows)
    games = frame.drop_duplicates("game_id")
    done = games[~games["truncated"].astype(bool)]
    cut = games[games["truncated"].astype(bool)]
    fig = _figure(f"<b>Game length</b> · {len(games)} games, {len(cut)} truncated")
    fig.add_trace(
        go.Histogram(
            x=done["plies"].tolist(), name="finished", marker={"color": palette.OKABE_ITO["blue"]}
        )
    )
    if len(cut):
        fig.add_trace(
            go.Histogram(
                x=cut["plies"].tolist(),
                name="truncated",
                marker={"color": palette.OKABE_ITO["vermillion"], "pattern": {"shape": "x"}},
            )
        )
    fig.update_layout(
        barmode="overlay", xaxis_title="plies (decisions) per game", yaxis_title="games"
    )
    return fig


def mix(rows: Any, columns: Iterable[str] | None = None, by: str = "bot") -> go.Figure:
    """The mean of each extra column (objective or pattern kinds) per ``by``, side by side."""
    frame = to_frame(rows)
    cols = list(columns) if columns is not None else extra_columns(frame)
    unknown = [c for c in cols if c not in frame.columns]
    if unknown:
        raise InvalidStateError(f"no such columns in the frame: {unknown}")
    fig = _figure(f"<b>Mix</b>: mean per game and seat, by {by}")
    if not cols:
        fig.add_annotation(
            text="no extra columns in this frame",
            showarrow=False,
            x=0.5,
            y=0.5,
            xref="paper",
            yref="paper",
        )
        return fig
    means = frame.groupby(by, sort=True)[cols].mean()
    for i, c in enumerate(cols):
        fig.add_trace(
            go.Bar(
                x=[str(v) for v in means.index],
                y=means[c].tolist(),
                name=c.replace("_", " "),
                marker={
                    "color": list(palette.OKABE_ITO.values())[i % 7],
                    "pattern": {"shape": _PATTERNS[i % len(_PATTERNS)]},
                },
            )
        )
    fig.update_layout(barmode="group", xaxis_title=by, yaxis_title="mean per game and seat")
    return fig
