"""Bangkok's rulebook words for its actions: button groups, labels, pending decisions and the
final score's rows (the words layer, docs/adding-a-game.md).

The notation (``str(action)``) stays beside these words on the boards so a student learns it
too. Nothing here decides legality: the words only name actions the engine listed.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DECISIONS", "GROUPS", "SCORE_ROWS", "button", "face_words", "group", "label"]

GROUPS: dict[str, str] = {
    "PlaceAtPort": "place a hand card at the port",
    "Collect": "collect port cards",
    "LayInMarket": "lay a card in your market",
    "Renew": "renew a port line",
    "Pass": "pass",
}
"""The button group of each action class, in rulebook words."""

_GOODS = {"P": "passion fruit", "Z": "thai zucchini", "B": "blue peas", "F": "fish"}
_SIDES = {"L": "left of row", "R": "right of row", "T": "above column", "B": "below column"}


def face_words(face: str) -> str:
    """A card's face (``"*PZ"``) in words: ``chilli card passion fruit, thai zucchini``."""
    chilli = face.startswith("*")
    goods = ", ".join(_GOODS.get(good, good) for good in face.lstrip("*"))
    return f"{'chilli card ' if chilli else ''}{goods}"


def group(action: Any) -> str:
    """The button group of ``action``: its kind in rulebook words (a card's own group for the
    actions that play a hand card)."""
    kind = type(action).__name__
    if kind in ("PlaceAtPort", "LayInMarket"):
        where = "at the port" if kind == "PlaceAtPort" else "in your market"
        verb = "place" if kind == "PlaceAtPort" else "lay"
        return f"{verb} card #{action.card} ({face_words(action.face)}) {where}"
    return GROUPS.get(kind, kind)


def _slot(slot: str) -> str:
    return f"{slot} ({_SIDES.get(slot[0], slot[0])} {slot[1]})"


def label(action: Any, state: Any = None) -> str:
    """The label of ``action`` in rulebook words (every decision is public: the state adds
    nothing)."""
    kind = type(action).__name__
    if kind == "PlaceAtPort":
        return f"#{action.card} ({face_words(action.face)}) at {_slot(action.slot)}"
    if kind == "Collect":
        return (
            "collect cell"
            + ("s " if len(action.cells) > 1 else " ")
            + "+".join(str(cell) for cell in action.cells)
        )
    if kind == "LayInMarket":
        return f"#{action.card} ({face_words(action.face)}) in cell {action.cell}"
    if kind == "Renew":
        what, number = action.line[:3], action.line[3:]
        return f"renew {'row' if what == 'row' else 'column'} {number}"
    if kind == "Pass":
        return "pass"
    return str(action)


def button(action: Any, state: Any = None) -> str:
    """The words on a button: as :func:`label`, without what its group (the card) says."""
    kind = type(action).__name__
    if kind == "PlaceAtPort":  # the slot's name on the picture first
        return _slot(action.slot)
    if kind == "LayInMarket":
        return f"cell {action.cell}"
    return label(action, state)


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
