"""The ipywidgets boards: ``play`` (a game against bots or hot-seat) and ``replay``
(:class:`ReplayApp`, in :mod:`bamboo_lab.widgets.replay_app`).

Thin views over :mod:`bamboo_lab.widgets.controller`: every handler calls the controller, then
redraws. The board is a Plotly ``FigureWidget`` updated in place; on the Takenoko garden the
legal targets are ringed and a click on one plays it.
"""

from __future__ import annotations

import html
import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go
from IPython.core.getipython import get_ipython
from IPython.display import display

from bamboo_lab.core.errors import BambooLabError
from bamboo_lab.core.hexgrid import Edge, Hex

from .advice import chances, hint
from .board import BoardWidget, cell_result, replace_figure
from .board_html import (
    button,
    chances_html,
    enable,
    last_turn_html,
    message_html,
    table_html,
)
from .controller import PlayController
from .labels import label_of
from .pictures import (
    board_figure,
    board_pictures,
    click_targets,
    fit_width,
    main_picture,
    own_picture,
    secret_figure,
)
from .places import board_piece, hover_points, place_of
from .replay_app import ReplayApp

__all__ = [
    "ClickedPictures",
    "PlayApp",
    "ReplayApp",
    "board_figure",
    "board_pictures",
    "click_targets",
    "fit_width",
    "place_at",
    "place_of",
    "replace_figure",
    "secret_figure",
    "target_at",
]

_CLICK_RADIUS = 0.7
"""How near a Takenoko click must be to a ringed target (in hex sizes)."""


class ClickedPictures(ABC):
    """A board whose main picture and own board are clicked (the play and puzzle boards):
    plotly's click callbacks, and what a click on nothing says."""

    controller: PlayController
    message: w.HTML

    @abstractmethod
    def click(self, x: float, y: float) -> bool:
        """A click on the main picture at (x, y); False when nothing is there."""

    @abstractmethod
    def click_own(self, x: float, y: float) -> bool:
        """A click on the seat's own board at (x, y); False when nothing is there."""

    def _missed(self) -> bool:
        """A click on nothing playable: the board says what may be clicked now (False)."""
        self.message.value = message_html(self.controller.miss())
        return False

    def _on_click(self, _trace: Any, points: Any, _state: Any) -> None:
        if points.xs:
            self.click(points.xs[0], points.ys[0])

    def _on_own_click(self, _trace: Any, points: Any, _state: Any) -> None:
        if points.xs:
            self.click_own(points.xs[0], points.ys[0])


class PlayApp(ClickedPictures):
    """The play board: figure, grouped action buttons, bot turns, undo, new game, log."""

    def __init__(self, controller: PlayController) -> None:
        """Build the widgets around ``controller`` and draw the first position."""
        self.controller = controller
        self.game = controller.game
        # Takenoko's hands: a static picture; the Bamboo home and the Bangkok market are
        # clicked, so they are a second FigureWidget (updated in place, like the main one).
        self.secret = w.Output()
        self.secret_picture: go.Figure | None = None
        """The seat's own board as last drawn (None when hidden)."""
        secret = board_piece(self.game, "SECRET_BOARD", False)
        own = None if secret else own_picture(controller, False)
        self.own: BoardWidget | None = None if own is None else BoardWidget(own)
        """The clickable own board (Bamboo home, Bangkok market and hand)."""
        self.secret_box = w.Box([self.secret if self.own is None else self.own])
        self._secret_drawn: Any = None
        self.status = w.HTML()
        self.scores = w.HTML()
        self.notes = w.HTML()
        self.last_turn = w.HTML()
        self.final = w.HTML()
        self.message = w.HTML()
        self.actions = w.VBox(layout=w.Layout(width="100%"))
        self.log = w.Textarea(
            disabled=True,
            placeholder="every move, newest first",
            layout=w.Layout(width="100%", height="150px"),
        )
        self.notation = w.Text(placeholder=self._example())
        self.notation.layout = w.Layout(width="340px")
        self.moves = w.Select(options=[], rows=6, layout=w.Layout(width="100%"))
        """Every move played on the pictures now, in words, grouped by place: found and
        played without knowing where to click."""
        self._moves_drawn: list[tuple[str, int]] = []
        self._moves_position: Any = None
        """The list of moves as last drawn and the position it was drawn for."""
        self.moves_button = button(
            "play the chosen move", "play the move chosen in the list", self._play_chosen
        )
        self.moves_button.layout = w.Layout(width="auto", align_self="flex-start")
        self.moves_box = w.VBox(
            [
                w.HTML(
                    "<div style='background:#FFF6D5;padding:2px 6px'><b>Every move you can"
                    " make now</b> (each is also a click on the picture): choose one, then"
                    " press “play the chosen move”</div>"
                ),
                self.moves,
                self.moves_button,
            ]
        )
        self._move_actions: list[Any] = []
        self.try_button = button("play typed action", "play the typed notation", self._typed)
        self.bot_button = button(
            "bot's turn", "the bot to move plays its whole turn", self.bot_turn, "primary"
        )
        self.step_button = button(
            "one bot decision", "the bot to move takes one decision only", self.bot_move
        )
        self.auto = w.Play(value=0, min=0, max=10_000, step=1, interval=700, description="auto")
        self.auto.observe(self._tick, names="value")
        self.speed = w.IntSlider(
            value=700,
            min=100,
            max=2000,
            step=100,
            description="ms per turn",
            style={"description_width": "initial"},
        )
        w.jslink((self.speed, "value"), (self.auto, "interval"))
        self.undo_button = button("undo", "take back your last decision", self.undo, "warning")
        self.seed = w.Text(
            value=str(controller.seed), description="seed", layout=w.Layout(width="260px")
        )
        self.new_button = button("new game", "start again from the seed", self.new_game)
        self.hint_button = button(
            "hint", "the leading moves and how sure, by playouts from what you see", self.show_hint
        )
        self.hint = w.HTML()
        self.show_chances = w.Checkbox(
            value=False,
            description="show win chances",
            indent=False,
            tooltip="each player's chance to win from here, by playouts from what you see",
        )
        self.show_chances.layout = w.Layout(width="auto")
        self.show_chances.observe(lambda _change: self._draw_chances(), names="value")
        self.chances = w.HTML()
        self._chances_of: Any = None
        """The position and view the bar was computed for (it is not computed twice)."""
        self._hint_of: Any = None
        """The position and view the hint shown was computed for."""
        self.reveal = w.ToggleButton(
            value=False,
            description="show my secret cards",
            tooltip="hot-seat: the others look away first",
            layout=w.Layout(width="auto", display="" if controller.hot_seat else "none"),
        )
        self._shown_seat = controller.shown_seat()
        """The seat whose cards the reveal toggle shows: a new seat finds it switched off."""
        self.reveal.observe(self._on_reveal, names="value")
        main = main_picture(controller, False)
        self._main: go.Figure | None = main
        """The main picture as last drawn (its hover texts name the places to click)."""
        self.figure = BoardWidget(main)
        self.hidden_note = w.HTML()
        controls = w.HBox(
            [
                self.bot_button,
                self.step_button,
                self.auto,
                self.speed,
                self.undo_button,
                self.seed,
                self.new_button,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        typed = w.HBox([self.notation, self.try_button])
        self.widget = w.VBox(
            [
                self.status,
                self.scores,
                self.notes,
                self.figure,
                w.HBox([self.reveal, self.hidden_note]),
                self.secret_box,
                self.last_turn,
                self.final,
                w.HTML("<b>Your move</b>"),
                self.message,
                self.actions,
                self.moves_box,
                typed,
                w.HBox(
                    [self.hint_button, self.show_chances], layout=w.Layout(align_items="center")
                ),
                self.hint,
                self.chances,
                controls,
                w.HTML("<b>Log</b>, every move in the rulebook's words, newest first"),
                self.log,
            ]
        )
        self.redraw()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the app's widget as the cell's result (and its picture, for static viewers)."""
        return cell_result(self.widget, self.figure, f"A {self.game.capitalize()} board")

    def _example(self) -> str:
        """The typed box's placeholder: a legal move of the decision pending, in notation
        (the one place notation is shown), or that there is nothing to type now."""
        c = self.controller
        legal = c.legal_actions()
        if not legal or not c.is_person_to_play():
            return "(nothing to type: it is not your decision)"
        return f"or type a move in notation, e.g. {legal[len(legal) // 2]}"

    def _play_chosen(self) -> None:
        """Play the move chosen in the list of moves."""
        index = self.moves.value
        if index is None or not 0 <= index < len(self._move_actions):
            self.controller.message = "Choose a move in the list first."
            self.redraw()
            return
        self.play(self._move_actions[index])

    # ------------------------------------------------------------------ handlers

    def play(self, action: Any) -> None:
        """A person's move (an action or its notation): applied, or refused with the reason."""
        self.controller.play(action)
        self.redraw()

    def _typed(self) -> None:
        text = self.notation.value.strip()
        if text:
            if self.controller.play(text):
                self.notation.value = ""
            self.redraw()

    def bot_move(self) -> None:
        """One bot decision."""
        self.controller.bot_move()
        self.redraw()

    def bot_turn(self) -> None:
        """The bot to move plays its whole turn."""
        self.controller.bot_turn()
        self.redraw()

    def _tick(self, _change: Any) -> None:
        if self.controller.is_bot_to_play():
            self.bot_turn()
        else:
            self.auto.playing = False

    def undo(self) -> None:
        """Take back the person's last decision."""
        self.controller.undo()
        self.redraw()

    def new_game(self) -> None:
        """Start again from the seed field."""
        text = self.seed.value.strip()
        try:
            seed = int(text) if text else None
        except ValueError:
            self.controller.message = f"a seed is a whole number, not {text[:40]!r}"
        else:
            try:
                self.controller.new_game(seed)
            except BambooLabError as exc:
                self.controller.message = str(exc)
        self.redraw()

    def click(self, x: float, y: float) -> bool:
        """A click on the picture at (x, y): on the Takenoko garden, the legal action at the
        nearest ringed target; on Bangkok's port a cell to collect, on Bamboo's home market a
        tile to buy (:meth:`PlayController.click`). When several actions share the place only
        those are offered as buttons. False when nothing is there."""
        if board_piece(self.game, "target_point", None) is None:
            return self._click_place(x, y)  # a game clicked by the places its hover texts name
        c = self.controller
        reveal = bool(self.reveal.value)
        shown: Any = c.board_state(reveal)
        if not c.is_person_to_play() or c.viewer(reveal) != shown.current_player:
            return self._missed()
        found = target_at(shown, x, y)
        if found is None:
            return self._missed()
        where, options = found
        if len(options) == 1:
            self.play(options[0])
        else:
            self._draw_actions(
                {f"at {where}": [(label_of(self.game, a, shown), a) for a in options]}
            )
            self.message.value = f"<i>{len(options)} ways to play at {where}: pick one</i>"
        return True

    def click_own(self, x: float, y: float) -> bool:
        """A click on the own board at (x, y): a space of the Bamboo home, a card of the
        Bangkok hand or a cell of its market (:meth:`PlayController.click`)."""
        return self._click_place(x, y, self.secret_picture)

    def _click_place(self, x: float, y: float, picture: go.Figure | None = None) -> bool:
        """Bangkok and Bamboo: the place under the click, from the picture's hover texts."""
        own = picture is not None
        place = place_at(self.game, self._main if picture is None else picture, x, y)
        if place is None:
            return self._missed()
        before = self.controller.state
        self.controller.click(place, bool(self.reveal.value))
        # a move played on the own board redraws that board first, where the person looks;
        # several moves there (or a port cell to confirm): the controller offers them
        self.redraw(own_first=own and self.controller.state is not before)
        return True

    # ------------------------------------------------------------------ drawing

    def _on_reveal(self, _change: Any) -> None:
        if self._shown_seat == self.controller.shown_seat():
            self.redraw()

    def redraw(self, own_first: bool = False) -> None:
        """Redraw everything from the controller's :meth:`~PlayController.board` (the
        FigureWidget is updated in place); ``own_first``: the own board before the main one.

        In hot-seat, when the seat to move changes the reveal toggle switches off: the next
        player sits down to the public board, none of the last player's cards on screen.
        """
        c = self.controller
        if c.shown_seat() != self._shown_seat:
            self.reveal.value = False  # no redraw from the toggle yet: the seat differs
            self._shown_seat = c.shown_seat()
        reveal = bool(self.reveal.value)
        # the pictures are sent first, each built alone: the browser draws one while the
        # next is computed (a click's move shows before the texts and the buttons follow)
        if own_first:
            self._draw_secret(own_picture(c, reveal), c.shown_seat(), reveal)
        self._main = main_picture(c, reveal)
        replace_figure(self.figure, self._main)
        for trace in self.figure.data:
            trace.on_click(self._on_click)
        if not own_first:
            self._draw_secret(own_picture(c, reveal), c.shown_seat(), reveal)
        text = c.board(reveal)
        self.status.value = f"<b>{html.escape(text.status)}</b>"
        self.scores.value = html.escape(text.scores)
        self.notes.value = "<br>".join(html.escape(n) for n in text.notes)
        self.last_turn.value = last_turn_html(text)
        self.final.value = table_html(c, text)
        self.message.value = message_html(c.message)
        self._draw_actions(c.grouped_actions(reveal), text.clicks)
        self._draw_moves(reveal)
        self.notation.placeholder = self._example()
        # a disabled button looks disabled: grey, without its colour (the bot's blue, undo's
        # orange), so nobody takes it for one to press
        enable(self.bot_button, c.is_bot_to_play(), "primary")
        enable(self.step_button, c.is_bot_to_play())
        enable(self.undo_button, bool(c.steps), "warning")
        self.seed.value = str(c.seed)
        self.log.value = "\n".join(text.log[-200:][::-1])
        self.hint_button.disabled = not c.is_person_to_play()
        if self._hint_of != (c.state, reveal):
            self.hint.value = ""
        self._draw_chances()  # after the board: the bar never holds up a click's redraw

    def show_hint(self) -> None:
        """The hint of the person to move, from what the board shows: its verdict (a move
        clearly best, or how many are about as good) and the leading moves (:meth:`Hint.html`)."""
        c = self.controller
        reveal = bool(self.reveal.value)
        if not c.is_person_to_play():
            self.hint.value = "<i>a hint is for your decision: nobody is to play now</i>"
            return
        self.hint.value = "<i>thinking: playing the game out from here…</i>"
        found = hint(c, reveal)
        self._hint_of = (c.state, reveal)
        self.hint.value = found.html(c.seat_name(found.seat))

    def _draw_chances(self) -> None:
        """The win-probability bar, when its checkbox is on (computed once per position)."""
        c = self.controller
        reveal = bool(self.reveal.value)
        if not self.show_chances.value:
            self.chances.value = ""
            self._chances_of = None
            return
        if self._chances_of == (c.state, reveal):
            return
        self._chances_of = (c.state, reveal)
        found = chances(c, reveal)
        self.chances.value = "" if found is None else chances_html(found, c)

    def _board_picture(self) -> go.Figure:
        """The main picture as the board shows it now."""
        return main_picture(self.controller, bool(self.reveal.value))

    def _draw_secret(self, fig: go.Figure | None, seat: int | None, reveal: bool) -> None:
        """The seat's own board: Takenoko hands (secret; in hot-seat before the reveal, every
        seat's board with card backs only), the Bamboo home (public)."""
        c = self.controller
        hidden = seat is not None and c.hot_seat and not reveal
        self.hidden_note.value = (
            f"<i>{html.escape(c.seat_name(seat))}'s secret cards are hidden: the others look"
            " away, then press the button.</i>"
            if hidden and seat is not None and board_piece(self.game, "SECRET_CARDS", True)
            else ""
        )
        self.secret_box.layout.display = "none" if fig is None else ""
        self.secret_picture = fig
        if self.own is not None and fig is not None:
            replace_figure(self.own, fig)
            for trace in self.own.data:
                trace.on_click(self._on_own_click)
            return
        drawn = None if fig is None else fig.to_plotly_json()
        if drawn == self._secret_drawn:
            return  # the same picture: not sent and drawn again
        self._secret_drawn = drawn
        self.secret.clear_output(wait=True)
        if fig is not None and get_ipython() is not None:
            with self.secret:
                display(fig)

    def _draw_moves(self, reveal: bool) -> None:
        """The list of every move played on the pictures, ``place: move`` (hidden when
        there is none: a bot's turn, or a game whose moves are all buttons)."""
        groups = self.controller.move_list(reveal)
        entries = [
            (f"{where}: {words}", a) for where, items in groups.items() for words, a in items
        ]
        options = [(text, i) for i, (text, _a) in enumerate(entries)]
        # a new position (a move played, undone, a new game) clears the choice even when its
        # list reads the same: an entry left chosen would be played again by a second press
        position = self.controller.state
        if options != self._moves_drawn or position is not self._moves_position:
            self._moves_drawn, self._moves_position = options, position
            self.moves.options = options
            self.moves.value = None
        self._move_actions = [a for _text, a in entries]
        self.moves_box.layout.display = "" if entries else "none"

    def _player_of(self, action: Any) -> Callable[[], None]:
        """The handler of one action's button."""
        return lambda: self.play(action)

    def _draw_actions(self, groups: dict[str, list[tuple[str, Any]]], clicks: str = "") -> None:
        c = self.controller
        drawn = (
            clicks,
            tuple((g, tuple((label, a) for label, a in items)) for g, items in groups.items()),
            c.state.is_over(),
            c.is_bot_to_play(),
        )
        if drawn == getattr(self, "_actions_drawn", None):
            return  # the same buttons: not made and sent again (about 15 ms and their views)
        self._actions_drawn = drawn
        rows: list[w.Widget] = [w.HTML(f"<i>{html.escape(clicks)}</i>")] if clicks else []
        for group, items in groups.items():
            buttons = [
                button(label, f"{group}: {label}", self._player_of(action), "info")
                for label, action in items
            ]
            box = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
            rows.append(w.HTML(f"<span style='color:#555'>{html.escape(group)}</span>"))
            rows.append(box)
        if not rows:
            if c.state.is_over():
                waiting = "the game is over"
            elif c.is_bot_to_play():
                waiting = "a bot is to play: press “bot's turn” (or ▶ to let the bots play on)"
            else:
                waiting = "your cards are hidden: press “show my secret cards” to play"
            rows = [w.HTML(f"<i>{waiting}</i>")]
        self.actions.children = rows


def target_at(shown: Any, x: float, y: float) -> tuple[str, list[Any]] | None:
    """Takenoko: the ringed target of the garden nearest a click at (x, y), in words, with the
    legal actions there (None: no target within the click's reach)."""
    target_point = board_piece(shown.game, "target_point", None)
    targets = click_targets(shown, tuple(shown.legal_actions()))
    if target_point is None or not targets:
        return None
    best = min(targets, key=lambda t: _dist(target_point(t), (x, y)))
    if _dist(target_point(best), (x, y)) > _CLICK_RADIUS:
        return None
    return _where(best), targets[best]


def place_at(game: str, picture: go.Figure | None, x: float, y: float) -> tuple[Any, ...] | None:
    """Bangkok and Bamboo: the clickable place under a click at (x, y) of ``picture``, read
    from the places its hover texts name (None: nothing clickable there)."""
    points = hover_points(picture) if picture is not None else {}
    near = [
        (text, xy)
        for text, xy in points.items()
        if _dist(xy, (x, y)) < 0.3 and place_of(game, text) is not None
    ]
    if not near:
        return None
    return place_of(game, min(near, key=lambda item: _dist(item[1], (x, y)))[0])


def _where(target: Hex | Edge) -> str:
    """A garden target in words: a hex's coordinates, or an edge's two hexes."""
    if isinstance(target, Edge):
        a, b = target.hexes()
        return f"the edge {a.q},{a.r}/{b.q},{b.r}"
    return f"{target.q},{target.r}"


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance from ``a`` to ``b``; infinite, so far from everything, when a coordinate is
    not a finite number (a click at -1e308, inf or NaN is on nothing; ``**`` overflowed)."""
    try:
        distance = math.hypot(a[0] - b[0], a[1] - b[1])
    except (TypeError, ValueError, OverflowError):
        return math.inf
    return distance if math.isfinite(distance) else math.inf
