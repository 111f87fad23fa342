"""Replaying a long record: seconds and peak memory of ``replay`` and ``widgets.replay``.

The record is a 2-player Takenoko game of 20,000 actions from seed 1 whose players never claim
an objective (uniformly random otherwise), so it never ends. Each measurement runs in a fresh
process that has already imported the package; ``widgets.replay`` first opens the replay of a
short record, so the one-time Plotly template load is not counted. Peak memory is the child
process's maximum resident set (``ru_maxrss``), imports included. The targets (issue 22):
at most 2 s and 200 MB each.

Usage: ``python benchmarks/replay.py [--actions N]`` (or ``run.py --only replay``).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bamboo_lab.games import load, record_of

KINDS = ("replay", "widgets.replay")


def long_record(actions: int) -> str:
    """The JSON of a Takenoko record of ``actions`` actions in which nobody claims."""
    takenoko = load("takenoko")
    rng = random.Random(1)
    state = takenoko.new_game(2, 1)
    for _ in range(actions):
        legal = state.legal_actions()
        choices = [a for a in legal if not isinstance(a, takenoko.Claim)] or legal
        state = state.apply(choices[rng.randrange(len(choices))], check=False)
    return record_of("takenoko", state, 1).to_json()


def child(kind: str, path: str) -> None:
    """Measure one kind in this process; print seconds and peak KiB as JSON."""
    from bamboo_lab.core.record import GameRecord
    from bamboo_lab.games import replay

    record = GameRecord.load(path)
    if kind == "replay":
        started = time.perf_counter()
        replay(record)
    else:
        from bamboo_lab import widgets

        start = load("takenoko").new_game(2, 1)
        widgets.replay(record_of("takenoko", start.apply(start.legal_actions()[0]), 1))
        started = time.perf_counter()
        widgets.replay(record)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "peak_kib": peak}))


def measure(actions: int = 20_000) -> list[dict[str, float | str]]:
    """Seconds and peak MB of each kind over a record of ``actions`` actions."""
    rows: list[dict[str, float | str]] = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        path.write_text(long_record(actions), encoding="utf-8")
        for kind in KINDS:
            out = subprocess.run(
                [sys.executable, __file__, "--child", kind, str(path)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            result = json.loads(out.strip().splitlines()[-1])
            rows.append(
                {"kind": kind, "seconds": result["seconds"], "peak_mb": result["peak_kib"] / 1024}
            )
    return rows


def table(actions: int = 20_000) -> None:
    """Print the measurements."""
    print(f"\n{f'replay of {actions} Takenoko actions':34} {'seconds':>8} {'peak MB':>8}")
    for row in measure(actions):
        print(f"{row['kind']:34} {row['seconds']:8.2f} {row['peak_mb']:8.0f}", flush=True)


def main() -> None:
    """Run the measurement (or, with ``--child``, one kind of it)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--child", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
    else:
        table(args.actions)


if __name__ == "__main__":
    main()
