"""Race: a tiny game that lives only in tests/, to prove a game is one folder.

Each pawn starts on hex 0 of a line of hexes; on their turn a player rolls a three-sided die (a
chance node) and moves their pawn 1 to the rolled number of hexes. Who reaches hex ``GOAL``
first wins. ``games.register(race_game)`` makes it known to every layer; its words, pictures
and observation live beside it (``words.py``, ``viz.py``, ``envs.py``); it has no bots or sim
layer, so it plays with the generic ones (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Self

from bamboo_lab.core.checks import checked_int, checked_ints, short_repr
from bamboo_lab.core.display import RichDisplay
from bamboo_lab.core.errors import InvalidActionError, InvalidStateError
from bamboo_lab.core.history import LinkedHistory, written_fields
from bamboo_lab.core.options import GameOptions
from bamboo_lab.core.protocol import CHANCE, TERMINAL, Explanation, Outcome
from bamboo_lab.core.refusals import Rulebook
from bamboo_lab.core.step import Engine, Fields, Handler

NAME = "race"
RULES_VERSION = "1"
PLAYER_COUNTS = (2, 3)
PLY_LIMIT = 200
PHASES = ("roll", "move")
RANDOM_SETUP = False  # every race starts the same: the seed deals nothing
GOAL = 6
FACES = (1, 2, 3)


@dataclass(frozen=True)
class Options(GameOptions):
    """Race has no variants."""


@dataclass(frozen=True)
class Roll:
    """The die shows ``face``."""

    face: int

    def __str__(self) -> str:
        """``roll 2``."""
        return f"roll {self.face}"


@dataclass(frozen=True)
class Move:
    """Move one's pawn ``steps`` hexes along the line."""

    steps: int

    def __str__(self) -> str:
        """``move 2``."""
        return f"move {self.steps}"


ACTION_TYPES: tuple[type, ...] = (Roll, Move)
ROLLS = tuple(Roll(face) for face in FACES)
MOVES = tuple(Move(steps) for steps in FACES)
"""Every action, built once: ``legal_actions`` hands out these very objects (the rulebook then
applies the engine's own object, never the caller's)."""


def parse(text: str) -> Any:
    """The action written ``text`` (``roll 2``, ``move 1``), legal or not."""
    verb, _, number = text.partition(" ")
    kinds = {"roll": Roll, "move": Move}
    if verb not in kinds or not number.isdigit() or len(number) > 2:
        raise InvalidActionError(f"not a race action: {text[:40]!r}")
    return kinds[verb](int(number))


def refusal(state: State, action: Any) -> tuple[str, str] | None:
    """The rule a not-legal action breaks."""
    if state.is_over():
        return "RACE-3", "the race is over"
    if isinstance(action, Roll):
        return "RACE-1", "the die shows 1, 2 or 3, once per turn"
    if not state.rolled:
        return "RACE-1", "roll the die first"
    return "RACE-2", f"a pawn moves 1 to {state.rolled} hexes (the die's face)"


RULEBOOK: Rulebook[State] = Rulebook("Hex race", NAME, ACTION_TYPES, parse, refusal)


def _roll(state: State, fields: Fields, action: Roll) -> None:
    """RACE-1: the die shows its face; the seat to move moves next."""
    fields["rolled"] = action.face


def _move(state: State, fields: Fields, action: Move) -> None:
    """RACE-2: the pawn moves, at most to the goal; the next seat rolls."""
    pawns = list(state.pawns)
    pawns[state.player] = min(GOAL, pawns[state.player] + action.steps)
    fields["pawns"] = tuple(pawns)
    fields["player"] = (state.player + 1) % state.num_players
    fields["rolled"] = 0


HANDLERS: dict[type, Handler] = {Roll: _roll, Move: _move}
"""Per action type, the rule that resolves it (the engine step, ``core.step``, calls it)."""


@dataclass(frozen=True)
class State(Engine, RichDisplay):
    """A race position: every pawn's hex, the seat to move and the die it rolled."""

    game: ClassVar[str] = NAME
    drawn_by: ClassVar[str] = "race_game.viz:figure"
    rulebook = RULEBOOK
    handlers = HANDLERS
    num_players: int
    pawns: tuple[int, ...]
    player: int = 0
    rolled: int = 0
    history: LinkedHistory = LinkedHistory()  # stores a core.history link, reads the tuple
    start: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The to_dict of the position the history begins at (a built position), else None."""

    @property
    def phase(self) -> str:
        """``roll``, ``move`` or ``over``."""
        return "over" if self.is_over() else "move" if self.rolled else "roll"

    @property
    def current_player(self) -> int:
        """The seat to move, CHANCE before the roll, TERMINAL at the end."""
        return TERMINAL if self.is_over() else self.player if self.rolled else CHANCE

    def is_over(self) -> bool:
        """True once a pawn reached the goal."""
        return max(self.pawns) >= GOAL

    def legal_actions(self) -> tuple[Any, ...]:
        """The die faces before the roll, then the moves up to the rolled face."""
        if self.is_over():
            return ()
        if not self.rolled:
            return ROLLS
        return MOVES[: self.rolled]

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """Each face with probability one third, before the roll."""
        if self.current_player != CHANCE:
            return ()
        return tuple((action, 1 / len(FACES)) for action in self.legal_actions())

    def scores(self) -> tuple[int, ...]:
        """Every pawn's hex."""
        return self.pawns

    def outcome(self) -> Outcome | None:
        """The seat that reached the goal wins."""
        if not self.is_over():
            return None
        winner = self.pawns.index(GOAL)
        breakdown = tuple({"hex": hex_reached, "total": hex_reached} for hex_reached in self.pawns)
        return Outcome(self.pawns, (winner,), "reached the goal", breakdown)

    def view(self, player: int | None) -> Self:
        """Nothing is hidden."""
        return self

    def determinize(self, player: int | None, seed: int) -> Self:
        """Nothing is hidden."""
        return self

    def inventory(self) -> dict[str, int]:
        """One pawn per seat."""
        return {"pawn": len(self.pawns)}

    def __getstate__(self) -> dict[str, Any]:
        """Copied and pickled with the history written out (core.history)."""
        return written_fields(self.__dict__)

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-safe data (with its ``start`` when it has one)."""
        data: dict[str, Any] = {
            "num_players": self.num_players,
            "pawns": list(self.pawns),
            "player": self.player,
            "rolled": self.rolled,
            "history": [str(action) for action in self.history],
        }
        if self.start is not None:
            data["start"] = dict(self.start)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """The position ``to_dict`` wrote, checked; InvalidStateError names what is wrong."""
        if not isinstance(data, Mapping) or set(data) - FIELDS or not set(data) >= KEYS:
            raise InvalidStateError(f"a race position has the keys {sorted(FIELDS)}")
        start = data.get("start")
        if start is not None:
            first = cls.from_dict(start)
            if first.history or first.start is not None:
                raise InvalidStateError("a race's start has no history and no start")
            start = first.to_dict()
        texts = data["history"]
        if not isinstance(texts, list) or len(texts) > PLY_LIMIT:
            raise InvalidStateError(f"a race's history is a list of at most {PLY_LIMIT} actions")
        if not all(isinstance(text, str) for text in texts):
            raise InvalidStateError(f"a race's history is a list of texts, not {short_repr(texts)}")
        try:
            history = tuple(parse(text) for text in texts)
        except InvalidActionError as exc:
            raise InvalidStateError(f"a race's history holds {short_repr(texts)}") from exc
        state = position(data["pawns"], data["player"], data["rolled"])
        if state.num_players != data["num_players"]:
            raise InvalidStateError("a race has one pawn per seat")
        return cls(state.num_players, state.pawns, state.player, state.rolled, history, start)

    def __str__(self) -> str:
        """One line per pawn."""
        return "\n".join(f"P{seat}: {hexes}" for seat, hexes in enumerate(self.pawns))


FIELDS = frozenset({"num_players", "pawns", "player", "rolled", "history", "start"})
KEYS = FIELDS - {"start"}
"""The keys of a race's to_dict (``start`` only for a built position)."""


def new_game(num_players: int, seed: int, options: Any = None) -> State:
    """Every pawn on hex 0; the first player rolls."""
    Options.coerce(options)
    if num_players not in PLAYER_COUNTS:
        raise InvalidStateError(f"race plays with {PLAYER_COUNTS} players, not {num_players!r}")
    return State(num_players, (0,) * num_players)


def position(pawns: Any = (0, 0), player: Any = 0, rolled: Any = 0) -> State:
    """A checked race position (two pawns on hex 0 by default): its own start."""
    if not isinstance(pawns, (list, tuple)) or len(pawns) not in PLAYER_COUNTS:
        raise InvalidStateError(f"a race has one pawn per seat, {PLAYER_COUNTS} seats")
    hexes = checked_ints(pawns, "pawns", 0, GOAL)
    if hexes.count(GOAL) > 1:
        raise InvalidStateError("one pawn at most reaches the goal: the race ends there")
    seat = checked_int(player, "player", 0, len(hexes) - 1)
    face = checked_int(rolled, "rolled", 0, max(FACES))
    if face and GOAL in hexes:
        raise InvalidStateError("no die is rolled once the race is over")
    state = State(len(hexes), hexes, seat, face)
    return replace(state, start=state.to_dict())


def parse_action(text: str, state: State) -> Any:
    """The legal action of ``state`` written ``text``."""
    return RULEBOOK.parse_action(text, state)


def explain(state: State, action: Any) -> Explanation:
    """Whether ``action`` is legal now, else the rule it breaks."""
    return RULEBOOK.explain(state, action)


def every_action() -> tuple[Any, ...]:
    """Every move a player can ever choose (the environments' action table)."""
    return MOVES
