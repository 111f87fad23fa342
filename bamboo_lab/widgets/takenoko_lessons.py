"""The tables of the Takenoko board lesson (notebook 12), built here so that a lesson cell is one
call: what the board offers, each seat's chance to win, and the plot objectives a sandbox
garden meets. Each reads the board's own answers (its controller, ``chances``, the sandbox's
``plot_objectives``); nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.core.table import Table

from .labels import label_of

__all__ = [
    "buttons_table",
    "chances_table",
    "garden_with",
    "now_table",
    "objectives_met_table",
    "try_move",
]


def now_table(controller: Any, shown: int = 4) -> Table:
    """What the board says now: whose turn and the decision pending, then its buttons, one
    row per group (as :func:`buttons_table`)."""
    rows = [{"on the board": "now", "it says": controller.status()}]
    for group, buttons in controller.grouped_actions().items():
        words = [label for label, _ in buttons]
        more = f" … and {len(words) - shown} more" if len(words) > shown else ""
        rows.append({"on the board": group, "it says": " · ".join(words[:shown]) + more})
    return Table(rows).set_index("on the board")


def try_move(controller: Any, words: str) -> Table:
    """Play the move named ``words`` (the board's words for it, legal now or not) as a person's
    click would: one row, whether the board played it and its answer (a refusal names its
    rule). Words that name no move of the game raise ValueError."""
    state = controller.state
    moves = (*controller.legal_actions(), *controller.module.every_action())
    named = [action for action in moves if label_of(controller.game, action, state) == words]
    if not named:
        raise ValueError(f"{words!r} names no move of this board")
    played = controller.play(named[0])
    answer = "played" if played else controller.message
    return Table([{"move": words, "played?": "yes" if played else "no", "the board": answer}])


def buttons_table(controller: Any, shown: int = 4) -> Table:
    """The board's buttons now, one row per group in the rulebook's words (at most ``shown``
    of each group named, and how many there are)."""
    rows = []
    for group, buttons in controller.grouped_actions().items():
        words = [label for label, _ in buttons]
        more = f" … and {len(words) - shown} more" if len(words) > shown else ""
        rows.append({"group": group, "buttons": " · ".join(words[:shown]) + more})
    return Table(rows).set_index("group")


def chances_table(controller: Any, bar: Any) -> Table:
    """Each seat's chance to win from the board's ``chances`` answer, with its 95% interval."""
    rows = [
        {
            "player": controller.seat_name(seat),
            "chance to win": f"{win:.0%}",
            "95% interval": f"{low:.0%} to {high:.0%}",
        }
        for seat, win, low, high in bar.rows
    ]
    return Table(rows).set_index("player")


def garden_with(plots: Iterable[tuple[int, int, str]]) -> Any:
    """A garden sandbox (``widgets.garden_sandbox``) with the plots ``(q, r, colour)`` placed,
    each checked by the engine as a person's would be, and drawn."""
    from . import garden_sandbox

    garden = garden_sandbox()
    for q, r, colour in plots:
        if not garden.sandbox.place_plot(Hex(q, r), colour):
            raise ValueError(f"the plot {q},{r}: {garden.sandbox.message}")
    garden.redraw()
    return garden


def objectives_met_table(garden: Any) -> Table:
    """The plot objectives the sandbox's garden meets, with how many placements each has."""
    rows = [
        {"plot objective": card, "placements": len(places)}
        for card, places in garden.sandbox.plot_objectives().items()
        if places
    ]
    return Table(rows, columns=["plot objective", "placements"]).set_index("plot objective")
