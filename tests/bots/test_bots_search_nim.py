"""The search bot knows no game: it finds the winning moves of a toy game it has never seen."""

from __future__ import annotations

import dataclasses
import random

import nim_game
import pytest

from bamboo_lab.bots import RandomBot
from bamboo_lab.bots.search import SearchBot
from bamboo_lab.sim.runner import moves


def _heap(stones: int) -> nim_game.State:
    """A 2-player Nim position with ``stones`` in the heap, player 0 to move."""
    state = nim_game.new_game(2, 0).apply(nim_game.Roll(1))
    state = dataclasses.replace(state, heap=stones, box=nim_game.STONES - stones)
    assert state.current_player == 0
    return state


@pytest.mark.parametrize("stones", [5, 6, 7])
@pytest.mark.parametrize("seed", range(3))
def test_search_takes_the_winning_number_of_stones(stones: int, seed: int) -> None:
    # Taking the last stone wins; leaving a multiple of 4 stones is the winning strategy.
    state = _heap(stones)
    action = SearchBot().choose(state.view(0), state.legal_actions(), random.Random(seed))
    assert action == nim_game.Take(stones % 4)


def test_search_beats_random_play_at_nim() -> None:
    wins = 0
    for seed in range(20):
        rng = random.Random(seed)
        me = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[me] = SearchBot(iterations=100)
        plies = list(moves(nim_game.new_game(2, seed), bots, [rng, rng], rng, nim_game.PLY_LIMIT))
        outcome = plies[-1][2].outcome()
        assert outcome is not None
        wins += me in outcome.winners
    assert wins >= 15
