"""The Takenoko pieces of the board lesson (notebook 12), built here so that a lesson cell is one
call: a garden sandbox with plots placed, and the plot objectives it meets. Each reads the
sandbox's own answers (``plot_objectives``); nothing here decides a rule. The tables every board
lesson shares are in :mod:`bamboo_lab.widgets.board_lessons`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.core.table import Table

__all__ = ["garden_with", "objectives_met_table"]


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
