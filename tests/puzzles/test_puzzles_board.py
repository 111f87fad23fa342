"""The puzzle board's pictures: a move is chosen by clicking it where the play board plays it
(the Takenoko garden's ringed hexes, a Bamboo temple, a Bangkok hand card then a market cell),
judged and never played; a click on nothing says what may be clicked."""

from __future__ import annotations

from typing import Any

import pytest

from bamboo_lab.games import GAMES, load
from bamboo_lab.puzzles import Puzzle, load_set

pytest.importorskip("ipywidgets")

from bamboo_lab.widgets.pictures import click_targets
from bamboo_lab.widgets.places import board_piece, hover_points, place_of, places_of
from bamboo_lab.widgets.puzzles import PuzzleBoard


def _on_the_picture(puzzle: Puzzle) -> bool:
    """True when ``puzzle``'s answer is played on a picture (not only by a button)."""
    state = puzzle.position()
    action = load(puzzle.game).parse_action(puzzle.answer, state)
    targets = click_targets(state.view(puzzle.seat), tuple(state.legal_actions()))
    on_garden = any(action in actions for actions in targets.values())
    return on_garden or bool(places_of(puzzle.game, action, puzzle.seat))


def _board_at(game: str) -> PuzzleBoard:
    """A board on ``game``'s first shipped puzzle whose answer is clicked on a picture."""
    board = PuzzleBoard(game)
    for _ in board.session.puzzles:
        if _on_the_picture(board.session.puzzle):
            return board
        board.next_button.click()
    pytest.skip(f"no shipped {game} puzzle is answered on a picture")


def _click_answer(board: PuzzleBoard) -> None:
    """Click the answer where the play board plays it: its garden target, or each of its
    places in turn (found by the hover texts of the picture drawn now)."""
    puzzle = board.session.puzzle
    state = puzzle.position()
    action = load(puzzle.game).parse_action(puzzle.answer, state)
    target_point = board_piece(puzzle.game, "target_point", None)
    if target_point is not None:
        targets = click_targets(state.view(puzzle.seat), tuple(state.legal_actions()))
        target = next(where for where, actions in targets.items() if action in actions)
        assert board.click(*target_point(target))
    for place in places_of(puzzle.game, action, puzzle.seat):
        clicked = False
        for picture, click in ((board._main, board.click), (board._own, board.click_own)):
            points = hover_points(picture) if picture is not None else {}
            found = [xy for text, xy in points.items() if place_of(puzzle.game, text) == place]
            if found and not clicked:
                clicked = click(*found[0])
        assert clicked, f"{place} is not on the pictures"
    offered = {button.description: button for button in board.offers.children}
    if puzzle.answer_words in offered:  # several moves at the place: one button each
        offered[puzzle.answer_words].click()


@pytest.mark.parametrize("game", GAMES)
def test_the_answer_clicked_on_the_picture_is_judged_right_and_not_played(game: str) -> None:
    board = _board_at(game)
    before = board.controller.state
    _click_answer(board)
    assert board.session.verdict is not None and board.session.verdict.right
    assert board.verdict.value.startswith("<p style='color:#1b7f3b'><b>Right")
    assert board.controller.state is before  # judged, never played
    assert board.score.value == "1 right of 1 answered"


def test_a_click_on_nothing_says_what_to_click_and_judges_nothing() -> None:
    board = PuzzleBoard("bangkok")
    assert not board.click(-1e308, 5.0)
    assert board.message.value and board.session.verdict is None
    assert board.score.value == "0 right of 0 answered"


def test_the_pictures_are_the_seats_view_only() -> None:
    """Secrets kept as on the play boards: the pictures are drawn from view(seat)."""
    board = _board_at("takenoko")
    puzzle = board.session.puzzle
    shown: Any = board.controller.board_state(True)
    assert shown == puzzle.position().view(puzzle.seat) and shown != puzzle.position()


def test_every_game_has_a_shipped_puzzle_answered_on_a_picture() -> None:
    for game in GAMES:
        assert any(_on_the_picture(puzzle) for puzzle in load_set(game).puzzles), game


def test_the_question_says_how_its_moves_are_chosen() -> None:
    """A puzzle whose answer is on the pictures asks for a click; one whose moves are all
    buttons (Takenoko puzzle 1, a weather choice) says the buttons only."""
    for game in GAMES:
        board = PuzzleBoard(game)
        for _ in board.session.puzzles:
            title = board.title.value
            buttons_only = "press its button below (none of these moves" in title
            assert buttons_only != ("click it on the picture" in title), title
            assert not (buttons_only and _on_the_picture(board.session.puzzle)), title
            board.next_button.click()
    weather = PuzzleBoard("takenoko")
    assert "weather" in weather.session.puzzle.answer_words
    assert "press its button below (none" in weather.title.value
