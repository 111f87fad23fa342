"""GameRecord: the save format of a game (DESIGN.md section 6).

A record is small, readable JSON: the game, the rules version, the player count, the options that
differ from the defaults, the seed and the action strings. Reading one never uses pickle or eval;
anything malformed raises :class:`InvalidStateError` saying what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import InvalidStateError

__all__ = ["SCHEMA", "GameRecord"]

SCHEMA = "bamboo_lab.record/1"
"""The schema tag written into every record; other tags are refused."""

_FIELDS: dict[str, type | tuple[type, ...]] = {
    "game": str,
    "rules_version": str,
    "num_players": int,
    "seed": int,
    "options": dict,
    "actions": list,
}


@dataclass(frozen=True)
class GameRecord:
    """A replayable game: setup arguments plus the action strings in order."""

    game: str
    rules_version: str
    num_players: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    truncated: bool = False

    def __post_init__(self) -> None:
        """Normalise ``actions`` to a tuple and ``options`` to a plain dict."""
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "options", dict(self.options))

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-safe dict, with the schema tag."""
        return {
            "schema": SCHEMA,
            "game": self.game,
            "rules_version": self.rules_version,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self.actions),
            "truncated": self.truncated,
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Rebuild a record from :meth:`to_dict`; raise InvalidStateError when malformed."""
        if not isinstance(data, dict):
            raise InvalidStateError(
                f"a game record must be a JSON object, not {type(data).__name__}"
            )
        if data.get("schema") != SCHEMA:
            raise InvalidStateError(
                f"unsupported record schema {data.get('schema')!r}; expected {SCHEMA!r}"
            )
        for name, kind in _FIELDS.items():
            if name not in data:
                raise InvalidStateError(f"game record is missing the field {name!r}")
            value = data[name]
            if not isinstance(value, kind) or isinstance(value, bool):
                raise InvalidStateError(
                    f"game record field {name!r} must be {_kind_name(kind)}, not {value!r}"
                )
        bad = [a for a in data["actions"] if not isinstance(a, str)]
        if bad:
            raise InvalidStateError(f"game record actions must be strings; found {bad[0]!r}")
        truncated = data.get("truncated", False)
        if not isinstance(truncated, bool):
            raise InvalidStateError(
                f"game record field 'truncated' must be a bool, not {truncated!r}"
            )
        extra = sorted(set(data) - set(_FIELDS) - {"schema", "truncated"})
        if extra:
            raise InvalidStateError(f"game record has unknown field(s) {extra}")
        return cls(
            game=data["game"],
            rules_version=data["rules_version"],
            num_players=data["num_players"],
            seed=data["seed"],
            options=data["options"],
            actions=tuple(data["actions"]),
            truncated=truncated,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse JSON text; malformed JSON raises InvalidStateError."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InvalidStateError(f"a game record is not valid JSON: {exc}") from exc
        return cls.from_dict(data)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` as indented JSON."""
        Path(path).write_text(self.to_json(indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record written by :meth:`save`."""
        return cls.from_json(Path(path).read_bytes())


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", dict: "an object", list: "a list"}
    return names.get(kind, str(kind)) if isinstance(kind, type) else str(kind)
