"""A game-agnostic search bot: information-set Monte-Carlo tree search over the game contract.

The bot never looks inside a game. Each iteration it asks the view for a determinisation
(``view.determinize(seat, seed)``: a full state the seat cannot tell from the real one), walks a
tree of actions shared by every determinisation (single-observer information-set MCTS,
Cowling, Powley and Whitehouse 2012), picks children by UCB1 among the actions legal in that
determinisation, expands one new action, plays a rollout of at most ``rollout_depth`` plies and
backs up each seat's reward to the decisions that seat took. Chance nodes are sampled from
``chance_outcomes()``. The answer is the root action visited most.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE

from . import sample_chance

__all__ = ["DEFAULT_ITERATIONS", "SearchBot"]

DEFAULT_ITERATIONS = 200
"""The default budget: iterations per decision (deterministic, under 1 s in every game)."""


class _Node:
    """A tree node: the statistics of the action that led here, for the seat that took it."""

    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Any, _Node] = {}


class SearchBot:
    """Information-set MCTS on the contract alone, with random (or any bot's) rollouts.

    Budget: ``iterations`` per decision (the default, deterministic given ``rng``) or
    ``seconds`` (a time budget; then the answer depends on the machine's speed). Rollouts stop
    after ``rollout_depth`` plies; an unfinished rollout is valued from the running scores,
    ``0.5 + 0.5 * lead / (|lead| + score_scale)`` where ``lead`` is the seat's score minus the
    best other seat's. A finished game is worth 1 to each winner (shared among tied winners).
    ``rollout_bot`` (any :class:`~bamboo_lab.bots.Bot`) plays the rollouts, given the sampled
    state itself rather than a view (a rollout is a hypothetical world, and views cost time);
    ``None`` plays them uniformly at random, which is much faster.
    """

    def __init__(
        self,
        iterations: int | None = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int = 60,
        score_scale: float = 5.0,
        rollout_bot: Any = None,
    ) -> None:
        """Set the budget (``iterations`` or ``seconds``) and the search's constants."""
        if iterations is None and seconds is None:
            raise InvalidStateError("give the search a budget: iterations or seconds")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise InvalidStateError(f"iterations must be a positive int, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise InvalidStateError(f"seconds must be positive, not {seconds!r}")
        if rollout_depth < 0 or score_scale <= 0 or exploration < 0:
            raise InvalidStateError(
                "rollout_depth must be >= 0, score_scale > 0 and exploration >= 0"
            )
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.score_scale = score_scale
        self.rollout_bot = rollout_bot
        self.name = "search"

    def __repr__(self) -> str:
        """The constructor call that builds this bot."""
        return (
            f"SearchBot(iterations={self.iterations!r}, seconds={self.seconds!r},"
            f" exploration={self.exploration!r}, rollout_depth={self.rollout_depth!r},"
            f" score_scale={self.score_scale!r}, rollout_bot={self.rollout_bot!r})"
        )

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The most visited root action after the search budget is spent."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = view.current_player
        root = _Node(mover=me)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, view.determinize(me, rng.getrandbits(63)), rng)
            done += 1
        children = root.children

        def rank(action: Any) -> tuple[int, float]:
            child = children.get(action)
            return (-1, 0.0) if child is None else (child.visits, child.reward)

        return max(legal_actions, key=rank)

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        """One selection, expansion, rollout and back-up on one determinisation."""
        node = root
        path = [root]
        expanded = False
        while not expanded and not state.is_over():
            player = state.current_player
            if player == CHANCE:
                action = sample_chance(state, rng)
                node = node.children.setdefault(action, _Node(mover=CHANCE))
                state = state.apply(action, check=False)
                path.append(node)
                continue
            legal = state.legal_actions()
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                node = children[action] = _Node(mover=player)
                node.avail = 1
                expanded = True
            else:
                action = self._select(children, legal)
                node = children[action]
            state = state.apply(action, check=False)
            path.append(node)
        rewards = self._rollout(state, rng)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.reward += rewards[visited.mover]

    def _select(self, children: dict[Any, _Node], legal: Sequence[Any]) -> Any:
        """UCB1 over the children legal in this determinisation (availability counts)."""
        c = self.exploration
        best = legal[0]
        best_value = -math.inf
        for action in legal:
            child = children[action]
            value = child.reward / child.visits + c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if value > best_value:
                best, best_value = action, value
        return best

    def _rollout(self, state: Any, rng: random.Random) -> list[float]:
        """Play on for at most ``rollout_depth`` plies and value the result for every seat."""
        bot = self.rollout_bot
        for _ in range(self.rollout_depth):
            if state.is_over():
                break
            player = state.current_player
            if player == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                if bot is None:
                    action = legal[rng.randrange(len(legal))]
                else:
                    # The rollout runs in a sampled world, not the real game: its players may
                    # see all of it, which spares a view per ply.
                    action = bot.choose(state, legal, rng)
            state = state.apply(action, check=False)
        return self._value(state)

    def _value(self, state: Any) -> list[float]:
        """Each seat's reward in [0, 1]: the result if over, else a squashed score lead."""
        n = state.num_players
        if state.is_over():
            winners = state.outcome().winners
            share = 1.0 / len(winners) if winners else 0.0
            return [share if p in winners else 0.0 for p in range(n)]
        scores = state.scores()
        if n == 1:
            # Solo: no opponent to lead, so value the score itself.
            return [max(scores[0], 0) / (abs(scores[0]) + self.score_scale)]
        values = []
        for p in range(n):
            lead = scores[p] - max(scores[q] for q in range(n) if q != p)
            values.append(0.5 + 0.5 * lead / (abs(lead) + self.score_scale))
        return values
