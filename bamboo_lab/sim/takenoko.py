"""Takenoko's statistics for ``simulate`` (the sim layer): objectives completed by kind
(``plot_objectives``, ``gardener_objectives``, ``panda_objectives``, ``objectives``) and their
points (``plot_points``, ``gardener_points``, ``panda_points``), ``emperor`` (the Emperor card
taken, TK-END-3) and ``turns`` (the turns the seat ended). Points are ``None`` for a truncated
game.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.protocol import GameState, Outcome
from bamboo_lab.games.takenoko.actions import TURN_END
from bamboo_lab.games.takenoko.components import CARDS

from .stats import Tracker

__all__ = ["MIX_COLUMNS", "STAT_COLUMNS", "TRACKER", "TakenokoTracker"]

STAT_COLUMNS: tuple[str, ...] = (
    "objectives",
    "plot_objectives",
    "gardener_objectives",
    "panda_objectives",
    "plot_points",
    "gardener_points",
    "panda_points",
    "emperor",
    "turns",
)
"""The statistics columns ``simulate`` adds for Takenoko, in order."""

MIX_COLUMNS: tuple[str, ...] = ("plot_objectives", "gardener_objectives", "panda_objectives")
"""The columns ``viz.stats.mix`` charts by default for a Takenoko frame."""


class TakenokoTracker(Tracker):
    """Takenoko: objectives by kind and points, the Emperor, the turns each seat ended."""

    def __init__(self, state: GameState) -> None:
        """Count turns from zero."""
        super().__init__(state)
        self.end_turn = TURN_END
        self.turns = [0] * self.num_players

    def step(self, before: GameState, action: Any, after: GameState) -> None:
        """Count a turn when its player ends it."""
        if type(action) is self.end_turn:
            self.turns[before.current_player] += 1

    def finish(self, state: GameState, outcome: Outcome) -> tuple[dict[str, Any], ...]:
        """Objectives by kind from the completed cards; points from the breakdown."""
        rows = []
        for seat in range(self.num_players):
            completed = state.completed[seat]  # type: ignore[attr-defined]
            kinds = [CARDS[card].deck for card in completed]
            part = outcome.breakdown[seat] if outcome.breakdown else {}
            rows.append(
                {
                    "objectives": len(completed),
                    "plot_objectives": kinds.count("plot"),
                    "gardener_objectives": kinds.count("gardener"),
                    "panda_objectives": kinds.count("panda"),
                    "plot_points": part.get("plot"),
                    "gardener_points": part.get("gardener"),
                    "panda_points": part.get("panda"),
                    "emperor": state.emperor == seat,  # type: ignore[attr-defined]
                    "turns": self.turns[seat],
                }
            )
        return tuple(rows)


TRACKER = TakenokoTracker
"""The tracker ``simulate`` uses for Takenoko (the sim layer, docs/adding-a-game.md)."""
