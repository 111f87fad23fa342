"""Bamboo rule variants: every field's default is the recommended reading (catalog 1.13)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bamboo_lab.core.options import GameOptions

__all__ = ["Options"]


@dataclass(frozen=True)
class Options(GameOptions):
    """The rule variants of Bamboo, defaults = the recommended readings."""

    night_side: bool = False
    """Play on the night side of the personal boards (R-EN Advanced Game Mode, BB-ADV-1/2)."""

    wildcards: Literal["unmarked", "board"] = "unmarked"
    """Where the 4 wildcard shoots sit: among the unmarked (drafted) shoots (REC catalog 1.3,
    recommended) or among the board-setup shoots (the alternative REC)."""

    draft_order: Literal["clockwise", "snake"] = "clockwise"
    """Order of the second draft pick: the same clockwise order (B9, recommended) or reversed."""

    first_turn_free: Literal["game", "round"] = "game"
    """Only the very first Summer turn of the game may revisit any temple (B3, R-FR), or the
    first turn of every round ("during the first round you are free to choose", R-EN read
    loosely)."""

    feeding: Literal["choose", "auto"] = "choose"
    """Winter feeding: each counter paid is a decision (B14, recommended), or the engine pays
    Ookami first and then the least-waste set of counters."""

    voluntary_pass: bool = False
    """Allow passing in Summer while holding incense (B10: not in the rules, default off)."""
