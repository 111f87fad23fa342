"""sim.findings: sentences built from interval tables say "we can tell" exactly when the
intervals are apart, and quote the table's own numbers; sim.summary's interval helpers."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.sim import findings, mean_interval, mean_intervals, ratio_interval, win_rates
from bamboo_lab.sim.summary import t_quantile


def _table(rows: dict[str, tuple[float, float, float]], value: str = "mean") -> pd.DataFrame:
    return pd.DataFrame.from_dict(rows, orient="index", columns=[value, "low", "high"])


# The contradiction the teaching review found in notebook 40: these intervals are far apart.
PAY = _table({"gardener": (2.824, 2.754, 2.894), "panda": (1.812, 1.774, 1.844)})


def test_apart_intervals_are_told_apart_and_the_numbers_quoted() -> None:
    text = findings.compare(PAY, "gardener", "panda", "points per action", more="pays more")
    assert "we can tell that **gardener** pays more" in text
    assert "cannot" not in text
    for quoted in ("2.82", "2.75", "2.89", "1.81", "1.77", "1.84"):
        assert quoted in text


def test_overlapping_intervals_cannot_be_told_apart() -> None:
    table = _table({"a": (1.0, 0.5, 1.5), "b": (1.2, 1.4, 2.0)})
    text = findings.compare(table, "a", "b", "points")
    assert "we cannot tell a from b" in text
    assert "we can tell" not in text


def test_touching_intervals_overlap() -> None:
    assert findings.overlap((0.0, 1.0), (1.0, 2.0))
    assert not findings.overlap((0.0, 1.0), (1.0001, 2.0))
    assert findings.overlap((math.nan, 1.0), (5.0, 6.0))  # an unknown bound proves nothing


interval = st.tuples(st.floats(-100, 100, allow_nan=False), st.floats(0, 50, allow_nan=False)).map(
    lambda pair: (pair[0], pair[0] + pair[1])
)


@given(interval, interval)
def test_compare_says_cannot_tell_exactly_when_the_intervals_overlap(
    first: tuple[float, float], second: tuple[float, float]
) -> None:
    table = _table(
        {
            "first": ((first[0] + first[1]) / 2, *first),
            "second": ((second[0] + second[1]) / 2, *second),
        }
    )
    text = findings.compare(table, "first", "second", "points")
    apart = first[1] < second[0] or second[1] < first[0]
    assert ("we cannot tell" in text) == (not apart)
    assert ("we can tell" in text) == apart
    assert findings.can_tell(table, "first", "second") == apart


def test_a_win_rate_table_is_quoted_in_percent() -> None:
    frame = pd.DataFrame(
        {"seat": [0, 1] * 100, "winner": [True, False] * 60 + [False, True] * 40, "bot": "x"}
    )
    table = win_rates(frame, by="seat")
    text = findings.compare(table, 0, 1, "win rate", more="wins more", percent=True)
    assert f"{table.loc[0, 'win_rate'] * 100:.1f} %" in text
    assert f"{table.loc[1, 'low'] * 100:.1f} %" in text
    assert ("we can tell" in text) == (table.loc[0, "low"] > table.loc[1, "high"])


def test_versus_a_fair_share_inside_and_outside_the_interval() -> None:
    table = _table({"seat 0": (0.532, 0.501, 0.563), "seat 1": (0.468, 0.437, 0.499)}, "win_rate")
    above = findings.versus(table, "seat 0", 0.5, "win rate", "a fair share", percent=True)
    assert "we can tell that seat 0 is above a fair share" in above
    assert "53.2 %" in above and "50.0 %" in above
    below = findings.versus(table, "seat 1", 0.5, "win rate", "a fair share", percent=True)
    assert "is below a fair share" in below
    inside = findings.versus(table, "seat 0", 0.55, "win rate", "a fair share", percent=True)
    assert "we cannot tell seat 0 from a fair share" in inside


def test_extremes_name_the_rows_the_top_can_and_cannot_be_told_from() -> None:
    table = _table(
        {"storm": (2.84, 2.75, 2.94), "rain": (2.51, 2.42, 2.60), "sun": (2.70, 2.60, 2.80)}
    )
    text = findings.extremes(table, "points per turn")
    assert "The highest points per turn: **storm** 2.84 (2.75 to 2.94)" in text
    assert "We can tell it from rain; we cannot tell it from sun." in text
    assert "The lowest points per turn: **rain**" in text
    lone = findings.extremes(_table({"a": (5, 4, 6), "b": (1, 0, 2)}), "points", lowest=False)
    assert "we can tell it from all the others" in lone and "lowest" not in lone


def test_names_rename_rows_in_every_sentence() -> None:
    text = findings.compare(PAY, "gardener", "panda", "points", names=lambda k: f"{k} cards")
    assert "**gardener cards**" in text and "**panda cards**" in text


def test_count_and_listing_read_as_words() -> None:
    assert findings.count(0, 1000, "games", "stopped") == "None of the 1000 games stopped."
    assert findings.count(3, 50, "games", "stopped") == "3 of the 50 games stopped."
    assert findings.count(50, 50, "games", "ended") == "All of the 50 games ended."
    assert findings.listing(["a", "b", "c"]) == "a, b and c"
    assert findings.listing([], empty="no variant") == "no variant"
    with pytest.raises(InvalidStateError):
        findings.count(4, 3, "games", "ended")


def test_bad_tables_are_refused_with_a_clear_error() -> None:
    with pytest.raises(InvalidStateError, match="no row"):
        findings.compare(PAY, "gardener", "plot", "points")
    with pytest.raises(InvalidStateError, match="no value column"):
        findings.describe(PAY.rename(columns={"mean": "other"}), "panda")
    with pytest.raises(InvalidStateError, match="'low'"):
        findings.describe(PAY.drop(columns="low"), "panda")


def test_tell_from_marks_the_rows_apart_from_a_reference() -> None:
    table = _table({"default": (10, 9, 11), "close": (11.5, 10.5, 12.5), "far": (14, 13, 15)})
    assert findings.tell_from(table, "default").to_dict() == {
        "default": False,
        "close": False,
        "far": True,
    }


def test_mean_interval_is_the_mean_plus_minus_t_standard_errors() -> None:
    n, mean, low, high = mean_interval([1, 2, 3, 4, None])
    assert (n, mean) == (4, 2.5)
    half = 3.182 * pd.Series([1, 2, 3, 4]).std() / 2  # t with three degrees of freedom
    assert low == pytest.approx(2.5 - half, abs=5e-3)
    assert high == pytest.approx(2.5 + half, abs=5e-3)
    assert math.isnan(mean_interval([7])[2])


@pytest.mark.parametrize(
    ("degrees", "table"),
    [(1, 12.706), (2, 4.303), (4, 2.776), (5, 2.571), (10, 2.228), (29, 2.045), (120, 1.980)],
)
def test_t_quantile_matches_the_printed_tables(degrees: int, table: float) -> None:
    assert t_quantile(degrees) == pytest.approx(table, abs=1e-3)
    assert t_quantile(3) == pytest.approx(3.182, abs=4e-3)


def test_t_quantile_needs_a_degree_of_freedom() -> None:
    with pytest.raises(InvalidStateError):
        t_quantile(0)


def test_mean_intervals_per_group() -> None:
    frame = pd.DataFrame({"face": ["sun", "sun", "rain", "rain"], "points": [1, 3, 5, 5]})
    table = mean_intervals(frame, "points", "face")
    assert list(table.index) == ["rain", "sun"]
    assert table.loc["sun", "mean"] == 2 and table.loc["rain", "low"] == 5
    with pytest.raises(InvalidStateError, match="no such columns"):
        mean_intervals(frame, "score", "face")


def test_ratio_interval_is_seeded_and_holds_the_ratio() -> None:
    points, actions = [3, 0, 4, 2, 5, 1] * 5, [1, 2, 2, 1, 3, 1] * 5
    ratio, low, high = ratio_interval(points, actions, seed=0)
    assert ratio == pytest.approx(sum(points) / sum(actions))
    assert low < ratio < high
    assert ratio_interval(points, actions, seed=0) == (ratio, low, high)
    with pytest.raises(InvalidStateError):
        ratio_interval([1, 2], [0, 0], seed=0)


def test_sides_and_sorted_out_place_each_interval_against_a_reference() -> None:
    table = _table(
        {"storm": (2.84, 2.75, 2.94), "sun": (2.1, 2.0, 2.3), "clouds": (1.9, 1.8, 1.95)}
    )
    assert findings.sides(table, 2.2).to_dict() == {
        "storm": "above",
        "sun": "cannot tell",
        "clouds": "below",
    }
    text = findings.sorted_out(table, 2.2, "an average turn", above="better than an average turn")
    assert "Better than an average turn, as we can tell: storm." in text
    assert "Below an average turn, as we can tell: clouds." in text
    assert "We cannot tell from an average turn: sun." in text
    short = findings.sorted_out(table, 2.2, "an average turn", name_the_rest=False)
    assert short.endswith("We cannot tell the other from an average turn.")
    wide = _table({"a": (1.0, 0.0, 2.0), "b": (1.5, 0.5, 2.5)})
    assert findings.sorted_out(wide, 1.0, "no change", name_the_rest=False) == (
        "We cannot tell any of them from no change."
    )
