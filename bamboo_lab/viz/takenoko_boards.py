"""Takenoko pictures of the players' boards and of one objective card.

Split from :mod:`bamboo_lab.viz.takenoko` (which re-exports both): hands, eaten sections, stored
items and completed objectives; a card's requirement drawn as the card shows it.
"""

from __future__ import annotations

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import COLOUR_NAMES, IMPROVEMENT_NAMES
from bamboo_lab.games.takenoko.words import card_hover

from . import palette
from ._common import (
    Sketch,
    canvas,
    finish,
    hex_trace,
    hover_trace,
    label,
    player_band,
    rounded_rect,
)
from .layout import Layout

__all__ = [
    "CARD_GAP",
    "CARD_H",
    "CARD_W",
    "HAND_X",
    "ROW_H",
    "bamboo_section",
    "card",
    "card_words",
    "players",
]

_DECK_FILL = {"plot": "#DCEFFA", "gardener": "#FBEACC", "panda": "#E8E8E8"}
_DECK_NAMES = {"P": "plot", "G": "gardener", "A": "panda"}


# ---------------------------------------------------------------------- players


def bamboo_section(
    fig: Sketch, x: float, y0: float, y1: float, half_width: float, colour: str, line: float
) -> None:
    """One bamboo section of colour ``colour`` (``G``, ``Y``, ``P``), centred on ``x``."""
    fig.add_shape(
        type="rect",
        x0=x - half_width,
        x1=x + half_width,
        y0=y0,
        y1=y1,
        fillcolor=palette.darker(palette.TAKENOKO_PLOTS[colour], 0.2),
        line={"color": palette.BLACK, "width": line},
        layer="above",
    )


CARD_W, CARD_H = 2.0, 2.2
"""A hand card's width and height on the players' boards (data units, 40 px each)."""

CARD_GAP = 0.06
"""The room between two hand cards."""

HAND_X = 3.75
"""Where the hand starts on a player's row (after the name, points and objectives done)."""

ROW_H = 2.9
"""The height of one player's row."""

_IMPROVEMENT_WORDS = {"any": "any chip", "none": "no chip", **IMPROVEMENT_NAMES}
"""A gardener objective's improvement condition in a word or two (TK-CMP-5)."""


def card_words(card_id: str) -> tuple[str, ...]:
    """The words printed at the foot of a hand card, bottom line first: what it asks in a
    word or two (its hover says it all)."""
    c = tk.CARDS[card_id]
    if c.deck == "plot":
        return ("irrigated",)
    if c.deck == "gardener":
        height = f"height {c.height}" + (f" ×{c.shoots}" if c.shoots > 1 else "")
        return (_IMPROVEMENT_WORDS[c.improvement], height)
    return ("pay back",)


def _card_face(
    fig: Sketch, x: float, y: float, card_id: str, met: bool, w: float = CARD_W, h: float = CARD_H
) -> None:
    """A hand card: its face drawn as the printed card shows it (the plot shape in colour, the
    bamboo to grow, the sections to pay) with its id, points and a word or two at its foot; or
    its back (``P?``). Met cards get a vermillion rim. Everything stays inside the card."""
    if card_id.endswith("?"):
        deck = _DECK_NAMES[card_id[0]]
        rounded_rect(fig, x, y, x + w, y + h, "#BDBDBD", "#666666", 1.5)
        label(fig, x + w / 2, y + h * 0.6, "?", size=20, color="#FFFFFF", bold=True)
        label(fig, x + w / 2, y + 0.3, deck, size=12, color="#222222")
        return
    c = tk.CARDS[card_id]
    edge = palette.HIGHLIGHT if met else "#555555"
    rounded_rect(fig, x, y, x + w, y + h, _DECK_FILL[c.deck], edge, 3.5 if met else 1.2)
    label(fig, x + w / 2, y + h - 0.26, f"<b>{card_id}</b> {c.points} pts", size=12)
    words = card_words(card_id)
    if met:  # said at the foot, inside the card: it may be completed now (TK-CMP-1)
        words = ("<b>met now</b>", *words)
    for line, text in enumerate(words):
        colour = palette.HIGHLIGHT if text.startswith("<b>") else "#222222"
        label(fig, x + w / 2, y + 0.27 + line * 0.36, text, size=12, color=colour)
    # the picture between the title and the words
    low, high = y + 0.12 + 0.36 * len(words) + 0.1, y + h - 0.5
    mid_x, mid_y = x + w / 2, (low + high) / 2
    if c.deck == "plot":  # the shape in its colours (TK-CMP-3)
        cells = [hx for hx, _ in c.pattern]
        small = Layout(size=0.17)
        pts = [small.hex_to_pixel(hx) for hx in cells]
        cx = (max(p.x for p in pts) + min(p.x for p in pts)) / 2
        cy = (max(p.y for p in pts) + min(p.y for p in pts)) / 2
        shifted = Layout(size=0.17, origin=type(small.origin)(mid_x - cx, mid_y - cy))
        for colour in sorted({col for _, col in c.pattern}):
            px, py = shifted.polygons([hx for hx, col in c.pattern if col == colour], 0.95)
            fig.add_trace(hex_trace(px, py, palette.TAKENOKO_PLOTS[colour], palette.WATER, 1.5))
    elif c.deck == "gardener":  # the bamboo to grow (TK-CMP-4)
        step = min(0.15, (high - low) / c.height)
        for k in range(c.shoots):
            sx = mid_x + (k - (c.shoots - 1) / 2) * 0.3
            for i in range(c.height):
                y0 = low + i * step
                bamboo_section(fig, sx, y0, y0 + step * 0.8, 0.1, c.colour, 0.8)
    else:  # the sections to pay back (TK-CMP-6)
        colours = [
            col for col, n in zip(("G", "Y", "P"), c.sections, strict=True) for _ in range(n)
        ]
        for k, colour in enumerate(colours):
            sx = mid_x + (k - (len(colours) - 1) / 2) * 0.3
            bamboo_section(fig, sx, low, high, 0.1, colour, 1)


def players(state: tk.State, player: int | None = None) -> go.Figure:
    """Each player's board: hand (own only with ``player=``, backs for the others), eaten
    sections, stored channels and chips, completed objectives and points."""
    if not isinstance(state, tk.State):
        raise InvalidStateError(f"viz.takenoko.players draws a Takenoko State, not {state!r}")
    if player is not None and player not in range(state.num_players):
        raise InvalidStateError(f"player must be a seat 0..{state.num_players - 1}, not {player!r}")
    n = state.num_players
    row_h = ROW_H
    title = "<b>Takenoko players</b>"
    if player is not None:
        title += f" · as player {player} sees them"
    elif state.viewer == tk.PUBLIC:
        title += " · what everyone at the table sees"
    elif state.viewer is not None:
        title += f" · as player {state.viewer} sees them"
    fig = canvas(title, 66 + int(n * row_h * 40))
    breakdown = state.breakdown()
    hover_x: list[float] = []
    hover_y: list[float] = []
    hover_t: list[str] = []
    stored: dict[str, list[tuple[float, float, int]]] = {imp: [] for imp in palette.IMPROVEMENTS}
    for p in range(n):
        y = (n - 1 - p) * row_h
        top = y + row_h - 0.15
        player_band(fig, p, 0, 20.3, y, top, 0.18)
        turn = " ◀ plays" if not state.is_over() and state.player == p else ""
        emperor = " + Emperor" if state.emperor == p else ""
        label(fig, 0.35, y + 2.15, f"Player {p}{turn}", size=14, anchor="left", bold=True)
        label(fig, 0.35, y + 1.5, f"{breakdown[p]['total']} points{emperor}", 13, anchor="left")
        done = f"objectives done: {breakdown[p]['objectives']}"
        label(fig, 0.35, y + 0.9, done, 12, anchor="left", color="#222222")
        # hand: the cards under their heading
        hand = state.visible_hand(p)
        if player is not None and p != player:
            hand = tuple(c[0] + "?" for c in hand)
        heading = top - 0.22
        label(fig, HAND_X, heading, "hand", size=12, anchor="left", color="#222222")
        for i, cid in enumerate(hand):
            x = HAND_X + i * (CARD_W + CARD_GAP)
            met = not cid.endswith("?") and tk.objective_met(state, p, cid)
            _card_face(fig, x, heading - 0.22 - CARD_H, cid, met)
            hover_x.append(x + CARD_W / 2)
            hover_y.append(heading - 0.22 - CARD_H / 2)
            hover_t.append(card_hover(cid) if not cid.endswith("?") else "a hidden card")
        # eaten sections: one stack per colour with the count
        label(fig, 14.1, heading, "eaten", size=12, anchor="left", color="#222222")
        for i, colour in enumerate(("G", "Y", "P")):
            count = state.eaten[p][i]
            x = 14.3 + i * 0.55
            for k in range(min(count, 8)):  # the count says the rest
                bamboo_section(fig, x, y + 0.6 + k * 0.18, y + 0.75 + k * 0.18, 0.12, colour, 1)
            label(fig, x, y + 0.3, f"{colour}{count}", size=12, bold=True)
        # stored channels and chips
        label(fig, 15.85, heading, "stored", size=12, anchor="left", color="#222222")
        chips = state.stored_improvements[p]
        channels = f"channels {state.stored_channels[p]}"
        label(fig, 15.85, y + 1.55, channels, 12, anchor="left")
        for i, imp in enumerate(palette.IMPROVEMENTS):
            stored[imp].append((16.1 + i * 0.6, y + 0.85, chips[i]))
            label(fig, 16.1 + i * 0.6, y + 0.3, str(chips[i]), size=12)
        # completed objectives: their ids, three to a row (the hover says each)
        label(fig, 17.75, heading, "completed", size=12, anchor="left", color="#222222")
        for i, cid in enumerate(state.completed[p]):
            x = 17.75 + (i % 3) * 0.84
            yy = heading - 0.75 - (i // 3) * 0.54
            c = tk.CARDS[cid]
            rounded_rect(fig, x, yy, x + 0.78, yy + 0.46, _DECK_FILL[c.deck], "#555555", 1)
            label(fig, x + 0.39, yy + 0.23, cid, size=12, bold=True)
            hover_x.append(x + 0.39)
            hover_y.append(yy + 0.23)
            hover_t.append(card_hover(cid))
    # stored chips: one trace per improvement for every player
    for imp, (symbol, colour) in palette.IMPROVEMENTS.items():
        at = stored[imp]
        fig.add_trace(
            go.Scatter(
                x=[a[0] for a in at],
                y=[a[1] for a in at],
                mode="markers+text",
                text=[imp] * len(at),
                textfont={"color": colour, "size": 12},
                marker={
                    "symbol": symbol,
                    "size": 21,
                    "color": "#FFFFFF",
                    "line": {"color": colour, "width": 2.5},
                },
                hoverinfo="text",
                hovertext=[f"{IMPROVEMENT_NAMES[imp]} chips stored: {a[2]}" for a in at],
                showlegend=False,
                name=f"{IMPROVEMENT_NAMES[imp]} chips",
            )
        )
    fig.add_trace(hover_trace(hover_x, hover_y, hover_t, 30))
    fig.update_xaxes(range=[-0.05, 20.35])
    fig.update_yaxes(range=[-0.2, n * row_h])
    return fig.figure()


# ---------------------------------------------------------------------- one card


def card(card_id: str | tk.ObjectiveCard) -> go.Figure:
    """What an objective card asks for: the plot shape in colour, the gardener's bamboo and
    improvement condition, or the panda's sections to pay; with its points."""
    cid = card_id.id if isinstance(card_id, tk.ObjectiveCard) else card_id
    if not isinstance(cid, str) or cid not in tk.CARDS:
        raise InvalidStateError(
            f"unknown Takenoko objective card {card_id!r} (P01-P15, G01-G15, A01-A15)"
        )
    c = tk.CARDS[cid]
    fig = canvas(f"<b>{cid}</b> · {c.deck} objective · {c.points} points", 330, 460)
    fig.update_layout(margin={"l": 10, "r": 10, "t": 50, "b": 10})
    xs: list[float] = [-2.2, 2.2]
    ys: list[float] = [-1.7, 1.9]
    layout = Layout(size=0.62)
    lowest = -1.15  # the text goes under the lowest hexagon drawn
    if c.deck == "plot":
        cells = [h for h, _ in c.pattern]
        centre = layout.hex_to_pixel(Hex(0, 0))
        pts = [layout.hex_to_pixel(h) for h in cells]
        mx = (max(p.x for p in pts) + min(p.x for p in pts)) / 2 - centre.x
        my = (max(p.y for p in pts) + min(p.y for p in pts)) / 2 - centre.y
        shifted = Layout(size=0.62, origin=type(layout.origin)(-mx, -my + 0.1))
        for h, colour in c.pattern:
            px, py = shifted.polygon(h, 0.95)
            lowest = min(lowest, *py)
            fig.add_trace(hex_trace(px, py, palette.TAKENOKO_PLOTS[colour], palette.WATER, 3))
            p = shifted.hex_to_pixel(h)
            label(fig, p.x, p.y, colour, size=15, bold=True)
        text = "irrigated plots in this shape (any rotation)"
    elif c.deck == "gardener":
        colour = c.colour
        for k in range(c.shoots):
            x = (k - (c.shoots - 1) / 2) * 0.75
            px, py = Layout(size=0.36, origin=type(layout.origin)(x, -0.55)).polygon(Hex(0, 0))
            fig.add_trace(hex_trace(px, py, palette.TAKENOKO_PLOTS[colour], palette.WATER, 2))
            for i in range(c.height):
                bamboo_section(fig, x, -0.5 + i * 0.4, -0.5 + i * 0.4 + 0.34, 0.13, colour, 1.2)
        if c.improvement in palette.IMPROVEMENTS:
            symbol, col = palette.IMPROVEMENTS[c.improvement]
            fig.add_trace(
                go.Scatter(
                    x=[1.45],
                    y=[0.3],
                    mode="markers+text",
                    text=[c.improvement],
                    textfont={"color": "#FFFFFF", "size": 13},
                    marker={
                        "symbol": symbol,
                        "size": 30,
                        "color": col,
                        "line": {"color": palette.BLACK, "width": 2},
                    },
                    hoverinfo="skip",
                    showlegend=False,
                )
            )
            cond = f"on a plot with a {IMPROVEMENT_NAMES[c.improvement]}"
        elif c.improvement == "none":
            cond = "on a plot with no improvement"
            label(fig, 1.45, 0.3, "no<br>improvement", size=12, color=palette.HIGHLIGHT, bold=True)
        else:
            cond = "improvements do not matter"
        many = f"{c.shoots} bamboos" if c.shoots > 1 else "one bamboo"
        text = f"{many} of height {c.height}, {COLOUR_NAMES[colour]}, {cond}"
    else:
        k = 0
        total = sum(c.sections)
        for colour, count in zip(("G", "Y", "P"), c.sections, strict=True):
            for _ in range(count):
                x = (k - (total - 1) / 2) * 0.7
                bamboo_section(fig, x, -0.6, 0.9, 0.2, colour, 1.5)
                label(fig, x, 0.15, colour, size=15, color="#FFFFFF", bold=True)
                k += 1
        text = "bamboo sections the panda has eaten, paid back to the reserve"
    label(fig, 0.0, lowest - 0.12, text, size=12, valign="top")
    ys[0] = min(ys[0], lowest - 0.55)
    fig.add_trace(hover_trace([0], [0], [card_hover(c.id)], 80))
    return finish(fig, xs, ys, 0.05)
