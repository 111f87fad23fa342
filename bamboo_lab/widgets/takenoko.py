"""Takenoko's play board (the widgets layer): the garden's hexes and edges ringed and clicked,
the hands beside it (secret: decided from only once revealed).

Looked up by name (``layer("takenoko", "widgets")``, :mod:`bamboo_lab.games.layers`); the
shared board modules name no game (docs/widgets.md).
"""

from __future__ import annotations

import math
from typing import Any

from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.viz.layout import Layout

__all__ = [
    "BAR_PLAYOUTS",
    "HINT_PLAYOUTS",
    "SECRET_BOARD",
    "TARGET",
    "click_points",
    "click_targets",
    "main_figure",
    "own_figure",
    "reason",
    "target_point",
]

HINT_PLAYOUTS = 60
"""The hint's playouts (a heuristic playout of a two-player game costs about 13 ms)."""
BAR_PLAYOUTS = 30
"""The win-probability bar's playouts."""

SECRET_BOARD = True
"""The mover decides with secret cards (the hand, the drawn plots): no button nor click until
the board shows them, the hands are a static picture, card backs in the public view."""

TARGET = "click a ringed target"
"""The name of the trace of invisible points that makes the whole of each ringed place
clickable (each carries the hover text of what a click there plays)."""

RINGED = "ringed: click anywhere on it to play"
"""The legend's name of the rings around the places to click."""

RINGED_EDGE = "dotted edge: click on it to play"
"""The legend's name of the edges to click (where a channel may go)."""

CLICK_REACH = 0.66
"""How far from a ringed place's centre its click points go (layout units: a hex's side is 1;
the board plays the target nearest a click within 0.7 of it, ``app._CLICK_RADIUS``)."""

_CLICK_MARKER_PX = 22
"""The diameter of each invisible click point: with plotly's 20 px hover reach, a press
anywhere on a ringed hex (corners included) lands on one of its points."""

_LAYOUT = Layout()


def reason(sentence: str) -> str:
    """A refusal's sentence from the engine in the board's words: an objective card named by
    what it asks, never its id (:func:`bamboo_lab.games.takenoko.words.reason_words`)."""
    from bamboo_lab.games.takenoko.words import reason_words

    return reason_words(sentence)


def click_targets(state: Any, legal: tuple[Any, ...]) -> dict[Hex | Edge, list[Any]]:
    """Each hex or edge a legal action points at, with those actions."""
    found: dict[Hex | Edge, list[Any]] = {}
    for action in legal:
        where = getattr(action, "edge", None) or getattr(action, "plot", None)
        if where is not None:
            found.setdefault(where, []).append(action)
    return found


def target_point(target: Hex | Edge) -> tuple[float, float]:
    """Where a target (a hex or an edge) is drawn."""
    if isinstance(target, Edge):
        a, b = _LAYOUT.edge_segment(target)
        return (a.x + b.x) / 2, (a.y + b.y) / 2
    p = _LAYOUT.hex_to_pixel(target)
    return p.x, p.y


def click_points(target: Hex | Edge) -> list[tuple[float, float]]:
    """Points covering a ringed target, none farther than :data:`CLICK_REACH` from its centre:
    on a hex, two rings round the centre (12 points at the reach, towards its corners and
    sides, 6 at half of it) and the centre last; on an edge, five points along it, all
    within its ends (so every point is nearer its own edge's middle than a neighbour's, the
    board's rule: a point past a corner would play the next edge)."""
    cx, cy = target_point(target)
    if isinstance(target, Edge):
        a, b = _LAYOUT.edge_segment(target)
        dx, dy = b.x - a.x, b.y - a.y
        # fractions of the edge from its middle: 0.4 leaves a tenth of it before each corner
        steps = (-0.4, -0.2, 0.2, 0.4)
        return [(cx + dx * t, cy + dy * t) for t in steps] + [(cx, cy)]
    found = []
    for count, reach in ((12, CLICK_REACH), (6, CLICK_REACH / 2)):
        for k in range(count):
            angle = 2 * math.pi * k / count
            found.append((cx + reach * math.cos(angle), cy + reach * math.sin(angle)))
    return [*found, (cx, cy)]


def main_figure(
    state: Any,
    targets: dict[Any, list[Any]],
    seat: int | None,
    before: Any,
    selected: int | None,
    places: tuple[tuple[Any, ...], ...],
) -> Any:
    """The garden, its ringed targets to click (each hovered with what a click plays)."""
    import plotly.graph_objects as go

    from bamboo_lab.viz import takenoko

    from .labels import label_of

    fig = takenoko.figure(state, highlight=set(targets), player=seat, changed_from=before)
    if targets:
        xs: list[float] = []
        ys: list[float] = []
        words: list[str] = []
        for target, acts in targets.items():
            said = "click: " + label_of(state.game, acts[0], state)
            if len(acts) > 1:
                said += f" (or {len(acts) - 1} more)"
            for x, y in click_points(target):
                xs.append(x)
                ys.append(y)
                words.append(said)
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="markers",
                marker={"size": _CLICK_MARKER_PX, "opacity": 0},
                hoverinfo="text",
                hovertext=words,
                name=TARGET,
                showlegend=False,
            )
        )
        for drawn, name in (("highlighted hexes", RINGED), ("highlighted edges", RINGED_EDGE)):
            fig.update_traces(name=name, selector={"name": drawn})
    # the board writes its own one-line title over the garden's (the changes are in words
    # under it): the room the garden kept for its longer title goes
    top = takenoko.title_margin("")
    height = (fig.layout.height or 600) - (fig.layout.margin.t or top) + top
    fig.update_layout(margin={"t": top}, height=height, title={"y": 1 - 16 / height})
    return fig


def own_figure(
    state: Any, seat: int | None, selected: int | None, places: tuple[tuple[Any, ...], ...]
) -> Any:
    """The players' hands (every hand as backs in the public view, ``seat`` None)."""
    from bamboo_lab.viz import takenoko

    from .pictures import fit_width

    return fit_width(takenoko.players(state, player=seat))
