"""The replay viewer's controller: a finished or saved game's states, its log and a position,
and, when asked, the game's review (``bamboo_lab.analysis.review``) for the win-probability
curve under the board."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.protocol import GameState
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import actions_between, record_of, start_here
from bamboo_lab.games import play as play_moves
from bamboo_lab.games import replay as replay_record

from .labels import log_line, short_text

__all__ = ["ReplayController"]


class ReplayController:
    """A finished or saved game to step through: its states and log, and a position index."""

    def __init__(self, record_or_states: Any, review: Any = None) -> None:
        """Take a GameRecord (replayed by the engine) or a non-empty list of states; ``review``
        is ``True`` (review the game with the defaults), a dict of ``analysis.review`` keyword
        arguments (``{"seat": 0, "n": 8}``), a review table already computed, or None."""
        if isinstance(record_or_states, GameRecord):
            self.states = list(replay_record(record_or_states))
            self.game = record_or_states.game
        else:
            try:
                states = list(record_or_states)
            except TypeError:
                raise InvalidStateError(
                    f"replay needs a GameRecord or a list of states, not"
                    f" {type(record_or_states).__name__}"
                ) from None
            if not states or not all(isinstance(getattr(s, "game", None), str) for s in states):
                raise InvalidStateError("replay needs a non-empty list of game states")
            _check_one_game(states)
            self.states = states
            self.game = states[0].game
        self.lines = self._lines()
        self.index = 0
        self.review = self._review(record_or_states, review)
        """The review table (one row per decision), or None when none was asked for."""

    def _review(self, given: Any, review: Any) -> Any:
        """The review table asked for by ``review`` (see ``__init__``), checked against the game."""
        if review is None or review is False:
            return None
        if review is True or isinstance(review, Mapping):
            from bamboo_lab.analysis import review as review_game

            record = given if isinstance(given, GameRecord) else self.record()
            return review_game(record, **(review if isinstance(review, Mapping) else {}))
        from bamboo_lab.analysis import REVIEW_COLUMNS

        columns = getattr(review, "columns", ())
        if not all(column in columns for column in REVIEW_COLUMNS[:8]):
            raise InvalidStateError(
                "review must be True, a dict of review() arguments or the table review() returns"
            )
        if len(review) and not 1 <= int(review["ply"].max()) <= self.plies[-1]:
            raise InvalidStateError(
                f"this review's plies go past this game's {self.plies[-1]} actions"
            )
        return review

    def record(self) -> GameRecord:
        """The game as a record: its first state as the start, then every action after it."""
        first, last = self.states[0], self.states[-1]
        moves = actions_between(first, last) or ()
        return record_of(self.game, play_moves(start_here(first), *moves), 0)

    def _lines(self) -> list[str]:
        lines = []
        self.plies = [0]
        """The number of actions from the first state to each state (a record's ply)."""
        for before, after in zip(self.states, self.states[1:], strict=False):
            new = actions_between(before, after) or ()  # shared histories: not written out
            self.plies.append(self.plies[-1] + len(new))
            seat = before.current_player
            for action in new:
                who = f"Player {seat}" if seat >= 0 else ""
                lines.append(log_line(self.game, seat, action, before, who))
        return lines

    def go(self, index: int) -> GameState:
        """Move to position ``index`` (0 = the start) and return its state."""
        if isinstance(index, bool) or not isinstance(index, int):  # True is not a ply
            shown = short_text(repr(index))
            raise InvalidStateError(f"position must be a whole number, not {shown}")
        if not 0 <= index < len(self.states):
            raise InvalidStateError(f"position must be 0..{len(self.states) - 1}, not {index!r}")
        self.index = index
        return self.states[index]

    @property
    def state(self) -> GameState:
        """The state at the current position."""
        return self.states[self.index]

    @property
    def ply(self) -> int:
        """The number of actions from the first state to the current one (the review's ply)."""
        return self.plies[self.index]

    @property
    def log(self) -> list[str]:
        """The log up to the current position."""
        return self.lines[: self.index]


def _check_one_game(states: list[Any]) -> None:
    """Each state follows the one before it by the actions it adds to the history: one game,
    in order (a shuffled list, or states of several games, is refused)."""
    for ply, (before, after) in enumerate(itertools.pairwise(states), start=1):
        new = actions_between(before, after) if type(after) is type(before) else None
        ok = bool(new)  # walks back along the shared history: linear in the game's length
        if new:
            state = before
            try:
                for action in new:
                    state = state.apply(action)
            except BambooLabError:
                ok = False
            ok = ok and state == after
        if not ok:
            raise InvalidStateError(
                f"state {ply} of the list does not follow state {ply - 1}: give the states of"
                " one game in order"
            )
