"""Conformance: seeded random playouts of every registered game and player count
(docs/design.md, section 10).

``make test`` checks ``BAMBOO_LAB_CONFORMANCE`` games per game and player count (default 40:
hundreds in all); ``make soak`` runs the ``slow`` sweep, ``BAMBOO_LAB_SOAK_GAMES`` per game and
player count (default 3000: tens of thousands in all), with every invariant checked at every step.
"""

from __future__ import annotations

import os

import pytest
from harness import check_game, check_position

from bamboo_lab.games import GAMES, load

PER_COUNT = int(os.environ.get("BAMBOO_LAB_CONFORMANCE", "40"))
SOAK = int(os.environ.get("BAMBOO_LAB_SOAK_GAMES", "3000"))
CASES = [(name, n) for name in GAMES for n in load(name).PLAYER_COUNTS]


@pytest.mark.parametrize(("name", "num_players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
@pytest.mark.parametrize("seed", range(PER_COUNT))
def test_random_playout_keeps_every_invariant(name: str, num_players: int, seed: int) -> None:
    final = check_game(load(name), num_players, 1000 * num_players + seed)
    assert final.outcome() is not None


@pytest.mark.slow
@pytest.mark.parametrize(("name", "num_players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_soak(name: str, num_players: int) -> None:
    module = load(name)
    for seed in range(SOAK):
        check_game(module, num_players, 10**6 + seed)


@pytest.mark.parametrize("name", GAMES)
def test_a_built_position_plays_on_keeping_every_invariant(name: str) -> None:
    """Issue 8: ``<game>.position()`` (the defaults) is a normal playable state."""
    module = load(name)
    final = check_position(module.position(), games=1, seed=5)
    assert final.is_over()
