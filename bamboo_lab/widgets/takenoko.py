"""Takenoko's play board (the widgets layer): the garden's hexes and edges ringed and clicked,
the hands beside it (secret: decided from only once revealed).

Looked up by name (``layer("takenoko", "widgets")``, :mod:`bamboo_lab.games.layers`); the
shared board modules name no game (docs/widgets.md).
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.viz.layout import Layout

__all__ = [
    "BAR_PLAYOUTS",
    "HINT_PLAYOUTS",
    "SECRET_BOARD",
    "TARGET",
    "click_targets",
    "main_figure",
    "own_figure",
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
"""The name of the trace that rings the places to click."""

_LAYOUT = Layout()


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
    from .pictures import fit_width

    fig = takenoko.figure(state, highlight=set(targets), player=seat, changed_from=before)
    if targets:
        pts = [target_point(t) for t in targets]
        fig.add_trace(
            go.Scatter(
                x=[p[0] for p in pts],
                y=[p[1] for p in pts],
                mode="markers",
                marker={"size": 26, "color": "rgba(213,94,0,0.22)", "line": {"width": 0}},
                hoverinfo="text",
                hovertext=[
                    "click: "
                    + label_of(state.game, acts[0], state)
                    + (f" (or {len(acts) - 1} more)" if len(acts) > 1 else "")
                    for acts in targets.values()
                ],
                name=TARGET,
                showlegend=True,
            )
        )
    return fit_width(fig, garden=True)


def own_figure(
    state: Any, seat: int | None, selected: int | None, places: tuple[tuple[Any, ...], ...]
) -> Any:
    """The players' hands (every hand as backs in the public view, ``seat`` None)."""
    from bamboo_lab.viz import takenoko

    from .pictures import fit_width

    return fit_width(takenoko.players(state, player=seat))
