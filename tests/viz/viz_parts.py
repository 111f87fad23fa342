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
