"""Compare the random self-play speed of this checkout with another one, side by side.

``python benchmarks/compare.py BASE [game ...] [--players N] [--games N] [--pairs N]
[--slices N]`` plays the fixed workload of ``selfplay.py`` (this checkout's script on both
sides, so the same seeded games through the same driver) with this checkout's package and with
the package of ``BASE``, another checkout (``git worktree add /tmp/base <commit>``). A pair of
runs is two fresh processes, one per checkout, that play their games slice by slice in turns
A B B A A B (a slice a tenth of a second or so), so that whatever else the machine runs slows
both sides alike. Both sides must play the same decisions to the same final scores. Per game
it prints the median of the pairwise ratios (this checkout's CPU time over the other's), a 95%
interval of that median (from 6 pairs on: the order statistics a binomial count gives, so no
assumption on how the ratios spread) and their range, twice: for the games alone, timed
inside the process (so decisions per CPU second), and for the whole process, start-up and
imports included. The speed-up is one over the ratio.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent
SCRIPT = HERE / "selfplay.py"
GAMES = ("takenoko", "bamboo", "bangkok")
DEFAULT_GAMES = {"takenoko": 300, "bamboo": 1500, "bangkok": 1500}
"""Games per run: each run takes about 2 CPU seconds here, start-up about 0.1 s of it."""


class CompareError(Exception):
    """A run that failed, ran another package or played other games."""


@dataclass(frozen=True)
class Run:
    """One run of the fixed workload: what it played and its CPU seconds."""

    played: tuple[str, str]
    games_seconds: float
    process_seconds: float


def _start(tree: Path, game: str, players: int, games: int, slices: int) -> subprocess.Popen[str]:
    """Start the fixed workload in a fresh process with the package of checkout ``tree``, to
    play in ``slices`` slices, each when asked."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, str(SCRIPT), game, str(players), "--games", str(games)]
    command += ["--slices", str(slices)]
    return subprocess.Popen(
        command,
        env=environment,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _failure(process: subprocess.Popen[str], tree: Path, game: str) -> CompareError:
    """The error of a workload that stopped: the last line it wrote to its standard error."""
    assert process.stderr is not None
    last = (process.stderr.read().strip().splitlines() or ["no message"])[-1][:200]
    return CompareError(f"{game} failed in {tree}: {last}")


def _slice(process: subprocess.Popen[str], tree: Path, game: str) -> float:
    """Have a started workload play its next slice; its CPU seconds."""
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write("\n")
        process.stdin.flush()
    except BrokenPipeError:
        raise _failure(process, tree, game) from None
    line = process.stdout.readline()
    if not line.startswith("slice "):
        raise _failure(process, tree, game)
    return float(line.rsplit(": ", 1)[1])


def _finish(
    process: subprocess.Popen[str], tree: Path, game: str, players: int, seconds: float
) -> Run:
    """Wait for a workload that played its last slice; what it played and its CPU seconds."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.close()
    output = process.stdout.read()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.wait():
        raise _failure(process, tree, game)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines = dict(line.split(": ", 1) for line in output.splitlines() if ": " in line)
    if Path(lines["package"]).resolve() != (tree / "bamboo_lab").resolve():
        raise CompareError(f"{tree} ran the package in {lines['package']}")
    if "modules from elsewhere" in lines:
        raise CompareError(f"{tree} lacks modules it ran: {lines['modules from elsewhere']}")
    process_seconds = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    played = (lines[f"{game} {players}p"], lines["final scores digest"])
    return Run(played, seconds, process_seconds)


def play_pair(
    trees: tuple[Path, Path], game: str, players: int, games: int, slices: int
) -> tuple[Run, Run]:
    """Play the fixed workload with the packages of both checkouts ``trees`` at once, slice by
    slice in turns A B B A A B, so that whatever else the machine runs slows both alike."""
    processes = [_start(tree, game, players, games, slices) for tree in trees]
    try:
        seconds = [0.0, 0.0]
        for part in range(slices):
            for side in (0, 1) if part % 2 == 0 else (1, 0):
                seconds[side] += _slice(processes[side], trees[side], game)
        ours = _finish(processes[0], trees[0], game, players, seconds[0])
        theirs = _finish(processes[1], trees[1], game, players, seconds[1])
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
    return ours, theirs


def compare(base: Path, game: str, players: int, games: int, pairs: int, slices: int) -> str:
    """One table row: this checkout against ``base`` over ``pairs`` pairs of runs."""
    games_ratios, process_ratios = [], []
    for _ in range(pairs):
        ours, theirs = play_pair((CHECKOUT, base), game, players, games, min(slices, games))
        if ours.played != theirs.played:
            raise CompareError(f"{game} played {ours.played} here, {theirs.played} there")
        games_ratios.append(ours.games_seconds / theirs.games_seconds)
        process_ratios.append(ours.process_seconds / theirs.process_seconds)
    return f"| {game} | {players} | {games:,} | {pairs} | {_summary(games_ratios)} | " + (
        f"{_summary(process_ratios)} |"
    )


def median_interval(ratios: list[float]) -> tuple[float, float] | None:
    """A distribution-free interval holding the median of the ratios' distribution with at
    least 95% confidence: the order statistics k and n + 1 - k, the largest k for which at most
    2.5% of a fair binomial's mass lies below k; None for fewer than 6 ratios (none exists)."""
    count = len(ratios)
    ordered = sorted(ratios)
    below, rank = 0, 0  # the binomial mass of 0 .. rank - 1 successes out of ``count``
    while below + math.comb(count, rank) <= 2**count * 0.025:
        below += math.comb(count, rank)
        rank += 1
    if rank == 0:
        return None
    return ordered[rank - 1], ordered[count - rank]


def _summary(ratios: list[float]) -> str:
    """The median ratio, its 95% interval (when there are enough ratios), its range and the
    speed-up it means."""
    median = statistics.median(ratios)
    interval = median_interval(ratios)
    within = "" if interval is None else f"[{interval[0]:.3f}-{interval[1]:.3f}] "
    return f"{median:.3f} {within}({min(ratios):.3f}-{max(ratios):.3f}), {1 / median:.2f}x"


def checkout(text: str) -> Path:
    """A checkout's directory: one holding the ``bamboo_lab`` package."""
    path = Path(text).expanduser().resolve()
    if not (path / "bamboo_lab" / "__init__.py").is_file():
        raise argparse.ArgumentTypeError(f"no bamboo_lab package in {text[:100]!r}")
    return path


def game_name(text: str) -> str:
    """One of the three games."""
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"not one of {', '.join(GAMES)}: {text[:20]!r}")
    return text


def positive(text: str) -> int:
    """A whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a whole number of at least 1: {text[:20]!r}")
    return int(text)


def main(argv: list[str] | None = None) -> None:
    """Compare the games named on the command line (all three by default) and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=checkout, help="the other checkout's directory")
    parser.add_argument("game", nargs="*", type=game_name, help="games (default: all three)")
    parser.add_argument("--players", type=positive, default=2, help="players (default 2)")
    parser.add_argument("--games", type=positive, help="games per run (default: ~2 s of play)")
    parser.add_argument("--pairs", type=positive, default=6, help="pairs of runs (default 6)")
    parser.add_argument(
        "--slices", type=positive, default=20, help="slices a run plays in turns (default 20)"
    )
    arguments = parser.parse_args(argv)
    print(
        f"this checkout ({CHECKOUT}) against {arguments.base}, CPU time ratios,"
        " median [95% interval] (range)"
    )
    print("| game | players | games per run | pairs | games alone | whole process |")
    print("|---|---:|---:|---:|---|---|")
    for game in arguments.game or GAMES:
        games = arguments.games or DEFAULT_GAMES[game]
        try:
            row = compare(
                arguments.base, game, arguments.players, games, arguments.pairs, arguments.slices
            )
        except CompareError as error:
            parser.exit(2, f"{parser.prog}: error: {error}\n")
        print(row, flush=True)


if __name__ == "__main__":
    main()
