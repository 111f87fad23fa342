"""Benchmark: random Bamboo self-play on one core (decisions and games per second)."""

from __future__ import annotations

import random
import time

from bamboo_lab.games import bamboo


def run(num_players: int, seconds: float) -> dict[str, float]:
    """Play uniformly random games for about ``seconds``; count decisions and games."""
    rng = random.Random(num_players)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = bamboo.new_game(num_players, rng.randrange(1 << 30))
        while not state.is_over():
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))], check=False)
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "decisions_per_s": round(decisions / elapsed),
        "games_per_s": round(games / elapsed, 2),
    }


if __name__ == "__main__":
    for n in bamboo.PLAYER_COUNTS:
        print(f"bamboo {n} players: {run(n, 3.0)}")
