"""The analysis as a student reads it (``analysis.tables``): moves and reviews in words, chances
as percentages, the playouts behind each number, and verdicts that match the numbers."""

from __future__ import annotations

from functools import cache

import pandas as pd
import pytest
from analysis_decided import positions

from bamboo_lab.analysis import (
    MOVES_COLUMNS,
    STUDENT_COLUMNS,
    analyse,
    moves_table,
    moves_verdict,
    review,
    review_table,
)
from bamboo_lab.analysis.position import ranked_moves
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import play, record_of, replay, start_here
from bamboo_lab.sim.runner import play_game


@cache
def late_review() -> pd.DataFrame:
    """A review of the last decisions of a seeded Bangkok game (as test_analysis_review)."""
    record, _ = play_game("bangkok", "heuristic", 4)
    states = replay(record)
    ending = record_of("bangkok", play(start_here(states[44]), *record.actions[44:]), 4)
    return review(ending, n=8)


def test_a_proven_best_move_reads_as_the_best_in_words() -> None:
    entry = next(entry for entry in positions() if entry["game"] == "bangkok")
    state = entry["position"]
    table = analyse(state, state.current_player, playouts=200)
    shown = moves_table(table)
    assert shown.columns == MOVES_COLUMNS and len(shown) == len(state.legal_actions())
    assert shown.column("compared with the first")[0] == "clearly the best"
    assert set(shown.column("compared with the first")[1:]) == {"clearly worse"}
    assert shown.column("move")[0] == table["words"].iloc[0]
    assert shown.column("playouts") == list(table["visits"])
    assert moves_verdict(table).startswith(f"The best move is *{table['words'].iloc[0]}*: ")
    assert entry["best"] not in moves_verdict(table)
    answer = ranked_moves(state, state.current_player, playouts=200)
    assert moves_table(answer) == shown, "the plain rows read the same as the pandas table"


def test_a_close_call_reads_as_about_as_good() -> None:
    record, _ = play_game("takenoko", "heuristic", 5)
    state = next(s for s in replay(record)[40:] if len(s.legal_actions()) > 3)
    table = analyse(state, state.current_player, playouts=8)
    assert not table.attrs["best"]
    shown = moves_table(table, top=3, words=lambda action: f"the move {action}")
    assert len(shown) == 3 and shown.column("compared with the first")[0] == "first shown"
    assert shown.column("move")[0] == f"the move {table.attrs['actions'][0]}"
    assert moves_verdict(table).startswith("No move is clearly best: ")
    percent = shown.column("chance to win")[0]
    assert percent == f"{table['win'].iloc[0]:.0%}" and percent.endswith("%")


def test_the_review_reads_in_words_and_percentages_with_its_playouts() -> None:
    frame = late_review()
    assert {"move_words", "best_words"} <= set(frame.columns)
    shown = review_table(frame)
    assert shown.columns == STUDENT_COLUMNS and len(shown) == len(frame)
    for row, (_, review_row) in zip(shown.rows(), frame.iterrows(), strict=True):
        assert row["played"] == review_row["move_words"] != review_row["move"]
        assert row["chance to win after it"] == f"{review_row['win_after']:.0%}"
        assert row["playouts behind each"] == review_row["visits"] >= 2
        same = review_row["move"] == review_row["best"]
        assert (row["best move found"] == "the move played") == same
        assert (row["verdict"] == "the best move found") == same
        assert (row["verdict"] == "a clear loss") == bool(review_row["flagged"])
    assert len(review_table(frame, top=2)) == 2


def test_the_review_table_keeps_each_rows_own_moves_when_sorted() -> None:
    frame = late_review()
    costly = frame.sort_values("loss", ascending=False).head(3)
    shown = review_table(costly, words=str)
    assert shown.column("played") == [str(frame.attrs["actions"][i]) for i in costly.index]


def test_the_student_tables_refuse_what_is_not_an_analysis() -> None:
    with pytest.raises(InvalidStateError, match="moves_table needs what analyse returns"):
        moves_table(pd.DataFrame({"move": ["x"]}))
    with pytest.raises(InvalidStateError, match="review_table needs the table review returns"):
        review_table("a review")  # type: ignore[arg-type]
