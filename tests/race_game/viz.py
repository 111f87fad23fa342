"""Race's picture: the line of hexes with every pawn on it."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go


def figure(state: Any) -> go.Figure:
    """The line of hexes, each pawn a numbered dot on its hex."""
    from race_game import GOAL

    line = go.Scatter(
        x=list(range(GOAL + 1)),
        y=[0] * (GOAL + 1),
        mode="markers",
        marker={"symbol": "hexagon", "size": 40, "color": "#ddd"},
        name="hexes",
    )
    pawns = go.Scatter(
        x=list(state.pawns),
        y=[0.3 * (seat + 1) for seat in range(state.num_players)],
        mode="markers+text",
        text=[f"P{seat}" for seat in range(state.num_players)],
        name="pawns",
    )
    fig = go.Figure([line, pawns])
    fig.update_layout(title={"text": "<b>Race</b>"})
    return fig
