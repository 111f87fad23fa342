"""bamboo_lab.envs without PettingZoo: action tables and observation vectors."""

from __future__ import annotations

import random

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.envs import action_table, encode, observation_layout, observation_size
from bamboo_lab.games import load, names


def _random_states(game: str, num_players: int, seed: int, every: int = 1):
    """The decision states of a seeded random game (every ``every``-th one), and the last."""
    module = load(game)
    state = module.new_game(num_players, seed)
    rng = random.Random(seed)
    k = 0
    for _ in range(module.PLY_LIMIT):  # a game ends within its ply limit: never unbounded
        if state.is_over():
            break
        if state.current_player == CHANCE:
            faces, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(faces, weights)[0], check=False)
            continue
        if k % every == 0:
            yield state
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))], check=False)
        k += 1
    yield state


@pytest.mark.parametrize("game", names())
def test_action_table_entries_are_unique_well_formed_notations(game: str) -> None:
    table = action_table(game)
    assert len(set(table)) == len(table)
    parse = load(game).RULEBOOK.parse  # the game's own notation reader, legal or not
    assert all(str(parse(text)) == text for text in table)
    assert action_table(game) is table  # built once, the same every time


@pytest.mark.parametrize("game", names())
def test_every_legal_action_has_an_index(game: str) -> None:
    table = set(action_table(game))
    for n in load(game).PLAYER_COUNTS:
        for seed in range(3):
            for state in _random_states(game, n, seed):
                missing = [str(a) for a in state.legal_actions() if str(a) not in table]
                assert not missing, (n, seed, missing)


def test_takenoko_table_covers_the_whole_reachable_garden() -> None:
    # TK-PLOT-2: reaching distance d takes 2(d - 1) + 1 plots, so 27 plots reach distance 14.
    table = action_table("takenoko")
    assert "plot 14,0" in table and "plot 0,-14" in table and "plot 15,0" not in table
    assert "gardener 0,0" in table and "grow 0,0" not in table


def test_action_table_refuses_unknown_games() -> None:
    with pytest.raises(InvalidStateError):
        action_table("chess")


@pytest.mark.parametrize("game", names())
def test_observation_size_is_fixed_and_documented(game: str) -> None:
    for n in load(game).PLAYER_COUNTS:
        layout = observation_layout(game, n)
        size = observation_size(game, n)
        assert size == sum(section.size for section in layout)
        assert len({section.name for section in layout}) == len(layout)
        assert all(section.meaning for section in layout)
        for state in _random_states(game, n, seed=n, every=25):
            for seat in range(n):
                assert len(encode(state, seat)) == size


@pytest.mark.parametrize("game", names())
def test_observation_hides_what_the_seat_cannot_see(game: str) -> None:
    # A determinised state differs only in what ``seat`` cannot see: same observation.
    n = max(load(game).PLAYER_COUNTS)
    states = list(_random_states(game, n, seed=5))
    checked = 0
    for state in states[:: max(1, len(states) // 40)]:  # about 40 states, long game or short
        if state.is_over():
            continue
        for seat in range(n):
            other = state.determinize(seat, 99)
            assert encode(other, seat) == encode(state, seat)
            checked += 1
    assert checked > 10


def test_the_observer_comes_first() -> None:
    state = load("takenoko").new_game(3, 4)
    sizes = {s.name: s.size for s in observation_layout("takenoko", 3)}
    assert sizes["seat"] == 4
    assert encode(state, 2)[:4] == [0.0, 0.0, 1.0, 0.0]


def test_without_pettingzoo_env_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from bamboo_lab.envs import raw_env

    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if not installed
    monkeypatch.delitem(sys.modules, "bamboo_lab.envs.aec", raising=False)
    with pytest.raises(ImportError, match=r"\[rl\]"):
        raw_env("bangkok", 2)
