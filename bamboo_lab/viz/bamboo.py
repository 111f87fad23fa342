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
    ACTION_LETTERS,
    ACTIONS,
    COLOUR_LETTERS,
    COLOURS,
    FOOD_KINDS,
    KINDS,
    TYPE_LETTERS,
    TYPES,
    shoot_name,
)

from . import palette
from ._common import canvas, hover_trace, label, player_band, rect, rounded_rect
from .bamboo_aid import player_aid
from .bamboo_changes import CHANGED, CHANGED_TRACE, Marks, board_changes, common_prefix, earlier
from .bamboo_home import home, patterns
from .bamboo_pieces import FOOD_UNITS, food_counter, owner_words, shoot_tile

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
    the stalk field, the balance and home markets, the food display, and each player.

    With ``changed_from`` (an earlier state of the same game) everything that changed since is
    outlined in magenta and each player's row says how their belongings changed. ``targets``:
    the places a person may click now (``("temple", "red")``, ``("stalk", 2)``, ``("home
    tile", "A11")``, ``("balance tile", "L03")``, ``("board temple", 0, "red")``, as in
    ``bamboo_lab.widgets.places``), ringed in orange."""
    if not isinstance(state, bb.State):
        raise InvalidStateError(f"viz.bamboo.figure draws a Bamboo State, not {state!r}")
    before = earlier(state, changed_from)
    n = state.num_players
    who = "" if state.is_over() else f" · player {state.player} to play ({state.phase})"
    pts = " · ".join(f"P{p} {s}" for p, s in enumerate(state.scores()))
    sub = "final scores" if state.is_over() else "scores so far"
    fig = canvas(
        f"<b>Bamboo</b> · round {state.round} · {season(state)}{who}<br><sup>{sub}: {pts}</sup>",
        700,
    )
    marks = Marks()
    hx: list[float] = []
    hy: list[float] = []
    ht: list[str] = []
    top = 9.6
    # temples: incense bottom to top in placement order, the face-up spirit above
    label(
        fig,
        0.1,
        top,
        "<b>temples</b> (incense in placement order, spirit on top)",
        size=12,
        anchor="left",
        valign="top",
    )
    for t in range(4):
        x = 0.1 + t * 1.95
        y0 = top - 4.6
        if ("temple", COLOURS[t]) in targets:
            _ring(fig, x - 0.06, y0 - 0.06, x + 1.86, top - 0.44)
        fill = palette.lighter(palette.BAMBOO_COLOURS[t], 0.6)
        rounded_rect(
            fig, x, y0, x + 1.8, top - 0.5, fill, palette.darker(palette.BAMBOO_COLOURS[t], 0.2), 2
        )
        label(fig, x + 0.9, top - 0.75, f"<b>{COLOUR_LETTERS[t]}</b> {COLOURS[t]}", size=12)
        stack = state.spirit_stacks[t]
        spirit = stack[0] if stack else "—"
        label(fig, x + 0.9, top - 1.3, f"spirit:<br><b>{spirit}</b>", size=11)
        label(fig, x + 0.9, top - 1.85, f"{len(stack)} in stack", size=10, color="#444444")
        sticks = state.temples[t]
        kept = common_prefix(before.temples[t], sticks) if before else len(sticks)
        if before and before.spirit_stacks[t] != stack:
            marks.box(x + 0.1, top - 2.05, x + 1.7, top - 1.0, f"{COLOURS[t]} temple's spirit")
        if before and kept < len(before.temples[t]):
            gone = len(before.temples[t]) - kept
            marks.box(x + 0.05, y0 + 0.05, x + 1.75, y0 + 2.6, f"{gone} sticks left the temple")
        for k, owner in enumerate(sticks):
            sx = x + 0.17 + (k % 5) * 0.31
            sy = y0 + 0.2 + (k // 5) * 0.85
            rect(
                fig,
                sx,
                sy,
                sx + 0.24,
                sy + 0.7,
                palette.player_colour(owner),
                palette.BLACK,
                1,
                layer="above",
            )
            label(
                fig,
                sx + 0.12,
                sy + 0.35,
                "g" if owner < 0 else str(owner),
                size=10,
                color=palette.BLACK if owner == 1 else "#FFFFFF",  # black reads on orange
                bold=True,
            )
            if k >= kept:
                marks.box(sx - 0.05, sy - 0.05, sx + 0.29, sy + 0.75, "a new incense stick")
        hx.append(x + 0.9)
        hy.append(y0 + 1.0)
        owners = ", ".join("ghost" if o < 0 else f"P{o}" for o in sticks) or "none"
        ht.append(
            f"{COLOURS[t]} temple<br>incense bottom to top: {owners}<br>"
            f"spirits: {', '.join(stack) or 'none'}"
        )
    # the stalk field: each stalk's shoots base first (drawn bottom up)
    sx0 = 8.2
    label(fig, sx0, top, "<b>stalk field</b>", size=12, anchor="left", valign="top")
    for i, stalk in enumerate(state.stalks):
        x = sx0 + i * 1.2
        if ("stalk", i + 1) in targets:
            _ring(fig, x - 0.03, top - 4.58, x + 1.13, top - 4.1 + len(stalk) * 0.75)
        label(fig, x + 0.55, top - 4.4, f"stalk {i + 1}", size=10, color="#444444")
        hx.append(x + 0.55)
        hy.append(top - 4.4)
        ht.append(f"stalk {i + 1}: shoots go in at the base, the top one pops out (BB-SUM-6)")
        for k, code in enumerate(stalk):
            y = top - 4.1 + k * 0.75
            ht.append(f"stalk {i + 1} · " + shoot_tile(fig, code, x, y, 1.1, 0.65))
            hx.append(x + 0.55)
            hy.append(y + 0.32)
            if before and before.stalks[i][k] != code:
                marks.box(x - 0.04, y - 0.04, x + 1.14, y + 0.69, "a shoot moved in the stalk")
    label(fig, sx0, top - 4.75, "base at the bottom", size=10, anchor="left", color="#444444")
    # markets
    mx0 = 13.3
    label(fig, mx0, top, "<b>balance market</b>", size=12, anchor="left", valign="top")
    for k, row in enumerate(state.balance_market):
        y = top - 0.95 - k * 0.62
        label(fig, mx0, y + 0.25, KINDS[k][0].upper(), size=11, anchor="left", bold=True)
        for j, tid in enumerate(row):
            tile = bb.BALANCE_TILES[tid]
            x = mx0 + 0.35 + j * 1.6
            rounded_rect(fig, x, y, x + 1.5, y + 0.52, "#F3F3F3", "#666666", 1)
            if ("balance tile", tile.name) in targets:
                _ring(fig, x - 0.05, y - 0.05, x + 1.55, y + 0.57)
            label(fig, x + 0.75, y + 0.26, f"<b>{tile.name}</b> {tile.hp} HP", size=11)
            hx.append(x + 0.75)
            hy.append(y + 0.26)
            ht.append(f"{tile.name}: {tile.describe()}, {tile.hp} HP")
            if before and tid not in before.balance_market[k]:
                marks.box(x - 0.04, y - 0.04, x + 1.54, y + 0.56, f"{tile.name} turned face up")
    label(fig, mx0, top - 2.7, "<b>home market</b>", size=12, anchor="left", valign="top")
    for k, row in enumerate(state.home_market):
        y = top - 3.95 - k * 0.75
        label(fig, mx0, y + 0.32, "AB"[k], size=11, anchor="left", bold=True)
        for j, hid in enumerate(row):
            htile = bb.HOME_TILES[hid]
            x = mx0 + 0.35 + j * 1.2
            rounded_rect(
                fig,
                x,
                y,
                x + 1.1,
                y + 0.66,
                palette.lighter(palette.HOME_TYPES[htile.type], 0.3),
                "#555555",
                1,
            )
            label(
                fig,
                x + 0.55,
                y + 0.44,
                f"<b>{TYPE_LETTERS[htile.type]}{htile.comfort}</b>",
                size=12,
            )
            label(fig, x + 0.55, y + 0.15, f"${htile.cost} +{htile.hp}", size=10)
            bought = hid == state.buying  # BB-ACT-4: bought, waiting for its space
            if bought or ("home tile", htile.name) in targets:
                _ring(fig, x - 0.06, y - 0.06, x + 1.16, y + 0.72)
            hx.append(x + 0.55)
            hy.append(y + 0.33)
            ht.append(
                f"{htile.name}: {TYPES[htile.type]}, comfort {htile.comfort}, costs"
                f" {htile.cost} coins, +{htile.hp} HP"
                + (" · bought: place it on an empty space of the home" if bought else "")
            )
            if before and hid not in before.home_market[k]:
                marks.box(x - 0.04, y - 0.04, x + 1.14, y + 0.7, f"{htile.name} turned face up")
    # food display and gifts
    fy = top - 5.5
    label(fig, 0.1, fy, "<b>food display</b>", size=12, anchor="left")
    for k, f in enumerate(state.food_display):
        food_counter(fig, f, 2.25 + k * 0.6, fy)
        if ("food", FOOD_KINDS[f]) in targets:  # a counter to take (Cook, Tengu)
            _ring(fig, 1.97 + k * 0.6, fy - 0.28, 2.53 + k * 0.6, fy + 0.28)
        hx.append(2.25 + k * 0.6)
        hy.append(fy)
        ht.append(f"{FOOD_KINDS[f]} counter on the food display ({FOOD_UNITS[f]})")
    if before and before.food_display != state.food_display:
        marks.box(1.9, fy - 0.35, 5.1, fy + 0.35, "the food display changed")
    gifts = ", ".join(state.gift_display) or "—"
    label(fig, 6.2, fy, f"<b>gifts</b>: {gifts}", size=12, anchor="left")
    label(
        fig,
        11.0,
        fy,
        "food: T1 tea, R2 rice, M3 ramen (units)",
        size=10,
        anchor="left",
        color="#444444",
    )
    # players
    changes = [board_changes(before, state, p) if before else [] for p in range(n)]
    row_h = 1.3 if any(changes) else 0.95
    for p in range(n):
        b = state.boards[p]
        y = fy - 0.75 - p * row_h
        player_band(fig, p, 0.05, 18.4, y - row_h + 0.1, y, 0.18)
        plays = " ◀" if not state.is_over() and state.player == p else ""
        mid = y - 0.95 / 2 + 0.05
        label(fig, 0.3, mid, f"<b>Player {p}{plays}</b>", size=13, anchor="left")
        food = ", ".join(f"{k} {FOOD_KINDS[f]}" for f, k in enumerate(b.food) if k) or "none"
        info = (
            f"HP {b.hp} · coins {b.coins} · incense {b.reserve} (+{b.track} on track)"
            f" · food {food}<br>home {sum(1 for h in b.home if h >= 0)}/15 · balance tiles"
            f" {len(b.balance)} · spirits awake: {', '.join(b.awake) or '—'}"
            f" · asleep: {', '.join(b.asleep) or '—'}"
        )
        label(fig, 2.3, mid, info, size=11, anchor="left")
        if changes[p]:
            label(
                fig,
                0.3,
                y - row_h + 0.32,
                "<b>changed:</b> " + " · ".join(changes[p]),
                size=11,
                anchor="left",
                color=CHANGED,
            )
            marks.box(0.07, y - row_h + 0.12, 18.38, y - 0.02, f"player {p}'s belongings")
        for t in range(4):  # the board's four temples, each in its colour
            tx = 12.95 + t * 1.36
            if ("board temple", p, COLOURS[t]) in targets:
                _ring(fig, tx - 0.04, mid - 0.42, tx + 1.32, mid + 0.42)
            hx.append(tx + 0.64)
            hy.append(mid)
            names = ", ".join(shoot_name(c) for c in b.temples[t]) or "no shoot"
            ht.append(f"Player {p}'s {COLOURS[t]} temple: {names}")
            rect(
                fig,
                tx - 0.05,
                mid - 0.36,
                tx + 1.33,
                mid + 0.36,
                palette.lighter(palette.BAMBOO_COLOURS[t], 0.7),
                palette.BAMBOO_COLOURS[t],
                1,
            )
            for k, code in enumerate(b.temples[t]):
                x = 12.95 + t * 1.36 + k * 0.33
                fig.add_shape(
                    type="rect",
                    x0=x,
                    x1=x + 0.3,
                    y0=mid - 0.3,
                    y1=mid + 0.3,
                    fillcolor=palette.BAMBOO_COLOURS[code // 5],
                    line={"color": palette.BLACK, "width": 1},
                )
                action = ACTIONS[code % 5]
                label(
                    fig,
                    x + 0.15,
                    mid,
                    "★" if action == "wildcard" else ACTION_LETTERS[code % 5],
                    size=11,
                    color="#FFFFFF" if code // 5 in (0, 3) else palette.BLACK,
                    bold=True,
                )
        if b.marker >= 0:
            label(fig, 12.95 + b.marker * 1.36 + 0.6, mid + 0.42, "▼ marker", size=9)
        hx.append(1.0)
        hy.append(mid)
        ht.append(
            "shoots in temples: "
            + "  ".join(
                f"{COLOURS[t]}: {' '.join(shoot_name(c) for c in b.temples[t]) or '—'}"
                for t in range(4)
            )
        )
    bottom = fy - 0.75 - n * row_h
    legend = (
        "shoots: colour letter and action · on the players' temples b balance, i improve,"
        " c cook, f fund · ★ wildcard: any one of the four actions<br>incense: 0, 1 ... a"
        " player's stick · g the brown ghost's (2 players) · ▼ marker: the temple visited last"
    )
    if targets:
        legend += " · <b>orange ring</b>: what you may click now"
    if before:
        legend += "<br><span style='color:#E6007E'><b>magenta outline: changed since the"
        legend += " previous picture</b></span>"
    label(fig, 0.1, bottom - 0.1, legend, size=10, anchor="left", valign="top", color="#444444")
    bottom -= 0.8 if before else 0.6
    fig.add_trace(hover_trace(hx, hy, ht, 30))
    if marks.xs:
        fig.add_trace(marks.trace())
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[bottom - 0.1, top + 0.2])
    fig.update_layout(height=int((top - bottom + 0.3) * 46) + 70)
    return fig.figure()


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
                size=10,
                color=palette.BLACK if owner == 1 else "#FFFFFF",
                bold=True,
            )
        label(fig, x + 0.2, 0.3, "bottom", size=9, anchor="left", color="#444444")
        if not answers:
            continue
        counts = {o: stack.count(o) for o in ranking}
        lines = [f"{owner_words(o)}: {counts[o]}" for o in ranking] or ["no incense"]
        label(fig, x + 1.75, 4.8, "<br>".join(lines), size=11, anchor="left", valign="top")
        if not ranking:
            label(fig, x + 1.75, 1.2, "nobody wins:<br>the spirit stays", size=11, anchor="left")
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
    label(
        fig,
        0.1,
        -0.15,
        "Most incense wins the spirit; between tied owners the stick highest in the stack"
        " (offered last) wins (BB-AUT-1).<br>The ghost's sticks lie at the bottom, so it loses"
        " every tie; a spirit it wins leaves the game (BB-AUT-2). Sticks: 0, 1 ... a player's,"
        " g the ghost's." + (" Magenta: the winner's top stick." if answers else ""),
        size=10,
        anchor="left",
        valign="top",
        color="#444444",
    )
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[-1.1, 6.3])
    fig.update_layout(height=int(7.4 * 43) + 66)
    return fig.figure()


def picture_of(obj: Any) -> go.Figure | None:
    """The picture of a bare Bamboo value (a home as 15 home-tile ids), else None
    (``viz.figure`` asks each game)."""
    if isinstance(obj, (list, tuple)) and len(obj) == 15 and all(isinstance(c, int) for c in obj):
        return home(tuple(obj))
    return None
