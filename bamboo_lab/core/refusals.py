"""The refusal pipeline, written once for every game (docs/design.md, section 6).

A game supplies only what is its own: its state class, its action classes, how its notation is
read, and ``refusal(state, action) -> (rule ID, sentence) | None``, the rule an action that is
not legal breaks. :class:`Rulebook` owns the rest: the legality check of ``apply``, ``explain``,
``parse_action`` and the one message every refusal prints::

    'move gardener 1,0' is illegal for player 0 in phase actions: <sentence> (TK-GARD-1)

``refusal`` is asked only about actions that are not legal (or about any action once the game is
over); it returns None only when no rule refuses the action, which for an action equal to no
legal one means its fields were forged past the frozen constructor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .checks import forged_action, own_action, short_repr
from .errors import IllegalActionError, InvalidActionError, InvalidStateError
from .protocol import Explanation

__all__ = ["RefusableState", "Refusal", "Rulebook", "illegal_message"]


class RefusableState(Protocol):
    """What the pipeline reads of a state: its seat to act, phase, end and legal actions."""

    @property
    def current_player(self) -> int:
        """The seat to act, or a negative marker (chance, game over)."""
        ...

    @property
    def phase(self) -> str:
        """The pending decision's phase name."""
        ...

    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions now."""
        ...


StateT = TypeVar("StateT", bound=RefusableState)

Refusal = tuple[str, str]
"""Why an action is refused: (rule ID, one sentence in rulebook words)."""


def illegal_message(state: RefusableState, text: str, rule: str, sentence: str) -> str:
    """``'<text>' is illegal for player P in phase X: <sentence> (<rule>)``, the one message
    of every IllegalActionError (no player is named when no seat is to act)."""
    seat = state.current_player
    who = f" for player {seat}" if seat >= 0 else ""
    return f"{text!r} is illegal{who} in phase {state.phase}: {sentence} ({rule})"


@dataclass(frozen=True)
class Rulebook(Generic[StateT]):
    """One game's refusals: ``check`` for ``apply``, ``explain`` and ``parse_action``."""

    title: str
    """The game's printed title, for messages (``Takenoko``)."""
    game: str
    """The game's registry name (its State's ``game``); ``explain`` and ``parse_action``
    refuse any other state. The name, not the class, so that ``state.py`` can import its
    game's rulebook without an import cycle."""
    action_types: tuple[type, ...]
    """The game's action classes; any other object is not an action of the game."""
    parse: Callable[[str], Any]
    """Read a notation into an action, raising InvalidActionError when it is malformed."""
    refusal: Callable[[Any, Any], Refusal | None]
    """The rule a not-legal action breaks, as (rule ID, sentence), or None (see the module)."""

    def why(self, state: StateT, action: Any) -> Refusal:
        """The (rule ID, sentence) refusing ``action``, known not to be legal in ``state``;
        InvalidActionError when no rule refuses it (a forged action)."""
        try:
            found = self.refusal(state, action)
            str(action)  # every message writes the action's notation
        except Exception as exc:  # (a forged action the rules cannot read)
            raise forged_action(action, self.title) from exc
        if found is None:  # equal to no legal action, yet no rule refuses it
            raise forged_action(action, self.title)
        return found

    def error(self, state: StateT, action: Any, text: str | None = None) -> IllegalActionError:
        """The IllegalActionError for ``action`` (written ``text``), naming its rule."""
        rule, sentence = self.why(state, action)
        shown = str(action) if text is None else text
        return IllegalActionError(illegal_message(state, shown, rule, sentence), rule=rule)

    def check(self, state: StateT, action: Any) -> Any:
        """The engine's own legal action equal to ``action``; InvalidActionError for an object
        that is not an action of the game, IllegalActionError (with its rule) when illegal."""
        if not isinstance(action, self.action_types):
            raise InvalidActionError(f"{short_repr(action)} is not an action of {self.title}")
        if not state.is_over():
            own = own_action(state.legal_actions(), action)
            if own is not None:
                return own
        raise self.error(state, action)

    def explain(self, state: StateT, action_or_text: Any) -> Explanation:
        """Whether an action (or its text) is legal in ``state`` and, if not, the rule it
        breaks; malformed text, or an object that is not an action, raises InvalidActionError."""
        self._checked(state, "explain")
        action = self._action(action_or_text)
        if not state.is_over():
            own = own_action(state.legal_actions(), action)
            if own is not None:
                return Explanation(str(own), True)
        rule, sentence = self.why(state, action)
        return Explanation(str(action), False, rule, sentence)

    def parse_action(self, text: str, state: StateT) -> Any:
        """The legal action of ``state`` written ``text``: malformed text raises
        InvalidActionError, a well-formed illegal one IllegalActionError naming its rule."""
        if not isinstance(text, str):
            raise InvalidActionError(f"an action must be given as text, not {short_repr(text)}")
        action = self.parse(text)
        self._checked(state, "parse_action")
        if not state.is_over():
            own = own_action(state.legal_actions(), action)
            if own is not None:
                return own
        raise self.error(state, action, text)

    def _checked(self, state: Any, what: str) -> None:
        """Refuse anything but a state of this game (InvalidStateError naming ``what``)."""
        if getattr(type(state), "game", None) != self.game:
            raise InvalidStateError(f"{what} needs a {self.title} state, not {short_repr(state)}")

    def _action(self, action_or_text: Any) -> Any:
        """The action ``action_or_text`` names, read when it is text."""
        if isinstance(action_or_text, str):
            return self.parse(action_or_text)
        if not isinstance(action_or_text, self.action_types):
            raise InvalidActionError(
                f"{short_repr(action_or_text)} is not an action of {self.title}"
            )
        return action_or_text
