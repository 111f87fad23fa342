"""Takenoko metadata in one block (the registry, records and the runner read it)."""

from __future__ import annotations

from bamboo_lab.core.protocol import GameInfo

__all__ = ["GAME_INFO"]

GAME_INFO = GameInfo(
    name="takenoko",
    title="Takenoko",
    rules_version="1",
    player_counts=(2, 3, 4),
    ply_limit=100_000,
    phases=(
        "roll",
        "choose_weather",
        "rain",
        "storm",
        "clouds",
        "actions",
        "keep_plot",
        "place_plot",
        "return_plots",
        "gardener",
        "panda",
        "objective",
        "over",
    ),
)
"""Takenoko (Bauza, 2011), old base rules: 2 to 4 players; a random game never nears the ply
limit; ``phases`` are the pending-decision names a state's ``phase`` takes."""
