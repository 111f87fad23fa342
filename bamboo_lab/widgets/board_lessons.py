"""The tables of the board lessons (notebooks 12, 22 and 32), built here so that a lesson cell is
one call: what the board says now and the buttons it offers, a move tried in the board's words,
and a game's result. Each reads the board's own answers (its controller); nothing here decides a
rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bamboo_lab.core.protocol import Outcome
from bamboo_lab.core.record import GameRecord
from bamboo_lab.core.table import Table

from .labels import label_of

__all__ = ["buttons_table", "now_table", "result_table", "try_move"]


def _buttons(controller: Any, shown: int) -> list[tuple[str, str]]:
    """Each group of the board's buttons and its first ``shown`` labels (``… and N more``)."""
    rows = []
    for group, buttons in controller.grouped_actions().items():
        words = [label for label, _ in buttons]
        more = f" … and {len(words) - shown} more" if len(words) > shown else ""
        rows.append((group, " · ".join(words[:shown]) + more))
    return rows


def now_table(controller: Any, shown: int = 4) -> Table:
    """What the board says now: whose turn and the decision pending, what to click on the
    pictures (when anything is), then its buttons, one row per group (as
    :func:`buttons_table`)."""
    rows = [{"on the board": "now", "it says": controller.status()}]
    if clicks := controller.clicks_text():
        rows.append({"on the board": "on the pictures", "it says": clicks})
    rows += [
        {"on the board": group, "it says": words} for group, words in _buttons(controller, shown)
    ]
    return Table(rows).set_index("on the board")


def buttons_table(controller: Any, shown: int = 4) -> Table:
    """The board's buttons now, one row per group in the rulebook's words (at most ``shown``
    of each group named, and how many there are)."""
    rows = [{"group": group, "buttons": words} for group, words in _buttons(controller, shown)]
    return Table(rows).set_index("group")


def try_move(controller: Any, words: str) -> Table:
    """Play the move named ``words`` (the board's words for it, legal now or not) as a person's
    click would: one row, whether the board played it and its answer (a refusal names its
    rule). Words that name no move of the game raise ValueError."""
    state = controller.state
    moves = (*controller.legal_actions(), *controller.module.every_action())
    named = [action for action in moves if label_of(controller.game, action, state) == words]
    if not named:
        raise ValueError(f"{words[:40]!r} names no move of this board")
    played = controller.play(named[0])
    answer = "played" if played else controller.message
    return Table([{"move": words, "played?": "yes" if played else "no", "the board": answer}])


def result_table(record: GameRecord, outcome: Outcome, players: Sequence[str]) -> Table:
    """A finished game in one row: the moves played, each player's final score (``players``
    names them, seat by seat: ``["search bot", "heuristic bot"]``) and the winners."""
    if len(players) != len(outcome.scores):
        raise ValueError(f"{len(outcome.scores)} players played: name each ({len(players)} named)")
    row: dict[str, object] = {"moves played": len(record.actions)}
    for seat, (name, score) in enumerate(zip(players, outcome.scores, strict=True)):
        row[f"player {seat} ({name})"] = score
    row["winner"] = ", ".join(f"player {seat}" for seat in outcome.winners)
    return Table([row])
