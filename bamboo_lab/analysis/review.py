"""``review``: where was this game won and lost? One analysis per decision of a record."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.checks import checked_int, short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.extras import require
from bamboo_lab.core.protocol import CHANCE, find_legal
from bamboo_lab.core.record import GameRecord
from bamboo_lab.core.rng import derive_seed
from bamboo_lab.games import replay

from .playouts import DEFAULT_BOT, MAX_PLAYOUTS, BotSpec, checked_seed, playout_bots
from .position import Arm, mean_and_interval, move_namer, playout_runner, search

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEFAULT_THRESHOLD",
    "OTHER_GAME_REVIEW_PLAYOUTS",
    "REVIEW_COLUMNS",
    "REVIEW_PLAYOUTS",
    "review",
]

REVIEW_COLUMNS = (
    "ply",
    "player",
    "move",
    "win_before",
    "win_after",
    "best",
    "loss",
    "flagged",
    "loss_low",
    "loss_high",
    "visits",
    "move_words",
    "best_words",
)
"""The columns of ``review``'s table, in order (the API's eight, then the loss's 95% interval,
the playouts behind each of ``win_before`` and ``win_after``, and the move played and the best
move in the rulebook's words)."""


REVIEW_PLAYOUTS: dict[str, int] = {"takenoko": 12, "bamboo": 4, "bangkok": 100}
"""``review``'s default playouts per decision: a whole two-player heuristic game of Takenoko or
Bangkok reviewed in a minute or less here, of Bamboo in about two (docs/analysis.md has the
measurements)."""

OTHER_GAME_REVIEW_PLAYOUTS = 12
"""``review``'s default playouts per decision for a game not in :data:`REVIEW_PLAYOUTS`."""

DEFAULT_THRESHOLD = 0.15
"""A move is flagged when it cost the mover at least this much win probability."""


def review(
    record: GameRecord,
    seat: int | None = None,
    *,
    n: int | None = None,
    seed: int = 0,
    threshold: float = DEFAULT_THRESHOLD,
    bot: BotSpec = DEFAULT_BOT,
    progress: Callable[[int, int], object] | None = None,
) -> pd.DataFrame:
    """One row per decision of ``record`` (only ``seat``'s when given): what the move cost.

    Each decision is looked at from the mover's view at that moment with about ``n`` playouts
    (default ``REVIEW_PLAYOUTS`` of the game). Half of them find the best move (``best``) by
    sequential halving, as ``analyse`` does (at least one per legal move); then that
    move and the move played get a quarter each (at least two), on the same fresh re-dealt
    worlds (so the comparison is paired, and the search's luck does not inflate the best
    move). ``win_before`` is the mover's win probability with
    the best move, ``win_after`` with the move played; ``loss`` is their difference, with the
    95% t interval of the paired differences in ``loss_low`` and ``loss_high``; ``visits`` is
    the playouts behind each of the two chances (each move's); ``move_words`` and ``best_words``
    name the two moves in the rulebook's words. When the move played does as well as the search's
    best, it is the best (``loss`` 0). ``flagged`` marks a loss of at least ``threshold``
    whose interval lies above 0 (a clear loss, not noise). A decision with one legal action
    gets no search. ``ply`` numbers the record's actions from 1
    (``replay(record)[ply]`` is the position after the move); chance outcomes have no row.
    Deterministic for ``seed``; ``frame.attrs`` holds the action objects (``actions``,
    ``best_actions``). ``progress``, when given, is called with (decisions reviewed, decisions
    to review) after each one (the command line's progress).
    """
    require("pandas", feature="bamboo_lab.analysis")
    import pandas as pd

    if not isinstance(record, GameRecord):
        raise InvalidStateError(f"review needs a GameRecord, not {short_repr(record)[:80]}")
    if seat is not None:
        seat = checked_int(seat, "review: seat", 0, record.num_players - 1)
    seed = checked_seed(seed, "review")
    if n is not None:
        n = checked_int(n, "review: n", 2, MAX_PLAYOUTS)
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
        raise InvalidStateError(f"review: threshold must be a number, not {short_repr(threshold)}")
    if not (math.isfinite(threshold) and 0 < threshold <= 1):
        raise InvalidStateError(
            f"review: threshold must be above 0 and at most 1, not {threshold!r}"
        )
    if progress is not None and not callable(progress):
        raise InvalidStateError(f"review: progress must be callable, not {short_repr(progress)}")
    states = replay(record)
    bots = playout_bots(bot, states[0])
    total = sum(
        1
        for state in states[:-1]
        if state.current_player != CHANCE and (seat is None or state.current_player == seat)
    )
    budget = REVIEW_PLAYOUTS.get(record.game, OTHER_GAME_REVIEW_PLAYOUTS) if n is None else n
    rows: list[tuple[Any, ...]] = []
    played_actions: list[Any] = []
    best_actions: list[Any] = []
    for index, text in enumerate(record.actions):
        before = states[index]
        mover = before.current_player
        if mover == CHANCE or (seat is not None and mover != seat):
            continue
        view = before.view(mover)
        played = find_legal(view, text)
        name = move_namer(record.game, view)
        best, chosen = _compare(view, mover, played, budget, derive_seed(seed, index), bots)
        differences = [
            float(won_best) - float(won_played)
            for won_best, won_played in zip(best.won, chosen.won, strict=True)
        ]
        loss, loss_low, loss_high = mean_and_interval(differences)
        if best is chosen:
            loss_low = loss_high = 0.0
        rows.append(
            (
                index + 1,
                mover,
                text,
                best.wins / best.visits,
                chosen.wins / chosen.visits,
                str(best.action),
                loss,
                loss >= threshold and loss_low > 0,
                loss_low,
                loss_high,
                chosen.visits,
                name(played),
                name(best.action),
            )
        )
        played_actions.append(played)
        best_actions.append(best.action)
        if progress is not None:
            progress(len(rows), total)
    frame = pd.DataFrame(rows, columns=list(REVIEW_COLUMNS))
    frame = frame.astype({"ply": int, "player": int, "loss": float, "flagged": bool, "visits": int})
    frame.attrs.update(
        game=record.game,
        num_players=record.num_players,
        seat=seat,
        playouts=budget,
        seed=seed,
        threshold=float(threshold),
        actions=played_actions,
        best_actions=best_actions,
    )
    return frame


def _compare(
    view: Any, seat: int, played: Any, budget: int, seed: int, bots: Any
) -> tuple[Arm, Arm]:
    """The best move found and the move played, played out on the same fresh worlds: the
    search spends half of ``budget`` (seed path ``select``), then each of the two moves gets a
    quarter (at least two playouts; seed path ``check``); the same arm, with both quarters,
    when the move played is the best or the only legal move."""
    chosen = Arm(played, 0)
    count = max(2, budget // 4)
    run = playout_runner(view, seat, derive_seed(seed, "check"), bots)
    found = played
    if len(view.legal_actions()) > 1:
        ranked, _ = search(view, seat, max(1, budget // 2), derive_seed(seed, "select"), bots)
        found = ranked[0].action
    if found == played:
        for _ in range(2 * count):
            run(chosen)
        return chosen, chosen
    best = Arm(found, 1)
    for _ in range(count):
        run(best)
        run(chosen)
    if chosen.key() >= best.key():
        return chosen, chosen
    return best, chosen
