"""Solving a puzzle: checking a student's move, and proving a puzzle by analysis (from the
seat's view, optionally with the hidden cards re-dealt first): the same test of "clearly best"
when a puzzle is mined and when it is proved again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bamboo_lab.analysis.playouts import DEFAULT_BOT, playout_bots
from bamboo_lab.analysis.position import (
    Answer,
    Arm,
    decide,
    move_namer,
    ranked_table,
    wins_more,
)
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import load, start_here

from .model import Puzzle

__all__ = [
    "STANDING_SEED",
    "Verdict",
    "analysed",
    "check_answer",
    "clearly_best",
    "resolve",
    "stands",
]

STANDING_SEED = 4_000_000_000
"""The seed of the standing check, at twice the proving budget: the build's last check on a
puzzle and the soak's re-proof of every shipped one (a seed no proof derives: proof seeds are
below 2**31). The soak thus fails when a change to the rules, the bots or the analysis moves
a puzzle's answer."""


@dataclass(frozen=True)
class Verdict:
    """Whether a move solves a puzzle, and why, in the rulebook's words."""

    right: bool
    """True when the move is the puzzle's answer."""
    move_words: str
    """The move chosen, in words."""
    why: str
    """Why it is right or wrong, without the verdict: the best move (when another was chosen),
    the answer's and the runner-up's chances and margins."""

    @property
    def heading(self) -> str:
        """The verdict in two words or one: ``Right`` or ``Not the best``."""
        return "Right" if self.right else "Not the best"

    @property
    def reason(self) -> str:
        """The verdict and why, in one line (the terminal prints it)."""
        return f"{self.heading}: {self.why}"


def _percent(share: float) -> str:
    """A share as a whole percentage."""
    return f"{round(100 * share)}%"


def check_answer(puzzle: Puzzle, move: Any) -> Verdict:
    """Whether ``move`` (a notation, the move in words, or an action) is ``puzzle``'s answer;
    a move that is not legal in the position raises InvalidStateError saying so."""
    state = puzzle.position()
    legal = state.legal_actions()
    name = move_namer(puzzle.game, state)
    action = next((item for item in legal if move in (item, str(item), name(item))), None)
    if action is None and isinstance(move, str):
        try:
            action = load(puzzle.game).parse_action(move, state)
        except BambooLabError as exc:
            raise InvalidStateError(f"not a move here: {move[:60]!r} ({exc})") from exc
    if action is None or action not in legal:
        raise InvalidStateError(f"not a legal move in this position: {str(move)[:60]!r}")
    words = name(action)
    why = (
        f"after {puzzle.answer_words}, you win {_percent(puzzle.win)} of the playouts and end"
        f" {puzzle.margin:+.1f} points against the best other player; after the runner-up,"
        f" {puzzle.runner_up_words}, {_percent(puzzle.runner_up_win)} and"
        f" {puzzle.runner_up_margin:+.1f} points ({puzzle.theme})."
    )
    if str(action) == puzzle.answer:
        return Verdict(True, words, why)
    return Verdict(False, words, f"the best move is {puzzle.answer_words}; {why}")


def clearly_best(arms: Sequence[Arm]) -> bool:
    """True when the first of ``arms`` (ranked best first) is a puzzle's answer: it wins
    clearly more often than every other move (:func:`~bamboo_lab.analysis.position.wins_more`)
    and its mean margin is above the runner-up's (the second arm)."""
    if len(arms) < 2:
        return False
    answer, runner_up = arms[0], arms[1]
    others = len(arms) - 1
    if not all(wins_more(answer, arm, others) for arm in arms[1:]):
        return False
    return answer.key()[1] > runner_up.key()[1]


def analysed(position: GameState, seat: int, playouts: int, seed: int) -> tuple[Answer, list[Arm]]:
    """``ranked_moves``'s table of ``position`` from ``seat``'s view (the same rows, the same
    attrs) with the arms it was made from: :func:`clearly_best` needs their playouts world by
    world, which the table does not keep."""
    view = position.view(seat)
    ranked, spent = decide(view, seat, playouts, seed, playout_bots(DEFAULT_BOT, position))
    return ranked_table(view, seat, ranked, spent, seed, None), ranked


def resolve(
    puzzle: Puzzle, playouts: int, seed: int, redeal: int | None = None
) -> tuple[Answer, list[Arm]]:
    """``puzzle``'s position analysed again from its seat's view with ``playouts`` and
    ``seed`` (:func:`analysed`); with ``redeal``, the hidden cards are first re-dealt with
    that seed (a position the seat cannot tell from the puzzle's)."""
    state = puzzle.position()
    if redeal is not None:
        state = start_here(state.determinize(puzzle.seat, redeal))
    return analysed(state, puzzle.seat, playouts, seed)


def stands(answer: Any, arms: Sequence[Arm]) -> bool:
    """True when an analysis (its arms, best first) finds ``answer`` (an action or its
    notation) clearly the best, by the test that makes a puzzle (:func:`clearly_best`)."""
    return bool(arms) and str(arms[0].action) == str(answer) and clearly_best(arms)
