"""The game registry: ``GAMES``, ``load(name)``, ``register``, ``layer``, records, ``play``.

``register(module)`` adds a game module by its ``NAME`` at run time; ``layer(name, "viz")`` finds
a game's module of another layer by fixed names (docs/adding-a-game.md), so no shared module
lists the games. ``record_of`` and ``replay`` turn games into :class:`GameRecord` values and
back; ``play`` applies several notations in order and says which one failed and why;
``advance_to`` moves time forward to a player's next decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, cast

from bamboo_lab.core import history as shared_history
from bamboo_lab.core.checks import SEED_RANGE, checked_int, short_repr
from bamboo_lab.core.errors import (
    BambooLabError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
)
from bamboo_lab.core.protocol import CHANCE, GameModule, GameState
from bamboo_lab.core.record import GameRecord, state_digest

from .layers import LAYERS, PIECES, ByGame, check_game, layer, layer_path, layer_piece
from .registry import CONTRACT, GAMES, every_action, load, names, register, unregister

__all__ = [
    "CONTRACT",
    "GAMES",
    "LAYERS",
    "PIECES",
    "START_KEYS",
    "ByGame",
    "actions_between",
    "advance_to",
    "check_game",
    "every_action",
    "layer",
    "layer_path",
    "layer_piece",
    "load",
    "names",
    "new_game",
    "play",
    "record_of",
    "register",
    "replay",
    "start_here",
    "start_of",
    "unregister",
]


def new_game(name: str, num_players: int, seed: int, options: Any = None) -> GameState:
    """Start a game by name: ``load(name).new_game(num_players, seed, options)``."""
    return load(name).new_game(num_players, seed, options)


START_KEYS = ("start", "start_position")
"""The to_dict keys a starting position is saved under: ``start``, or ``start_position`` in
Bamboo, whose older saved format keeps its start player under ``start``."""


def start_of(state: Any) -> Mapping[str, Any] | None:
    """The starting position (a to_dict) a state's history begins at, or None for new_game."""
    start = getattr(state, "start", None)
    return start if isinstance(start, Mapping) else None


def actions_between(before: GameState, after: GameState) -> tuple[Any, ...] | None:
    """The actions ``after``'s history adds to ``before``'s, or None when it does not extend it
    (another game, another starting position, or another line of play). Only the histories and
    starts are compared: two deals of different seeds both begin with an empty history.

    States of one line of play share their history (``bamboo_lab.core.history``): this walks
    back from ``after`` to ``before`` and costs the number of actions between them, where
    slicing ``after.history`` would write out both whole histories.
    """
    if getattr(before, "game", None) != getattr(after, "game", None):
        return None
    first, last = start_of(before), start_of(after)
    if first is not last and first != last:
        return None
    stored = (getattr(s, "__dict__", {}).get("history") for s in (before, after))
    older, newer = stored
    if older is None or newer is None:
        older, newer = before.history, after.history
    return shared_history.actions_between(older, newer)


def start_here(state: GameState) -> GameState:
    """The same position with an empty history that begins here (its ``start`` is itself).

    Use it on a position loaded or built without its start before playing on, so that
    :func:`record_of` the later states writes this position as the record's start.
    """
    module = _module_of(state)
    data = state.to_dict()
    data["history"] = []
    for key in START_KEYS:
        if isinstance(data.get(key), Mapping):
            del data[key]
    try:
        return _begin_at(module, data)
    except BambooLabError as exc:
        raise InvalidStateError(f"this position cannot start a record: {exc}") from exc


def _begin_at(module: GameModule, data: Mapping[str, Any]) -> GameState:
    """The position ``data`` (a to_dict with empty history and no start) as its own start."""
    module.State.from_dict(data)  # a position that does not load is refused as itself
    key = next(k for k in START_KEYS if not isinstance(data.get(k), int))
    return cast(GameState, module.State.from_dict({**data, key: dict(data)}))


def replay(record: GameRecord) -> list[GameState]:
    """Rebuild every state of a record, from its start to the last action.

    The first state is the record's starting position when it carries one (loaded with
    ``State.from_dict``, its ``start`` set to itself, as :func:`start_here` does), else
    ``new_game(num_players, seed, options)``. Raises :class:`InvalidStateError` when the record
    names an unknown game, another rules version, bad options, a start position that does not
    load or disagrees with the record, an action that is malformed or illegal at its point, or
    actions that do not reach the record's ``final_digest`` (records without one are not checked).
    """
    if not isinstance(record, GameRecord):
        raise InvalidStateError(f"replay needs a GameRecord, not {type(record).__name__}")
    module = load(record.game)
    if record.rules_version != module.RULES_VERSION:
        raise InvalidStateError(
            f"record is for {record.game} rules {record.rules_version[:40]!r};"
            f" this library plays {module.RULES_VERSION!r}"
        )
    state = _first_state(module, record)
    states = [state]
    for ply, text in enumerate(record.actions):
        try:
            action = module.parse_action(text, state)
        except BambooLabError as exc:
            shown = text if len(text) < 60 else text[:57] + "..."
            raise InvalidStateError(f"record action {ply} ({shown!r}) is refused: {exc}") from exc
        state = state.apply(action, check=False)
        states.append(state)
    if record.final_digest is not None and state_digest(state) != record.final_digest:
        raise InvalidStateError(
            f"the record's {len(record.actions)} actions do not reach the position it was saved"
            " with (final_digest differs): its start or actions were changed or corrupted"
        )
    return states


def _first_state(module: GameModule, record: GameRecord) -> GameState:
    """The state a record's actions start from: its ``start`` or ``new_game``."""
    if record.start is None:
        try:
            return module.new_game(record.num_players, record.seed, record.options)
        except BambooLabError as exc:
            raise InvalidStateError(f"record setup is invalid: {exc}") from exc
    try:
        state = cast(GameState, module.State.from_dict(record.start))
        options = module.Options.coerce(record.options)
    except BambooLabError as exc:
        raise InvalidStateError(f"record start position is invalid: {exc}") from exc
    if state.history or start_of(state) is not None:
        raise InvalidStateError("record start position must have an empty history and no start")
    if state.num_players != record.num_players:
        raise InvalidStateError(
            f"record start position has {state.num_players} players;"
            f" the record says {record.num_players}"
        )
    if getattr(state, "options", options) != options:
        raise InvalidStateError("record start position plays other options than the record")
    try:
        return _begin_at(module, record.start)
    except BambooLabError as exc:
        raise InvalidStateError(f"record start position is invalid: {exc}") from exc


def record_of(
    name: str, state: GameState, seed: int, options: Any = None, *, check: bool = True
) -> GameRecord:
    """The record of the game that led to ``state``: setup or starting position, then actions.

    The record carries a starting position when the history does not begin at
    ``new_game(name, n, seed, options)``: the state's ``start`` when it has one, or the state
    itself when it has an empty history but is not that new game (a built or loaded position).
    ``options=None`` takes the state's own options.
    With ``check`` (the default), the actions are replayed from the start and a state they do
    not reach (a history from another seed or options) is refused with InvalidStateError.
    """
    module = load(name)
    if getattr(state, "game", None) != name:
        raise InvalidStateError(
            f"record_of({name!r}) needs a {name} state, not {short_repr(state)}"
        )
    checked_int(seed, "the seed", SEED_RANGE.start, SEED_RANGE.stop - 1)
    if options is None:  # the state's own options (a custom Bangkok deck, variants)
        options = getattr(state, "options", None)
    try:
        opts = module.Options.coerce(options)
    except BambooLabError as exc:
        raise InvalidStateError(f"record options are invalid: {exc}") from exc
    if getattr(state, "options", opts) != opts:
        raise InvalidStateError(f"the state plays other options than {opts!r}")
    start = start_of(state)
    fresh = start is None and not state.history
    final = state
    if fresh and module.new_game(state.num_players, seed, opts) != state:
        start = state.to_dict()
        final = _begin_at(module, start)  # what replay reaches: the position as its own start
    record = GameRecord(
        game=name,
        rules_version=module.RULES_VERSION,
        num_players=state.num_players,
        seed=seed,
        options=opts.to_dict(),
        actions=tuple(str(a) for a in state.history),
        start=start,
        final_digest=state_digest(final),
    )
    if check and state.history:
        where = "its start position" if start is not None else f"new_game(seed={seed})"
        refusal = f"the history of this {name} state does not begin at {where}"
        first = _first_state(module, record)
        try:
            for action in state.history:
                first = first.apply(action)
        except BambooLabError as exc:
            raise InvalidStateError(
                f"{refusal} (or use start_here on the position): {exc}"
            ) from exc
        if first != state:
            raise InvalidStateError(
                f"{refusal} (another seed or options? or a loaded position: start_here(it))"
            )
    return record


Policy = Callable[[Any], Any]
"""A policy: ``policy(state) -> action``, or an object with ``choose(view, legal, rng)`` (a bot)."""


def play(state: GameState, *moves: Any) -> GameState:
    """Apply several notations (or action objects) in order; return the last state.

    ``play(state, "a", "b")`` is ``state.apply(parse_action("a", state))`` and so on. When one
    fails, the error (of the same kind: InvalidActionError or IllegalActionError, with the same
    rule) says which one, by position and text, and why; ``state`` is never changed.
    """
    module = _module_of(state)
    for index, move in enumerate(moves):
        try:
            action = module.parse_action(move, state) if isinstance(move, str) else move
            state = state.apply(action)
        except BambooLabError as exc:
            shown = move if isinstance(move, str) and len(move) < 60 else f"{short_repr(move)}"
            raise _restated(exc, f"move {index} ({shown!r}) failed: {exc}") from exc
    return state


def advance_to(
    state: GameState,
    player: int,
    policy: Policy | Any | None = None,
    *,
    seed: int = 0,
    max_plies: int | None = None,
) -> GameState:
    """Move time forward until ``player`` has a decision; return that state.

    Every decision on the way (other players', and chance) is taken by ``policy``: a callable
    ``policy(state) -> action`` (or notation), an object with ``choose(view, legal_actions, rng)``
    such as a bot (it sees the deciding player's view), or None for uniformly random choices.
    Chance nodes are sampled from ``chance_outcomes()``. All randomness comes from
    ``random.Random(seed)``, so the result is a pure function of the arguments. A state where
    ``player`` already decides is returned as it is; a game that ends first returns its final
    state (check ``is_over()``). More than ``max_plies`` decisions (default: the game's ply
    limit) raise InvalidStateError.
    """
    module = _module_of(state)
    checked_int(player, "the player", 0, state.num_players - 1)
    checked_int(seed, "the seed", SEED_RANGE.start, SEED_RANGE.stop - 1)
    limit = module.PLY_LIMIT if max_plies is None else checked_int(max_plies, "max_plies", 0)
    rng = random.Random(seed)
    for _ in range(limit + 1):
        current = state.current_player
        if current == player or state.is_over():
            return state
        if current == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(actions, weights)[0]
        else:
            action = _decide(module, state, policy, rng)
        try:
            state = state.apply(action)
        except BambooLabError as exc:
            message = f"the policy chose {short_repr(action)} for player {current}: {exc}"
            raise _restated(exc, message) from exc
    raise InvalidStateError(f"player {player} had no decision within {limit} plies")


def _decide(module: GameModule, state: GameState, policy: Any, rng: random.Random) -> Any:
    """The action (or notation) ``policy`` takes for the current player."""
    legal = state.legal_actions()
    if policy is None:
        return legal[rng.randrange(len(legal))]
    if hasattr(policy, "choose"):
        action = policy.choose(state.view(state.current_player), legal, rng)
    elif callable(policy):
        action = policy(state)
    else:
        raise InvalidStateError(
            "a policy is a callable or has choose(view, legal_actions, rng),"
            f" not {short_repr(policy)}"
        )
    return module.parse_action(action, state) if isinstance(action, str) else action


def _restated(exc: BambooLabError, message: str) -> BambooLabError:
    """An error of the same kind as ``exc`` (and the same rule) saying ``message``."""
    if isinstance(exc, IllegalActionError):
        return IllegalActionError(message, rule=exc.rule)
    if isinstance(exc, InvalidActionError):
        return InvalidActionError(message)
    return InvalidStateError(message)


def _module_of(state: Any) -> GameModule:
    """The game module a state belongs to."""
    name = getattr(state, "game", None)
    if not isinstance(name, str) or name not in names() or not hasattr(state, "legal_actions"):
        raise InvalidStateError(f"not a game state: {short_repr(state)}")
    return load(name)
