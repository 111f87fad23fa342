"""The engine step, written once for every game: check the action, call its rule's handler,
extend the history, build the successor.

A game's ``State`` inherits :class:`Engine` and names two tables: its ``rulebook`` (the one
refusal pipeline, :class:`~bamboo_lab.core.refusals.Rulebook`) and its ``handlers``, per action
type the rule that resolves it. A handler is ``handler(state, fields, action) -> None``: it reads
the position before the action in ``state`` and writes what the action changes into ``fields``,
a new dict of every field of the successor (it replaces a value it changes, never changes a
value in place, since the unchanged ones are shared with ``state``). The step then extends the
history (a ``core.history`` link, shared with ``state``; from a position without history, the
class's :meth:`Engine.begin_history` says where the successor's begins) and hands ``fields`` to
the class's :meth:`Engine.carry`, where a game writes the values a state works out once and a
successor keeps. The successor is the state holding ``fields``: it is built without ``__init__`` (a
frozen dataclass's checks are the loaders', and the rules keep every field valid).

A game whose states work values out once (figure moves, objective answers, counts) inherits
:class:`Keeping` instead: it declares each value beside the rule it serves as a :class:`Kept`
(the fields it reads, and how it is brought forward when they change) and each handler's
writes (:func:`writes`); the step then keeps, generically, every value whose fields are the
same objects, brings forward or drops the others, and drops the legal actions (the state's
own). Per action type, the fields to look at, and per set of changed fields, the values to
bring forward, are tables built once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import Any, ClassVar, NamedTuple, Self, TypeVar

from .history import extended
from .refusals import Rulebook

__all__ = ["Engine", "Fields", "Forward", "Handler", "Keeping", "Kept", "dict_setter", "writes"]

Fields = dict[str, Any]
"""The fields of the successor as the rules write them: field name -> value."""

Handler = Callable[[Any, Any, Any], None]
"""A rule: ``handler(state, fields, action)`` writes into ``fields`` what ``action`` changes in
``state`` (games type ``fields`` as their own ``Work`` record)."""

Forward = Callable[[Any, Mapping[str, Any], Fields, Any], Any]
"""``forward(value, before, fields, action)``: a kept value brought forward to the successor
with ``fields``, after ``action`` in the state with fields ``before``; None: work it out again.
It may read the successor's values declared before it in ``fields["_kept"]``."""

_HandlerType = TypeVar("_HandlerType", bound=Callable[..., None])

_new = object.__new__


def dict_setter(cls: type) -> Callable[[Any, Fields], None]:
    """``setter(instance, fields)`` makes the dict ``fields`` the ``__dict__`` of an instance
    of ``cls`` built without ``__init__``, past a frozen class's ``__setattr__``: the step's
    successors and Bamboo's boards are built so (the class's own ``__dict__`` descriptor,
    looked up once per class: CONTRIBUTING's speed log)."""
    for klass in cls.__mro__:
        descriptor = vars(klass).get("__dict__")
        if descriptor is not None:
            setter: Callable[[Any, Fields], None] = descriptor.__set__
            return setter
    raise TypeError(f"instances of {cls.__name__} have no __dict__")


class Engine:
    """The base of every game's ``State``: :meth:`apply` is the engine step."""

    __slots__ = ()

    rulebook: ClassVar[Rulebook[Any]]
    """The refusal pipeline: ``apply``'s check, ``explain`` and ``parse_action``."""
    handlers: ClassVar[Mapping[type, Handler]]
    """Per action type, the handler of the rule that resolves it."""
    _set_dict: ClassVar[Callable[[Any, Fields], None]]
    """The state class's :func:`dict_setter`."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Find a state class's :func:`dict_setter` (a base without ``__dict__`` has none)."""
        super().__init_subclass__(**kwargs)
        with suppress(TypeError):  # a base without __dict__ (Keeping) builds no state
            cls._set_dict = dict_setter(cls)

    def apply(self, action: Any, check: bool = True) -> Self:
        """The state after ``action``; with ``check``, an illegal action raises
        IllegalActionError naming the rule it breaks, and nothing changes."""
        if check:  # the engine's own equal action object, not the caller's (issue 22)
            action = self.rulebook.check(self, action)
        kind = type(self)
        before = self.__dict__
        fields = before.copy()  # the successor shares every value the action keeps
        kind.handlers[type(action)](self, fields, action)
        history = before["history"]
        fields["history"] = extended(history, action)
        if not history:  # the first action played from this position
            self.begin_history(fields)
        self.carry(fields, action)
        new = _new(kind)
        kind._set_dict(new, fields)
        return new

    def begin_history(self, fields: Fields) -> None:
        """Write into ``fields`` where the successor's history begins, when this state has no
        history (its ``start`` field; a game whose positions are all a new game's: nothing)."""

    def carry(self, fields: Fields, action: Any) -> None:
        """Write into ``fields`` what this state worked out once that its successor after
        ``action`` keeps, and drop what it does not (a game without such values: nothing)."""


def writes(*names: str) -> Callable[[_HandlerType], _HandlerType]:
    """Declare the fields a handler may change (a :class:`Keeping` game's step looks at these
    alone; the conformance tests check that every other field stays the same object)."""

    def declared(handler: _HandlerType) -> _HandlerType:
        handler.writes = frozenset(names)  # type: ignore[attr-defined]
        return handler

    return declared


class Kept(NamedTuple):
    """A value a state works out once (``state._kept[name]``), kept by its successors while
    the fields it ``reads`` are the same objects; when only fields it is ``forwarded`` past
    changed (all it reads when empty), ``forward`` brings it forward, else the successor works
    it out again."""

    name: str
    reads: tuple[str, ...]
    forward: Forward | None = None
    forwarded: tuple[str, ...] = ()


class Keeping(Engine):
    """An :class:`Engine` whose states keep values: ``kept_values`` declares them (in the order they
    are brought forward), ``state._kept`` holds those worked out (name -> value, shared by the
    successors while it holds) and ``state._legal`` the legal actions, the state's own."""

    __slots__ = ()

    kept_values: ClassVar[tuple[Kept, ...]]
    """The kept values, in the order they are brought forward."""
    _read: ClassVar[tuple[str, ...]]
    """The fields some kept value reads; the bit of each is 1 << its index."""
    _watched: ClassVar[dict[type, tuple[tuple[str, int], ...]]]
    """Per action type, the fields its handler may write that a kept value reads, each with
    its bit (built once per class)."""
    _plans: ClassVar[dict[int, tuple[tuple[str, Forward | None], ...]]]
    """Per set of changed fields (their bits), the values they touch, in ``kept_values`` order, with
    their ``forward`` (built when first met)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Build the class's tables from its ``kept_values`` and its handlers' :func:`writes`."""
        super().__init_subclass__(**kwargs)
        read = cls._read = tuple(sorted({name for kept in cls.kept_values for name in kept.reads}))
        bits = {name: 1 << index for index, name in enumerate(read)}
        cls._watched = {
            kind: tuple((name, bits[name]) for name in sorted(handler.writes) if name in bits)  # type: ignore[attr-defined]
            for kind, handler in cls.handlers.items()
        }
        cls._plans = {}

    def carry(self, fields: Fields, action: Any) -> None:
        """Keep every value whose fields the action left the same objects, bring forward or
        drop the others, and drop the legal actions."""
        fields["_legal"] = None
        watched = self._watched[type(action)]
        if not watched:
            return
        before = self.__dict__
        changed = 0
        for name, bit in watched:
            if fields[name] is not before[name]:
                changed |= bit
        if not changed:
            return
        plan = self._plans.get(changed)
        if plan is None:
            plan = self._plans[changed] = self._plan(changed)
        kept = fields["_kept"] = before["_kept"].copy()
        for name, forward in plan:
            value = kept.pop(name, None)
            if value is not None and forward is not None:
                value = forward(value, before, fields, action)
                if value is not None:
                    kept[name] = value

    @classmethod
    def _plan(cls, changed: int) -> tuple[tuple[str, Forward | None], ...]:
        """The kept values that read a field of bits ``changed``, each with its ``forward``
        when that brings it forward past every one of those fields (else None: dropped)."""
        names = {name for index, name in enumerate(cls._read) if changed >> index & 1}
        plan = []
        for kept in cls.kept_values:
            touched = names.intersection(kept.reads)
            if touched:
                forwarded = touched <= set(kept.forwarded or kept.reads)
                plan.append((kept.name, kept.forward if forwarded else None))
        return tuple(plan)
