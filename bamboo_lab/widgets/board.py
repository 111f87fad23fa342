"""The boards' Plotly ``FigureWidget``: drawn from its first message, redrawn by one update.

Two things plotly's ``FigureWidget`` does not do for a board that changes on every click:

- **No blank first picture.** A ``FigureWidget`` opens its comm before it holds any data and
  sends the figure in later messages. In JupyterLab those messages wait for anywidget to load
  plotly's front end, and the cell's view can be created first, from the empty state: blank
  axes (plotly.py issue 4998, anywidget issue 803). :class:`BoardWidget` sets its data first
  and opens the comm afterwards, so the front end gets the whole figure in the opening message.
- **Nothing sent twice.** :func:`replace_figure` sends nothing when the picture did not
  change, and keeps the widget's full state current without sending the figure again.
"""

from __future__ import annotations

import plotly.graph_objects as go

__all__ = ["BoardWidget", "replace_figure"]


class BoardWidget(go.FigureWidget):
    """A ``FigureWidget`` whose comm opens only once its figure is set (no blank first view).

    ``BoardWidget(fig)`` opens at once; ``BoardWidget()`` waits for the first
    :func:`replace_figure` (put it in a container only after that).
    """

    def __init__(self, fig: go.Figure | None = None) -> None:
        """Build the widget from ``fig`` (validated as usual); open its comm if ``fig`` is set."""
        self._deferred = True
        super().__init__(fig)
        if fig is not None:
            self._open_now()

    def open(self) -> None:
        """Open the comm (the front-end model), but not before the figure is in the state."""
        if not self._deferred:
            super().open()

    def _open_now(self) -> None:
        _keep_state(self)
        self._deferred = False
        self.open()


def _keep_state(widget: go.FigureWidget) -> None:
    """Point the widget's full state at its current figure, without sending it.

    The front end keeps its copy in step from the update messages; this state is what a view
    opened later from the kernel (a reloaded page) or the opening message draws from.
    """
    widget._trait_values["_widget_data"] = widget._data
    widget._trait_values["_widget_layout"] = widget._layout


def replace_figure(widget: go.FigureWidget, fig: go.Figure) -> None:
    """Make ``widget`` show ``fig``, in place; nothing is sent when the picture is unchanged.

    The traces are swapped and the layout replaced (plotly's own messages); the full state
    kept for later views is updated without being sent a second time.
    """
    plain = fig.to_plotly_json()
    old = [{k: v for k, v in t.items() if k != "uid"} for t in widget._data]
    if old != plain["data"] or widget._layout != plain["layout"]:
        with widget.batch_update():
            widget.data = ()
            widget.add_traces(list(fig.data))
            widget.layout = fig.layout
    _keep_state(widget)
    if isinstance(widget, BoardWidget) and widget._deferred:
        widget._open_now()
