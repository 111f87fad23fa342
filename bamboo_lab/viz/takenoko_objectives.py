"""Takenoko objective cards in rows, for scoring questions where the garden does not matter.

Split from :mod:`bamboo_lab.viz.takenoko`, which re-exports :func:`objective_cards` and
:data:`EMPEROR`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import EMPEROR_POINTS
from bamboo_lab.games.takenoko.words import card_hover

from . import palette
from ._common import canvas, finish, hover_trace, label, rounded_rect

__all__ = ["EMPEROR", "objective_cards"]

_CARD_FILL = {"plot": "#DCEFFA", "gardener": "#FBEACC", "panda": "#E8E8E8"}
EMPEROR = "Emperor"
"""The name that draws the Emperor card in :func:`objective_cards`."""


def objective_cards(rows: Mapping[str, Sequence[str]], title: str = "") -> go.Figure:
    """Rows of objective cards, each card with its id, kind and points (``"Emperor"`` draws
    the Emperor card); hover a card to read what it asks. For scoring questions, where the
    garden does not matter."""
    if not rows:
        raise InvalidStateError("objective_cards needs at least one row of cards")
    for name, cards in rows.items():
        for cid in cards:
            if cid != EMPEROR and cid not in tk.CARDS:
                raise InvalidStateError(f"row {name!r}: unknown objective card {cid!r}")
    longest = max(len(cards) for cards in rows.values())
    width, height, gap = 0.95, 1.25, 0.12
    row_h = height + 0.75
    fig = canvas(title or "<b>Objective cards</b>", 90 + int(len(rows) * row_h * 62))
    hover_x: list[float] = []
    hover_y: list[float] = []
    hover_t: list[str] = []
    for k, (name, cards) in enumerate(rows.items()):
        y = (len(rows) - 1 - k) * row_h
        label(fig, 0.0, y + height + 0.28, f"<b>{name}</b>", size=13, anchor="left")
        for i, cid in enumerate(cards):
            x = i * (width + gap)
            if cid == EMPEROR:
                rounded_rect(fig, x, y, x + width, y + height, "#F6E7A8", palette.BLACK, 2)
                label(fig, x + width / 2, y + height * 0.68, "Emperor", size=12, bold=True)
                label(fig, x + width / 2, y + height * 0.28, f"{EMPEROR_POINTS} pts", size=12)
                text = f"the Emperor: {EMPEROR_POINTS} points (TK-END-1)"
            else:
                c = tk.CARDS[cid]
                rounded_rect(fig, x, y, x + width, y + height, _CARD_FILL[c.deck], "#555555", 1.2)
                label(fig, x + width / 2, y + height * 0.74, cid, size=13, bold=True)
                label(fig, x + width / 2, y + height * 0.48, c.deck, size=12, color="#222222")
                label(fig, x + width / 2, y + height * 0.2, f"{c.points} pts", size=12)
                text = card_hover(cid)
            hover_x.append(x + width / 2)
            hover_y.append(y + height / 2)
            hover_t.append(text)
    fig.add_trace(hover_trace(hover_x, hover_y, hover_t, 40))
    right = max(longest * (width + gap), 6.0)
    return finish(fig, [0.0, right], [0.0, (len(rows) - 1) * row_h + height + 0.5], 0.1)
