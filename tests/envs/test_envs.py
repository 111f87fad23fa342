"""bamboo_lab.envs: action tables, observation vectors, PettingZoo's own API and seed tests."""

from __future__ import annotations

import random

import pytest

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.envs import action_table, encode, observation_layout, observation_size
from bamboo_lab.games import GAMES, load

PARSERS = {
    "takenoko": "bamboo_lab.games.takenoko:action_from_text",
    "bamboo": "bamboo_lab.games.bamboo.actions:parse_text",
    "bangkok": "bamboo_lab.games.bangkok.actions:parse_notation",
}


def _parser(game: str):
    import importlib

    module, name = PARSERS[game].split(":")
    return getattr(importlib.import_module(module), name)


def _random_states(game: str, num_players: int, seed: int, every: int = 1):
    """The decision states of a seeded random game (every ``every``-th one), and the last."""
    state = load(game).new_game(num_players, seed)
    rng = random.Random(seed)
    k = 0
    while not state.is_over():
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


@pytest.mark.parametrize("game", GAMES)
def test_action_table_entries_are_unique_well_formed_notations(game: str) -> None:
    table = action_table(game)
    assert len(set(table)) == len(table)
    parse = _parser(game)
    assert all(str(parse(text)) == text for text in table)
    assert action_table(game) is table  # built once, the same every time


@pytest.mark.parametrize("game", GAMES)
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


@pytest.mark.parametrize("game", GAMES)
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


@pytest.mark.parametrize("game", GAMES)
def test_observation_hides_what_the_seat_cannot_see(game: str) -> None:
    # A determinised state differs only in what ``seat`` cannot see: same observation.
    n = 3
    checked = 0
    for state in _random_states(game, n, seed=5, every=15):
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


pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from bamboo_lab.envs import env, raw_env  # noqa: E402

CASES = [
    ("takenoko", 2),
    ("takenoko", 4),
    ("bamboo", 2),
    ("bamboo", 4),
    ("bangkok", 1),
    ("bangkok", 2),
    ("bangkok", 4),
]


# PettingZoo warns about every dict observation, its own classic games' form included.
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize(("game", "n"), CASES)
def test_pettingzoo_api_test(game: str, n: int) -> None:
    from pettingzoo.test import api_test

    api_test(env(game, n), num_cycles=1000)


@pytest.mark.parametrize(("game", "n"), [("takenoko", 2), ("bamboo", 3), ("bangkok", 2)])
def test_pettingzoo_seed_test(game: str, n: int) -> None:
    from pettingzoo.test import seed_test

    seed_test(lambda: env(game, n), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_a_full_game_rewards_the_winners(game: str) -> None:
    e = raw_env(game, 2)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, done, cut, _ = e.last()
        if done or cut:
            final[agent] = reward
            e.step(None)
            continue
        assert reward == 0.0
        mask = obs["action_mask"]
        assert mask.sum() == len(e.legal_indices()) and all(mask[i] for i in e.legal_indices())
        e.step(int(rng.choice(np.flatnonzero(mask))))
    outcome = e.state.outcome()
    assert outcome is not None and e.agents == []
    assert final == {
        f"player_{seat}": 1.0 if seat in outcome.winners else -1.0 for seat in range(2)
    }


def test_reset_with_a_seed_replays_the_same_game() -> None:
    e = raw_env("takenoko", 2)
    e.reset(seed=11)
    first = e.state
    e.reset(seed=11)
    assert e.state == first
    e.reset(seed=12)
    assert e.state != first
    e.reset()  # no seed: the next game of seed 12's sequence
    again = raw_env("takenoko", 2)
    again.reset(seed=12)
    again.reset()
    assert again.state == e.state


def test_a_game_at_the_ply_limit_is_truncated(monkeypatch: pytest.MonkeyPatch) -> None:
    e = raw_env("bangkok", 2)
    monkeypatch.setattr(e.module, "PLY_LIMIT", 5)
    e.reset(seed=1)
    for _ in range(5):
        e.step(e.legal_indices()[0])
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all(reward == 0.0 for reward in e.rewards.values())


def test_bad_actions_are_refused() -> None:
    e = raw_env("bangkok", 2)
    e.reset(seed=0)
    illegal = next(i for i in range(len(e.table)) if i not in set(e.legal_indices()))
    before = e.state
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    for bad in (-1, len(e.table), 2.0, "1", True):
        with pytest.raises(InvalidActionError):
            e.step(bad)
    assert e.state is before
    e.step(np.int64(e.legal_indices()[0]))
    assert e.state is not before


def test_bad_environment_arguments_are_refused() -> None:
    with pytest.raises(InvalidStateError):
        env("chess")
    with pytest.raises(InvalidStateError):
        env("takenoko", 1)
    with pytest.raises(InvalidStateError):
        env("bangkok", 2, render_mode="rgb_array")


def test_render_ansi_is_the_text_picture() -> None:
    e = raw_env("bamboo", 2, render_mode="ansi")
    e.reset(seed=2)
    assert e.render() == str(e.state)
