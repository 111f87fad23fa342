"""The puzzle board: a shipped puzzle's position drawn from the solver's seat, the move chosen
on the picture (as on the play board: the places to click are ringed) or by its button in the
rulebook's words, then right or wrong with the reason, the position after the best move (and
after the move chosen) and the analysis table; filters, next puzzle, score.

Everything drawn is the seat's view of the puzzle's position (``view(seat)``); the shipped
position's hidden cards are themselves a re-deal, so nothing secret is in it."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w
from IPython.display import display

from bamboo_lab.core.errors import BambooLabError
from bamboo_lab.games import GAMES, load
from bamboo_lab.puzzles import DIFFICULTIES, Puzzle
from bamboo_lab.puzzles.session import Session

from .app import ClickedPictures, place_at, target_at
from .board import BoardWidget, replace_figure
from .board_html import CELL, button, message_html
from .controller import PlayController
from .labels import label_of
from .pictures import board_figure, click_targets, main_picture, own_picture, secret_figure
from .places import board_piece

__all__ = [
    "QUESTION_LINE",
    "PuzzleBoard",
    "PuzzleController",
    "analysis_html",
    "puzzle_board",
    "puzzle_figure",
]

ANY = "any"
"""The filter choice that keeps every theme or difficulty."""

QUESTION_LINE = 24
"""Pixels added above a puzzle's picture for the question's line of its title."""


def analysis_html(puzzle: Puzzle) -> str:
    """The proof as a table: the answer and the runner-up, their chance to win and margin."""
    rows = (
        ("best", puzzle.answer_words, puzzle.win, puzzle.margin),
        ("runner-up", puzzle.runner_up_words, puzzle.runner_up_win, puzzle.runner_up_margin),
    )
    body = "".join(
        f"<tr><td style='{CELL}'>{rank}</td><td style='{CELL}'>{html.escape(words)}</td>"
        f"<td style='{CELL};text-align:right'>{round(100 * win)}%</td>"
        f"<td style='{CELL};text-align:right'>{margin:+.1f}</td></tr>"
        for rank, words, win, margin in rows
    )
    return (
        f"<table><tr><th style='{CELL}'></th><th style='{CELL}'>move</th>"
        f"<th style='{CELL}'>chance to win</th><th style='{CELL}'>points ahead</th></tr>"
        f"{body}</table><p>By {puzzle.playouts} playouts from what player {puzzle.seat}"
        f" sees, proved twice with other seeds; the search bot plays it too.</p>"
    )


class PuzzleController(PlayController):
    """The play board's controller on a puzzle's position: the solver's seat clicks the
    pictures as on the play board (a Bangkok hand card picked first, a port cell confirmed),
    and the move chosen is judged by ``on_move``, never played."""

    def __init__(self, puzzle: Puzzle, on_move: Callable[[Any], None]) -> None:
        """The puzzle's position, the solver at its seat (the other seats are never asked)."""
        players = puzzle.record.num_players
        super().__init__(puzzle.game, players, "heuristic", 0, None, puzzle.seat)
        self.on_move = on_move
        """Called with the move chosen (a legal action of the puzzle's seat)."""
        self.start(puzzle.position())

    def _apply(self, action: Any) -> None:
        """The move chosen: judged, not played (the position stays the puzzle's)."""
        self.offer = None
        self.selected = None
        self.on_move(action)


class PuzzleBoard(ClickedPictures):
    """The puzzle board widget (``PuzzleBoard().widget``): filters, the position, the moves,
    the verdict, the next-puzzle button and the session's score."""

    def __init__(self, game: str | None = None) -> None:
        """A board on ``game``'s shipped puzzles (None: the session's first game)."""
        self.session = Session() if game is None else Session(game)
        game = self.session.game
        self.game = w.Dropdown(options=list(GAMES), value=game, description="game")
        self.theme = w.Dropdown(description="theme")
        self.difficulty = w.Dropdown(options=[ANY, *DIFFICULTIES], value=ANY, description="level")
        self.title = w.HTML()
        self.controller: PuzzleController
        """The puzzle's position as on the play board: what a click on the pictures chooses."""
        self.figure: BoardWidget | None = None
        self.own: BoardWidget | None = None
        """The main picture and the seat's own board, clicked to choose a move."""
        self._main: Any = None
        self._own: Any = None
        self.picture = w.VBox()
        self.message = w.HTML()
        """What a click did: a refusal in the rulebook's words, or the moves offered there."""
        self.offers = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.moves = w.VBox()
        self.verdict = w.HTML()
        self.after = w.Output()
        self.score = w.HTML()
        self.next_button = button("Next puzzle", "ask the next puzzle", self.next)
        self._quiet = False
        self._themes(game)
        for control in (self.game, self.theme, self.difficulty):
            control.observe(lambda _change: self.filter(), names="value")
        self.widget = w.VBox(
            [
                w.HBox([self.game, self.theme, self.difficulty]),
                self.title,
                self.picture,
                self.message,
                self.offers,
                self.moves,
                self.verdict,
                self.after,
                w.HBox([self.next_button, self.score]),
            ]
        )
        self.show()

    def _themes(self, game: str) -> None:
        """Offer ``game``'s themes in the theme filter."""
        self._quiet = True  # the theme filter changes with the game: one filtering, not two
        self.theme.options = [ANY, *self.session.themes(game)]
        self.theme.value = ANY
        self._quiet = False

    def filter(self) -> None:
        """Keep the puzzles the filters choose; a choice that keeps none says so."""
        if self._quiet:
            return
        game = self.game.value
        if game != self.session.game:
            self._themes(game)
        theme = None if self.theme.value == ANY else self.theme.value
        level = None if self.difficulty.value == ANY else self.difficulty.value
        try:
            self.session.choose(game, theme, level)
        except BambooLabError as exc:
            self.verdict.value = f"<p>{html.escape(str(exc))}</p>"
            return
        self.show()

    def show(self) -> None:
        """Draw the current puzzle: its position from the seat, where to click ringed, and a
        button per move."""
        puzzle = self.session.puzzle
        self.controller = PuzzleController(puzzle, self.answer)
        seat = puzzle.seat
        self._pictures()  # the pictures first: the new title says they are drawn
        self.title.value = (
            f"<h3>{html.escape(puzzle.game.title())} puzzle {puzzle.number}"
            f" ({puzzle.difficulty})</h3><p>You are player {seat} of"
            f" {puzzle.record.num_players}. Find the best move: {self._how()}.</p>"
        )
        self.moves.children = [
            w.HTML("<span style='color:#555'>every move you can make</span>"),
            *(
                button(step.words, "choose this move", self._answering(step.action))
                for step in self.session.steps()
            ),
        ]
        self.verdict.value = ""
        self.after.clear_output()
        self.score.value = html.escape(self.session.score_text())

    def _how(self) -> str:
        """How the current puzzle's moves are chosen, in words: on the picture where some
        are played there, else by the buttons only."""
        controller = self.controller
        shown = controller.board_state(True)
        garden = click_targets(shown, tuple(shown.legal_actions()))
        if controller.clickable(True) or garden:
            return "click it on the picture (where you can click is ringed), or press its button"
        return "press its button below (none of these moves is played on the picture)"

    def _pictures(self) -> None:
        """Draw the position as the play board does, the places to click ringed, and what
        the last click said (the moves it offers as buttons)."""
        controller = self.controller
        main = main_picture(controller, True)
        own = own_picture(controller, True)
        self.figure = _drawn(self.figure, main, self._on_click)
        shown: list[w.Widget] = [self.figure]
        if own is not None:
            self.own = _drawn(self.own, own, self._on_own_click)
            shown.append(self.own)
        self.picture.children = shown
        self._main, self._own = main, own
        self.message.value = message_html(controller.message)
        offered = controller.offer[1] if controller.offer else ()
        self._offer(list(offered))

    def _offer(self, actions: list[Any]) -> None:
        """The moves a click found (several at one place, or one to confirm) as buttons."""
        shown = self.controller.board_state(True)
        self.offers.children = [
            button(
                label_of(self.session.game, action, shown),
                "choose this move",
                self._answering(action),
                "info",
            )
            for action in actions
        ]

    def click(self, x: float, y: float) -> bool:
        """A click on the main picture at (x, y): the move there is chosen (several: offered
        as buttons); on nothing playable, the board says what may be clicked. False when
        nothing is there."""
        controller = self.controller
        if board_piece(self.session.game, "target_point", None) is None:
            return self._click_place(place_at(self.session.game, self._main, x, y))
        found = target_at(controller.board_state(True), x, y)
        if found is None:
            return self._missed()
        where, options = found
        if len(options) == 1:
            controller.play(options[0])
            return True
        self.message.value = f"<i>{len(options)} ways to play at {html.escape(where)}: pick one</i>"
        self._offer(options)
        return True

    def click_own(self, x: float, y: float) -> bool:
        """A click on the seat's own board at (x, y): a Bamboo home space, a Bangkok hand card
        or market cell (:meth:`PlayController.click`)."""
        return self._click_place(place_at(self.session.game, self._own, x, y))

    def _click_place(self, place: tuple[Any, ...] | None) -> bool:
        """A click on ``place`` (None: on nothing clickable): chosen, offered, or refused."""
        controller = self.controller
        if place is None:
            return self._missed()
        answered = self.session.verdict
        controller.click(place, True)
        if self.session.verdict is answered:
            self._pictures()  # no move chosen yet: a hand card picked, moves offered, a refusal
        return True

    def _answering(self, action: Any) -> Callable[[], None]:
        """A button's callback: answer with ``action``."""
        return lambda: self.answer(action)

    def answer(self, action: Any) -> None:
        """Judge ``action``: the verdict with its reason, the positions after the best move
        and after the one chosen, the analysis table, the score."""
        verdict = self.session.answer(action)
        puzzle = self.session.puzzle
        self.message.value = ""
        self.offers.children = []
        colour = "#1b7f3b" if verdict.right else "#b3261e"
        self.verdict.value = (
            f"<p style='color:{colour}'><b>{verdict.heading}</b>"
            f" ({html.escape(verdict.move_words)})</p><p>{html.escape(_sentence(verdict.why))}</p>"
            + analysis_html(puzzle)
        )
        state = self.session.position()
        best = load(puzzle.game).parse_action(puzzle.answer, state)
        self.after.clear_output()
        shown = [(best, f"after the best move: {puzzle.answer_words}")]
        if not verdict.right:
            shown.append((action, f"after your move: {verdict.move_words}"))
        for move, title in shown:
            after = state.apply(move)
            self._draw(
                self.after, after.view(puzzle.seat), state.view(puzzle.seat), puzzle.seat, title
            )
        self.score.value = html.escape(self.session.score_text())

    def _draw(self, out: w.Output, view: Any, before: Any, seat: int, title: str = "") -> None:
        """Draw ``view`` (what changed since ``before`` marked) and the seat's own board."""
        game = self.session.game
        with out:
            if title:
                display(w.HTML(f"<b>{html.escape(title)}</b>"))
            board_figure(game, view, {}, seat, before, title).show()
            own = secret_figure(game, view, seat)
            if own is not None:
                own.show()

    def next(self) -> None:
        """Ask the next puzzle."""
        self.session.next()
        self.show()


def _drawn(widget: BoardWidget | None, figure: Any, on_click: Callable[..., None]) -> BoardWidget:
    """``widget`` showing ``figure`` (a new widget the first time), each trace calling
    ``on_click`` when clicked."""
    if widget is None:
        widget = BoardWidget(figure)
    else:
        replace_figure(widget, figure)
    for trace in widget.data:
        trace.on_click(on_click)
    return widget


def puzzle_figure(puzzle: Puzzle, own: bool = False) -> Any:
    """A puzzle's position as its player sees it, the question in the title (``own``: that
    player's own board instead: the Takenoko hand, the Bamboo home, the Bangkok market; None
    for a game without one)."""
    view = puzzle.position().view(puzzle.seat)
    question = (
        f"{puzzle.game.title()} puzzle {puzzle.number} ({puzzle.difficulty}):"
        f" you are player {puzzle.seat}. Find the best move."
    )
    if own:
        figure = secret_figure(puzzle.game, view, puzzle.seat)
        if figure is None:
            return None
    else:
        figure = board_figure(puzzle.game, view, {}, puzzle.seat)
    # the figure's own title lines under the question, in small type once (not <sup> in <sup>)
    lines = (figure.layout.title.text or "").replace("<sup>", "").replace("</sup>", "")
    figure.update_layout(title={"text": f"<b>{question}</b><br><sup>{lines}</sup>"})
    # room for the question's line above the picture, the picture itself kept as large
    layout = figure.layout
    figure.update_layout(margin={"t": (layout.margin.t or 0) + QUESTION_LINE})
    if layout.height:
        figure.update_layout(height=layout.height + QUESTION_LINE)
    return figure


def _sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital."""
    return text[:1].upper() + text[1:]


def puzzle_board(game: str | None = None) -> w.VBox:
    """A puzzle board on ``game``'s shipped puzzles (None: the session's first game), as a
    widget to display."""
    return PuzzleBoard(game).widget
