"""A base for each game's frozen ``Options`` dataclass: validation and a JSON form.

Every rule variant is a field with a default (the recommended reading). Fields are typed with
``bool``, ``int``, ``str`` or a ``Literal[...]`` of strings; a wrong type or an unknown value
raises :class:`InvalidStateError` naming the field, so a bad option never builds a game.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, Self

from .checks import listed, quoted
from .errors import InvalidStateError

__all__ = ["GameOptions"]


_HINTS: dict[type, dict[str, Any]] = {}
"""The resolved type hints of each options class (read once: options are built often)."""


_DEFAULTS: dict[type, Any] = {}
"""The default options of each options class, built once and shared (options are frozen)."""


def _hints(cls: type) -> dict[str, Any]:
    """The resolved type hints of the options class ``cls``."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


class GameOptions:
    """Mixin for a frozen dataclass of rule variants: checks values, converts to and from dicts."""

    def __post_init__(self) -> None:
        """Check every field against its type hint."""
        hints = _hints(type(self))
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            _check(type(self).__name__, f.name, hints[f.name], getattr(self, f.name))
        self.validate()

    def validate(self) -> None:
        """Check constraints between fields; games override this to raise InvalidStateError."""

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults, as a JSON-safe dict."""
        default = type(self).from_dict(None)
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if getattr(self, f.name) != getattr(default, f.name)
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Self:
        """Build options from a dict; unknown names or bad values raise InvalidStateError. The
        defaults (None or an empty dict) are one shared instance per class."""
        if not data and (data is None or isinstance(data, Mapping)):
            default = _DEFAULTS.get(cls)
            if default is None:
                default = _DEFAULTS[cls] = cls()
            return default
        if not isinstance(data, Mapping):
            raise InvalidStateError(f"{cls.__name__} must be a mapping, not {type(data).__name__}")
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = [key for key in data if key not in names]
        if unknown:
            raise InvalidStateError(
                f"unknown {cls.__name__} field(s) {listed(unknown)}; known: {sorted(names)}"
            )
        hints = _hints(cls)
        values = {
            k: tuple(v) if isinstance(v, list) and _is_tuple(hints[k]) else v
            for k, v in data.items()
        }
        return cls(**values)

    @classmethod
    def coerce(cls, options: Self | Mapping[str, Any] | None) -> Self:
        """Accept an instance, a dict or None (the defaults) and return an instance."""
        if isinstance(options, cls):
            return options
        if options is None or isinstance(options, Mapping):
            return cls.from_dict(options)
        raise InvalidStateError(f"options must be {cls.__name__}, a dict or None")


def _is_tuple(hint: Any) -> bool:
    return hint is tuple or typing.get_origin(hint) is tuple


def _check(owner: str, name: str, hint: Any, value: Any) -> None:
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        if value not in allowed:
            raise InvalidStateError(
                f"{owner}.{name} must be one of {list(allowed)}, not {quoted(value)}"
            )
        return
    if hint is bool:
        ok = isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is str:
        ok = isinstance(value, str)
    elif origin is tuple or hint is tuple:
        ok = isinstance(value, tuple)
    else:
        ok = True  # richer fields are checked by the game's validate()
    if not ok:
        raise InvalidStateError(f"{owner}.{name} must be {hint}, not {quoted(value)}")
