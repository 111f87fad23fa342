"""The puzzles as tables and pictures for notebook 47: counts computed from the shipped sets,
the question in the rulebook's words without the answer marked, the proof's two moves."""

from __future__ import annotations

import pytest

from bamboo_lab.analysis.position import move_namer
from bamboo_lab.games import GAMES, load
from bamboo_lab.puzzles import load_set
from bamboo_lab.puzzles.tables import builds_table, count_table, proof_table, question_table


def test_the_count_table_adds_up_to_each_shipped_set() -> None:
    rows = count_table().rows()
    for game in GAMES:
        mine = [row for row in rows if row["game"] == game.title()]
        assert sum(row["puzzles"] for row in mine) == len(load_set(game).puzzles)
        assert all(row["easy"] + row["medium"] + row["hard"] == row["puzzles"] for row in mine)


def test_the_builds_table_reads_the_sets_settings() -> None:
    table = builds_table()
    for game in GAMES:
        column = table.column(game.title())
        settings = load_set(game).settings
        assert column == [
            settings["games"],
            settings["screened"],
            settings["screen"],
            settings["large"],
            len(load_set(game).puzzles),
        ]


@pytest.mark.parametrize("game", GAMES)
def test_the_question_lists_each_move_once_in_words(game: str) -> None:
    puzzle = load_set(game).puzzles[0]
    state = puzzle.position()
    name = move_namer(game, state)
    answer = name(load(game).parse_action(puzzle.answer, state))
    moves = question_table(puzzle).column("the moves you may make")
    assert answer in moves and moves[0] != "" and len(moves) >= 2
    assert len(moves) == len(set(moves)) <= puzzle.legal_moves
    assert proof_table(puzzle).rows()[0]["move"] == answer


def test_the_proof_table_gives_the_best_move_first() -> None:
    puzzle = load_set("bangkok").puzzles[0]
    rows = proof_table(puzzle).rows()
    assert [row["move"] for row in rows] == [puzzle.answer_words, puzzle.runner_up_words]
    assert rows[0]["chance to win"] == f"{round(100 * puzzle.win)}%"


@pytest.mark.parametrize("own", [False, True])
def test_the_puzzle_picture_asks_the_question_from_the_seat(own: bool) -> None:
    pytest.importorskip("ipywidgets")
    from bamboo_lab.widgets.puzzles import puzzle_figure

    puzzle = load_set("bangkok").puzzles[0]
    figure = puzzle_figure(puzzle, own=own)
    assert f"you are player {puzzle.seat}. Find the best move." in figure.layout.title.text


@pytest.mark.parametrize("game", ["takenoko", "bamboo", "bangkok"])
def test_the_puzzle_picture_keeps_the_boards_title_readable_under_the_question(game: str) -> None:
    """The board's own title lines sit under the question in small type once (a <sup> inside
    a <sup> prints too small to read), with room added above the picture for the question."""
    pytest.importorskip("ipywidgets")
    from bamboo_lab.widgets.pictures import board_figure
    from bamboo_lab.widgets.puzzles import QUESTION_LINE, puzzle_figure

    puzzle = load_set(game).puzzles[0]
    figure = puzzle_figure(puzzle)
    title = figure.layout.title.text
    assert title.count("<sup>") == 1 and title.index("<sup>") > title.index("Find the best move")
    board = board_figure(game, puzzle.position().view(puzzle.seat), {}, puzzle.seat)
    assert figure.layout.margin.t == (board.layout.margin.t or 0) + QUESTION_LINE
