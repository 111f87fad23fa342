"""Pieces the Bamboo pictures share: a shoot tile, a food counter, a balance tile drawn as its
pattern, and a stick's owner in words. Split from :mod:`bamboo_lab.viz.bamboo`.
"""

from __future__ import annotations

import math
from typing import Any

from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import (
    ACTIONS,
    COLOUR_LETTERS,
    COLOURS,
    FOOD_KINDS,
    FOOD_VALUES,
    KINDS,
    TYPE_LETTERS,
    TYPES,
)

from . import palette
from ._common import Sketch, hover_trace, label, rect, rounded_rect, scatter

__all__ = [
    "FOOD",
    "FOOD_UNITS",
    "Hovers",
    "balance_words",
    "food_counter",
    "home_tile_words",
    "owner_words",
    "pattern_tile",
    "shoot_tile",
    "shoot_words",
]


FOOD = {"tea": ("#7FC4A8", "T1"), "rice": ("#FFFFFF", "R2"), "ramen": ("#E69F00", "M3")}

FOOD_UNITS: tuple[str, ...] = tuple(
    f"{value} food unit{'' if value == 1 else 's'}" for value in FOOD_VALUES
)
"""What each food counter is worth, in words (tea, rice, ramen: 1, 2, 3 food units)."""


def shoot_tile(fig: Sketch, code: int, x: float, y: float, w: float, h: float) -> str:
    """A shoot tile: its colour with the colour letter and action; returns its hover text."""
    colour, action = divmod(code, 5)
    fill = palette.BAMBOO_COLOURS[colour]
    rounded_rect(fig, x, y, x + w, y + h, fill, palette.BLACK, 1.2, radius=0.1)
    text_colour = "#FFFFFF" if colour in (0, 3) else palette.BLACK
    word = "★" if ACTIONS[action] == "wildcard" else ACTIONS[action]
    label(
        fig,
        x + w / 2,
        y + h / 2,
        f"<b>{COLOUR_LETTERS[colour]}</b> {word}",
        size=12,
        color=text_colour,
    )
    return shoot_words(code)


def shoot_words(code: int) -> str:
    """A shoot in the rulebook's words: its colour and its action."""
    colour, action = divmod(code, 5)
    if ACTIONS[action] == "wildcard":
        return f"{COLOURS[colour]} wildcard shoot (any one of the four actions)"
    return f"{COLOURS[colour]} {ACTIONS[action]} shoot"


def food_counter(fig: Sketch, kind: int, x: float, y: float) -> None:
    """A food counter centred at ``x, y``: its colour and its letter with its units."""
    colour, text = FOOD[FOOD_KINDS[kind]]
    fig.add_shape(
        type="circle",
        x0=x - 0.25,
        x1=x + 0.25,
        y0=y - 0.25,
        y1=y + 0.25,
        fillcolor=colour,
        line={"color": palette.BLACK, "width": 1},
    )
    label(fig, x, y, text, size=12)


def pattern_tile(
    fig: Sketch, tile: Any, x: float, y: float, width: float = 3.4, prefix: str = ""
) -> None:
    """A balance tile drawn at ``x, y`` (its top left): name, kind and HP, the pattern's cells
    in their types' colours (``any`` for a cell of any type), its comfort condition and the
    columns of the home it looks at (BB-PAT-1, BB-PAT-3)."""
    cell = 0.6
    rounded_rect(fig, x, y - 3.35, x + width, y, "#FAFAFA", "#555555", 1.2)
    label(
        fig,
        x + width / 2,
        y - 0.27,
        f"{prefix}<b>{tile.name}</b> · {KINDS[tile.kind]} · <b>{tile.hp} HP</b>",
        size=12,
    )
    if tile.type_total is not None:
        kind, need = tile.type_total
        cells: list[tuple[int, int, int | None]] = [(0, 0, kind)]
        words = f"all {TYPES[kind]} tiles:<br>comfort {need} or more"
    else:
        cells = list(tile.cells)
        words = f"comfort {tile.min_comfort} or more<br>in all" if tile.min_comfort else ""
    rows = 1 + max(dr for dr, _, _ in cells)
    cols = 1 + max(dc for _, dc, _ in cells)
    cell = min(cell, (width - 0.2) / cols)  # a row of five stays inside the tile
    gx = x + (width - cols * cell) / 2
    gy = y - 0.55 - (3 - rows) * cell / 2
    for dr, dc, kind in cells:
        cx, cy = gx + dc * cell, gy - (dr + 1) * cell
        fill = "#FFFFFF" if kind is None else palette.lighter(palette.HOME_TYPES[kind], 0.25)
        rect(fig, cx + 0.03, cy + 0.03, cx + cell - 0.03, cy + cell - 0.03, fill, "#333333", 1.2)
        text = "any" if kind is None else f"<b>{TYPE_LETTERS[kind]}</b>"
        label(fig, cx + cell / 2, cy + cell / 2, text, size=12 if kind is None else 13)
    if words:
        label(fig, x + width / 2, y - 2.5, words, size=12, color="#222222")
    # the five columns of the home, those the tile looks at shaded
    looked = {0: (0, 1), 1: (0, 1, 2, 3, 4), 2: (3, 4)}[tile.kind]
    for c in range(5):
        sx = x + width - 1.6 + c * 0.3
        fill = "#7A7A7A" if c in looked else "#FFFFFF"
        rect(fig, sx, y - 3.22, sx + 0.26, y - 3.0, fill, "#7A7A7A", 1)
    label(fig, x + 0.12, y - 3.11, "looks at", size=12, anchor="left", color="#444444")


def owner_words(owner: int) -> str:
    """A stick's owner in words."""
    return "the ghost" if owner == bb.GHOST else f"player {owner}"


def home_tile_words(tile: Any) -> str:
    """A home tile in words: its type, comfort, price and the HP it brings (BB-ACT-4)."""
    return (
        f"{TYPES[tile.type]} tile, comfort {tile.comfort}; costs {tile.cost} coins,"
        f" +{tile.hp} HP when bought"
    )


def balance_words(tile: Any) -> str:
    """A balance tile's pattern in words (its drawing shows the shape): which home tiles, where
    (BB-PAT-1, BB-PAT-3)."""
    where = ("in the left two columns", "anywhere in the home", "in the right two columns")
    if tile.type_total is not None:
        kind, total = tile.type_total
        return f"{TYPES[kind]} tiles adding up to comfort {total} or more, {where[tile.kind]}"
    kinds = [TYPES[kind] if kind is not None else "any type" for _, _, kind in tile.cells]
    count = len(kinds)
    extra = f", comfort {tile.min_comfort} or more together" if tile.min_comfort else ""
    return (
        f"{count} home tile{'s' if count > 1 else ''} in the shape drawn ({', '.join(kinds)})"
        f"{extra}, {where[tile.kind]}"
    )


_SAME_TO_THE_EYE = "\u200b"
"""A zero-width space: added to the hover text of each extra point covering a place (and of a
second counter of the same food), so that every point keeps its own text (the board reads one
point per text, ``bamboo_lab.widgets.places.hover_points``) while the text reads the same."""


PX_PER_UNIT = 800 / 18.5
"""Pixels per data unit of every Bamboo picture (820 px wide, 10-px margins, x from 0 to 18.5;
the height uses the same scale): what sizes a covering square in pixels."""


class Hovers:
    """The hover texts of a picture: one point per thing (its centre), and for each place a
    person clicks, a few invisible squares sized in pixels to cover the whole of its shape, so
    that a click anywhere on a temple, a stalk, a tile or a home space counts (the board reads
    the place back from the text under the click)."""

    INSET = 0.03
    """Data units the covering squares keep inside a place's edge (its neighbour's stay apart)."""
    SPOT_PX = 10
    """A spot's diameter in pixels."""

    def __init__(self) -> None:
        """No hover text yet."""
        self.xs: list[float] = []
        self.ys: list[float] = []
        self.texts: list[str] = []
        self.covers: dict[int, tuple[list[float], list[float], list[str]]] = {}
        """The covering squares by their side in pixels: their centres and texts."""
        self.spot_xs: list[float] = []
        self.spot_ys: list[float] = []
        self.spot_texts: list[str] = []
        self.seen: set[str] = set()
        """Every text given a point so far."""

    def _own(self, text: str) -> str:
        """``text``, made different from every text given so far (invisibly)."""
        while text in self.seen:
            text += _SAME_TO_THE_EYE
        self.seen.add(text)
        return text

    def add(self, x: float, y: float, text: str) -> None:
        """A hover text at the point ``x, y`` (two food counters of a kind: each its own)."""
        self.xs.append(x)
        self.ys.append(y)
        self.texts.append(self._own(text))

    def spot(self, x: float, y: float, text: str) -> None:
        """A hover text on a small spot at ``x, y``, found before the covering squares around
        it (a shoot in a stalk, the centre of a covered place)."""
        self.spot_xs.append(x)
        self.spot_ys.append(y)
        self.spot_texts.append(self._own(text))

    def cover(self, x0: float, y0: float, x1: float, y1: float, text: str) -> None:
        """``text`` at the rectangle's centre and on the fewest squares covering all of it:
        each as tall (or wide) as its short side, in a row along its long side, overlapping
        evenly (one square for a square-ish tile, a column of a few for a tall temple)."""
        self.spot((x0 + x1) / 2, (y0 + y1) / 2, text)
        x0, y0, x1, y1 = x0 + self.INSET, y0 + self.INSET, x1 - self.INSET, y1 - self.INSET
        side = min(x1 - x0, y1 - y0)
        pixels = math.ceil(side * PX_PER_UNIT)
        xs, ys, texts = self.covers.setdefault(pixels, ([], [], []))
        for x in _centres(x0, x1, side):
            for y in _centres(y0, y1, side):
                xs.append(x)
                ys.append(y)
                texts.append(self._own(text + _SAME_TO_THE_EYE))

    def traces(self, size: float = 30) -> list[Any]:
        """The spots' trace, the points' trace (invisible markers of diameter ``size``), then
        the covering squares' traces (one per square size). Plotly shows the hover of the
        point nearest the mouse, a small marker winning over a larger one it lies in: so a
        spot's own text shows on it, and the covering squares' text around it."""
        traces = [
            hover_trace(self.spot_xs, self.spot_ys, self.spot_texts, self.SPOT_PX),
            hover_trace(self.xs, self.ys, self.texts, size),
        ]
        for pixels, (xs, ys, texts) in sorted(self.covers.items()):
            traces.append(
                scatter(
                    x=xs,
                    y=ys,
                    mode="markers",
                    marker={"size": pixels, "opacity": 0, "symbol": "square"},
                    hoverinfo="text",
                    hovertext=texts,
                    showlegend=False,
                    name="",
                )
            )
        return traces


def _centres(start: float, stop: float, side: float) -> list[float]:
    """The centres of the fewest squares of ``side`` covering ``start`` to ``stop`` edge to
    edge (overlapping evenly when the span is not a whole number of sides)."""
    count = max(1, math.ceil((stop - start) / side - 1e-9))
    if count == 1:
        return [(start + stop) / 2]
    first, last = start + side / 2, stop - side / 2
    return [first + (last - first) * k / (count - 1) for k in range(count)]
