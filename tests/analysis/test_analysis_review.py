"""review: columns, one row per decision, determinism, the seat filter, bad input, and a
deliberately bad move (one that throws a won game away) flagged."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import pandas as pd
import pytest

from bamboo_lab.analysis import REVIEW_COLUMNS, review
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import play, record_of, replay, start_here
from bamboo_lab.sim.runner import play_game


@cache
def late_record() -> GameRecord:
    """The last few decisions of a seeded Bangkok game, recorded from a position."""
    record, _ = play_game("bangkok", "heuristic", 4)
    states = replay(record)
    return record_of("bangkok", play(start_here(states[44]), *record.actions[44:]), 4)


DATA = Path(__file__).parent / "data"


def blunder() -> tuple[GameRecord, str, str]:
    """A Bamboo position near the end of a heuristic game (``sim.play_game("bamboo",
    "heuristic", 21)``, recorded from its action 193) where player 1 declines the improve
    action instead of buying home tile B23, the buy that wins: the record (the position and the
    blunder), the blunder and the best move."""
    return GameRecord.load(DATA / "bamboo_blunder.json"), "decline", "buy B23"


def test_review_has_the_api_columns_and_one_row_per_decision() -> None:
    record = late_record()
    frame = review(record, n=8)
    assert tuple(frame.columns) == REVIEW_COLUMNS
    assert tuple(frame.columns[:8]) == (
        "ply", "player", "move", "win_before", "win_after", "best", "loss", "flagged",
    )  # fmt: skip
    states = replay(record)
    decisions = [ply for ply in range(1, len(states)) if states[ply - 1].current_player != CHANCE]
    assert list(frame["ply"]) == decisions
    assert list(frame["move"]) == [record.actions[ply - 1] for ply in decisions]
    assert (frame["loss"] >= 0).all()
    assert (frame["win_before"] >= frame["win_after"]).all()
    assert (frame["loss"] - (frame["win_before"] - frame["win_after"])).abs().max() < 1e-9
    assert [str(a) for a in frame.attrs["actions"]] == list(frame["move"])
    assert [str(a) for a in frame.attrs["best_actions"]] == list(frame["best"])


def test_review_is_deterministic_and_the_seat_filter_keeps_that_seat() -> None:
    record = late_record()
    first = review(record, n=6, seed=2)
    pd.testing.assert_frame_equal(first, review(record, n=6, seed=2))
    mover = int(first["player"].iloc[0])
    mine = review(record, mover, n=6, seed=2)
    assert set(mine["player"]) == {mover}
    pd.testing.assert_frame_equal(
        mine.reset_index(drop=True),
        first[first["player"] == mover].reset_index(drop=True),
    )


def test_review_flags_a_move_that_throws_a_won_game_away() -> None:
    record, bad, best = blunder()
    frame = review(record, n=24)
    row = frame[frame["move"] == bad].iloc[0]
    assert row["flagged"] and row["best"] == best
    assert row["loss"] >= 0.5 and row["loss_low"] > 0
    assert row["win_before"] > 0.9


def test_the_best_move_instead_is_not_flagged() -> None:
    record, _, best = blunder()
    state = replay(record)[0]
    frame = review(record_of("bamboo", play(state, best), record.seed), n=24)
    assert not frame["flagged"].any()
    assert frame["loss"].iloc[0] < 0.15 and frame["best"].iloc[0] == best


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seat": 2}, "seat must be in 0..1"),
        ({"seat": "1"}, "seat must be an integer"),
        ({"n": 0}, "n must be in 2.."),
        ({"n": 1.5}, "n must be an integer"),
        ({"threshold": 0}, "threshold must be above 0"),
        ({"threshold": math.inf}, "threshold must be above 0"),
        ({"threshold": "big"}, "threshold must be a number"),
        ({"seed": 2**64}, "seed must be in"),
        ({"bot": "genius"}, "unknown bot"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        review(late_record(), **arguments)


def test_a_record_that_is_not_a_record_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="needs a GameRecord"):
        review({"game": "bangkok"})  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="needs a GameRecord"):
        review("game.json")  # type: ignore[arg-type]
