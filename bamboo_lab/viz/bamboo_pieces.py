"""Pieces the Bamboo pictures share: a shoot tile, a food counter, a balance tile drawn as its
pattern, and a stick's owner in words. Split from :mod:`bamboo_lab.viz.bamboo`.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import (
    ACTION_LETTERS,
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
from ._common import Sketch, label, rect, rounded_rect

__all__ = ["FOOD", "FOOD_UNITS", "food_counter", "owner_words", "pattern_tile", "shoot_tile"]


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
        f"<b>{COLOUR_LETTERS[colour]}</b><br>{word}",
        size=10,
        color=text_colour,
    )
    return (
        f"{COLOURS[colour]} shoot, action {ACTIONS[action]} ({COLOUR_LETTERS[colour]}"
        f"{ACTION_LETTERS[action]})"
    )


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
    label(fig, x, y, text, size=10)


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
        size=12 if width >= 3 else 11,
    )
    if tile.type_total is not None:
        kind, need = tile.type_total
        cells: list[tuple[int, int, int | None]] = [(0, 0, kind)]
        words = f"all {TYPES[kind]} tiles:<br>comfort {need} or more"
    else:
        cells = list(tile.cells)
        words = f"comfort {tile.min_comfort} or more in all" if tile.min_comfort else ""
    rows = 1 + max(dr for dr, _, _ in cells)
    cols = 1 + max(dc for _, dc, _ in cells)
    gx = x + (width - cols * cell) / 2
    gy = y - 0.55 - (3 - rows) * cell / 2
    for dr, dc, kind in cells:
        cx, cy = gx + dc * cell, gy - (dr + 1) * cell
        fill = "#FFFFFF" if kind is None else palette.lighter(palette.HOME_TYPES[kind], 0.25)
        rect(fig, cx + 0.03, cy + 0.03, cx + cell - 0.03, cy + cell - 0.03, fill, "#333333", 1.2)
        text = "any" if kind is None else f"<b>{TYPE_LETTERS[kind]}</b>"
        label(fig, cx + cell / 2, cy + cell / 2, text, size=9 if kind is None else 13)
    if words:
        label(fig, x + width / 2, y - 2.55, words, size=10, color="#222222")
    # the five columns of the home, those the tile looks at shaded
    looked = {0: (0, 1), 1: (0, 1, 2, 3, 4), 2: (3, 4)}[tile.kind]
    for c in range(5):
        sx = x + width - 1.6 + c * 0.3
        fill = "#7A7A7A" if c in looked else "#FFFFFF"
        rect(fig, sx, y - 3.22, sx + 0.26, y - 3.0, fill, "#7A7A7A", 1)
    label(fig, x + 0.12, y - 3.11, "looks at", size=9, anchor="left", color="#444444")


def owner_words(owner: int) -> str:
    """A stick's owner in words."""
    return "the ghost" if owner == bb.GHOST else f"player {owner}"
