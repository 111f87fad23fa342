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

__all__ = ["buttons_table", "chances_table", "garden_with", "objectives_met_table"]


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
