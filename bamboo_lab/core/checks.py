"""Small checks and tuple helpers every game shares: checked ints, setup arguments, replace-at."""

from __future__ import annotations

import functools
import reprlib
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from .errors import BambooLabError, InvalidActionError, InvalidStateError
from .rng import MASK64

__all__ = [
    "MAX_NOTATION",
    "QUOTE_LIMIT",
    "SEED_RANGE",
    "check_setup",
    "checked_bool",
    "checked_int",
    "checked_ints",
    "checked_notation",
    "checked_state",
    "forged_action",
    "listed",
    "own_action",
    "quoted",
    "refusing_malformed",
    "replace_at",
    "short_repr",
    "utf8_size",
]

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

SEED_RANGE = range(0, MASK64 + 1)
"""Seeds a game accepts: the generator's 64-bit range, so no two seeds play the same game."""

MAX_NOTATION = 80
"""The longest action text read, in bytes of UTF-8 (the longest notation of any game is under 30
characters, all ASCII)."""

QUOTE_LIMIT = 60
"""The most characters of an input an error message quotes."""

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
        raise error(f"{name} must be an integer, not {short_repr(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = f"{'' if lo is None else lo}..{'' if hi is None else hi}"
        raise error(f"{name} must be in {bounds}, not {short_repr(value)}")
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
        raise error(f"{name} must be a list of integers, not {short_repr(values)}")
    return tuple(checked_int(v, f"{name}[{i}]", lo, hi, error) for i, v in enumerate(values))


def checked_bool(value: Any, name: str, error: type[BambooLabError] = InvalidStateError) -> bool:
    """``value`` if it is a bool, else ``error`` naming ``name``."""
    if not isinstance(value, bool):
        raise error(f"{name} must be true or false, not {short_repr(value)}")
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
        raise InvalidStateError(
            f"{game} plays with {allowed} players, not {short_repr(num_players)}"
        )
    checked_int(seed, "the seed", SEED_RANGE.start, SEED_RANGE.stop - 1)


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the entry at ``index`` replaced by ``value``."""
    out = list(values)  # a list and back: cheaper than two slices around the entry
    out[index] = value
    return tuple(out)


class _ShortRepr(reprlib.Repr):
    """reprlib's bounded repr, also for ints too long to print (a 5,000-digit number)."""

    def repr_int(self, x: int, level: int) -> str:
        """Long ints by their size: ``int()`` refuses to print beyond 4,300 digits."""
        if x.bit_length() > 3 * _MAX_DIGITS:
            return f"an integer of {x.bit_length()} bits"
        return repr(x)


_REPR = _ShortRepr()
_REPR.maxlevel = 3
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6


def short_repr(value: Any) -> str:
    """A repr for error messages: bounded in length and depth, safe on huge or deep input."""
    if isinstance(value, (str, bytes)) and len(value) >= 200:
        return f"a {type(value).__name__} of {len(value)} characters"
    return _REPR.repr(value)


def quoted(value: Any) -> str:
    """``value`` for an error message: a string's repr cut to :data:`QUOTE_LIMIT` characters
    (with "..."), anything else as :func:`short_repr`."""
    if isinstance(value, str):
        return repr(value) if len(value) <= QUOTE_LIMIT else repr(value[: QUOTE_LIMIT - 3] + "...")
    return short_repr(value)[: QUOTE_LIMIT + 20]


def checked_notation(text: str, game: str) -> str:
    """``text`` when it is short enough to be an action's notation, else InvalidActionError."""
    if utf8_size(text, MAX_NOTATION) > MAX_NOTATION:
        raise InvalidActionError(
            f"not a {game} action: {quoted(text)} (more than {MAX_NOTATION} bytes;"
            f" a notation has at most {MAX_NOTATION})"
        )
    return text


def utf8_size(text: str | bytes | bytearray, limit: int) -> int:
    """The size of ``text`` in bytes of UTF-8 (bytes as they are), or ``limit + 1`` as soon as
    it is known to be larger, without encoding text of more than ``limit`` characters."""
    if not isinstance(text, str):
        return len(text)
    if len(text) > limit:  # every character is at least one byte
        return limit + 1
    if text.isascii():
        return len(text)
    # a lone surrogate (json.loads accepts one from a str) counts the 3 bytes it is written as
    return len(text.encode("utf-8", "surrogatepass"))


def listed(values: Iterable[Any], most: int = 5) -> str:
    """At most ``most`` of ``values``, each :func:`quoted`, sorted: ``['a', 'b'] and 3 more``."""
    every = list(values)
    shown = sorted(quoted(v) for v in every[:100])  # sorted (sets have no order), cut first
    more = f" and {len(every) - most} more" if len(every) > most else ""
    return f"[{', '.join(shown[:most])}]{more}"


def checked_state(state: Any, kind: type[T], what: str) -> T:
    """``state`` when it is a ``kind``, else InvalidStateError saying ``what`` needs one."""
    if not isinstance(state, kind):
        game = getattr(kind, "game", kind.__name__).title()
        raise InvalidStateError(f"{what} needs a {game} state, not {short_repr(state)}")
    return state


def refusing_malformed(what: str) -> Callable[[F], F]:
    """Decorate a builder so that a wrong-typed argument it trips on (a TypeError, KeyError...)
    is refused as InvalidStateError naming ``what``, as every other bad argument is."""

    def decorate(build: F) -> F:
        @functools.wraps(build)
        def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                return build(*args, **kwargs)
            except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
                if isinstance(exc, BambooLabError):
                    raise
                reason = quoted(str(exc)).strip("'\"")
                raise InvalidStateError(
                    f"{what}: malformed argument ({type(exc).__name__}: {reason})"
                ) from exc

        return checked  # type: ignore[return-value]

    return decorate


def own_action(legal: tuple[T, ...], action: Any) -> T | None:
    """The engine's own object among ``legal`` equal to ``action``, or None: the rules then
    apply a value they built, never the caller's (whose fields may have been forged past the
    frozen constructor: ``Hex(1.0, 0) == Hex(1, 0)`` but does not save as ``1,0``)."""
    try:
        return legal[legal.index(action)]
    except Exception:  # (not found, or a forged field that cannot compare)
        return None


def forged_action(action: Any, game: str) -> InvalidActionError:
    """The error for an action the engine cannot read (fields set past its constructor)."""
    return InvalidActionError(
        f"{short_repr(action)} is not a well-formed {game} action"
        " (its fields were changed after it was built?)"
    )
