"""Bangkok's statistics for ``simulate`` (the sim layer): ``objective_points`` (the pontoon
objective), ``chilli_points``, ``complete_bonus`` and ``market_complete`` (all nine market
cells filled). Points are ``None`` for a truncated game.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.protocol import GameState, Outcome

from .stats import Tracker

__all__ = ["MIX_COLUMNS", "STAT_COLUMNS", "TRACKER", "BangkokTracker"]

STAT_COLUMNS: tuple[str, ...] = (
    "objective_points",
    "chilli_points",
    "complete_bonus",
    "market_complete",
)
"""The statistics columns ``simulate`` adds for Bangkok, in order."""

MIX_COLUMNS: tuple[str, ...] = ("objective_points", "chilli_points", "complete_bonus")
"""The columns ``viz.stats.mix`` charts by default for a Bangkok frame."""


class BangkokTracker(Tracker):
    """Bangkok: objective and chilli points, the completion bonus, a complete market."""

    def finish(self, state: GameState, outcome: Outcome) -> tuple[dict[str, Any], ...]:
        """Points from the final breakdown; completeness from the market itself."""
        rows = []
        for seat in range(self.num_players):
            part = outcome.breakdown[seat] if outcome.breakdown else {}
            market = state.markets[seat]  # type: ignore[attr-defined]
            rows.append(
                {
                    "objective_points": part.get("objective_points"),
                    "chilli_points": part.get("chilli_points"),
                    "complete_bonus": part.get("complete_bonus"),
                    "market_complete": all(cell >= 0 for cell in market),
                }
            )
        return tuple(rows)


TRACKER = BangkokTracker
"""The tracker ``simulate`` uses for Bangkok (the sim layer, docs/adding-a-game.md)."""
