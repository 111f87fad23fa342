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
    SPIRITS,
    TYPE_LETTERS,
    TYPES,
    shoot_name,
)
from bamboo_lab.games.bamboo.rules import night_of

from . import palette
from ._common import Sketch, canvas, hover_trace, label, player_band, rect, rounded_rect

__all__ = ["CHANGED", "autumn", "figure", "home", "patterns", "player_aid", "season"]

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


def figure(state: bb.State, changed_from: bb.State | None = None) -> go.Figure:
    """The main board: temples with their incense in placement order and the spirit on top,
    the stalk field, the balance and home markets, the food display, and each player.

    With ``changed_from`` (an earlier state of the same game) everything that changed since is
    outlined in magenta and each player's row says how their belongings changed."""
    if not isinstance(state, bb.State):
        raise InvalidStateError(f"viz.bamboo.figure draws a Bamboo State, not {state!r}")
    before = _earlier(state, changed_from)
    n = state.num_players
    who = "" if state.is_over() else f" · player {state.player} to play ({state.phase})"
    pts = " · ".join(f"P{p} {s}" for p, s in enumerate(state.scores()))
    sub = "final scores" if state.is_over() else "scores so far"
    fig = canvas(
        f"<b>Bamboo</b> · round {state.round} · {season(state)}{who}<br><sup>{sub}: {pts}</sup>",
        700,
    )
    marks = _Marks()
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
        sticks = state.temples[t]
        kept = _common_prefix(before.temples[t], sticks) if before else len(sticks)
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
        label(fig, x + 0.55, top - 4.4, f"stalk {i + 1}", size=10, color="#444444")
        for k, code in enumerate(stalk):
            y = top - 4.1 + k * 0.75
            ht.append(_shoot(fig, code, x, y, 1.1, 0.65))
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
            hx.append(x + 0.55)
            hy.append(y + 0.33)
            ht.append(
                f"{htile.name}: {TYPES[htile.type]}, comfort {htile.comfort}, costs"
                f" {htile.cost} coins, +{htile.hp} HP"
            )
            if before and hid not in before.home_market[k]:
                marks.box(x - 0.04, y - 0.04, x + 1.14, y + 0.7, f"{htile.name} turned face up")
    # food display and gifts
    fy = top - 5.5
    label(fig, 0.1, fy, "<b>food display</b>", size=12, anchor="left")
    for k, f in enumerate(state.food_display):
        _food(fig, f, 2.25 + k * 0.6, fy)
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
    changes = [_board_changes(before, state, p) if before else [] for p in range(n)]
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


CHANGED = "#E6007E"
"""Magenta: the outline of what changed since an earlier picture (no piece uses this colour)."""

CHANGED_TRACE = "changed"
"""The name of the trace of outlines around what changed (``changed_from``)."""


class _Marks:
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


def _earlier(state: bb.State, changed_from: Any) -> bb.State | None:
    """``changed_from`` checked: None, or a Bamboo State with as many players as ``state``."""
    if changed_from is None:
        return None
    if not isinstance(changed_from, bb.State) or changed_from.num_players != state.num_players:
        raise InvalidStateError(
            "changed_from is an earlier Bamboo State of the same game (as many players)"
        )
    return changed_from


def _common_prefix(old: Sequence[int], new: Sequence[int]) -> int:
    """How many items at the start of ``new`` are those of ``old`` (sticks kept in place)."""
    k = 0
    while k < min(len(old), len(new)) and old[k] == new[k]:
        k += 1
    return k


def _board_changes(before: bb.State, state: bb.State, player: int) -> list[str]:
    """What changed on one player's board, in short words (read from both boards' fields)."""
    old, new = before.boards[player], state.boards[player]
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
            out.append(f"{COLOURS[t]} shoots {len(old.temples[t])} → {len(new.temples[t])}")
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


def _food(fig: Sketch, kind: int, x: float, y: float) -> None:
    """A food counter centred at ``x, y``: its colour and its letter with its units."""
    colour, text = _FOOD[FOOD_KINDS[kind]]
    fig.add_shape(
        type="circle",
        x0=x - 0.25,
        x1=x + 0.25,
        y0=y - 0.25,
        y1=y + 0.25,
        fillcolor=colour,
        line={"color": palette.BLACK, "width": 1},
    )
    label(fig, x, y, text, size=10)


def _seat(state: bb.State, player: int | None) -> int:
    """The seat whose home is drawn: ``player``, or the one to play (seat 0 once it is over)."""
    if player is None:
        return state.player if state.player in range(state.num_players) else 0
    return player


def _home_args(
    state_or_home: Any, player: int | None, tiles: Iterable[int | str] | None
) -> tuple[tuple[int, ...], list[Any], set[int], str, dict[int, int]]:
    """The home's spaces, the balance tiles to show, those scored, its name and its night-side
    special spaces (index -> required type; empty on the day side and for a bare home)."""
    if isinstance(state_or_home, bb.State):
        s = state_or_home
        p = _seat(s, player)
        if not isinstance(p, int) or p not in range(s.num_players):
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
    state_or_home: Any,
    player: int | None = None,
    tiles: Iterable[int | str] | None = None,
    changed_from: Any = None,
    answers: bool = True,
) -> go.Figure:
    """The 5x3 home: tiles by type and comfort, left and right comfort and the harmony
    penalty, the balance tiles held (or ``tiles``) drawn as their patterns and where each one
    matches; on the night side, each special space is starred with the type it requires
    (BB-ADV-1, BB-ADV-2).

    With ``changed_from`` (the same player's earlier State, or an earlier home) the spaces and
    balance tiles that changed since are outlined in magenta. ``answers=False`` leaves out what
    an exercise asks: the comfort totals, the harmony and which patterns are met."""
    spaces, held, scored, who, night = _home_args(state_or_home, player, tiles)
    old_spaces: tuple[int, ...] | None = None
    old_held: set[int] = set()
    old_scored: set[int] = set()
    if changed_from is not None:
        if isinstance(changed_from, bb.State) != isinstance(state_or_home, bb.State):
            raise InvalidStateError(
                "changed_from is of the same kind as the home: a State or a home"
            )
        seat = _seat(state_or_home, player) if isinstance(state_or_home, bb.State) else None
        old_spaces, old_list, old_scored, _, _ = _home_args(changed_from, seat, None)
        old_held = {t if isinstance(t, int) else bb.balance_tile(t).id for t in old_list}
    marks = _Marks()
    balance = [bb.BALANCE_TILES[t] if isinstance(t, int) else bb.balance_tile(t) for t in held]
    left, right = bb.harmony(spaces)
    penalty = bb.harmony_penalty(spaces)
    side = " (night side)" if night else ""
    sums = f" · left comfort {left} · right comfort {right} · harmony {penalty} HP"
    fig = canvas(f"<b>Bamboo</b> · {who}{side}{sums if answers else ''}", 460)
    cw, ch = 1.9, 1.35
    x0, ytop = 0.3, 4.6
    for c, name in ((0, "left"), (2, "centre"), (3, "right")):
        span = 2 if c != 2 else 1
        x = x0 + c * cw
        fill = "#EAF3FB" if c != 2 else "#F7F7F7"
        rect(fig, x, ytop - 3 * ch - 0.05, x + span * cw, ytop + 0.05, fill, "#FFFFFF", 0)
        total = {"left": f" · comfort {left}", "right": f" · comfort {right}", "centre": ""}
        if not answers:
            total = {"left": "", "right": "", "centre": ""}
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
        if old_spaces is not None and old_spaces[i] != hid:
            marks.box(x - 0.03, y - 0.03, x + cw - 0.09, y + ch - 0.09, f"{r},{c}: a new home tile")
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
        found = bb.balance_matches(tile, spaces) if answers else ()
        state_text = "scored" if tile.id in scored else ("met" if found else "not met")
        tx, ty = px + (k % 3) * 2.75, ytop - 0.05 - (k // 3) * _TILE_ROW
        number = f"<span style='color:{colour}'><b>{k + 1}</b></span> "
        _pattern_tile(fig, tile, tx, ty, 2.6, prefix=number)
        if answers:
            label(fig, tx + 1.3, ty - 3.6, f"{tile.name} · <b>{state_text}</b>", size=12)
        if old_spaces is not None and (
            tile.id not in old_held | old_scored or (tile.id in scored) != (tile.id in old_scored)
        ):
            marks.box(tx - 0.05, ty - 3.85, tx + 2.65, ty + 0.05, f"{tile.name}: {state_text}")
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
    outlined = " · outline n: where tile n is met" if answers and balance else ""
    label(
        fig,
        x0,
        0.35,
        f"{legend} · number = comfort{outlined}",
        size=11,
        anchor="left",
        color="#444444",
    )
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
    if old_spaces is not None:
        said = "<b>magenta outline: changed since the previous picture</b>"
        if isinstance(changed_from, bb.State) and isinstance(state_or_home, bb.State):
            moved = _board_changes(changed_from, state_or_home, _seat(state_or_home, player))
            said = "<b>changed:</b> " + " · ".join(moved) + "<br>" + said if moved else said
        rows = -(-len(balance) // 3)
        low = min(0.35, ytop - 0.45 - rows * _TILE_ROW)
        label(fig, 18.4, low, said, size=11, anchor="right", color=CHANGED)
    fig.add_trace(hover_trace(hx, hy, ht, 40))
    if marks.xs:
        fig.add_trace(marks.trace())
    rows = -(-len(balance) // 3)
    bottom = min(-0.25 if night else 0.1, ytop - 0.25 - rows * _TILE_ROW)
    if old_spaces is not None:
        bottom = min(bottom, ytop - 0.85 - rows * _TILE_ROW)
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[bottom, ytop + 0.6])
    fig.update_layout(height=int((ytop + 0.6 - bottom) * 55) + 66)
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


# ---------------------------------------------------------------- teaching pictures


_TILE_ROW = 3.95
"""The height of a row of balance tiles beside a home (a tile and its met line)."""


def _pattern_tile(
    fig: Sketch, tile: Any, x: float, y: float, width: float = 3.4, prefix: str = ""
) -> None:
    """A balance tile drawn at ``x, y`` (its top left): name, kind and HP, the pattern's cells
    in their types' colours (``any`` for a cell of any type), its comfort condition and the
    columns of the home it looks at (BB-PAT-1, BB-PAT-3)."""
    cell = 0.6
    rounded_rect(fig, x, y - 3.35, x + width, y, "#FAFAFA", "#555555", 1.2)
    label(
        fig,
        x + width / 2,
        y - 0.27,
        f"{prefix}<b>{tile.name}</b> · {KINDS[tile.kind]} · <b>{tile.hp} HP</b>",
        size=12 if width >= 3 else 11,
    )
    if tile.type_total is not None:
        kind, need = tile.type_total
        cells: list[tuple[int, int, int | None]] = [(0, 0, kind)]
        words = f"all {TYPES[kind]} tiles:<br>comfort {need} or more"
    else:
        cells = list(tile.cells)
        words = f"comfort {tile.min_comfort} or more in all" if tile.min_comfort else ""
    rows = 1 + max(dr for dr, _, _ in cells)
    cols = 1 + max(dc for _, dc, _ in cells)
    gx = x + (width - cols * cell) / 2
    gy = y - 0.55 - (3 - rows) * cell / 2
    for dr, dc, kind in cells:
        cx, cy = gx + dc * cell, gy - (dr + 1) * cell
        fill = "#FFFFFF" if kind is None else palette.lighter(palette.HOME_TYPES[kind], 0.25)
        rect(fig, cx + 0.03, cy + 0.03, cx + cell - 0.03, cy + cell - 0.03, fill, "#333333", 1.2)
        text = "any" if kind is None else f"<b>{TYPE_LETTERS[kind]}</b>"
        label(fig, cx + cell / 2, cy + cell / 2, text, size=9 if kind is None else 13)
    if words:
        label(fig, x + width / 2, y - 2.55, words, size=10, color="#222222")
    # the five columns of the home, those the tile looks at shaded
    looked = {0: (0, 1), 1: (0, 1, 2, 3, 4), 2: (3, 4)}[tile.kind]
    for c in range(5):
        sx = x + width - 1.6 + c * 0.3
        fill = "#7A7A7A" if c in looked else "#FFFFFF"
        rect(fig, sx, y - 3.22, sx + 0.26, y - 3.0, fill, "#7A7A7A", 1)
    label(fig, x + 0.12, y - 3.11, "looks at", size=9, anchor="left", color="#444444")


def patterns(tiles: Iterable[int | str], title: str = "balance tiles") -> go.Figure:
    """Balance tiles drawn as their patterns: coloured cells by home-tile type (``any`` for a
    cell of any type), the comfort they ask for, and the home columns each one looks at."""
    chosen = [bb.BALANCE_TILES[t] if isinstance(t, int) else bb.balance_tile(t) for t in tiles]
    if not chosen:
        raise InvalidStateError("patterns draws at least one balance tile, e.g. ['L05']")
    per_row = 5
    rows = -(-len(chosen) // per_row)
    fig = canvas(f"<b>Bamboo</b> · {title}", 10)
    for k, tile in enumerate(chosen):
        r, c = divmod(k, per_row)
        _pattern_tile(fig, tile, 0.1 + c * 3.68, -r * 3.6)
    bottom = -rows * 3.6 + 0.1
    legend = " · ".join(f"{TYPE_LETTERS[t]} {TYPES[t]}" for t in range(4))
    label(
        fig,
        0.1,
        bottom - 0.05,
        f"{legend} · any: a tile of any type · shaded columns: where on the home the pattern"
        " must lie (never turned or mirrored)",
        size=10,
        anchor="left",
        valign="top",
        color="#444444",
    )
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[bottom - 0.6, 0.1])
    fig.update_layout(height=int((rows * 3.6 + 0.7) * 43) + 66)
    return fig.figure()


def _owner(owner: int) -> str:
    """A stick's owner in words."""
    return "the ghost" if owner == bb.GHOST else f"player {owner}"


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
        lines = [f"{_owner(o)}: {counts[o]}" for o in ranking] or ["no incense"]
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
            f"<b>→ {_owner(best)}</b>{why}{gone}",
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


_AID_SEASONS = (
    (
        "Spring",
        "#7FC4A8",
        "1. move 1 incense stick<br>from your round track<br>to your reserve<br>"
        "2. take a gift of the<br>forest and do its action",
    ),
    (
        "Summer",
        "#F0E442",
        "turns in order until<br>everyone has passed:<br>1. visit a temple of your<br>board"
        " (not last turn's)<br>2. offer 1 stick per shoot<br>in it (1 coin: elsewhere)<br>"
        "3. put its shoots in the<br>stalks (2 new per stalk<br>at most), activate 1<br>"
        "shoot per stick offered<br>4. each pushes the top<br>shoot out to your temples"
        "<br>no incense left: pass",
    ),
    (
        "Autumn",
        "#E69F00",
        "each temple: the most<br>incense wins its spirit<br>tie: the stick highest<br>"
        "up (offered last) wins<br>2 players: the ghost's<br>sticks lie at the bottom<br>"
        "then all sticks go back<br>to their reserves",
    ),
    (
        "Winter",
        "#56B4E9",
        "1. wake used spirits<br>(pay their coins)<br>2. feed your family:<br>1 food unit per"
        " home tile<br>tea 1 · rice 2 · ramen 3<br>no change given<br>each missing unit: −1 HP"
        "<br>3. the start player<br>moves on<br>4. the markets turn over",
    ),
)
"""The player aid's four seasons: name, colour and what happens (BB-SPR, BB-SUM, BB-AUT, BB-WIN)."""

_AID_ACTIONS = (
    (
        0,
        "balance",
        "+1 HP, or two steps:<br>take a balance tile,<br>or score one your home"
        "<br>meets (+ its HP)",
    ),
    (1, "improve", "+1 coin, or buy a<br>home tile: pay its coins,<br>+ its HP, place it"),
    (2, "cook", "take one food<br>counter from the<br>display"),
    (3, "fund", "+2 coins"),
    (2, "wildcard", "★ wildcard: any one<br>of the four actions<br>(your choice)"),
)
"""The shoot actions of the player aid: a colour to draw it in, the action and its effect."""

_AID_SPIRITS = {
    "kappa": "an extra balance action",
    "tanuki": "an extra improve action",
    "rokurokubi": "an extra fund action (2 coins)",
    "kitsune": "every shoot this turn is a ★ wildcard",
    "bakeneko": "offer sticks anywhere, free",
    "tengu": "new food display, take one",
    "ookami": "in Winter: 4 food units",
}
"""What each spirit's power does, in a few words (BB-SPI-2 to BB-SPI-6)."""


def _aid_box(
    fig: Sketch, x0: float, y0: float, x1: float, y1: float, title: str, colour: str
) -> None:
    """A section of the player aid: a pale box with a title band in ``colour``."""
    rounded_rect(
        fig, x0, y0, x1, y1, palette.lighter(colour, 0.85), palette.darker(colour, 0.3), 1.5
    )
    rounded_rect(
        fig, x0, y1 - 0.6, x1, y1, palette.lighter(colour, 0.35), palette.darker(colour, 0.3), 1.5
    )
    label(fig, x0 + 0.2, y1 - 0.3, f"<b>{title}</b>", size=14, anchor="left")


def player_aid() -> go.Figure:
    """The printable player aid: the goal, the four seasons, the shoot actions (the star
    wildcard among them), Autumn's incense majorities, Winter's feeding, the balance patterns,
    the final scoring and the spirits' powers (one A4 page, portrait)."""
    fig = canvas("<b>Bamboo</b> · player aid", 1160)
    top = 25.2
    label(
        fig,
        0.2,
        top,
        "<b>Goal:</b> the most <b>happiness points (HP)</b> after 4 rounds. You gain HP with your"
        " shoots' actions, home tiles and balance patterns;<br>you lose HP when your family"
        " goes hungry in Winter and when your home is out of balance. Each round has four"
        " seasons:",
        size=12,
        anchor="left",
        valign="top",
    )
    for k, (name, colour, text) in enumerate(_AID_SEASONS):
        x = 0.1 + k * 4.6
        _aid_box(fig, x, 16.3, x + 4.45, 23.9, f"{k + 1}. {name}", colour)
        label(fig, x + 0.2, 23.05, text, size=13, anchor="left", valign="top")
    _aid_box(
        fig, 0.1, 11.9, 18.4, 16.0, "The shoot actions (Summer, one per stick offered)", "#999999"
    )
    for k, (colour_index, action, text) in enumerate(_AID_ACTIONS):
        x = 0.3 + k * 3.65
        _shoot(fig, colour_index * 5 + ACTIONS.index(action), x, 14.35, 1.1, 0.8)
        label(fig, x + 1.25, 14.75, f"<b>{action}</b>", size=12, anchor="left")
        label(fig, x, 14.1, text, size=12, anchor="left", valign="top")
    # Autumn: a worked majority (BB-AUT-1), its winner from the engine
    _aid_box(fig, 0.1, 6.6, 6.1, 11.6, "Autumn: who wins a spirit", "#E69F00")
    stack = (bb.GHOST, bb.GHOST, 0, 1, 0, 1)
    for k, owner in enumerate(stack):
        sy = 7.0 + k * 0.52
        rect(
            fig,
            0.5,
            sy,
            1.3,
            sy + 0.44,
            palette.player_colour(owner),
            palette.BLACK,
            1,
            layer="above",
        )
        label(
            fig,
            0.9,
            sy + 0.22,
            "g" if owner < 0 else str(owner),
            size=10,
            bold=True,
            color=palette.BLACK if owner == 1 else "#FFFFFF",
        )
    winner = bb.temple_majority(stack)[0]
    label(
        fig,
        1.6,
        10.7,
        "sticks, bottom to top:<br>ghost 2 · player 0: 2 · player 1: 2<br>a three-way tie:<br>"
        f"the highest stick wins<br><b>→ {_owner(winner)}</b><br><br>the ghost always loses<br>"
        "a tie; what it wins<br>leaves the game",
        size=11,
        anchor="left",
        valign="top",
    )
    # Winter: the feeding bill of a worked home (BB-WIN-2), from the engine
    _aid_box(fig, 6.25, 6.6, 12.25, 11.6, "Winter: feed your family", "#56B4E9")
    for k, kind in enumerate(FOOD_KINDS):
        _food(fig, k, 6.8 + k * 1.9, 10.5)
        label(fig, 7.15 + k * 1.9, 10.5, f"{kind} = {k + 1}", size=11, anchor="left")
    four = bb.home_from_text("(0,0):G (0,1):F (1,0):D (0,3):T")
    bill = bb.feeding_bill(four, (0, 1, 0))
    label(
        fig,
        6.45,
        9.9,
        f"each home tile eats 1 unit.<br>Example: {bill['need']} home tiles, you hold<br>one rice"
        f" (2 units): {bill['hp_lost']} units short<br>→ <b>−{bill['hp_lost']} HP</b>.<br>"
        "Food you hold must be paid;<br>no change: ramen for one tile<br>wastes 2 units.",
        size=11,
        anchor="left",
        valign="top",
    )
    # balance patterns (BB-PAT-1, BB-PAT-2): one tile drawn
    _aid_box(fig, 12.4, 6.6, 18.4, 11.6, "Balance patterns", "#009E73")
    _pattern_tile(fig, bb.balance_tile("L05"), 12.6, 10.85, 2.9)
    label(
        fig,
        15.65,
        10.8,
        "your home is 5 columns<br>× 3 rows. Left tiles look<br>at the 2 left columns,<br>"
        "right tiles at the 2 right,<br>centre tiles at all 5.<br>Never turned or<br>mirrored.",
        size=10,
        anchor="left",
        valign="top",
    )
    label(
        fig,
        12.6,
        7.05,
        "scored in the game: full HP<br>met at the end: half",
        size=10,
        anchor="left",
    )
    # the end of the game (BB-END-1 to BB-END-5)
    _aid_box(fig, 0.1, 3.3, 18.4, 6.3, "End of the game: after the fourth Winter", "#CC79A7")
    label(
        fig,
        0.3,
        5.45,
        "final score = HP on your track<br>"
        "   + 2 HP per <b>different</b> kind of spirit you own (awake or asleep)<br>"
        "   + half the HP (rounded up) of each balance tile still held whose pattern your home"
        " meets<br>"
        "   − 2 HP per point of comfort difference between your 2 left and your 2 right columns"
        " (harmony)<br>"
        "   − 1 HP per empty special space (advanced game, night side) · most HP wins; a tie:"
        " most comfort",
        size=12,
        anchor="left",
        valign="top",
    )
    _aid_box(
        fig,
        0.1,
        0.0,
        18.4,
        3.0,
        "Spirits: use once in your Summer turn, then asleep until woken in Winter",
        "#7F5539",
    )
    for k, name in enumerate(SPIRITS):
        col, row = divmod(k, 4)
        label(
            fig,
            0.3 + col * 9.1,
            2.05 - row * 0.52,
            f"<b>{name.capitalize()}</b>: {_AID_SPIRITS[name]}",
            size=11,
            anchor="left",
        )
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[-0.1, 25.3])
    return fig.figure()
