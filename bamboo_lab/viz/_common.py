"""Shared figure scaffolding: a blank canvas with equal axes, rectangles and labels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from . import palette

__all__ = ["WIDTH", "canvas", "finish", "label", "polygon_trace", "rect", "rounded_rect"]

WIDTH = 900
"""Every picture is drawn for a notebook cell about 900 pixels wide."""


def canvas(title: str, height: int, width: int = WIDTH) -> go.Figure:
    """An empty figure with hidden axes, a white background and ``title``."""
    fig = go.Figure()
    fig.update_layout(
        title={"text": title, "x": 0.01, "xanchor": "left", "font": {"size": 17}},
        width=width,
        height=height,
        margin={"l": 10, "r": 10, "t": 56, "b": 10},
        paper_bgcolor=palette.PAPER,
        plot_bgcolor=palette.PAPER,
        font={"family": palette.FONT, "size": 13, "color": palette.BLACK},
        showlegend=False,
        hoverlabel={"font": {"family": palette.FONT}},
        dragmode=False,
    )
    fig.update_xaxes(visible=False, fixedrange=True)
    fig.update_yaxes(visible=False, fixedrange=True)
    return fig


def finish(fig: go.Figure, x: Sequence[float], y: Sequence[float], pad: float = 0.3) -> go.Figure:
    """Fit the axes to the ``x``/``y`` extents (plus ``pad``) with one unit = one unit."""
    fig.update_xaxes(range=[min(x) - pad, max(x) + pad])
    fig.update_yaxes(range=[min(y) - pad, max(y) + pad], scaleanchor="x", scaleratio=1)
    return fig


def rect(
    fig: go.Figure,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    fill: str,
    line: str = palette.BLACK,
    width: float = 1.0,
    dash: str = "solid",
    layer: str = "below",
) -> None:
    """Add a rectangle shape (data coordinates)."""
    fig.add_shape(
        type="rect",
        x0=x0,
        y0=y0,
        x1=x1,
        y1=y1,
        fillcolor=fill,
        line={"color": line, "width": width, "dash": dash},
        layer=layer,
    )


def rounded_rect(
    fig: go.Figure,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    fill: str,
    line: str = palette.BLACK,
    width: float = 1.0,
    radius: float = 0.08,
    dash: str = "solid",
) -> None:
    """Add a rectangle with rounded corners (an SVG path) for cards and tiles."""
    r = min(radius, (x1 - x0) / 2, (y1 - y0) / 2)
    path = (
        f"M {x0 + r:.4f},{y0:.4f} L {x1 - r:.4f},{y0:.4f} Q {x1:.4f},{y0:.4f} {x1:.4f},{y0 + r:.4f}"
        f" L {x1:.4f},{y1 - r:.4f} Q {x1:.4f},{y1:.4f} {x1 - r:.4f},{y1:.4f}"
        f" L {x0 + r:.4f},{y1:.4f} Q {x0:.4f},{y1:.4f} {x0:.4f},{y1 - r:.4f}"
        f" L {x0:.4f},{y0 + r:.4f} Q {x0:.4f},{y0:.4f} {x0 + r:.4f},{y0:.4f} Z"
    )
    fig.add_shape(
        type="path",
        path=path,
        fillcolor=fill,
        line={"color": line, "width": width, "dash": dash},
        layer="below",
    )


def label(
    fig: go.Figure,
    x: float,
    y: float,
    text: str,
    size: int = 13,
    color: str = palette.BLACK,
    anchor: str = "center",
    valign: str = "middle",
    bold: bool = False,
    **extra: Any,
) -> None:
    """Add a text annotation at a data position (no arrow)."""
    fig.add_annotation(
        x=x,
        y=y,
        text=f"<b>{text}</b>" if bold else text,
        showarrow=False,
        font={"size": size, "color": color, "family": palette.FONT},
        xanchor=anchor,
        yanchor=valign,
        **extra,
    )


def polygon_trace(
    xs: Sequence[float],
    ys: Sequence[float],
    fill: str,
    line: str,
    width: float,
    hover: str,
    name: str,
    dash: str = "solid",
    pattern: dict[str, Any] | None = None,
) -> go.Scatter:
    """A closed filled polygon with hover text (one per hex, tile or card)."""
    return go.Scatter(
        x=list(xs),
        y=list(ys),
        mode="lines",
        fill="toself",
        fillcolor=fill,
        fillpattern=pattern,
        line={"color": line, "width": width, "dash": dash},
        hoveron="fills",
        hoverinfo="text",
        text=hover,
        name=name,
        showlegend=False,
    )
