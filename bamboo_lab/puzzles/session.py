"""A puzzle session without any widget: the puzzles a filter keeps, the one being asked, the
moves to choose from (in the rulebook's words), the answers given and the score."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bamboo_lab.analysis.position import move_namer
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import GAMES

from .model import Puzzle, load_set
from .solve import Verdict, check_answer

__all__ = ["Session", "Step"]


@dataclass(frozen=True)
class Step:
    """A move of a puzzle's seat: its words and the action."""

    words: str
    """The move in the rulebook's words (what its button says)."""
    action: Any
    """The legal action."""


class Session:
    """Puzzles asked one after another, kept by game, theme and difficulty, with a score."""

    def __init__(self, game: str = "bamboo") -> None:
        """A session on ``game``'s shipped puzzles, every theme and difficulty."""
        self.score = 0
        """Puzzles answered right."""
        self.answered = 0
        """Puzzles answered."""
        self.verdict: Verdict | None = None
        """The verdict on the current puzzle (None until it is answered)."""
        self._index = 0
        self.puzzles: tuple[Puzzle, ...] = ()
        """The puzzles the filters keep, in order."""
        self.game = game
        self.theme: str | None = None
        self.difficulty: str | None = None
        self.choose(game)

    def choose(self, game: str, theme: str | None = None, difficulty: str | None = None) -> None:
        """Keep the puzzles of ``game`` with ``theme`` and ``difficulty`` (None: any) and ask
        the first; a filter that keeps none is refused and changes nothing."""
        if game not in GAMES:
            raise InvalidStateError(f"no puzzles for {str(game)[:40]!r}; games: {', '.join(GAMES)}")
        kept = tuple(
            puzzle
            for puzzle in load_set(game).puzzles
            if theme in (None, puzzle.theme) and difficulty in (None, puzzle.difficulty)
        )
        if not kept:
            wanted = [f"the theme {theme!r}"] if theme else []
            wanted += [f"the difficulty {difficulty!r}"] if difficulty else []
            raise InvalidStateError(f"no {game} puzzle has {' and '.join(wanted) or 'a number'}")
        self.game, self.theme, self.difficulty, self.puzzles = game, theme, difficulty, kept
        self._index = 0
        self.verdict = None

    def themes(self, game: str) -> list[str]:
        """The themes of ``game``'s puzzles, sorted."""
        return sorted({puzzle.theme for puzzle in load_set(game).puzzles})

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle being asked."""
        return self.puzzles[self._index]

    def position(self) -> GameState:
        """The current puzzle's position."""
        return self.puzzle.position()

    def steps(self) -> list[Step]:
        """The moves the seat may make, in words."""
        state = self.position()
        name = move_namer(self.game, state)
        return [Step(name(action), action) for action in state.legal_actions()]

    def answer(self, move: Any) -> Verdict:
        """Answer the current puzzle with ``move`` (counted once: a second answer to the same
        puzzle is judged but not scored)."""
        verdict = check_answer(self.puzzle, move)
        if self.verdict is None:
            self.answered += 1
            self.score += verdict.right
        self.verdict = verdict
        return verdict

    def next(self) -> Puzzle:
        """Ask the next puzzle (after the last, the first again)."""
        self._index = (self._index + 1) % len(self.puzzles)
        self.verdict = None
        return self.puzzle

    def score_text(self) -> str:
        """The session's score in words."""
        return f"{self.score} right of {self.answered} answered"
