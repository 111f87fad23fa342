"""A puzzle and a puzzle set as plain JSON data: written by ``to_dict``, read back with every
field checked (never pickle or eval); anything malformed is refused with one line saying
which puzzle and which field is wrong."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.protocol import GameState
from bamboo_lab.core.record import GameRecord, state_digest
from bamboo_lab.games import GAMES, load, replay

__all__ = [
    "DIFFICULTIES",
    "MAX_SET_BYTES",
    "SET_SCHEMA",
    "Puzzle",
    "PuzzleSet",
    "load_set",
    "read_set",
    "set_path",
]

SET_SCHEMA = "bamboo_lab.puzzles/1"
"""The schema tag of a puzzle set file; other tags are refused."""

MAX_SET_BYTES = 8 * 1024 * 1024
"""The largest puzzle set text read (a set of 30 puzzles with their positions is under 1 MiB)."""

DIFFICULTIES = ("easy", "medium", "hard")
"""The difficulty labels, easiest first."""

_TEXT_FIELDS = ("answer", "answer_words", "runner_up", "runner_up_words", "theme", "difficulty")
_NUMBER_FIELDS = ("win", "runner_up_win", "margin", "runner_up_margin", "closeness", "missed")
_INT_FIELDS = ("number", "seat", "playouts", "legal_moves")
_FIELDS = frozenset(
    {"game", "record", "source", "digest", *_TEXT_FIELDS, *_NUMBER_FIELDS, *_INT_FIELDS}
)


@dataclass(frozen=True)
class Puzzle:
    """One "find the best move" position: who moves, the answer and why it is the answer."""

    game: str
    """The game's registry name."""
    number: int
    """The puzzle's number in its set, from 1."""
    record: GameRecord
    """The position as a record whose ``start`` is the position (it replays to it)."""
    seat: int
    """The seat to move, from whose view the puzzle is solved."""
    answer: str
    """The best move, in notation."""
    answer_words: str
    """The best move in the rulebook's words."""
    runner_up: str
    """The second best move, in notation."""
    runner_up_words: str
    """The second best move in the rulebook's words."""
    win: float
    """The seat's share of playouts won after the answer (at the large budget)."""
    runner_up_win: float
    """The seat's share of playouts won after the runner-up."""
    margin: float
    """The seat's mean final margin after the answer (its score minus the best other's)."""
    runner_up_margin: float
    """The seat's mean final margin after the runner-up."""
    theme: str
    """What the answer does, computed from the game's own scoring (``themes.theme``)."""
    difficulty: str
    """One of :data:`DIFFICULTIES`."""
    closeness: float
    """How level the moves looked at a small budget: the share of the other moves about as
    good as the first (0: the answer already clearly best; 1: the answer not even first)."""
    missed: float
    """The share of the heuristic bot's tries that did not play the answer."""
    playouts: int
    """The large budget the answer was proved at."""
    legal_moves: int
    """How many legal moves the seat had."""
    source: Mapping[str, Any]
    """Where the position came from: the game's seed, players, bots and ply."""
    digest: str
    """The :func:`~bamboo_lab.core.record.state_digest` of the position."""

    @property
    def win_loss(self) -> float:
        """How much less often the seat wins after the runner-up than after the answer."""
        return self.win - self.runner_up_win

    @property
    def margin_loss(self) -> float:
        """How many points of final margin the runner-up loses against the answer."""
        return self.margin - self.runner_up_margin

    def position(self) -> GameState:
        """The puzzle's position, replayed from its record."""
        return replay(self.record)[-1]

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as a JSON-safe dict."""
        data: dict[str, Any] = {"game": self.game, "record": self.record.to_dict()}
        for name in (*_INT_FIELDS, *_TEXT_FIELDS, *_NUMBER_FIELDS):
            data[name] = getattr(self, name)
        data["source"] = dict(self.source)
        data["digest"] = self.digest
        return data

    @classmethod
    def from_dict(cls, data: Any, game: str) -> Puzzle:
        """A puzzle from :meth:`to_dict`, every field checked, its position replayed and its
        answer and runner-up legal there; else InvalidStateError saying what is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidStateError(f"a puzzle must be a JSON object, not {short_repr(data)}")
        missing = sorted(_FIELDS - set(data))
        extra = sorted(str(key)[:40] for key in set(data) - _FIELDS)
        if missing or extra:
            raise InvalidStateError(
                f"a puzzle {'lacks ' + ', '.join(missing) if missing else ''}"
                f"{'; ' if missing and extra else ''}"
                f"{'has unknown field(s) ' + ', '.join(extra) if extra else ''}"
            )
        if data["game"] != game:
            raise InvalidStateError(f"a puzzle of {short_repr(data['game'])} in the {game} set")
        for name in _INT_FIELDS:
            if not isinstance(data[name], int) or isinstance(data[name], bool) or data[name] < 0:
                raise InvalidStateError(f"puzzle field {name!r} must be a whole number >= 0")
        for name in _TEXT_FIELDS:
            if not isinstance(data[name], str) or not data[name] or len(data[name]) > 300:
                raise InvalidStateError(f"puzzle field {name!r} must be a short text")
        for name in _NUMBER_FIELDS:
            value = data[name]
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InvalidStateError(f"puzzle field {name!r} must be a number")
            if not -1000 <= value <= 1000:
                raise InvalidStateError(f"puzzle field {name!r} is out of range: {value}")
        if data["difficulty"] not in DIFFICULTIES:
            raise InvalidStateError(f"puzzle difficulty must be one of {', '.join(DIFFICULTIES)}")
        if not isinstance(data["source"], Mapping) or not isinstance(data["digest"], str):
            raise InvalidStateError("puzzle fields 'source' (an object), 'digest' (a text)")
        record = GameRecord.from_dict(data["record"])
        if record.game != game or record.start is None or record.actions:
            raise InvalidStateError(
                "a puzzle's record is of its game and starts at the position, with no actions"
            )
        fields: dict[str, Any] = {name: data[name] for name in (*_INT_FIELDS, *_TEXT_FIELDS)}
        fields.update({name: float(data[name]) for name in _NUMBER_FIELDS})
        puzzle = cls(
            game=game, record=record, source=dict(data["source"]), digest=data["digest"], **fields
        )
        puzzle.check()
        return puzzle

    def check(self) -> None:
        """Replay the position; refuse a wrong digest, seat, answer or runner-up."""
        state = self.position()
        if state_digest(state) != self.digest:
            raise InvalidStateError("the puzzle's record does not reach its position's digest")
        if state.is_over() or state.current_player != self.seat:
            raise InvalidStateError(f"seat {self.seat} is not the one to move in the position")
        module = load(self.game)
        legal = state.legal_actions()
        for name in ("answer", "runner_up"):
            text = getattr(self, name)
            try:
                action = module.parse_action(text, state)
            except BambooLabError as exc:
                raise InvalidStateError(f"the puzzle's {name} {text[:40]!r}: {exc}") from exc
            if action not in legal:
                raise InvalidStateError(f"the puzzle's {name} {text[:40]!r} is not legal there")
        if self.answer == self.runner_up:
            raise InvalidStateError("a puzzle's answer and runner-up are the same move")


@dataclass(frozen=True)
class PuzzleSet:
    """The shipped puzzles of one game and how they were built."""

    game: str
    """The game's registry name."""
    seed: int
    """The build's seed."""
    settings: Mapping[str, Any]
    """The build's budgets and limits (``mine.Settings`` as a dict) and its time."""
    puzzles: tuple[Puzzle, ...]
    """The puzzles, numbered from 1."""

    def to_dict(self) -> dict[str, Any]:
        """The set as a JSON-safe dict with the schema tag."""
        return {
            "schema": SET_SCHEMA,
            "game": self.game,
            "seed": self.seed,
            "settings": dict(self.settings),
            "puzzles": [puzzle.to_dict() for puzzle in self.puzzles],
        }

    def to_json(self) -> str:
        """The set as JSON text, one puzzle field per line (diffs stay readable)."""
        return json.dumps(self.to_dict(), indent=1) + "\n"


def read_set(text: Any, game: str) -> PuzzleSet:
    """A puzzle set from JSON text, every puzzle checked; malformed data raises
    InvalidStateError naming the puzzle and what is wrong."""
    if game not in GAMES:
        raise InvalidStateError(f"no puzzle sets for {short_repr(game)}; games: {', '.join(GAMES)}")
    if not isinstance(text, (str, bytes)):
        raise InvalidStateError(f"a puzzle set is JSON text, not {short_repr(text)}")
    if len(text) > MAX_SET_BYTES:
        raise InvalidStateError(f"a puzzle set is too large (at most {MAX_SET_BYTES} bytes)")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        raise InvalidStateError(f"a puzzle set is not valid JSON: {str(exc)[:120]}") from exc
    if not isinstance(data, dict) or data.get("schema") != SET_SCHEMA:
        raise InvalidStateError(f"a puzzle set is a JSON object with schema {SET_SCHEMA!r}")
    if set(data) != {"schema", "game", "seed", "settings", "puzzles"}:
        raise InvalidStateError("a puzzle set has schema, game, seed, settings and puzzles")
    if data["game"] != game:
        raise InvalidStateError(f"this puzzle set is of {short_repr(data['game'])}, not {game}")
    seed, settings, items = data["seed"], data["settings"], data["puzzles"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(settings, dict):
        raise InvalidStateError("a puzzle set's seed is a whole number and settings an object")
    if not isinstance(items, list):
        raise InvalidStateError("a puzzle set's puzzles are a list")
    puzzles = []
    for index, item in enumerate(items, start=1):
        try:
            puzzle = Puzzle.from_dict(item, game)
        except BambooLabError as exc:
            raise InvalidStateError(f"{game} puzzle {index}: {exc}") from exc
        if puzzle.number != index:
            raise InvalidStateError(f"{game} puzzle {index} is numbered {puzzle.number}")
        puzzles.append(puzzle)
    return PuzzleSet(game, seed, settings, tuple(puzzles))


def _refuse_constant(name: str) -> Any:
    """Refuse NaN and Infinity in JSON."""
    raise ValueError(f"{name} is not a number JSON allows")


def set_path(game: str) -> Path:
    """The file of ``game``'s shipped puzzle set (``bamboo_lab/puzzles/data/<game>.json``)."""
    if game not in GAMES:
        raise InvalidStateError(f"no puzzle sets for {short_repr(game)}; games: {', '.join(GAMES)}")
    return Path(str(resources.files("bamboo_lab.puzzles") / "data" / f"{game}.json"))


def load_set(game: str) -> PuzzleSet:
    """``game``'s shipped puzzle set, every puzzle checked (an empty set when none is built)."""
    path = set_path(game)
    if not path.is_file():
        return PuzzleSet(game, 0, {}, ())
    return read_set(path.read_text(encoding="utf-8"), game)
