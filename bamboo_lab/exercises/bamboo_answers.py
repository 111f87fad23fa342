"""How the Bamboo exercises read a student's answer: temples by colour, shoots by name, home
spaces, balance tiles and the owners of incense, each in the forms a student may write; and the
winner of a temple's spirit in the same words. Re-exported by :mod:`bamboo_lab.exercises.bamboo`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import (
    ACTION_LETTERS,
    ACTIONS,
    COLOUR_LETTERS,
    COLOURS,
    shoot_name,
)

__all__ = ["cell_item", "colour_item", "owner_item", "shoot_item", "spirit_winner", "tile_item"]


def colour_item(item: Any) -> str:
    """A temple colour from ``"red"``, ``"Red temple"``, ``"R"`` or ``0``."""
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 4:
        return COLOURS[item]
    if isinstance(item, str):
        word = item.strip().lower().removeprefix("the ").removesuffix(" temple").strip()
        if word in COLOURS:
            return word
        if len(word) == 1 and word.upper() in COLOUR_LETTERS:
            return COLOURS[COLOUR_LETTERS.index(word.upper())]
    raise ValueError(f"not a temple colour: {item!r:.40}")


def shoot_item(item: Any) -> str:
    """A shoot's name (``"Yf"``) from ``"Yf"``, ``"yf"``, ``"yellow fund"`` or
    ``("yellow", "fund")``."""
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 20:
        return shoot_name(item)
    if isinstance(item, (tuple, list)) and len(item) == 2:
        item = " ".join(map(str, item))
    if isinstance(item, str):
        words = item.strip().lower().removesuffix(" shoot").split()
        if len(words) == 1 and len(words[0]) == 2:
            colour, action = words[0][0].upper(), words[0][1]
            if colour in COLOUR_LETTERS and action in ACTION_LETTERS:
                return colour + action
        if len(words) == 2 and words[0] in COLOURS and words[1] in ACTIONS:
            return COLOUR_LETTERS[COLOURS.index(words[0])] + ACTION_LETTERS[ACTIONS.index(words[1])]
    raise ValueError(f"not a shoot: {item!r:.40}")


def cell_item(item: Any) -> str:
    """A home space as ``"row,col"`` from ``"1,2"``, ``"(1, 2)"``, ``(1, 2)``, ``"row 1 col 2"``
    (in any order) or its index 0-14 (row by row)."""
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 15:
        return "{},{}".format(*divmod(item, 5))
    if isinstance(item, (tuple, list)) and len(item) == 2:
        item = ",".join(map(str, item))
    if isinstance(item, str):
        text = item.strip().lower()
        named = re.search(r"row\s*(\d+)", text), re.search(r"col(?:umn)?\s*(\d+)", text)
        numbers = re.findall(r"\d+", text)
        if named[0] and named[1]:
            numbers = [named[0][1], named[1][1]]
        if len(numbers) == 2 and int(numbers[0]) < 3 and int(numbers[1]) < 5:
            return f"{int(numbers[0])},{int(numbers[1])}"
    raise ValueError(f"not a home space: {item!r:.40}")


def tile_item(item: Any) -> str:
    """A balance tile's name from ``"L05"`` (any case), a tile id or a BalanceTile."""
    if isinstance(item, bb.BalanceTile):
        return item.name
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < len(bb.BALANCE_TILES):
        return bb.BALANCE_TILES[item].name
    if isinstance(item, str):
        return bb.balance_tile(item.strip().upper()).name
    raise ValueError(f"not a balance tile: {item!r:.40}")


_NOBODY = ("nobody", "none", "no one", "noone", "-")
_GHOST = ("ghost", "the ghost", "g", "brown", "the brown ghost")


def owner_item(item: Any) -> int | str:
    """Who wins a temple: a seat (``1``, ``"1"``, ``"player 1"``, ``"P1"``), ``"ghost"`` (also
    ``-1``, ``"g"``) or ``"nobody"``."""
    if isinstance(item, bool):
        raise ValueError("a seat is a number")
    if isinstance(item, int):
        if item == bb.GHOST:
            return "ghost"
        if 0 <= item < 4:
            return item
    if isinstance(item, str):
        word = item.strip().lower()
        if word in _GHOST:
            return "ghost"
        if word in _NOBODY:
            return "nobody"
        seat = word.removeprefix("player").removeprefix("p").strip()
        if seat.isdigit() and int(seat) < 4:
            return int(seat)
    raise ValueError(f"not an owner: {item!r:.40}")


def spirit_winner(stack: Sequence[int]) -> int | str:
    """The winner of a temple's spirit in the answers' words (BB-AUT-1)."""
    if not stack:
        return "nobody"
    best = bb.temple_majority(stack)[0]
    return "ghost" if best == bb.GHOST else best
