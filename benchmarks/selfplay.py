"""Random self-play speed of one game through the game contract alone.

A decision is one ``legal_actions()`` plus one ``apply(action, check=False)``, chance rolls
included (sampled with their probabilities). A player-turn is counted where the game has an
explicit end-of-turn action (Takenoko's ``EndTurn``).
"""

from __future__ import annotations

import random
import time

from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import load

__all__ = ["TURN_END", "run"]

TURN_END = {"takenoko": "EndTurn"}
"""The action class that ends a player-turn, for the games that have one."""


def run(game: str, num_players: int, seconds: float) -> dict[str, float]:
    """Play seeded uniformly random games for about ``seconds``; return counts and rates."""
    module = load(game)
    turn_end = getattr(module, TURN_END[game]) if game in TURN_END else None
    rng = random.Random(num_players)
    games = decisions = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = module.new_game(num_players, games)
        while not state.is_over():
            if state.current_player == CHANCE:
                faces, weights = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(faces, weights)[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                turns += type(action) is turn_end
            state = state.apply(action, check=False)
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    result = {
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
    }
    if turn_end is not None:
        result |= {"turns": turns, "turns_per_s": turns / elapsed}
    return result
