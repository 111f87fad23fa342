"""The registry: GAMES, load(name), replay(record) and its refusals."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import bamboo_lab
from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.core.protocol import GameState
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import (
    advance_to,
    load,
    names,
    new_game,
    play,
    record_of,
    replay,
    start_here,
    start_of,
)


@pytest.mark.parametrize("name", names())
def test_every_game_module_follows_the_contract(name: str) -> None:
    module = load(name)
    assert name == module.NAME
    if name in bamboo_lab.games.GAMES:  # a bundled game is also a name of the package
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


@pytest.mark.parametrize("name", names())
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


@pytest.mark.parametrize("name", names())
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


def _played(name: str, seed: int, plies: int) -> GameState:
    """``plies`` uniformly random decisions from ``new_game(name, largest count, seed)``."""
    rng = random.Random(seed)
    state = new_game(name, load(name).PLAYER_COUNTS[-1], seed)
    for _ in range(plies):
        if state.is_over():
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def _loaded_mid_game(name: str) -> GameState:
    """A mid-game position loaded with an empty history (as a saved or built position is)."""
    data = _played(name, 3, 15).to_dict()
    data["history"] = []
    return load(name).State.from_dict(data)


@pytest.mark.parametrize("name", names())
def test_record_of_a_fresh_game_has_no_start(name: str) -> None:
    state = new_game(name, load(name).PLAYER_COUNTS[0], 3)
    assert record_of(name, state, seed=3).start is None
    assert "start" not in record_of(name, state, seed=3).to_dict()


@pytest.mark.parametrize("name", names())
def test_record_of_a_loaded_position_carries_it_as_start(name: str) -> None:
    """Issue 9: a state loaded mid-game replays to itself, not to another game."""
    loaded = _loaded_mid_game(name)
    record = record_of(name, loaded, seed=3)
    assert record.start == loaded.to_dict()
    (first,) = replay(GameRecord.from_json(record.to_json()))
    assert first == start_here(loaded) and start_of(first) == loaded.to_dict()
    assert first.to_dict() == start_here(loaded).to_dict()


@pytest.mark.parametrize("name", names())
def test_a_game_played_on_from_a_loaded_position_replays_from_its_start(name: str) -> None:
    """Each State keeps ``start`` through ``apply`` (GAME_CONTRACT), so its record replays."""
    loaded = _loaded_mid_game(name)
    state = start_here(loaded)
    assert start_of(state) is not None and not state.history
    assert json.dumps(state.view(0).to_dict()) == json.dumps(start_here(loaded).view(0).to_dict())
    assert replay(record_of(name, state, seed=0)) == [state]
    rng = random.Random(1)
    for _ in range(10):
        if state.is_over():
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    record = record_of(name, state, seed=0)
    assert record.start is not None and replay(GameRecord.from_json(record.to_json()))[-1] == state
    played_on = loaded.apply(loaded.legal_actions()[0])
    if name == "takenoko":  # its successor begins its history at the loaded position itself
        assert replay(GameRecord.from_json(record_of(name, played_on, seed=0).to_json())) == [
            start_here(loaded),
            played_on,
        ]
    else:
        with pytest.raises(InvalidStateError, match="start_here"):
            record_of(name, played_on, seed=0)


@pytest.mark.parametrize("name", names())
def test_record_of_refuses_a_history_from_another_seed(name: str) -> None:
    state = _played(name, 3, 6)
    assert replay(record_of(name, state, seed=3))[-1] == state
    if not getattr(load(name), "RANDOM_SETUP", True):
        return  # every seed deals the same setup (docs/adding-a-game.md)
    with pytest.raises(InvalidStateError, match="does not begin at new_game"):
        record_of(name, state, seed=4)


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.0, None, "3"])
def test_record_of_refuses_bad_seeds(seed: Any) -> None:
    state = new_game("bangkok", 2, 3)
    with pytest.raises(InvalidStateError, match="seed"):
        record_of("bangkok", state, seed=seed)


def test_record_of_refuses_a_state_of_another_game() -> None:
    with pytest.raises(InvalidStateError, match="needs a takenoko state"):
        record_of("takenoko", new_game("bangkok", 2, 3), seed=3)


@pytest.mark.parametrize("name", names())
def test_replay_refuses_a_bad_start(name: str) -> None:
    good = record_of(name, _loaded_mid_game(name), seed=3)
    assert good.start is not None
    with pytest.raises(InvalidStateError, match="start position is invalid"):
        replay(GameRecord(**{**good.__dict__, "start": {"nonsense": 1}}))
    with pytest.raises(InvalidStateError, match="players"):
        other = 2 if good.num_players != 2 else 3
        replay(GameRecord(**{**good.__dict__, "num_players": other}))
    played = _played(name, 3, 4).to_dict()
    with pytest.raises(InvalidStateError, match="empty history"):
        replay(GameRecord(**{**good.__dict__, "start": played}))


@pytest.mark.parametrize("name", names())
def test_play_applies_notations_in_order(name: str) -> None:
    final = _played(name, 5, 8)
    texts = [str(a) for a in final.history]
    start = new_game(name, final.num_players, 5)
    assert play(start, *texts) == final
    assert play(start) == start
    assert play(start, *final.history) == final  # action objects are accepted too


@pytest.mark.parametrize("name", names())
def test_play_says_which_notation_failed_and_why(name: str) -> None:
    final = _played(name, 5, 8)
    texts = [str(a) for a in final.history]
    start = new_game(name, final.num_players, 5)
    before = start.to_dict()
    with pytest.raises(InvalidActionError, match=r"move 2 \('#nonsense#'\) failed: "):
        play(start, *texts[:2], "#nonsense#", *texts[2:])
    # a well-formed text that is illegal at its point: the first text again, once it is gone
    state, illegal = start, None
    for i in range(len(texts)):
        if texts[0] not in {str(a) for a in state.legal_actions()}:
            illegal = i
            break
        state = state.apply(final.history[i])
    if illegal is not None:
        with pytest.raises(IllegalActionError) as info:
            play(start, *texts[:illegal], texts[0])
        assert f"move {illegal} ({texts[0]!r}) failed: " in str(info.value)
        with pytest.raises(IllegalActionError) as direct:
            load(name).parse_action(texts[0], state)
        assert info.value.rule == direct.value.rule
        assert str(direct.value) in str(info.value)
    assert start.to_dict() == before


def test_play_refuses_what_is_not_a_state() -> None:
    with pytest.raises(InvalidStateError, match="not a game state"):
        play("takenoko", "x")


@pytest.mark.parametrize("name", names())
@pytest.mark.parametrize("player", [0, 1])
def test_advance_to_reaches_the_players_next_decision(name: str, player: int) -> None:
    start = new_game(name, 2, 9)
    state = advance_to(start, player, seed=4)
    assert state.current_player == player or state.is_over()
    assert state.current_player == player  # in every game each player decides early
    assert advance_to(start, player, seed=4) == state  # a pure function of its arguments
    assert advance_to(state, player, seed=99) == state  # already there: unchanged
    # every step on the way was legal and nobody else was the player before
    replayed = start
    for action in state.history[len(start.history) :]:
        assert replayed.current_player != player
        replayed = replayed.apply(action)
    assert replayed == state


@pytest.mark.parametrize("name", names())
def test_advance_to_uses_the_policy_for_every_other_decision(name: str) -> None:
    start = new_game(name, 2, 9)
    seen: list[int] = []

    def last(state: GameState) -> Any:
        seen.append(state.current_player)
        return state.legal_actions()[-1]

    class FirstBot:
        def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
            assert isinstance(rng, random.Random)
            seen.append(view.current_player)
            return str(legal[0])  # a notation is accepted too

    target = 1 - start.current_player if start.current_player in (0, 1) else 1
    for policy in (last, FirstBot()):
        seen.clear()
        state = advance_to(start, target, policy)
        assert state.current_player == target
        assert target not in seen


@pytest.mark.parametrize("name", names())
def test_advance_to_refuses_bad_arguments_and_bad_policies(name: str) -> None:
    start = new_game(name, 2, 9)
    for player in (-1, 2, True, "0", None):
        with pytest.raises(InvalidStateError, match="player"):
            advance_to(start, player)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="seed"):
        advance_to(start, 1, seed=-5)
    with pytest.raises(InvalidStateError, match="a policy is a callable"):
        advance_to(start, 1 - start.current_player if start.current_player >= 0 else 1, 42)

    def illegal(state: GameState) -> Any:
        return "#nonsense#"

    target = 1 - start.current_player if start.current_player in (0, 1) else 1
    with pytest.raises(InvalidActionError):
        advance_to(start, target, illegal)
    with pytest.raises(InvalidStateError, match="no decision within 0 plies"):
        advance_to(start, target, max_plies=0)


def test_advance_to_stops_at_the_end_of_the_game() -> None:
    final = _played("bangkok", 1, 10_000)
    assert final.is_over()
    assert advance_to(final, 0) == final
