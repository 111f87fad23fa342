"""A state's history written out only when asked for.

Playing an action must not copy the whole history: random self-play and search apply hundreds
of thousands of actions whose histories nobody reads. :meth:`State.successor` stores a
:class:`Extended` (the previous history, then one action) and ``State.history`` writes it out as
the tuple the contract promises, once, keeping the result.
"""

from __future__ import annotations

from typing import Any

from .actions import Action

__all__ = ["Extended", "written"]


class Extended:
    """A history not written out yet: ``before`` (a tuple or another Extended), then ``action``."""

    __slots__ = ("action", "before", "tuple")

    def __init__(self, before: tuple[Action, ...] | Extended, action: Action) -> None:
        """The history ``before`` extended by ``action``."""
        self.before = before
        self.action = action
        self.tuple: tuple[Action, ...] | None = None

    def written(self) -> tuple[Action, ...]:
        """The history as a tuple (built once, then kept)."""
        done = self.tuple
        if done is not None:
            return done
        actions = []
        node: tuple[Action, ...] | Extended = self
        while isinstance(node, Extended) and node.tuple is None:
            actions.append(node.action)
            node = node.before
        start = node if isinstance(node, tuple) else node.tuple
        assert start is not None
        actions.reverse()
        done = self.tuple = start + tuple(actions)
        self.before = done  # the chain behind is no longer needed
        return done

    def __eq__(self, other: object) -> bool:
        """Equal to the same actions, written out or not (so states compare by their fields)."""
        if isinstance(other, Extended):
            other = other.written()
        return self.written() == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as the plain tuple."""
        return (tuple, (self.written(),))


def written(history: tuple[Action, ...] | Extended) -> tuple[Action, ...]:
    """``history`` as a tuple."""
    return history if isinstance(history, tuple) else history.written()
