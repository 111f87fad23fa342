"""What a Takenoko state works out once and hands on to its successors (``State._caches``).

A state keeps its answers in a list indexed by the constants below; the engine step's last part
(``State.carry``, see ``core.step``) shares those that still hold with the next state (all of
them when the garden is the same, else what :func:`caches_after` keeps). Tests compare the
carried answers with a fresh state's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bamboo_lab.core.hexgrid import Hex

from .actions import (
    Action,
    ChooseAction,
    ChooseWeather,
    Claim,
    DrawObjective,
    EndTurn,
    Grow,
    KeepPlot,
    MoveGardener,
    MovePanda,
    Pass,
    PlaceChannel,
    PlaceImprovement,
    PlacePlot,
    ReturnPlots,
    Roll,
    TakeImprovement,
)
from .components import COLOUR_INDEX
from .garden import GROWTH_AREA
from .scoring import (
    GARDENER_LOWEST_HEIGHT,
    GARDENER_SLICES,
    TALL_SLOT,
    TallCounts,
    objective_caches_after,
)
from .work import Work

__all__ = [
    "CLAIMS",
    "GARDEN_KEPT",
    "HAND_KEPT",
    "LEGAL",
    "MOVES",
    "PLOTMET",
    "RAIN",
    "SEEN",
    "SPOTS",
    "TALL",
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
TALL = 3
"""The bamboos at least 3 high by colour, height and improvement (``scoring.TallCounts``), all
the gardener cards read (None: not yet worked out)."""
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
RAIN = 8
"""The rain's Grow actions (``State.rain_actions``), kept with the unlimited bamboo supply only
(the limited one also reads the reserve, which a claim changes)."""


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


_KEEP: dict[type, bool] = {kind: kind in HAND_KEPT for kind in GARDEN_KEPT}
"""Per action type of :data:`GARDEN_KEPT`: whether it is in :data:`HAND_KEPT` too (the claims
kept with the garden's answers)."""


def new_caches(texts: tuple[str, ...] | None) -> list[Any]:
    """The empty caches of a state built from its fields; ``texts``: its history's notation."""
    return [None, {}, {}, None, {}, texts, None, None, None]


def caches_after(
    caches: list[Any], before: Mapping[str, Any], work: Work, action: Action
) -> list[Any]:
    """The caches (``State._caches``) of the state with fields ``work`` after ``action`` played
    in the state with fields ``before`` and caches ``caches``: the answers that still hold are
    shared (all of them when the garden came out the same: a figure move that grew or
    ate nothing, a channel between plots already irrigated)."""
    keep = _KEEP.get(type(action))
    if keep is not None:  # every garden answer holds, the claims too if the hand does
        kept = caches.copy()
        kept[LEGAL] = kept[TEXTS] = None
        if not keep:
            kept[CLAIMS] = None
        return kept
    if (
        work["bamboo"] is before["bamboo"]
        and work["irrigated"] is before["irrigated"]
        and work["tiles"] is before["tiles"]
        and work["improvements"] is before["improvements"]
    ):  # the claims read the garden, the player's hand and board alone (TK-CMP-3 to 6)
        claims = caches[CLAIMS]
        if not (
            work["player"] == before["player"]
            and work["hands"] is before["hands"]
            and work["eaten"] is before["eaten"]
        ):
            claims = None
        return [
            None,
            caches[MOVES],
            caches[PLOTMET],
            caches[TALL],
            caches[SEEN],
            None,
            claims,
            caches[SPOTS],
            caches[RAIN],
        ]
    if type(action) in _BAMBOO_ONLY and work["irrigated"] is before["irrigated"]:
        return _bamboo_changed(caches, before, work, action)
    plotmet, tall = objective_caches_after(
        caches[PLOTMET], caches[TALL], before, work, _changed_plots(action)
    )
    claims = caches[CLAIMS]  # kept while every answer it read holds (TK-CMP-3 to 6)
    if claims is not None and not (
        plotmet is caches[PLOTMET]
        and work["player"] == before["player"]
        and work["hands"] is before["hands"]
        and work["eaten"] is before["eaten"]
        and _tall_kept(tall, caches[TALL], work["hands"][work["player"]])
    ):
        claims = None
    moves = caches[MOVES]  # figure moves depend on the plots alone (and the options)
    if work["tiles"] is not before["tiles"]:
        if type(action) is PlacePlot:
            moves = moves_kept(moves, action.plot, (work["gardener"], work["panda"]))
        else:
            moves = {}
    return [None, moves, plotmet, tall, caches[SEEN], None, claims, None, None]


_BAMBOO_ONLY = frozenset({MoveGardener, MovePanda, Grow})
"""The garden-changing action types that change only the bamboo, on plots of one colour (the
gardener's growth is of its plot's colour, TK-GAR-2; the panda and the rain change one plot)."""


def _bamboo_changed(
    caches: list[Any], before: Mapping[str, Any], work: Work, action: Action
) -> list[Any]:
    """The caches after an action of :data:`_BAMBOO_ONLY` that changed the bamboo and nothing
    else of the garden: the figure moves and the plot answers hold (TK-CMP-3), the tall bamboo
    counts change on the plots the action changed (TK-CMP-4, TK-CMP-5), the chip spots are
    kept unless a plot got or lost its last section (TK-IMP-2)."""
    bamboo, bamboo_before = work["bamboo"], before["bamboo"]
    spots, tall = caches[SPOTS], caches[TALL]
    low = GARDENER_LOWEST_HEIGHT
    row: list[int] | None = None
    index = 0
    for plot in _changed_plots(action):  # type: ignore[union-attr]
        height, height_before = bamboo.get(plot, 0), bamboo_before.get(plot, 0)
        if height == height_before:
            continue
        if not (height and height_before):
            spots = None
        if tall is not None and (height >= low or height_before >= low):
            if row is None:  # one colour changes (see _BAMBOO_ONLY)
                index = COLOUR_INDEX[work["colours"][plot]]
                row = list(tall[index])
            slot = TALL_SLOT[work["improvements"].get(plot)]
            if height_before >= low:
                row[(height_before - 3) * 4 + slot] -= 1
            if height >= low:
                row[(height - 3) * 4 + slot] += 1
    claims = caches[CLAIMS]
    if work["eaten"] is not before["eaten"]:  # the panda ate (TK-CMP-6)
        claims = None
    if row is not None and tall is not None:
        rows = list(tall)
        rows[index] = tuple(row)
        tall = (rows[0], rows[1], rows[2])
        if claims is not None:  # a gardener card of that colour in hand asks again
            slices = GARDENER_SLICES[True]
            for card in work["hands"][work["player"]]:
                if card[0] == "G" and slices[card][0] == index:
                    claims = None
                    break
    return [None, caches[MOVES], caches[PLOTMET], tall, caches[SEEN], None, claims, spots, None]


def _tall_kept(tall: TallCounts | None, before: TallCounts | None, hand: tuple[str, ...]) -> bool:
    """True when the tall bamboo counts ``tall`` keep the row of every gardener card in
    ``hand`` as it was in ``before`` (so its answer, TK-CMP-4, TK-CMP-5)."""
    if tall is before:
        return True
    if tall is None or before is None:  # not worked out: no gardener card was asked
        return not any(card[0] == "G" for card in hand)
    for card in hand:
        if card[0] == "G":
            colour = GARDENER_SLICES[True][card][0]
            if tall[colour] is not before[colour]:
                return False
    return True


def _changed_plots(action: Action) -> tuple[Hex, ...] | None:
    """The plots whose bamboo or improvement ``action`` may change, besides those it irrigates
    for the first time (they grow, TK-IRR-6); None when any plot may have changed."""
    kind = type(action)
    if kind is MoveGardener:
        return GROWTH_AREA[action.plot]  # type: ignore[union-attr]  # TK-GAR-2, TK-GAR-3
    if kind in _ONE_PLOT:  # TK-PAN-2, TK-W-2, TK-PLOT-4, TK-IMP-2
        return (action.plot,)  # type: ignore[union-attr]
    if kind is PlaceChannel:
        return ()  # TK-IRR-6: the plots it irrigates
    return None


_ONE_PLOT = frozenset({MovePanda, Grow, PlacePlot, PlaceImprovement})
"""The action types that may change the bamboo or the improvement of their own plot alone."""


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
