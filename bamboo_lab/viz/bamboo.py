"""Bamboo pictures: the main board (temples, incense, spirits, stalk field, markets, food) and
a player's 5x3 home with comfort, harmony and where each balance tile's pattern matches.

Every number comes from the game's public fields and scoring helpers (``harmony``,
``harmony_penalty``, ``balance_matches``); nothing is recomputed here. The home and the
balance patterns live in ``bamboo_home``, the player aid in ``bamboo_aid``, what changed in
``bamboo_changes`` and the shared pieces in ``bamboo_pieces``; all are re-exported here.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import (
    COLOUR_LETTERS,
    COLOURS,
    FOOD_KINDS,
    TYPE_LETTERS,
)
from bamboo_lab.games.bamboo.words import DECISIONS

from . import palette
from ._common import canvas, label, rect, rounded_rect
from .bamboo_aid import player_aid
from .bamboo_changes import CHANGED, CHANGED_TRACE, Marks, common_prefix, earlier
from .bamboo_home import home, patterns
from .bamboo_pieces import (
    FOOD_UNITS,
    Hovers,
    balance_words,
    food_counter,
    home_tile_words,
    owner_words,
    shoot_tile,
)
from .bamboo_players import LINE, in_hand, player_rows

__all__ = [
    "CHANGED",
    "CHANGED_TRACE",
    "autumn",
    "figure",
    "home",
    "patterns",
    "picture_of",
    "player_aid",
    "season",
]


_CLEAR = "rgba(0,0,0,0)"
"""No fill: the ring around the home tile bought."""


def _ring(fig: Any, x0: float, y0: float, x1: float, y1: float) -> None:
    """An orange ring around a place to click (drawn over it)."""
    rect(fig, x0, y0, x1, y1, _CLEAR, palette.HIGHLIGHT, 3, layer="above")


_SEASON_TITLE = {"setup": "setup draft", "over": "game over"}
"""The title's words for the two answers of ``bamboo.season`` that are not seasons."""


def season(state: bb.State) -> str:
    """The season of the pending decision, in the title's words (from ``bamboo.season``)."""
    name = bb.season(state)
    return _SEASON_TITLE.get(name, name)


def figure(
    state: bb.State,
    changed_from: bb.State | None = None,
    targets: Collection[tuple[Any, ...]] = (),
) -> go.Figure:
    """The main board: temples with their incense in placement order and the spirit on top,
    the stalk field (and the shoots the player to move is placing), the balance and home
    markets, the food display, and one row per player.

    With ``changed_from`` (an earlier state of the same game) everything that changed since is
    outlined in magenta and each player's row says how their belongings changed. ``targets``:
    the places a person may click now (``("temple", "red")``, ``("stalk", 2)``, ``("home
    tile", "A11")``, ``("balance tile", "L03")``, ``("board temple", 0, "red")``, as in
    ``bamboo_lab.widgets.places``), ringed in orange; a click anywhere on one counts."""
    if not isinstance(state, bb.State):
        raise InvalidStateError(f"viz.bamboo.figure draws a Bamboo State, not {state!r}")
    before = earlier(state, changed_from)
    who = "" if state.is_over() else f" · player {state.player} to play"
    pts = " · ".join(f"player {p}: {s}" for p, s in enumerate(state.scores()))
    sub = "final scores" if state.is_over() else "points so far"
    decision = "" if state.is_over() else _decision(state)
    fig = canvas(
        f"<b>Bamboo</b> · round {state.round} · {season(state)}{who}<br><sup>{decision}{sub}:"
        f" {pts}</sup>",
        700,
    )
    marks = Marks()
    hovers = Hovers()
    _temples(fig, state, before, targets, hovers, marks)
    _stalks(fig, state, before, targets, hovers, marks)
    in_hand(fig, state, _STALKS_X, -0.55, hovers, 18.4 - _STALKS_X)
    _markets(fig, state, before, targets, hovers, marks)
    _food(fig, state, before, targets, hovers, marks)
    bottom = player_rows(fig, state, before, _PLAYERS_TOP, targets, hovers, marks)
    legend = [
        "shoots: colour letter (R red, Y yellow, G green, B blue) and action;"
        " on a player's temples b balance, i improve, c cook, f fund",
        "★ wildcard: any one of the four actions · incense sticks: 0, 1 ... a player's,"
        " g the brown ghost's (2 players)",
        "home tiles: type letter (D decoration, F faith, G garden, T tools) and comfort,"
        " $ the price in coins, + the HP it brings",
        "food counters: T1 tea, R2 rice, M3 ramen (the number: its food units)",
    ]
    if targets:
        legend.append("<b>orange ring</b>: what you may click now (anywhere on it)")
    if before:
        legend.append(
            f"<span style='color:{CHANGED}'><b>magenta outline: changed since the"
            " previous picture</b></span>"
        )
    for k, line in enumerate(legend):
        label(
            fig,
            0.1,
            bottom - 0.1 - k * LINE,
            line,
            size=12,
            anchor="left",
            valign="top",
            color="#444444",
        )
    bottom -= 0.25 + LINE * len(legend)
    for trace in hovers.traces(30):
        fig.add_trace(trace)
    if marks.xs:
        fig.add_trace(marks.trace())
    top = 0.2
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[bottom, top])
    fig.update_layout(height=int((top - bottom) * _PX_PER_UNIT) + 66)
    return fig.figure()


def _decision(state: bb.State) -> str:
    """The pending decision in rulebook words, without the season the title already names
    (``visit a temple of your board · ``)."""
    words = DECISIONS.get(state.phase, state.phase)
    words = words.removeprefix(f"{season(state)}: ").removeprefix("Summer: ")
    return f"{words} · "


_PX_PER_UNIT = 800 / 18.5
"""Pixels per data unit across the 820-pixel picture (the height uses the same, so that a
square stays square and the covering hover squares fit)."""

_TEMPLE_PITCH = 2.35
"""From one temple of the main board to the next."""

_STALKS_X = 9.75
"""Where the stalk field starts (the temples end before it)."""

_MARKETS_TOP = -5.75
"""The top of the markets' section, under the temples and the stalks."""

_FOOD_Y = -9.55
"""The height of the food display's row."""

_PLAYERS_TOP = -10.1
"""The top of the first player's row."""


def _temples(
    fig: Any,
    state: bb.State,
    before: bb.State | None,
    targets: Collection[tuple[Any, ...]],
    hovers: Hovers,
    marks: Marks,
) -> None:
    """The four temples of the main board: incense bottom to top in placement order, the
    face-up spirit named and the face-down ones counted (BB-SET-5, BB-SUM-3)."""
    label(
        fig,
        0.1,
        0,
        "<b>temples</b>: incense in the order offered, spirit on top",
        size=13,
        anchor="left",
        valign="top",
    )
    for t in range(4):
        x, x1 = 0.1 + t * _TEMPLE_PITCH, 0.1 + t * _TEMPLE_PITCH + 2.2
        y0, y1 = -5.3, -0.55
        colour = palette.BAMBOO_COLOURS[t]
        rounded_rect(
            fig, x, y0, x1, y1, palette.lighter(colour, 0.6), palette.darker(colour, 0.2), 2
        )
        if ("temple", COLOURS[t]) in targets:
            _ring(fig, x - 0.06, y0 - 0.06, x1 + 0.06, y1 + 0.06)
        mid = (x + x1) / 2
        label(fig, mid, -0.85, f"<b>{COLOUR_LETTERS[t]}</b> {COLOURS[t]}", size=13)
        stack = state.spirit_stacks[t]
        face_up = stack[0] if stack else "none left"
        hidden = len(stack) - 1 if stack else 0
        label(fig, mid, -1.45, f"spirit:<br><b>{face_up}</b>", size=12)
        label(fig, mid, -2.1, f"{hidden} face down", size=12, color="#333333")
        sticks = state.temples[t]
        kept = common_prefix(before.temples[t], sticks) if before else len(sticks)
        if before and before.spirit_stacks[t] != stack:
            marks.box(x + 0.1, -2.35, x1 - 0.1, -1.05, f"{COLOURS[t]} temple's spirit")
        if before and kept < len(before.temples[t]):
            gone = len(before.temples[t]) - kept
            marks.box(x + 0.05, y0 + 0.05, x1 - 0.05, y0 + 2.5, f"{gone} sticks left the temple")
        for k, owner in enumerate(sticks):
            sx = x + 0.13 + (k % 6) * 0.33
            sy = y0 + 0.15 + (k // 6) * 0.68
            rect(
                fig,
                sx,
                sy,
                sx + 0.3,
                sy + 0.6,
                palette.player_colour(owner),
                palette.BLACK,
                1,
                layer="above",
            )
            label(
                fig,
                sx + 0.15,
                sy + 0.3,
                "g" if owner < 0 else str(owner),
                size=12,
                color=palette.BLACK if owner == 1 else "#FFFFFF",  # black reads on orange
                bold=True,
            )
            if k >= kept:
                marks.box(sx - 0.04, sy - 0.04, sx + 0.34, sy + 0.64, "a new incense stick")
        owners = ", ".join(owner_words(o) for o in sticks) or "none"
        under = f"{hidden} face down under it" if hidden else "none under it"
        hovers.cover(
            x,
            y0,
            x1,
            y1,
            f"{COLOURS[t]} temple · incense bottom to top: {owners}<br>spirit face up:"
            f" {face_up} · {under} (BB-SET-5)",
        )


def _stalks(
    fig: Any,
    state: bb.State,
    before: bb.State | None,
    targets: Collection[tuple[Any, ...]],
    hovers: Hovers,
    marks: Marks,
) -> None:
    """The stalk field: each stalk's shoots, the base at the bottom (BB-SUM-6)."""
    label(
        fig,
        _STALKS_X,
        0,
        "<b>stalk field</b>: a shoot goes in at the bottom",
        size=13,
        anchor="left",
        valign="top",
    )
    base = -4.85
    for i, stalk in enumerate(state.stalks):
        x = _STALKS_X + i * 2.15
        top = base + max(3, len(stalk)) * 0.72
        if ("stalk", i + 1) in targets:
            _ring(fig, x - 0.06, base - 0.06, x + 2.06, top - 0.04)
        label(fig, x + 1.0, base - 0.25, f"stalk {i + 1}", size=12, color="#333333")
        hovers.cover(
            x,
            base,
            x + 2.0,
            top - 0.1,
            f"stalk {i + 1}: a shoot put in at the bottom pushes the top one out (BB-SUM-6)",
        )
        for k, code in enumerate(stalk):
            y = base + k * 0.72
            where = ("bottom", "middle", "top")[k] if len(stalk) == 3 else f"place {k + 1}"
            hovers.spot(
                x + 1.0,
                y + 0.31,
                f"stalk {i + 1} · {where}: " + shoot_tile(fig, code, x, y, 2.0, 0.62),
            )
            if before and before.stalks[i][k] != code:
                marks.box(x - 0.04, y - 0.04, x + 2.04, y + 0.66, "a shoot moved in the stalk")


def _markets(
    fig: Any,
    state: bb.State,
    before: bb.State | None,
    targets: Collection[tuple[Any, ...]],
    hovers: Hovers,
    marks: Marks,
) -> None:
    """The balance market (three rows: left, centre, right tiles) and the home market (two
    rows), each tile with what a student needs to choose it."""
    top = _MARKETS_TOP
    label(fig, 0.1, top, "<b>balance market</b>", size=13, anchor="left", valign="top")
    for k, row in enumerate(state.balance_market):
        y = top - 1.05 - k * 0.75
        label(fig, 0.1, y + 0.3, ("left", "centre", "right")[k], size=12, anchor="left")
        for j, tid in enumerate(row):
            tile = bb.BALANCE_TILES[tid]
            x = 1.25 + j * 2.75
            rounded_rect(fig, x, y, x + 2.6, y + 0.62, "#F3F3F3", "#666666", 1)
            if ("balance tile", tile.name) in targets:
                _ring(fig, x - 0.05, y - 0.05, x + 2.65, y + 0.67)
            label(fig, x + 1.3, y + 0.31, f"<b>{tile.name}</b> · {tile.hp} HP", size=13)
            hovers.cover(
                x,
                y,
                x + 2.6,
                y + 0.62,
                f"{tile.name}: balance tile, {tile.hp} HP for {balance_words(tile)}",
            )
            if before and tid not in before.balance_market[k]:
                marks.box(x - 0.04, y - 0.04, x + 2.64, y + 0.66, f"{tile.name} turned face up")
    label(fig, _STALKS_X, top, "<b>home market</b>", size=13, anchor="left", valign="top")
    for k, row in enumerate(state.home_market):
        y = top - 1.85 - k * 1.35
        label(fig, _STALKS_X, y + 0.62, "AB"[k], size=13, anchor="left", bold=True)
        for j, hid in enumerate(row):
            htile = bb.HOME_TILES[hid]
            x = _STALKS_X + 0.5 + j * 2.05
            fill = palette.lighter(palette.HOME_TYPES[htile.type], 0.3)
            rounded_rect(fig, x, y, x + 1.9, y + 1.25, fill, "#555555", 1)
            label(fig, x + 0.12, y + 1.0, htile.name, size=12, anchor="left", color="#333333")
            label(
                fig,
                x + 0.95,
                y + 0.63,
                f"<b>{TYPE_LETTERS[htile.type]} {htile.comfort}</b>",
                size=15,
            )
            label(fig, x + 0.95, y + 0.24, f"${htile.cost} · +{htile.hp} HP", size=12)
            bought = hid == state.buying  # BB-ACT-4: bought, waiting for its space
            if bought or ("home tile", htile.name) in targets:
                _ring(fig, x - 0.03, y - 0.03, x + 1.93, y + 1.28)
            hovers.cover(
                x,
                y,
                x + 1.9,
                y + 1.25,
                f"{htile.name}: {home_tile_words(htile)}"
                + (" · bought: place it on an empty space of the home" if bought else ""),
            )
            if before and hid not in before.home_market[k]:
                marks.box(x - 0.04, y - 0.04, x + 1.94, y + 1.29, f"{htile.name} turned face up")


def _food(
    fig: Any,
    state: bb.State,
    before: bb.State | None,
    targets: Collection[tuple[Any, ...]],
    hovers: Hovers,
    marks: Marks,
) -> None:
    """The food display (its counters taken by Cook and Tengu) and the gifts of this Spring."""
    y = _FOOD_Y
    label(fig, 0.1, y, "<b>food display</b>", size=13, anchor="left")
    for k, f in enumerate(state.food_display):
        x = 2.55 + k * 0.66
        food_counter(fig, f, x, y)
        if ("food", FOOD_KINDS[f]) in targets:  # a counter to take (Cook, Tengu)
            _ring(fig, x - 0.3, y - 0.3, x + 0.3, y + 0.3)
        hovers.add(x, y, f"{FOOD_KINDS[f]} counter on the food display ({FOOD_UNITS[f]})")
    if before and before.food_display != state.food_display:
        marks.box(2.2, y - 0.35, 6.1, y + 0.35, "the food display changed")
    gifts = ", ".join(state.gift_display) or "none"
    label(fig, 6.4, y, f"<b>gifts</b>: {gifts}", size=13, anchor="left")


def autumn(state: bb.State, answers: bool = True) -> go.Figure:
    """Who wins each temple's face-up spirit: the incense of each temple bottom to top, the
    sticks of each owner counted, and the winner by ``temple_majority`` (BB-AUT-1, BB-AUT-2).
    ``answers=False`` draws only the sticks and the spirits (for an exercise)."""
    if not isinstance(state, bb.State):
        raise InvalidStateError(f"viz.bamboo.autumn draws a Bamboo State, not {state!r}")
    fig = canvas(f"<b>Bamboo</b> · round {state.round} · Autumn: who wins each temple's spirit", 10)
    for t in range(4):
        x = 0.1 + t * 4.6
        stack = state.temples[t]
        spirit = state.spirit_stacks[t][0] if state.spirit_stacks[t] else "—"
        fill = palette.lighter(palette.BAMBOO_COLOURS[t], 0.65)
        edge = palette.darker(palette.BAMBOO_COLOURS[t], 0.2)
        rounded_rect(fig, x, 0, x + 4.4, 6.2, fill, edge, 2)
        label(fig, x + 2.2, 5.85, f"<b>{COLOURS[t]} temple</b>", size=13)
        label(fig, x + 2.2, 5.35, f"spirit: <b>{spirit}</b>", size=12)
        ranking = bb.temple_majority(stack) if stack and answers else ()
        for k, owner in enumerate(stack):
            sx, sy = x + 0.2 + (k // 10) * 0.7, 0.6 + (k % 10) * 0.42
            colour = palette.player_colour(owner)
            rect(fig, sx, sy, sx + 0.6, sy + 0.36, colour, palette.BLACK, 1, layer="above")
            label(
                fig,
                sx + 0.3,
                sy + 0.18,
                "g" if owner < 0 else str(owner),
                size=12,
                color=palette.BLACK if owner == 1 else "#FFFFFF",
                bold=True,
            )
        label(fig, x + 0.2, 0.3, "bottom", size=12, anchor="left", color="#444444")
        if not answers:
            continue
        counts = {o: stack.count(o) for o in ranking}
        lines = [f"{owner_words(o)}: {counts[o]}" for o in ranking] or ["no incense"]
        label(fig, x + 1.75, 4.8, "<br>".join(lines), size=12, anchor="left", valign="top")
        if not ranking:
            label(fig, x + 1.75, 1.2, "nobody wins:<br>the spirit stays", size=12, anchor="left")
            continue
        best = ranking[0]
        tie = len(ranking) > 1 and counts[ranking[1]] == counts[best]
        why = "<br>tie: the higher<br>stick wins" if tie else ""
        gone = "<br>(out of the game)" if best == bb.GHOST else ""
        label(
            fig,
            x + 1.75,
            1.3,
            f"<b>→ {owner_words(best)}</b>{why}{gone}",
            size=12,
            anchor="left",
            color=palette.darker(palette.player_colour(best), 0.25),
        )
        k = max(k for k, o in enumerate(stack) if o == best)
        sx, sy = x + 0.2 + (k // 10) * 0.7, 0.6 + (k % 10) * 0.42
        fig.add_shape(
            type="rect",
            x0=sx - 0.07,
            x1=sx + 0.67,
            y0=sy - 0.05,
            y1=sy + 0.41,
            fillcolor="rgba(0,0,0,0)",
            line={"color": CHANGED, "width": 3},
        )
    title = "Autumn: who wins each temple's spirit" if answers else "the incense in the temples"
    fig.update_layout(
        title={**fig.layout["title"], "text": f"<b>Bamboo</b> · round {state.round} · {title}"}
    )
    legend = [
        "Most incense wins the spirit; between tied owners the stick highest in the stack"
        " (offered last) wins (BB-AUT-1).",
        "The ghost's sticks lie at the bottom, so it loses every tie; a spirit it wins leaves"
        " the game (BB-AUT-2).",
        "Sticks 0, 1 ... are the players', g the ghost's."
        + (" Magenta: the winner's top stick." if answers else ""),
    ]
    for k, line in enumerate(legend):
        label(
            fig, 0.1, -0.15 - k * LINE, line, size=12, anchor="left", valign="top", color="#444444"
        )
    bottom = -0.3 - LINE * len(legend)
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[bottom, 6.3])
    fig.update_layout(height=int((6.3 - bottom) * 800 / 18.5) + 66)
    return fig.figure()


def picture_of(obj: Any) -> go.Figure | None:
    """The picture of a bare Bamboo value (a home as 15 home-tile ids), else None
    (``viz.figure`` asks each game)."""
    if isinstance(obj, (list, tuple)) and len(obj) == 15 and all(isinstance(c, int) for c in obj):
        return home(tuple(obj))
    return None
