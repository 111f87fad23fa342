"""Bots that play any bamboo_lab game from what their seat may see (docs/design.md, section 7).

A bot answers ``choose(view, legal_actions, rng) -> action``: ``view`` is ``state.view(seat)``
of the seat to move, ``legal_actions`` that state's legal actions, and ``rng`` a
``random.Random`` the runner seeds per game and seat. Bots are named where they are asked for
(``"random"``, ``"heuristic"``, ``"search"``) or passed as objects; see ``docs/bots.md``.
"""

from __future__ import annotations

import math
import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import layer, layer_piece

__all__ = [
    "BOT_NAMES",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "bot_module",
    "heuristic_bot",
    "make_bot",
    "make_bots",
    "sample_chance",
]

BOT_NAMES: tuple[str, ...] = ("random", "heuristic", "search")
"""The bot names ``make_bot`` knows."""


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of ``legal_actions`` from its seat's ``view``, using only ``rng``."""

    name: str

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return one element of ``legal_actions``."""
        ...


class RandomBot:
    """Plays uniformly at random among the legal actions (the baseline every bot must beat)."""

    name = "random"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """A uniformly random legal action."""
        return legal_actions[rng.randrange(len(legal_actions))]

    def __repr__(self) -> str:
        """``RandomBot()``."""
        return "RandomBot()"


_LAST_CHANCE: list[tuple[Any, tuple[Any, ...], list[float], float]] = [(None, (), [], 1.0)]
"""The last outcomes sampled (kept by identity: a game returns one shared tuple for its die),
their faces, cumulative weights and total weight: one tuple, replaced whole (thread-safe)."""


def sample_chance(state: Any, rng: random.Random) -> Any:
    """One of ``state.chance_outcomes()``, drawn with the probabilities the state declares.

    The same draw as ``rng.choices(faces, weights)[0]`` (one ``rng.random()``, the same
    bisection), with the cumulative weights kept while the outcomes are the same object."""
    outcomes = state.chance_outcomes()
    last = _LAST_CHANCE[0]
    if outcomes is not last[0]:
        faces, weights = zip(*outcomes, strict=True)
        cumulative = list(accumulate(weights))
        total = cumulative[-1] + 0.0
        if not (0.0 < total < math.inf):  # nothing to draw: random.choices says why
            return rng.choices(faces, weights)[0]
        last = _LAST_CHANCE[0] = (outcomes, faces, cumulative, total)
    _, faces, cumulative, total = last
    return faces[bisect(cumulative, rng.random() * total, 0, len(faces) - 1)]


class GreedyBot:
    """The heuristic bot of a game whose bots layer has none: the legal action after which its
    seat leads the best other seat by the most points (one ply; ties broken by ``rng``)."""

    name = "greedy"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The action whose next position gives the seat the largest score lead."""
        seat = view.current_player
        leads = []
        for action in legal_actions:
            scores = view.apply(action, check=False).scores()
            others = [score for other, score in enumerate(scores) if other != seat]
            leads.append(scores[seat] - max(others, default=0))
        best = max(leads)
        ties = [action for action, lead in zip(legal_actions, leads, strict=True) if lead == best]
        return ties[rng.randrange(len(ties))]

    def __repr__(self) -> str:
        """``GreedyBot()``."""
        return "GreedyBot()"


def bot_module(game: str) -> ModuleType | None:
    """``game``'s bots layer (``bamboo_lab.bots.<game>``: its heuristic bot, what the search bot
    knows of it), or None for a game without one; an unknown game raises InvalidStateError."""
    return layer(game, "bots", required=False)


def heuristic_bot(game: str) -> Bot:
    """The heuristic bot of ``game``: its bots layer's ``HEURISTIC_BOT``, or a
    :class:`GreedyBot` for a game that has none."""
    bot: Bot = layer_piece(game, "bots", "HEURISTIC_BOT", GreedyBot)()
    return bot


def make_bot(spec: str | Bot, game: str) -> Bot:
    """A bot from a name (``"random"``, ``"heuristic"``, ``"search"``) or a bot object."""
    if not isinstance(spec, str):
        if not callable(getattr(spec, "choose", None)):
            raise InvalidStateError(
                f"{spec!r} is not a bot: give one of {', '.join(BOT_NAMES)} or an object"
                " with choose(view, legal_actions, rng)"
            )
        return spec
    name = spec.strip().lower()
    if name == "random":
        return RandomBot()
    if name == "heuristic":
        return heuristic_bot(game)
    if name == "search":
        from .search import SearchBot

        return SearchBot()
    raise InvalidStateError(f"unknown bot {spec!r}; known bots: {', '.join(BOT_NAMES)}")


def make_bots(
    spec: str | Bot | Sequence[str | Bot], game: str, num_players: int
) -> tuple[Bot, ...]:
    """One bot per seat: one spec for every seat, or one per seat (a sequence or ``"a,b"``)."""
    if isinstance(spec, str):
        parts = [part.strip() for part in spec.split(",")]
        specs: list[str | Bot] = list(parts) if len(parts) > 1 else [spec] * num_players
    elif isinstance(spec, Sequence):
        specs = list(spec)
    else:
        specs = [spec] * num_players
    if len(specs) != num_players:
        raise InvalidStateError(
            f"{len(specs)} bots given for {num_players} players: give one for all seats"
            " or exactly one per seat"
        )
    return tuple(make_bot(s, game) for s in specs)
