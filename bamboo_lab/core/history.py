"""Histories shared along a line of play: each state's history points to its parent's.

Playing an action must not copy the whole history, and the states of one game must not each
keep their own copy: a replayed record of 20,000 actions would hold 200 million references.
A state stores a *link*: its parent's history (a tuple or another link), one action and the
length; ``state.history`` writes it out as the tuple the game contract promises, on each call,
without keeping it. Every :data:`CHUNK`-th link keeps the :data:`CHUNK` actions that end at it,
so writing a history out walks at most ``CHUNK - 1`` links plus one per chunk, and the chunks
(each action once) are shared by every later state: the memory of a game's states is linear in
its length.

A link is a plain list ``[before, action, length, chunk]`` (see :func:`extended`), not an
instance of a class: every decision of every game builds one, and building a list costs less
than half of calling a class. A written-out history is always a tuple, so the two never mix
up. States keep links private: they compare, copy and pickle with the history written out
(:func:`written_fields`), since a chain of links nests as deep as the game is long.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, overload

__all__ = [
    "CHUNK",
    "Link",
    "LinkedHistory",
    "actions_between",
    "extended",
    "length",
    "written",
    "written_fields",
]

CHUNK = 64
"""Every link whose length is a multiple of CHUNK keeps the CHUNK actions ending at it."""

Link = list[Any]
"""A history not written out: ``[before, action, length, chunk]``, where ``before`` is a tuple
or another link, ``length`` counts every action and ``chunk`` is None until worked out."""

_BEFORE, _ACTION, _LENGTH, _CHUNK = 0, 1, 2, 3
"""The positions in a :data:`Link`."""


def extended(history: tuple[Any, ...] | Link, action: Any) -> Link:
    """``history`` (a tuple or a link) extended by ``action``: a new link; ``history`` is kept."""
    # a link's own length is read directly (its len() would be the link's 4 positions); the
    # position _LENGTH is written as the literal 2 on this path every decision takes
    return [history, action, (history[2] if type(history) is list else len(history)) + 1, None]


def length(history: tuple[Any, ...] | Link) -> int:
    """The number of actions of ``history``, written out or not."""
    return history[_LENGTH] if type(history) is list else len(history)


def _chunk_and_rest(link: Link) -> tuple[tuple[Any, ...], tuple[Any, ...] | Link]:
    """The (at most CHUNK) actions ending at ``link`` and the history before them (kept)."""
    chunk: tuple[tuple[Any, ...], tuple[Any, ...] | Link] | None = link[_CHUNK]
    if chunk is None:
        actions = []
        node: tuple[Any, ...] | Link = link
        for _ in range(CHUNK):
            if type(node) is not list:
                break
            actions.append(node[_ACTION])
            node = node[_BEFORE]
        actions.reverse()
        chunk = link[_CHUNK] = (tuple(actions), node)
    return chunk


def written(history: tuple[Any, ...] | Link) -> tuple[Any, ...]:
    """``history`` as a tuple (a new tuple when it is a link, not kept: the chunks are)."""
    if type(history) is not list:
        return history  # type: ignore[return-value]
    tail = []
    node: tuple[Any, ...] | Link = history
    while type(node) is list and node[_LENGTH] % CHUNK:
        tail.append(node[_ACTION])
        node = node[_BEFORE]
    parts: list[Any] = []
    while type(node) is list:
        actions, node = _chunk_and_rest(node)
        parts.append(actions)
    parts.append(node)  # the tuple the line of play began with
    parts.reverse()
    tail.reverse()
    parts.append(tail)
    return tuple(chain.from_iterable(parts))


def written_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """A copy of a state's ``fields`` with its ``history`` written out (to compare, copy or
    pickle a state: a chain of links nests as deep as the game is long)."""
    out = fields.copy()
    out["history"] = written(fields["history"])
    return out


def actions_between(
    before: tuple[Any, ...] | Link, after: tuple[Any, ...] | Link
) -> tuple[Any, ...] | None:
    """The actions ``after`` adds to ``before`` when it extends it, else None.

    Along one line of play this walks back from ``after`` to the very ``before`` it shares, so
    it costs the number of new actions; other histories are compared written out.
    """
    size = length(before)
    new = []
    node = after
    while type(node) is list and node is not before and node[_LENGTH] > size:
        new.append(node[_ACTION])
        node = node[_BEFORE]
    if node is before:
        new.reverse()
        return tuple(new)
    first, last = written(before), written(after)
    if len(last) >= size and last[:size] == first:
        return last[size:]
    return None


class LinkedHistory:
    """The ``history`` field of a dataclass state, declared with this as its default
    (``history: tuple[Any, ...] = LinkedHistory()``): the field stores a link (or a tuple) and
    reads as the tuple. Dataclasses pass a descriptor default's field through it, so the
    generated ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__`` write and read it here, and
    its default is the empty history."""

    def __set_name__(self, owner: type, name: str) -> None:
        """The field must be named ``history`` (the rules store links under that key)."""
        if name != "history":
            raise TypeError(f"LinkedHistory is the history field, not {name!r}")

    @overload
    def __get__(self, state: None, owner: type | None = None) -> tuple[()]: ...

    @overload
    def __get__(self, state: object, owner: type | None = None) -> tuple[Any, ...]: ...

    def __get__(self, state: object | None, owner: type | None = None) -> tuple[Any, ...]:
        """The history written out; asked on the class, the field's default (no actions)."""
        if state is None:
            return ()
        return written(state.__dict__["history"])

    def __set__(self, state: object, value: tuple[Any, ...] | Link) -> None:
        """Store a tuple or a link as is (a frozen dataclass's ``__init__`` comes here)."""
        state.__dict__["history"] = value
