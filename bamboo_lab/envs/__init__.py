"""Reinforcement-learning environments: each game as a PettingZoo AEC environment, and one seat
of it as a Gymnasium environment against bundled bots.

``env(game, num_players=2, options=None)`` returns the PettingZoo environment and
``single_agent(game, opponents="heuristic", seat=0, players=2)`` the Gymnasium one (install the
``[rl]`` extra: pettingzoo, gymnasium, numpy). Actions are integers from the game's fixed
action table (``action_table(game)``: every action that can ever be legal, once); the
observation holds the seat's vector (``observation_layout(game, n)`` documents it) and an
``action_mask``. The tables and the observation encoders need the standard library alone; only
``env`` and ``single_agent`` import PettingZoo or Gymnasium.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bamboo_lab.core.checks import check_setup
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.extras import require
from bamboo_lab.games import load

from .observations import Section, encode, observation_layout, observation_size
from .tables import action_table

__all__ = [
    "Section",
    "action_table",
    "encode",
    "env",
    "observation_layout",
    "observation_size",
    "raw_env",
    "single_agent",
]


def raw_env(
    game: str, num_players: int = 2, options: Any = None, render_mode: str | None = None
) -> Any:
    """The bare :class:`~bamboo_lab.envs.aec.BambooLabEnv` of ``game`` (no wrappers)."""
    check_setup(game, num_players, 0, load(game).PLAYER_COUNTS)  # an unknown game is refused
    if render_mode not in (None, "ansi", "human"):
        raise InvalidStateError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
    require("pettingzoo", "gymnasium", "numpy", feature="bamboo_lab.envs", extra="rl")
    from .aec import BambooLabEnv

    return BambooLabEnv(game, num_players, options, render_mode)


def env(
    game: str, num_players: int = 2, options: Any = None, render_mode: str | None = None
) -> Any:
    """``game`` as a PettingZoo AEC environment (with PettingZoo's order-enforcing wrapper)."""
    require("pettingzoo", feature="bamboo_lab.envs", extra="rl")
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(raw_env(game, num_players, options, render_mode))


def single_agent(
    game: str,
    opponents: str | Any | Sequence[Any] = "heuristic",
    seat: int = 0,
    players: int = 2,
    options: Any = None,
    reward: str = "win",
    illegal: str = "penalty",
    render_mode: str | None = None,
) -> Any:
    """``game`` from ``seat`` as a Gymnasium environment, the other seats played by ``opponents``
    (bot names or objects: one for all, or one per other seat in seat order); see
    :mod:`bamboo_lab.envs.single` for the reward, the masks and illegal actions."""
    check_setup(game, players, 0, load(game).PLAYER_COUNTS)  # an unknown game is refused
    if render_mode not in (None, "ansi", "human"):
        raise InvalidStateError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
    require("gymnasium", "numpy", feature="bamboo_lab.envs.single_agent", extra="rl")
    from .single import SingleAgentEnv

    return SingleAgentEnv(
        game, opponents, seat, players, options, reward, illegal, render_mode=render_mode
    )
