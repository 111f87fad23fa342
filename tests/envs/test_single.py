"""bamboo_lab.envs.single_agent: one seat as a Gymnasium environment against bundled bots."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

from bamboo_lab.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
)
from bamboo_lab.core.extras import MissingExtraError
from bamboo_lab.games import load, names

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from bamboo_lab.bots import heuristic_bot  # noqa: E402  (after the skip)
from bamboo_lab.envs import single_agent  # noqa: E402
from bamboo_lab.sim import play_game  # noqa: E402
from bamboo_lab.sim.runner import bot_rng  # noqa: E402

CASES = [
    ("takenoko", 2),
    ("takenoko", 3),
    ("bamboo", 2),
    ("bamboo", 4),
    ("bangkok", 1),
    ("bangkok", 2),
    ("bangkok", 4),
]


# check_env warns when an environment is not made through gymnasium.make (no registry here).
@pytest.mark.filterwarnings("ignore:.*not having a spec:UserWarning")
@pytest.mark.parametrize(("game", "players"), CASES)
def test_gymnasium_check_env_passes(game: str, players: int) -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(single_agent(game, "random", players=players), skip_render_check=True)
    check_env(single_agent(game, players=players, render_mode="ansi"))


def _play(env: Any, chooser: Any, seed: int) -> tuple[list[float], dict[str, Any]]:
    """Play a whole episode, the learner answering ``chooser(env)``; the rewards and last info."""
    _, info = env.reset(seed=seed)
    rewards = []
    while True:
        _, reward, terminated, truncated, info = env.step(chooser(env, info))
        rewards.append(reward)
        if terminated or truncated:
            return rewards, info


@pytest.mark.parametrize("game", names())
def test_a_seeded_episode_is_the_game_play_game_plays_with_the_same_bots(game: str) -> None:
    """reset(seed=s) deals new_game(players, s) and seeds the bots and dice as play_game."""
    env = single_agent(game, "heuristic", seat=1)
    bot, rng = heuristic_bot(game), bot_rng(5, 1)

    def learner(env: Any, info: dict[str, Any]) -> int:
        state = env.state
        action = bot.choose(state.view(1), state.legal_actions(), rng)
        return env.index[str(action)]

    rewards, info = _play(env, learner, seed=5)
    record, outcome = play_game(game, "heuristic", 5)
    assert env.state.outcome() == outcome and info["scores"] == outcome.scores
    assert env.plies == len(record.actions)
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == (1.0 if 1 in outcome.winners else -1.0)


@pytest.mark.parametrize("game", names())
def test_reset_with_a_seed_is_deterministic_and_unseeded_resets_differ(game: str) -> None:
    env = single_agent(game, "random")
    first, _ = env.reset(seed=9)
    state = env.state
    again, _ = env.reset(seed=9)
    assert env.state == state
    assert all(np.array_equal(first[key], again[key]) for key in first)
    dealt = [env.state]
    for _ in range(3):
        env.reset()
        dealt.append(env.state)
    if getattr(load(game), "RANDOM_SETUP", True):  # else every seed deals the same setup
        assert all(a != b for k, a in enumerate(dealt) for b in dealt[k + 1 :])


@pytest.mark.parametrize("game", names())
def test_the_mask_marks_exactly_the_legal_actions_in_observation_info_and_action_masks(
    game: str,
) -> None:
    env = single_agent(game, "random")
    observation, info = env.reset(seed=2)
    legal = {env.index[str(a)] for a in env.state.legal_actions()}
    assert set(np.flatnonzero(observation["action_mask"])) == legal
    assert np.array_equal(info["action_mask"], observation["action_mask"])
    assert info["action_mask"] is not observation["action_mask"]
    assert set(np.flatnonzero(env.action_masks())) == legal
    assert env.action_masks().dtype == bool


@pytest.mark.parametrize("game", names())
def test_a_random_masked_learner_finishes_with_the_final_result_as_reward(game: str) -> None:
    env = single_agent(game, "heuristic", reward="margin")
    rng = np.random.default_rng(0)
    rewards, info = _play(
        env, lambda env, info: int(rng.choice(np.flatnonzero(info["action_mask"]))), seed=4
    )
    outcome = env.state.outcome()
    assert outcome is not None and not info["action_mask"].any()
    assert rewards[-1] == outcome.scores[0] - outcome.scores[1]
    with pytest.raises(InvalidStateError, match="reset"):
        env.step(0)


def test_solo_bangkok_margin_is_the_final_score() -> None:
    env = single_agent("bangkok", (), players=1, reward="margin")
    rewards, info = _play(env, lambda env, info: int(np.flatnonzero(info["action_mask"])[0]), 3)
    assert rewards[-1] == info["scores"][0]


@pytest.mark.parametrize("game", names())
def test_an_illegal_index_gives_the_penalty_and_changes_nothing(game: str) -> None:
    env = single_agent(game, "random")
    observation, info = env.reset(seed=1)
    for _ in range(len(env.table)):  # a game may open with every move legal (tic-tac-toe)
        if not info["action_mask"].all():
            break
        observation, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    before, plies = env.state, env.plies
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, False, False)
    assert info["illegal_action"] and "not legal" in info["error"]
    assert env.state is before and env.plies == plies
    assert np.array_equal(after["observation"], observation["observation"])


def test_illegal_raise_refuses_the_index_and_changes_nothing() -> None:
    env = single_agent("bangkok", "random", illegal="raise")
    _, info = env.reset(seed=1)
    before, plies = env.state, env.plies
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(illegal)
    for bad in (-1, len(env.table), 2.0, "1", True):
        with pytest.raises(InvalidActionError):
            env.step(bad)
    assert env.state is before and env.plies == plies


def test_the_other_seats_bots_see_only_their_views() -> None:
    """Bangkok's pontoon goods are hidden: each bot is handed its own seat's view alone."""
    seen: list[bool] = []

    class Spy:
        name = "spy"

        def choose(self, view: Any, legal_actions: Any, rng: Any) -> Any:
            state = env.state
            mover = state.current_player
            seen.append(view == state.view(mover) and view != state)
            return legal_actions[0]

    env = single_agent("bangkok", [Spy(), Spy(), Spy()], seat=0, players=4)
    _play(env, lambda env, info: int(np.flatnonzero(info["action_mask"])[0]), seed=6)
    assert seen and all(seen)


def test_opponents_one_per_other_seat_in_seat_order() -> None:
    env = single_agent("bamboo", "random,heuristic", seat=1, players=3)
    assert [(seat, bot.name) for seat, bot in env.bots.items()] == [
        (0, "random"),
        (2, heuristic_bot("bamboo").name),
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "takenoko", "players": 1}, "player"),
        ({"game": "bamboo", "seat": 2}, "seat"),
        ({"game": "bamboo", "opponents": ["random", "random"]}, "2 opponents"),
        ({"game": "bamboo", "opponents": "nobody"}, "unknown bot"),
        ({"game": "bamboo", "reward": "score"}, "reward"),
        ({"game": "bamboo", "illegal": "ignore"}, "illegal"),
        ({"game": "bamboo", "render_mode": "video"}, "render_mode"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        single_agent(**arguments)


def test_a_reset_seed_that_is_not_a_64_bit_integer_is_refused() -> None:
    env = single_agent("takenoko", "random")
    env.reset(seed=4)
    before = env.state
    with pytest.raises(InvalidStateError, match="the reset seed"):
        env.reset(seed=-1)
    assert env.state is before


def test_without_gymnasium_one_line_names_the_rl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "gymnasium" else real(name)
    )
    with pytest.raises(MissingExtraError, match=r"bamboo-lab\[rl\]"):
        single_agent("bamboo")


def test_the_ply_limit_truncates_with_no_reward(monkeypatch: pytest.MonkeyPatch) -> None:
    env = single_agent("bangkok", "random")
    monkeypatch.setattr(load("bangkok"), "PLY_LIMIT", 6)
    _, info = env.reset(seed=1)
    rewards, info = _play(env, lambda env, info: int(np.flatnonzero(info["action_mask"])[0]), 1)
    assert env.plies == 6 and not env.state.is_over()
    assert rewards[-1] == 0.0 and not info["action_mask"].any()
