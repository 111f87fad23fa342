"""One seat of a bamboo_lab game as a Gymnasium environment (needs the ``[rl]`` extra).

The learner plays ``seat``; every other seat is played by a bundled bot (a name or a bot
object, as :func:`bamboo_lab.bots.make_bots` takes them) that answers from its own
``state.view(seat)``, and chance nodes (Takenoko's weather roll) are drawn inside. ``step``
applies the learner's action, then plays the other seats and chance until the learner must
decide again or the game ends.

- **Spaces**: the same as the PettingZoo environment's: a ``Discrete`` index into the game's
  action table and a ``Dict`` observation with ``observation`` (the learner's float32 vector)
  and ``action_mask`` (int8, 1 at the legal indices). The mask is also in
  ``info["action_mask"]`` and returned by :meth:`SingleAgentEnv.action_masks` (the method
  sb3-contrib's ``MaskablePPO`` calls); at the end it is all zeros.
- **Seeds**: ``reset(seed=s)`` deals ``new_game(players, s)`` and seeds the bots and the dice
  as ``bamboo_lab.sim.play_game`` does, so the same seed and the same actions give the same
  game; ``reset()`` without a seed deals the next game of the environment's generator.
- **Reward**: 0 until the end; then, with ``reward="win"``, +1 when the learner is among the
  winners (after the printed tie-breaks) and -1 otherwise; with ``reward="margin"``, the
  learner's final score minus the best other final score (solo: the final score). A game
  stopped at the ply limit is truncated with reward 0.
- **An illegal index** changes nothing. With ``illegal="penalty"`` (the default) it gives
  ``illegal_reward`` (-1.0) and ``info["illegal_action"] = True`` (and the episode goes on):
  Gymnasium's ``check_env`` steps with unmasked samples, and a learner without masks must be
  able to learn from the mistake. ``illegal="raise"`` raises ``IllegalActionError`` instead;
  a non-integer or out-of-range index always raises ``InvalidActionError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from bamboo_lab.bots import Bot, make_bot, sample_chance
from bamboo_lab.core.errors import IllegalActionError, InvalidStateError
from bamboo_lab.core.protocol import CHANCE, GameState
from bamboo_lab.games import load
from bamboo_lab.sim.runner import bot_rng, chance_rng, wants_view

from .aec import as_index, env_seed, render_text, seat_observation_space
from .observations import LIMIT, encode
from .picture import check_rgb_array, rgb_array, start_renderer, stop_renderer
from .tables import action_table

__all__ = ["REWARDS", "SingleAgentEnv"]

REWARDS = ("win", "margin")
"""The reward schemes: ``win`` (+1 a win, -1 a loss) and ``margin`` (final score margin)."""

ILLEGAL = ("penalty", "raise")
"""What an illegal action index does: a penalty reward, or ``IllegalActionError``."""


class SingleAgentEnv(gymnasium.Env):
    """One seat of a game against bundled bots, with masked integer actions."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human", "rgb_array"],
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        opponents: str | Bot | Sequence[str | Bot] = "heuristic",
        seat: int = 0,
        players: int = 2,
        options: Any = None,
        reward: str = "win",
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        """Check the arguments and set up the spaces; call ``reset`` before playing."""
        if reward not in REWARDS:
            raise InvalidStateError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise InvalidStateError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise InvalidStateError(f"seat must be an integer in 0..{players - 1}, not {seat!r}")
        self.game = game
        self.module = load(game)
        self.seat = seat
        self.players = players
        self.game_options = options
        self.reward_scheme = reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        if render_mode not in (None, *self.metadata["render_modes"]):
            modes = ", ".join(map(repr, self.metadata["render_modes"]))
            message = f"render_mode must be None or one of {modes}, not {render_mode!r}"
            raise InvalidStateError(message)
        if render_mode == "rgb_array":
            check_rgb_array()
        self.render_mode = render_mode
        self.renderer: str | None = None
        """``"started"`` once this environment started kaleido's browser, ``"shared"`` when
        another had started it, None before the first ``rgb_array`` picture."""
        self.bots: dict[int, Bot] = _opponents(opponents, game, seat, players)
        self.looks = {other: wants_view(bot) for other, bot in self.bots.items()}
        self.table = action_table(game, options)
        self.index = {text: i for i, text in enumerate(self.table)}
        self.action_space = gymnasium.spaces.Discrete(len(self.table))
        self.observation_space = seat_observation_space(game, players, options, len(self.table))
        self.state: GameState | None = None
        self.plies = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new game (``new_game(players, seed)`` when seeded) and play to the learner."""
        game_seed = None if seed is None else env_seed(seed)
        super().reset(seed=game_seed)
        if game_seed is None:
            game_seed = int(self.np_random.integers(0, 2**63))
        self.rngs = {other: bot_rng(game_seed, other) for other in self.bots}
        self.dice = chance_rng(game_seed)
        self.state = self.module.new_game(self.players, game_seed, self.game_options)
        self.plies = 0
        self._play_others()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action (a table index), then the other seats' until its turn."""
        state = self.state
        if state is None:
            raise InvalidStateError("call reset() before step()")
        if state.is_over() or self.plies >= self.module.PLY_LIMIT:
            raise InvalidStateError("the episode has ended (game over or ply limit): call reset()")
        index = as_index(action, len(self.table))
        text = self.table[index]
        chosen = next((a for a in state.legal_actions() if str(a) == text), None)
        if chosen is None:
            message = f"action {index} ({text!r}) is not legal now; use the action mask"
            if self.illegal == "raise":
                raise IllegalActionError(message)
            info = self._info() | {"illegal_action": True, "error": message}
            return self._observe(), self.illegal_reward, False, False, info
        self.state = state.apply(chosen, check=False)
        self.plies += 1
        self._play_others()
        if self.render_mode == "human":
            self.render()
        over = self.state.is_over()
        return self._observe(), self._reward(), over, self._truncated(), self._info()

    def action_masks(self) -> np.ndarray:
        """True at the table index of every action the learner may take now (for MaskablePPO)."""
        return self._mask().astype(bool)

    def render(self) -> str | np.ndarray | None:
        """The picture of the game: ``ansi``, its text (returned); ``human``, the text printed;
        ``rgb_array``, the board's Plotly figure as a ``(height, width, 3)`` uint8 array."""
        if self.render_mode != "rgb_array":
            return render_text(self.state, self.render_mode)
        if self.state is None:
            return None
        if self.renderer is None:
            self.renderer = "started" if start_renderer() else "shared"
        return rgb_array(self.state)

    def close(self) -> None:
        """Stop the browser that rendered ``rgb_array`` pictures, if this environment started it."""
        if self.renderer == "started":
            stop_renderer()
        self.renderer = None
        super().close()

    def _play_others(self) -> None:
        """Draw chance and let the other seats' bots decide until the learner must decide."""
        limit = self.module.PLY_LIMIT
        while True:
            state = self.state
            assert state is not None
            mover = state.current_player
            if state.is_over() or self.plies >= limit or mover == self.seat:
                return
            if mover == CHANCE:
                action = sample_chance(state, self.dice)
            else:
                legal = state.legal_actions()
                view = state.view(mover) if self.looks[mover] else None
                action = self.bots[mover].choose(view, legal, self.rngs[mover])
                if not any(action is candidate or action == candidate for candidate in legal):
                    raise IllegalActionError(
                        f"bot {self.bots[mover].name!r} at seat {mover} chose {action!r},"
                        f" which is not among the {len(legal)} legal actions"
                    )
            self.state = state.apply(action, check=False)
            self.plies += 1

    def _mask(self) -> np.ndarray:
        mask = np.zeros(len(self.table), dtype=np.int8)
        state = self.state
        if state is not None and not state.is_over() and not self._truncated():
            for action in state.legal_actions():
                mask[self.index[str(action)]] = 1
        return mask

    def _observe(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        vector = np.asarray(encode(self.state, self.seat), dtype=np.float32)
        return {"observation": np.clip(vector, -LIMIT, LIMIT), "action_mask": self._mask()}

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask(), "plies": self.plies}
        assert self.state is not None
        outcome = self.state.outcome()
        if outcome is not None:
            info |= {"scores": outcome.scores, "winners": outcome.winners}
        return info

    def _truncated(self) -> bool:
        assert self.state is not None
        return not self.state.is_over() and self.plies >= self.module.PLY_LIMIT

    def _reward(self) -> float:
        """0 until the end; then the final result of the learner's seat (module docstring)."""
        assert self.state is not None
        outcome = self.state.outcome()
        if outcome is None:
            return 0.0
        if self.reward_scheme == "win":
            return 1.0 if self.seat in outcome.winners else -1.0
        others = [score for other, score in enumerate(outcome.scores) if other != self.seat]
        return float(outcome.scores[self.seat] - (max(others) if others else 0))


def _opponents(
    spec: str | Bot | Sequence[str | Bot], game: str, seat: int, players: int
) -> dict[int, Bot]:
    """The bot of every seat but ``seat``: one spec for all, or one per other seat in order."""
    others = [other for other in range(players) if other != seat]
    if isinstance(spec, str) and "," in spec:
        spec = [part.strip() for part in spec.split(",")]
    if isinstance(spec, str) or not isinstance(spec, Sequence):
        specs: list[str | Bot] = [spec] * len(others)
    else:
        specs = list(spec)
    if len(specs) != len(others):
        raise InvalidStateError(
            f"{len(specs)} opponents given for {len(others)} other seats: give one for all"
            " or exactly one per other seat"
        )
    return {other: make_bot(one, game) for other, one in zip(others, specs, strict=True)}
