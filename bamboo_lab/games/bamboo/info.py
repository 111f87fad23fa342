"""Bamboo's metadata in one block (the registry name, rules version, player counts, phases),
and the rule of the decision each phase asks for."""

from __future__ import annotations

from bamboo_lab.core.protocol import GameInfo

__all__ = ["GAME_INFO", "PHASE_RULES"]

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

PHASE_RULES: dict[str, tuple[str, str]] = {
    "draft": ("BB-PL-5", "in the set-up draft each player in turn picks one laid-out shoot"),
    "gift": ("BB-SPR-3", "in Spring each player in turn picks one revealed gift"),
    "visit": ("BB-SUM-2", "a Summer turn begins by moving the action marker to a temple"),
    "offer": ("BB-SUM-3", "now the incense sticks are offered, one by one"),
    "place": ("BB-SUM-5", "now the shoots of the visited temple go into the stalk field"),
    "receive": ("BB-SUM-6", "now the ejected shoot goes into a temple of the board"),
    "balance": ("BB-ACT-1", "a Balance action gains 1 HP or obtains and scores balance tiles"),
    "improve": ("BB-ACT-4", "an Improve action gains 1 coin or buys a face-up home tile"),
    "home": ("BB-ACT-4", "the bought home tile now goes on an empty home space"),
    "cook": ("BB-ACT-5", "a Cook action takes one face-up food counter"),
    "wildcard": ("BB-ACT-7", "a Wildcard performs one of the four basic actions"),
    "tengu": ("BB-SPI-6", "Tengu takes one face-up food counter before or after the refill"),
    "tengu_take": ("BB-SPI-6", "after Tengu's refill the player takes 1 of the new food counters"),
    "end": ("BB-SPI-1", "the turn ends, or an awake spirit's power is used first"),
    "wake": ("BB-WIN-1", "in Winter each player may wake sleeping spirits for their cost"),
    "feed": ("BB-WIN-2", "in Winter each family is fed, 1 food unit per home tile"),
    "over": ("BB-END-1", "the game is over"),
}
"""For each phase: the rule of the decision it asks for, and that decision in one sentence."""
