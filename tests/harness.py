"""The conformance harness: seeded random playouts checking the invariants of DESIGN.md section 10.

``check_game(module, num_players, seed)`` plays one random game and checks, at every step: legal
actions non-empty exactly when not over, unique action strings that parse back, ``apply`` leaves
its input unchanged, ``from_dict(to_dict(s)) == s`` through JSON, chance probabilities sum to 1,
views leak nothing (every resampling of the hidden parts gives the same view), components are
conserved (``inventory()``), the game ends within its ply limit, and replaying the record gives
the same final state. Any failure raises ``AssertionError`` naming the invariant and the ply.
"""

from __future__ import annotations

import json
import random
from typing import Any

from bamboo_lab.core.protocol import CHANCE, TERMINAL
from bamboo_lab.core.record import GameRecord

__all__ = ["check_game", "check_state", "random_playout"]

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
    rng = random.Random(seed)
    state = module.new_game(num_players, seed, options)
    inventory = dict(state.inventory())
    ply = 0
    while True:
        legal = check_state(module, state, inventory, ply) if check else state.legal_actions()
        if state.is_over():
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
    )
    record = GameRecord.from_json(record.to_json())
    state = module.new_game(num_players, seed, record.options)
    for text in record.actions:
        state = state.apply(module.parse_action(text, state))
    assert state == final, f"{module.NAME}: replaying the record gives another final state"
    again, _ = random_playout(module, num_players, seed, options)
    assert again == final, f"{module.NAME}: same seed, different game"
    return final


def _diff(a: dict[str, int], b: dict[str, int]) -> dict[str, tuple[int | None, int | None]]:
    return {k: (a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)}
