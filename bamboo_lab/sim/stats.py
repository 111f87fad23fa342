"""Per-seat game statistics for ``simulate``: what a player asks about each game.

Each game has a tracker that watches every transition of a game (for what the final position
no longer shows) and, at the end, reads the public outcome breakdown and state fields:

- **Takenoko**: objectives completed by kind (``plot_objectives``, ``gardener_objectives``,
  ``panda_objectives``, ``objectives``) and their points (``plot_points``, ``gardener_points``,
  ``panda_points``), ``emperor`` (the Emperor card taken, TK-END-3) and ``turns`` (the turns
  the seat ended).
- **Bamboo**: ``spirits`` (spirit tiles owned) and ``spirit_points`` (their diversity score),
  ``harmony`` (the left/right comfort penalty), ``food_shortfall`` (happiness points lost to
  hunger in the Winters, BB-WIN-2), ``balance_points`` (balance tiles scored during the game
  plus those scored at the end) and ``comfort`` (the home's total comfort, the tie-break).
  Hunger is the only rule that takes happiness away, so the shortfall is the sum of every fall
  of a seat's happiness from one position to the next; the final breakdown's
  ``food_shortfall`` is used instead when the game reports it. (Only a seat's own gain in the
  very move that ends a Summer, while it has no food, could hide part of that Winter's loss.)
- **Bangkok**: ``objective_points`` (the pontoon objective), ``chilli_points``,
  ``complete_bonus`` and ``market_complete`` (all nine market cells filled).

Statistics taken from the final scoring are ``None`` for a truncated game.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.protocol import GameState, Outcome
from bamboo_lab.games import load

__all__ = ["STAT_COLUMNS", "Tracker", "tracker_for"]

STAT_COLUMNS: dict[str, tuple[str, ...]] = {
    "takenoko": (
        "objectives",
        "plot_objectives",
        "gardener_objectives",
        "panda_objectives",
        "plot_points",
        "gardener_points",
        "panda_points",
        "emperor",
        "turns",
    ),
    "bamboo": (
        "spirits",
        "spirit_points",
        "harmony",
        "food_shortfall",
        "balance_points",
        "comfort",
    ),
    "bangkok": ("objective_points", "chilli_points", "complete_bonus", "market_complete"),
}
"""The statistics columns ``simulate`` adds for each game, in order."""


class Tracker:
    """Watches one game's transitions and reports per-seat statistics at the end."""

    def __init__(self, state: GameState) -> None:
        """Start watching the game that begins at ``state``."""
        self.num_players = state.num_players

    def step(self, before: GameState, action: Any, after: GameState) -> None:
        """Note one transition (``before.apply(action) == after``)."""

    def finish(self, state: GameState, outcome: Outcome) -> tuple[dict[str, Any], ...]:
        """One dict of statistics per seat for the game that ended at ``state``."""
        return tuple({} for _ in range(self.num_players))


class TakenokoTracker(Tracker):
    """Takenoko: objectives by kind and points, the Emperor, the turns each seat ended."""

    def __init__(self, state: GameState) -> None:
        """Count turns from zero."""
        super().__init__(state)
        self.end_turn = load("takenoko").EndTurn  # type: ignore[attr-defined]
        self.turns = [0] * self.num_players

    def step(self, before: GameState, action: Any, after: GameState) -> None:
        """Count a turn when its player ends it."""
        if type(action) is self.end_turn:
            self.turns[before.current_player] += 1

    def finish(self, state: GameState, outcome: Outcome) -> tuple[dict[str, Any], ...]:
        """Objectives by kind from the completed cards; points from the breakdown."""
        cards = load("takenoko").CARDS  # type: ignore[attr-defined]
        rows = []
        for seat in range(self.num_players):
            completed = state.completed[seat]  # type: ignore[attr-defined]
            kinds = [cards[card].deck for card in completed]
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
        tiles = load("bamboo").BALANCE_TILES  # type: ignore[attr-defined]
        rows = []
        for seat in range(self.num_players):
            board = state.boards[seat]  # type: ignore[attr-defined]
            part = outcome.breakdown[seat] if outcome.breakdown else {}
            scored = sum(tiles[t].hp for t in board.scored)
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


_TRACKERS: dict[str, type[Tracker]] = {
    "takenoko": TakenokoTracker,
    "bamboo": BambooTracker,
    "bangkok": BangkokTracker,
}


def tracker_for(game: str, state: GameState) -> Tracker:
    """A fresh tracker for ``game`` starting at ``state`` (a no-op tracker for other games)."""
    return _TRACKERS.get(game, Tracker)(state)
