"""Every bot's choice is legal, repeatable from the same generator seed, and taken from the view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bamboo_lab.bots import make_bot, make_bots
from bamboo_lab.bots.search import SearchBot
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import GAMES, load, new_game
from bamboo_lab.sim.runner import moves

COUNTS = [(game, n) for game in GAMES for n in load(game).PLAYER_COUNTS]


def _play(game: str, n: int, bots: Any, seed: int) -> list[Any]:
    """Play one game with ``bots`` through the runner's loop, which refuses any illegal choice;
    return the states where a player decided."""
    rngs = [random.Random(seed * 7 + seat) for seat in range(n)]
    plies = moves(new_game(game, n, seed), bots, rngs, random.Random(seed), load(game).PLY_LIMIT)
    return [before for before, _, _ in plies if before.current_player != CHANCE]


@pytest.mark.parametrize(("game", "n"), COUNTS)
def test_heuristic_choices_are_legal_to_the_end(game: str, n: int) -> None:
    for seed in range(3):
        # all heuristic, then heuristic against random players (other kinds of positions)
        _play(game, n, make_bots("heuristic", game, n), seed)
        mixed = ["heuristic" if seat % 2 == seed % 2 else "random" for seat in range(n)]
        _play(game, n, make_bots(mixed, game, n), 100 + seed)


@pytest.mark.parametrize(("game", "n"), COUNTS)
def test_search_choices_are_legal(game: str, n: int) -> None:
    search = SearchBot(iterations=6, rollout_depth=8)
    states = _play(game, n, make_bots("random", game, n), seed=3)
    for state in states[:: max(1, len(states) // 12)]:
        seat = state.current_player
        legal = state.legal_actions()
        assert search.choose(state.view(seat), legal, random.Random(seat)) in legal


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["random", "heuristic", "search"])
def test_same_seed_same_choices(game: str, name: str) -> None:
    bot = SearchBot(iterations=12, rollout_depth=10) if name == "search" else make_bot(name, game)
    states = _play(game, 2, make_bots("random", game, 2), seed=11)[::5][:15]
    for state in states:
        seat = state.current_player
        legal = state.legal_actions()
        first = [bot.choose(state.view(seat), legal, random.Random(s)) for s in range(3)]
        again = [bot.choose(state.view(seat), legal, random.Random(s)) for s in range(3)]
        assert first == again


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_decides_from_the_view_alone(game: str) -> None:
    """Two full states that look the same to the seat get the same answer."""
    bot = make_bot("heuristic", game)
    states = _play(game, 2, make_bots("random", game, 2), seed=5)[::7][:10]
    for state in states:
        seat = state.current_player
        legal = state.legal_actions()
        other = state.determinize(seat, 99)  # hidden cards and pile orders resampled
        if other.legal_actions() != legal:
            continue
        chosen = bot.choose(state.view(seat), legal, random.Random(0))
        assert bot.choose(other.view(seat), legal, random.Random(0)) == chosen


def test_takenoko_heuristic_self_play_does_not_stall() -> None:
    """Two heuristic bots once moved the figures back and forth to the ply limit (100,000
    decisions) with stored channels unused; nothing-pays turns now lay them (TK-IRR-3)."""
    from bamboo_lab.sim import play_game

    record, _ = play_game("takenoko", "heuristic", seed=13541743722216828922)
    assert not record.truncated
    assert len(record.actions) < 2000
