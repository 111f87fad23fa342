"""bamboo_lab.sim: play_game, simulate on any executor, statistics columns, summaries."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pandas as pd
import pytest

from bamboo_lab.bots import RandomBot
from bamboo_lab.core.errors import IllegalActionError, InvalidStateError
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import GAMES, load, replay
from bamboo_lab.sim import (
    BASE_COLUMNS,
    STAT_COLUMNS,
    game_seed,
    play_game,
    score_summary,
    simulate,
    wilson_interval,
    win_rates,
)


class FirstBot:
    """Always the first legal action (a deterministic bot object with another name)."""

    name = "first"

    def choose(self, view: Any, legal_actions: Any, rng: random.Random) -> Any:
        return legal_actions[0]


class CheatBot:
    """Answers something that is not among the legal actions."""

    name = "cheat"

    def choose(self, view: Any, legal_actions: Any, rng: random.Random) -> Any:
        return "not an action"


@pytest.mark.parametrize("game", GAMES)
def test_play_game_record_replays_to_the_outcome(game: str) -> None:
    record, outcome = play_game(game, "random", seed=11)
    assert isinstance(record, GameRecord) and not record.truncated
    final = replay(GameRecord.from_json(record.to_json()))[-1]
    assert final.is_over()
    assert final.outcome() == outcome


@pytest.mark.parametrize("game", GAMES)
def test_play_game_is_a_function_of_its_seed(game: str) -> None:
    first = play_game(game, [RandomBot(), "random"], seed=5)
    again = play_game(game, "random,random", seed=5)
    other = play_game(game, "random", seed=6)
    assert first[0].actions == again[0].actions
    assert first[0].actions != other[0].actions


def test_play_game_players_from_bots_and_from_num_players() -> None:
    record, _ = play_game("bamboo", "random,random,random", seed=2)
    assert record.num_players == 3
    record, _ = play_game("bamboo", "random", seed=2, num_players=4)
    assert record.num_players == 4


def test_a_bot_answering_an_illegal_action_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="cheat"):
        play_game("bangkok", [CheatBot(), "random"], seed=1)


def test_bad_bots_and_setups_are_refused() -> None:
    with pytest.raises(InvalidStateError):
        play_game("bangkok", "nobody", seed=1)
    with pytest.raises(InvalidStateError):
        play_game("takenoko", "random", seed=1, num_players=7)
    with pytest.raises(InvalidStateError):
        play_game("takenoko", "random", seed=-1)
    with pytest.raises(InvalidStateError):
        play_game("chess", "random", seed=1)


def test_a_game_at_the_ply_limit_is_truncated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(load("takenoko"), "PLY_LIMIT", 30)
    record, outcome = play_game("takenoko", "random", seed=3)
    assert record.truncated and len(record.actions) == 30
    assert outcome.winners == () and "truncated" in outcome.reason
    frame = simulate("takenoko", "random", 2, seed=3, progress=False)
    assert frame["truncated"].all() and not frame["winner"].any()
    assert (frame["plies"] == 30).all()
    assert frame["plot_points"].isna().all()  # final-scoring statistics need a finished game


@pytest.mark.parametrize("game", GAMES)
def test_simulate_one_row_per_game_and_seat(game: str) -> None:
    frame = simulate(game, [RandomBot(), FirstBot()], 4, seed=9, progress=False)
    assert list(frame.columns) == [*BASE_COLUMNS, *STAT_COLUMNS[game]]
    assert len(frame) == 8
    assert list(frame["game_id"]) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert list(frame["seat"]) == [0, 1] * 4
    assert list(frame["seed"][::2]) == [game_seed(9, i) for i in range(4)]
    # rotate_seats: each bot takes each seat in turn
    assert list(frame["bot"]) == ["random", "first", "first", "random"] * 2
    for _, rows in frame.groupby("game_id"):
        assert rows["winner"].sum() >= 1
        assert (rows.loc[rows["winner"], "rank"] == 1).all()
        assert (rows.loc[~rows["winner"], "rank"] > 1).all()
        best = rows["score"].max()
        assert (rows.loc[rows["rank"] == 1, "score"] == best).all()


def test_rotate_seats_off_keeps_the_bots_in_their_seats() -> None:
    frame = simulate(
        "bangkok", ["random", FirstBot()], 3, seed=1, progress=False, rotate_seats=False
    )
    assert list(frame["bot"]) == ["random", "first"] * 3


def test_simulate_rows_match_play_game_with_the_derived_seed() -> None:
    frame = simulate("bamboo", "random", 3, seed=4, progress=False, rotate_seats=False)
    for game_id in range(3):
        record, outcome = play_game("bamboo", "random", game_seed(4, game_id))
        rows = frame[frame["game_id"] == game_id]
        assert tuple(rows["score"]) == outcome.scores
        assert set(rows.loc[rows["winner"], "seat"]) == set(outcome.winners)
        assert (rows["plies"] == len(record.actions)).all()


@pytest.mark.parametrize("game", GAMES)
def test_kept_records_replay_to_the_rows(game: str) -> None:
    frame = simulate(game, "random", 3, seed=2, progress=False, keep_records=True)
    assert frame.columns[-1] == "record"
    for _, rows in frame.groupby("game_id"):
        final = replay(GameRecord.from_dict(json.loads(rows["record"].iloc[0])))[-1]
        assert tuple(rows["score"]) == final.outcome().scores
        assert len(final.history) == rows["plies"].iloc[0]


def test_the_frame_does_not_depend_on_the_executor() -> None:
    one = simulate("bangkok", [RandomBot(), FirstBot()], 10, seed=21, progress=False)
    two = simulate("bangkok", [RandomBot(), FirstBot()], 10, seed=21, progress=False, jobs=2)
    with ThreadPoolExecutor(3) as pool:
        threads = simulate(
            "bangkok", [RandomBot(), FirstBot()], 10, seed=21, progress=False, executor=pool
        )
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, threads)


def test_a_dask_cluster_runs_the_same_simulation() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(
            "bangkok", "random", 6, seed=8, progress=False, executor=client.get_executor()
        )
    pd.testing.assert_frame_equal(on_dask, simulate("bangkok", "random", 6, seed=8, progress=False))


def test_progress_bar_on_off_and_tqdm_disable(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    simulate("bangkok", "random", 2, seed=1)
    assert "bangkok games" in capsys.readouterr().err
    simulate("bangkok", "random", 2, seed=1, progress=False)
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("TQDM_DISABLE", "1")
    simulate("bangkok", "random", 2, seed=1)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "kwargs",
    [
        {"n_games": -1},
        {"n_games": 2.5},
        {"jobs": 0},
        {"seed": 2**64},
        {"seed": True},
        {"progress": "yes"},
        {"bots": "random,random,random,random,random"},
        {"num_players": 9},
        {"num_players": 2.0},
        {"bots": "wizard"},
        {"executor": "pool"},
    ],
)
def test_simulate_refuses_bad_arguments(kwargs: dict[str, Any]) -> None:
    call = {"bots": "random", "n_games": 2, "seed": 1, "progress": False} | kwargs
    bots = call.pop("bots")
    with pytest.raises(InvalidStateError):
        simulate("bangkok", bots, **call)


def test_takenoko_statistics_add_up_to_the_score() -> None:
    frame = simulate("takenoko", "random", 4, seed=6, progress=False)
    kinds = frame[["plot_objectives", "gardener_objectives", "panda_objectives"]].sum(axis=1)
    assert (kinds == frame["objectives"]).all()
    points = frame[["plot_points", "gardener_points", "panda_points"]].sum(axis=1)
    assert (points + 2 * frame["emperor"] == frame["score"]).all()  # TK-END-3: Emperor +2
    assert (frame.groupby("game_id")["emperor"].sum() <= 1).all()
    assert (frame["turns"] > 0).all()


def test_bamboo_statistics() -> None:
    frame = simulate("bamboo", "random", 6, seed=6, progress=False)
    assert (frame["food_shortfall"] >= 0).all() and frame["food_shortfall"].sum() > 0
    assert (frame["harmony"] <= 0).all() and (frame["harmony"] % 2 == 0).all()
    assert (frame["spirits"] >= 0).all() and (frame["balance_points"] >= 0).all()


def test_bamboo_food_shortfall_counts_each_seats_happiness_falls() -> None:
    # BB-WIN-2: replay the game and add up the HP every seat lost; only hunger takes HP away.
    frame = simulate("bamboo", "random", 1, seed=3, progress=False, keep_records=True)
    states = replay(GameRecord.from_json(frame["record"].iloc[0]))
    lost = [0, 0]
    for before, after in itertools.pairwise(states):
        for seat in range(2):
            lost[seat] += max(0, before.boards[seat].hp - after.boards[seat].hp)
    assert list(frame["food_shortfall"]) == lost


def test_bangkok_statistics() -> None:
    frame = simulate("bangkok", "random", 6, seed=6, progress=False)
    assert (frame.groupby("game_id")["market_complete"].sum() >= 1).all()  # the end trigger
    assert (frame.loc[frame["complete_bonus"] > 0, "market_complete"]).all()
    assert (
        frame["objective_points"] + frame["chilli_points"] + frame["complete_bonus"]
        == frame["score"]
    ).all()


def test_win_rates_and_wilson_intervals() -> None:
    low, high = wilson_interval(7, 12)
    assert low == pytest.approx(0.3195, abs=1e-4) and high == pytest.approx(0.8067, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    frame = simulate("bangkok", [RandomBot(), FirstBot()], 20, seed=3, progress=False)
    by_bot = win_rates(frame)
    assert list(by_bot.index) == ["first", "random"]
    assert (by_bot["games"] == 20).all()
    assert by_bot["wins"].sum() == frame["winner"].sum()
    assert ((by_bot["low"] <= by_bot["win_rate"]) & (by_bot["win_rate"] <= by_bot["high"])).all()
    by_seat = win_rates(frame, by="seat")
    assert list(by_seat.index) == [0, 1]
    summary = score_summary(frame)
    assert summary.loc["random", "count"] == 20
    assert summary.loc["random", "mean"] == frame.loc[frame["bot"] == "random", "score"].mean()
    with pytest.raises(InvalidStateError):
        win_rates(frame, by="colour")


def test_rules_and_bots_never_import_pandas_tqdm_or_pictures() -> None:
    code = (
        "import sys, bamboo_lab.core, bamboo_lab.games, bamboo_lab.bots, bamboo_lab.sim\n"
        "from bamboo_lab.sim import play_game\n"
        "play_game('bangkok', 'random', 1)\n"
        "bad = [m for m in ('pandas', 'tqdm', 'plotly', 'ipywidgets') if m in sys.modules]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    code = (
        "import sys\nfrom bamboo_lab.sim import simulate\n"
        "simulate('bangkok', 'random', 1, 1, progress=False)\n"
        "print([m for m in ('plotly', 'ipywidgets') if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


class PeekBot:
    """Checks that it is shown its own seat's view: opponents' objectives as card backs."""

    name = "peek"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: Any, legal_actions: Any, rng: random.Random) -> Any:
        seat = view.current_player
        other = 1 - seat
        assert all(card.endswith("?") for card in view.visible_hand(other))
        assert not any(card.endswith("?") for card in view.visible_hand(seat))
        self.calls += 1
        return legal_actions[rng.randrange(len(legal_actions))]


def test_bots_see_their_seats_view_and_random_bots_none() -> None:
    peek = PeekBot()
    seen: list[Any] = []

    class Watcher(RandomBot):
        wants_view = True

        def choose(self, view: Any, legal_actions: Any, rng: random.Random) -> Any:
            seen.append(view)
            return super().choose(view, legal_actions, rng)

    play_game("takenoko", [peek, Watcher()], seed=2)
    assert peek.calls > 50 and seen and all(v is not None for v in seen)
    # RandomBot ignores its view, so the runner spares computing it; the game is the same.
    assert (
        play_game("takenoko", "random", seed=2)[0]
        == play_game("takenoko", [RandomBot(), Watcher()], seed=2)[0]
    )
