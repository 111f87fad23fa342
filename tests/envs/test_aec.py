"""bamboo_lab.envs as PettingZoo environments: PettingZoo's own API and seed tests, play."""

from __future__ import annotations

import pytest

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.games import names

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from bamboo_lab.envs import env, raw_env  # noqa: E402  (after the skip)

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


@pytest.mark.parametrize("game", names())
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


@pytest.mark.parametrize("seed", ["abc", [1], 1.5, True, -1, 2**64])
def test_reset_refuses_a_seed_that_is_not_a_64_bit_integer_and_changes_nothing(
    seed: object,
) -> None:
    """reset(seed="abc") was a ValueError, [1] a TypeError and 1.5 played seed 1."""
    game = env("takenoko")
    game.reset(seed=4)
    before = game.unwrapped.state
    with pytest.raises(InvalidStateError, match="the reset seed"):
        game.reset(seed=seed)  # type: ignore[arg-type]
    assert game.unwrapped.state is before


def test_reset_takes_a_numpy_integer_seed_as_the_same_int() -> None:
    import numpy as np

    first, second = env("bangkok"), env("bangkok")
    first.reset(seed=np.int64(9))
    second.reset(seed=9)
    assert first.unwrapped.state == second.unwrapped.state
