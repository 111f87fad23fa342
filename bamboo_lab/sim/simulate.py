"""``simulate``: many seeded games with bots, one pandas row per game and seat.

Game ``i`` is played from ``derive_seed(seed, "game", i)``, with the bots rotated ``i`` seats
when ``rotate_seats`` is on, so every row depends only on the master seed and the game's index:
the frame is the same whether the games run in this process, in 2 processes or on a Dask
cluster. Games are sent to the executor in chunks and the rows are sorted back into order.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any

from bamboo_lab.bots import make_bots
from bamboo_lab.core.checks import check_setup, checked_bool, checked_int
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.extras import optional
from bamboo_lab.core.rng import MASK64, derive_seed
from bamboo_lab.games import load

from .runner import BotSpec, default_players, play
from .stats import STAT_COLUMNS

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["BASE_COLUMNS", "game_seed", "simulate"]

BASE_COLUMNS: tuple[str, ...] = (
    "game_id",
    "seed",
    "seat",
    "bot",
    "score",
    "rank",
    "winner",
    "plies",
    "truncated",
)
"""The columns every game's frame starts with; the game's statistics follow."""


def game_seed(seed: int, game_id: int) -> int:
    """The seed of game ``game_id`` in a simulation with master seed ``seed``."""
    return derive_seed(seed, "game", game_id)


def simulate(
    game: str,
    bots: BotSpec,
    n_games: int,
    seed: int,
    options: Any = None,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
    rotate_seats: bool = True,
    keep_records: bool = False,
    num_players: int | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` seeded games and return one row per game and seat.

    ``bots``: a name (``"random"``, ``"heuristic"``, ``"search"``), a bot object, or one per
    seat (a sequence or ``"heuristic,random"``); the player count is ``num_players``, else one
    per bot given, else 2. ``rotate_seats`` moves the bots one seat on per game so that no bot
    keeps the first seat. ``jobs > 1`` runs a local process pool; ``executor`` (any
    ``concurrent.futures.Executor``, e.g. ``dask.distributed.Client.get_executor()``) takes
    precedence. Bot objects must be picklable to go to other processes. ``progress`` shows a
    ``tqdm.auto`` bar (also off under ``TQDM_DISABLE``). With ``keep_records`` a ``record``
    column holds the game's JSON record, which ``games.replay`` rebuilds.
    """
    pd = optional("pandas", "simulate")

    load(game)  # an unknown game is refused here, before any work
    n_games = checked_int(n_games, "n_games", 0, 10**9)
    seed = checked_int(seed, "the seed", 0, MASK64)
    jobs = checked_int(jobs, "jobs", 1, 1024)
    progress = checked_bool(progress, "progress")
    rotate_seats = checked_bool(rotate_seats, "rotate_seats")
    keep_records = checked_bool(keep_records, "keep_records")
    if executor is not None and not isinstance(executor, Executor):
        raise InvalidStateError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    n = default_players(game, bots) if num_players is None else num_players
    check_setup(game, n, seed, load(game).PLAYER_COUNTS)
    seats = make_bots(bots, game, n)  # refuses bad specs here, before any work is sent
    specs = _portable_specs(bots, seats)
    labels = _labels([bot.name for bot in seats])
    task = (game, specs, labels, n, options, seed, rotate_seats, keep_records)
    rows: list[dict[str, Any]] = []
    with _progress_bar(n_games, progress, game) as bar:
        if executor is None and jobs == 1:
            for game_id in range(n_games):
                rows.extend(_play_chunk(task, [game_id]))
                bar.update(1)
        else:
            own = executor is None
            pool = ProcessPoolExecutor(jobs) if executor is None else executor
            try:
                for chunk_rows, done in _run_chunks(pool, task, n_games, max(jobs, 2)):
                    rows.extend(chunk_rows)
                    bar.update(done)
            finally:
                if own:
                    pool.shutdown(wait=True, cancel_futures=True)
    rows.sort(key=lambda row: (row["game_id"], row["seat"]))
    columns = [*BASE_COLUMNS, *STAT_COLUMNS.get(game, ())]
    if keep_records:
        columns.append("record")
    return pd.DataFrame(rows, columns=columns)


Task = tuple[str, Any, tuple[str, ...], int, Any, int, bool, bool]


def _play_chunk(task: Task, game_ids: Sequence[int]) -> list[dict[str, Any]]:
    """Play the games ``game_ids`` of a simulation (runs in a worker); return their rows."""
    game, specs, labels, n, options, seed, rotate, keep = task
    rows = []
    for game_id in game_ids:
        shift = game_id % n if rotate else 0
        # Seat s plays bot (s - shift) mod n: game i moves every bot i seats on.
        order = [(seat - shift) % n for seat in range(n)]
        spec = [specs[i] for i in order] if isinstance(specs, list) else specs
        played = play(game, spec, game_seed(seed, game_id), options, n)
        outcome = played.outcome
        scores = outcome.scores
        record = played.record.to_json() if keep else None
        for seat in range(n):
            better = sum(
                1
                for q in range(n)
                if q != seat and (q in outcome.winners or scores[q] > scores[seat])
            )
            row: dict[str, Any] = {
                "game_id": game_id,
                "seed": played.record.seed,
                "seat": seat,
                "bot": labels[order[seat]],
                "score": scores[seat],
                "rank": 1 if seat in outcome.winners else better + 1,
                "winner": seat in outcome.winners,
                "plies": played.plies,
                "truncated": played.truncated,
                **played.stats[seat],
            }
            if keep:
                row["record"] = record
            rows.append(row)
    return rows


def _run_chunks(
    pool: Executor, task: Task, n_games: int, workers: int
) -> Iterator[tuple[list[dict[str, Any]], int]]:
    """Submit the games in chunks (a few per worker) and yield each chunk's rows when done."""
    size = max(1, min(50, n_games // (workers * 4) or 1))
    chunks = [list(range(i, min(i + size, n_games))) for i in range(0, n_games, size)]
    futures: dict[Future[list[dict[str, Any]]], int] = {
        pool.submit(_play_chunk, task, chunk): len(chunk) for chunk in chunks
    }
    for future in as_completed(futures):
        yield future.result(), futures[future]


def _portable_specs(bots: BotSpec, seats: tuple[Any, ...]) -> Any:
    """What workers rebuild the bots from: the names as given, else the bot objects per seat."""
    if isinstance(bots, str):
        return [part.strip() for part in bots.split(",")] if "," in bots else bots
    if isinstance(bots, Sequence) and all(isinstance(b, str) for b in bots):
        return list(bots)
    return list(seats)


def _labels(names: list[str]) -> tuple[str, ...]:
    """The bots' names, numbered (``heuristic#1``) only where two seats share a name."""
    if len(set(names)) == len(names) or len(set(names)) == 1:
        return tuple(names)
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(f"{name}#{seen[name]}" if names.count(name) > 1 else name)
    return tuple(out)


class _NoBar:
    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        return None


def _progress_bar(total: int, progress: bool, game: str) -> Any:
    """A ``tqdm.auto`` bar, or a silent stand-in when off (``progress=False``, TQDM_DISABLE)."""
    if not progress or os.environ.get("TQDM_DISABLE", "").lower() not in ("", "0", "false"):
        return _NoBar()
    tqdm = optional("tqdm.auto", "simulate's progress bar").tqdm
    return tqdm(total=total, desc=f"{game} games", unit="game")
