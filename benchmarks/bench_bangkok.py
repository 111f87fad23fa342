"""Benchmark Bangkok random self-play: decisions and games per second on one core.

A decision is one ``legal_actions()`` call plus one ``apply(action, check=False)``.
Run: ``.venv/bin/python benchmarks/bench_bangkok.py [seconds]``.
"""

from __future__ import annotations

import random
import sys
import time

from bamboo_lab.games import bangkok


def run(num_players: int, seconds: float) -> dict[str, float]:
    """Play seeded uniformly random games for about ``seconds``; return the rates."""
    rng = random.Random(num_players)
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        state = bangkok.new_game(num_players, seed=games)
        while not state.is_over():
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))], check=False)
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
    return {
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
    }


if __name__ == "__main__":
    duration = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players in (1, 2, 3, 4):
        r = run(players, duration)
        print(
            f"bangkok {players}p: {r['decisions_per_s']:,.0f} decisions/s,"
            f" {r['games_per_s']:,.1f} games/s ({r['games']} games, {r['decisions']} decisions)"
        )
