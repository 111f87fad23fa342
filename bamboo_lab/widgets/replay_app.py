"""The replay board: a slider and a play button through a game's positions, board and log in
step, and under them a review's win-probability curve (``widgets.replay``).

A thin view over :class:`~bamboo_lab.widgets.replay_controller.ReplayController`.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from .board import BoardWidget, cell_result, replace_figure
from .labels import label_of
from .pictures import board_figure
from .replay_controller import ReplayController

__all__ = ["ReplayApp"]


class ReplayApp:
    """A replay viewer: a slider and a play button through the states, board and log in step."""

    def __init__(self, controller: ReplayController) -> None:
        """Build the slider, the play button, the board and the log."""
        self.controller = controller
        last = len(controller.states) - 1
        self.figure = BoardWidget(board_figure(controller.game, controller.go(0), {}, None))
        self.slider = w.IntSlider(value=0, min=0, max=last, description="move")
        self.slider.layout = w.Layout(width="600px")
        self.player = w.Play(value=0, min=0, max=last, interval=600, description="play")
        w.jslink((self.player, "value"), (self.slider, "value"))
        self.slider.observe(lambda c: self.show(c["new"]), names="value")
        self.caption = w.HTML()
        self.log = w.Textarea(
            disabled=True,
            placeholder="the moves up to the slider's position, newest first",
            layout=w.Layout(width="100%", height="150px"),
        )
        # the review's win-probability curve under the board, when the controller has one
        self.curve = None if controller.review is None else BoardWidget(self._curve())
        parts = [w.HBox([self.player, self.slider]), self.caption, self.figure]
        self.widget = w.VBox([*parts, *([self.curve] if self.curve else []), self.log])
        self.show(0)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the app's widget as the cell's result (and its picture, for static viewers)."""
        game = self.controller.game.capitalize()
        return cell_result(self.widget, self.figure, f"A replay of a {game} game")

    def _curve(self) -> go.Figure:
        """The review's curve with the current ply marked, moves named in rulebook words."""
        from bamboo_lab.viz.review import win_curve

        c = self.controller
        return win_curve(c.review, c.ply, words=lambda action: label_of(c.game, action))

    def show(self, index: int) -> None:
        """Draw position ``index``, the log up to it and, with a review, the ply on its curve."""
        c = self.controller
        state = c.go(index)
        replace_figure(self.figure, board_figure(c.game, state, {}, None))
        if self.curve is not None:
            replace_figure(self.curve, self._curve())
        last = c.lines[index - 1] if index else "the start"
        self.caption.value = f"position {index} of {len(c.states) - 1} · last: {html.escape(last)}"
        self.log.value = "\n".join(c.log[::-1])
