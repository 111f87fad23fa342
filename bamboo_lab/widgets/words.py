"""The board's words: what a :class:`~bamboo_lab.widgets.controller.PlayController` says.

The steps of the log, the board's text (:class:`BoardText`), who is to play, the points, the
final score table, the list of every move in words, what to click, a missed click and a refused
move, all in the rulebook's words and computed from the view the board shows only. The
controller decides; these functions only put its decisions into words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bamboo_lab.core.table import Table

from .labels import (
    SCORE_ROWS,
    button_label,
    decision_words,
    group_of,
    label_of,
    score_cell,
    short_text,
)
from .places import CLICK_WORDS, board_piece, is_clickable, place_words, places_of, reason_words

__all__ = [
    "BoardText",
    "Step",
    "bot_failed_words",
    "bot_stale_words",
    "button_groups",
    "click_words",
    "miss_words",
    "moves_in_words",
    "moves_table",
    "offer_words",
    "place_name",
    "refused_words",
    "score_table",
    "scores_words",
    "status_words",
]

NOT_YOUR_DECISION = "Nothing to click now: it is not your decision."
"""A click while no person is to play, or on a board that hides what they decide with."""


@dataclass(frozen=True)
class Step:
    """One applied action: who played it, the action and its log line."""

    player: int
    action: Any
    line: str
    events: tuple[str, ...] = ()
    """What the rules did by themselves after it (Bamboo: passes, Autumn, Winter bills)."""


@dataclass(frozen=True)
class BoardText:
    """Everything a board shows in words, computed from the shown view only (see
    :meth:`PlayController.board`): the secrecy test compares these across determinisations."""

    seat: int | None
    """Whose secrets the board shows (None: what everybody at the table sees)."""
    status: str
    """Who is to play and what to decide, in rulebook words."""
    scores: str
    """The running points (what the shown seat can count), or the outcome once over."""
    table: tuple[tuple[str, tuple[str, ...]], ...]
    """Once over: the final score, one row per category (``(words, value per seat)``)."""
    notes: tuple[str, ...]
    """What the picture needs in words: the weather in effect, food held, whose turn."""
    buttons: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    """The person's legal actions with no place on the pictures: ``(group, ((label,
    notation), ...))``."""
    clicks: str
    """What to click on the pictures for the other legal actions, in words."""
    log: tuple[str, ...]
    """Every move in rulebook words, oldest first."""
    last_turn: tuple[str, ...]
    """The turn listed (:meth:`PlayController.last_turn`): the previous seat's whole turn (a
    bot's), or the turn going on once its seat has decided in it, its weather roll first."""
    moves: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Every move played on the pictures now, in words, grouped by the place it is clicked
    (``(place, (move, ...))``, :meth:`PlayController.move_list`): found without clicking."""
    turn_heading: str = "Last turn"
    """The heading of :attr:`last_turn`: ``This turn so far`` for the turn going on, else
    ``Last turn``."""


def place_name(game: str, place: tuple[Any, ...], shown: Any) -> str:
    """A place in words as the board says it: the game's ``place_name`` (Bangkok names a
    hand card by its goods), else :func:`~bamboo_lab.widgets.places.place_words`."""
    named = board_piece(game, "place_name", None)
    return place_words(place) if named is None else str(named(place, shown))


Moves = dict[str, list[tuple[str, Any]]]
"""Moves in words grouped under a heading (a place, a button group): ``heading -> [(words,
action)]`` in the engine's order."""


def button_groups(
    game: str,
    shown: Any,
    offered: tuple[tuple[Any, ...], tuple[Any, ...]] | None,
    name: Callable[[tuple[Any, ...], Any], str],
) -> Moves:
    """The buttons of ``shown``: the moves of the place ``offered`` (clicked) first, to pick
    one, then the legal actions with no place on the pictures, each under its group."""
    groups: Moves = {}
    if offered:
        place, actions = offered
        groups[f"at {name(place, shown)}: pick one"] = [
            (label_of(game, a, shown), a) for a in actions
        ]
    for a in shown.legal_actions():
        if not is_clickable(game, a, shown.current_player):
            groups.setdefault(group_of(game, a), []).append((button_label(game, a, shown), a))
    return groups


def moves_in_words(game: str, shown: Any, name: Callable[[tuple[Any, ...], Any], str]) -> Moves:
    """Every move of ``shown`` played on the pictures, in words, under the place where it
    starts (its first place, named by ``name``); the button moves are left out."""
    found: Moves = {}
    for a in shown.legal_actions():
        places = places_of(game, a, shown.current_player)
        if places:
            found.setdefault(name(places[0], shown), []).append((label_of(game, a, shown), a))
    return found


def moves_table(
    moves: Moves,
    buttons: Moves,
    first: int | None = None,
) -> Table:
    """Every move in words, one row each: where it is played (the place clicked on the
    picture, or the button's group) and the move (``first``: only that many rows, then one
    saying how many more)."""
    rows = [{"where": where, "move": words} for where, items in moves.items() for words, _ in items]
    rows += [
        {"where": f"button: {group}", "move": words}
        for group, items in buttons.items()
        for words, _action in items
    ]
    if first is not None and len(rows) > first:
        rows = [*rows[:first], {"where": "…", "move": f"and {len(rows) - first} more moves"}]
    return Table(rows, columns=["where", "move"])


def click_words(game: str, kinds: Sequence[str]) -> str:
    """What to click on the pictures, one phrase per kind of place (empty for none)."""
    if not kinds:
        return ""
    words = [CLICK_WORDS[game][kind] for kind in kinds]
    return "On the picture, click " + " ".join(
        w if w.endswith("then") else w + (";" if i < len(words) - 1 else ".")
        for i, w in enumerate(words)
    )


def miss_words(person_to_play: bool, clicks: str) -> str:
    """What a click on nothing playable says: what may be clicked now (``clicks``)."""
    if not person_to_play:
        return NOT_YOUR_DECISION
    if clicks:
        return "Nothing to play there. " + clicks
    return "Nothing to play on the picture now: use the buttons below."


def offer_words(name: str, count: int) -> str:
    """The notice of a place clicked whose ``count`` moves wait under “Your move”."""
    one = count == 1
    return (
        f"{name[:1].upper()}{name[1:]}: {'its move is' if one else 'its moves are'} under"
        " “Your move” (the places it would use are ringed on the picture):"
        f" press {'it' if one else 'one'} to play it."
    )


def refused_words(game: str, move: str, verdict: Any) -> str:
    """A refused move in the rulebook's words: ``You cannot <move> now: <reason> (rule)``."""
    rule = f" ({verdict.rule})" if verdict.rule else ""
    return f"You cannot {move} now: {reason_words(game, verdict.reason)}{rule}"


def status_words(
    game: str, shown: Any, seats: Sequence[Any], seat_name: Callable[[int], str]
) -> str:
    """Who is to play and what to decide in ``shown``, or who won once over."""
    if shown.is_over():
        won = " and ".join(seat_name(p) for p in shown.outcome().winners) or "nobody"
        return f"The game is over: {won} won."
    seat = shown.current_player
    what = decision_words(game, shown)
    if seats[seat] is not None:
        return f"{seat_name(seat)} is to play ({what}): press “bot's turn”."
    return f"{seat_name(seat)} to play: {what}."


def scores_words(game: str, shown: Any, players: int, seat_name: Callable[[int], str]) -> str:
    """The running points of ``shown`` (with the game's ``score_note``), the final once over."""
    parts = " · ".join(f"{seat_name(p)} {s}" for p, s in enumerate(shown.scores()))
    if shown.is_over():
        return "Final score: " + parts
    note = board_piece(game, "score_note", None)  # what the points leave out
    text = "Points so far: " + parts
    return text if note is None else text + note(shown, players)


def score_table(game: str, shown: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Once over: the final score, one row per category the game scored (else empty)."""
    if not shown.is_over():
        return ()
    breakdown = shown.outcome().breakdown
    rows = []
    for key, words in SCORE_ROWS[game].items():
        values = [row.get(key) for row in breakdown]
        if all(v is None for v in values):
            continue
        rows.append((words, tuple(score_cell(v) for v in values)))
    return tuple(rows)


def bot_failed_words(name: str, error: Exception) -> str:
    """A bot (seat ``name``) whose ``choose`` raised: its error, cut (the game goes on)."""
    return f"{name} failed to choose: {type(error).__name__}: {short_text(error)}"


def bot_stale_words(name: str) -> str:
    """A bot's decision not played: the game changed while it was choosing."""
    return f"{name}'s decision was not played: the game changed while it was choosing."
