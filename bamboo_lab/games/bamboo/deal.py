"""The Bamboo set-up deal (R-EN sections I and III): what :func:`.state.new_game` deals.

The unshuffled pieces of a game and the random draws that shuffle them (one generator threaded
through every draw in turn, so a seed always deals the same game) into stacks and market rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bamboo_lab.core import rng as vrng

from .components import FOOD_COUNTS, SPIRITS
from .options import Options
from .reconstructed import HOME_TILES

__all__ = [
    "FOOD_COUNTERS",
    "SPIRIT_TILES",
    "SetupDraws",
    "SetupPieces",
    "deal_rows",
    "setup_pieces",
]

SPIRIT_TILES = tuple(spirit for spirit in SPIRITS for _ in range(3))
"""The 21 spirit tiles, 3 of each spirit (R-EN section II), before the setup shuffle."""
FOOD_COUNTERS = tuple(kind for kind in range(3) for _ in range(FOOD_COUNTS[kind]))
"""The 26 food counters by kind (R-EN section II), before the setup shuffle."""


class SetupDraws:
    """The setup's random draws: one generator, threaded through every draw in turn."""

    def __init__(self, generator: int) -> None:
        """Start drawing from the 64-bit generator state ``generator``."""
        self.generator = generator

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        """A shuffled copy of ``items`` (the next draws of the generator)."""
        out, self.generator = vrng.shuffled(items, self.generator)
        return out

    def below(self, count: int) -> int:
        """A random number in ``0..count - 1`` (the next draw of the generator)."""
        value, self.generator = vrng.randbelow(self.generator, count)
        return value


@dataclass(frozen=True)
class SetupPieces:
    """The tiles every game with the same players and options sets up (before shuffling)."""

    balance_tiles: tuple[tuple[int, ...], ...]
    """The balance-tile ids of each kind (BB-SET-3), custom tiles included."""
    home_box: tuple[int, ...]
    """The 3+ home tiles removed with 2 players (BB-SET-4)."""
    home_tiles: tuple[tuple[int, ...], ...]
    """The home-tile ids of each category in play (BB-SET-4)."""


@lru_cache(maxsize=64)
def setup_pieces(num_players: int, options: Options) -> SetupPieces:
    """The unshuffled pieces of a game with ``num_players`` and ``options`` (built once)."""
    home_box = tuple(tile.id for tile in HOME_TILES if num_players == 2 and tile.three_plus)
    return SetupPieces(
        balance_tiles=tuple(
            tuple(tile.id for tile in options.balance_table if tile.kind == kind)
            for kind in range(3)
        ),
        home_box=home_box,
        home_tiles=tuple(
            tuple(
                tile.id for tile in HOME_TILES if tile.category == cat and tile.id not in home_box
            )
            for cat in range(2)
        ),
    )


def deal_rows(
    draws: SetupDraws, piles: Sequence[Sequence[int]], face_up: int
) -> tuple[list[tuple[int, ...]], list[list[int]]]:
    """Each pile shuffled into a stack, its first ``face_up`` tiles turned up as a market row."""
    market, stacks = [], []
    for pile in piles:
        stack = draws.shuffle(pile)
        market.append(tuple(stack[:face_up]))
        stacks.append(stack[face_up:])
    return market, stacks
