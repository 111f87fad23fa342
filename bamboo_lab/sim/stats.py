"""Per-seat game statistics for ``simulate``: what a player asks about each game.

Each game's sim layer (``bamboo_lab.sim.<game>``, docs/adding-a-game.md) names its
``STAT_COLUMNS`` and its ``TRACKER``, a :class:`Tracker` that watches every transition of a game
(for what the final position no longer shows) and, at the end, reads the public outcome
breakdown and state fields; each module's docstring says what its columns mean. A game without
a sim layer adds no columns and gets the generic :class:`Tracker`, which reports nothing.

Statistics taken from the final scoring are ``None`` for a truncated game.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.protocol import GameState, Outcome
from bamboo_lab.games import ByGame, layer_piece

__all__ = ["STAT_COLUMNS", "Tracker", "tracker_for"]

STAT_COLUMNS = ByGame("sim", "STAT_COLUMNS", ())
"""The statistics columns ``simulate`` adds for each game, in order (``STAT_COLUMNS[game]``)."""


class Tracker:
    """Watches one game's transitions and reports per-seat statistics at the end (this base:
    nothing, the tracker of a game without a sim layer)."""

    def __init__(self, state: GameState) -> None:
        """Start watching the game that begins at ``state``."""
        self.num_players = state.num_players

    def step(self, before: GameState, action: Any, after: GameState) -> None:
        """Note one transition (``before.apply(action) == after``)."""

    def finish(self, state: GameState, outcome: Outcome) -> tuple[dict[str, Any], ...]:
        """One dict of statistics per seat for the game that ended at ``state``."""
        return tuple({} for _ in range(self.num_players))


def tracker_for(game: str, state: GameState) -> Tracker:
    """A fresh tracker for ``game`` starting at ``state`` (the game's ``TRACKER``, or the
    generic :class:`Tracker` for a game without one)."""
    tracker: Tracker = layer_piece(game, "sim", "TRACKER", Tracker)(state)
    return tracker
