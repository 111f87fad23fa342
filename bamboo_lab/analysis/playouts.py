"""Playouts from one seat's view: the checks, seeds and results ``analyse``, ``outlook`` and
``review`` share.

A playout re-deals the hidden parts of a position from a seat's view
(``state.view(seat).determinize(seat, world_seed(seed, j))``: world ``j``), plays it to the
end with bots (each bot answering from its own seat's view of that world, chance drawn from
the playout's generator) and reads the final scores and winners. World ``j`` and generator
``j`` depend only on the seed and ``j``, never on the real hidden parts, so two states a seat
cannot tell apart give the same playouts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bamboo_lab.bots import Bot, make_bots
from bamboo_lab.core.checks import SEED_RANGE, checked_int, short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE, GameState
from bamboo_lab.core.rng import derive_seed
from bamboo_lab.games import load, names
from bamboo_lab.sim.runner import moves

__all__ = [
    "DEFAULT_BOT",
    "MAX_PLAYOUTS",
    "MAX_PLAYOUT_PLIES",
    "MAX_SECONDS",
    "BotSpec",
    "Result",
    "checked_budget",
    "checked_seat",
    "checked_seed",
    "checked_state",
    "play_out",
    "playout_bots",
    "playout_rng",
    "seat_result",
    "world",
    "world_seed",
]

DEFAULT_BOT = "heuristic"
"""The bot that plays every seat of a playout unless another is given."""

MAX_PLAYOUTS = 1_000_000
"""The largest playout budget accepted (a bound against a typo, far beyond a useful one)."""

MAX_SECONDS = 3600.0
"""The largest time budget accepted, in seconds."""

MAX_PLAYOUT_PLIES = 1500
"""The most plies a playout plays (or the game's ply limit, if lower). Heuristic games end in
about 50 (Bangkok) to 350 (Takenoko) plies; bots that pass back and forth (two Bangkok bots
renewing the same row) would otherwise play on to the game's ply limit."""

BotSpec = str | Bot | Sequence[str | Bot]
"""Bots as ``make_bots`` takes them: a name, a bot, or one per seat (``"heuristic,random"``)."""


@dataclass(frozen=True)
class Result:
    """What one playout ended with: every seat's final score and the winners."""

    scores: tuple[int, ...]
    """The final scores (the running scores when the playout hit the game's ply limit)."""
    winners: tuple[int, ...]
    """The winners after the tie-breaks (the leaders on score at a ply limit)."""


def checked_state(state: Any, what: str) -> GameState:
    """``state`` if it is a game state of a registered game that is not over, else an error."""
    game = getattr(type(state), "game", None)
    if not isinstance(state, GameState) or game not in names():
        raise InvalidStateError(f"{what} needs a game state, not {short_repr(state)[:80]}")
    if state.is_over():
        raise InvalidStateError(f"{what} needs a game that is not over: this one has ended")
    return state


def checked_seat(state: GameState, seat: Any, what: str, *, to_move: bool) -> int | None:
    """``seat`` if it is a seat of ``state`` (the seat to move when ``to_move``), else an error.

    ``None`` (the public view) is accepted only when ``to_move`` is false.
    """
    if seat is None and not to_move:
        return None
    seat = checked_int(seat, f"{what}: seat", 0, state.num_players - 1)
    if to_move:
        mover = state.current_player
        if mover == CHANCE:
            raise InvalidStateError(
                f"{what}: the next action is a chance outcome (a draw or a roll), not a decision"
            )
        if mover != seat:
            raise InvalidStateError(
                f"{what}: seat {seat} is not to move; player {mover} decides now"
            )
    return seat


def checked_seed(seed: Any, what: str) -> int:
    """``seed`` if it is a 64-bit seed, else an error."""
    return checked_int(seed, f"{what}: seed", SEED_RANGE.start, SEED_RANGE.stop - 1)


def checked_budget(playouts: Any, seconds: Any, what: str) -> tuple[int | None, float | None]:
    """``(playouts, seconds)`` when each is None or positive (and not absurd), else an error."""
    if playouts is not None:
        playouts = checked_int(playouts, f"{what}: playouts", 1, MAX_PLAYOUTS)
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise InvalidStateError(f"{what}: seconds must be a number, not {short_repr(seconds)}")
        if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
            raise InvalidStateError(
                f"{what}: seconds must be above 0 and at most {MAX_SECONDS:g}, not {seconds!r}"
            )
        seconds = float(seconds)
    return playouts, seconds


def playout_bots(spec: BotSpec, state: GameState) -> tuple[Bot, ...]:
    """One bot per seat of ``state`` from ``spec`` (a name, a bot or one per seat)."""
    return make_bots(spec, state.game, state.num_players)


def world_seed(seed: int, index: int) -> int:
    """The seed of world ``index``: the re-deal of the hidden parts of playout ``index``."""
    return derive_seed(seed, "analysis-world", index)


def playout_rng(seed: int, index: int) -> random.Random:
    """The generator of playout ``index``: the bots' choices and the chance draws."""
    return random.Random(derive_seed(seed, "analysis-playout", index))


def world(view: GameState, seat: int | None, seed: int, index: int) -> GameState:
    """World ``index``: ``view`` (a seat's view) with its hidden parts re-dealt."""
    return view.determinize(seat, world_seed(seed, index))


def play_out(state: GameState, bots: Sequence[Bot], rng: random.Random) -> Result:
    """Play ``state`` to its end with ``bots`` (one per seat) and ``rng``; the final result.

    A playout that reaches :data:`MAX_PLAYOUT_PLIES` (or the game's ply limit) stops there: its
    winners are the seats leading on the running score.
    """
    limit = min(load(state.game).PLY_LIMIT, MAX_PLAYOUT_PLIES)
    rngs = [rng] * state.num_players
    for _before, _action, after in moves(state, bots, rngs, rng, limit):
        state = after
    outcome = state.outcome()
    if outcome is not None:
        return Result(tuple(outcome.scores), tuple(outcome.winners))
    scores = tuple(state.scores())
    best = max(scores)
    return Result(scores, tuple(p for p, score in enumerate(scores) if score == best))


def seat_result(result: Result, seat: int) -> tuple[bool, float]:
    """``(won, margin)`` of ``seat``: among the winners (a shared win counts), and its final
    score minus the best other seat's (its own score in a solo game)."""
    scores = result.scores
    others = [score for p, score in enumerate(scores) if p != seat]
    margin = scores[seat] - (max(others) if others else 0)
    return seat in result.winners, float(margin)
