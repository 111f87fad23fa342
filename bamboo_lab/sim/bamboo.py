"""Bamboo's statistics for ``simulate`` (the sim layer): ``spirits`` (spirit tiles owned) and
``spirit_points`` (their diversity score), ``harmony`` (the left/right comfort penalty),
``food_shortfall`` (happiness points lost to hunger in the Winters, BB-WIN-2),
``balance_points`` (balance tiles scored during the game plus those scored at the end) and
``comfort`` (the home's total comfort, the tie-break).

Hunger is the only rule that takes happiness away, so the shortfall is the sum of every fall of
a seat's happiness from one position to the next; the final breakdown's ``food_shortfall`` is
used instead when the game reports it. (Only a seat's own gain in the very move that ends a
Summer, while it has no food, could hide part of that Winter's loss.) Statistics taken from the
final scoring are ``None`` for a truncated game.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.protocol import GameState, Outcome
from bamboo_lab.games.bamboo.reconstructed import BALANCE_TILES

from .stats import Tracker

__all__ = ["MIX_COLUMNS", "STAT_COLUMNS", "TRACKER", "BambooTracker"]

STAT_COLUMNS: tuple[str, ...] = (
    "spirits",
    "spirit_points",
    "harmony",
    "food_shortfall",
    "balance_points",
    "comfort",
)
"""The statistics columns ``simulate`` adds for Bamboo, in order."""

MIX_COLUMNS: tuple[str, ...] = ("spirit_points", "harmony", "balance_points")
"""The columns ``viz.stats.mix`` charts by default for a Bamboo frame."""


class BambooTracker(Tracker):
    """Bamboo: spirits, harmony, food shortfall, balance-tile points, comfort."""

    def __init__(self, state: GameState) -> None:
        """Start with no happiness lost."""
        super().__init__(state)
        self.shortfall = [0] * self.num_players

    def step(self, before: GameState, action: Any, after: GameState) -> None:
        """Add every fall of a seat's happiness: only unfed families cost HP (BB-WIN-2)."""
        old = before.boards  # type: ignore[attr-defined]
        new = after.boards  # type: ignore[attr-defined]
        if old is new:
            return
        for seat in range(self.num_players):
            drop = old[seat].hp - new[seat].hp
            if drop > 0:
                self.shortfall[seat] += drop

    def finish(self, state: GameState, outcome: Outcome) -> tuple[dict[str, Any], ...]:
        """Spirits and balance tiles from the boards; the rest from the final breakdown."""
        rows = []
        for seat in range(self.num_players):
            board = state.board(seat)  # type: ignore[attr-defined]
            part = outcome.breakdown[seat] if outcome.breakdown else {}
            scored = sum(BALANCE_TILES[tile].hp for tile in board.scored)
            rows.append(
                {
                    "spirits": len(board.spirits),
                    "spirit_points": part.get("spirits"),
                    "harmony": part.get("harmony"),
                    "food_shortfall": part.get("food_shortfall", self.shortfall[seat]),
                    "balance_points": scored + part["balance"] if part else None,
                    "comfort": part.get("comfort"),
                }
            )
        return tuple(rows)


TRACKER = BambooTracker
"""The tracker ``simulate`` uses for Bamboo (the sim layer, docs/adding-a-game.md)."""
