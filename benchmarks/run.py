"""``make bench``: random self-play speed of every game, on one core and with 2 processes.

For each game and player count it prints decisions per second (``legal_actions`` plus
``apply(check=False)``), player-turns per second where the game counts them, and games per
second; then the same workload spread over 2 processes (``selfplay.run`` plays the games).
Usage: ``python benchmarks/run.py [--seconds S] [game ...]``.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from selfplay import run

from bamboo_lab.games import GAMES, load

COUNTS = {"takenoko": (2, 4), "bamboo": (2, 4), "bangkok": (1, 2, 4)}


def main() -> None:
    """Print the benchmark table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    header = f"{'game':9} {'players':>7} {'decisions/s':>12} {'turns/s':>9} {'games/s':>8}"
    print(f"{header} {'2-proc decisions/s':>19} {'2-proc games/s':>15}")
    for name in args.games:
        for n in COUNTS.get(name, load(name).PLAYER_COUNTS):
            one = run(name, n, args.seconds)
            with ProcessPoolExecutor(2) as pool:
                two = list(pool.map(run, [name] * 2, [n] * 2, [args.seconds] * 2))
            turns = f"{one['turns_per_s']:9.0f}" if "turns_per_s" in one else f"{'-':>9}"
            print(
                f"{name:9} {n:7d} {one['decisions_per_s']:12.0f} {turns} {one['games_per_s']:8.1f}"
                f" {sum(r['decisions_per_s'] for r in two):19.0f}"
                f" {sum(r['games_per_s'] for r in two):15.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
