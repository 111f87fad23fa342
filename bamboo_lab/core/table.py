"""A small table for the lessons, standard library only: rows and columns shown as an HTML table
in Jupyter and as aligned text elsewhere.

The course runs in JupyterLite, where pandas is not available offline; this covers what the
lessons asked of pandas. Build a :class:`Table` from a list of row dicts (or row sequences with
``columns=``) or from a dict of columns (lists, or dicts from row label to cell). Row labels are
``index=`` with ``index_name=``; ``.T`` swaps rows and columns; ``table[["a", "b"]]`` picks
columns, ``rename(columns=...)`` renames them and ``set_index(column)`` turns one into the row
labels. Cells are never cut; a missing cell (or ``None``) shows as a dash; lists, tuples and sets
show as their items joined with ", ", dicts as "key: value" pairs.
"""

from __future__ import annotations

import html
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from .checks import quoted
from .errors import InvalidStateError

__all__ = ["MISSING", "Table", "cell_text"]

MISSING = "—"
"""How a missing cell (or ``None``, or a float NaN) is shown."""

_ABSENT = object()
"""The cell a row or column did not give (shown as :data:`MISSING`)."""


def _is_missing(value: Any) -> bool:
    """True for an absent cell, ``None`` and a float NaN."""
    return value is _ABSENT or value is None or (isinstance(value, float) and value != value)


def _is_number(value: Any) -> bool:
    """True for ints and floats, not bools (numbers are aligned right)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def cell_text(value: Any) -> str:
    """A cell as a student reads it: a dash when missing, items joined with ", " for a list,
    tuple or set, "key: value" pairs for a dict, a float without trailing noise."""
    if _is_missing(value):
        return MISSING
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, Mapping):
        return ", ".join(f"{cell_text(k)}: {_item_text(v)}" for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return ", ".join(sorted(_item_text(item) for item in value))
    if isinstance(value, (list, tuple)):
        return ", ".join(_item_text(item) for item in value)
    return str(value)


def _item_text(value: Any) -> str:
    """An item inside a list cell: a nested list in parentheses, anything else as a cell."""
    if isinstance(value, (list, tuple, set, frozenset)):
        return f"({cell_text(value)})"
    return cell_text(value)


def _cells(column: Hashable, values: Any) -> list[Any]:
    """The cells of one column given as a sequence or any iterable (not a string or a scalar)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InvalidStateError(
            f"column {quoted(column)} holds {quoted(values)}: give a list of its cells "
            "(or a dict from row label to cell)"
        )
    return list(values)


def _unique(labels: Sequence[Hashable], what: str) -> tuple[Hashable, ...]:
    """``labels`` as a tuple, refusing a repeated one (``what`` names them in the message)."""
    seen: set[Hashable] = set()
    for label in labels:
        try:
            if label in seen:
                raise InvalidStateError(f"{what} {quoted(label)} appears twice")
        except TypeError:
            raise InvalidStateError(f"{what} {quoted(label)} is not a label") from None
        seen.add(label)
    return tuple(labels)


class Table:
    """Rows and columns of cells with optional row labels, shown as an HTML table in Jupyter."""

    __slots__ = ("_cells", "_columns", "_columns_name", "_index", "_index_name")

    def __init__(
        self,
        data: Iterable[Any] | Mapping[Hashable, Any] = (),
        *,
        columns: Iterable[Hashable] | None = None,
        index: Iterable[Hashable] | None = None,
        index_name: str | None = None,
        columns_name: str | None = None,
    ) -> None:
        """A table from a list of row dicts (or row sequences with ``columns``) or a dict of
        columns; ``index`` labels the rows (default: none shown), ``index_name`` heads them."""
        chosen = None if columns is None else list(columns)
        labels = None if index is None else list(index)
        if isinstance(data, Mapping):
            found, rows, labels = _from_columns(data, chosen, labels)
        elif isinstance(data, (str, bytes)) or not isinstance(data, Iterable):
            raise InvalidStateError(
                f"a table is built from a list of rows or a dict of columns, not {quoted(data)}"
            )
        else:
            found, rows = _from_rows(list(data), chosen)
        if labels is not None and len(labels) != len(rows):
            raise InvalidStateError(f"the index has {len(labels)} labels for {len(rows)} rows")
        self._columns = _unique(found, "column")
        self._cells = tuple(tuple(row) for row in rows)
        self._index = None if labels is None else tuple(labels)
        self._index_name = index_name
        self._columns_name = columns_name

    @property
    def columns(self) -> tuple[Hashable, ...]:
        """The column labels, in order."""
        return self._columns

    @property
    def index(self) -> tuple[Hashable, ...]:
        """The row labels (0, 1, 2... when none were given)."""
        return tuple(range(len(self._cells))) if self._index is None else self._index

    @property
    def index_name(self) -> str | None:
        """The heading of the row labels, if any."""
        return self._index_name

    @property
    def columns_name(self) -> str | None:
        """The heading of the column labels, if any (the index name before a transpose)."""
        return self._columns_name

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return len(self._cells), len(self._columns)

    def __len__(self) -> int:
        """The number of rows."""
        return len(self._cells)

    def __eq__(self, other: object) -> bool:
        """Same labels, headings and cells."""
        if not isinstance(other, Table):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        """Tables are values (hashable when their cells are)."""
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        """Everything a table shows, for comparing."""
        cells = tuple(tuple(None if _is_missing(v) else v for v in row) for row in self._cells)
        return (self._columns, self._index, self._index_name, self._columns_name, cells)

    def rows(self) -> list[dict[Hashable, Any]]:
        """The rows as dicts from column to cell (``None`` where missing)."""
        return [
            {c: None if _is_missing(v) else v for c, v in zip(self._columns, row, strict=True)}
            for row in self._cells
        ]

    def column(self, label: Hashable) -> list[Any]:
        """The cells of one column, top to bottom (``None`` where missing)."""
        at = self._position(label)
        return [None if _is_missing(row[at]) else row[at] for row in self._cells]

    def __getitem__(self, key: Hashable | list[Hashable]) -> Any:
        """``table["a"]``: a column's cells; ``table[["a", "b"]]``: a table of those columns."""
        if isinstance(key, list):
            at = [self._position(label) for label in key]
            cells = [[row[i] for i in at] for row in self._cells]
            return self._with(key, cells, self._index, self._index_name, self._columns_name)
        return self.column(key)

    def _position(self, label: Hashable) -> int:
        """Where column ``label`` is, or a refusal naming the columns there are."""
        for i, column in enumerate(self._columns):
            if column == label:
                return i
        known = ", ".join(map(cell_text, self._columns)) or "none"
        raise InvalidStateError(f"no column {quoted(label)} (columns: {known})")

    def _with(
        self,
        columns: Sequence[Hashable],
        cells: Sequence[Sequence[Any]],
        index: Sequence[Hashable] | None,
        index_name: str | None,
        columns_name: str | None,
    ) -> Table:
        """A table of these parts, already checked but for repeated columns."""
        table = Table.__new__(Table)
        table._columns = _unique(columns, "column")
        table._cells = tuple(tuple(row) for row in cells)
        table._index = None if index is None else tuple(index)
        table._index_name = index_name
        table._columns_name = columns_name
        return table

    def rename(self, columns: Mapping[Hashable, Hashable]) -> Table:
        """The same table with columns renamed by ``columns`` (old label -> new label)."""
        for old in columns:
            self._position(old)
        renamed = [columns.get(label, label) for label in self._columns]
        return self._with(renamed, self._cells, self._index, self._index_name, self._columns_name)

    def set_index(self, column: Hashable) -> Table:
        """The same table with ``column`` as the row labels, headed by its name."""
        at = self._position(column)
        rest = [label for i, label in enumerate(self._columns) if i != at]
        cells = [[v for i, v in enumerate(row) if i != at] for row in self._cells]
        labels = [row[at] for row in self._cells]
        name = column if isinstance(column, str) else cell_text(column)
        return self._with(rest, cells, labels, name, self._columns_name)

    def transposed(self) -> Table:
        """Rows become columns and columns rows (the headings swap too)."""
        if self._index is not None and len(set(self._index)) < len(self._index):
            raise InvalidStateError(
                "rows with the same label cannot become columns: give each row its own label"
            )
        cells = [list(column) for column in zip(*self._cells, strict=True)]
        if not self._cells:
            cells = [[] for _ in self._columns]
        return self._with(self.index, cells, self._columns, self._columns_name, self._index_name)

    @property
    def T(self) -> Table:
        """The transposed table (:meth:`transposed`; pandas' name, which students may meet)."""
        return self.transposed()

    def _shows_index(self) -> bool:
        """Row labels are shown when given or headed."""
        return self._index is not None or self._index_name is not None

    def _header(self) -> list[str]:
        """The corner heading above the row labels."""
        return [cell_text(self._columns_name or self._index_name or "")]

    def _numeric_columns(self) -> list[bool]:
        """For each column, whether every cell given is a number (aligned right)."""
        numeric = []
        for j in range(len(self._columns)):
            values = [row[j] for row in self._cells if not _is_missing(row[j])]
            numeric.append(bool(values) and all(map(_is_number, values)))
        return numeric

    def to_text(self) -> str:
        """The table as aligned plain text (every cell in full)."""
        shown = self._shows_index()
        head = (self._header() if shown else []) + [cell_text(c) for c in self._columns]
        body = [
            ([cell_text(label)] if shown else []) + [cell_text(v) for v in row]
            for label, row in zip(self.index, self._cells, strict=True)
        ]
        lines: list[list[str]] = [head, *body]
        if shown and self._columns_name and self._index_name:
            lines.insert(1, [self._index_name] + [""] * len(self._columns))
        widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
        right = ([False] if shown else []) + self._numeric_columns()
        out = []
        for line in lines:
            parts = [
                text.rjust(width) if is_right else text.ljust(width)
                for text, width, is_right in zip(line, widths, right, strict=True)
            ]
            out.append("  ".join(parts).rstrip())
        return "\n".join(out)

    def __str__(self) -> str:
        """The aligned text form (:meth:`to_text`)."""
        return self.to_text()

    def __repr__(self) -> str:
        """The aligned text form, so a table reads well outside Jupyter too."""
        return self.to_text() if self._columns else f"Table({len(self._cells)} rows, no columns)"

    def _repr_html_(self) -> str:
        """The table as HTML for Jupyter: escaped, every cell in full, numbers aligned right."""
        shown = self._shows_index()
        align = ["right" if n else "left" for n in self._numeric_columns()]
        out = ['<table class="bamboo-lab-table">', "<thead>", "<tr>"]
        if shown:
            out.append(f'<th style="text-align: left">{html.escape(self._header()[0])}</th>')
        out += [
            f'<th style="text-align: {a}">{_escaped(c)}</th>'
            for c, a in zip(self._columns, align, strict=True)
        ]
        out.append("</tr>")
        if shown and self._columns_name and self._index_name:
            blanks = "<th></th>" * len(self._columns)
            name = html.escape(self._index_name)
            out.append(f'<tr><th style="text-align: left">{name}</th>{blanks}</tr>')
        out += ["</thead>", "<tbody>"]
        for label, row in zip(self.index, self._cells, strict=True):
            out.append("<tr>")
            if shown:
                out.append(f'<th style="text-align: left">{_escaped(label)}</th>')
            out += [
                f'<td style="text-align: {a}">{_escaped(value)}</td>'
                for value, a in zip(row, align, strict=True)
            ]
            out.append("</tr>")
        out += ["</tbody>", "</table>"]
        return "".join(out)

    def __iter__(self) -> Iterator[dict[Hashable, Any]]:
        """The rows as dicts (:meth:`rows`)."""
        return iter(self.rows())


def _escaped(value: Any) -> str:
    """A cell's text, escaped for HTML."""
    return html.escape(cell_text(value))


def _from_rows(
    rows: list[Any], chosen: list[Hashable] | None
) -> tuple[list[Hashable], list[list[Any]]]:
    """Columns and cells from row dicts (columns in first-seen order, or ``chosen``) or from row
    sequences (``chosen`` required, one cell per column)."""
    if all(isinstance(row, Mapping) for row in rows):
        found: list[Hashable] = [] if chosen is None else chosen
        if chosen is None:
            seen: set[Hashable] = set()
            for row in rows:
                for key in row:
                    if key not in seen:
                        seen.add(key)
                        found.append(key)
        return found, [[row.get(c, _ABSENT) for c in found] for row in rows]
    cells = []
    for n, row in enumerate(rows):
        if isinstance(row, Mapping):
            raise InvalidStateError(f"row {n} is a dict but others are not: give one kind of row")
        if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            raise InvalidStateError(f"row {n} is {quoted(row)}, not a dict or a list of cells")
        if chosen is None:
            raise InvalidStateError("rows given as lists need columns=[...] to name their cells")
        values = list(row)
        if len(values) != len(chosen):
            raise InvalidStateError(f"row {n} has {len(values)} cells for {len(chosen)} columns")
        cells.append(values)
    return ([] if chosen is None else chosen), cells


def _from_columns(
    data: Mapping[Hashable, Any],
    chosen: list[Hashable] | None,
    labels: list[Hashable] | None,
) -> tuple[list[Hashable], list[list[Any]], list[Hashable] | None]:
    """Columns, cells and row labels from a dict of columns: every column a list of cells, or
    every column a dict from row label to cell (the rows are then every label met, or ``labels``
    when given)."""
    if chosen is not None:
        for label in chosen:
            if label not in data:
                known = ", ".join(map(cell_text, data)) or "none"
                raise InvalidStateError(f"no column {quoted(label)} (columns: {known})")
        data = {c: data[c] for c in chosen}
    kinds = {isinstance(values, Mapping) for values in data.values()}
    if kinds == {True}:
        if labels is None:
            labels = []
            for values in data.values():
                labels += [key for key in values if key not in labels]
        rows = [[data[c].get(label, _ABSENT) for c in data] for label in labels]
        return list(data), rows, labels
    if len(kinds) > 1:
        raise InvalidStateError(
            "give every column as a list of cells, or every column as a dict by row label"
        )
    columns = {label: _cells(label, values) for label, values in data.items()}
    lengths = {len(cells) for cells in columns.values()}
    if len(lengths) > 1:
        sizes = ", ".join(f"{cell_text(c)}: {len(v)}" for c, v in columns.items())
        raise InvalidStateError(f"columns of different lengths ({sizes})")
    count = lengths.pop() if lengths else len(labels or ())
    rows = [[cells[i] for cells in columns.values()] for i in range(count)]
    return list(columns), rows, labels
