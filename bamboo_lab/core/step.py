"""The engine step, written once for every game: check the action, call its rule's handler,
extend the history, build the successor.

A game's ``State`` inherits :class:`Engine` and names two tables: its ``rulebook`` (the one
refusal pipeline, :class:`~bamboo_lab.core.refusals.Rulebook`) and its ``handlers``, per action
type the rule that resolves it. A handler is ``handler(state, fields, action) -> None``: it reads
the position before the action in ``state`` and writes what the action changes into ``fields``,
a new dict of every field of the successor (it replaces a value it changes, never changes a
value in place, since the unchanged ones are shared with ``state``). The step then extends the
history (a ``core.history`` link, shared with ``state``) and hands ``fields`` to the class's
:meth:`Engine.carry`, where a game writes the values a state works out once and a successor
keeps. The successor is the state holding ``fields``: it is built without ``__init__`` (a
frozen dataclass's checks are the loaders', and the rules keep every field valid).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

from .history import extended
from .refusals import Rulebook

__all__ = ["Engine", "Fields", "Handler"]

Fields = dict[str, Any]
"""The fields of the successor as the rules write them: field name -> value."""

Handler = Callable[[Any, Any, Any], None]
"""A rule: ``handler(state, fields, action)`` writes into ``fields`` what ``action`` changes in
``state`` (games type ``fields`` as their own ``Work`` record)."""

_new = object.__new__
_set = object.__setattr__


class Engine:
    """The base of every game's ``State``: :meth:`apply` is the engine step."""

    __slots__ = ()

    rulebook: ClassVar[Rulebook[Any]]
    """The refusal pipeline: ``apply``'s check, ``explain`` and ``parse_action``."""
    handlers: ClassVar[Mapping[type, Handler]]
    """Per action type, the handler of the rule that resolves it."""

    def apply(self, action: Any, check: bool = True) -> Self:
        """The state after ``action``; with ``check``, an illegal action raises
        IllegalActionError naming the rule it breaks, and nothing changes."""
        if check:  # the engine's own equal action object, not the caller's (issue 22)
            action = self.rulebook.check(self, action)
        kind = type(self)
        before = self.__dict__
        fields = before.copy()  # the successor shares every value the action keeps
        kind.handlers[type(action)](self, fields, action)
        fields["history"] = extended(before["history"], action)
        self.carry(fields, action)
        new = _new(kind)
        _set(new, "__dict__", fields)  # past a frozen class's __setattr__
        return new

    def carry(self, fields: Fields, action: Any) -> None:
        """Write into ``fields`` what this state worked out once that its successor after
        ``action`` keeps, and drop what it does not (a game without such values: nothing)."""
