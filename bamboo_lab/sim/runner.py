"""Play one game with bots: the runner behind ``play_game`` and ``simulate``.

Each decision asks the bot of the seat to move with ``state.view(seat)``, that state's legal
actions and the seat's own ``random.Random`` (a bot that declares ``wants_view = False``, as
``RandomBot`` ignores its view, gets ``None`` instead of a view); chance nodes are sampled from
``chance_outcomes()`` by the runner's generator. Every generator is seeded from the game seed
(``core.rng.derive_seed``), so a game is a pure function of (game, bots, seed, options). Actions
are applied with ``check=False``; the runner itself refuses a bot's answer that is not among the
legal actions, so the play stays legal. A game that reaches the game's ``PLY_LIMIT`` stops there
and is marked truncated.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bamboo_lab.bots import Bot, RandomBot, make_bots, sample_chance
from bamboo_lab.core.checks import check_setup
from bamboo_lab.core.errors import IllegalActionError, InvalidStateError
from bamboo_lab.core.protocol import CHANCE, GameModule, GameState, Outcome
from bamboo_lab.core.record import GameRecord
from bamboo_lab.core.rng import derive_seed
from bamboo_lab.games import load, record_of

from .stats import Tracker, tracker_for

__all__ = [
    "Played",
    "bot_rng",
    "chance_rng",
    "default_players",
    "moves",
    "play",
    "play_game",
    "wants_view",
]

BotSpec = str | Bot | Sequence[str | Bot]
"""What may be given where bots are asked for: a name, a bot, or one per seat."""


@dataclass(frozen=True)
class Played:
    """Everything one game produced: record, outcome, final state and per-seat statistics."""

    record: GameRecord
    outcome: Outcome
    state: GameState
    bots: tuple[Bot, ...]
    plies: int
    truncated: bool
    stats: tuple[dict[str, Any], ...]


def default_players(game: str, spec: BotSpec) -> int:
    """The player count implied by a bot spec: one per named seat, else 2 (or the game's least)."""
    if isinstance(spec, str):
        parts = spec.split(",")
        if len(parts) > 1:
            return len(parts)
    elif isinstance(spec, Sequence):
        return len(spec)
    counts = load(game).PLAYER_COUNTS
    return 2 if 2 in counts else counts[0]


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator of the bot at ``seat`` in the game played from ``seed``."""
    return random.Random(derive_seed(seed, "bot", seat))


def chance_rng(seed: int) -> random.Random:
    """The generator that samples the chance nodes of the game played from ``seed``."""
    return random.Random(derive_seed(seed, "chance"))


def play(
    game: str,
    bots: BotSpec,
    seed: int,
    options: Any = None,
    num_players: int | None = None,
) -> Played:
    """Play one game to its end (or its ply limit) and return everything it produced."""
    module: GameModule = load(game)
    n = default_players(game, bots) if num_players is None else num_players
    check_setup(game, n, seed, module.PLAYER_COUNTS)
    seats = make_bots(bots, game, n)
    state = module.new_game(n, seed, options)
    rngs = [bot_rng(seed, seat) for seat in range(n)]
    tracker: Tracker = tracker_for(game, state)
    limit = module.PLY_LIMIT
    plies = 0
    for before, action, after in moves(state, seats, rngs, chance_rng(seed), limit):
        tracker.step(before, action, after)
        state = after
        plies += 1
    truncated = not state.is_over()
    record = record_of(game, state, seed, options, check=False)  # we played it from new_game
    if truncated:
        record = dataclasses.replace(record, truncated=True)
        outcome = Outcome(
            scores=tuple(state.scores()),
            winners=(),
            reason=f"truncated at the ply limit ({limit} plies); no winner",
        )
    else:
        final = state.outcome()
        assert final is not None
        outcome = final
    return Played(
        record=record,
        outcome=outcome,
        state=state,
        bots=seats,
        plies=plies,
        truncated=truncated,
        stats=tracker.finish(state, outcome),
    )


def moves(
    state: GameState,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    dice: random.Random,
    limit: int,
) -> Iterator[tuple[GameState, Any, GameState]]:
    """Play on from ``state``: yield ``(before, action, after)`` for each ply until the game is
    over or ``limit`` plies are played.

    The bot of the seat to move answers from its view (``None`` if it does not look at it) with
    its generator ``rngs[seat]``; chance nodes are drawn with ``dice``. A bot's answer that is
    not among the legal actions raises ``IllegalActionError``.
    """
    looks = [wants_view(bot) for bot in bots]
    for _ in range(limit):
        if state.is_over():
            return
        seat = state.current_player
        if seat == CHANCE:
            action = sample_chance(state, dice)
        else:
            legal = state.legal_actions()
            view = state.view(seat) if looks[seat] else None
            action = bots[seat].choose(view, legal, rngs[seat])
            if not _among(action, legal):
                raise IllegalActionError(
                    f"bot {bots[seat].name!r} at seat {seat} chose {action!r}, which is not"
                    f" among the {len(legal)} legal actions"
                )
        after = state.apply(action, check=False)
        yield state, action, after
        state = after


def play_game(
    game: str,
    bots: BotSpec,
    seed: int,
    options: Any = None,
    num_players: int | None = None,
) -> tuple[GameRecord, Outcome]:
    """Play one game with ``bots`` (names or objects, one for all or one per seat).

    The player count is ``num_players``, else the number of bots given per seat, else 2.
    Returns the record (``games.replay`` rebuilds it; ``truncated`` is set when the game hit
    its ply limit) and the outcome (no winners when truncated).
    """
    played = play(game, bots, seed, options, num_players)
    return played.record, played.outcome


def wants_view(bot: Bot) -> bool:
    """False for a bot that never looks at its view (``RandomBot``, or ``wants_view = False``):
    the runner then passes ``None`` and saves computing the view (costly in Takenoko)."""
    return type(bot) is not RandomBot and getattr(bot, "wants_view", True) is not False


def _among(action: Any, legal: Sequence[Any]) -> bool:
    """True when ``action`` is one of ``legal`` (identity first: bots return list items)."""
    for candidate in legal:
        if candidate is action:
            return True
    try:
        return action in legal
    except Exception as exc:  # an object that cannot even be compared is not an action
        raise InvalidStateError(f"a bot returned {action!r}, which is not an action") from exc
