"""The registry: GAMES, load(name), replay(record) and its refusals."""

from __future__ import annotations

import pytest

import bamboo_lab
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import GameState
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import GAMES, load, new_game, record_of, replay


@pytest.mark.parametrize("name", GAMES)
def test_every_game_module_follows_the_contract(name: str) -> None:
    module = load(name)
    assert name == module.NAME
    assert module is getattr(bamboo_lab, name)
    for attr in ("RULES_VERSION", "PLAYER_COUNTS", "PLY_LIMIT", "Options", "State"):
        assert hasattr(module, attr), f"{name} lacks {attr}"
    assert callable(module.new_game) and callable(module.parse_action)
    state = module.new_game(module.PLAYER_COUNTS[0], 1)
    assert isinstance(state, GameState)
    assert module.State.__doc__ and module.new_game.__doc__


def test_unknown_game_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="unknown game 'chess'"):
        load("chess")
    with pytest.raises(AttributeError):
        _ = bamboo_lab.chess


@pytest.mark.parametrize("name", GAMES)
def test_replay_rebuilds_every_state(name: str) -> None:
    module = load(name)
    n = module.PLAYER_COUNTS[-1]
    state = new_game(name, n, 3)
    for _ in range(25):
        if state.is_over():
            break
        state = state.apply(state.legal_actions()[-1])
    record = record_of(name, state, seed=3)
    states = replay(GameRecord.from_json(record.to_json()))
    assert states[-1] == state
    assert len(states) == len(record.actions) + 1


@pytest.mark.parametrize("name", GAMES)
def test_replay_refuses_bad_records(name: str) -> None:
    module = load(name)
    good = record_of(name, new_game(name, module.PLAYER_COUNTS[0], 3), seed=3)
    bad_action = GameRecord(**{**good.__dict__, "actions": ("no such action ###",)})
    with pytest.raises(InvalidStateError, match="record action 0"):
        replay(bad_action)
    with pytest.raises(InvalidStateError, match="rules"):
        replay(GameRecord(**{**good.__dict__, "rules_version": "0-old"}))
    with pytest.raises(InvalidStateError, match="setup is invalid"):
        replay(GameRecord(**{**good.__dict__, "num_players": 99}))
    with pytest.raises(InvalidStateError):
        replay(GameRecord(**{**good.__dict__, "options": {"no_such_option": True}}))
