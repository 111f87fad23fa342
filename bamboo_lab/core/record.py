"""GameRecord: the save format of a game (DESIGN.md section 6).

A record is small, readable JSON: the game, the rules version, the player count, the options that
differ from the defaults, the seed, the action strings and, when the game did not begin at
``new_game`` (a built or loaded position), its starting position ``start`` (a state's
``to_dict``), as PGN carries a FEN. Reading one never uses pickle or eval; anything malformed,
too large or too deep raises :class:`InvalidStateError` with one line saying what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .checks import SEED_RANGE, checked_bool, checked_int
from .errors import InvalidStateError

__all__ = ["MAX_DEPTH", "MAX_PLAYERS", "MAX_RECORD_BYTES", "SCHEMA", "GameRecord"]

SCHEMA = "bamboo_lab.record/1"
"""The schema tag written into every record; other tags are refused."""

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest record text read (16 MiB: a long game with its start is a few tens of KiB)."""

MAX_DEPTH = 32
"""The deepest nesting of lists and objects a record may hold (a state dict needs under 10)."""

MAX_PLAYERS = 100
"""A bound on ``num_players`` before any game looks at it (each game then checks its own)."""

_FIELDS: dict[str, type | tuple[type, ...]] = {
    "game": str,
    "rules_version": str,
    "num_players": int,
    "seed": int,
    "options": dict,
    "actions": list,
}
_OPTIONAL = {"schema", "truncated", "start"}


@dataclass(frozen=True)
class GameRecord:
    """A replayable game: setup arguments, an optional starting position and the action strings."""

    game: str
    """The registry name of the game."""
    rules_version: str
    """The rules version the game was played under; replay refuses another."""
    num_players: int
    """The number of players."""
    seed: int
    """The setup seed (0..2**64-1)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The options that differ from the defaults (an ``Options.to_dict()``)."""
    actions: tuple[str, ...] = ()
    """The action strings in order, from the start (``new_game`` or ``start``)."""
    truncated: bool = False
    """True when the game stopped at its ply limit before its end."""
    start: Mapping[str, Any] | None = None
    """The starting position (a ``to_dict`` with empty history), or None for ``new_game``."""

    def __post_init__(self) -> None:
        """Check every field's type and range; normalise ``actions`` and the mappings."""
        for name in ("game", "rules_version"):
            if not isinstance(getattr(self, name), str):
                raise InvalidStateError(
                    f"game record field {name!r} must be a string, not {_kind(getattr(self, name))}"
                )
        checked_int(self.num_players, "game record field 'num_players'", 1, MAX_PLAYERS)
        checked_int(self.seed, "game record field 'seed'", SEED_RANGE.start, SEED_RANGE.stop - 1)
        checked_bool(self.truncated, "game record field 'truncated'")
        if not isinstance(self.options, Mapping):
            raise InvalidStateError(
                f"game record field 'options' must be an object, not {_kind(self.options)}"
            )
        if isinstance(self.actions, (str, bytes)) or not isinstance(self.actions, (list, tuple)):
            raise InvalidStateError(
                f"game record field 'actions' must be a list, not {_kind(self.actions)}"
            )
        for i, action in enumerate(self.actions):
            if not isinstance(action, str):
                raise InvalidStateError(
                    f"game record actions must be strings; action {i} is {_kind(action)}"
                )
        if self.start is not None and not isinstance(self.start, Mapping):
            raise InvalidStateError(
                f"game record field 'start' must be an object or null, not {_kind(self.start)}"
            )
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "options", _plain(self.options, "options"))
        if self.start is not None:
            object.__setattr__(self, "start", _plain(self.start, "start"))

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-safe dict, with the schema tag (``start`` only when set)."""
        data = {
            "schema": SCHEMA,
            "game": self.game,
            "rules_version": self.rules_version,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self.actions),
            "truncated": self.truncated,
        }
        if self.start is not None:
            data["start"] = dict(self.start)
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Rebuild a record from :meth:`to_dict`; raise InvalidStateError when malformed.

        Records written before ``start`` existed (no such key) load with ``start=None``.
        """
        if not isinstance(data, Mapping):
            raise InvalidStateError(f"a game record must be a JSON object, not {_kind(data)}")
        _check_depth(data)
        schema = data.get("schema")
        if schema != SCHEMA:
            shown = schema if isinstance(schema, str) and len(schema) < 80 else _kind(schema)
            raise InvalidStateError(f"unsupported record schema {shown!r}; expected {SCHEMA!r}")
        for name, kind in _FIELDS.items():
            if name not in data:
                raise InvalidStateError(f"game record is missing the field {name!r}")
            value = data[name]
            if kind is int:
                continue  # checked with its range by __post_init__
            if not isinstance(value, kind):
                raise InvalidStateError(
                    f"game record field {name!r} must be {_kind_name(kind)}, not {_kind(value)}"
                )
        extra = sorted(str(k)[:40] for k in set(data) - set(_FIELDS) - _OPTIONAL)
        if extra:
            raise InvalidStateError(f"game record has unknown field(s) {extra}")
        return cls(
            game=data["game"],
            rules_version=data["rules_version"],
            num_players=data["num_players"],
            seed=data["seed"],
            options=data["options"],
            actions=tuple(data["actions"]),
            truncated=data.get("truncated", False),
            start=data.get("start"),
        )

    @classmethod
    def from_json(cls, text: Any) -> GameRecord:
        """Parse JSON text (str or bytes); anything malformed raises InvalidStateError."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidStateError(f"a game record must be JSON text, not {_kind(text)}")
        if len(text) > MAX_RECORD_BYTES:
            raise InvalidStateError(
                f"a game record is too large ({len(text)} bytes; at most {MAX_RECORD_BYTES})"
            )
        try:
            data = json.loads(text, parse_constant=_refuse_constant)
        except RecursionError as exc:
            raise InvalidStateError("a game record is nested too deeply") from exc
        except UnicodeDecodeError as exc:
            raise InvalidStateError(f"a game record is not UTF-8 text: {exc.reason}") from exc
        except json.JSONDecodeError as exc:
            raise InvalidStateError(f"a game record is not valid JSON: {exc}") from exc
        except ValueError as exc:  # a number too long for int(), NaN, Infinity
            reason = _first_line(exc)
            raise InvalidStateError(f"a game record holds a bad number: {reason}") from exc
        return cls.from_dict(data)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` as indented JSON."""
        Path(path).write_text(self.to_json(indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record written by :meth:`save`; an unreadable file raises InvalidStateError."""
        try:
            with Path(path).open("rb") as file:
                text = file.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise InvalidStateError(f"cannot read the game record {str(path)!r}: {exc}") from exc
        return cls.from_json(text)


def _refuse_constant(name: str) -> Any:
    """JSON's NaN and Infinity are not numbers a record may hold."""
    raise ValueError(f"{name} is not allowed")


def _check_depth(data: Any) -> None:
    """Refuse lists and objects nested deeper than :data:`MAX_DEPTH` (no recursion used)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InvalidStateError(f"a game record is nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, Mapping):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend((v, depth + 1) for v in value)


def _plain(value: Mapping[str, Any], name: str) -> dict[str, Any]:
    """A detached JSON-safe copy of ``value`` (string keys, JSON values), or InvalidStateError."""
    _check_depth(value)
    try:
        copy = json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise InvalidStateError(
            f"game record field {name!r} is not JSON data: {_first_line(exc)}"
        ) from exc
    if not isinstance(copy, dict) or not all(isinstance(k, str) for k in value):
        raise InvalidStateError(f"game record field {name!r} must have string keys")
    return copy


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__


def _kind(value: Any) -> str:
    """A short description of a value for an error message (never a huge repr)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        bits = value.bit_length()
        return repr(value) if bits < 64 else f"an integer of {bits} bits"
    if isinstance(value, str) and len(value) < 60:
        return repr(value)
    return f"a {type(value).__name__}"


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", dict: "an object", list: "a list"}
    return names.get(kind, str(kind)) if isinstance(kind, type) else str(kind)
