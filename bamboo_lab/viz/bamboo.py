"""Bamboo pictures: the main board (temples, incense, spirits, stalk field, markets, food) and
a player's 5x3 home with comfort, harmony and where each balance tile's pattern matches.

Every number comes from the game's public fields and scoring helpers (``harmony``,
``harmony_penalty``, ``balance_matches``); nothing is recomputed here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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
)
from bamboo_lab.games.bamboo.rules import night_of

from . import palette
from ._common import Sketch, canvas, hover_trace, label, player_band, rect, rounded_rect

__all__ = ["figure", "home", "season"]

_FOOD = {"tea": ("#7FC4A8", "T1"), "rice": ("#FFFFFF", "R2"), "ramen": ("#E69F00", "M3")}


_SEASON_TITLE = {"setup": "setup draft", "over": "game over"}
"""The title's words for the two answers of ``bamboo.season`` that are not seasons."""


def season(state: bb.State) -> str:
    """The season of the pending decision, in the title's words (from ``bamboo.season``)."""
    name = bb.season(state)
    return _SEASON_TITLE.get(name, name)


def _shoot(fig: Sketch, code: int, x: float, y: float, w: float, h: float) -> str:
    """A shoot tile: its colour with the colour letter and action; returns its hover text."""
    colour, action = divmod(code, 5)
    fill = palette.BAMBOO_COLOURS[colour]
    rounded_rect(fig, x, y, x + w, y + h, fill, palette.BLACK, 1.2, radius=0.1)
    text_colour = "#FFFFFF" if colour in (0, 3) else palette.BLACK
    word = "★" if ACTIONS[action] == "wildcard" else ACTIONS[action]
    label(
        fig,
        x + w / 2,
        y + h / 2,
        f"<b>{COLOUR_LETTERS[colour]}</b><br>{word}",
        size=10,
        color=text_colour,
    )
    return (
        f"{COLOURS[colour]} shoot, action {ACTIONS[action]} ({COLOUR_LETTERS[colour]}"
        f"{ACTION_LETTERS[action]})"
    )


def figure(state: bb.State) -> go.Figure:
    """The main board: temples with their incense in placement order and the spirit on top,
    the stalk field, the balance and home markets, the food display, and each player."""
    if not isinstance(state, bb.State):
        raise InvalidStateError(f"viz.bamboo.figure draws a Bamboo State, not {state!r}")
    n = state.num_players
    who = "" if state.is_over() else f" · player {state.player} to play ({state.phase})"
    pts = " · ".join(f"P{p} {s}" for p, s in enumerate(state.scores()))
    fig = canvas(
        f"<b>Bamboo</b> · round {state.round} · {season(state)}{who}<br><sup>scores so far:"
        f" {pts}</sup>",
        700,
    )
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
        fill = palette.lighter(palette.BAMBOO_COLOURS[t], 0.6)
        rounded_rect(
            fig, x, y0, x + 1.8, top - 0.5, fill, palette.darker(palette.BAMBOO_COLOURS[t], 0.2), 2
        )
        label(fig, x + 0.9, top - 0.75, f"<b>{COLOUR_LETTERS[t]}</b> {COLOURS[t]}", size=12)
        stack = state.spirit_stacks[t]
        spirit = stack[0] if stack else "—"
        label(fig, x + 0.9, top - 1.3, f"spirit:<br><b>{spirit}</b>", size=11)
        label(fig, x + 0.9, top - 1.85, f"{len(stack)} in stack", size=10, color="#444444")
        for k, owner in enumerate(state.temples[t]):
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
        hx.append(x + 0.9)
        hy.append(y0 + 1.0)
        owners = ", ".join("ghost" if o < 0 else f"P{o}" for o in state.temples[t]) or "none"
        ht.append(
            f"{COLOURS[t]} temple<br>incense bottom to top: {owners}<br>"
            f"spirits: {', '.join(stack) or 'none'}"
        )
    # the stalk field: each stalk's shoots base first (drawn bottom up)
    sx0 = 8.2
    label(fig, sx0, top, "<b>stalk field</b>", size=12, anchor="left", valign="top")
    for i, stalk in enumerate(state.stalks):
        x = sx0 + i * 1.2
        label(fig, x + 0.55, top - 4.4, f"stalk {i + 1}", size=10, color="#444444")
        for k, code in enumerate(stalk):
            y = top - 4.1 + k * 0.75
            ht.append(_shoot(fig, code, x, y, 1.1, 0.65))
            hx.append(x + 0.55)
            hy.append(y + 0.32)
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
            label(fig, x + 0.75, y + 0.26, f"<b>{tile.name}</b> {tile.hp} HP", size=11)
            hx.append(x + 0.75)
            hy.append(y + 0.26)
            ht.append(f"{tile.name}: {tile.describe()}, {tile.hp} HP")
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
            hx.append(x + 0.55)
            hy.append(y + 0.33)
            ht.append(
                f"{htile.name}: {TYPES[htile.type]}, comfort {htile.comfort}, costs"
                f" {htile.cost} coins, +{htile.hp} HP"
            )
    # food display and gifts
    fy = top - 5.5
    label(fig, 0.1, fy, "<b>food display</b>", size=12, anchor="left")
    for k, f in enumerate(state.food_display):
        colour, text = _FOOD[FOOD_KINDS[f]]
        fig.add_shape(
            type="circle",
            x0=2.0 + k * 0.6,
            x1=2.5 + k * 0.6,
            y0=fy - 0.25,
            y1=fy + 0.25,
            fillcolor=colour,
            line={"color": palette.BLACK, "width": 1},
        )
        label(fig, 2.25 + k * 0.6, fy, text, size=10)
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
    row_h = 0.95
    for p in range(n):
        b = state.boards[p]
        y = fy - 0.75 - p * row_h
        player_band(fig, p, 0.05, 18.4, y - row_h + 0.1, y, 0.18)
        plays = " ◀" if not state.is_over() and state.player == p else ""
        mid = y - row_h / 2 + 0.05
        label(fig, 0.3, mid, f"<b>Player {p}{plays}</b>", size=13, anchor="left")
        info = (
            f"HP {b.hp} · coins {b.coins} · incense {b.reserve} (+{b.track} on track)"
            f" · home {sum(1 for h in b.home if h >= 0)}/15 · balance tiles"
            f" {len(b.balance)}<br>spirits awake: {', '.join(b.awake) or '—'}"
            f" · asleep: {', '.join(b.asleep) or '—'}"
        )
        label(fig, 2.3, mid, info, size=11, anchor="left")
        label(
            fig,
            13.3,
            mid,
            "temple<br>shoots",
            size=10,
            anchor="left",
            color="#444444",
        )
        for t in range(4):
            for k, code in enumerate(b.temples[t]):
                x = 14.4 + t * 1.0 + k * 0.22
                fig.add_shape(
                    type="rect",
                    x0=x,
                    x1=x + 0.18,
                    y0=mid - 0.28,
                    y1=mid + 0.28,
                    fillcolor=palette.BAMBOO_COLOURS[code // 5],
                    line={"color": palette.BLACK, "width": 1},
                )
        hx.append(1.0)
        hy.append(mid)
        ht.append(
            "shoots in temples: "
            + " ".join(f"{COLOUR_LETTERS[t]}{len(b.temples[t])}" for t in range(4))
        )
    fig.add_trace(hover_trace(hx, hy, ht, 30))
    bottom = fy - 0.75 - n * row_h
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[bottom - 0.1, top + 0.2])
    fig.update_layout(height=int((top - bottom + 0.3) * 46) + 70)
    return fig.figure()


def _home_args(
    state_or_home: Any, player: int | None, tiles: Iterable[int | str] | None
) -> tuple[tuple[int, ...], list[Any], set[int], str, dict[int, int]]:
    """The home's spaces, the balance tiles to show, those scored, its name and its night-side
    special spaces (index -> required type; empty on the day side and for a bare home)."""
    if isinstance(state_or_home, bb.State):
        s = state_or_home
        p = (s.player if s.player in range(s.num_players) else 0) if player is None else player
        if p not in range(s.num_players):
            raise InvalidStateError(f"player must be a seat 0..{s.num_players - 1}, not {player!r}")
        board = s.boards[p]
        held = list(board.balance) if tiles is None else list(tiles)
        night = dict(night_of(s, p))
        return tuple(board.home), held, set(board.scored), f"player {p}'s home", night
    h = state_or_home
    if (
        not isinstance(h, Sequence)
        or isinstance(h, str)
        or len(h) != 15
        or not all(isinstance(v, int) and -1 <= v < len(bb.HOME_TILES) for v in h)
    ):
        raise InvalidStateError(
            "a home is 15 home-tile ids (-1 for an empty space), e.g. from home_from_text"
        )
    return tuple(h), list(tiles or ()), set(), "a home", {}


def home(
    state_or_home: Any, player: int | None = None, tiles: Iterable[int | str] | None = None
) -> go.Figure:
    """The 5x3 home: tiles by type and comfort, left and right comfort and the harmony
    penalty, the balance tiles held (or ``tiles``) and where each pattern matches; on the night
    side, each special space is starred with the type it requires (BB-ADV-1, BB-ADV-2)."""
    spaces, held, scored, who, night = _home_args(state_or_home, player, tiles)
    balance = [bb.BALANCE_TILES[t] if isinstance(t, int) else bb.balance_tile(t) for t in held]
    left, right = bb.harmony(spaces)
    penalty = bb.harmony_penalty(spaces)
    side = " (night side)" if night else ""
    fig = canvas(
        f"<b>Bamboo</b> · {who}{side} · left comfort {left} · right comfort {right} · harmony"
        f" {penalty} HP",
        460,
    )
    cw, ch = 1.9, 1.35
    x0, ytop = 0.3, 4.6
    for c, name in ((0, "left"), (2, "centre"), (3, "right")):
        span = 2 if c != 2 else 1
        x = x0 + c * cw
        fill = "#EAF3FB" if c != 2 else "#F7F7F7"
        rect(fig, x, ytop - 3 * ch - 0.05, x + span * cw, ytop + 0.05, fill, "#FFFFFF", 0)
        total = {"left": f" · comfort {left}", "right": f" · comfort {right}", "centre": ""}
        label(fig, x + span * cw / 2, ytop + 0.3, f"<b>{name}</b>{total[name]}", size=12)
    hx: list[float] = []
    hy: list[float] = []
    ht: list[str] = []
    for i, hid in enumerate(spaces):
        r, c = divmod(i, 5)
        x = x0 + c * cw + 0.06
        y = ytop - (r + 1) * ch + 0.06
        if hid < 0 and i in night:  # a special space: only its type (BB-ADV-1)
            kind = night[i]
            rounded_rect(
                fig,
                x,
                y,
                x + cw - 0.12,
                y + ch - 0.12,
                palette.lighter(palette.HOME_TYPES[kind], 0.75),
                palette.darker(palette.HOME_TYPES[kind], 0.3),
                2,
                dash="dash",
            )
            label(
                fig,
                x + cw / 2 - 0.06,
                y + ch * 0.5,
                f"<b>{TYPE_LETTERS[kind]}</b> only",
                size=13,
                color="#222222",
            )
            label(fig, x + cw / 2 - 0.06, y + 0.22, f"{r},{c}", size=10, color="#555555")
            hx.append(x + cw / 2)
            hy.append(y + ch / 2)
            ht.append(
                f"{r},{c}: empty night space, takes only a {TYPES[kind]} tile (BB-ADV-1);"
                " −1 HP at the end if still empty (BB-ADV-2)"
            )
            continue
        if hid < 0:
            rounded_rect(
                fig, x, y, x + cw - 0.12, y + ch - 0.12, "#FFFFFF", "#BBBBBB", 1, dash="dot"
            )
            label(fig, x + cw / 2 - 0.06, y + ch / 2 - 0.06, f"{r},{c}", size=10, color="#999999")
            continue
        htile = bb.HOME_TILES[hid]
        rounded_rect(
            fig,
            x,
            y,
            x + cw - 0.12,
            y + ch - 0.12,
            palette.lighter(palette.HOME_TYPES[htile.type], 0.25),
            "#444444",
            1.2,
        )
        label(
            fig,
            x + cw / 2 - 0.06,
            y + ch * 0.55,
            f"<b>{TYPE_LETTERS[htile.type]} {htile.comfort}</b>",
            size=17,
        )
        label(fig, x + cw / 2 - 0.06, y + 0.22, TYPES[htile.type], size=10, color="#222222")
        hx.append(x + cw / 2)
        hy.append(y + ch / 2)
        special = f"<br>night space: {TYPES[night[i]]} only" if i in night else ""
        ht.append(f"{r},{c}: {htile.name}, {TYPES[htile.type]}, comfort {htile.comfort}{special}")
    # balance tiles and their matches
    px = x0 + 5 * cw + 0.4
    label(fig, px, ytop + 0.3, "<b>balance tiles</b>", size=13, anchor="left")
    if not balance:
        label(fig, px, ytop - 0.3, "none held", size=12, anchor="left", color="#555555")
    for k, tile in enumerate(balance):
        colour, dash = palette.OUTLINES[k % len(palette.OUTLINES)]
        found = bb.balance_matches(tile, spaces)
        state_text = "scored" if tile.id in scored else ("met" if found else "not met")
        label(
            fig,
            px,
            ytop - 0.25 - k * 0.55,
            f"<span style='color:{colour}'><b>{k + 1}</b></span> <b>{tile.name}</b>"
            f" ({KINDS[tile.kind]}, {tile.hp} HP): {tile.describe()} · <b>{state_text}</b>",
            size=12,
            anchor="left",
        )
        inset = 0.16 + 0.08 * (k % 4)
        xs: list[float | None] = []
        ys: list[float | None] = []
        for match in found:
            for i in match:
                r, c = divmod(i, 5)
                a, b = x0 + c * cw + inset, ytop - (r + 1) * ch + inset
                a2, b2 = x0 + (c + 1) * cw - inset, ytop - r * ch - inset
                xs += [a, a2, a2, a, a, None]
                ys += [b, b, b2, b2, b, None]
        if xs:
            fig.add_trace(
                go.Scatter(
                    x=xs,
                    y=ys,
                    mode="lines",
                    line={"color": colour, "width": 4, "dash": dash},
                    hoverinfo="skip",
                    showlegend=False,
                    name=f"{tile.name} matches",
                )
            )
    if night:  # the night side's special spaces: one starred trace (BB-ADV-1, BB-ADV-2)
        _night_spaces(fig, spaces, night, x0, ytop, cw, ch)
    legend = " · ".join(f"{TYPE_LETTERS[t]} {TYPES[t]}" for t in range(4))
    label(fig, x0, 0.35, f"{legend} · number = comfort", size=11, anchor="left", color="#444444")
    if night:
        label(
            fig,
            x0,
            0.0,
            "★ night space: takes only a tile of its type; −1 HP at the end if left empty",
            size=11,
            anchor="left",
            color="#444444",
        )
    fig.add_trace(hover_trace(hx, hy, ht, 40))
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[-0.25 if night else 0.1, ytop + 0.6])
    return fig.figure()


def _night_spaces(
    fig: Sketch,
    spaces: Sequence[int],
    night: dict[int, int],
    x0: float,
    ytop: float,
    cw: float,
    ch: float,
) -> None:
    """A star in the corner of each special space, its hover naming the effect."""
    xs: list[float] = []
    ys: list[float] = []
    texts: list[str] = []
    for i, kind in sorted(night.items()):
        r, c = divmod(i, 5)
        xs.append(x0 + c * cw + 0.3)
        ys.append(ytop - r * ch - 0.3)
        wanted = TYPES[kind]
        if spaces[i] >= 0:
            now = f"covered by a {wanted} tile: no penalty"
        else:
            now = f"empty: takes only a {wanted} tile, −1 HP at the end if still empty"
        texts.append(
            f"<b>night space {r},{c}</b> ({wanted} only)<br>{now}<br>rules: a special space"
            " accepts only a home tile of its type (BB-ADV-1); each one left uncovered at the"
            " end costs 1 HP (BB-ADV-2)"
        )
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=ys,
            mode="markers",
            marker={
                "symbol": "star",
                "size": 17,
                "color": palette.NIGHT,
                "line": {"color": "#FFFFFF", "width": 1.5},
            },
            name="night spaces",
            hoverinfo="text",
            hovertext=texts,
            showlegend=False,
        )
    )
