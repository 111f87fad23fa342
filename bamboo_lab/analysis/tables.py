"""The analysis as a student reads it: ``moves_table`` (which move is best here) and
``review_table`` (what each decision of a game cost), lesson tables (``bamboo_lab.Table``) of
moves in the rulebook's words, chances as percentages and the playouts behind each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bamboo_lab.core.checks import checked_int, short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.extras import require
from bamboo_lab.core.table import Table

from .playouts import MAX_PLAYOUTS
from .position import ANALYSE_COLUMNS, Answer
from .review import REVIEW_COLUMNS

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MOVES_COLUMNS", "STUDENT_COLUMNS", "moves_table", "review_table"]

STUDENT_COLUMNS = (
    "move",
    "player",
    "played",
    "chance to win after it",
    "best move found",
    "chance to win with it",
    "cost",
    "playouts behind each",
    "verdict",
)
"""The columns of :func:`review_table`, the review as a student reads it."""


MOVES_COLUMNS = (
    "rank",
    "move",
    "chance to win",
    "95% interval",
    "playouts",
    "points ahead",
    "compared with the first",
)
"""The columns of :func:`moves_table`, an analysis as a student reads it."""


def moves_table(found: pd.DataFrame | Answer, *, top: int | None = None) -> Table:
    """An analysis (``analyse``'s table or ``ranked_moves``' rows) as a student reads it: each
    move in the rulebook's words, ranked by its chance to win (shown as a percentage, with its
    95% interval and the playouts behind it), its mean points ahead of the best other player,
    and how it compares with the first: clearly the best (its interval lies above every
    other's), about as good, or clearly worse. ``top`` keeps the first rows only."""
    if isinstance(found, Answer):
        records = [dict(zip(found.columns, row, strict=True)) for row in found.rows]
    elif hasattr(found, "to_dict") and set(ANALYSE_COLUMNS) <= set(getattr(found, "columns", ())):
        records = found.to_dict("records")
    else:
        raise InvalidStateError(
            f"moves_table needs what analyse returns, not {short_repr(found)[:80]}"
        )
    if top is not None:
        records = records[: checked_int(top, "moves_table: top", 1, MAX_PLAYOUTS)]
    best, level = bool(found.attrs["best"]), int(found.attrs["about_as_good"])
    rows = []
    for record in records:
        rank = int(record["rank"])
        if rank == 1:
            standing = "clearly the best" if best else "first shown"
        else:
            standing = "about as good" if rank <= level else "clearly worse"
        rows.append(
            (
                rank,
                record["words"],
                f"{record['win']:.0%}",
                f"{record['win_low']:.0%} to {record['win_high']:.0%}",
                int(record["visits"]),
                f"{record['margin']:+.1f}",
                standing,
            )
        )
    return Table(rows, columns=list(MOVES_COLUMNS))


def review_table(frame: pd.DataFrame, *, top: int | None = None) -> Table:
    """A review (``review``'s table) as a student reads it: each decision's number, the player,
    the move played and the best move found in words, both chances to win as percentages, the
    cost in points of chance, the playouts behind each chance and a verdict in words (the
    best move found, a clear loss (flagged), a small loss (its interval above 0), or perhaps
    a loss these playouts cannot tell from noise). ``top``
    keeps the first rows only."""
    require("pandas", feature="bamboo_lab.analysis")
    import pandas as pd

    if not isinstance(frame, pd.DataFrame) or not set(REVIEW_COLUMNS) <= set(frame.columns):
        raise InvalidStateError(
            f"review_table needs the table review returns, not {short_repr(frame)[:80]}"
        )
    if top is not None:
        frame = frame.head(checked_int(top, "review_table: top", 1, MAX_PLAYOUTS))
    rows = []
    for row in frame.itertuples(index=False):
        same = row.move == row.best
        if same:
            verdict = "the best move found"
        elif row.flagged:
            verdict = "a clear loss"
        elif row.loss_low > 0:
            verdict = "a small loss"
        elif row.loss > 0:
            verdict = "perhaps a loss: these playouts cannot tell"
        else:
            verdict = "as good as the best found"
        rows.append(
            (
                int(row.ply),
                f"Player {int(row.player)}",
                row.move_words,
                f"{row.win_after:.0%}",
                "the move played" if same else row.best_words,
                f"{row.win_before:.0%}",
                f"{max(row.loss, 0.0):.0%}",
                int(row.visits),
                verdict,
            )
        )
    return Table(rows, columns=list(STUDENT_COLUMNS))
