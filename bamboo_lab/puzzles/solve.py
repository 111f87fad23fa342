"""Solving a puzzle: checking a student's move, and re-proving a puzzle by analysis (from the
seat's view, optionally with the hidden cards re-dealt first)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bamboo_lab.analysis.position import Answer, move_namer, ranked_moves
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.games import load, start_here

from .model import Puzzle

__all__ = ["Verdict", "check_answer", "resolve", "stands"]


@dataclass(frozen=True)
class Verdict:
    """Whether a move solves a puzzle, and why, in the rulebook's words."""

    right: bool
    """True when the move is the puzzle's answer."""
    move_words: str
    """The move chosen, in words."""
    reason: str
    """Why it is right or wrong: the answer's and runner-up's chances and margins."""


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
        return Verdict(True, words, f"Right: {why}")
    return Verdict(False, words, f"Not the best: the best move is {puzzle.answer_words}; {why}")


def resolve(puzzle: Puzzle, playouts: int, seed: int, redeal: int | None = None) -> Answer:
    """``puzzle``'s position analysed again from its seat's view with ``playouts`` and
    ``seed``; with ``redeal``, the hidden cards are first re-dealt with that seed (a position
    the seat cannot tell from the puzzle's)."""
    state = puzzle.position()
    if redeal is not None:
        state = start_here(state.determinize(puzzle.seat, redeal))
    return ranked_moves(state, puzzle.seat, playouts=playouts, seed=seed)


def stands(puzzle: Puzzle, found: Answer) -> bool:
    """True when an analysis of ``puzzle`` still finds its answer clearly the best."""
    return bool(found.attrs["best"]) and str(found.attrs["actions"][0]) == puzzle.answer
