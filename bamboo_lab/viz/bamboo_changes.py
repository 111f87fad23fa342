"""What changed since an earlier Bamboo picture (``changed_from``): the magenta outlines and the
short words for a player's board. Split from :mod:`bamboo_lab.viz.bamboo`, which re-exports
:data:`CHANGED` and :data:`CHANGED_TRACE`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import COLOURS, FOOD_KINDS

__all__ = ["CHANGED", "CHANGED_TRACE", "Marks", "board_changes", "common_prefix", "earlier"]


CHANGED = "#E6007E"
"""Magenta: the outline of what changed since an earlier picture (no piece uses this colour)."""

CHANGED_TRACE = "changed"
"""The name of the trace of outlines around what changed (``changed_from``)."""


class Marks:
    """The outlines of what changed, collected as one line trace with a hover per outline."""

    def __init__(self) -> None:
        """No outline yet."""
        self.xs: list[float | None] = []
        self.ys: list[float | None] = []
        self.texts: list[str | None] = []

    def box(self, x0: float, y0: float, x1: float, y1: float, what: str) -> None:
        """Outline the rectangle ``x0, y0 .. x1, y1``; ``what`` is its hover text."""
        self.xs += [x0, x1, x1, x0, x0, None]
        self.ys += [y0, y0, y1, y1, y0, None]
        self.texts += [what] * 5 + [None]

    def trace(self) -> go.Scatter:
        """The outlines, magenta and thick."""
        return go.Scatter(
            x=self.xs,
            y=self.ys,
            mode="lines",
            line={"color": CHANGED, "width": 3.5},
            hoverinfo="text",
            hovertext=self.texts,
            showlegend=False,
            name=CHANGED_TRACE,
        )


def earlier(state: bb.State, changed_from: Any) -> bb.State | None:
    """``changed_from`` checked: None, or a Bamboo State with as many players as ``state``."""
    if changed_from is None:
        return None
    if not isinstance(changed_from, bb.State) or changed_from.num_players != state.num_players:
        raise InvalidStateError(
            "changed_from is an earlier Bamboo State of the same game (as many players)"
        )
    return changed_from


def common_prefix(old: Sequence[int], new: Sequence[int]) -> int:
    """How many items at the start of ``new`` are those of ``old`` (sticks kept in place)."""
    k = 0
    while k < min(len(old), len(new)) and old[k] == new[k]:
        k += 1
    return k


def board_changes(before: bb.State, state: bb.State, player: int) -> list[str]:
    """What changed on one player's board, in short words (read from both boards' fields)."""
    old, new = before.board(player), state.board(player)
    out = [
        f"{name} {getattr(old, field)} → {getattr(new, field)}"
        for name, field in (("HP", "hp"), ("coins", "coins"), ("incense", "reserve"))
        if getattr(old, field) != getattr(new, field)
    ]
    for f, kind in enumerate(FOOD_KINDS):
        if old.food[f] != new.food[f]:
            out.append(f"{kind} {old.food[f]} → {new.food[f]}")
    for t in range(4):
        if old.temples[t] != new.temples[t]:
            out.append(
                f"shoots on the {COLOURS[t]} temple {len(old.temples[t])} → {len(new.temples[t])}"
            )
    tiles = state.options.balance_table
    for word, field in (("balance tile", "balance"), ("scored", "scored")):
        added = [tiles[t].name for t in getattr(new, field) if t not in getattr(old, field)]
        if added:
            out.append(f"{word} +{', '.join(added)}")
    old_home, new_home = sum(h >= 0 for h in old.home), sum(h >= 0 for h in new.home)
    if old_home != new_home:
        out.append(f"home tiles {old_home} → {new_home}")
    for word, field in (("awake", "awake"), ("asleep", "asleep")):
        added = [s for s in getattr(new, field) if s not in getattr(old, field)]
        if added:
            out.append(f"{word} +{', '.join(added)}")
    return out
