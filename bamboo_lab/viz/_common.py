"""Shared figure scaffolding: a blank canvas with equal axes, rectangles and labels."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from typing import Any, NamedTuple

import plotly.graph_objects as go

from . import palette

__all__ = [
    "LABELS",
    "SHAPES",
    "WIDTH",
    "Figure",
    "Label",
    "Sketch",
    "canvas",
    "chart_style",
    "finish",
    "hex_trace",
    "hover_trace",
    "label",
    "player_band",
    "rect",
    "rounded_rect",
    "scatter",
    "trusted_figures",
]

WIDTH = 820
"""Pictures are drawn 820 pixels wide: JupyterLab beside its file browser on a 1280-pixel screen."""


class Figure(go.Figure):
    """A Plotly figure that Jupyter shows through its mime bundle, as any other rich object.

    Plotly's own display path (``show``) refuses to run without nbformat, which Pyodide (the
    course in the browser) cannot load offline; the bundle is the same one ``show`` sends.
    """

    def _ipython_display_(self) -> None:
        """Show the figure: its mime bundle for plotly's default renderer."""
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)


_TRUSTED: ContextVar[bool] = ContextVar("trusted_figures", default=False)
"""True inside :func:`trusted_figures`."""


@contextlib.contextmanager
def trusted_figures() -> Iterator[None]:
    """Inside this block, :meth:`Sketch.figure` builds the Plotly figure without plotly checking
    every value again (about 1 ms instead of 20 for a board): the same figure, drawn the same
    (tests/widgets compares both ways), for a board redrawn after every click. Everywhere
    else plotly validates as usual, so the tests catch a property plotly does not know."""
    token = _TRUSTED.set(True)
    try:
        yield
    finally:
        _TRUSTED.reset(token)


class Sketch:
    """A figure being drawn: traces, shapes, labels and annotations are collected in lists and
    the Plotly figure is built once at the end (adding them one by one to a Figure is
    quadratic).

    Labels become one text trace and the shapes drawn above the traces become filled traces,
    drawn last in that order: the picture looks as with layout annotations and shapes, but the
    browser redraws one text trace much faster than as many annotations (a Bamboo board's
    update: about 30 ms instead of 70), which keeps a board's redraw after a click quick.
    """

    def __init__(self, layout: dict[str, Any]) -> None:
        """Start from a layout dict."""
        self.data: list[Any] = []
        self.shapes: list[dict[str, Any]] = []
        self.labels: list[Label] = []
        self.annotations: list[dict[str, Any]] = []
        self.layout = layout

    def add_trace(self, trace: Any) -> None:
        """Add a trace (a graph object or a dict)."""
        self.data.append(trace)

    def add_shape(self, **shape: Any) -> None:
        """Add a shape (drawn above the traces unless ``layer="below"``, as in Plotly)."""
        self.shapes.append(shape)

    def add_annotation(self, **annotation: Any) -> None:
        """Add a layout annotation (for text with a box; plain text is a :func:`label`)."""
        self.annotations.append(annotation)

    def update_layout(self, **changes: Any) -> None:
        """Merge ``changes`` into the layout (dict values are merged one level deep)."""
        for key, value in changes.items():
            old = self.layout.get(key)
            if isinstance(old, dict) and isinstance(value, dict):
                self.layout[key] = {**old, **value}
            else:
                self.layout[key] = value

    def update_xaxes(self, **changes: Any) -> None:
        """Merge ``changes`` into the x axis."""
        self.layout["xaxis"] = {**self.layout.get("xaxis", {}), **changes}

    def update_yaxes(self, **changes: Any) -> None:
        """Merge ``changes`` into the y axis."""
        self.layout["yaxis"] = {**self.layout.get("yaxis", {}), **changes}

    def _scale(self) -> tuple[float, float] | None:
        """Pixels per data unit along x and y (one scale for both with equal axes), or None
        before the axes' ranges are set."""
        x, y = self.layout.get("xaxis", {}), self.layout.get("yaxis", {})
        if "range" not in x or "range" not in y:
            return None
        margin = self.layout["margin"]
        (x0, x1), (y0, y1) = x["range"], y["range"]
        sx = (self.layout["width"] - margin["l"] - margin["r"]) / (x1 - x0)
        sy = (self.layout["height"] - margin["t"] - margin["b"]) / (y1 - y0)
        return (min(sx, sy),) * 2 if y.get("scaleanchor") == "x" else (sx, sy)

    def figure(self) -> go.Figure:
        """The Plotly figure: shapes below the traces, the traces, the shapes above them as
        filled traces, then the labels' text trace."""
        below = [s for s in self.shapes if s.get("layer") == "below"]
        above = [s for s in self.shapes if s.get("layer") != "below"]
        data = [*self.data, *_shape_traces(above)]
        if self.labels:
            scale = self._scale()
            data.append(_label_trace([_padded(a, scale) for a in self.labels]))
        layout = {**self.layout, "shapes": below, "annotations": self.annotations}
        if _TRUSTED.get():  # as plotly's validation leaves it: no empty list of shapes
            layout = {k: v for k, v in layout.items() if v != []}
            return Figure(data=data, layout=layout, _validate=False)
        return Figure(data=data, layout=layout)


class Label(NamedTuple):
    """A text drawn at a data position (a point of the labels' text trace)."""

    x: float
    y: float
    text: str
    size: int
    color: str
    position: str


LABELS = "labels"
"""The name of a picture's text trace holding its labels."""

SHAPES = "shapes"
"""The name of the filled traces that draw a picture's shapes above its other traces."""

_TEXT_SIDE = {"left": "right", "center": "center", "right": "left"}
"""Where the text goes from its point, by the side of the text the point is on (x)."""
_TEXT_LEVEL = {"top": "bottom", "middle": "middle", "bottom": "top"}
"""Where the text goes from its point, by the side of the text the point is on (y)."""


LABEL_PAD = 3
"""Pixels between a label's position and the side of its text anchored there (an annotation's
box pads its text about as much)."""

_PAD_X = {"right": 1, "center": 0, "left": -1}
_PAD_Y = {"top": 1, "middle": 0, "bottom": -1}


def _padded(label: Label, scale: tuple[float, float] | None) -> Label:
    """``label`` moved :data:`LABEL_PAD` pixels the way its text goes from its position."""
    if scale is None:
        return label
    level, side = label.position.split()
    return label._replace(
        x=label.x + _PAD_X[side] * LABEL_PAD / scale[0],
        y=label.y + _PAD_Y[level] * LABEL_PAD / scale[1],
    )


def scatter(**props: Any) -> Any:
    """A scatter trace of ``props``: plotly's validated ``go.Scatter``, or inside
    :func:`trusted_figures` the same properties as a plain dict (``None`` values left out, as
    plotly leaves them), built unchecked with its figure."""
    if _TRUSTED.get():
        return {"type": "scatter", **{k: v for k, v in props.items() if v is not None}}
    return go.Scatter(**props)


def _label_trace(labels: Sequence[Label]) -> Any:
    """All the labels as one text trace: no hover, not clipped by the axes."""
    return scatter(
        x=[a.x for a in labels],
        y=[a.y for a in labels],
        text=[a.text for a in labels],
        mode="text",
        textposition=[a.position for a in labels],
        textfont={
            "family": palette.FONT,
            "size": [a.size for a in labels],
            "color": [a.color for a in labels],
        },
        cliponaxis=False,
        hoverinfo="skip",
        showlegend=False,
        name=LABELS,
    )


def _outline(shape: dict[str, Any]) -> tuple[list[float], list[float]]:
    """A rectangle's or a circle's (an ellipse in data units) outline, closed."""
    x0, x1, y0, y1 = shape["x0"], shape["x1"], shape["y0"], shape["y1"]
    if shape["type"] == "rect":
        return [x0, x1, x1, x0, x0], [y0, y0, y1, y1, y0]
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    turns = [2 * math.pi * k / _CIRCLE_POINTS for k in range(_CIRCLE_POINTS + 1)]
    return [cx + rx * math.cos(t) for t in turns], [cy + ry * math.sin(t) for t in turns]


_CIRCLE_POINTS = 32
"""Sides of the polygon that draws a circle shape."""


def _shape_traces(shapes: Sequence[dict[str, Any]]) -> list[Any]:
    """Rectangles and circles as filled traces, one per fill and line (none of ours overlap
    one of another style)."""
    groups: dict[tuple[str, str, float, str], tuple[list[float | None], list[float | None]]] = {}
    for shape in shapes:
        line = shape.get("line", {})
        width = line.get("width", 1)
        key = (
            shape["fillcolor"],
            line.get("color", palette.BLACK),
            width,
            line.get("dash", "solid"),
        )
        xs, ys = groups.setdefault(key, ([], []))
        ox, oy = _outline(shape)
        xs += [*ox, None]
        ys += [*oy, None]
    return [
        scatter(**_polygon(xs, ys, fill, colour, width, None, dash), name=SHAPES)
        for (fill, colour, width, dash), (xs, ys) in groups.items()
    ]


def canvas(title: str, height: int, width: int = WIDTH) -> Sketch:
    """An empty picture with hidden axes, a white background and ``title``."""
    return Sketch(
        {
            "title": {"text": title, "x": 0.01, "xanchor": "left", "font": {"size": 17}},
            "width": width,
            "height": height,
            "margin": {"l": 10, "r": 10, "t": 56, "b": 10},
            "paper_bgcolor": palette.PAPER,
            "plot_bgcolor": palette.PAPER,
            "font": {"family": palette.FONT, "size": 13, "color": palette.BLACK},
            "showlegend": False,
            "hoverlabel": {"font": {"family": palette.FONT}},
            "dragmode": False,
            "xaxis": {"visible": False, "fixedrange": True},
            "yaxis": {"visible": False, "fixedrange": True},
        }
    )


def finish(fig: Sketch, x: Sequence[float], y: Sequence[float], pad: float = 0.3) -> go.Figure:
    """Fit the axes to the ``x``/``y`` extents (plus ``pad``), one unit = one unit; build."""
    fig.update_xaxes(range=[min(x) - pad, max(x) + pad])
    fig.update_yaxes(range=[min(y) - pad, max(y) + pad], scaleanchor="x", scaleratio=1)
    return fig.figure()


def rect(
    fig: Sketch,
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
    fig: Sketch,
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
    fig: Sketch,
    x: float,
    y: float,
    text: str,
    size: int = 13,
    color: str = palette.BLACK,
    anchor: str = "center",
    valign: str = "middle",
    bold: bool = False,
) -> None:
    """Add a text at a data position; ``anchor`` and ``valign`` name the side of the text the
    position is on (several lines are aligned on that side)."""
    fig.labels.append(
        Label(
            x,
            y,
            f"<b>{text}</b>" if bold else text,
            size,
            color,
            f"{_TEXT_LEVEL[valign]} {_TEXT_SIDE[anchor]}",
        )
    )


def hex_trace(
    px: Sequence[float | None],
    py: Sequence[float | None],
    fill: str,
    line: str,
    width: float,
    pattern: dict[str, Any] | None = None,
    dash: str = "solid",
) -> go.Scatter:
    """A filled polygon trace (a hex or a card shape, or several separated by None) with no
    hover and no legend entry."""
    return go.Scatter(**_polygon(px, py, fill, line, width, pattern, dash))


def _polygon(
    px: Sequence[float | None],
    py: Sequence[float | None],
    fill: str,
    line: str,
    width: float,
    pattern: dict[str, Any] | None,
    dash: str,
) -> dict[str, Any]:
    """The properties of :func:`hex_trace`'s trace."""
    return {
        "x": px,
        "y": py,
        "mode": "lines",
        "fill": "toself",
        "fillcolor": fill,
        "fillpattern": pattern,
        "line": {"color": line, "width": width, "dash": dash},
        "hoverinfo": "skip",
        "showlegend": False,
    }


def hover_trace(
    x: list[float],
    y: list[float],
    text: list[str],
    size: float,
    keys: Sequence[str] | None = None,
) -> Any:
    """Invisible markers of diameter ``size`` that carry the hover text of each point;
    ``keys``: each point's place for the play board's clicks, kept out of the hover text
    (``customdata``, read by ``bamboo_lab.widgets.places.hover_points``)."""
    extra = {} if keys is None else {"customdata": list(keys)}
    return scatter(
        x=x,
        y=y,
        mode="markers",
        marker={"size": size, "opacity": 0},
        hoverinfo="text",
        hovertext=text,
        showlegend=False,
        name="",
        **extra,
    )


def player_band(
    fig: Sketch, player: int, x0: float, x1: float, y0: float, y1: float, stripe_x1: float
) -> None:
    """A player's row: a pale band in the seat's colour, the full colour from ``x0`` to
    ``stripe_x1`` as a stripe on its left."""
    colour = palette.player_colour(player)
    for right, fill in ((x1, palette.lighter(colour, 0.85)), (stripe_x1, colour)):
        fig.add_shape(
            type="rect",
            x0=x0,
            x1=right,
            y0=y0,
            y1=y1,
            fillcolor=fill,
            line={"width": 0},
            layer="below",
        )


def chart_style(fig: Any, title: str, height: int, left: int = 60) -> None:
    """The charts' common look: the title at the left, the palette's font, a white background."""
    fig.update_layout(
        title={"text": title, "x": 0.01, "xanchor": "left"},
        width=WIDTH,
        height=height,
        template="plotly_white",
        font={"family": palette.FONT, "size": 13},
        margin={"l": left, "r": 20, "t": 60, "b": 60},
    )
