"""The size of a Takenoko garden picture: a fixed scale in pixels, the picture growing with the
garden, room for the title's lines and the legend's rows (split from
:mod:`bamboo_lab.viz.takenoko`, which re-exports its public names)."""

from __future__ import annotations

from typing import Any

from ._common import Sketch

__all__ = [
    "GARDEN_MAX_WIDTH",
    "GARDEN_PAD",
    "GARDEN_SCALE",
    "fit_garden",
    "garden_scale",
    "legend_rows",
    "title_margin",
]

GARDEN_SCALE = 60
"""Pixels per unit of the layout on a garden picture (a hex is about 1.7 units, 100 px,
across): as the garden grows the picture grows, its hexes and texts keep their size."""

GARDEN_MAX_WIDTH = 980
"""The widest garden picture in pixels (a JupyterLab output area on a 1280 px page); only a
garden wider than that is drawn at a smaller scale."""

_MIN_WIDTH = 600
"""The narrowest garden picture (room for its title and legend)."""

_TITLE_LINE_PX = 24
"""The height of one line of a picture's title (18 px type, and its sub-lines)."""

_LEGEND_ROW_PX = 24
"""The height of one row of the legend under the garden."""

GARDEN_PAD = 0.1
"""The margin around the outermost hexes (layout units)."""


def _prop(trace: Any, key: str) -> Any:
    """A property of a trace, a graph object or (in trusted figures) a dict."""
    return trace.get(key) if isinstance(trace, dict) else getattr(trace, key, None)


def legend_rows(fig: Sketch, width: int) -> int:
    """About how many rows the horizontal legend of ``fig`` takes at ``width`` pixels
    (each entry is its symbol, about 40 px, and its name at about 7 px a letter)."""
    entries = [
        40 + 7 * len(str(_prop(t, "name")))
        for t in fig.data
        if _prop(t, "name") and _prop(t, "showlegend") is not False
    ]
    rows, used = (1, 0) if entries else (0, 0)
    for entry in entries:
        if used and used + entry > width - 20:
            rows, used = rows + 1, 0
        used += entry
    return rows


def title_margin(header: str) -> int:
    """The top margin in pixels that holds a title of ``header``'s lines above the plot."""
    return 20 + _TITLE_LINE_PX * (header.count("<br>") + 1)


def garden_scale(xs: list[float]) -> float:
    """Pixels per unit of the layout: :data:`GARDEN_SCALE`, less only for a garden wider than
    :data:`GARDEN_MAX_WIDTH` pixels at that scale."""
    span = max(xs) - min(xs) + 2 * GARDEN_PAD
    return min(GARDEN_SCALE, (GARDEN_MAX_WIDTH - 20) / span)


def fit_garden(fig: Sketch, xs: list[float], ys: list[float], header: str) -> None:
    """Size ``fig`` so the garden is drawn at :func:`garden_scale`: the width and height grow
    with the garden, the title and legend get their room (nothing shrinks the hexes)."""
    scale = garden_scale(xs)
    span_x = max(xs) - min(xs) + 2 * GARDEN_PAD
    span_y = max(ys) - min(ys) + 2 * GARDEN_PAD
    width = max(_MIN_WIDTH, round(span_x * scale) + 20)
    top = title_margin(header)
    bottom = 16 + _LEGEND_ROW_PX * legend_rows(fig, width)
    height = top + round(span_y * scale) + bottom
    fig.update_layout(
        width=width,
        height=height,
        margin={"l": 10, "r": 10, "t": top, "b": bottom},
        title={"y": 1 - 16 / height},
    )
