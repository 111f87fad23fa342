"""Bangkok's player aid: one printable page with the goal, a turn, the port, the market, the
chilli cards and how each type scores its neighbourhood, and the end of the game."""

from __future__ import annotations

import plotly.graph_objects as go

from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import GOOD_LETTERS
from bamboo_lab.games.bangkok.scoring import COMPLETE_BONUS

from ._common import WIDTH, Sketch, canvas, label, rect, rounded_rect
from .bangkok_cards import GOOD_NAMES, KEY, Goods, draw_card

__all__ = ["AID_HEIGHT", "player_aid"]

AID_HEIGHT = 1152
"""The player aid's height in pixels (an A4 page, portrait, at about 96 pixels per inch;
its 864 points in the PDF are a whole number)."""


def _box(fig: Sketch, x0: float, y0: float, x1: float, y1: float, title: str) -> None:
    """A titled panel of the player aid."""
    rounded_rect(fig, x0, y0, x1, y1, "#FAFAF7", "#888888", 1.2, radius=0.2)
    label(fig, x0 + 0.25, y1 - 0.2, f"<b>{title}</b>", 16, anchor="left", valign="top")


def _mini_grid(
    fig: Sketch, x: float, y: float, size: float, shaded: set[int], marks: dict[int, str]
) -> None:
    """A small 3x3 market (cells 0-8) with ``shaded`` cells filled and a text in ``marks``."""
    for i in range(9):
        r, c = divmod(i, 3)
        cx, cy = x + c * size, y - (r + 1) * size
        fill = "#F2B8A0" if i in shaded else "#FFFFFF"
        rect(fig, cx, cy, cx + size * 0.92, cy + size * 0.92, fill, "#777777", 1, layer="below")
        if i in marks:
            label(fig, cx + size * 0.46, cy + size * 0.46, marks[i], 12, bold=True)


_AID_TYPES = {
    1: "5 points minus 1<br>per basket<br>of its good",
    2: "1 point<br>per basket<br>of its good",
    3: "2 points per pair:<br>a basket of each<br>of its 2 goods",
    4: "2 points for<br>each of its 2<br>goods seen<br>exactly once",
}
"""The chilli types in the player aid's short lines (the rules BK-SCORE-3 to BK-SCORE-6)."""


def player_aid() -> go.Figure:
    """One printable page: the goal, a turn, the port, the market, the chilli cards and how each
    type scores its neighbourhood, and the end of the game (drawn from the engine's deck,
    neighbourhoods and scoring formula)."""
    fig = canvas("<b>Bangkok</b> · player aid", AID_HEIGHT, WIDTH)
    goods = Goods()
    # the goal
    _box(fig, 0.2, 18.3, 15.8, 20.9, "The goal")
    goal = [
        "Build your own <b>market</b>: a square of 3 x 3 cards, filled by trading at the port.",
        "At the end you score <b>1 point per basket of your secret good</b> (on your pontoon),"
        " <b>each chilli card</b> over its neighbours,",
        f"and <b>{COMPLETE_BONUS} points</b> for a full market. Highest total wins"
        " (a tie goes to more secret-good points).",
    ]
    for i, text in enumerate(goal):
        label(fig, 0.5, 20.05 - i * 0.5, text, 13, anchor="left")
    label(fig, 0.5, 18.6, "The four goods, one circle per basket:", 12, anchor="left")
    for j, good in enumerate(bk.GOODS):
        goods.add(good, 5.3 + j * 2.6, 18.6, 20)
        label(fig, 5.6 + j * 2.6, 18.6, GOOD_NAMES[good], 12, anchor="left")
    # a turn, with a small port and the slots
    _box(fig, 0.2, 12.7, 15.8, 18.0, "Your turn")
    steps = [
        "<b>1. Place</b> a hand card beside a row or column of the port (a slot L, R, T or B);",
        "    it must share a good with a card of that line.",
        "<b>2. Take</b> one card of that line per basket of your card, each showing that"
        " basket's good:",
        "    as many as you can (never refuse a card).",
        "<b>3. Slide</b>: the line moves away from your card, which stays in the port;",
        "    refill the gaps (chilli pile while the port has 0 or 1 chilli card, else boat pile).",
        "<b>4. Lay</b> cards in your market until your hand is back to 3 cards.",
        "<b>Or instead</b>: renew one row or column with new cards from the piles.",
    ]
    for i, text in enumerate(steps):
        label(fig, 0.5, 17.25 - i * 0.55, text, 12, anchor="left")
    size, px, py = 0.62, 12.4, 16.9
    for i in range(9):
        r, c = divmod(i, 3)
        x, y = px + c * size, py - (r + 1) * size
        rect(fig, x, y, x + size * 0.9, y + size * 0.9, "#FFFDF4", "#777777", 1, layer="below")
    for k in range(3):
        label(fig, px - 0.3, py - (k + 0.55) * size, f"L{k + 1}", 12, "#555555")
        label(fig, px + 3 * size + 0.25, py - (k + 0.55) * size, f"R{k + 1}", 12, "#555555")
        label(fig, px + (k + 0.45) * size, py + 0.2, f"T{k + 1}", 12, "#555555")
        label(fig, px + (k + 0.45) * size, py - 3 * size - 0.25, f"B{k + 1}", 12, "#555555")
    label(fig, px + 1.4 * size, py - 3 * size - 0.75, "the port and its 12 slots", 12)
    # the market
    _box(fig, 0.2, 8.7, 7.9, 12.4, "Your market")
    _mini_grid(fig, 0.6, 11.7, 0.85, set(), {0: "1st", **{i: str(i + 1) for i in range(1, 9)}})
    rules = [
        "first card: the top-left",
        "corner, by your pontoon;",
        "then next to a laid card",
        "(a side, not a corner);",
        "cards never move;",
        "<b>one chilli card per row</b>",
    ]
    for i, text in enumerate(rules):
        label(fig, 3.4, 11.55 - i * 0.45, text, 12, anchor="left")
    # what a chilli card counts
    _box(fig, 8.1, 8.7, 15.8, 12.4, "A chilli card counts itself and its neighbours")
    for j, (cell, where) in enumerate(((0, "corner: 3 cards"), (1, "side: 4"), (4, "centre: 5"))):
        x = 8.6 + j * 2.45
        _mini_grid(fig, x, 11.5, 0.55, set(bk.neighbourhood(cell)), {cell: "C"})
        label(fig, x + 0.8, 9.5, where, 12)
    # the four chilli types, one real card of each, with an example computed by the engine
    _box(
        fig,
        0.2,
        2.9,
        15.8,
        8.4,
        "Chilli cards: C1-C4 is the type; the letters after → are the goods it scores",
    )
    first = bk.cards(kind="chilli", chilli_type=1)[0]
    carried = " and ".join(GOOD_NAMES[good] for good in first.goods)
    scored = " and ".join(GOOD_NAMES[good] for good in first.indicated)
    label(
        fig,
        0.5,
        7.45,
        f"The circle on a chilli card is its basket, traded and counted like any basket; it is"
        f" not the good<br>the card scores: this C1 carries a {carried} basket and scores"
        f" {scored} around it.",
        12,
        anchor="left",
        valign="top",
    )
    examples = {1: [2], 2: [3], 3: [2, 3], 4: [1, 2]}
    for t in range(1, 5):
        chilli = bk.cards(kind="chilli", chilli_type=t)[0]
        x = 0.5 + (t - 1) * 3.8
        draw_card(fig, goods, chilli, x, 4.4, 1.3, 1.75, 24)
        counts = examples[t]
        named = [GOOD_LETTERS[bk.GOODS.index(g)] for g in chilli.indicated]
        seen = " and ".join(f"{n} {g}" for n, g in zip(counts, named, strict=True))
        points = bk.chilli_points(t, counts)
        label(fig, x + 1.45, 6.15, f"<b>type {t}</b>", 13, anchor="left", valign="top")
        label(fig, x + 1.45, 5.7, _AID_TYPES[t], 12, anchor="left", valign="top")
        label(
            fig,
            x,
            4.15,
            f"e.g. {seen} in its<br>neighbourhood: <b>{points} points</b>",
            12,
            anchor="left",
            valign="top",
        )
    # the end
    _box(fig, 0.2, 0.2, 15.8, 2.6, "The end")
    ending = [
        "When a player lays the 9th card of their market, finish the round: everyone plays as"
        " many turns.",
        "Then everyone scores: secret good + chilli cards + full market. Most points wins.",
    ]
    for i, text in enumerate(ending):
        label(fig, 0.5, 1.75 - i * 0.5, text, 12, anchor="left")
    label(fig, 0.3, -0.1, "<br>".join(KEY), 12, "#444444", "left", "top")
    goods.traces(fig, legend=True)
    fig.update_layout(
        showlegend=True,
        legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom", "itemclick": False},
        margin={"l": 10, "r": 10, "t": 80, "b": 10},
    )
    fig.update_xaxes(range=[0, 16])
    fig.update_yaxes(range=[-1.5, 21.1], scaleanchor="x", scaleratio=1)
    return fig.figure()
