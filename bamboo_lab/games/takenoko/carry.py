"""What a Takenoko state works out once and hands on to its successors (``State._caches``).

A state keeps its answers in a list indexed by the constants below; ``State.apply`` shares
those that still hold with the next state (all of them when the garden is the same, else what
:func:`caches_after` keeps). Tests compare the carried answers with a fresh state's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bamboo_lab.core.hexgrid import Hex

from . import rules
from .actions import (
    Action,
    ChooseAction,
    ChooseWeather,
    Claim,
    DrawObjective,
    EndTurn,
    KeepPlot,
    Pass,
    PlacePlot,
    ReturnPlots,
    Roll,
    TakeImprovement,
)
from .scoring import objective_caches_after
from .work import Work

__all__ = [
    "CLAIMS",
    "GARDEN_KEPT",
    "GARDMET",
    "HAND_KEPT",
    "LEGAL",
    "MOVES",
    "PLOTMET",
    "SEEN",
    "SPOTS",
    "TEXTS",
    "caches_after",
    "moves_kept",
    "new_caches",
]

LEGAL = 0
"""The legal actions."""
MOVES = 1
"""Per start hex the figure moves, per (figure, start) those moves as actions, ``"plots"`` the
plots in order (shared while the plots stay the same)."""
PLOTMET = 2
"""Plot cards met (card -> bool)."""
GARDMET = 3
"""Gardener cards met (card -> bool)."""
SEEN = 4
"""Per viewer (a seat or PUBLIC), the hands and decks of the last view and what the viewer saw
of them (key -1: the plot pile and its sorted order), shared along a line of play and used while
they are the same objects."""
TEXTS = 5
"""The history's notation of a loaded state."""
CLAIMS = 6
"""The cards the player to move can complete (``State.claimable``)."""
SPOTS = 7
"""The plots that can take a chip (``State.chip_spots``)."""


GARDEN_KEPT: frozenset[type] = frozenset(
    {
        ChooseAction,
        ChooseWeather,
        Claim,
        DrawObjective,
        EndTurn,
        KeepPlot,
        Pass,
        ReturnPlots,
        Roll,
        TakeImprovement,
    }
)
"""The action types that never change the garden (the plots, bamboo, irrigation and
improvements): after them every garden answer holds."""

HAND_KEPT: frozenset[type] = GARDEN_KEPT - {Claim, DrawObjective, EndTurn}
"""The action types of :data:`GARDEN_KEPT` that also keep the player to move, their hand and
their board: after them the cards they can complete are the same."""


def new_caches(texts: tuple[str, ...] | None) -> list[Any]:
    """The empty caches of a state built from its fields; ``texts``: its history's notation."""
    return [None, {}, {}, {}, {}, texts, None, None]


def caches_after(
    caches: list[Any], before: Mapping[str, Any], work: Work, action: Action
) -> list[Any]:
    """The caches (``State._caches``) of the state with fields ``work`` after ``action`` changed
    the garden of the state with fields ``before`` and caches ``caches``: the answers that still
    hold are shared."""
    plotmet, gardmet = objective_caches_after(
        caches[PLOTMET], caches[GARDMET], before, work, rules.changed_plots(action)
    )
    claims = caches[CLAIMS]  # kept while every answer it read holds (TK-CMP-3 to 6)
    if claims is not None and not (
        plotmet is caches[PLOTMET]
        and work["player"] == before["player"]
        and work["hands"] is before["hands"]
        and work["eaten"] is before["eaten"]
        and (
            gardmet is caches[GARDMET]
            or all(card in gardmet for card in work["hands"][work["player"]] if card[0] == "G")
        )
    ):
        claims = None
    moves = caches[MOVES]  # figure moves depend on the plots alone (and the options)
    if work["tiles"] is not before["tiles"]:
        if type(action) is PlacePlot:
            moves = moves_kept(moves, action.plot, (work["gardener"], work["panda"]))
        else:
            moves = {}
    return [None, moves, plotmet, gardmet, caches[SEEN], None, claims, None]


def moves_kept(moves: dict[Any, Any], plot: Hex, starts: tuple[Hex, Hex]) -> dict[Any, Any]:
    """The figure moves (``State._caches[MOVES]``) from the figures' hexes ``starts`` that a
    plot placed on ``plot`` leaves as they were: those from a start on none of its three lines,
    since figures move straight (TK-GAR-1, TK-PAN-1)."""
    plot_q, plot_r = plot
    kept = {}
    for start in starts:
        start_q, start_r = start
        if start_q != plot_q and start_r != plot_r and start_q + start_r != plot_q + plot_r:
            for key in (start, ("gardener", start), ("panda", start)):
                value = moves.get(key)
                if value is not None:
                    kept[key] = value
    return kept
