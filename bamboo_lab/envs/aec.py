"""The PettingZoo AEC environment of a bamboo_lab game (needs the ``[rl]`` extra).

Agents are ``player_0`` .. ``player_{n-1}`` (seats). The agent to act is the seat whose decision
is pending; chance nodes (Takenoko's weather roll) are sampled by the environment with a
generator seeded from ``reset(seed=...)``. Actions are indices into the game's fixed action
table (:func:`bamboo_lab.envs.action_table`); the observation is a dict with ``observation``
(the seat's vector, :mod:`bamboo_lab.envs.observations`) and ``action_mask`` (1 for the legal
indices of the agent to act). At the end every winner gets +1 and every other seat -1; a game
stopped at the game's ply limit is truncated with no reward.
"""

from __future__ import annotations

import numbers
import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from bamboo_lab.core.checks import SEED_RANGE, checked_int
from bamboo_lab.core.errors import IllegalActionError, InvalidActionError
from bamboo_lab.core.protocol import CHANCE, GameState
from bamboo_lab.core.rng import derive_seed
from bamboo_lab.games import load

from .observations import LIMIT, encode, observation_size
from .tables import action_table

__all__ = ["BambooLabEnv", "as_index", "env_seed", "render_text", "seat_observation_space"]


def seat_observation_space(
    game: str, num_players: int, options: Any, table_size: int
) -> gymnasium.spaces.Dict:
    """One seat's observation space: its vector and the action mask over the action table."""
    size = observation_size(game, num_players, options)
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                low=-LIMIT, high=LIMIT, shape=(size,), dtype=np.float32
            ),
            "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(table_size,), dtype=np.int8),
        }
    )


def render_text(state: Any, render_mode: str | None) -> str | None:
    """The text picture of ``state``: returned for ``ansi``, printed for ``human``."""
    if state is None or render_mode is None:
        return None
    text = str(state)
    if render_mode == "ansi":
        return text
    print(text)
    return None


class BambooLabEnv(AECEnv):
    """One bamboo_lab game as a PettingZoo AEC environment with masked integer actions."""

    metadata: dict[str, Any]

    def __init__(
        self,
        game: str,
        num_players: int = 2,
        options: Any = None,
        render_mode: str | None = None,
    ) -> None:
        """Set up the spaces; call ``reset`` before playing."""
        super().__init__()
        self.game = game
        self.module = load(game)
        self.num_players = num_players
        self.game_options = options
        self.render_mode = render_mode
        self.metadata = {
            "name": f"bamboo_lab_{game}_v0",
            "render_modes": ["ansi", "human"],
            "is_parallelizable": False,
        }
        self.table = action_table(game, options)
        self.index = {text: i for i, text in enumerate(self.table)}
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(len(self.table)) for a in self.possible_agents
        }
        self.observation_spaces = {
            a: seat_observation_space(game, num_players, options, len(self.table))
            for a in self.possible_agents
        }
        self._seeds: random.Random | None = None
        self.state: GameState | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        """The action space of ``agent``: one index per entry of the action table."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: from ``seed`` when given, else the next seed of the last one."""
        if seed is not None:
            self._seeds = random.Random(derive_seed(env_seed(seed), "env"))
        elif self._seeds is None:
            self._seeds = random.Random()  # no seed ever given: a fresh game each time
        game_seed = self._seeds.getrandbits(64)
        self._dice = random.Random(derive_seed(game_seed, "chance"))
        self.state = self.module.new_game(self.num_players, game_seed, self.game_options)
        self.plies = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._roll()
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation vector and the action mask (zeros unless it is to act)."""
        assert self.state is not None, "call reset() first"
        seat = self.possible_agents.index(agent)
        vector = np.clip(np.asarray(encode(self.state, seat), dtype=np.float32), -LIMIT, LIMIT)
        return {"observation": vector, "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> np.ndarray:
        """1 at the table index of every action ``agent`` may take now, else 0."""
        mask = np.zeros(len(self.table), dtype=np.int8)
        state = self.state
        if state is not None and not state.is_over() and self._seat(agent) == state.current_player:
            for action in state.legal_actions():
                mask[self.index[str(action)]] = 1
        return mask

    def legal_indices(self) -> list[int]:
        """The table indices of the legal actions of the agent to act."""
        assert self.state is not None, "call reset() first"
        return sorted(self.index[str(a)] for a in self.state.legal_actions())

    def step(self, action: Any) -> None:
        """Apply the action with table index ``action`` for the agent to act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        index = as_index(action, len(self.table))
        text = self.table[index]
        chosen = next((a for a in self.state.legal_actions() if str(a) == text), None)
        if chosen is None:
            raise IllegalActionError(
                f"action {index} ({text!r}) is not legal for {agent} now; use the action mask"
            )
        self._cumulative_rewards[agent] = 0.0
        self.state = self.state.apply(chosen, check=False)
        self.plies += 1
        self._roll()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_over():
            outcome = self.state.outcome()
            assert outcome is not None
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = 1.0 if seat in outcome.winners else -1.0
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.plies >= self.module.PLY_LIMIT:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The text picture of the game (``ansi``: returned; ``human``: printed)."""
        return render_text(self.state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _roll(self) -> None:
        """Sample chance nodes until a seat must decide or the game ends."""
        state = self.state
        assert state is not None
        while state.current_player == CHANCE:
            faces, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(self._dice.choices(faces, weights)[0], check=False)
            self.plies += 1
        self.state = state

    def _select(self) -> None:
        """Select the seat to decide; once the game is done, the first agent still listed."""
        assert self.state is not None
        seat = self.state.current_player
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]


def as_index(action: Any, size: int) -> int:
    """An int (or numpy integer) in ``range(size)``, else InvalidActionError."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise InvalidActionError(f"an action must be an integer index, not {action!r}")
    index = int(action)
    if not 0 <= index < size:
        raise InvalidActionError(f"action index {index} is outside 0..{size - 1}")
    return index


def env_seed(seed: Any) -> int:
    """``reset``'s seed as an int: an integer (numpy's too) in 0..2**64-1, else
    InvalidStateError (never ``int("abc")``'s ValueError, nor 1.5 played as 1)."""
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        seed = int(seed)
    return checked_int(seed, "the reset seed", SEED_RANGE.start, SEED_RANGE.stop - 1)
