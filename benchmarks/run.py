"""``make bench``: how fast the games, the bots and ``simulate`` run on this machine.

1. Random self-play per game and player count: decisions per second (``legal_actions`` plus
   ``apply(check=False)``), player-turns per second where the game counts them, games per
   second; then the same workload in 2 processes.
2. Heuristic bots, 2 players, whole games through the runner (views included): games per
   second and milliseconds per game on one core.
3. The search bot at its default budget, 2 players, against random bots: its decisions per
   second and its slowest answer; then playouts per second (random ones to the end, and the
   search bot's own rollouts).
4. ``simulate`` with 2 processes against 1 over the same games: the speed-up.
5. ``replay`` and ``widgets.replay`` of a 20,000-action record: seconds and peak memory
   (``benchmarks/replay.py``).
6. The course in the browser (``make lite``), offline and cold: seconds to a ready kernel,
   megabytes downloaded before the first lesson runs, seconds for its Run All
   (``benchmarks/lite.py``).
7. The boards' hint at its 2 s: seconds and playouts at a first decision and on the positions
   with a proven best move (``benchmarks/hint.py``).

Usage: ``python benchmarks/run.py [--seconds S]
[--only selfplay,heuristic,search,playouts,speedup,replay,lite,hint] [game ...]``.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hint import table as hint_table
from lite import table as lite_table
from replay import table as replay_table
from selfplay import run

from bamboo_lab.games import GAMES, load
from bamboo_lab.sim.bench import bot_decisions, bot_games, simulate_speedup

COUNTS = {"takenoko": (2, 4), "bamboo": (2, 4), "bangkok": (1, 2, 4)}
SECTIONS = ("selfplay", "heuristic", "search", "playouts", "speedup", "replay", "lite", "hint")


def selfplay_table(games: list[str], seconds: float) -> None:
    """Section 1: random self-play, one core and 2 processes."""
    header = f"{'game':9} {'players':>7} {'decisions/s':>12} {'turns/s':>9} {'games/s':>8}"
    print(f"{header} {'2-proc decisions/s':>19} {'2-proc games/s':>15}")
    for name in games:
        for n in COUNTS.get(name, load(name).PLAYER_COUNTS):
            one = run(name, n, seconds)
            with ProcessPoolExecutor(2) as pool:
                two = list(pool.map(run, [name] * 2, [n] * 2, [seconds] * 2))
            turns = f"{one['turns_per_s']:9.0f}" if "turns_per_s" in one else f"{'-':>9}"
            print(
                f"{name:9} {n:7d} {one['decisions_per_s']:12.0f} {turns} {one['games_per_s']:8.1f}"
                f" {sum(r['decisions_per_s'] for r in two):19.0f}"
                f" {sum(r['games_per_s'] for r in two):15.1f}",
                flush=True,
            )


def heuristic_table(games: list[str], seconds: float) -> None:
    """Section 2: heuristic-bot self-play games, 2 players, one core."""
    print(f"\n{'heuristic bots, 2 players':30} {'games/s':>8} {'ms/game':>8} {'plies/s':>8}")
    for name in games:
        r = bot_games(name, "heuristic", 2, seconds)
        print(
            f"{name:30} {r['games_per_s']:8.1f} {r['ms_per_game']:8.1f} {r['plies_per_s']:8.0f}",
            flush=True,
        )


def search_table(games: list[str], seconds: float) -> None:
    """Section 3: the search bot's decisions at its default budget."""
    print(f"\n{'search bot (default budget)':30} {'decisions/s':>11} {'slowest s':>10}")
    for name in games:
        r = bot_decisions(name, "search", 2, seconds)
        print(f"{name:30} {r['decisions_per_s']:11.2f} {r['slowest_s']:10.2f}", flush=True)


def playout_table(games: list[str], seconds: float) -> None:
    """Section 3b: playouts per CPU second, uniformly random to the end and the search bot's
    own (its game's rollout policy and cut-off), from positions of a random game."""
    from bamboo_lab.sim.strength import playout_speed

    print(f"\n{'playouts per CPU second':30} {'random':>9} {'search':>9}")
    for name in games:
        r = playout_speed(name, seconds / 2)
        print(f"{name:30} {r['random_per_s']:9.0f} {r['search_per_s']:9.0f}", flush=True)


def speedup_table(games: list[str], n_games: int | None) -> None:
    """Section 4: simulate with 2 processes against 1, random bots, 2 players, the best of 3
    runs each (by default as many games as one process plays in about 3 s)."""
    print(
        f"\n{'simulate, random, 2 players':30} {'games':>6} {'1 proc s':>9} {'2 proc s':>9}"
        f" {'speed-up':>9}"
    )
    for name in games:
        r = simulate_speedup(name, "random", n_games, jobs=2)
        print(
            f"{name:30} {r['games']:6.0f} {r['one_s']:9.2f} {r['many_s']:9.2f} {r['speedup']:9.2f}",
            flush=True,
        )


def main() -> None:
    """Print the benchmark tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--only", default=",".join(SECTIONS), help="sections to run")
    parser.add_argument(
        "--speedup-games", type=int, default=None, help="games per speed-up run (default: ~3 s)"
    )
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    sections = [s.strip() for s in args.only.split(",")]
    unknown = sorted(set(sections) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown section(s) {unknown}; choose from {', '.join(SECTIONS)}")
    if "selfplay" in sections:
        selfplay_table(args.games, args.seconds)
    if "heuristic" in sections:
        heuristic_table(args.games, args.seconds)
    if "search" in sections:
        search_table(args.games, args.seconds)
    if "playouts" in sections:
        playout_table(args.games, args.seconds)
    if "speedup" in sections:
        speedup_table(args.games, args.speedup_games)
    if "replay" in sections:
        replay_table()
    if "lite" in sections:
        lite_table()
    if "hint" in sections:
        hint_table()


if __name__ == "__main__":
    main()
