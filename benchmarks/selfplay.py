"""Random self-play speed of one game through the game contract alone.

The timed measurement lives in the package (``bamboo_lab.sim.bench.selfplay``, also behind
``bamboo-lab bench``); this module keeps the name ``run`` that ``benchmarks/run.py`` and
process pools use.

Run as a script it plays a *fixed* workload instead, to compare two versions of the code: the
same seeded random games on any checkout (``python benchmarks/selfplay.py bangkok 2 --games
1500`` prints the decisions played and the final scores, which must match, the package it ran
and the CPU seconds of the games). With ``--slices`` it plays the same games in slices, each
when a line arrives on standard input, printing each slice's CPU seconds: ``compare.py`` runs
two checkouts so, slice by slice, A B B A, and prints the median of the pairwise ratios.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import bamboo_lab
from bamboo_lab.bots import sample_chance
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import load
from bamboo_lab.sim.bench import selfplay as run

__all__ = ["fixed_games", "run", "sliced_games"]


def sliced_games(
    game: str, num_players: int, games: int, slices: int
) -> Iterator[tuple[float, int, list[tuple[int, ...]]]]:
    """Play games ``0 .. games - 1`` with uniformly random choices drawn from one generator
    seeded by the player count, in ``slices`` runs of consecutive games; yield after each slice
    its CPU seconds, the decisions played so far and every game's final scores so far."""
    module = load(game)
    rng = random.Random(num_players)
    decisions = 0
    scores: list[tuple[int, ...]] = []
    for part in range(slices):
        start = time.process_time()
        # the driver is written out here, not imported: both checkouts must run this same loop
        for seed in range(games * part // slices, games * (part + 1) // slices):
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
        yield time.process_time() - start, decisions, scores


def fixed_games(game: str, num_players: int, games: int) -> tuple[int, list[tuple[int, ...]]]:
    """Play games ``0 .. games - 1`` as :func:`sliced_games` does, in one slice; return the
    decisions played and every game's final scores."""
    _, decisions, scores = next(sliced_games(game, num_players, games, 1))
    return decisions, scores


def main() -> None:
    """Play the fixed workload named on the command line and print what it played."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=100, help="seeded games to play")
    parser.add_argument(
        "--slices", type=int, help="play in this many slices, each when a line arrives on stdin"
    )
    arguments = parser.parse_args()
    slices = arguments.slices or 1
    playing = sliced_games(arguments.game, arguments.players, arguments.games, slices)
    seconds, decisions = 0.0, 0
    scores: list[tuple[int, ...]] = []
    for part in range(slices):
        if arguments.slices and not sys.stdin.readline():
            return  # the caller stopped before the last slice
        slice_seconds, decisions, scores = next(playing)
        seconds += slice_seconds
        if arguments.slices:
            print(f"slice {part + 1} CPU seconds: {slice_seconds:.6f}", flush=True)
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
