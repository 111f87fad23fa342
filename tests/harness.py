"""The conformance harness: seeded random playouts checking the invariants of docs/design.md
(section 10).

``check_game(module, num_players, seed)`` plays one random game and checks, at every step: legal
actions non-empty exactly when not over, unique action strings that parse back, ``apply`` leaves
its input unchanged, ``from_dict(to_dict(s)) == s`` through JSON, chance probabilities sum to 1,
views leak nothing (every resampling of the hidden parts gives the same view), components are
conserved (``inventory()``), the game ends within its ply limit, and replaying the record gives
the same final state. A state's ``start`` (the position its history begins at, when it is not
``new_game``) round-trips too and loads as a state with an empty history and no start.

``check_position(state)`` does the same from a built or loaded position (``<game>.position(...)``
or ``State.from_dict``): random games played on from it, every invariant checked at every step,
and each game's record (which carries the position as its ``start``) replays to its final state.
Any failure raises ``AssertionError`` naming the invariant and the ply.
"""

from __future__ import annotations

import json
import random
from typing import Any

from bamboo_lab.core.protocol import CHANCE, TERMINAL
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import (
    START_KEYS,
    load,
    names,
    record_of,
    replay,
    start_here,
    start_of,
)

__all__ = ["check_game", "check_position", "check_state", "play_on", "random_playout"]

MAX_PARSED = 40  # legal actions parsed back per state (a deterministic sample beyond this)


def check_state(module: Any, state: Any, inventory: dict[str, int], ply: int) -> tuple[Any, ...]:
    """Check one state's invariants; return its legal actions."""
    where = f"{module.NAME} ply {ply}"
    over = state.is_over()
    legal = state.legal_actions()
    assert over == (state.current_player == TERMINAL), f"{where}: is_over disagrees with TERMINAL"
    assert bool(legal) != over, f"{where}: legal actions must be non-empty exactly when not over"
    assert (state.outcome() is None) != over, f"{where}: outcome() must exist exactly when over"
    assert len(state.scores()) == state.num_players, f"{where}: scores() length"
    texts = [str(a) for a in legal]
    assert len(set(texts)) == len(texts), f"{where}: duplicate action strings {texts}"
    assert len(set(legal)) == len(legal), f"{where}: duplicate actions"
    step = max(1, len(legal) // MAX_PARSED)
    for action in legal[::step]:
        parsed = module.parse_action(str(action), state)
        assert parsed == action, f"{where}: {str(action)!r} parses to {parsed!r}, not {action!r}"
        assert eval(repr(action), vars(module)) == action, (
            f"{where}: repr of {action!r} is not evaluable"
        )
    if state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes, f"{where}: a chance node without outcomes"
        total = sum(p for _, p in outcomes)
        assert abs(total - 1.0) < 1e-9, f"{where}: chance probabilities sum to {total}"
        assert all(p > 0 for _, p in outcomes), f"{where}: a chance outcome with probability <= 0"
        assert {a for a, _ in outcomes} == set(legal), f"{where}: chance outcomes != legal actions"
    data = state.to_dict()
    dumped = json.dumps(data, sort_keys=True)
    again = type(state).from_dict(json.loads(dumped))
    assert again == state, f"{where}: from_dict(to_dict(s)) != s"
    assert json.dumps(again.to_dict(), sort_keys=True) == dumped, f"{where}: to_dict not stable"
    assert dict(state.inventory()) == inventory, (
        f"{where}: components not conserved: {_diff(inventory, dict(state.inventory()))}"
    )
    _check_start(state, data, where)
    for player in range(state.num_players):
        view = state.view(player)
        for k in range(2):
            other = state.determinize(player, ply * 31 + k)
            assert dict(other.inventory()) == inventory, f"{where}: determinize changed components"
            assert other.view(player) == view, f"{where}: view({player}) leaks hidden information"
    return legal


def random_playout(
    module: Any, num_players: int, seed: int, options: Any = None, check: bool = False
) -> tuple[Any, int]:
    """Play one uniformly random game; return (final state, plies). ``check`` runs check_state."""
    state = module.new_game(num_players, seed, options)
    return play_on(module, state, random.Random(seed), check=check)


def play_on(
    module: Any, state: Any, rng: random.Random, check: bool = False, max_plies: int | None = None
) -> tuple[Any, int]:
    """Play uniformly random decisions from ``state`` to the end (or ``max_plies``).

    Returns (last state, plies played). ``check`` runs :func:`check_state` at every step and checks
    that ``apply`` leaves its input unchanged and agrees with ``apply(check=False)``.
    """
    inventory = dict(state.inventory())
    ply = 0
    while True:
        legal = check_state(module, state, inventory, ply) if check else state.legal_actions()
        if state.is_over() or (max_plies is not None and ply >= max_plies):
            return state, ply
        assert ply < module.PLY_LIMIT, f"{module.NAME}: no end within PLY_LIMIT={module.PLY_LIMIT}"
        if state.current_player == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(actions, weights)[0]
        else:
            action = legal[rng.randrange(len(legal))]
        if check:
            before = json.dumps(state.to_dict(), sort_keys=True)
            copy = type(state).from_dict(json.loads(before))
            nxt = state.apply(action)
            assert json.dumps(state.to_dict(), sort_keys=True) == before and state == copy, (
                f"{module.NAME} ply {ply}: apply({action}) mutated its input"
            )
            assert nxt == state.apply(action, check=False), f"ply {ply}: check=False differs"
            state = nxt
        else:
            state = state.apply(action, check=False)
        ply += 1


def check_game(module: Any, num_players: int, seed: int, options: Any = None) -> Any:
    """Play and check one seeded random game, then replay its record; return the final state."""
    final, plies = random_playout(module, num_players, seed, options, check=True)
    assert len(final.history) == plies, (
        f"{module.NAME}: history has {len(final.history)} of {plies}"
    )
    opts = module.Options.coerce(options)
    record = GameRecord(
        game=module.NAME,
        rules_version=module.RULES_VERSION,
        num_players=num_players,
        seed=seed,
        options=opts.to_dict(),
        actions=tuple(str(a) for a in final.history),
        start=start_of(final),
    )
    record = GameRecord.from_json(record.to_json())
    if record.start is None:
        state = module.new_game(num_players, seed, record.options)
    else:
        state = module.State.from_dict(record.start)
    for text in record.actions:
        state = state.apply(module.parse_action(text, state))
    assert state == final, f"{module.NAME}: replaying the record gives another final state"
    again, _ = random_playout(module, num_players, seed, options)
    assert again == final, f"{module.NAME}: same seed, different game"
    return final


def check_position(state: Any, games: int = 3, seed: int = 0, max_plies: int | None = None) -> Any:
    """Play ``games`` random games on from a built position, checking every invariant at every step.

    ``state`` is a registered game's state (``<game>.position(...)``, ``State.from_dict``, or any
    state reached in play); a position with an empty history and no start begins its own history
    (:func:`bamboo_lab.games.start_here`). Each game is seeded by ``seed + k``; after each, its
    record (from :func:`bamboo_lab.games.record_of`, which carries the position as ``start``) must
    survive JSON and replay from that position to the same final state. Returns the last final
    state.
    """
    assert state.game in names(), f"{state!r:.60} is not the state of a registered game"
    module = load(state.game)
    where = f"{module.NAME} position"
    again = type(state).from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state, f"{where}: from_dict(to_dict(position)) != position"
    if start_of(state) is None and not state.history:
        state = start_here(state)
    start = start_of(state)
    final = state
    for k in range(games):
        final, _ = play_on(module, state, random.Random(seed + k), check=True, max_plies=max_plies)
        if start is None:
            continue  # a state played from new_game with an unknown seed: no record to check
        record = record_of(module.NAME, final, seed=0, options=getattr(state, "options", None))
        replayed = replay(GameRecord.from_json(record.to_json()))
        assert replayed[-1] == final, f"{where}: the record of game {k} replays to another state"
        first = replayed[0].to_dict()
        for key in START_KEYS:
            if isinstance(first.get(key), dict):
                del first[key]
        assert first == json.loads(json.dumps(start)), (
            f"{where}: replay does not begin at the position's start"
        )
    return final


def _check_start(state: Any, data: dict[str, Any], where: str) -> None:
    """``start`` round-trips and loads as a state with an empty history and no start."""
    start = start_of(state)
    saved = [data[k] for k in START_KEYS if isinstance(data.get(k), dict)]
    if start is None:
        assert not saved, f"{where}: to_dict writes a start the state does not have"
        return
    assert saved == [json.loads(json.dumps(start))], f"{where}: to_dict loses start"
    first = type(state).from_dict(json.loads(json.dumps(start)))
    assert not first.history, f"{where}: the start position has a history"
    assert start_of(first) is None, f"{where}: the start position has a start of its own"
    assert json.loads(json.dumps(first.to_dict())) == json.loads(json.dumps(start)), (
        f"{where}: the start position does not round-trip"
    )


def _diff(a: dict[str, int], b: dict[str, int]) -> dict[str, tuple[int | None, int | None]]:
    return {k: (a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)}
