"""A game-agnostic search bot: information-set Monte-Carlo tree search over the game contract.

The loop never looks inside a game. Each iteration it asks the view for a determinisation
(``view.determinize(seat, seed)``: a full state the seat cannot tell from the real one), walks a
tree of actions shared by every determinisation (single-observer information-set MCTS,
Cowling, Powley and Whitehouse 2012), expands one new action, plays a rollout of at most
``rollout_depth`` plies and backs up each seat's reward to the decisions that seat took. Chance
nodes are sampled from ``chance_outcomes()``. The answer is the root action visited most.

What a game knows about itself comes from its bot module (``bamboo_lab.bots.<game>``), under
fixed names that :func:`game_knowledge` looks up; a game without them is searched on the
contract alone (random rollouts, the running scores, UCB1):

- ``evaluate(state) -> list[float]``: each seat's worth in points of an unfinished state (its
  running score plus what is nearly complete); a rollout cut at ``rollout_depth`` is valued
  from it.
- ``rollout_policy(state, legal_actions, rng) -> action``: a fast policy that plays the
  rollouts (mixed with uniformly random moves at the rate ``epsilon``).
- ``prior(state, legal_actions) -> list[float]``: a weight per legal action; with it, the tree
  picks children by PUCT (the prior steers which moves the budget tries first).
- ``determinize(state, seat, seed) -> state``: the game's own sampling of what ``seat`` cannot
  see (for instance weighted by what the other seats' play has shown); it must use only what
  ``seat`` sees, so the real state and its view give the same deal. Without it the search asks
  ``state.determinize(seat, seed)``.
- ``SEARCH_SETTINGS``: the game's default budget and constants (``iterations``,
  ``iterations_per_action``, ``rollout_depth``, ``epsilon``, ``exploration``,
  ``score_scale``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import names

from . import bot_module, sample_chance

__all__ = [
    "DEFAULT_ITERATIONS",
    "Knowledge",
    "SearchBot",
    "favour",
    "game_knowledge",
    "policy_hooks",
]

DEFAULT_ITERATIONS = 200
"""The budget of a game without ``SEARCH_SETTINGS``: iterations per decision."""

_DEFAULTS: dict[str, Any] = {
    "iterations": DEFAULT_ITERATIONS,
    "iterations_per_action": 0,
    "rollout_depth": 60,
    "epsilon": 0.0,
    "exploration": 0.7,
    "score_scale": 5.0,
}
"""The constants of a game that names none of its own."""


@dataclass(frozen=True)
class Knowledge:
    """What a game's bot module tells the search (each part optional)."""

    evaluate: Callable[[Any], Sequence[float]] | None = None
    """Each seat's worth in points of an unfinished state."""
    rollout_policy: Callable[[Any, Sequence[Any], random.Random], Any] | None = None
    """The policy that plays the rollouts."""
    prior: Callable[[Any, Sequence[Any]], Sequence[float]] | None = None
    """A weight per legal action, for PUCT."""
    determinize: Callable[[Any, int, int], Any] | None = None
    """The game's own deal of what a seat cannot see (else ``state.determinize``)."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    """The game's default budget and constants (``SEARCH_SETTINGS``)."""


_KNOWLEDGE: dict[str | None, Knowledge] = {}


def game_knowledge(game: str | None) -> Knowledge:
    """The search hooks of ``game``'s bot module (none for a game without a bot module)."""
    known = _KNOWLEDGE.get(game)
    if known is None:
        module: Any = bot_module(game) if game in names() else None  # (a test's own game)
        known = _KNOWLEDGE[game] = Knowledge(
            evaluate=getattr(module, "evaluate", None),
            rollout_policy=getattr(module, "rollout_policy", None),
            prior=getattr(module, "prior", None),
            determinize=getattr(module, "determinize", None),
            settings=dict(getattr(module, "SEARCH_SETTINGS", {})),
        )
    return known


def favour(legal_actions: Sequence[Any], chosen: Any, share: float) -> list[float]:
    """Prior weights that give ``chosen`` the share ``share`` and split the rest evenly."""
    count = len(legal_actions)
    rest = (1.0 - share) / count
    return [rest + share if action == chosen else rest for action in legal_actions]


def policy_hooks(
    policy: Any, share: float
) -> tuple[
    Callable[[Any, Sequence[Any], random.Random], Any], Callable[[Any, Sequence[Any]], list[float]]
]:
    """A game's ``rollout_policy`` and ``prior`` from a bot: its choice plays the rollouts and
    gets ``share`` of the prior (the rest spread evenly)."""

    def rollout_policy(state: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The bot's choice (the search's rollouts see the sampled state whole)."""
        return policy.choose(state, legal_actions, rng)

    def prior(state: Any, legal_actions: Sequence[Any]) -> list[float]:
        """The bot's choice favoured with its share of the prior."""
        chosen = policy.choose(state, legal_actions, random.Random(0))
        return favour(legal_actions, chosen, share)

    return rollout_policy, prior


class _Node:
    """A tree node: the statistics of the action that led here, for the seat that took it."""

    __slots__ = ("avail", "children", "mover", "prior", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Any, _Node] = {}
        self.prior: dict[Any, float] | None = None
        """The prior of this node's actions, from the first determinisation that reached it."""


class SearchBot:
    """Information-set MCTS on the contract, steered by the game's own hooks where it has them.

    Budget: ``iterations`` per decision (deterministic given ``rng``) or ``seconds`` (a time
    budget; then the answer depends on the machine's speed). Any constant left ``None`` takes
    the game's ``SEARCH_SETTINGS`` (else the defaults): ``iterations`` (at most
    ``iterations_per_action`` times the number of legal actions when the game sets it, so a
    choice between two actions costs less), ``rollout_depth``,
    ``epsilon`` (the share of random moves in the rollouts), ``exploration`` (the UCB1 or PUCT
    constant) and ``score_scale``. An unfinished rollout is valued from ``evaluate`` (else the
    running scores) as ``0.5 + 0.5 * lead / (|lead| + score_scale)``, where ``lead`` is the
    seat's worth minus the best other seat's; a finished game is worth 1 to each winner (shared
    among tied winners). ``rollout_bot`` (any :class:`~bamboo_lab.bots.Bot`, given the sampled
    state rather than a view) replaces the game's rollout policy; ``knowledge=False`` searches on
    the contract alone (random rollouts, running scores, UCB1), as the first version did.
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float | None = None,
        rollout_depth: int | None = None,
        score_scale: float | None = None,
        rollout_bot: Any = None,
        epsilon: float | None = None,
        knowledge: bool = True,
        iterations_per_action: int | None = None,
    ) -> None:
        """Set the budget (``iterations`` or ``seconds``) and any constant to override."""
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise InvalidStateError(f"iterations must be a positive int, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise InvalidStateError(f"seconds must be positive, not {seconds!r}")
        if (
            (rollout_depth is not None and rollout_depth < 0)
            or (score_scale is not None and score_scale <= 0)
            or (exploration is not None and exploration < 0)
        ):
            raise InvalidStateError(
                "rollout_depth must be >= 0, score_scale > 0 and exploration >= 0"
            )
        if iterations_per_action is not None and iterations_per_action < 0:
            raise InvalidStateError(
                f"iterations_per_action must be >= 0, not {iterations_per_action!r}"
            )
        if epsilon is not None and not 0 <= epsilon <= 1:
            raise InvalidStateError(f"epsilon must be between 0 and 1, not {epsilon!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.score_scale = score_scale
        self.rollout_bot = rollout_bot
        self.epsilon = epsilon
        self.knowledge = knowledge
        self.iterations_per_action = iterations_per_action
        self.name = "search"

    def __repr__(self) -> str:
        """The constructor call that builds this bot."""
        return (
            f"SearchBot(iterations={self.iterations!r}, seconds={self.seconds!r},"
            f" exploration={self.exploration!r}, rollout_depth={self.rollout_depth!r},"
            f" score_scale={self.score_scale!r}, rollout_bot={self.rollout_bot!r},"
            f" epsilon={self.epsilon!r}, knowledge={self.knowledge!r},"
            f" iterations_per_action={self.iterations_per_action!r})"
        )

    def settings(self, game: str | None) -> dict[str, Any]:
        """The constants this bot plays ``game`` with: its own, else the game's, else defaults."""
        known = game_knowledge(game).settings if self.knowledge else {}
        chosen = {key: known.get(key, value) for key, value in _DEFAULTS.items()}
        for key in _DEFAULTS:
            mine = getattr(self, key)
            if mine is not None:
                chosen[key] = mine
        if self.seconds is not None and self.iterations is None:
            chosen["iterations"] = None
        return chosen

    def _run(self, state: Any, rng: random.Random) -> _Run:
        """The search of one decision in ``state``'s game."""
        game = getattr(state, "game", None)
        known = game_knowledge(game) if self.knowledge else Knowledge()
        return _Run(self.settings(game), known, self.rollout_bot, rng)

    def playout(self, state: Any, rng: random.Random) -> list[float]:
        """One rollout from ``state`` as this bot's search plays it: each seat's reward."""
        return self._run(state, rng).rollout(state)

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The most visited root action after the search budget is spent."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        run = self._run(view, rng)
        me = view.current_player
        root = _Node(mover=me)
        iterations = run.iterations
        if iterations is not None and run.per_action:
            # a decision between few actions needs fewer iterations to tell them apart
            iterations = min(iterations, run.per_action * len(legal_actions))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            run.iterate(root, run.deal(view, me, rng.getrandbits(63)))
            done += 1
        children = root.children

        def rank(action: Any) -> tuple[int, float]:
            child = children.get(action)
            return (-1, 0.0) if child is None else (child.visits, child.reward)

        return max(legal_actions, key=rank)


class _Run:
    """One decision's search: the constants and hooks it uses, and its iterations."""

    def __init__(
        self, settings: dict[str, Any], known: Knowledge, rollout_bot: Any, rng: random.Random
    ) -> None:
        self.iterations: int | None = settings["iterations"]
        self.per_action: int = settings["iterations_per_action"]
        self.depth: int = settings["rollout_depth"]
        self.epsilon: float = settings["epsilon"]
        self.exploration: float = settings["exploration"]
        self.scale: float = settings["score_scale"]
        self.evaluate = known.evaluate
        self.prior = known.prior
        self.determinize = known.determinize
        self.rng = rng
        if rollout_bot is not None:
            self.policy: Callable[[Any, Sequence[Any], random.Random], Any] | None = (
                rollout_bot.choose
            )
        else:
            self.policy = known.rollout_policy

    def deal(self, view: Any, seat: int, seed: int) -> Any:
        """A full state ``seat`` cannot tell from ``view``: the game's own deal, if it has one."""
        if self.determinize is not None:
            return self.determinize(view, seat, seed)
        return view.determinize(seat, seed)

    def iterate(self, root: _Node, state: Any) -> None:
        """One selection, expansion, rollout and back-up on one determinisation."""
        rng = self.rng
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
            if self.prior is None:
                action, expanded = self._ucb(node, legal, player)
            else:
                action, expanded = self._puct(node, state, legal)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node(mover=player)
            node = child
            state = state.apply(action, check=False)
            path.append(node)
        rewards = self.rollout(state)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.reward += rewards[visited.mover]

    def _ucb(self, node: _Node, legal: Sequence[Any], player: int) -> tuple[Any, bool]:
        """An untried action at random, else UCB1 over the children legal in this
        determinisation (availability counts); True when the action is new here."""
        children = node.children
        untried = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.avail += 1
        if untried:
            action = untried[self.rng.randrange(len(untried))]
            child = children[action] = _Node(mover=player)
            child.avail = 1
            return action, True
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
        return best, False

    def _puct(self, node: _Node, state: Any, legal: Sequence[Any]) -> tuple[Any, bool]:
        """PUCT over the actions legal in this determinisation, the prior from the game's hook
        (asked once per node); True when the chosen action has no visit yet."""
        assert self.prior is not None
        prior = node.prior
        if prior is None:
            weights = self.prior(state, legal)
            total = sum(weights) or 1.0
            prior = node.prior = {a: w / total for a, w in zip(legal, weights, strict=True)}
        children = node.children
        visits = 0
        value_sum = 0.0
        seen = 0
        for action in legal:
            child = children.get(action)
            if child is not None and child.visits:
                visits += child.visits
                value_sum += child.reward / child.visits
                seen += 1
        first = value_sum / seen if seen else 0.5  # an untried move: the siblings' mean
        spread = self.exploration * math.sqrt(visits + 1)
        fallback = 1.0 / len(legal)
        best = legal[0]
        best_value = -math.inf
        best_new = True
        for action in legal:
            child = children.get(action)
            tried = child is not None and child.visits > 0
            mean = child.reward / child.visits if tried else first  # type: ignore[union-attr]
            count = child.visits if tried else 0  # type: ignore[union-attr]
            value = mean + spread * prior.get(action, fallback) / (1 + count)
            if value > best_value:
                best, best_value, best_new = action, value, not tried
        return best, best_new

    def rollout(self, state: Any) -> list[float]:
        """Play on for at most ``rollout_depth`` plies and value the result for every seat."""
        rng = self.rng
        policy = self.policy
        epsilon = self.epsilon
        for _ in range(self.depth):
            if state.is_over():
                break
            player = state.current_player
            if player == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                if policy is None or (epsilon and rng.random() < epsilon):
                    action = legal[rng.randrange(len(legal))]
                else:
                    # The rollout runs in a sampled world, not the real game: its players may
                    # see all of it, which spares a view per ply.
                    action = policy(state, legal, rng)
            state = state.apply(action, check=False)
        return self._value(state)

    def _value(self, state: Any) -> list[float]:
        """Each seat's reward in [0, 1]: the result if over, else a squashed lead in worth."""
        n = state.num_players
        if state.is_over():
            winners = state.outcome().winners
            share = 1.0 / len(winners) if winners else 0.0
            return [share if p in winners else 0.0 for p in range(n)]
        worth = list(self.evaluate(state)) if self.evaluate is not None else state.scores()
        scale = self.scale
        if n == 1:
            # Solo: no opponent to lead, so value the worth itself.
            return [max(worth[0], 0) / (abs(worth[0]) + scale)]
        values = []
        for p in range(n):
            lead = worth[p] - max(worth[q] for q in range(n) if q != p)
            values.append(0.5 + 0.5 * lead / (abs(lead) + scale))
        return values
