"""Small checks and tuple helpers every game shares: checked ints, setup arguments, replace-at."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from .errors import BambooLabError, InvalidStateError
from .rng import MASK64

__all__ = ["SEED_RANGE", "check_setup", "checked_bool", "checked_int", "checked_ints", "replace_at"]

T = TypeVar("T")

SEED_RANGE = range(0, MASK64 + 1)
"""Seeds a game accepts: the generator's 64-bit range, so no two seeds play the same game."""

_MAX_DIGITS = 40
"""Ints longer than this are refused before any arithmetic (a 5,000-digit number is an attack)."""


def checked_int(
    value: Any,
    name: str,
    lo: int | None = None,
    hi: int | None = None,
    error: type[BambooLabError] = InvalidStateError,
) -> int:
    """``value`` if it is an int (not a bool) within ``lo..hi``, else ``error`` naming ``name``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{name} must be an integer, not {_short(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = f"{'' if lo is None else lo}..{'' if hi is None else hi}"
        raise error(f"{name} must be in {bounds}, not {_short(value)}")
    return value


def checked_ints(
    values: Any,
    name: str,
    lo: int | None = None,
    hi: int | None = None,
    error: type[BambooLabError] = InvalidStateError,
) -> tuple[int, ...]:
    """A list or tuple of checked ints (see :func:`checked_int`) as a tuple."""
    if not isinstance(values, (list, tuple)):
        raise error(f"{name} must be a list of integers, not {_short(values)}")
    return tuple(checked_int(v, f"{name}[{i}]", lo, hi, error) for i, v in enumerate(values))


def checked_bool(value: Any, name: str, error: type[BambooLabError] = InvalidStateError) -> bool:
    """``value`` if it is a bool, else ``error`` naming ``name``."""
    if not isinstance(value, bool):
        raise error(f"{name} must be true or false, not {_short(value)}")
    return value


def check_setup(game: str, num_players: Any, seed: Any, player_counts: Iterable[int]) -> None:
    """Refuse a player count outside ``player_counts`` or a seed outside :data:`SEED_RANGE`."""
    counts = tuple(player_counts)
    if (
        not isinstance(num_players, int)
        or isinstance(num_players, bool)
        or num_players not in counts
    ):
        allowed = f"{min(counts)} to {max(counts)}" if len(counts) > 1 else str(counts[0])
        raise InvalidStateError(f"{game} plays with {allowed} players, not {_short(num_players)}")
    checked_int(seed, "the seed", SEED_RANGE.start, SEED_RANGE.stop - 1)


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the entry at ``index`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1 :])


def _short(value: Any) -> str:
    """A repr for error messages, cut short for huge inputs (no 5,000-digit messages)."""
    if isinstance(value, int) and value.bit_length() > 3 * _MAX_DIGITS:
        return f"an integer of {value.bit_length()} bits"
    text = repr(value) if not isinstance(value, (str, bytes)) or len(value) < 200 else None
    if text is None or len(text) > 80:
        return f"a {type(value).__name__} (too long to show)"
    return text
