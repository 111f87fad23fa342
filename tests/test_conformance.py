"""Conformance: seeded random playouts of every registered game and player count, every invariant
checked at every step (docs/design.md, section 10; tests/harness.py).

The checked games are sized by what they find, not by repetition. A checked game costs about a
hundred unchecked ones, and checked seeds beyond the first few repeat what those already reached:
measured on the three bundled games, the kinds of decision (phase and action kind) that 200 random
games reach were all reached within the first 5 seeds, except Bamboo at 2 players (33) and
Bangkok's shared victories (29 to 64). So each game and player count checks the first
``BAMBOO_LAB_CONFORMANCE`` seeds (default 4) plus, from the first :data:`SEARCH` unchecked
playouts, one seed for each kind of decision or outcome those have not reached yet
(:func:`checked_seeds`). Every invariant is still checked on every game and player count, and on
every kind of decision a random game meets. ``make soak`` runs the ``slow`` sweep,
``BAMBOO_LAB_SOAK_GAMES`` per game and player count (default 3000: tens of thousands in all).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from harness import check_game, check_position

from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import load, names

FIRST = int(os.environ.get("BAMBOO_LAB_CONFORMANCE", "4"))
"""The first seeds checked for every game and player count, whatever they reach."""

SEARCH = 100
"""The unchecked playouts searched for a kind of decision or outcome the checked seeds lack."""

SOAK = int(os.environ.get("BAMBOO_LAB_SOAK_GAMES", "3000"))
CASES = [(name, n) for name in names() for n in load(name).PLAYER_COUNTS]
IDS = [f"{game}-{n}p" for game, n in CASES]


def seed_of(num_players: int, k: int) -> int:
    """The ``k``-th seed of a player count (the seeds the conformance suite has always used)."""
    return 1000 * num_players + k


def kinds_reached(module: Any, num_players: int, seed: int) -> frozenset[tuple[str, str]]:
    """What one unchecked random game meets: each (phase, action kind) offered, each kind
    chosen, and whether the victory is shared."""
    state = module.new_game(num_players, seed)
    rng = random.Random(seed)  # the playout of harness.random_playout
    found: set[tuple[str, str]] = set()
    for _ in range(module.PLY_LIMIT):  # check_game fails a game that does not end by then
        if state.is_over():
            break
        legal = state.legal_actions()
        found.update((state.phase, type(action).__name__) for action in legal)
        if state.current_player == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(actions, weights)[0]
        else:
            action = legal[rng.randrange(len(legal))]
        found.add(("chosen", type(action).__name__))
        state = state.apply(action, check=False)
    outcome = state.outcome()
    winners = len(outcome.winners) if outcome is not None else 0
    found.add(("winners", "shared" if winners > 1 else "one" if winners else "unfinished"))
    return frozenset(found)


def checked_seeds(module: Any, num_players: int) -> list[int]:
    """The first :data:`FIRST` seeds, then the first seed of the next :data:`SEARCH` that reaches
    something the seeds chosen so far have not."""
    seeds = [seed_of(num_players, k) for k in range(FIRST)]
    reached = set().union(*(kinds_reached(module, num_players, seed) for seed in seeds))
    for k in range(FIRST, FIRST + SEARCH):
        seed = seed_of(num_players, k)
        new = kinds_reached(module, num_players, seed) - reached
        if new:
            seeds.append(seed)
            reached |= new
    return seeds


@pytest.mark.parametrize(("name", "num_players"), CASES, ids=IDS)
def test_random_playouts_keep_every_invariant(name: str, num_players: int) -> None:
    """Every invariant at every step of the games of :func:`checked_seeds`."""
    module = load(name)
    for seed in checked_seeds(module, num_players):
        try:
            final = check_game(module, num_players, seed)
        except AssertionError as exc:
            raise AssertionError(f"{name}, {num_players} players, seed {seed}: {exc}") from exc
        assert final.outcome() is not None


def test_the_checked_seeds_reach_what_many_more_games_reach() -> None:
    """The seeds chosen for Bamboo at 2 players (whose first seeds miss a kind of decision) reach
    every kind of decision and outcome that all the searched games reach, with few games."""
    module = load("bamboo")
    seeds = checked_seeds(module, 2)
    searched = range(FIRST + SEARCH)
    every = set().union(*(kinds_reached(module, 2, seed_of(2, k)) for k in searched))
    chosen = set().union(*(kinds_reached(module, 2, seed) for seed in seeds))
    assert chosen == every
    assert len(seeds) < FIRST + 10


@pytest.mark.slow
@pytest.mark.parametrize(("name", "num_players"), CASES, ids=IDS)
def test_soak(name: str, num_players: int) -> None:
    module = load(name)
    for seed in range(SOAK):
        check_game(module, num_players, 10**6 + seed)


@pytest.mark.parametrize("name", names())
def test_a_built_position_plays_on_keeping_every_invariant(name: str) -> None:
    """Issue 8: ``<game>.position()`` (the defaults) is a normal playable state."""
    module = load(name)
    final = check_position(module.position(), games=1, seed=5)
    assert final.is_over()
