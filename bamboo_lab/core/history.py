"""Histories shared along a line of play: each state's history points to its parent's.

Playing an action must not copy the whole history, and the states of one game must not each
keep their own copy: a replayed record of 20,000 actions would hold 200 million references.
A state stores a :class:`History` (the parent's history, then one action); ``state.history``
writes it out as the tuple the game contract promises, on each call, without keeping it. Every
:data:`CHUNK`-th node keeps the :data:`CHUNK` actions that end at it, so writing a history out
walks at most ``CHUNK - 1`` nodes plus one link per chunk, and the chunks (each action once)
are shared by every later state: the memory of a game's states is linear in its length.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

__all__ = ["CHUNK", "History", "actions_between", "history_property", "written"]

CHUNK = 64
"""Every node whose length is a multiple of CHUNK keeps the CHUNK actions ending at it."""


class History:
    """A history not written out: ``before`` (a tuple or another History), then ``action``."""

    __slots__ = ("_chunk", "action", "before", "length")

    def __init__(self, before: tuple[Any, ...] | History, action: Any) -> None:
        """The history ``before`` extended by ``action``."""
        self.before = before
        self.action = action
        # a History's own length is read directly (len() would call __len__ on every action)
        self.length: int = (before.length if type(before) is History else len(before)) + 1
        self._chunk: tuple[tuple[Any, ...], tuple[Any, ...] | History] | None = None

    def __len__(self) -> int:
        """The number of actions."""
        return self.length

    def _chunk_and_rest(self) -> tuple[tuple[Any, ...], tuple[Any, ...] | History]:
        """The (at most CHUNK) actions ending here and the history before them (kept)."""
        chunk = self._chunk
        if chunk is None:
            actions = []
            node: tuple[Any, ...] | History = self
            for _ in range(CHUNK):
                if type(node) is not History:
                    break
                actions.append(node.action)
                node = node.before
            actions.reverse()
            chunk = self._chunk = (tuple(actions), node)
        return chunk

    def written(self) -> tuple[Any, ...]:
        """The history as a tuple (a new tuple, not kept: the chunks are)."""
        tail = []
        node: tuple[Any, ...] | History = self
        while type(node) is History and node.length % CHUNK:
            tail.append(node.action)
            node = node.before
        parts: list[Any] = []
        while type(node) is History:
            actions, node = node._chunk_and_rest()
            parts.append(actions)
        parts.append(node)  # the tuple the line of play began with
        parts.reverse()
        tail.reverse()
        parts.append(tail)
        return tuple(chain.from_iterable(parts))

    def __eq__(self, other: object) -> bool:
        """Equal to the same actions, written out or not (so states compare by their fields)."""
        if isinstance(other, History):
            return self.length == other.length and self.written() == other.written()
        return isinstance(other, tuple) and self.written() == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as the plain tuple."""
        return (tuple, (self.written(),))

    def __repr__(self) -> str:
        """A short description (never the whole history)."""
        return f"<History of {self.length} actions>"


def written(history: tuple[Any, ...] | History) -> tuple[Any, ...]:
    """``history`` as a tuple."""
    return history if type(history) is tuple else history.written()  # type: ignore[union-attr]


def actions_between(
    before: tuple[Any, ...] | History, after: tuple[Any, ...] | History
) -> tuple[Any, ...] | None:
    """The actions ``after`` adds to ``before`` when it extends it, else None.

    Along one line of play this walks back from ``after`` to the very ``before`` it shares, so
    it costs the number of new actions; other histories are compared written out.
    """
    size = len(before)
    new = []
    node = after
    while type(node) is History and node is not before and node.length > size:
        new.append(node.action)
        node = node.before
    if node is before:
        new.reverse()
        return tuple(new)
    first, last = written(before), written(after)
    if len(last) >= size and last[:size] == first:
        return last[size:]
    return None


def history_property(doc: str) -> property:
    """The ``history`` of a dataclass state that stores a History (or a tuple) in its fields.

    Installed on the class after ``@dataclass`` (``setattr(State, "history", ...)``): the
    generated ``__init__``, ``__eq__`` and ``__hash__`` then read and write it through here.
    """

    def get(state: Any) -> tuple[Any, ...]:
        return written(state.__dict__["history"])

    def put(state: Any, value: tuple[Any, ...] | History) -> None:
        state.__dict__["history"] = value

    return property(get, put, doc=doc)
