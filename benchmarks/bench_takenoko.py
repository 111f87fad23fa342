"""Benchmark: random Takenoko self-play on one core (decisions, player-turns and games per second).

A decision is one ``legal_actions()`` plus one ``apply(action, check=False)`` (chance rolls
included); a player-turn is one ``EndTurn``. Run ``python benchmarks/bench_takenoko.py``.
"""

from __future__ import annotations

import random
import time

from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import takenoko


def run(num_players: int, seconds: float) -> dict[str, float]:
    """Play seeded random games for about ``seconds``; return the counts and the rates."""
    rng = random.Random(num_players)
    games = decisions = turns = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = takenoko.new_game(num_players, seed)
        seed += 1
        while not state.is_over():
            legal = state.legal_actions()
            if state.current_player == CHANCE:
                action = legal[rng.randrange(6)]  # six faces, one each
            else:
                action = legal[rng.randrange(len(legal))]
                if type(action) is takenoko.EndTurn:
                    turns += 1
            state = state.apply(action, check=False)
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "decisions": decisions,
        "turns": turns,
        "seconds": elapsed,
        "decisions_per_s": decisions / elapsed,
        "turns_per_s": turns / elapsed,
        "games_per_s": games / elapsed,
    }


if __name__ == "__main__":
    for players in (2, 3, 4):
        result = run(players, 5.0)
        print(
            f"takenoko {players}p: {result['decisions_per_s']:,.0f} decisions/s,"
            f" {result['turns_per_s']:,.0f} turns/s, {result['games_per_s']:.1f} games/s"
            f" ({result['games']} games, {result['decisions'] / max(1, result['games']):.0f}"
            " plies/game)"
        )
