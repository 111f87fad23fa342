"""Observation vectors of the RL environments: what one seat sees, as a fixed list of numbers.

Every vector is built from ``state.view(seat)`` only, so it never holds what that seat cannot
see. Player blocks are in seat order **starting from the observer** (block 0 is the observer,
block 1 the next seat to play after them, and so on). The layout is the same for every state of
a game with the same player count; :func:`observation_layout` lists its sections (name, length,
meaning) and ``docs/simulation.md`` prints them. All values are small integers or 0/1 flags;
the environment clips them to [-255, 255].

Common header (all games): the observer's seat, the player count, the seat to move relative to
the observer (all zeros at the end), the phase (one-hot over the game's phases) and every
player's running score. Each game adds its own sections with the ``encode(out, view, observer,
num_players)`` of its envs layer (``bamboo_lab.envs.<game>``, docs/adding-a-game.md); a game
without one observes the header alone (:func:`header_only`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import layer_piece, load

__all__ = [
    "LIMIT",
    "MAX_PLAYERS",
    "Section",
    "Vector",
    "counts",
    "encode",
    "header",
    "header_only",
    "observation_layout",
    "observation_size",
]

LIMIT = 255
"""Every observation value lies in ``[-LIMIT, LIMIT]``."""

MAX_PLAYERS = 4
"""The header's seat one-hots have 4 entries (the most players any of the games allows)."""


@dataclass(frozen=True)
class Section:
    """One part of an observation vector: its name, its length and what it holds."""

    name: str
    size: int
    meaning: str


@dataclass
class Vector:
    """Collects values and, once, the layout they follow (what a game's ``encode`` fills)."""

    values: list[float] = field(default_factory=list)
    layout: list[Section] = field(default_factory=list)

    def add(self, name: str, values: Sequence[float], meaning: str) -> None:
        """Append the section ``name`` holding ``values``, described by ``meaning``."""
        self.values.extend(values)
        self.layout.append(Section(name, len(values), meaning))

    def one_hot(self, name: str, index: int | None, size: int, meaning: str) -> None:
        """Append a section of ``size`` zeros with a 1 at ``index`` (None: all zeros)."""
        row = [0.0] * size
        if index is not None and 0 <= index < size:
            row[index] = 1.0
        self.add(name, row, meaning)


def counts(items: Sequence[Any], keys: Sequence[Any]) -> list[float]:
    """How many of ``items`` equal each of ``keys``, in the order of ``keys``."""
    return [float(sum(1 for item in items if item == key)) for key in keys]


def header(out: Vector, state: GameState, observer: int, num_players: int, phase: str) -> None:
    """Add the common header (seat, player count, seat to move, phase, scores) to ``out``."""
    module = load(state.game)
    out.one_hot("seat", observer, MAX_PLAYERS, "the observer's seat (one-hot)")
    out.one_hot("players", num_players - 1, MAX_PLAYERS, "the player count (one-hot, 1 to 4)")
    mover = state.current_player
    out.one_hot(
        "to_move",
        (mover - observer) % num_players if mover >= 0 else None,
        MAX_PLAYERS,
        "the seat to decide, counted from the observer (0 = the observer); zeros otherwise",
    )
    phases = tuple(getattr(module, "PHASES", ()))
    out.one_hot(
        "phase",
        phases.index(phase) if phase in phases else None,
        len(phases),
        "the phase of the pending decision (one-hot, in the order of the game's PHASES)",
    )
    scores = state.scores()
    out.add(
        "scores",
        [scores[(observer + k) % num_players] for k in range(num_players)],
        "running score per player",
    )


def header_only(out: Vector, view: GameState, observer: int, num_players: int) -> None:
    """The observation of a game whose envs layer adds nothing: the common header alone."""
    header(out, view, observer, num_players, str(getattr(view, "phase", "")))


Encoder = Callable[[Vector, GameState, int, int], None]
"""A game's ``encode(out, view, observer, num_players)``: adds its sections to ``out``."""


def _encoder(game: str) -> Encoder:
    """The ``encode`` of ``game``'s envs layer, or :func:`header_only`."""
    found: Encoder = layer_piece(game, "envs", "encode", header_only)
    return found


def encode(state: GameState, seat: int) -> list[float]:
    """The observation vector of ``seat`` in ``state`` (built from ``state.view(seat)``)."""
    out = Vector()
    _encoder(state.game)(out, state.view(seat), seat, state.num_players)
    return out.values  # the environment clips to [-LIMIT, LIMIT]


@lru_cache(maxsize=64)
def _sections(game: str, num_players: int, options_key: str) -> tuple[Section, ...]:
    import json

    module = load(game)
    state = module.new_game(num_players, 0, json.loads(options_key) or None)
    out = Vector()
    _encoder(game)(out, state.view(0), 0, num_players)
    return tuple(out.layout)


def observation_layout(game: str, num_players: int, options: Any = None) -> tuple[Section, ...]:
    """The sections of ``game``'s observation vector for ``num_players``, in order."""
    import json

    opts = load(game).Options.coerce(options)
    return _sections(game, num_players, json.dumps(opts.to_dict(), sort_keys=True))


def observation_size(game: str, num_players: int, options: Any = None) -> int:
    """The length of ``game``'s observation vector for ``num_players``."""
    return sum(section.size for section in observation_layout(game, num_players, options))
