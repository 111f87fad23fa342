"""Simulation plots: built from sim.simulate frames; counts and intervals match the frame."""

from __future__ import annotations

import pytest

pytest.importorskip("plotly")
pytest.importorskip("pandas")

import pandas as pd

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.sim import simulate, win_rates
from bamboo_lab.viz import stats


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    return simulate("bangkok", "random", n_games=12, seed=3, progress=False, num_players=2)


def test_win_rates_bars_are_the_sim_win_rates_with_intervals(frame: pd.DataFrame) -> None:
    for by in ("bot", "seat"):
        fig = stats.win_rates(frame, by=by)
        table = win_rates(frame, by=by)
        bar = fig.data[0]
        assert list(bar.y) == pytest.approx(list(table["win_rate"]))
        plus = [h - r for h, r in zip(table["high"], table["win_rate"], strict=True)]
        assert list(bar.error_y.array) == pytest.approx(plus)
        assert all(f"/{n})" in t for t, n in zip(bar.text, table["games"], strict=True))


def test_scores_has_one_box_per_seat_with_every_score(frame: pd.DataFrame) -> None:
    fig = stats.scores(frame)
    assert [t.name for t in fig.data] == [f"seat {s}" for s in sorted(frame["seat"].unique())]
    assert sorted(y for t in fig.data for y in t.y) == sorted(frame["score"])


def test_game_length_counts_each_game_once(frame: pd.DataFrame) -> None:
    fig = stats.game_length(frame)
    assert sum(len(t.x) for t in fig.data) == frame["game_id"].nunique() == 12


def test_mix_uses_the_game_statistics(frame: pd.DataFrame) -> None:
    assert stats.extra_columns(frame) == list(stats.MIX_COLUMNS["bangkok"])
    fig = stats.mix(frame)
    assert [t.name for t in fig.data] == [c.replace("_", " ") for c in stats.MIX_COLUMNS["bangkok"]]
    means = frame.groupby("bot")["chilli_points"].mean()
    chilli = next(t for t in fig.data if t.name == "chilli points")
    assert list(chilli.y) == pytest.approx(list(means))


def test_bad_frames_are_refused() -> None:
    with pytest.raises(InvalidStateError):
        stats.scores([{"game_id": 0, "score": 3}])
    with pytest.raises(InvalidStateError):
        stats.scores(pd.DataFrame(columns=["game_id"]))
    rows = [
        {
            "game_id": 0,
            "seed": 0,
            "seat": 0,
            "bot": "a",
            "score": 1,
            "rank": 1,
            "winner": True,
            "plies": 9,
            "truncated": False,
        }
    ]
    with pytest.raises(InvalidStateError):
        stats.mix(rows, columns=["nope"])
    assert stats.win_rates(rows).data[0].y[0] == 1.0
