"""The lessons' table (core.table): built from rows or columns, labelled, transposed, shown in
full as escaped HTML and aligned text, refusing bad input with one clear line."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest

import bamboo_lab
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.table import MISSING, Table, cell_text


class _Cells(HTMLParser):
    """The rows of an HTML table, as lists of (tag, text) per cell."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[tuple[str, str]]] = []
        self.tags: list[str] = []
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._open = tag
            self.rows[-1].append((tag, ""))

    def handle_endtag(self, tag: str) -> None:
        self.tags.append("/" + tag)
        if tag in ("td", "th"):
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open:
            tag, text = self.rows[-1][-1]
            self.rows[-1][-1] = (tag, text + data)


def cells(table: Table) -> _Cells:
    """The parsed HTML of ``table``."""
    parser = _Cells()
    parser.feed(table._repr_html_())
    parser.close()
    return parser


def texts(table: Table) -> list[list[str]]:
    """The text of each HTML cell, row by row (header rows first)."""
    return [[text for _, text in row] for row in cells(table).rows]


# Building


def test_rows_of_dicts_give_columns_in_first_seen_order_and_no_index_column() -> None:
    table = Table([{"card": "G01", "met": True}, {"card": "G02", "extra": 3, "met": False}])
    assert table.columns == ("card", "met", "extra")
    assert table.shape == (2, 3) and len(table) == 2
    assert table.rows() == [
        {"card": "G01", "met": True, "extra": None},
        {"card": "G02", "met": False, "extra": 3},
    ]
    assert texts(table) == [
        ["card", "met", "extra"],
        ["G01", "True", MISSING],
        ["G02", "False", "3"],
    ]


def test_rows_as_sequences_need_columns_and_keep_their_order() -> None:
    table = Table([("what", 1), ("total", 3)], columns=["what", "points"])
    assert table.column("points") == [1, 3]
    assert table["what"] == ["what", "total"]


def test_columns_of_lists_take_any_iterable_and_the_given_index() -> None:
    table = Table({"n": map(str, [[0, 1], [1]]), "k": (1, 2)}, index=["a", "b"], index_name="x")
    assert table.index == ("a", "b") and table.index_name == "x"
    assert texts(table) == [["x", "n", "k"], ["a", "[0, 1]", "1"], ["b", "[1]", "2"]]


def test_columns_of_dicts_are_aligned_by_row_label_and_missing_cells_show_a_dash() -> None:
    table = Table({"before": {"green": 1, "pink": 1}, "after": {"green": 0, "yellow": 2}})
    assert table.index == ("green", "pink", "yellow")
    assert table.rows()[1] == {"before": 1, "after": None}
    assert texts(table)[2] == ["pink", "1", MISSING]
    assert "nan" not in table._repr_html_().lower() and "None" not in str(table)


def test_columns_of_dicts_with_an_index_pick_and_order_the_rows() -> None:
    table = Table({"c": {"a": 1, "b": 2}}, index=["b", "a", "z"])
    assert table.column("c") == [2, 1, None]


def test_columns_keyword_picks_and_orders_columns() -> None:
    assert Table([{"a": 1, "b": 2}], columns=["b"]).rows() == [{"b": 2}]
    assert Table({"a": [1], "b": [2]}, columns=["b", "a"]).columns == ("b", "a")


def test_none_and_nan_show_as_missing() -> None:
    table = Table({"v": [None, float("nan"), 0.5]})
    assert [row[0] for row in texts(table)[1:]] == [MISSING, MISSING, "0.5"]


def test_an_empty_table_shows_its_headings_only() -> None:
    assert Table().shape == (0, 0)
    table = Table([], columns=["a"])
    assert texts(table) == [["a"]]
    assert table.T.index == ("a",) and table.T.columns == ()
    assert "no columns" in repr(Table())


# Transpose, selection, renaming, labels


def test_transpose_swaps_rows_columns_and_headings() -> None:
    trips = {"panda to 2,0": {"before": 0, "eaten": 0}, "panda to 1,0": {"before": 2, "eaten": 1}}
    table = Table(trips).T
    assert table.columns == ("before", "eaten")
    assert table.index == ("panda to 2,0", "panda to 1,0")
    assert table.rows() == [{"before": 0, "eaten": 0}, {"before": 2, "eaten": 1}]
    assert Table(trips) == table.T
    assert table.transposed() == table.T.T.T


def test_transpose_carries_the_index_name_to_the_columns() -> None:
    table = Table({"type 1": [1, 2]}, index=range(2), index_name="baskets").T
    assert table.columns == (0, 1) and table.columns_name == "baskets"
    assert table.index_name is None
    assert texts(table)[0] == ["baskets", "0", "1"]
    assert texts(table.T)[0] == ["baskets", "type 1"]


def test_a_default_index_becomes_numbered_columns() -> None:
    assert Table([{"a": 1}, {"a": 2}]).T.columns == (0, 1)


def test_both_headings_show_on_two_header_rows() -> None:
    table = Table({"x": [1]}, index=["r"], index_name="rows", columns_name="cols")
    assert texts(table) == [["cols", "x"], ["rows", ""], ["r", "1"]]
    assert str(table).splitlines()[:2] == ["cols  x", "rows"]


def test_select_rename_and_set_index() -> None:
    table = Table([{"what": "fish", "points": 3, "x": 0}, {"what": "peas", "points": 1, "x": 0}])
    picked = table[["points", "what"]].rename(columns={"points": "score"})
    assert picked.columns == ("score", "what")
    labelled = picked.set_index("what")
    assert labelled.index == ("fish", "peas") and labelled.index_name == "what"
    assert labelled.columns == ("score",)
    assert texts(labelled) == [["what", "score"], ["fish", "3"], ["peas", "1"]]


def test_a_numbered_index_shows_when_it_has_a_heading() -> None:
    table = Table([{"total": 5}, {"total": 7}], index_name="player")
    assert texts(table) == [["player", "total"], ["0", "5"], ["1", "7"]]


def test_tables_are_values() -> None:
    assert Table({"a": [1]}) == Table([{"a": 1}])
    assert Table({"a": [1]}) != Table({"a": [2]})
    assert Table({"a": [1]}) != Table({"a": [1]}, index_name="i")
    assert hash(Table({"a": [1]})) == hash(Table([{"a": 1}]))
    assert list(Table({"a": [1, 2]})) == [{"a": 1}, {"a": 2}]


# Showing


def test_html_is_one_table_with_a_header_and_a_body() -> None:
    parsed = cells(Table({"v": [1, 2]}, index=["a", "b"]))
    opening = [t for t in parsed.tags if not t.startswith("/")]
    assert opening[:3] == ["table", "thead", "tr"] and opening.count("tbody") == 1
    assert opening.count("table") == 1
    assert [tag for tag, _ in parsed.rows[1]] == ["th", "td"]
    assert parsed.tags[-1] == "/table"


def test_html_escapes_labels_and_cells() -> None:
    nasty = "<script>alert('x')</script> & more"
    table = Table({nasty: [nasty]}, index=[nasty], index_name="<i>")
    shown = table._repr_html_()
    assert "<script>" not in shown and "<i>" not in shown
    assert "&lt;script&gt;" in shown and "&amp; more" in shown
    assert texts(table) == [["<i>", nasty], [nasty, nasty]]


def test_long_text_is_never_cut() -> None:
    long = "1 green bamboo of height 4, no improvement (5 points) " * 4
    table = Table([{"asks for": long}])
    assert long in texts(table)[1][0] and long.rstrip() in str(table)
    assert "..." not in table._repr_html_()


def test_lists_tuples_sets_and_dicts_read_as_words_not_python() -> None:
    table = Table(
        [{"cells": [5, 7], "totals": (6, 6), "kinds": {"b", "a"}, "bill": {"rice": 2}, "no": []}]
    )
    assert texts(table)[1] == ["5, 7", "6, 6", "a, b", "rice: 2", ""]
    assert "[" not in str(table) and "(" not in str(table) and "{" not in str(table)
    assert cell_text([[1, 2], 3]) == "(1, 2), 3"
    assert cell_text(2 / 3) == "0.666667" and cell_text(True) == "True"


def test_numbers_align_right_and_text_left() -> None:
    table = Table({"n": [1, 22], "word": ["a", "bb"]})
    assert str(table).splitlines() == [" n  word", " 1  a", "22  bb"]
    html = table._repr_html_()
    assert re.findall(r'<td style="text-align: (\w+)">', html) == ["right", "left"] * 2


def test_a_column_of_booleans_is_text_not_numbers() -> None:
    assert '<td style="text-align: left">True' in Table({"met": [True]})._repr_html_()


# Refusals


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: Table("abc"), "list of rows or a dict of columns"),
        (lambda: Table(5), "list of rows or a dict of columns"),
        (lambda: Table([(1, 2)]), "columns=[...]"),
        (lambda: Table([(1, 2)], columns=["a"]), "row 0 has 2 cells for 1 columns"),
        (lambda: Table([{"a": 1}, (1,)], columns=["a"]), "row 0 is a dict but others are not"),
        (lambda: Table([1, 2], columns=["a"]), "row 0 is 1"),
        (lambda: Table({"a": [1, 2], "b": [1]}), "different lengths (a: 2, b: 1)"),
        (lambda: Table({"a": "text"}), "column 'a' holds 'text'"),
        (lambda: Table({"a": 3}), "column 'a' holds 3"),
        (lambda: Table({"a": {"x": 1}, "b": [1]}), "every column as a list"),
        (lambda: Table({"a": [1]}, index=["x", "y"]), "2 labels for 1 rows"),
        (lambda: Table({"a": [1]}, columns=["b"]), "no column 'b' (columns: a)"),
        (lambda: Table([(1, 2)], columns=["a", "a"]), "column 'a' appears twice"),
        (lambda: Table({"a": [1]})["b"], "no column 'b' (columns: a)"),
        (lambda: Table({"a": [1]})[["a", "c"]], "no column 'c'"),
        (lambda: Table({"a": [1]}).rename(columns={"z": "y"}), "no column 'z'"),
        (lambda: Table({"a": [1], "b": [2]}).rename(columns={"a": "b"}), "'b' appears twice"),
        (lambda: Table({"a": [1]}).set_index("q"), "no column 'q'"),
        (lambda: Table({"a": [1, 2]}, index=["x", "x"]).T, "rows with the same label"),
    ],
)
def test_bad_input_is_refused_with_one_line_naming_the_problem(build: object, words: str) -> None:
    with pytest.raises(InvalidStateError) as refused:
        build()  # type: ignore[operator]
    assert isinstance(refused.value, ValueError)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_a_refusal_quotes_only_a_short_piece_of_huge_input() -> None:
    with pytest.raises(InvalidStateError) as refused:
        Table({"a": "x" * 10_000})
    assert len(str(refused.value)) < 200


# The package


def test_the_table_is_a_lazy_name_of_the_package() -> None:
    assert bamboo_lab.Table is Table and "Table" in bamboo_lab.__all__
    probe = "import sys, bamboo_lab; print('bamboo_lab.core.table' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
