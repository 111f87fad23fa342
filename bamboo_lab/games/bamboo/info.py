"""Bamboo's metadata in one block (the registry name, rules version, player counts, phases)."""

from __future__ import annotations

from bamboo_lab.core.protocol import GameInfo

__all__ = ["GAME_INFO"]

GAME_INFO = GameInfo(
    name="bamboo",
    title="Bamboo",
    rules_version="1",
    player_counts=(2, 3, 4),
    ply_limit=4000,
    phases=(
        "draft",
        "gift",
        "visit",
        "offer",
        "place",
        "receive",
        "balance",
        "improve",
        "home",
        "cook",
        "wildcard",
        "tengu",
        "tengu_take",
        "end",
        "wake",
        "feed",
        "over",
    ),
)
"""Bamboo plays with 2 to 4 players; the phases name the pending decision (docs/decisions)."""
