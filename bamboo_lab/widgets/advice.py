"""The board's advice: a hint (the leading moves here in words, ranked by the chance to win
shown, a move called best only when it is clearly better than every other) and the
win-probability bar (each seat's chance to win from here), both by playouts from what the board
shows only (``bamboo_lab.analysis``: ``analyse`` and ``outlook`` of the board's view).

The controller's board is drawn first; the advice is computed when asked (the hint button) or
after the redraw (the "show win chances" checkbox, off by default), so a click stays fast.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bamboo_lab.analysis.tables import MOVES_COLUMNS, standing
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.table import Table
from bamboo_lab.games import ByGame

from .labels import label_of

__all__ = [
    "BAR_PLAYOUTS",
    "HINT_PLAYOUTS",
    "HINT_SECONDS",
    "OTHER_BAR_PLAYOUTS",
    "OTHER_HINT_PLAYOUTS",
    "Chances",
    "Hint",
    "chances",
    "hint",
]

OTHER_HINT_PLAYOUTS = 100
"""The hint's playouts for a game whose widgets layer names none (a registered one)."""
OTHER_BAR_PLAYOUTS = 30
"""The win-probability bar's playouts for a game whose widgets layer names none."""
HINT_PLAYOUTS: ByGame = ByGame("widgets", "HINT_PLAYOUTS", OTHER_HINT_PLAYOUTS)
"""The playouts of a hint without a time cap (``seconds=None``: the same hint on every run),
per game, its widgets layer's ``HINT_PLAYOUTS``."""
HINT_SECONDS = 2.0
"""The board's hint plays for about this many seconds (less once a move is clearly best; a
little more on a loaded machine, as every move is played out once whatever the time)."""
BAR_PLAYOUTS: ByGame = ByGame("widgets", "BAR_PLAYOUTS", OTHER_BAR_PLAYOUTS)
"""The win-probability bar's playouts per game, its widgets layer's ``BAR_PLAYOUTS`` (about
half a second to a second here)."""


@dataclass(frozen=True)
class Hint:
    """The leading moves of the decision shown, in the order of their chance to win, and
    whether the first is clearly the best or only about as good as the next ones."""

    seat: int
    """The seat to move, whose moves they are."""
    rows: tuple[tuple[str, str, float, float, float], ...]
    """``(words, notation, win, win_low, win_high)`` per move shown, ranked by ``win`` (then
    by ``margins``); the notation is for code, never for the text a student reads."""
    playouts: int
    """The playouts spent in all."""
    visits: tuple[int, ...] = ()
    """The playouts behind each row's numbers."""
    margins: tuple[float, ...] = ()
    """Each row's mean final margin: its score minus the best other player's, in points."""
    best: bool = False
    """True when the first move is clearly the best (``analysis.position.is_separated`` from
    every other move: its 95% interval above theirs, or on the same dealt games ahead in wins,
    or at equal wins in points, more often than luck explains)."""
    about_as_good: int = 1
    """How many moves, the first included, cannot be told apart from the first."""
    moves: int = 0
    """How many legal moves there were."""

    def verdict(self) -> str:
        """One sentence: the best move, or how many moves are about as good."""
        if not self.rows:
            return "No move to advise."
        if self.best:
            return (
                f"Best move: {self.rows[0][0]}. Played out on the same dealt games as each of"
                f" the other {self.moves - 1} moves, it did better than every one of them by more"
                " than the playouts' luck explains (95% sure)."
            )
        if self.moves == 1:
            return f"Only one move is possible: {self.rows[0][0]}."
        if self.about_as_good >= self.moves:
            together = f"all {self.moves} moves are"
        else:
            together = f"the first {self.about_as_good} of the {self.moves} moves are"
        return (
            f"No move is clearly best: {together} about as good (their 95% intervals overlap,"
            " so these playouts cannot tell them apart)."
        )

    def lines(self) -> list[str]:
        """One line per move shown, in words: its rank, how sure, its playouts and points."""
        lines = []
        for rank, ((words, _, win, low, high), visits, margin) in enumerate(
            zip(self.rows, self.visits, self.margins, strict=True), start=1
        ):
            group = "" if rank == 1 else self._group(rank)
            lines.append(
                f"{rank}. {words}: won {_won(win, visits)} ({win:.0%}; 95% interval"
                f" {low:.0%} to {high:.0%}), {_points(margin)}{group}"
            )
        return lines

    def _group(self, rank: int) -> str:
        """What a lower row is to the first: about as good, or clearly worse."""
        return " - about as good" if rank <= self.about_as_good else " - clearly worse"

    def text(self) -> str:
        """The hint in words: the verdict, then one line per move (no engine notation)."""
        return "\n".join([self.verdict(), *self.lines()])

    def table(self) -> Table:
        """The moves shown as a lesson table: rank, move in words, chance to win, interval,
        playouts behind it, points ahead and whether it is about as good as the first."""
        rows = [
            (
                rank,
                words,
                f"{win:.0%}",
                f"{low:.0%} to {high:.0%}",
                visits,
                f"{margin:+.1f}",
                _standing(self, rank),
            )
            for rank, ((words, _, win, low, high), visits, margin) in enumerate(
                zip(self.rows, self.visits, self.margins, strict=True), start=1
            )
        ]
        return Table(rows, columns=list(MOVES_COLUMNS))

    def html(self, seat_name: str) -> str:
        """The hint as the board shows it: the verdict, then a small table in words."""
        cell = "padding:2px 8px"
        rows = "".join(
            f"<tr><td style='{cell}'>{rank}</td><td style='{cell}'>{html.escape(words)}</td>"
            f"<td style='{cell};text-align:right'><b>{win:.0%}</b> ({low:.0%} to {high:.0%})"
            f"</td><td style='{cell};text-align:right'>{visits} playouts</td>"
            f"<td style='{cell}'>{html.escape(_standing(self, rank))}</td></tr>"
            for rank, ((words, _, win, low, high), visits) in enumerate(
                zip(self.rows, self.visits, strict=True), start=1
            )
        )
        return (
            f"<b>Hint for {html.escape(seat_name)}</b>: {html.escape(self.verdict())}"
            f" Chance to win after each move, by {self.playouts} playouts from what you see"
            f" (95% interval; ranked by the chance shown).<table>{rows}</table>"
        )


def _won(win: float, visits: int) -> str:
    """How many playouts a move won, in words (``all 12 playouts``, ``8 of 13 playouts``)."""
    wins = round(win * visits)
    if visits and wins == visits:
        return f"all {visits} playouts" if visits > 1 else "its 1 playout"
    return f"{wins} of {visits} playouts"


def _points(margin: float) -> str:
    """The mean margin in words."""
    if margin != margin:  # no playout
        return "points not known"
    if abs(margin) < 0.05:
        return "level on points on average"
    side = "ahead" if margin > 0 else "behind"
    return f"{abs(margin):.1f} points {side} on average"


def _standing(found: Hint, rank: int) -> str:
    """A row's standing in words: the best, about as good as the first, or clearly worse."""
    return standing(rank, found.best, found.about_as_good)


@dataclass(frozen=True)
class Chances:
    """Each seat's chance to win from the position shown, as ``outlook`` estimates it."""

    rows: tuple[tuple[int, float, float, float], ...]
    """``(seat, win, win_low, win_high)`` per seat."""
    playouts: int
    """The playouts played."""

    def table(self, seat_name: Callable[[int], str] = lambda seat: f"Player {seat}") -> Table:
        """Each seat's chance to win as a lesson table: the player (``seat_name`` of the seat;
        a board's ``controller.seat_name``), the chance, its 95% interval and the playouts."""
        rows = [
            (seat_name(seat), f"{win:.0%}", f"{low:.0%} to {high:.0%}", self.playouts)
            for seat, win, low, high in self.rows
        ]
        return Table(rows, columns=["player", "chance to win", "95% interval", "playouts"])


def hint(
    controller: Any,
    reveal: bool = True,
    *,
    top: int = 3,
    playouts: int | None = None,
    seconds: float | None = HINT_SECONDS,
    seed: int = 0,
) -> Hint:
    """The ``top`` leading moves of the person to move with their chance to win: the analysis
    (``analysis.position.ranked_moves``) of the board's view
    (``controller.board_state(reveal)``), never of the whole truth. With ``seconds`` (the
    board's 2 s) it plays as many playouts as the time allows, stopping early once one move is
    clearly the best (``playouts``, when given, caps them); with ``seconds=None`` it plays
    ``playouts`` (default ``HINT_PLAYOUTS`` of the game) and is the same on every run.
    Refused (InvalidStateError) when no person is to play."""
    if not controller.is_person_to_play():
        raise InvalidStateError("a hint is for a person's decision: nobody is to play now")
    from bamboo_lab.analysis.position import ranked_moves

    shown = controller.board_state(reveal)
    seat = shown.current_player
    budget = HINT_PLAYOUTS[controller.game] if playouts is None and seconds is None else playouts
    found = ranked_moves(shown, seat, playouts=budget, seconds=seconds, seed=seed)
    rows = tuple(
        (label_of(controller.game, action, shown), str(action), win, low, high)
        for action, win, low, high in zip(
            found.attrs["actions"][:top],
            found.column("win")[:top],
            found.column("win_low")[:top],
            found.column("win_high")[:top],
            strict=True,
        )
    )
    return Hint(
        seat,
        rows,
        int(found.attrs["playouts"]),
        visits=tuple(int(v) for v in found.column("visits")[:top]),
        margins=tuple(float(m) for m in found.column("margin")[:top]),
        best=bool(found.attrs["best"]),
        about_as_good=int(found.attrs["about_as_good"]),
        moves=len(found.rows),
    )


def chances(
    controller: Any, reveal: bool = True, *, playouts: int | None = None, seed: int = 0
) -> Chances | None:
    """Each seat's chance to win from the position shown: ``outlook`` of the board's view from
    its viewer's seat (the public view in hot-seat). None once the game is over."""
    shown = controller.board_state(reveal)
    if shown.is_over():
        return None
    from bamboo_lab.analysis.position import seat_chances

    n = BAR_PLAYOUTS[controller.game] if playouts is None else playouts
    found = seat_chances(shown, controller.viewer(reveal), n=n, seed=seed)
    rows = tuple(
        (int(seat), float(win), float(low), float(high))
        for seat, win, low, high in zip(
            *(found.column(name) for name in ("seat", "win", "win_low", "win_high")), strict=True
        )
    )
    return Chances(rows, n)
