"""The boards' pictures, drawn from one seat's view only: the main picture (with the places to
click ringed) and the seat's own board beside it (Takenoko hands, the Bamboo home, the Bangkok
market and hand), as :func:`board_pictures` gives them to the app and to the secrecy test."""

from __future__ import annotations

import contextlib
import html
from typing import Any

import plotly.graph_objects as go

from bamboo_lab import viz
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.viz._common import trusted_figures
from bamboo_lab.viz.layout import Layout

from .controller import PlayController
from .labels import label_of

__all__ = [
    "BOARD_WIDTH",
    "OWN_MARKET_WIDTH",
    "TARGET",
    "board_figure",
    "board_pictures",
    "click_targets",
    "fit_width",
    "main_picture",
    "own_picture",
    "secret_figure",
    "target_point",
]

_LAYOUT = Layout()
TARGET = "click a ringed target"
"""The name of the Takenoko trace that rings the places to click."""


def click_targets(state: Any, legal: tuple[Any, ...]) -> dict[Hex | Edge, list[Any]]:
    """Takenoko: each hex or edge a legal action points at, with those actions."""
    found: dict[Hex | Edge, list[Any]] = {}
    if getattr(type(state), "game", "") != "takenoko":
        return found
    for a in legal:
        where = getattr(a, "edge", None) or getattr(a, "plot", None)
        if where is not None:
            found.setdefault(where, []).append(a)
    return found


def target_point(target: Hex | Edge) -> tuple[float, float]:
    """Where a Takenoko target (a hex or an edge) is drawn."""
    if isinstance(target, Edge):
        a, b = _LAYOUT.edge_segment(target)
        return (a.x + b.x) / 2, (a.y + b.y) / 2
    p = _LAYOUT.hex_to_pixel(target)
    return p.x, p.y


BOARD_WIDTH = 820
"""The board's width in pixels: a JupyterLab output area beside the file browser on a laptop."""


OWN_MARKET_WIDTH = 600
"""The width of the Bangkok market and hand under the table (pixels)."""


def fit_width(fig: go.Figure, garden: bool = False) -> go.Figure:
    """Shrink ``fig`` to :data:`BOARD_WIDTH` keeping its proportions; a small Takenoko garden
    is drawn smaller still, so that a hex stays about the size of a fingertip on screen."""
    width = fig.layout.width or BOARD_WIDTH
    height = fig.layout.height or 600
    target = BOARD_WIDTH
    if garden and fig.layout.xaxis.range and fig.layout.yaxis.range:
        (x0, x1), (y0, y1) = fig.layout.xaxis.range, fig.layout.yaxis.range
        target = min(BOARD_WIDTH, max(540, int((x1 - x0) * 70) + 20))
        height = int((target - 20) * (y1 - y0) / (x1 - x0)) + 120
        fig.update_layout(width=target, height=max(380, height))
    elif width > target:
        fig.update_layout(width=target, height=int(height * target / width))
    return fig


def board_figure(
    game: str,
    state: Any,
    targets: dict[Hex | Edge, list[Any]],
    seat: int | None,
    before: Any = None,
    title: str = "",
    selected: int | None = None,
    places: tuple[tuple[Any, ...], ...] = (),
) -> go.Figure:
    """The main picture of ``state``; on the Takenoko garden, ringed targets to click; what
    changed since ``before`` (the position before the last turn) marked; ``title`` replaces
    the picture's own."""
    fig = _main_figure(game, state, targets, seat, before, selected, places)
    if title:
        fig.update_layout(title={"text": title})
    return fig


def _main_figure(
    game: str,
    state: Any,
    targets: dict[Hex | Edge, list[Any]],
    seat: int | None,
    before: Any,
    selected: int | None,
    places: tuple[tuple[Any, ...], ...],
) -> go.Figure:
    if game == "takenoko":
        fig = viz.takenoko.figure(state, highlight=set(targets), player=seat, changed_from=before)
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
                        + label_of("takenoko", acts[0], state)
                        + (f" (or {len(acts) - 1} more)" if len(acts) > 1 else "")
                        for acts in targets.values()
                    ],
                    name=TARGET,
                    showlegend=True,
                )
            )
        return fit_width(fig, garden=True)
    if game == "bamboo":
        return fit_width(viz.bamboo.figure(state, changed_from=before, targets=places))
    if game != "bangkok":  # another game: the picture its state names (docs/adding-a-game.md)
        return fit_width(viz.figure(state))
    slots = tuple(p[1] for p in places if p[0] == "slot")
    cells = tuple(p[1] for p in places if p[0] == "port")
    return fit_width(
        viz.bangkok.figure(state, changed_from=before, selected=selected, slots=slots, port=cells)
    )


def secret_figure(
    game: str,
    state: Any,
    seat: int | None,
    selected: int | None = None,
    places: tuple[tuple[Any, ...], ...] = (),
) -> go.Figure | None:
    """The seat's own board beside the main one: Takenoko hands (every hand as backs in the
    public view), the Bamboo home, the Bangkok market and hand (``selected``: the hand card
    picked; ``places``: the market cells where it may be laid, ringed)."""
    if game == "takenoko":
        return fit_width(viz.takenoko.players(state, player=seat))
    if game == "bamboo":
        return fit_width(viz.bamboo.home(state, player=seat, targets=places))
    if game != "bangkok":  # another game: no board of one's own beside the main picture
        return None
    cells = tuple(p[1] for p in places if p[0] == "market")
    fig = viz.bangkok.market(state, seat=seat, hand=True, selected=selected, targets=cells)
    width, height = fig.layout.width or BOARD_WIDTH, fig.layout.height or 600
    scale = OWN_MARKET_WIDTH / width  # the market under the table, smaller than the table
    return fig.update_layout(width=OWN_MARKET_WIDTH, height=int(height * scale))


_GAME_TITLES = {"takenoko": "Takenoko", "bamboo": "Bamboo", "bangkok": "Bangkok"}


def _building(validate: bool) -> contextlib.AbstractContextManager[None]:
    """How a board's figures are built: as plotly validates them (``validate``), else trusted
    (the same figures, :func:`bamboo_lab.viz._common.trusted_figures`, quicker by about 20 ms
    each: tests/widgets/test_widgets_board.py checks they are the same)."""
    return contextlib.nullcontext() if validate else trusted_figures()


def main_picture(
    controller: PlayController, reveal: bool = False, validate: bool = False
) -> go.Figure:
    """The main picture, drawn from the board's view only (:meth:`PlayController.board_state`),
    what changed in the last turn marked and the places to click ringed (``validate``: let
    plotly check every value, as the tests do)."""
    c = controller
    shown: Any = c.board_state(reveal)
    seat = c.viewer(reveal)
    legal = shown.legal_actions() if c.is_person_to_play() and seat == shown.current_player else ()
    targets = click_targets(shown, tuple(legal))
    selected = c.selected if c.game == "bangkok" else None
    who = "what everyone at the table sees" if seat is None else f"as {c.seat_name(seat)} sees it"
    title = f"<b>{_GAME_TITLES.get(c.game, c.game.title())}</b> · {html.escape(who)}"
    before, places = c.before_last_turn(reveal), c.targets(reveal)
    with _building(validate):
        return board_figure(c.game, shown, targets, seat, before, title, selected, places)


def own_picture(
    controller: PlayController, reveal: bool = False, validate: bool = False
) -> go.Figure | None:
    """The seat's own board under the main picture (None: none shown), from the board's view
    only: Takenoko hands, the Bamboo home and the Bangkok market and hand of the seat."""
    c = controller
    shown: Any = c.board_state(reveal)
    seat = c.viewer(reveal)
    # a Bamboo home and a Bangkok market hold no secret: the seat to move's, or yours
    own = seat if seat is not None or c.game == "takenoko" else max(shown.current_player, 0)
    selected = c.selected if c.game == "bangkok" else None
    with _building(validate):
        return secret_figure(c.game, shown, own, selected, c.targets(reveal))


def board_pictures(
    controller: PlayController, reveal: bool = False
) -> tuple[go.Figure, go.Figure | None]:
    """The main picture and the seat's own board (None: none shown), drawn from the board's
    view only (:meth:`PlayController.board_state`): what the secrecy test compares."""
    return main_picture(controller, reveal), own_picture(controller, reveal)
