"""Bangkok's rulebook words for its actions: button groups, labels, pending decisions and the
final score's rows (the words layer, docs/adding-a-game.md).

The one place a Bangkok move is worded: the board's buttons, log and list of moves, and the
analysis tables' move column all say what it says. A card is named by its goods, as the
rulebook's “boat” and “chilli” cards are (``the fish card``, ``the chilli card with blue
peas``), never by the engine's number; a slot by its side of the port (``left of row 2``),
as the lessons read moves back (:func:`bamboo_lab.exercises.bangkok_lessons.move`). Nothing here
decides legality: the words only name actions the engine listed.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DECISIONS", "GROUPS", "SCORE_ROWS", "SIDES", "button", "card_words", "group", "label"]

GROUPS: dict[str, str] = {
    "PlaceAtPort": "place a hand card at the port",
    "Collect": "collect port cards",
    "LayInMarket": "lay a card in your market",
    "Renew": "renew a port line",
    "Pass": "pass",
}
"""The button group of each action class, in rulebook words."""

_GOODS = {"P": "passion fruit", "Z": "Thai zucchini", "B": "blue peas", "F": "fish"}

SIDES: dict[str, str] = {
    "L": "left of row",
    "R": "right of row",
    "T": "above column",
    "B": "below column",
}
"""Each side of the port a card is placed at (BK-ACT-1), by the letter of its slot."""


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def card_words(face: str) -> str:
    """A card by its face (``"*PZ"``, ``"BF"``) as a student names it: ``chilli card with
    passion fruit and Thai zucchini``, ``blue peas and fish card`` (never its number)."""
    goods = _listed([_GOODS.get(good, good) for good in face.lstrip("*")])
    return f"chilli card with {goods}" if face.startswith("*") else f"{goods} card"


def _slot(slot: str) -> str:
    """A slot (``"L2"``) by its side of the port: ``left of row 2``."""
    return f"{SIDES.get(slot[0], slot[0])} {slot[1:]}"


def _line(line: str) -> str:
    """A port line (``"row2"``, ``"col3"``): ``row 2``, ``column 3``."""
    return f"{'row' if line.startswith('row') else 'column'} {line[3:]}"


def label(action: Any, state: Any = None) -> str:
    """The move ``action`` in rulebook words (``place the fish card left of row 2``,
    ``collect port cells 1 and 3``); every decision is public: the state adds nothing."""
    kind = type(action).__name__
    if kind == "PlaceAtPort":  # BK-ACT-1: a hand card beside a line of the port
        return f"place the {card_words(action.face)} {_slot(action.slot)}"
    if kind == "Collect":
        cells = [str(cell) for cell in action.cells]
        return f"collect port cell{'s' if len(cells) > 1 else ''} {_listed(cells)}"
    if kind == "LayInMarket":
        return f"lay the {card_words(action.face)} in market cell {action.cell}"
    if kind == "Renew":  # BK-RENEW-1: a line of the port, never of the market
        return f"renew {_line(action.line)} of the port"
    return "pass" if kind == "Pass" else str(action)


def button(action: Any, state: Any = None) -> str:
    """The words on a button: as :func:`label`, without what its group already says (the
    card, the port)."""
    kind = type(action).__name__
    if kind == "PlaceAtPort":
        return _slot(action.slot)
    if kind == "LayInMarket":
        return f"market cell {action.cell}"
    if kind == "Renew":
        return f"renew {_line(action.line)}"
    return label(action, state)


def group(action: Any) -> str:
    """The button group of ``action``: its kind in rulebook words (the card it plays, by its
    goods, for the moves that play a hand card)."""
    kind = type(action).__name__
    if kind == "PlaceAtPort":
        return f"place the {card_words(action.face)} at the port"
    if kind == "LayInMarket":
        return f"lay the {card_words(action.face)} in your market"
    return GROUPS.get(kind, kind)


DECISIONS: dict[str, str] = {
    "act": "place a hand card beside the port, or renew a port line",
    "collect": "collect port cards in line with the placed card",
    "lay": "lay a collected card in your market",
}
"""The pending decision of each phase, in rulebook words."""

SCORE_ROWS: dict[str, str] = {
    "objective": "pontoon good",
    "objective_points": "objective baskets",
    "chilli_points": "chilli cards",
    "complete_bonus": "complete market",
    "total": "total",
}
"""The rows of the final score table: each key of the outcome's breakdown, in words."""
