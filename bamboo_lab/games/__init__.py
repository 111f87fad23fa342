"""The game registry: ``GAMES``, ``load(name)`` and ``replay(record)``."""

from __future__ import annotations

import importlib
from typing import Any, cast

from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.protocol import GameModule, GameState
from bamboo_lab.core.record import GameRecord

__all__ = ["GAMES", "load", "new_game", "record_of", "replay"]

GAMES: tuple[str, ...] = ("takenoko", "bamboo", "bangkok")
"""The names of the registered games."""


def load(name: str) -> GameModule:
    """Return the game module called ``name`` (``bamboo_lab.games.<name>``)."""
    if name not in GAMES:
        raise InvalidStateError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return cast(GameModule, importlib.import_module(f"{__name__}.{name}"))


def new_game(name: str, num_players: int, seed: int, options: Any = None) -> GameState:
    """Start a game by name: ``load(name).new_game(num_players, seed, options)``."""
    return load(name).new_game(num_players, seed, options)


def replay(record: GameRecord) -> list[GameState]:
    """Rebuild every state of a record, from setup to the last action.

    Raises :class:`InvalidStateError` when the record names an unknown game, another rules
    version, bad options, or an action that is malformed or illegal at its point.
    """
    module = load(record.game)
    if record.rules_version != module.RULES_VERSION:
        raise InvalidStateError(
            f"record is for {record.game} rules {record.rules_version!r};"
            f" this library plays {module.RULES_VERSION!r}"
        )
    try:
        state = module.new_game(record.num_players, record.seed, record.options)
    except BambooLabError as exc:
        raise InvalidStateError(f"record setup is invalid: {exc}") from exc
    states = [state]
    for ply, text in enumerate(record.actions):
        try:
            action = module.parse_action(text, state)
        except BambooLabError as exc:
            raise InvalidStateError(f"record action {ply} ({text!r}) is refused: {exc}") from exc
        state = state.apply(action, check=False)
        states.append(state)
    return states


def record_of(name: str, state: GameState, seed: int, options: Any = None) -> GameRecord:
    """The record of the game played from ``new_game(name, n, seed, options)`` to ``state``."""
    module = load(name)
    opts = module.Options.coerce(options)  # type: ignore[attr-defined]
    return GameRecord(
        game=name,
        rules_version=module.RULES_VERSION,
        num_players=state.num_players,
        seed=seed,
        options=opts.to_dict(),
        actions=tuple(str(a) for a in state.history),
    )
