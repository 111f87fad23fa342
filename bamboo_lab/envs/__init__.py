"""Reinforcement-learning environments: each game as a PettingZoo AEC environment, and one seat
of it as a Gymnasium environment against bundled bots.

``env(game, num_players=2, options=None)`` returns the PettingZoo environment and
``single_agent(game, opponents="heuristic", seat=0, players=2)`` the Gymnasium one (install the
``[rl]`` extra: pettingzoo, gymnasium, numpy). Actions are integers from the game's fixed
action table (``action_table(game)``: every action that can ever be legal, once); the
observation holds the seat's vector (``observation_layout(game, n)`` documents it) and an
``action_mask``. The tables and the observation encoders need the standard library alone; only
``env`` and ``single_agent`` import PettingZoo or Gymnasium.

With Gymnasium installed, importing this package registers each game's single-agent environment
under the package's namespace: ``gymnasium.make("bamboo_lab/Takenoko-v0")`` (also
``bamboo_lab/Bamboo-v0`` and ``bamboo_lab/Bangkok-v0``; keyword arguments go to
``single_agent``). Without the import first, name the module in the id:
``gymnasium.make("bamboo_lab.envs:bamboo_lab/Takenoko-v0")``. ``render_mode="rgb_array"`` draws
the board as an image array (kaleido and Debian's chromium: the ``[pictures]`` extra).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from typing import Any

from bamboo_lab.core.checks import check_setup
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.extras import require
from bamboo_lab.games import GAMES, load

from .observations import Section, encode, observation_layout, observation_size
from .tables import action_table

__all__ = [
    "NAMESPACE",
    "RENDER_MODES",
    "Section",
    "action_table",
    "encode",
    "env",
    "gymnasium_id",
    "observation_layout",
    "observation_size",
    "raw_env",
    "register_environments",
    "single_agent",
]

NAMESPACE = "bamboo_lab"
"""The Gymnasium namespace of the package's environments (``bamboo_lab/Takenoko-v0``)."""
RENDER_MODES = ("ansi", "human", "rgb_array")
"""The render modes of ``single_agent`` (the PettingZoo environment has ``ansi`` and ``human``)."""


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
    if render_mode not in (None, *RENDER_MODES):
        raise InvalidStateError(
            f"render_mode must be None, 'ansi', 'human' or 'rgb_array', not {render_mode!r}"
        )
    require("gymnasium", "numpy", feature="bamboo_lab.envs.single_agent", extra="rl")
    from .single import SingleAgentEnv

    return SingleAgentEnv(
        game, opponents, seat, players, options, reward, illegal, render_mode=render_mode
    )


def gymnasium_id(game: str) -> str:
    """The Gymnasium id of ``game``'s single-agent environment (``bamboo_lab/Takenoko-v0``)."""
    return f"{NAMESPACE}/{game.capitalize()}-v0"


def register_environments() -> list[str]:
    """Register each game's single-agent environment with Gymnasium (once); return their ids."""
    import gymnasium

    ids = []
    for game in GAMES:
        env_id = gymnasium_id(game)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="bamboo_lab.envs:single_agent", kwargs={"game": game}
            )
        ids.append(env_id)
    return ids


if importlib.util.find_spec("gymnasium") is not None:
    register_environments()
