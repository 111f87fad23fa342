"""Exercise checks for the course notebooks: say whether a student's answer is right, never what
the answer is (standard library only)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["NO_ANSWER", "check", "verdict"]

NO_ANSWER = "no answer yet: replace None with your answer and run this cell again"
"""What :func:`check` says while the answer is still ``None``."""


def verdict(answer: Any, truth: Any, hint: str) -> str:
    """The line :func:`check` prints: ``right!``, ``not yet`` with the hint, or no answer yet.

    ``truth`` is the engine's answer. A set compares as a set (any order, any iterable, one item
    alone; texts without regard to spaces and case); a tuple (seats in order) takes a list or
    one item; for a number a wrong answer also says "too high" or "too low".
    """
    if answer is None:
        return NO_ANSWER
    if isinstance(truth, (set, frozenset)):
        items = answer if isinstance(answer, Iterable) and not isinstance(answer, str) else [answer]
        answer, truth = frozenset(map(_folded, items)), frozenset(map(_folded, truth))
    elif isinstance(truth, tuple) and not isinstance(answer, str):
        answer = tuple(answer) if isinstance(answer, (list, tuple)) else (answer,)
    if answer == truth and isinstance(answer, bool) == isinstance(truth, bool):
        return "right!"
    if _is_number(truth) and _is_number(answer):
        return f"not yet: {'too high' if answer > truth else 'too low'}. Hint: {hint}"
    return f"not yet. Hint: {hint}"


def check(answer: Any, truth: Any, hint: str) -> None:
    """Print whether ``answer`` equals the engine's ``truth`` (see :func:`verdict`)."""
    print(verdict(answer, truth, hint))


def _folded(item: Any) -> Any:
    """A text without spaces, in upper case (``"1, 0"`` answers ``"1,0"``); other items as is."""
    return item.replace(" ", "").upper() if isinstance(item, str) else item


def _is_number(value: Any) -> bool:
    """True for an int or float that is not a bool."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)
