"""The analysis as a student reads it: ``moves_table`` and ``moves_verdict`` (which move is
best here) and ``review_table`` (what each decision of a game cost): lesson tables
(``bamboo_lab.Table``) and sentences with the moves in the rulebook's words, chances as
percentages and the playouts behind each."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.checks import checked_int, short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.extras import require
from bamboo_lab.core.table import Table

from .playouts import MAX_PLAYOUTS
from .position import ANALYSE_COLUMNS, Answer
from .review import REVIEW_COLUMNS

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "MOVES_COLUMNS",
    "STUDENT_COLUMNS",
    "moves_table",
    "moves_verdict",
    "review_table",
    "standing",
]

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


def moves_table(
    found: pd.DataFrame | Answer,
    *,
    top: int | None = None,
    words: Callable[[Any], str] | None = None,
) -> Table:
    """An analysis (``analyse``'s table or ``ranked_moves``' rows) as a student reads it: each
    move in the rulebook's words, ranked by its chance to win (shown as a percentage, with its
    95% interval and the playouts behind it), its mean points ahead of the best other player,
    and how it compares with the first: clearly the best (its interval lies above every
    other's), about as good, or clearly worse. ``top`` keeps the first rows only; ``words``
    names each action instead of the game's words (a board's ``widgets.labels.label_of``)."""
    records = _records(found, "moves_table", words)
    if top is not None:
        records = records[: checked_int(top, "moves_table: top", 1, MAX_PLAYOUTS)]
    best, level = bool(found.attrs["best"]), int(found.attrs["about_as_good"])
    rows = []
    for record in records:
        rank = int(record["rank"])
        rows.append(
            (
                rank,
                record["words"],
                f"{record['win']:.0%}",
                f"{record['win_low']:.0%} to {record['win_high']:.0%}",
                int(record["visits"]),
                f"{record['margin']:+.1f}",
                standing(rank, best, level),
            )
        )
    return Table(rows, columns=list(MOVES_COLUMNS))


def standing(rank: int, best: bool, about_as_good: int) -> str:
    """How the move of ``rank`` compares with the first, from an analysis's ``best`` and
    ``about_as_good`` (``analysis.position.is_separated``, as the board's hint decides):
    ``clearly the best`` (rank 1, separated from every other move), ``first shown`` (rank 1,
    not separated), ``about as good`` or ``clearly worse``."""
    if rank == 1:
        return "clearly the best" if best else "first shown"
    return "about as good" if rank <= about_as_good else "clearly worse"


def moves_verdict(
    found: pd.DataFrame | Answer, *, words: Callable[[Any], str] | None = None
) -> str:
    """What an analysis says, in words: the best move when it is clearly better than every
    other, else how many moves are about as good; then the move shown first and the one shown
    last, each with its chance to win, its 95% interval and the playouts behind it (``words``
    as in :func:`moves_table`)."""
    records = _records(found, "moves_verdict", words)
    first, last = records[0], records[-1]
    count, level = len(records), int(found.attrs["about_as_good"])
    if count == 1:
        return f"Only one move is possible: *{first['words']}*."
    if found.attrs["best"]:
        opening = (
            f"The best move is *{first['words']}*: it won {_chance(first)}, and it did better"
            " than every other move by more than the playouts' luck explains."
        )
    else:
        together = f"all {count} moves" if level >= count else f"the first {level} of {count}"
        opening = (
            f"No move is clearly best: {together} are about as good, as far as these playouts"
            f" can tell. *{first['words']}*, shown first, won {_chance(first)}."
        )
    compared = "clearly worse than the first" if level < count else "about as good as the first"
    return f"{opening} *{last['words']}*, shown last, won {_chance(last)}: {compared}."


def _chance(record: dict[str, Any]) -> str:
    """A row's chance to win in words, with its interval and its playouts."""
    return (
        f"{record['win']:.0%} of its {int(record['visits'])} playouts (95% interval"
        f" {record['win_low']:.0%} to {record['win_high']:.0%})"
    )


def _records(found: Any, what: str, words: Callable[[Any], str] | None) -> list[dict[str, Any]]:
    """The rows of ``analyse``'s table or of ``ranked_moves``' answer, as dicts (``words``,
    when given, names each row's action)."""
    if isinstance(found, Answer):
        records = [dict(zip(found.columns, row, strict=True)) for row in found.rows]
    elif hasattr(found, "to_dict") and set(ANALYSE_COLUMNS) <= set(getattr(found, "columns", ())):
        records = list(found.to_dict("records"))
    else:
        raise InvalidStateError(f"{what} needs what analyse returns, not {short_repr(found)[:80]}")
    if words is not None:
        for record, action in zip(records, found.attrs["actions"], strict=True):
            record["words"] = words(action)
    return records


def review_table(
    frame: pd.DataFrame, *, top: int | None = None, words: Callable[[Any], str] | None = None
) -> Table:
    """A review (``review``'s table) as a student reads it: each decision's number, the player,
    the move played and the best move found in words, both chances to win as percentages, the
    cost in points of chance, the playouts behind each chance and a verdict in words (the
    best move found, a clear loss (flagged), a small loss (its interval above 0), or perhaps
    a loss these playouts cannot tell from noise). ``top`` keeps the first rows only; ``words``
    names the moves (``attrs["actions"]`` and ``attrs["best_actions"]``) instead of the
    game's words."""
    require("pandas", feature="bamboo_lab.analysis")
    import pandas as pd

    if not isinstance(frame, pd.DataFrame) or not set(REVIEW_COLUMNS) <= set(frame.columns):
        raise InvalidStateError(
            f"review_table needs the table review returns, not {short_repr(frame)[:80]}"
        )
    if top is not None:
        frame = frame.head(checked_int(top, "review_table: top", 1, MAX_PLAYOUTS))
    played, best = list(frame["move_words"]), list(frame["best_words"])
    if words is not None:  # the rows keep review's index: a row's place in the attrs' lists
        played = [words(frame.attrs["actions"][index]) for index in frame.index]
        best = [words(frame.attrs["best_actions"][index]) for index in frame.index]
    rows = []
    for row, played_words, best_words in zip(
        frame.itertuples(index=False), played, best, strict=True
    ):
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
                played_words,
                f"{row.win_after:.0%}",
                "the move played" if same else best_words,
                f"{row.win_before:.0%}",
                f"{max(row.loss, 0.0):.0%}",
                int(row.visits),
                verdict,
            )
        )
    return Table(rows, columns=list(STUDENT_COLUMNS))
