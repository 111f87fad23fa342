"""Bangkok metadata in one block (as OpenSpiel's ``_GAME_INFO``)."""

from __future__ import annotations

from bamboo_lab.core.protocol import GameInfo

__all__ = ["GAME_INFO", "NAME", "PHASES", "PLAYER_COUNTS", "PLY_LIMIT", "RULES_VERSION"]

GAME_INFO = GameInfo(
    name="bangkok",
    title="Bangkok",
    rules_version="1",
    player_counts=(1, 2, 3, 4),  # BK-SET-1
    ply_limit=5000,  # a bound no uniformly random game reaches (the runner truncates there)
    phases=("act", "collect", "lay", "over"),
)
"""Name, title, rules version, player counts (BK-SET-1), ply limit and phases."""

NAME: str = GAME_INFO.name
"""The registry name of the game."""

RULES_VERSION: str = GAME_INFO.rules_version
"""The version of these rules; records of another version are refused."""

PLAYER_COUNTS: tuple[int, ...] = GAME_INFO.player_counts
"""Bangkok plays with 1 to 4 players (BK-SET-1)."""

PLY_LIMIT: int = GAME_INFO.ply_limit
"""A bound no uniformly random game reaches (the runner truncates there)."""

PHASES: tuple[str, ...] = GAME_INFO.phases
"""The pending decision: act (place or renew), collect, lay in the market, game over."""
