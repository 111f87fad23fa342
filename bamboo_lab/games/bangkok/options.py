"""Bangkok rule variants: ``Options`` (defaults = the catalog's recommended readings, part 2.7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.options import GameOptions

from .components import build_deck

__all__ = ["Options"]


@dataclass(frozen=True)
class Options(GameOptions):
    """Bangkok options; every field is a rule variant whose default is the recommended reading."""

    expert: bool = False
    """Expert version: at most one chilli card per row AND per column of a market (BK-EXP-1, K9)."""

    solo: bool = True
    """With 1 player, play the one-player version (piles above columns 1 and 3, the token
    as a 9-turn counter blocking its slot; BK-SOLO-1..3, K14). False: 1 player plays the ordinary
    rules alone (the game ends when the market is complete)."""

    collect: Literal["maximum", "any"] = "maximum"
    """K1: "maximum" = never refuse a card one is entitled to, so take a maximum matching;
    "any" = the literal "can collect 1 or 2 cards": any non-empty matchable set."""

    goods_count: Literal["baskets", "distinct"] = "baskets"
    """K2: each basket of the placed card collects one card ("baskets", rulebook Examples 3-4),
    or each distinct good does ("distinct")."""

    refill: Literal["per_slot", "once"] = "per_slot"
    """K4: choose the pile before each empty slot ("per_slot") or once for all the slots of the
    refill ("once"), switching to the other pile when one is exhausted."""

    clamp_type1: bool = False
    """K7: a type-1 chilli card scores 5 minus its goods and may go negative; True clamps at 0."""

    deck: tuple[str, ...] = ()
    """The 60 card specs (grammar in :mod:`.components`); empty = the RECONSTRUCTED deck."""

    def validate(self) -> None:
        """Check the deck list (counts, goods, spec grammar)."""
        if not all(isinstance(spec, str) for spec in self.deck):
            raise InvalidStateError("Options.deck must be a tuple of card-spec strings")
        build_deck(self.deck)
