"""Every picture builds for states sampled from random playouts of every game and player
count, views included; equal states give identical figures (nbval can compare them)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("plotly")

from bamboo_lab import viz
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import takenoko as tk

GAMES = {"takenoko": tk, "bamboo": bb, "bangkok": bk}
CASES = [(g, n) for g, m in GAMES.items() for n in m.PLAYER_COUNTS]


def sampled_states(module: Any, n: int, seed: int, samples: int = 5) -> list[Any]:
    """A random playout to its end (or 3000 plies) and ``samples`` states spread over it."""
    rng = random.Random(seed)
    s = module.new_game(n, seed)
    states = [s]
    while not s.is_over() and len(states) < 3000:
        s = s.apply(rng.choice(s.legal_actions()))
        states.append(s)
    step = max(1, len(states) // samples)
    return [*states[::step], states[-1]]


def pictures(state: Any) -> list[Any]:
    """Every picture of ``state``: the main one and the per-player ones."""
    figs = [viz.figure(state)]
    if state.game == "takenoko":
        figs.append(viz.takenoko.players(state))
        figs.append(viz.takenoko.players(state, player=0))
        figs.append(viz.takenoko.figure(state, highlight="legal", player=1))
        figs.append(viz.takenoko.matches(state, "P13"))
    elif state.game == "bamboo":
        figs += [viz.bamboo.home(state, p) for p in range(state.num_players)]
    else:
        figs += [viz.bangkok.market(state, seat=p) for p in range(state.num_players)]
        figs.append(viz.bangkok.market(state, show_score=False))
    return figs


@pytest.mark.parametrize(("game", "n"), CASES)
def test_every_picture_builds_for_sampled_states(game: str, n: int) -> None:
    module = GAMES[game]
    for state in sampled_states(module, n, seed=n * 7 + 1):
        for fig in pictures(state):
            assert fig.data or fig.layout.annotations
            assert fig.layout.width and fig.layout.height
        view = state.view(0)
        assert viz.figure(view).layout.title.text


@pytest.mark.parametrize("game", list(GAMES))
def test_equal_states_give_identical_figures(game: str) -> None:
    module = GAMES[game]
    for state in sampled_states(module, 3, seed=5, samples=3):
        again = type(state).from_dict(state.to_dict())
        assert again == state
        assert viz.figure(again).to_json() == viz.figure(state).to_json()
        for a, b in zip(pictures(again), pictures(state), strict=True):
            assert a.to_json() == b.to_json()


def test_BB_ADV_1_night_side_homes_build_and_are_deterministic() -> None:
    rng = random.Random(3)
    s = bb.new_game(3, 3, bb.Options(night_side=True))
    for ply in range(400):
        if s.is_over():
            break
        s = s.apply(rng.choice(s.legal_actions()))
        if ply % 100 == 99:
            again = bb.State.from_dict(s.to_dict())
            for p in range(3):
                fig = viz.bamboo.home(s, p)
                assert [t for t in fig.data if t.name == "night spaces"]
                assert fig.to_json() == viz.bamboo.home(again, p).to_json()
