"""core.checks: the checked-int helpers, the setup-argument check and replace_at."""

from __future__ import annotations

from typing import Any

import pytest

from bamboo_lab.core.checks import (
    SEED_RANGE,
    check_setup,
    checked_bool,
    checked_int,
    checked_ints,
    replace_at,
    short_repr,
)
from bamboo_lab.core.errors import InvalidActionError, InvalidStateError


def test_checked_int_accepts_ints_in_range() -> None:
    assert checked_int(3, "x", 0, 5) == 3
    assert checked_int(-(10**6), "x") == -(10**6)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (True, "x must be an integer, not True"),
        (1.0, "x must be an integer, not 1.0"),
        ("1", "x must be an integer, not '1'"),
        (None, "x must be an integer, not None"),
        (6, r"x must be in 0..5, not 6"),
        (-1, r"x must be in 0..5, not -1"),
        (10**5000, "an integer of 16610 bits"),
        ("9" * 5000, "a str of 5000 characters"),
    ],
    ids=lambda v: f"{type(v).__name__}" if not isinstance(v, str) or len(v) < 40 else "long",
)
def test_checked_int_refuses_with_the_field_name(value: Any, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message) as info:
        checked_int(value, "x", 0, 5)
    assert len(str(info.value)) < 120


def test_the_error_type_can_be_chosen() -> None:
    with pytest.raises(InvalidActionError, match="cell"):
        checked_int(None, "cell", error=InvalidActionError)
    with pytest.raises(InvalidActionError, match=r"cells\[1\]"):
        checked_ints([1, None], "cells", error=InvalidActionError)


def test_checked_ints_and_bools() -> None:
    assert checked_ints([1, 2], "xs", 0, 3) == (1, 2)
    with pytest.raises(InvalidStateError, match="must be a list of integers"):
        checked_ints("12", "xs")
    assert checked_bool(False, "flag") is False
    with pytest.raises(InvalidStateError, match="flag must be true or false, not 1"):
        checked_bool(1, "flag")


@pytest.mark.parametrize(
    ("num_players", "seed", "message"),
    [
        (2.0, 0, "plays with 2 to 4 players, not 2.0"),
        (True, 0, "not True"),
        (0, 0, "not 0"),
        (5, 0, "not 5"),
        (None, 0, "not None"),
        (2, -1, "the seed must be in 0..18446744073709551615"),
        (2, 2**64, "the seed must be in"),
        (2, 2**70, "the seed must be in"),
        (2, 1.5, "the seed must be an integer"),
        (2, False, "the seed must be an integer"),
    ],
)
def test_check_setup_refuses_counts_and_seeds(num_players: Any, seed: Any, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        check_setup("demo", num_players, seed, (2, 3, 4))


def test_check_setup_accepts_the_whole_seed_range() -> None:
    check_setup("demo", 2, 0, (2, 3, 4))
    check_setup("demo", 4, SEED_RANGE.stop - 1, (2, 3, 4))
    with pytest.raises(InvalidStateError, match="plays with 1 players, not 2"):
        check_setup("solo", 2, 0, (1,))


def test_replace_at() -> None:
    assert replace_at((1, 2, 3), 1, 9) == (1, 9, 3)
    assert replace_at((1,), 0, 5) == (5,)


def test_short_repr_is_safe_on_huge_and_deep_values() -> None:
    deep: Any = 0
    for _ in range(100_000):
        deep = [deep]
    assert short_repr(deep) == "[[[[...]]]]"
    assert short_repr([10**5000]) == "[an integer of 16610 bits]"
    assert short_repr(list(range(100))) == "[0, 1, 2, 3, 4, 5, ...]"
    assert len(short_repr("x" * 150)) < 70

    class Broken:
        def __repr__(self) -> str:
            raise ValueError("no")

    assert "Broken" in short_repr(Broken())
    with pytest.raises(
        InvalidStateError, match=r"xs\[0\] must be an integer, not \[\[\[\[...\]\]\]\]"
    ):
        checked_ints([deep], "xs")
