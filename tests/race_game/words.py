"""Race's words: the labels, groups and decisions the boards show."""

from __future__ import annotations

from typing import Any

GROUPS = {"Roll": "the die", "Move": "move your pawn"}
DECISIONS = {"roll": "roll the die", "move": "move your pawn 1 to the rolled number of hexes"}
SCORE_ROWS = {"hex": "hex reached", "total": "total"}


def group(action: Any) -> str:
    """The button group of ``action``."""
    return GROUPS.get(type(action).__name__, type(action).__name__)


def label(action: Any, state: Any = None) -> str:
    """``action`` in words."""
    if type(action).__name__ == "Roll":
        return f"the die shows {action.face}"
    return f"move {action.steps} hex{'es' if action.steps > 1 else ''}"
