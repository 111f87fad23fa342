"""Moves played in a lesson by their words: the one loop the three games' lessons share (each
game's lessons read a move's words with their own ``move``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, Self, TypeVar

from bamboo_lab.core.errors import IllegalActionError

__all__ = ["play_in_words"]


class _Played(Protocol):
    """What playing in words asks of a state: the seat to decide, and its successor."""

    @property
    def player(self) -> int: ...

    def apply(self, action: Any) -> Self: ...


State = TypeVar("State", bound=_Played)


def play_in_words(
    state: State,
    moves: Iterable[str],
    move: Callable[[State, str], Any],
    explain: Callable[[State, Any], Any],
    reason: Callable[[str], str] = str,
) -> State:
    """The position after ``moves`` (each in the words of the board's move list, in order,
    read by the game's ``move``); an illegal one, asked of the game's ``explain``, raises
    IllegalActionError saying the move and the rule it breaks in words (``reason`` words the
    engine's sentence), and nothing is played."""
    for words in moves:
        action = move(state, words)
        answer = explain(state, action)
        if not answer.legal:
            raise IllegalActionError(
                f"{words[:80]!r} is illegal for player {state.player}: {reason(answer.reason)}"
                f" ({answer.rule})",
                answer.rule,
            )
        state = state.apply(action)
    return state
