"""Findings in words, written from a run's own tables, so that they cannot drift from the numbers.

Each function takes an interval table (``win_rates``, ``mean_intervals`` or any frame with a
value column and ``low`` / ``high``) and returns one or two Markdown sentences that quote the
table's numbers. Whether two rows differ is decided by their intervals alone: **we can tell**
when the two 95% intervals do not overlap, **we cannot tell** when they do (a reference value,
such as a fair share, is told apart when it lies outside the interval). A notebook shows the
sentences with ``IPython.display.Markdown(paragraph(...))``; they stay true at any number of
games, since they are rebuilt from the tables each run.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.errors import InvalidStateError

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "can_tell",
    "compare",
    "count",
    "describe",
    "extremes",
    "listing",
    "number",
    "overlap",
    "paragraph",
    "sides",
    "sorted_out",
    "tell_from",
    "versus",
]

Names = Mapping[Any, str] | Callable[[Any], str] | None
"""How rows are named in a sentence: a mapping, a function of the row's label, or ``str``."""


def overlap(first: tuple[float, float], second: tuple[float, float]) -> bool:
    """True when the intervals ``(low, high)`` share a point; an unknown (NaN) bound overlaps."""
    if any(math.isnan(bound) for bound in (*first, *second)):
        return True
    return first[0] <= second[1] and second[0] <= first[1]


def number(value: float, percent: bool = False, digits: int = 2) -> str:
    """A value as a sentence quotes it: ``2.82``, or ``53.2 %`` for a rate (``percent``)."""
    if math.isnan(value):
        return "unknown"
    if percent:
        return f"{value * 100:.{max(digits - 1, 0)}f} %"
    return f"{value:.{digits}f}"


def _column(table: pd.DataFrame, value: str | None) -> str:
    """The value column: ``value``, else ``win_rate`` or ``mean``, whichever the table has."""
    for name in (value,) if value else ("win_rate", "mean"):
        if name in table.columns:
            for bound in ("low", "high"):
                if bound not in table.columns:
                    raise InvalidStateError(f"an interval table needs a {bound!r} column")
            return name
    raise InvalidStateError(
        f"no value column {value or 'win_rate or mean'!r} in the table: {list(table.columns)[:8]}"
    )


def _row(table: pd.DataFrame, label: Hashable) -> pd.Series:
    if label not in table.index:
        raise InvalidStateError(f"no row {label!r} in the table: {list(table.index)[:8]}")
    return table.loc[label]


def _interval(table: pd.DataFrame, label: Hashable) -> tuple[float, float]:
    row = _row(table, label)
    return float(row["low"]), float(row["high"])


def _name(label: Any, names: Names) -> str:
    if names is None:
        return str(label)
    if callable(names):
        return names(label)
    return names.get(label, str(label))


def can_tell(table: pd.DataFrame, first: Hashable, second: Hashable) -> bool:
    """True when rows ``first`` and ``second`` of ``table`` have intervals that do not overlap."""
    return not overlap(_interval(table, first), _interval(table, second))


def tell_from(table: pd.DataFrame, reference: Hashable) -> pd.Series:
    """For every row, whether its interval is apart from the ``reference`` row's (bools)."""
    import pandas as pd

    base = _interval(table, reference)
    return pd.Series(
        [
            not overlap((float(lo), float(hi)), base)
            for lo, hi in zip(table["low"], table["high"], strict=True)
        ],
        index=table.index,
        dtype=bool,
    )


def describe(
    table: pd.DataFrame,
    label: Hashable,
    value: str | None = None,
    percent: bool = False,
    digits: int = 2,
    names: Names = None,
) -> str:
    """One row in words: ``**storm** 2.84 (2.75 to 2.94)``."""
    column = _column(table, value)
    row = _row(table, label)
    low, high = (number(float(row[b]), percent, digits) for b in ("low", "high"))
    return (
        f"**{_name(label, names)}** {number(float(row[column]), percent, digits)} ({low} to {high})"
    )


def compare(
    table: pd.DataFrame,
    first: Hashable,
    second: Hashable,
    what: str,
    more: str = "is higher",
    value: str | None = None,
    percent: bool = False,
    digits: int = 2,
    names: Names = None,
) -> str:
    """Two rows side by side, then "we can tell" (intervals apart) or "we cannot tell".

    ``what`` says what the numbers are (``"points per action"``); ``more`` how the higher row
    is said to differ (``"pays more"``).
    """
    column = _column(table, value)
    text = (
        f"{what.capitalize()}: {describe(table, first, column, percent, digits, names)}"
        f" against {describe(table, second, column, percent, digits, names)}."
    )
    one, two = _name(first, names), _name(second, names)
    if can_tell(table, first, second):
        high = (
            first
            if float(_row(table, first)[column]) > float(_row(table, second)[column])
            else second
        )
        leader = _name(high, names)
        return f"{text} The intervals do not overlap: we can tell that **{leader}** {more}."
    return f"{text} The intervals overlap: we cannot tell {one} from {two} with these games."


def versus(
    table: pd.DataFrame,
    label: Hashable,
    reference: float,
    what: str,
    reference_name: str,
    value: str | None = None,
    percent: bool = False,
    digits: int = 2,
    names: Names = None,
) -> str:
    """One row against a reference value (a fair share, the default's mean): inside its
    interval "we cannot tell", outside "we can tell" (and on which side)."""
    column = _column(table, value)
    low, high = _interval(table, label)
    name = _name(label, names)
    text = (
        f"{what.capitalize()}: {describe(table, label, column, percent, digits, names)};"
        f" {reference_name} is {number(reference, percent, digits)}."
    )
    if math.isnan(low) or math.isnan(high) or low <= reference <= high:
        return f"{text} That lies inside the interval: we cannot tell {name} from {reference_name}."
    side = "above" if low > reference else "below"
    return (
        f"{text} That lies outside the interval: we can tell that {name} is {side}"
        f" {reference_name}."
    )


def extremes(
    table: pd.DataFrame,
    what: str,
    value: str | None = None,
    percent: bool = False,
    digits: int = 2,
    names: Names = None,
    lowest: bool = True,
) -> str:
    """The highest row (and the lowest) and which other rows we can or cannot tell it from."""
    column = _column(table, value)
    if len(table) < 2:
        raise InvalidStateError("extremes needs a table of at least two rows")
    order = table[column].astype(float).sort_values(ascending=False, kind="stable").index
    sentences = []
    for label, word in ((order[0], "highest"), (order[-1], "lowest"))[: 2 if lowest else 1]:
        others = [other for other in order if other != label]
        apart = [_name(other, names) for other in others if can_tell(table, label, other)]
        close = [_name(other, names) for other in others if not can_tell(table, label, other)]
        head = f"The {word} {what}: {describe(table, label, column, percent, digits, names)}."
        if not close:
            sentences.append(
                f"{head} Its interval overlaps no other: we can tell it from all the others."
            )
        elif not apart:
            sentences.append(
                f"{head} Its interval overlaps every other: we cannot tell it from any of them."
            )
        else:
            sentences.append(
                f"{head} We can tell it from {listing(apart)}; we cannot tell it from"
                f" {listing(close)}."
            )
    return " ".join(sentences)


def sides(table: pd.DataFrame, reference: float) -> pd.Series:
    """Per row: ``"above"`` or ``"below"`` when its interval lies wholly on one side of
    ``reference``, else ``"cannot tell"`` (the interval holds it, or a bound is unknown)."""
    import pandas as pd

    words = []
    for low, high in zip(table["low"].astype(float), table["high"].astype(float), strict=True):
        if math.isnan(low) or math.isnan(high) or low <= reference <= high:
            words.append("cannot tell")
        else:
            words.append("above" if low > reference else "below")
    return pd.Series(words, index=table.index, dtype=object)


def sorted_out(
    table: pd.DataFrame,
    reference: float,
    reference_name: str,
    names: Names = None,
    above: str | None = None,
    below: str | None = None,
    name_the_rest: bool = True,
) -> str:
    """The rows sorted by where their intervals lie against ``reference``: those we can tell
    are above it (``above`` names them, e.g. ``"better than an average turn"``), those below,
    and those we cannot tell from it (named, or only counted without ``name_the_rest``)."""
    where = sides(table, reference)
    groups = {
        side: [_name(label, names) for label in where.index[where == side]]
        for side in ("above", "below", "cannot tell")
    }
    labels = {
        "above": above or f"above {reference_name}",
        "below": below or f"below {reference_name}",
    }
    sentences = [
        f"{labels[side][:1].upper()}{labels[side][1:]}, as we can tell: {listing(groups[side])}."
        for side in ("above", "below")
        if groups[side]
    ]
    rest = groups["cannot tell"]
    if rest and name_the_rest:
        sentences.append(f"We cannot tell from {reference_name}: {listing(rest)}.")
    elif rest and len(rest) == len(table):
        sentences.append(f"We cannot tell any of them from {reference_name}.")
    elif rest:
        other = "other" if len(rest) == 1 else f"other {len(rest)}"
        sentences.append(f"We cannot tell the {other} from {reference_name}.")
    return " ".join(sentences)


def count(found: int, total: int, items: str, event: str) -> str:
    """A count in words: ``None of the 1000 games stopped ...`` or ``3 of the 1000 games ...``."""
    if not 0 <= found <= total:
        raise InvalidStateError(f"a count must lie between 0 and the total, not {found} of {total}")
    head = "None" if found == 0 else ("All" if found == total else str(found))
    return f"{head} of the {total} {items} {event}."


def listing(items: Iterable[str], empty: str = "none") -> str:
    """Words joined as a reader says them: ``a and b``, ``a, b and c`` (``empty`` if none)."""
    words = list(items)
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def paragraph(*sentences: str) -> str:
    """Sentences joined into one Markdown paragraph (empty ones dropped)."""
    return " ".join(sentence.strip() for sentence in sentences if sentence and sentence.strip())
