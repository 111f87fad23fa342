"""The play board's HTML: its texts as ipywidgets ``HTML`` values, and its buttons.

Every text is escaped here; :mod:`bamboo_lab.widgets.app` only puts these values in its
widgets. The hint's HTML is the analysis layer's own (:meth:`~bamboo_lab.widgets.advice.Hint.html`).
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from bamboo_lab.viz import palette

from .advice import Chances
from .controller import PlayController
from .words import BoardText

__all__ = [
    "button",
    "chances_html",
    "enable",
    "last_turn_html",
    "message_html",
    "table_html",
]

CELL = "padding:2px 10px"
"""The padding of a table cell."""


def button(text: str, tip: str, on: Callable[[], None], style: str = "") -> w.Button:
    """A button as wide as its text that calls ``on`` when pressed."""
    made = w.Button(description=text, tooltip=tip, button_style=style)
    made.layout = w.Layout(width="auto", max_width="100%")
    made.on_click(lambda _b: on())
    return made


def enable(widget: w.Button, enabled: bool, style: str = "") -> None:
    """Enable ``widget`` in its colour ``style``, or disable it, greyed (no colour)."""
    widget.disabled = not enabled
    widget.button_style = style if enabled else ""


def table_html(controller: PlayController, text: BoardText) -> str:
    """The final score as an HTML table: one row per category, one column per seat."""
    if not text.table:
        return ""
    head = "".join(
        f"<th style='{CELL}'>{html.escape(controller.seat_name(p))}</th>"
        for p in range(controller.players)
    )
    rows = "".join(
        f"<tr><td style='{CELL}'>{html.escape(words)}</td>"
        + "".join(f"<td style='{CELL};text-align:right'>{html.escape(v)}</td>" for v in values)
        + "</tr>"
        for words, values in text.table
    )
    return f"<b>Final score</b><table><tr><th></th>{head}</tr>{rows}</table>"


def last_turn_html(text: BoardText) -> str:
    """The moves of the last turn under their heading, numbered (empty before any)."""
    if not text.last_turn:
        return ""
    return (
        f"<b>{html.escape(text.turn_heading)}</b><ol style='margin:0'>"
        + "".join(f"<li>{html.escape(line)}</li>" for line in text.last_turn)
        + "</ol>"
    )


def message_html(message: str) -> str:
    """The board's last refusal or notice, in red (empty when there is none)."""
    return f"<span style='color:#b00020'>{html.escape(message)}</span>" if message else ""


def chances_html(found: Chances, controller: PlayController) -> str:
    """The win-probability bar: one coloured share per seat, its interval in words."""
    name = controller.seat_name
    parts = "".join(
        f"<div title='{html.escape(name(seat))}: {win:.0%} ({low:.0%}-{high:.0%})'"
        f" style='width:{max(win, 0.001) * 100:.1f}%;background:{palette.player_colour(seat)};"
        "height:18px'></div>"
        for seat, win, low, high in found.rows
    )
    words = " · ".join(
        f"{html.escape(name(seat))} <b>{win:.0%}</b> ({low:.0%}-{high:.0%})"
        for seat, win, low, high in found.rows
    )
    return (
        f"<div style='display:flex;width:420px;border:1px solid #555'>{parts}</div>"
        f"<span>Win chances from here: {words}; {found.playouts} playouts from what you see"
        " (95% intervals)</span>"
    )
