"""The puzzle session (filters, moves in words, verdicts, score) and the puzzle board widget,
on a hand-made set so they are tested whatever the shipped sets hold."""

from __future__ import annotations

import html
from dataclasses import replace

import pytest

from bamboo_lab.analysis.position import move_namer
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.record import state_digest
from bamboo_lab.games import new_game, record_of, start_here
from bamboo_lab.puzzles import Puzzle, PuzzleSet
from bamboo_lab.puzzles import session as session_module
from bamboo_lab.puzzles.session import Session


def _set(game: str) -> PuzzleSet:
    """Two hand-made puzzles at the start of a 2-player game (numbers invented)."""
    state = start_here(new_game(game, 2, 5))
    legal = state.legal_actions()
    name = move_namer(game, state)
    first = Puzzle(
        game=game,
        number=1,
        record=record_of(game, state, 5),
        seat=state.current_player,
        answer=str(legal[1]),
        answer_words=name(legal[1]),
        runner_up=str(legal[0]),
        runner_up_words=name(legal[0]),
        win=0.75,
        runner_up_win=0.25,
        margin=4.0,
        runner_up_margin=-2.0,
        theme="a balance pattern",
        difficulty="easy",
        closeness=0.2,
        missed=0.0,
        playouts=64,
        legal_moves=len(legal),
        source={},
        digest=state_digest(state),
    )
    second = replace(first, number=2, theme="offer incense", difficulty="hard")
    return PuzzleSet(game, 0, {"count": 2}, (first, second))


@pytest.fixture
def session(monkeypatch: pytest.MonkeyPatch) -> Session:
    """A session on the hand-made sets."""
    monkeypatch.setattr(session_module, "load_set", _set)
    return Session("bamboo")


def test_the_moves_are_offered_in_the_rulebooks_words(session: Session) -> None:
    steps = session.steps()
    assert [step.words for step in steps[:2]] == [
        session.puzzle.runner_up_words,
        session.puzzle.answer_words,
    ]
    assert all(step.words != str(step.action) for step in steps)


def test_an_answer_is_judged_and_scored_once(session: Session) -> None:
    wrong = session.answer(session.puzzle.runner_up)
    assert not wrong.right and "the best move is " + session.puzzle.answer_words in wrong.reason
    assert session.answer(session.puzzle.answer).right  # judged, not scored again
    assert session.score_text() == "0 right of 1 answered"
    session.next()
    assert session.answer(session.puzzle.answer_words).right
    assert session.score_text() == "1 right of 2 answered"


def test_the_filters_keep_a_theme_and_a_difficulty(session: Session) -> None:
    session.choose("bamboo", "offer incense", None)
    assert [puzzle.number for puzzle in session.puzzles] == [2]
    session.choose("bamboo", None, "easy")
    assert [puzzle.number for puzzle in session.puzzles] == [1]
    assert session.themes("bamboo") == ["a balance pattern", "offer incense"]


def test_a_filter_keeping_nothing_or_a_bad_move_is_refused_and_changes_nothing(
    session: Session,
) -> None:
    with pytest.raises(InvalidStateError, match="no bamboo puzzle"):
        session.choose("bamboo", "offer incense", "easy")
    with pytest.raises(InvalidStateError, match="no puzzles for 'chess'"):
        session.choose("chess")
    assert len(session.puzzles) == 2
    with pytest.raises(InvalidStateError, match="not a move here"):
        session.answer("fly to the moon")
    assert session.answered == 0


def test_the_board_shows_buttons_judges_and_moves_on(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ipywidgets")
    from bamboo_lab.widgets import puzzles as board_module

    monkeypatch.setattr(session_module, "load_set", _set)
    board = board_module.PuzzleBoard("bamboo")
    puzzle = board.session.puzzle
    labels = [button.description for button in board.moves.children]
    assert puzzle.answer_words in labels
    board.moves.children[labels.index(puzzle.runner_up_words)].click()
    assert "Not the best" in board.verdict.value and "runner-up" in board.verdict.value
    assert board.verdict.value.count("Not the best") == 1  # the heading, not again below it
    assert f"The best move is {html.escape(puzzle.answer_words)}" in board.verdict.value
    assert board.score.value == "0 right of 1 answered"
    board.next_button.click()
    assert "puzzle 2" in board.title.value and board.verdict.value == ""
    board.difficulty.value = "easy"
    assert "puzzle 1" in board.title.value
    board.theme.value = "offer incense"  # with "easy": none; said, nothing changed
    assert "no bamboo puzzle" in board.verdict.value and "puzzle 1" in board.title.value
