"""``bamboo-lab puzzles``: list a game's puzzles, show one, solve them in the terminal, build
the shipped sets again."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from bamboo_lab.analysis.position import move_namer
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import GAMES

from .mine import build, settings_for
from .model import DIFFICULTIES, Puzzle, PuzzleSet, load_set, read_set, set_path
from .solve import check_answer

__all__ = ["build_sets", "list_puzzles", "pick", "show_puzzle", "solve_puzzles"]


def pick(
    puzzles: PuzzleSet, theme: str | None = None, difficulty: str | None = None
) -> tuple[Puzzle, ...]:
    """The puzzles of a set with ``theme`` and ``difficulty`` (None: any); an unknown
    difficulty or a theme no puzzle has is refused with the ones there are."""
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise InvalidStateError(
            f"unknown difficulty {difficulty[:40]!r}; choose {', '.join(DIFFICULTIES)}"
        )
    themes = sorted({puzzle.theme for puzzle in puzzles.puzzles})
    if theme is not None and theme not in themes:
        raise InvalidStateError(
            f"no {puzzles.game} puzzle has the theme {theme[:60]!r}; themes: {'; '.join(themes)}"
        )
    return tuple(
        puzzle
        for puzzle in puzzles.puzzles
        if theme in (None, puzzle.theme) and difficulty in (None, puzzle.difficulty)
    )


def _numbered(game: str, number: int) -> Puzzle:
    """Puzzle ``number`` of ``game``'s shipped set, or a refusal naming the numbers there are."""
    puzzles = load_set(game).puzzles
    if not 1 <= number <= len(puzzles):
        raise InvalidStateError(
            f"{game} has puzzles 1 to {len(puzzles)}, not {number}"
            if puzzles
            else f"{game} has no puzzles yet (bamboo-lab puzzles build {game})"
        )
    return puzzles[number - 1]


def list_puzzles(
    game: str, theme: str | None, difficulty: str | None, stdout: TextIO | None = None
) -> None:
    """One line per puzzle: its number, difficulty, theme, seat and players."""
    stdout = stdout or sys.stdout
    puzzles = pick(load_set(game), theme, difficulty)
    for puzzle in puzzles:
        print(
            f"{puzzle.number:3d}. {puzzle.difficulty:6} {puzzle.theme:32}"
            f" player {puzzle.seat} of {puzzle.record.num_players},"
            f" {puzzle.legal_moves} moves to choose from",
            file=stdout,
        )
    print(f"{len(puzzles)} {game} puzzles", file=stdout)


def _header(puzzle: Puzzle) -> str:
    """The puzzle's title line: its game, number, difficulty and who is to move."""
    return (
        f"{puzzle.game} puzzle {puzzle.number} ({puzzle.difficulty}):"
        f" you are player {puzzle.seat} of {puzzle.record.num_players}; find the best move"
    )


def show_puzzle(game: str, number: int, answer: bool, stdout: TextIO | None = None) -> None:
    """The position from the solver's seat and the moves to choose from; with ``answer``,
    the answer, the runner-up and by how much it loses."""
    stdout = stdout or sys.stdout
    puzzle = _numbered(game, number)
    state = puzzle.position()
    print(_header(puzzle), file=stdout)
    print(state.view(puzzle.seat), file=stdout)
    name = move_namer(game, state)
    for index, action in enumerate(state.legal_actions(), start=1):
        print(f"  {index:3d}. {name(action)}", file=stdout)
    if answer:
        print(f"theme: {puzzle.theme}", file=stdout)
        print(check_answer(puzzle, puzzle.answer).reason, file=stdout)


def solve_puzzles(
    game: str,
    number: int | None,
    theme: str | None,
    difficulty: str | None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Ask the puzzles (one, or those of a theme and difficulty) in turn: the position, the
    moves numbered; a number or the move's notation answers, ``q`` stops. Return the score."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    puzzles = (
        [_numbered(game, number)] if number is not None else pick(load_set(game), theme, difficulty)
    )
    score = asked = 0
    for puzzle in puzzles:
        state = puzzle.position()
        legal = state.legal_actions()
        name = move_namer(game, state)
        print(_header(puzzle), file=stdout)
        print(state.view(puzzle.seat), file=stdout)
        for index, action in enumerate(legal, start=1):
            print(f"  {index:3d}. {name(action)}", file=stdout)
        while True:
            print(f"your move (1-{len(legal)}, or q): ", end="", file=stdout, flush=True)
            text = stdin.readline().strip()
            if text in ("", "q", "quit"):
                print(f"score: {score} of {asked}", file=stdout)
                return score
            if text.isdigit() and len(text) <= 6 and 1 <= int(text) <= len(legal):
                move: object = legal[int(text) - 1]
            else:
                move = text
            try:
                verdict = check_answer(puzzle, move)
            except InvalidStateError as exc:
                print(f"  {str(exc)[:200]}; choose 1 to {len(legal)}", file=stdout)
                continue
            break
        asked += 1
        score += verdict.right
        print(verdict.reason, file=stdout)
    print(f"score: {score} of {asked}", file=stdout)
    return score


def build_sets(
    games: Sequence[str],
    seed: int,
    count: int,
    out: Path | None,
    stderr: TextIO | None = None,
    resume: bool = False,
) -> None:
    """Mine each game's set for ``seed`` and write it (to its shipped file, or into ``out``);
    with ``resume``, go on from the set already in that file (a build stopped early)."""
    stderr = stderr or sys.stderr
    for game in games:
        if game not in GAMES:
            raise InvalidStateError(f"no puzzles for {game[:40]!r}; games: {', '.join(GAMES)}")
    for game in games:
        start = time.perf_counter()
        path = set_path(game) if out is None else out / f"{game}.json"

        def write(found: PuzzleSet, path: Path = path, start: float = start) -> None:
            """Write the set so far (a build stopped early keeps what it found)."""
            path.write_text(found.to_json(), encoding="utf-8")
            print(
                f"{found.game}: {len(found.puzzles)} puzzles from"
                f" {found.settings['screened']} positions, {time.perf_counter() - start:.0f} s",
                file=stderr,
                flush=True,
            )

        kept = read_set(_text(path), game) if resume else None
        found = build(game, seed, settings_for(game, count), write, kept)
        write(found)
        print(
            f"{game}: {len(found.puzzles)} puzzles in {time.perf_counter() - start:.0f} s,"
            f" written to {path}",
            file=stderr,
        )


def _text(path: Path) -> str:
    """The text of the set to resume, or a clear error when there is none."""
    if not path.is_file():
        raise InvalidStateError(f"no set to resume at {str(path)[-80:]}")
    return path.read_text(encoding="utf-8")
