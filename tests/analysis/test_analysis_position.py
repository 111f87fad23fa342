"""analyse and outlook: columns, determinism, secrecy (real state vs determinisations), bad
input, and the budget's spread by sequential halving."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from functools import cache

import pandas as pd
import pytest

from bamboo_lab.analysis import ANALYSE_COLUMNS, OUTLOOK_COLUMNS, analyse, outlook
from bamboo_lab.analysis.position import (
    DEFAULT_PLAYOUTS,
    OTHER_GAME_PLAYOUTS,
    Arm,
    halving,
    halving_rounds,
)
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import load, names, replay
from bamboo_lab.sim.runner import play_game


def budget(game: str) -> int:
    """A small budget: an eighth of ``analyse``'s own default for the game (which follows what
    a playout costs: a Bamboo one costs several times a Takenoko one), from 6 to 12 playouts
    (Takenoko and Bangkok 12, Bamboo 6, a registered game 12)."""
    return min(12, max(6, DEFAULT_PLAYOUTS.get(game, OTHER_GAME_PLAYOUTS) // 8))


@cache
def decisions(game: str) -> tuple:
    """Three decisions (late in a seeded heuristic game, where playouts are short)."""
    record, _ = play_game(game, "heuristic", 11)
    states = [s for s in replay(record) if not s.is_over() and s.current_player != CHANCE]
    return tuple(states[int(len(states) * share)] for share in (0.6, 0.8, 0.95))


def test_analyse_has_the_api_columns_one_row_per_legal_action_sorted_by_rank() -> None:
    state = decisions("bangkok")[0]
    frame = analyse(state, state.current_player, playouts=30)
    assert tuple(frame.columns) == ANALYSE_COLUMNS
    assert sorted(frame["move"]) == sorted(str(a) for a in state.legal_actions())
    assert list(frame["rank"]) == list(range(1, len(frame) + 1))
    assert [str(a) for a in frame.attrs["actions"]] == list(frame["move"])
    assert frame.attrs["seat"] == state.current_player
    assert frame["visits"].sum() == frame.attrs["playouts"]
    assert 30 // 2 <= frame.attrs["playouts"] <= 30, "half finds the leaders, the rest settles"
    assert ((frame["win_low"] <= frame["win"]) & (frame["win"] <= frame["win_high"])).all()
    visited = frame[frame["visits"] >= 2]
    assert (visited["margin_low"] <= visited["margin"]).all()
    assert (visited["margin"] <= visited["margin_high"]).all()


def test_analyse_spends_more_on_the_actions_that_stay_in() -> None:
    state = decisions("bangkok")[0]
    frame = analyse(state, state.current_player, playouts=60)
    if len(frame) > 2:
        assert frame["visits"].iloc[0] > frame["visits"].iloc[-1]
    assert frame["visits"].is_monotonic_decreasing


def test_analyse_is_deterministic_for_a_seed_and_depends_on_it() -> None:
    state = decisions("takenoko")[0]
    first = analyse(state, state.current_player, playouts=20, seed=5)
    pd.testing.assert_frame_equal(first, analyse(state, state.current_player, playouts=20, seed=5))
    other = analyse(state, state.current_player, playouts=20, seed=6)
    assert not first.equals(other)


@pytest.mark.parametrize("game", names())
def test_analyse_and_outlook_cannot_peek_real_state_and_determinisations_agree(game: str) -> None:
    playouts = budget(game)
    for index, state in enumerate(decisions(game)):
        seat = state.current_player
        table = analyse(state, seat, playouts=playouts, seed=index)
        view = outlook(state, seat, n=playouts // 2, seed=index)
        for deal in (1, 2):
            other = state.determinize(seat, 1000 * index + deal)
            pd.testing.assert_frame_equal(
                table, analyse(other, seat, playouts=playouts, seed=index)
            )
            pd.testing.assert_frame_equal(view, outlook(other, seat, n=playouts // 2, seed=index))


def test_outlook_has_one_row_per_seat_and_sensible_numbers() -> None:
    state = decisions("bangkok")[1]
    frame = outlook(state, 0, n=20, seed=3)
    assert tuple(frame.columns) == OUTLOOK_COLUMNS
    assert list(frame["seat"]) == list(range(state.num_players))
    assert (frame["score_low"] <= frame["mean_score"]).all()
    assert (frame["mean_score"] <= frame["score_high"]).all()
    assert frame["win"].sum() >= 1.0  # someone wins every playout (shared wins count twice)
    pd.testing.assert_frame_equal(frame, outlook(state, 0, n=20, seed=3))


def test_outlook_from_the_public_view_and_at_a_chance_node() -> None:
    record, _ = play_game("takenoko", "heuristic", 2)
    states = replay(record)
    chance = next(s for s in states if s.current_player == CHANCE)
    frame = outlook(chance, None, n=4)
    assert len(frame) == chance.num_players and frame.attrs["seat"] is None


def test_a_near_certain_win_shows_in_the_outlook() -> None:
    state = decisions("bangkok")[2]
    frame = outlook(state, 0, n=20)
    leader = max(range(state.num_players), key=lambda p: state.scores()[p])
    assert frame["win"].idxmax() == leader


def test_solo_margin_is_the_score() -> None:
    state = load("bangkok").new_game(1, 4)
    frame = analyse(state, 0, playouts=6)
    assert (frame["margin"] > 0).all()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: analyse(s, 7, playouts=5), "seat must be in 0..1"),
        (lambda s: analyse(s, "0", playouts=5), "seat must be an integer"),
        (lambda s: analyse(s, None, playouts=5), "seat must be an integer"),
        (lambda s: analyse(s, 1 - s.current_player, playouts=5), "is not to move"),
        (lambda s: analyse(s, s.current_player, playouts=0), "playouts must be in 1.."),
        (lambda s: analyse(s, s.current_player, playouts=-3), "playouts must be in 1.."),
        (lambda s: analyse(s, s.current_player, playouts=2.5), "playouts must be an integer"),
        (lambda s: analyse(s, s.current_player, seconds=0), "seconds must be above 0"),
        (lambda s: analyse(s, s.current_player, seconds=math.nan), "seconds must be above 0"),
        (lambda s: analyse(s, s.current_player, seconds="1"), "seconds must be a number"),
        (lambda s: analyse(s, s.current_player, seed=-1), "seed must be in"),
        (lambda s: analyse(s, s.current_player, bot="genius"), "unknown bot"),
        (lambda s: outlook(s, 3), "seat must be in 0..1"),
        (lambda s: outlook(s, 0, n=0), "n must be in 1.."),
        (lambda s: outlook(s, 0, n=True), "n must be an integer"),
    ],
)
def test_bad_input_is_refused_in_one_line_and_changes_nothing(call, message: str) -> None:
    state = decisions("bangkok")[0]
    before = state.to_dict()
    with pytest.raises(InvalidStateError, match=message):
        call(state)
    assert state.to_dict() == before


def test_a_finished_game_a_chance_node_and_a_non_state_are_refused() -> None:
    record, _ = play_game("bangkok", "heuristic", 1)
    states = replay(record)
    with pytest.raises(InvalidStateError, match="not over"):
        analyse(states[-1], 0)
    with pytest.raises(InvalidStateError, match="not over"):
        outlook(states[-1], 0)
    with pytest.raises(InvalidStateError, match="needs a game state"):
        analyse([1, 2], 0)
    chance = next(
        s for s in replay(play_game("takenoko", "heuristic", 2)[0]) if s.current_player == CHANCE
    )
    with pytest.raises(InvalidStateError, match="chance outcome"):
        analyse(chance, 0)


def test_halving_spreads_the_budget_and_keeps_the_better_half() -> None:
    arms = [Arm(action=name, order=i) for i, name in enumerate("abcdefgh")]
    value = {"a": 0.1, "b": 0.9, "c": 0.5, "d": 0.2, "e": 0.8, "f": 0.3, "g": 0.7, "h": 0.4}

    def run(arm: Arm) -> None:
        arm.won.append(value[arm.action] > 0.45)
        arm.margins.append(value[arm.action])

    spent = halving(arms, 120, run)
    visits = {arm.action: arm.visits for arm in arms}
    assert spent == sum(visits.values()) <= 120
    assert visits["b"] == visits["e"] > visits["g"] == visits["c"] > visits["a"]
    assert {arm.action for arm in arms if arm.round == 2} == {"b", "e"}


def test_a_time_budget_answers() -> None:
    state = decisions("bangkok")[0]
    frame = analyse(state, state.current_player, seconds=0.3)
    assert frame["visits"].min() >= 1 and frame.attrs["seconds"] == 0.3


PROBE = """
from bamboo_lab.analysis import analyse
from bamboo_lab.sim.runner import play_game
from bamboo_lab.games import replay
from bamboo_lab.core.protocol import CHANCE
for game in ("takenoko", "bangkok"):
    record, _ = play_game(game, "heuristic", 5)
    states = [s for s in replay(record) if not s.is_over() and s.current_player != CHANCE]
    state = states[len(states) * 3 // 4]
    print(analyse(state, state.current_player, playouts=10).to_csv())
"""


def test_the_same_table_in_processes_with_other_hash_seeds() -> None:
    """A table depends on the seed alone: not on the process's string hashing (sets, dicts)."""
    tables = [
        subprocess.run(
            [sys.executable, "-c", PROBE],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    ]
    assert tables[0] == tables[1] and "win_low" in tables[0]


def missing_parts(real: object, world: object, path: str = "") -> list[str]:
    """The places where ``real`` (a to_dict) holds a value and ``world`` holds None."""
    if isinstance(real, dict) and isinstance(world, dict):
        return [m for k in real for m in missing_parts(real[k], world.get(k), f"{path}.{k}")]
    if isinstance(real, list) and isinstance(world, list) and len(real) == len(world):
        pairs = zip(real, world, strict=True)
        return [m for r, w in pairs for m in missing_parts(r, w, path)]
    return [path] if real is not None and world is None else []


@pytest.mark.parametrize("game", ["takenoko", "bamboo", "bangkok"])
def test_a_world_dealt_from_a_view_hides_nothing_the_real_state_holds(game: str) -> None:
    """Playouts start from ``view(seat).determinize(seat, ...)``: a full state to play out."""
    for state in decisions(game):
        seat = state.current_player
        world = state.view(seat).determinize(seat, 3)
        assert missing_parts(state.to_dict(), world.to_dict()) == []


def test_a_small_budget_runs_fewer_rounds() -> None:
    assert halving_rounds(8, 120) == 3 and halving_rounds(8, 14) == 3
    assert halving_rounds(8, 13) == 2 and halving_rounds(8, 12) == 2
    assert halving_rounds(8, 3) == 1 and halving_rounds(1, 5) == 1 and halving_rounds(2, 9) == 1
    arms = [Arm(action=i, order=i) for i in range(8)]

    def run(arm: Arm) -> None:
        arm.won.append(arm.action % 2 == 0)
        arm.margins.append(float(arm.action))

    assert halving(arms, 4, run) == 8  # one playout each: the budget is exceeded once
