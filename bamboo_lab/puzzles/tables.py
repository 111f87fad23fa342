"""The shipped puzzles as tables for a reader (standard library only: ``core.table.Table``, so
they show in JupyterLite offline too): how many puzzles per game and theme, how each set was
built and proved, a puzzle's question (the moves to choose from) and its proof."""

from __future__ import annotations

from collections.abc import Iterable

from bamboo_lab.analysis.position import move_namer
from bamboo_lab.core.table import Table
from bamboo_lab.games import GAMES, load

from .model import DIFFICULTIES, Puzzle, load_set

__all__ = ["builds_table", "count_table", "proof_table", "question", "question_table"]


def count_table(games: Iterable[str] = GAMES) -> Table:
    """How many shipped puzzles each game has, by theme (rows) and difficulty (columns)."""
    rows = []
    for game in games:
        puzzles = load_set(game).puzzles
        for theme in sorted({puzzle.theme for puzzle in puzzles}):
            kept = [puzzle for puzzle in puzzles if puzzle.theme == theme]
            row: dict[str, object] = {"game": game.title(), "theme": theme}
            for level in DIFFICULTIES:
                row[level] = sum(puzzle.difficulty == level for puzzle in kept)
            row["puzzles"] = len(kept)
            rows.append(row)
    return Table(rows)


def builds_table(games: Iterable[str] = GAMES) -> Table:
    """How each game's set was built and proved: the bot games and positions looked at, the
    playouts of the quick look and of the two proofs, the puzzles kept (one column a game)."""
    columns = {}
    for game in games:
        puzzles = load_set(game)
        settings = puzzles.settings
        columns[game.title()] = {
            "bot games played (at most)": settings.get("games"),
            "positions looked at": settings.get("screened"),
            "playouts of the quick look": settings.get("screen"),
            "playouts of each of the two proofs (at most)": settings.get("large"),
            "puzzles kept": len(puzzles.puzzles),
        }
    return Table(columns)


def question(puzzle: Puzzle) -> str:
    """The puzzle's question in words: the game, the player to move and the task."""
    return (
        f"{puzzle.game.title()} puzzle {puzzle.number} ({puzzle.difficulty}): you are player"
        f" {puzzle.seat} of {puzzle.record.num_players}. Find the best move."
    )


def question_table(puzzle: Puzzle) -> Table:
    """The moves the puzzle's player may make, in the rulebook's words, each once (two copies of
    a card make the same move; the answer is not marked)."""
    state = puzzle.position()
    name = move_namer(puzzle.game, state)
    moves = dict.fromkeys(name(action) for action in state.legal_actions())
    return Table([{"the moves you may make": words} for words in moves])


def proof_table(puzzle: Puzzle) -> Table:
    """The proof of a puzzle: the best move and the runner-up, the chance to win after each
    and the points ahead of the best other player at the end, on average (the moves named as
    the question names them)."""
    state = puzzle.position()
    name = move_namer(puzzle.game, state)
    parse = load(puzzle.game).parse_action
    rows = [
        ("the best move", name(parse(puzzle.answer, state)), puzzle.win, puzzle.margin),
        (
            "the runner-up",
            name(parse(puzzle.runner_up, state)),
            puzzle.runner_up_win,
            puzzle.runner_up_margin,
        ),
    ]
    return Table(
        [
            {
                "": rank,
                "move": words,
                "chance to win": f"{round(100 * win)}%",
                "points ahead at the end": round(margin, 1),
            }
            for rank, words, win, margin in rows
        ]
    ).set_index("")
