"""A picture read back for the tests: its texts (labels and annotations) and its rectangles and
circles (layout shapes, or the filled traces that draw shapes above the other traces)."""

from __future__ import annotations

from typing import Any, NamedTuple

from bamboo_lab.viz._common import LABELS, SHAPES


class Text(NamedTuple):
    """A text on a picture."""

    x: float
    y: float
    text: str
    size: int


def labels(fig: Any) -> list[Text]:
    """Every text drawn on ``fig``: its labels' trace, then its layout annotations."""
    found = []
    for trace in fig.data:
        if trace.name == LABELS:
            size = trace.textfont.size
            sizes = size if isinstance(size, tuple | list) else [size] * len(trace.text)
            found += [Text(*p) for p in zip(trace.x, trace.y, trace.text, sizes, strict=True)]
    for a in fig.layout.annotations:
        found.append(Text(a.x, a.y, a.text, a.font.size))
    return found


def texts(fig: Any) -> list[str]:
    """The words of every text on ``fig``."""
    return [t.text for t in labels(fig)]


def text_of(fig: Any) -> str:
    """Every text on ``fig`` and its title, joined."""
    return " | ".join(texts(fig)) + (fig.layout.title.text or "")


def boxes(fig: Any, kind: str) -> list[tuple[float, float, float, float]]:
    """The ``"rect"`` or ``"circle"`` shapes of ``fig`` as (x0, x1, y0, y1), layout shapes and
    the shapes' filled traces alike (a rectangle is 5 points there, a circle more)."""
    found = [(s.x0, s.x1, s.y0, s.y1) for s in fig.layout.shapes if s.type == kind]
    for trace in fig.data:
        if trace.name != SHAPES:
            continue
        points: list[tuple[float, float]] = []
        for x, y in zip(trace.x, trace.y, strict=True):
            if x is not None:
                points.append((x, y))
                continue
            if (len(points) == 5) == (kind == "rect"):
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                found.append((min(xs), max(xs), min(ys), max(ys)))
            points = []
    return found


READABLE_PX = 12
"""The smallest text a class reads on a projector: no text of a board or lesson picture is
smaller, at a page width of :data:`PAGE_WIDTH` pixels."""

PAGE_WIDTH = 1280
"""The page width the pictures are read at (a laptop or a projector)."""

_PLOTLY_FONT_PX = 12
"""The size plotly gives a text whose font, and its layout's font, say none."""


def _sizes(size: Any) -> list[float]:
    """A font size property as a list (plotly allows one size or one per point)."""
    if size is None:
        return []
    return list(size) if isinstance(size, tuple | list) else [size]


def text_sizes(fig: Any) -> list[tuple[str, float]]:
    """Every text of ``fig`` drawn on the page, with its size in pixels at :data:`PAGE_WIDTH`:
    labels, trace texts, annotations, titles, legend and axis ticks (hover boxes, drawn on
    demand, are left out). A figure wider than the page is shrunk with its text."""
    layout = fig.layout
    base = layout.font.size or _PLOTLY_FONT_PX
    scale = min(1.0, PAGE_WIDTH / layout.width) if layout.width else 1.0
    found: list[tuple[str, float]] = []

    def add(where: str, size: Any, default: float = base) -> None:
        found.extend((where, s * scale) for s in (_sizes(size) or [default]))

    for trace in fig.data:
        if "text" in (trace.mode or "") and trace.text is not None:
            add(f"trace {trace.name or trace.type} text", trace.textfont.size)
    for note in layout.annotations:
        add(f"annotation {str(note.text)[:30]!r}", note.font.size)
    if layout.title.text:
        add("title", layout.title.font.size)
    in_legend = [trace.name for trace in fig.data if trace.showlegend is not False]
    if layout.showlegend is not False and any(in_legend):
        add("legend", layout.legend.font.size)
    for name in ("xaxis", "yaxis", "xaxis2", "yaxis2"):
        axis = getattr(layout, name, None)
        shown = axis is not None and axis.visible is not False and axis.showticklabels is not False
        if shown and (axis.tickvals is not None or axis.type is not None or axis.title.text):
            add(f"{name} ticks", axis.tickfont.size)
    return found


def small_texts(fig: Any) -> list[tuple[str, float]]:
    """The texts of ``fig`` smaller than :data:`READABLE_PX` at :data:`PAGE_WIDTH`."""
    return [(where, size) for where, size in text_sizes(fig) if size < READABLE_PX]
