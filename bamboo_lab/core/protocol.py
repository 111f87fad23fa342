"""The game contract every bamboo_lab game follows (docs/design.md, section 3).

A game is a module (``bamboo_lab.games.<name>``) exposing the names of :class:`GameModule`; its
states follow :class:`GameState`. States are immutable values: ``apply`` returns a new state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, runtime_checkable

from .errors import IllegalActionError, InvalidActionError

if TYPE_CHECKING:
    from .refusals import Rulebook

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Explanation",
    "GameInfo",
    "GameModule",
    "GameState",
    "Outcome",
    "PlayerId",
    "ensure_legal",
    "find_legal",
]

PlayerId = int
"""A seat number, 0-based, in turn order from the start of setup."""

CHANCE: PlayerId = -1
"""``current_player`` when the next action is a chance outcome (a die roll)."""

TERMINAL: PlayerId = -2
"""``current_player`` once the game is over."""


class Action(Protocol):
    """An action: a small frozen dataclass whose ``str`` is its unique notation."""

    def __str__(self) -> str:
        """The action's short text form, unique among the legal actions of a state."""
        ...


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: final scores, winners after tie-breaks, and why it ended."""

    scores: tuple[int, ...]
    winners: tuple[PlayerId, ...]
    reason: str
    breakdown: tuple[Mapping[str, Any], ...] = field(default=(), compare=False)

    @property
    def is_shared(self) -> bool:
        """True when more than one player wins (the printed tie-breaks left a tie)."""
        return len(self.winners) > 1


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata in one block (as OpenSpiel's ``_GAME_INFO``)."""

    name: str
    """The registry name, ``bamboo_lab.games.<name>``."""
    title: str
    """The printed title, for headings."""
    rules_version: str
    """The version of the rules; records of another version are refused."""
    player_counts: tuple[int, ...]
    """The player counts the rules allow."""
    ply_limit: int
    """A bound on decisions no uniformly random game reaches; the runner truncates there."""
    phases: tuple[str, ...]
    """The names of the pending-decision phases, in rulebook order."""


@dataclass(frozen=True)
class Explanation:
    """Whether an action is legal now and, if not, the rule it breaks (``explain``'s answer)."""

    action: str
    """The action's notation (or the text that was asked about)."""
    legal: bool
    """True when the action is among the legal actions."""
    rule: str | None = None
    """The rule ID it breaks (``TK-IMP-2``), or None when legal or malformed."""
    reason: str = ""
    """One sentence in rulebook words."""

    def __bool__(self) -> bool:
        """True when the action is legal."""
        return self.legal

    def __str__(self) -> str:
        """``'<action>' is legal`` or ``'<action>' is illegal: <reason> (<rule>)``."""
        if self.legal:
            return f"{self.action!r} is legal"
        rule = f" ({self.rule})" if self.rule else ""
        return f"{self.action!r} is illegal: {self.reason}{rule}"


@runtime_checkable
class GameState(Protocol):
    """What every game state offers (docs/design.md, section 3)."""

    game: ClassVar[str]
    num_players: int
    player: PlayerId
    """The seat whose decision is pending (``current_player`` adds chance and the end)."""
    start: Mapping[str, Any] | None
    """The starting position (a ``to_dict``) the history begins at; None for ``new_game``."""
    history: tuple[Any, ...]

    @property
    def current_player(self) -> PlayerId:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions in a deterministic order, without duplicates."""
        ...

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """``((action, probability), ...)`` when ``current_player == CHANCE``, else ``()``."""
        ...

    def apply(self, action: Any, check: bool = True) -> Self:
        """Return the state after ``action``; raise IllegalActionError when it is not legal."""
        ...

    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    def scores(self) -> tuple[int, ...]:
        """The running score of every seat; final once the game is over."""
        ...

    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` once the game is over, else ``None``."""
        ...

    def view(self, player: PlayerId | None) -> Self:
        """The same state with what ``player`` cannot see redacted (None: the public view, what
        a spectator sees)."""
        ...

    def determinize(self, player: PlayerId | None, seed: int) -> Self:
        """A state ``player`` cannot tell from this one, hidden parts resampled from ``seed``."""
        ...

    def inventory(self) -> Mapping[str, int]:
        """How many of each physical component exist, wherever they lie (constant in a game)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict that :meth:`from_dict` turns back into an equal state."""
        ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict`; raise InvalidStateError when inconsistent."""
        ...


class GameModule(Protocol):
    """The names a game module exposes to the registry, the runner and the tests."""

    NAME: str
    RULES_VERSION: str
    PLAYER_COUNTS: tuple[int, ...]
    PLY_LIMIT: int
    Options: type[Any]
    State: type[Any]
    RULEBOOK: Rulebook[Any]
    """The game's refusals and its printed title (``RULEBOOK.title``: ``Takenoko``)."""

    def new_game(self, num_players: int, seed: int, options: Any = None) -> GameState:
        """A fresh game after setup, a pure function of its arguments."""
        ...

    def parse_action(self, text: str, state: GameState) -> Any:
        """The legal action whose notation is ``text``."""
        ...

    def position(self, *args: Any, **kwargs: Any) -> GameState:
        """A validated state built from only the parts a teacher names."""
        ...

    def explain(self, state: GameState, action: Any) -> Explanation:
        """Whether ``action`` (an action or its text) is legal now, else the rule it breaks."""
        ...


def find_legal(state: GameState, text: str) -> Any:
    """Return the legal action of ``state`` whose notation is ``text``.

    Games call this from ``parse_action`` after checking that ``text`` is well formed; a
    well-formed text that no legal action has raises :class:`IllegalActionError`.
    """
    for action in state.legal_actions():
        if str(action) == text:
            return action
    raise IllegalActionError(_illegal_message(state, text, "it is not among the legal actions"))


def ensure_legal(state: GameState, action: Any, action_types: tuple[type, ...]) -> None:
    """Raise the right error unless ``action`` is one of ``state``'s legal actions."""
    if not isinstance(action, action_types):
        raise InvalidActionError(f"{action!r} is not an action of {state.game}")
    if state.is_over():
        raise IllegalActionError(f"{action} is illegal: the game is over")
    if action not in state.legal_actions():
        raise IllegalActionError(_illegal_message(state, str(action), "it is not legal now"))


def _illegal_message(state: GameState, text: str, why: str) -> str:
    phase = getattr(state, "phase", "?")
    legal: Sequence[Any] = state.legal_actions()
    shown = ", ".join(str(a) for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
    return (
        f"{text!r} is illegal for player {state.current_player} in phase {phase!s}: {why}"
        f" (legal: {shown or 'none'})"
    )
