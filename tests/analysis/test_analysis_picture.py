"""viz.review: win_curve (one curve per player, flagged moves marked, readable axes and hover)
and move_chances (the first move orange only when it is clearly the best)."""

from __future__ import annotations

import pandas as pd
import pytest

from bamboo_lab.analysis import analyse, moves_table, outlook, review
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import play, record_of, replay, start_here
from bamboo_lab.sim.runner import play_game
from bamboo_lab.viz.palette import GREY, HIGHLIGHT, PAPER
from bamboo_lab.viz.review import move_chances, outlook_bars, win_curve


def frame() -> pd.DataFrame:
    """A hand-made review of four decisions, the third flagged."""
    table = pd.DataFrame(
        {
            "ply": [1, 2, 4, 5],
            "player": [0, 1, 0, 1],
            "move": ["a", "b", "c", "d"],
            "win_before": [0.5, 0.6, 0.8, 0.4],
            "win_after": [0.5, 0.55, 0.2, 0.4],
            "best": ["a", "x", "y", "d"],
            "loss": [0.0, 0.05, 0.6, 0.0],
            "flagged": [False, False, True, False],
        }
    )
    table.attrs.update(
        threshold=0.15, num_players=2, actions=list("abcd"), best_actions=list("axyd")
    )
    return table


def test_one_curve_per_player_and_the_flagged_move_marked() -> None:
    fig = win_curve(frame())
    names = [trace.name for trace in fig.data]
    assert names[:2] == ["player 0", "player 1"]
    assert list(fig.data[0].x) == [1, 4] and list(fig.data[0].y) == [0.5, 0.2]
    cross = next(trace for trace in fig.data if trace.name.startswith("flagged move"))
    assert list(cross.x) == [4] and list(cross.y) == [0.2] and cross.marker.symbol == "x"
    assert "15%" in cross.name
    drop = next(trace for trace in fig.data if trace.name == "what the best move kept")
    assert list(drop.y)[:2] == [0.8, 0.2]
    assert "1 flagged" in fig.layout.title.text


def test_axes_are_titled_and_the_hover_names_the_move_and_the_best() -> None:
    fig = win_curve(frame())
    assert fig.layout.xaxis.title.text.startswith("ply")
    assert "win probability" in fig.layout.yaxis.title.text
    hover = fig.data[0].hovertext[1]
    assert "played: c" in hover and "best found: y" in hover and "flagged" in hover
    worded = win_curve(frame(), words=str.upper)
    assert "played: C<br>" in worded.data[0].hovertext[1]  # words only, never the notation


def test_the_current_ply_is_marked() -> None:
    fig = win_curve(frame(), ply=4)
    assert any(shape.x0 == 4 and shape.x1 == 4 for shape in fig.layout.shapes)


def test_a_real_review_draws_and_a_wrong_table_is_refused() -> None:
    record, _ = play_game("bangkok", "heuristic", 4)
    states = replay(record)
    late = record_of("bangkok", play(start_here(states[44]), *record.actions[44:]), 4)
    table = review(late, n=2)
    fig = win_curve(table)
    assert [trace.name for trace in fig.data[:2]] == ["player 0", "player 1"]
    assert sum(len(trace.x) for trace in fig.data[:2]) == len(table)
    short = record_of("bangkok", start_here(states[48]), 4)
    notes = [note.text for note in win_curve(review(short, n=2)).layout.annotations]
    assert "no decisions to review" in notes
    with pytest.raises(InvalidStateError, match="win_curve needs"):
        win_curve(pd.DataFrame({"ply": [1]}))
    with pytest.raises(InvalidStateError, match="win_curve needs"):
        win_curve([1, 2])


def test_move_chances_draws_each_move_best_first_with_its_interval() -> None:
    record, _ = play_game("bangkok", "heuristic", 4)
    state = replay(record)[41]
    table = analyse(state, state.current_player, playouts=30)
    fig = move_chances(table, words=lambda action: str(action).upper(), top=4)
    dots = fig.data[0]
    assert len(dots.y) == 4 and dots.y[0] == str(table.attrs["actions"][0]).upper()
    assert list(dots.x) == list(table["win"].head(4))
    assert dots.error_x.array[0] == pytest.approx(table["win_high"].iloc[0] - table["win"].iloc[0])
    assert "chance to win" in fig.layout.xaxis.title.text
    with pytest.raises(InvalidStateError, match=r"analysis\.analyse"):
        move_chances(pd.DataFrame({"move": ["a"]}))


def _moves(best: bool | None, about_as_good: int) -> pd.DataFrame:
    """A hand-made analysis of three moves whose intervals overlap or not as ``attrs`` say
    (``best=None``: no attrs, a table made by hand)."""
    table = pd.DataFrame(
        {
            "move": ["a", "b", "c"],
            "win": [0.7, 0.6, 0.2],
            "win_low": [0.5, 0.4, 0.1],
            "win_high": [0.85, 0.75, 0.35],
            "visits": [40, 40, 40],
            "rank": [1, 2, 3],
        }
    )
    if best is not None:
        table.attrs.update(best=best, about_as_good=about_as_good)
    return table


@pytest.mark.parametrize(
    ("best", "about_as_good", "colours", "caption"),
    [
        (True, 1, [HIGHLIGHT, PAPER, PAPER], "Orange: clearly the best move"),
        (False, 2, [GREY, GREY, PAPER], "No move is clearly best. Grey: about as good"),
        (False, 3, [GREY, GREY, GREY], "No move is clearly best"),
        (None, 0, [GREY, GREY, GREY], "No move is clearly best"),
    ],
)
def test_move_chances_paints_the_first_orange_only_when_it_is_clearly_the_best(
    best: bool | None, about_as_good: int, colours: list[str], caption: str
) -> None:
    """The picture decides as the board's hint does (``attrs["best"]``, ``about_as_good``):
    a first move that the playouts cannot tell from the next is not painted as the best."""
    fig = move_chances(_moves(best, about_as_good))
    assert list(fig.data[0].marker.color) == colours
    assert caption in fig.layout.title.text
    assert ("white: clearly worse" in fig.layout.title.text) == (PAPER in colours)
    standings = list(fig.data[0].customdata)
    assert standings[0] == ("clearly the best" if best else "first shown")


def test_move_chances_agrees_with_the_moves_table_of_a_real_analysis() -> None:
    record, _ = play_game("bangkok", "heuristic", 4)
    state = replay(record)[41]
    table = analyse(state, state.current_player, playouts=30)
    fig = move_chances(table)
    said = [row["compared with the first"] for row in moves_table(table).rows()]
    assert list(fig.data[0].customdata) == said[: len(fig.data[0].y)]
    assert (fig.data[0].marker.color[0] == HIGHLIGHT) == bool(table.attrs["best"])


def test_outlook_bars_show_each_seat_chance_and_score_range() -> None:
    record, _ = play_game("bangkok", "heuristic", 4)
    table = outlook(replay(record)[30], 1, n=10)
    fig = outlook_bars(table)
    assert list(fig.data[0].x) == ["player 0", "player 1"]
    assert list(fig.data[0].y) == list(table["win"])
    assert list(fig.data[1].y) == list(table["mean_score"])
    assert "player 1's view" in fig.layout.title.text and "10 playouts" in fig.layout.title.text
    with pytest.raises(InvalidStateError, match=r"analysis\.outlook"):
        outlook_bars(table.drop(columns="score_low"))


def test_moves_worded_alike_stay_apart_numbered() -> None:
    """Two moves with the same words are two bars: the repeat is numbered, no notation added."""
    from bamboo_lab.viz.review import distinct

    assert distinct(["take a card", "renew", "take a card"]) == [
        "take a card",
        "renew",
        "take a card (2)",
    ]
