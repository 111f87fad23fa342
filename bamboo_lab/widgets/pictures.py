"""The boards' pictures, drawn from one seat's view only: the main picture (with the places to
click ringed) and the seat's own board beside it (Takenoko hands, the Bamboo home, the Bangkok
market and hand), as :func:`board_pictures` gives them to the app and to the secrecy test.

Each game draws them with its widgets layer's ``main_figure`` and ``own_figure``
(docs/widgets.md); a game without them shows ``viz.figure`` of its state and no own board."""

from __future__ import annotations

import contextlib
import html
from typing import Any, cast

import plotly.graph_objects as go

from bamboo_lab import viz
from bamboo_lab.viz._common import trusted_figures

from .controller import PlayController
from .places import board_piece

__all__ = [
    "BOARD_WIDTH",
    "board_figure",
    "board_pictures",
    "click_targets",
    "fit_width",
    "main_picture",
    "own_picture",
    "secret_figure",
]


def click_targets(state: Any, legal: tuple[Any, ...]) -> dict[Any, list[Any]]:
    """The points of the main picture clicked by nearness (Takenoko's hexes and edges), each
    with the legal actions there, from the game's ``click_targets`` (none without it)."""
    targets = board_piece(state.game, "click_targets", None)
    return {} if targets is None else dict(targets(state, legal))


BOARD_WIDTH = 820
"""The board's width in pixels: a JupyterLab output area beside the file browser on a laptop."""


def fit_width(fig: go.Figure, garden: bool = False) -> go.Figure:
    """Shrink ``fig`` to :data:`BOARD_WIDTH` keeping its proportions. A Takenoko garden
    (``garden``) is left as drawn: its fixed scale (``viz.takenoko_scale``, 60 px per layout
    unit) already sizes it, as on the play board, so its hexes keep their size."""
    width = fig.layout.width or BOARD_WIDTH
    if not garden and width > BOARD_WIDTH:
        height = fig.layout.height or 600
        fig.update_layout(width=BOARD_WIDTH, height=int(height * BOARD_WIDTH / width))
    return fig


def board_figure(
    game: str,
    state: Any,
    targets: dict[Any, list[Any]],
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
    targets: dict[Any, list[Any]],
    seat: int | None,
    before: Any,
    selected: int | None,
    places: tuple[tuple[Any, ...], ...],
) -> go.Figure:
    """The game's ``main_figure``; without one, the picture its state names."""
    draw = board_piece(game, "main_figure", None)
    if draw is None:  # another game: the picture its state names (docs/adding-a-game.md)
        return fit_width(viz.figure(state))
    return cast(go.Figure, draw(state, targets, seat, before, selected, places))


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
    draw = board_piece(game, "own_figure", None)
    if draw is None:  # another game: no board of one's own beside the main picture
        return None
    return cast("go.Figure | None", draw(state, seat, selected, places))


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
    selected = c.selected  # only a game that picks a card first (Bangkok) sets it
    who = "what everyone at the table sees" if seat is None else f"as {c.seat_name(seat)} sees it"
    title = f"<b>{html.escape(c.module.RULEBOOK.title)}</b> · {html.escape(who)}"
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
    secret = board_piece(c.game, "SECRET_BOARD", False)
    own = seat if seat is not None or secret else max(shown.current_player, 0)
    selected = c.selected
    with _building(validate):
        return secret_figure(c.game, shown, own, selected, c.targets(reveal))


def board_pictures(
    controller: PlayController, reveal: bool = False
) -> tuple[go.Figure, go.Figure | None]:
    """The main picture and the seat's own board (None: none shown), drawn from the board's
    view only (:meth:`PlayController.board_state`): what the secrecy test compares."""
    return main_picture(controller, reveal), own_picture(controller, reveal)
