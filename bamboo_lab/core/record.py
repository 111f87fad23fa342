"""GameRecord: the save format of a game (docs/design.md, section 6).

A record is small, readable JSON: the game, the rules version, the player count, the options that
differ from the defaults, the seed, the action strings and, when the game did not begin at
``new_game`` (a built or loaded position), its starting position ``start`` (a state's
``to_dict``), as PGN carries a FEN; and the digest of the position it reaches
(``final_digest``), as PGN carries the result, so a corrupted start or action list is caught.
Reading one never uses pickle or eval; anything malformed, too large or too deep raises
:class:`InvalidStateError` with one line saying what is wrong (limits: docs/simulation.md).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import os
import re
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any

from .checks import MAX_NOTATION, SEED_RANGE, checked_bool, checked_int, listed, quoted, utf8_size
from .errors import InvalidStateError

__all__ = [
    "MAX_ACTIONS",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_PLAYERS",
    "MAX_RECORD_BYTES",
    "SCHEMA",
    "GameRecord",
    "check_size",
    "state_digest",
]

SCHEMA = "bamboo_lab.record/1"
"""The schema tag written into every record; other tags are refused."""

MAX_RECORD_BYTES = 5 * 1024 * 1024
"""The largest record text read (5 MiB: a game of 20,000 actions with its start is ~300 KiB)."""

MAX_DEPTH = 32
"""The deepest nesting of lists and objects a record may hold (a state dict needs under 10)."""

MAX_ACTIONS = 100_000
"""The most actions a record may hold (the longest ply limit of any game, Takenoko's)."""

MAX_ITEMS = 250_000
"""The most JSON values (objects, lists, strings, numbers) a record may hold in all: the
actions of the longest game plus a starting position (a state dict holds a few thousand)."""

_STRING = re.compile(r'"[^"]*"')
"""A JSON string once its escaped backslashes and quotes are cut out: one repeated character
class, which the regex engine scans in one pass without keeping a backtracking point per
character (the pattern with an escape alternative cost ~100 bytes of memory per character)."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}

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
_OPTIONAL = {"schema", "truncated", "start", "final_digest"}
_HEX = re.compile(r"[0-9a-f]{64}")


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
    final_digest: str | None = None
    """The :func:`state_digest` of the position the actions reach, as PGN carries the result:
    ``replay`` refuses a record that does not reach it. None in records written before it."""

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
        if len(self.actions) > MAX_ACTIONS:
            raise InvalidStateError(
                f"a game record holds at most {MAX_ACTIONS} actions, not {len(self.actions)}"
            )
        for i, action in enumerate(self.actions):
            if not isinstance(action, str):
                raise InvalidStateError(
                    f"game record actions must be strings; action {i} is {_kind(action)}"
                )
            if utf8_size(action, MAX_NOTATION) > MAX_NOTATION:
                raise InvalidStateError(
                    f"game record action {i} is not a notation: {quoted(action)} is longer"
                    f" than {MAX_NOTATION} bytes"
                )
        if self.final_digest is not None and (
            not isinstance(self.final_digest, str) or not _HEX.fullmatch(self.final_digest)
        ):
            raise InvalidStateError(
                "game record field 'final_digest' must be 64 hexadecimal digits or null,"
                f" not {_kind(self.final_digest)}"
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
        if self.final_digest is not None:
            data["final_digest"] = self.final_digest
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any, *, _checked: bool = False) -> GameRecord:
        """Rebuild a record from :meth:`to_dict`; raise InvalidStateError when malformed.

        A record nested deeper than :data:`MAX_DEPTH` or holding more than :data:`MAX_ITEMS`
        values is refused before anything else is read. Records written before ``start``
        existed (no such key) load with ``start=None``.
        """
        if not isinstance(data, Mapping):
            raise InvalidStateError(f"a game record must be a JSON object, not {_kind(data)}")
        if not _checked:
            check_size(data)
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
        extra = [k for k in data if k not in _FIELDS and k not in _OPTIONAL]
        if extra:
            raise InvalidStateError(f"game record has unknown field(s) {listed(extra)}")
        return cls(
            game=data["game"],
            rules_version=data["rules_version"],
            num_players=data["num_players"],
            seed=data["seed"],
            options=data["options"],
            actions=tuple(data["actions"]),
            truncated=data.get("truncated", False),
            start=data.get("start"),
            final_digest=data.get("final_digest"),
        )

    @classmethod
    def from_json(cls, text: Any) -> GameRecord:
        """Parse JSON text (str or bytes); anything malformed raises InvalidStateError."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidStateError(f"a game record must be JSON text, not {_kind(text)}")
        size = utf8_size(text, MAX_RECORD_BYTES)
        if size > MAX_RECORD_BYTES:
            raise InvalidStateError(
                f"a game record is too large ({size} bytes of UTF-8; at most {MAX_RECORD_BYTES})"
            )
        _check_text_shape(text)
        try:
            with _without_gc():
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
        return cls.from_dict(data, _checked=True)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` as indented JSON."""
        Path(path).write_text(self.to_json(indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record written by :meth:`save`; an unreadable file raises InvalidStateError."""
        try:
            found = os.stat(path)
            if not stat.S_ISREG(found.st_mode):  # a FIFO or a device would block or never end
                raise InvalidStateError(f"the game record {_quoted_path(path)} is not a file")
            if found.st_size > MAX_RECORD_BYTES:
                raise InvalidStateError(
                    f"a game record is too large ({found.st_size} bytes;"
                    f" at most {MAX_RECORD_BYTES})"
                )
            with Path(path).open("rb") as file:
                text = file.read(MAX_RECORD_BYTES + 1)
        except (OSError, TypeError, ValueError) as exc:
            if isinstance(exc, InvalidStateError):
                raise
            raise InvalidStateError(
                f"cannot read the game record {_quoted_path(path)}: {_first_line(exc)}"
            ) from exc
        return cls.from_json(text)


@contextlib.contextmanager
def _without_gc() -> Iterator[None]:
    """Parse without the cyclic garbage collector: parsed JSON holds no cycles, and collecting
    while ~250,000 nested lists are made cost seven times the parse (0.6 s instead of 0.09 s)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _refuse_constant(name: str) -> Any:
    """JSON's NaN and Infinity are not numbers a record may hold."""
    raise ValueError(f"{name} is not allowed")


def state_digest(state: Any) -> str:
    """The sha256 (hex) of a state's sorted JSON form (``to_dict``): a record's
    ``final_digest``, and what the golden records store."""
    text = json.dumps(state.to_dict(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def check_size(data: Any, what: str = "a game record") -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH` or holding more than :data:`MAX_ITEMS`
    values, stopping at the first value past a limit (no recursion used)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    items = 0
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InvalidStateError(f"{what} is nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, (Mapping, list, tuple)):
            items += len(value)
            if items > MAX_ITEMS:  # counted before the values are looked at
                raise InvalidStateError(f"{what} holds more than {MAX_ITEMS} values")
            values = value.values() if isinstance(value, Mapping) else value
            stack.extend((v, depth + 1) for v in values)


def _check_text_shape(text: str | bytes | bytearray) -> None:
    """Refuse JSON text holding more than :data:`MAX_ITEMS` values or nested deeper than
    :data:`MAX_DEPTH`, before parsing it, in time and memory linear in its size: escaped
    backslashes and quotes are cut out, then strings, then commas and brackets are counted, and the
    open brackets counted along the text (each pass in C)."""
    try:
        plain = text if isinstance(text, str) else bytes(text).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidStateError(f"a game record is not UTF-8 text: {exc.reason}") from exc
    # a backslash escapes the one character after it (JSON): runs of backslashes pair up from
    # their left end, so cutting the pairs out first leaves only backslashes before a quote
    # that it escapes (a backslash outside a string is a JSON error, refused by json.loads)
    plain = plain.replace("\\\\", "").replace('\\"', "")
    if plain.count('"') > 4 * MAX_ITEMS:  # a string per value and per key, two quotes each
        raise InvalidStateError(f"a game record holds more than {MAX_ITEMS} values")
    skeleton = _STRING.sub("", plain)
    del plain
    items = skeleton.count(",") + skeleton.count("[") + skeleton.count("{")
    if items > MAX_ITEMS:
        raise InvalidStateError(f"a game record holds more than {MAX_ITEMS} values")
    brackets = _NOT_BRACKET.sub("", skeleton)
    # the running count of open brackets is the nesting (unbalanced text: json.loads says)
    if brackets and max(accumulate(map(_BRACKET_STEP.__getitem__, brackets))) > MAX_DEPTH:
        raise InvalidStateError(f"a game record is nested deeper than {MAX_DEPTH} levels")


def _plain(value: Mapping[str, Any], name: str) -> dict[str, Any]:
    """A detached JSON-safe copy of ``value`` (string keys, JSON values), or InvalidStateError."""
    try:
        with _without_gc():
            copy = json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise InvalidStateError(
            f"game record field {name!r} is not JSON data: {_first_line(exc)}"
        ) from exc
    if not isinstance(copy, dict) or not all(isinstance(k, str) for k in value):
        raise InvalidStateError(f"game record field {name!r} must have string keys")
    return copy


def _quoted_path(path: Any) -> str:
    """A path for an error message, cut to 80 characters."""
    text = str(path)
    return repr(text if len(text) <= 80 else text[:77] + "...")


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
