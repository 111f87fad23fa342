"""Rulebook words for actions: the button labels, their groups and the log lines.

The words come from each game's words layer (``bamboo_lab.games.<game>.words``: ``label``,
``group``, ``DECISIONS``, ``SCORE_ROWS``, optionally ``button``, ``events`` and ``notes``; see
docs/adding-a-game.md), looked up by the game's name: the board, the lessons and the analysis
tables say a move the same way. The notation (``str(action)``) is never shown on a board: it
stays in the typed box and the buttons' code. Nothing here decides legality: the labels only
name actions the engine listed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bamboo_lab.games import ByGame, layer_piece

__all__ = [
    "SCORE_ROWS",
    "button_label",
    "decision_words",
    "group_of",
    "label_of",
    "log_line",
    "score_cell",
    "season_events",
    "short_text",
    "state_notes",
]


def _words(game: str, piece: str) -> Any:
    """The words ``piece`` of ``game``'s words layer (None when it has none)."""
    return layer_piece(game, "words", piece, None)


def group_of(game: str, action: Any) -> str:
    """The button group of ``action``: its kind in rulebook words."""
    return str(_words(game, "group")(action))


def label_of(game: str, action: Any, state: Any = None) -> str:
    """The button label of ``action`` in rulebook words (``state`` names the drawn plots)."""
    return str(_words(game, "label")(action, state))


def button_label(game: str, action: Any, state: Any = None) -> str:
    """The words on a button: as :func:`label_of`, without what its group already says (the
    game's ``button``; its ``label`` when it has none)."""
    words = _words(game, "button") or _words(game, "label")
    return str(words(action, state))


def log_line(game: str, player: int, action: Any, state: Any, who: str) -> str:
    """One log line: who did what, in rulebook words (no engine notation)."""
    words = label_of(game, action, state)
    if player < 0:
        return words
    return f"{who}: {words}"


def decision_words(game: str, state: Any) -> str:
    """The pending decision of ``state`` in rulebook words (never an engine phase name)."""
    phase = getattr(state, "phase", "")
    return str(layer_piece(game, "words", "DECISIONS").get(phase, "pick an action"))


SCORE_ROWS = ByGame("words", "SCORE_ROWS")
"""The rows of a final score table per game: each category of the final score, in its words."""


def _player(seat: int) -> str:
    return f"Player {seat}"


def season_events(before: Any, after: Any, name: Callable[[int], str] = _player) -> tuple[str, ...]:
    """What the rules did by themselves between two states, in words (the game's ``events``;
    none when it has none): Bamboo's passes, Autumn awards and Winter bills."""
    events = layer_piece(before.game, "words", "events", None)
    return () if events is None else tuple(events(before, after, name))


def state_notes(game: str, state: Any, name: Callable[[int], str] = _player) -> tuple[str, ...]:
    """The lines a board adds under its status (the game's ``notes``; none when it has none):
    Takenoko's weather, each Bamboo seat's food and coins."""
    notes = layer_piece(game, "words", "notes", None)
    return () if notes is None else tuple(notes(state, name))


def short_text(value: Any) -> str:
    """``value`` as text, at most about 80 characters (a long input is cut)."""
    text = str(value)
    return text if len(text) <= 80 else text[:77] + "..."


def score_cell(value: Any) -> str:
    """One cell of the final score table (a pontoon good in words)."""
    if isinstance(value, str):
        return value.replace("_", " ")
    return "" if value is None else str(value)
