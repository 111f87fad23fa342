"""Random self-play speed of one game through the game contract alone.

The timed measurement lives in the package (``bamboo_lab.sim.bench.selfplay``, also behind
``bamboo-lab bench``); this module keeps the name ``run`` that ``benchmarks/run.py`` and
process pools use.

Run as a script it plays a *fixed* workload instead, to compare two versions of the code: the
same seeded random games on any checkout (``python benchmarks/selfplay.py bangkok 2 --games
1500`` prints the decisions played and the final scores, which must match, the package it ran
and the CPU seconds of the games). ``compare.py`` runs it on two checkouts in turns, A B A B,
and prints the median of the pairwise ratios.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import bamboo_lab
from bamboo_lab.bots import sample_chance
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import load
from bamboo_lab.sim.bench import selfplay as run

__all__ = ["fixed_games", "run"]


def fixed_games(game: str, num_players: int, games: int) -> tuple[int, list[tuple[int, ...]]]:
    """Play games ``0 .. games - 1`` with uniformly random choices drawn from one generator
    seeded by the player count; return the decisions played and every game's final scores."""
    module = load(game)
    rng = random.Random(num_players)
    decisions = 0
    scores = []
    for seed in range(games):
        state = module.new_game(num_players, seed)
        while not state.is_over():
            if state.current_player == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action, check=False)
            decisions += 1
        scores.append(state.scores())
    return decisions, scores


def main() -> None:
    """Play the fixed workload named on the command line and print what it played."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=100, help="seeded games to play")
    arguments = parser.parse_args()
    start = time.process_time()
    decisions, scores = fixed_games(arguments.game, arguments.players, arguments.games)
    seconds = time.process_time() - start
    print(f"{arguments.game} {arguments.players}p: {arguments.games} games, {decisions} decisions")
    print(f"final scores digest: {hash(tuple(scores))}")
    package = Path(bamboo_lab.__file__).parent
    print(f"package: {package}")
    strays = [  # an editable install can serve a module the checkout on PYTHONPATH lacks
        name
        for name, module in sorted(sys.modules.items())
        if name.startswith("bamboo_lab.")
        and not Path(getattr(module, "__file__", None) or package).is_relative_to(package)
    ]
    if strays:
        print(f"modules from elsewhere: {', '.join(strays[:5])}")
    print(f"CPU seconds of the games: {seconds:.4f}")


if __name__ == "__main__":
    main()
