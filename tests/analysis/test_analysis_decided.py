"""The analysis behind the boards' hint finds the proven best move, ranks by the chance it
shows and calls a move best only when it stands clear of every other (issue 43).

The positions (``analysis_decided``): at least ten per game, each a decision whose best move
is proven by enumerating every continuation to the end of the game after every move.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest
from analysis_decided import decided_move, positions

from bamboo_lab.analysis.position import (
    PAIRED_WORLDS,
    SIGNIFICANCE,
    Arm,
    is_separated,
    ranked_moves,
    settle,
    sign_test,
)
from bamboo_lab.core.protocol import find_legal
from bamboo_lab.games import GAMES, layer_piece, names, replay
from bamboo_lab.sim import play_game

DECIDED = positions()
HINT_BUDGET = 300
"""Playouts for a deterministic analysis: what the board's 2 s allows many times over here."""


def _id(entry: dict[str, Any]) -> str:
    return f"{entry['game']}-{entry['seed']}"


def test_every_game_has_ten_decided_positions_of_real_choices() -> None:
    counts = Counter(entry["game"] for entry in DECIDED)
    assert all(counts[game] >= 10 for game in GAMES), counts
    for entry in DECIDED:
        state = entry["position"]
        assert len(state.legal_actions()) >= 2 and not state.is_over()
        assert find_legal(state, entry["best"]) in state.legal_actions()


@pytest.mark.parametrize("entry", DECIDED, ids=_id)
def test_the_best_move_is_proven_by_every_continuation(entry: dict[str, Any]) -> None:
    found = decided_move(entry["position"])
    assert found is not None, "no move wins whatever happens while beating every other"
    best, others_lose = found
    assert (str(best), others_lose) == (entry["best"], entry["others_lose"])


@pytest.mark.parametrize("entry", DECIDED, ids=_id)
def test_the_analysis_puts_the_proven_move_first_and_calls_it_best(entry: dict[str, Any]) -> None:
    state = entry["position"]
    seat = state.current_player
    found = ranked_moves(state, seat, playouts=HINT_BUDGET, seed=0)
    assert found.rows[0][0] == entry["best"], found.rows[:2]
    assert found.attrs["best"] is True and found.attrs["about_as_good"] == 1
    assert found.attrs["playouts"] <= HINT_BUDGET
    words = found.column("words")[0]
    label = layer_piece(entry["game"], "words", "label")
    assert words == label(found.attrs["actions"][0], state.view(seat)), "the game's words"
    assert entry["best"] not in words, "the words carry no engine notation"


@pytest.mark.parametrize("game", names())
def test_the_rows_are_ranked_by_the_chance_shown_then_the_margin(game: str) -> None:
    record, _ = play_game(game, "heuristic", seed=3)
    states = replay(record)
    later = states[len(states) // 3 :]
    state = next(s for s in later if s.current_player >= 0 and len(s.legal_actions()) > 2)
    found = ranked_moves(state, state.current_player, playouts=60, seed=1)
    shown = list(zip(found.column("win"), found.column("margin"), strict=True))
    assert shown == sorted(shown, reverse=True), "rank 1 shows the highest chance"
    assert found.column("rank") == list(range(1, len(shown) + 1))


def _arm(won: list[bool], margins: list[float], order: int = 0) -> Arm:
    return Arm(f"move {order}", order, list(won), list(margins))


def test_a_move_is_clear_only_beyond_the_noise_of_its_playouts() -> None:
    always, never = _arm([True] * 6, [5.0] * 6), _arm([False] * 6, [-3.0] * 6, 1)
    assert is_separated(always, never) and not is_separated(never, always)
    few = _arm([True] * 2, [9.0] * 2, 2)
    assert not is_separated(few, never), "two lucky playouts are not a certainty"
    half = [True, False] * 20
    assert not is_separated(_arm(half, [0.0] * 40), _arm(half[::-1], [0.0] * 40, 1))


def test_on_the_same_worlds_one_point_more_every_time_is_clear() -> None:
    spread = [float(points) for points in range(PAIRED_WORLDS)]
    ahead = _arm([True] * PAIRED_WORLDS, [points + 1 for points in spread])
    behind = _arm([True] * PAIRED_WORLDS, spread, 1)
    assert is_separated(ahead, behind), "paired: +1 in every world"
    short = _arm([True] * (PAIRED_WORLDS - 1), [points + 1 for points in spread[:-1]])
    assert not is_separated(short, behind), "fewer common worlds than PAIRED_WORLDS"


def test_a_paired_lead_must_beat_luck_shared_among_the_moves_compared() -> None:
    assert sign_test(10, 0) == pytest.approx(1 / 1024) and sign_test(0, 0) == 1.0
    won = [True] * 6 + [False] * 4 + [True] * 6
    lost = [False] * 6 + [True] + [False] * 3 + [True] * 6  # behind in world 6 only
    leader, rival = _arm(won, [0.0] * 16), _arm(lost, [0.0] * 16, 1)
    assert sign_test(6, 1) > SIGNIFICANCE, "ahead in 6 worlds, behind in 1: could be luck"
    assert not is_separated(leader, rival, others=1)
    clear = _arm([True] * 12, [1.0] * 12)
    loser = _arm([False] * 12, [0.0] * 12, 1)
    assert sign_test(12, 0) < SIGNIFICANCE / 39
    assert is_separated(clear, loser, others=39)


def test_settle_plays_the_least_played_rival_until_the_leader_is_clear() -> None:
    lucky = _arm([True], [4.0], 0)
    steady = _arm([True, False] * 3, [0.0] * 6, 1)
    outcomes = {0: [False] * 40, 1: [True, False] * 20}

    def run(arm: Arm) -> None:
        arm.won.append(outcomes[arm.order][arm.visits])
        arm.margins.append(0.0)

    spent = settle([lucky, steady], 30, run)
    assert lucky.visits > 1, "the lucky move is played again before it is believed"
    assert spent <= 30 and not math.isnan(steady.key()[0])
