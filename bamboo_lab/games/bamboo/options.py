"""Bamboo rule variants: every field's default is the recommended reading (catalog 1.13)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.options import GameOptions

from .components import BalanceTile, balance_tile_from_spec
from .reconstructed import BALANCE_TILES

__all__ = ["MAX_CUSTOM_TILES", "Options"]

MAX_CUSTOM_TILES = 12
"""At most this many custom balance tiles join a game (enough for any worked example)."""


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

    custom_balance: tuple[str, ...] = ()
    """Extra balance tiles (a teacher's examples) as specs ``"C21 5 (0,0):G (0,1):G"``; each
    joins the stack of its kind at setup (see :func:`.components.balance_tile_from_spec`)."""

    def validate(self) -> None:
        """Check the custom balance tiles: readable specs, new names, at most a dozen."""
        if len(self.custom_balance) > MAX_CUSTOM_TILES:
            raise InvalidStateError(f"at most {MAX_CUSTOM_TILES} custom balance tiles")
        if not all(isinstance(spec, str) for spec in self.custom_balance):
            raise InvalidStateError("Options.custom_balance must be a tuple of spec strings")
        names = [tile.name for tile in self.balance_table]
        if len(set(names)) != len(names):
            raise InvalidStateError(f"custom balance tile names must be new: {names[68:]}")

    @cached_property
    def balance_table(self) -> tuple[BalanceTile, ...]:
        """Every balance tile of a game with these options: the 68, then the custom ones."""
        extra = tuple(
            balance_tile_from_spec(spec, len(BALANCE_TILES) + index)
            for index, spec in enumerate(self.custom_balance)
        )
        return BALANCE_TILES + extra

    @cached_property
    def balance_ids(self) -> dict[str, int]:
        """The id of each balance tile name of :attr:`balance_table`."""
        return {tile.name: tile.id for tile in self.balance_table}
