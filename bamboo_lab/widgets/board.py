"""The boards' Plotly ``FigureWidget``: drawn at once, one redraw per click.

Why a plain ``FigureWidget`` can come up blank in JupyterLab (plotly.py issue 4998):

- anywidget (0.9.21, 0.10 and 0.11 at least) gives a widget's front-end model 2 seconds to load and
  initialize its JavaScript module; past that it logs "Failed to initialize model" and drops
  every later message from the kernel to that model.
- plotly's module is 5 MB, sent as a string and imported from a fresh ``blob:`` URL for every
  ``FigureWidget``, so the browser parses and runs it again each time: on a busy or slow
  machine (the first figure after a notebook opens, Binder) that takes more than 2 seconds.
- a ``FigureWidget`` opens its model empty and sends its figure in later messages: those are
  the dropped ones, hence blank axes (and a board that never follows the clicks).

:class:`BoardWidget` fixes all three: its front-end module is a small loader that imports
plotly's module once per page (kept on ``globalThis``) without holding up the model's
initialization; its figure is in the opening message; and its full state is sent along with
each change, so that a view created late still draws the latest figure. A model can still be
dropped by anywidget if the browser is stalled for 2 seconds right when it is created (a
heavily loaded machine); running the cell again then gives a working board.
"""

from __future__ import annotations

import asyncio
import copy
import functools
from typing import Any

import plotly
import plotly.graph_objects as go
import traitlets
from plotly.basewidget import BaseFigureWidget

__all__ = ["BoardWidget", "replace_figure"]

_LOADER = """
const cache = (globalThis.__bambooLabPlotlyWidget ??= new Map());

function plotlyModule(model) {
  const key = model.get("_plotly_version");
  if (!cache.has(key)) {
    const url = URL.createObjectURL(
      new Blob([model.get("_plotly_bundle")], { type: "text/javascript" }));
    cache.set(key, import(url).then(idleDeltas).finally(() => URL.revokeObjectURL(url)));
  }
  return cache.get(key);
}

// After each update a view sends the kernel plotly.js's defaults of every trace and of the
// layout (the "deltas"): working them out holds up the browser before it draws the next
// picture of the same click. They wait until the browser is idle (at most 1 s).
function idleDeltas(mod) {
  const view = mod.FigureView && mod.FigureView.prototype;
  const later = globalThis.requestIdleCallback
    ? (run) => globalThis.requestIdleCallback(run, { timeout: 1000 })
    : (run) => setTimeout(run, 50);
  for (const name of ["_sendLayoutDelta", "_sendTraceDeltas"]) {
    const send = view && view[name];
    if (typeof send === "function" && !send.bambooLabIdle) {
      const idle = function (...args) {
        later(() => this.el && this.el._fullLayout && send.apply(this, args));  // not once purged
      };
      idle.bambooLabIdle = true;
      view[name] = idle;
    }
  }
  return mod;
}

export default () => {
  let plotlyWidget;
  return {
    initialize({ model }) {
      // Not awaited: anywidget allows initialize 2 s, the first import of plotly can take more.
      plotlyWidget = plotlyModule(model).then((mod) => {
        const widget = mod.default();
        widget.initialize({ model });
        return widget;
      });
    },
    async render({ model, el }) {
      // A press on the picture is a move on the board, not on the notebook: neither the
      // notebook's mousedown handler nor the focus moving to the cell (select the cell,
      // tens of ms before the click is sent) is run for it.
      el.addEventListener("mousedown", (event) => {
        event.preventDefault();
        event.stopPropagation();
      });
      return (await plotlyWidget).render({ model, el });
    },
  };
};
"""
"""The front-end module: imports plotly's widget module once per page, then delegates."""


@functools.cache
def _plotly_bundle() -> str:
    """plotly's own front-end module for ``FigureWidget`` (read once)."""
    return str(BaseFigureWidget._esm)  # anywidget's FileContents of plotly's widgetbundle.js


class BoardWidget(go.FigureWidget):
    """A ``FigureWidget`` that cannot come up blank (see the module's docstring).

    ``BoardWidget(fig)`` opens at once; ``BoardWidget()`` waits for the first
    :func:`replace_figure` (put it in a container only after that).
    """

    _esm = _LOADER
    _plotly_bundle = traitlets.Unicode().tag(sync=True)
    _plotly_version = traitlets.Unicode(plotly.__version__).tag(sync=True)

    def __init__(self, fig: go.Figure | None = None) -> None:
        """Build the widget from ``fig`` (validated as usual); open its comm if ``fig`` is set."""
        self._deferred = True
        super().__init__(fig)
        self._plotly_bundle = _plotly_bundle()
        if fig is not None:
            _add_slots(self, _OPENING_SLOTS - len(self.data))
            self._open_now()

    def open(self) -> None:
        """Open the comm (the front-end model), but not before the figure is in the state."""
        if not self._deferred:
            super().open()

    def _open_now(self) -> None:
        self._deferred = False
        self.open()

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
        """The widget's state, its figure (``_widget_data``, ``_widget_layout``) current.

        plotly sets those two only when a widget is built; here they are refreshed whenever
        the state is read: for the opening message, and for a page reloaded while the kernel
        runs (its views draw from this state).
        """
        if key is None:
            self._trait_values["_widget_data"] = copy.deepcopy(self._data)
            self._trait_values["_widget_layout"] = copy.deepcopy(self._layout)
        return dict(super().get_state(key, drop_defaults))


def _send_state(widget: go.FigureWidget) -> None:
    """Send the widget's figure as its full state, what a view made later draws from.

    plotly's update messages reach the views on screen and the front end's copy of the
    figure, but that copy misses the ones that come before plotly's module has loaded (a
    board redrawn in the cell that makes it); the full state never does.
    """
    values = widget._trait_values
    values["_widget_data"], values["_widget_layout"] = widget._data, widget._layout
    widget.send_state(key=["_widget_data", "_widget_layout"])
    if isinstance(widget, BoardWidget):  # its get_state() reads the figure afresh
        values["_widget_data"], values["_widget_layout"] = [], {}
    else:
        values["_widget_data"] = copy.deepcopy(widget._data)
        values["_widget_layout"] = copy.deepcopy(widget._layout)


_STATE_DELAY = 0.3
"""Seconds the full state waits after an update in a kernel, so the browser draws it first."""


def _send_state_soon(widget: go.FigureWidget) -> None:
    """:func:`_send_state` a moment later when a kernel's event loop runs (the update message
    goes first and is drawn at once; several quick updates share one state message), else
    now."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no kernel loop (a script, a test): send it now
        _send_state(widget)
        return
    if getattr(widget, "_state_pending", False):
        return
    widget._state_pending = True

    def send() -> None:
        widget._state_pending = False
        _send_state(widget)

    loop.call_later(_STATE_DELAY, send)


_PLACEHOLDER: dict[str, Any] = {"type": "scatter", "visible": False}
"""An unused trace slot: drawn nowhere, no legend entry, no hover."""

_SPARE = 8
"""Trace slots added beyond the need when a figure has more traces than the widget."""

_OPENING_SLOTS = 32
"""The trace slots a board opens with, at least (a Takenoko garden grows to about 27 traces):
later pictures then need no new slot, which would cost the browser a second full redraw and a
second message (plotly's addTraces) on the click."""


def _add_slots(widget: go.FigureWidget, count: int) -> None:
    """Add ``count`` unused trace slots to ``widget`` (none if ``count`` is not positive)."""
    if count > 0:
        widget.add_traces([go.Scatter(visible=False) for _ in range(count)])


_MISSING = object()


def _leaves(value: dict[str, Any], prefix: str, out: dict[str, Any]) -> dict[str, Any]:
    """``{"marker.line.width": 2, ...}``: every value of ``value`` that is not a dict, by its
    path (empty dicts are left out: plotly reads them as absent)."""
    for key, v in value.items():
        if isinstance(v, dict):
            _leaves(v, f"{prefix}{key}.", out)
        else:
            out[f"{prefix}{key}"] = v
    return out


def _items(old: dict[str, Any], new: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``old`` and ``new`` by path; a list of shapes or annotations as long in both is taken
    item by item (``annotations[3].text``), so that the browser redraws only the items that
    changed, not the whole picture."""
    old_out: dict[str, Any] = {}
    new_out: dict[str, Any] = {}
    for key in [*old, *(k for k in new if k not in old)]:
        a, b = old.get(key, _MISSING), new.get(key, _MISSING)
        if a == b:  # unchanged (the template, most of the layout): no path of it is sent
            continue
        same = isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
        if same and all(isinstance(item, dict) for item in (*a, *b)):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                _leaves(x, f"{key}[{i}].", old_out)
                _leaves(y, f"{key}[{i}].", new_out)
            continue
        if a is not _MISSING:
            _leaves({key: a}, "", old_out)
        if b is not _MISSING:
            _leaves({key: b}, "", new_out)
    return old_out, new_out


def _forget_arrays(widget: go.FigureWidget) -> None:
    """Drop plotly's cached shape and annotation objects of the widget's layout: they keep the
    lists they were read from, which an update replaces."""
    widget.layout._compound_array_props.clear()


def _relayout(widget: go.FigureWidget, layout: dict[str, Any]) -> dict[str, Any]:
    """The layout paths whose value changes (removals, as None, first)."""
    old, new = _items(widget._layout, layout)
    # a list that is gone (shapes, annotations) is emptied: None would leave its items as {}
    gone: dict[str, Any] = {
        path: [] if isinstance(old[path], list) else None for path in old if path not in new
    }
    return gone | {path: v for path, v in new.items() if old.get(path, _MISSING) != v}


def _copied(value: Any) -> Any:
    """``value`` with every dict and list in it copied (the widget's figure is its own: a
    zoom in the browser changes it in place), the rest shared."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) if isinstance(item, dict | list) else item for item in value]
    return value


def replace_figure(widget: go.FigureWidget, fig: go.Figure) -> None:
    """Make ``widget`` show ``fig``: only what changed is sent, as one ``Plotly.update`` (one
    redraw in the browser), and nothing when the picture is unchanged.

    ``fig``'s values were validated by plotly when it was built; they are applied as they
    are. The widget's traces become ``fig``'s, followed by invisible spare slots: a figure
    with more traces adds slots (one more message), a smaller one hides the rest.
    """
    # plotly's own dicts of the figure, read only (to_plotly_json would copy them all)
    plain: dict[str, Any] = {"data": fig._data, "layout": fig._layout}
    data: list[dict[str, Any]] = plain["data"]
    if len(data) > len(widget.data):
        opening = isinstance(widget, BoardWidget) and widget._deferred  # not shown yet
        wanted_slots = max(len(data) + _SPARE, _OPENING_SLOTS if opening else 0)
        _add_slots(widget, wanted_slots - len(widget.data))
    wanted = data + [dict(_PLACEHOLDER) for _ in range(len(widget.data) - len(data))]
    rebuilt = any(
        n.get("type", "scatter") != o.get("type", "scatter")
        for n, o in zip(wanted, widget._data, strict=True)
    )
    if rebuilt:  # another trace type in a slot (a restyle cannot change a trace's class)
        widget.data = ()
        widget.add_traces(list(fig.data))
        wanted = data
    old, new, changed = [], [], []
    for i, (was, now) in enumerate(zip(widget._data, wanted, strict=True)):
        if {k: v for k, v in was.items() if k != "uid"} == now:
            continue  # the same trace (plotly's own trace id aside)
        was_leaves = _leaves(was, "", {})
        was_leaves.pop("uid", None)  # plotly's own trace id stays
        if was_leaves != (now_leaves := _leaves(now, "", {})):
            old.append(was_leaves)
            new.append(now_leaves)
            changed.append(i)
    paths = dict.fromkeys(p for leaves in (*old, *new) for p in leaves)
    paths.pop("type", None)  # the same in every slot (checked above)
    pairs = list(zip(old, new, strict=True))
    restyle = {
        path: [leaves.get(path) for leaves in new]
        for path in paths
        if any(o.get(path, _MISSING) != n.get(path, _MISSING) for o, n in pairs)
    }
    relayout = _relayout(widget, plain["layout"])
    if restyle or relayout:
        # The widget takes the new picture's values as they are, then sends them: plotly's
        # own plotly_update would check every path against its schema again, which took 80%
        # of a click's update in the kernel (``fig`` was checked when it was built).
        for i in changed:
            trace = widget._data[i]
            uid = trace.get("uid")
            trace.clear()
            trace.update(_copied(wanted[i]))
            if uid is not None:
                trace["uid"] = uid  # plotly's own trace id stays
        if relayout:
            widget._layout.clear()
            widget._layout.update(_copied(plain["layout"]))
        _forget_arrays(widget)
        widget._send_update_msg(restyle, relayout, changed if restyle else None)
    board = widget if isinstance(widget, BoardWidget) else None
    if board is not None and board._deferred:
        board._open_now()
    elif restyle or relayout or rebuilt:
        _send_state_soon(widget)


PLOTLY_MIME = "application/vnd.plotly.v1+json"
"""The mime type of a Plotly figure in a cell's output."""
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
"""The mime type of a live widget in a cell's output (version 2 of the widget protocol)."""
WHERE_TO_PLAY = "run this notebook to play: in your browser, on Binder or in JupyterLab"
"""Where a board saved in a notebook can be played (said under its picture)."""


def cell_result(widget: Any, board: go.FigureWidget, what: str) -> dict[str, Any]:
    """An app's cell result: the live widget, and for viewers that cannot run widgets (GitHub,
    nbviewer, the documentation site) a picture of the board as shown, with a line saying where
    to play it. JupyterLab draws the widget: it ranks above a figure."""
    live = {"version_major": 2, "version_minor": 0, "model_id": widget.model_id}
    bundle: dict[str, Any] = {WIDGET_MIME: live}  # what ipywidgets 8 shows a widget with
    line = f"{what}: {WHERE_TO_PLAY}"
    picture = go.Figure(board)
    height = picture.layout.height or 500
    bottom = picture.layout.margin.b or 0
    picture.update_layout(height=height + 34, margin={"b": bottom + 34})
    picture.add_annotation(
        text=f"<i>{line}</i>",
        xref="paper",
        yref="paper",
        x=0,
        xanchor="left",
        y=0,
        yanchor="top",
        yshift=-max(bottom, 4),
        showarrow=False,
        font={"size": 13},
    )
    bundle[PLOTLY_MIME] = picture.to_plotly_json()
    bundle["text/plain"] = line
    return bundle
