"""A Bamboo player's 5x3 home (comfort, harmony, where each balance tile's pattern matches, the
night side's special spaces) and balance tiles drawn as their patterns.

Split from :mod:`bamboo_lab.viz.bamboo`, which re-exports :func:`home` and :func:`patterns`.
Every number comes from the game's scoring helpers (``harmony``, ``harmony_penalty``,
``balance_matches``); nothing is recomputed here.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import FOOD_KINDS, TYPE_LETTERS, TYPES
from bamboo_lab.games.bamboo.rules import night_of

from . import palette
from ._common import Sketch, canvas, label, rect, rounded_rect
from .bamboo_changes import CHANGED, Marks, board_changes
from .bamboo_pieces import FOOD_UNITS, Hovers, food_counter, pattern_tile
from .bamboo_players import LINE, wrap

__all__ = ["home", "patterns"]


_TILE_ROW = 3.95
"""The height of a row of balance tiles beside a home (a tile and its met line)."""

SPACE_WIDTH = 1.75
"""The width of a home space (data units; the picture is 18.5 wide)."""
SPACE_HEIGHT = 1.35
"""The height of a home space."""

_PX_PER_UNIT = 800 / 18.5
"""Pixels per data unit across the 820-pixel picture, down it too (squares stay square)."""


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
        board = s.board(p)
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


_CLEAR = "rgba(0,0,0,0)"
"""No fill: the ring around a space to click."""


def _buying(state_or_home: Any, player: int | None) -> str:
    """The words for the home tile the player bought and must place now (empty: none)."""
    if not isinstance(state_or_home, bb.State) or state_or_home.buying < 0:
        return ""
    if _seat(state_or_home, player) != state_or_home.player:
        return ""
    tile = bb.HOME_TILES[state_or_home.buying]
    return (
        f"<b>place the tile bought</b>: {tile.name}, {TYPES[tile.type]}, comfort {tile.comfort}:"
        " click an empty space"
    )


def home(
    state_or_home: Any,
    player: int | None = None,
    tiles: Iterable[int | str] | None = None,
    changed_from: Any = None,
    answers: bool = True,
    targets: Collection[tuple[Any, ...]] = (),
) -> go.Figure:
    """The 5x3 home: tiles by type and comfort, left and right comfort and the harmony
    penalty, the balance tiles held (or ``tiles``) drawn as their patterns and where each one
    matches; on the night side, each special space is starred with the type it requires
    (BB-ADV-1, BB-ADV-2).

    With ``changed_from`` (the same player's earlier State, or an earlier home) the spaces and
    balance tiles that changed since are outlined in magenta. ``answers=False`` leaves out what
    an exercise asks: the comfort totals, the harmony and which patterns are met. ``targets``:
    the spaces a person may click now (``("home", row, col)``), ringed in orange."""
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
    marks = Marks()
    balance = [bb.BALANCE_TILES[t] if isinstance(t, int) else bb.balance_tile(t) for t in held]
    left, right = bb.harmony(spaces)
    penalty = bb.harmony_penalty(spaces)
    side = " (night side)" if night else ""
    sums = f" · left comfort {left} · right comfort {right} · harmony {penalty} HP"
    buying = _buying(state_or_home, player)  # BB-ACT-4: the tile bought waits for a space
    waiting = f"<br><sup>{buying}</sup>" if buying else ""
    fig = canvas(f"<b>Bamboo</b> · {who}{side}{sums if answers else ''}{waiting}", 460)
    cw, ch = SPACE_WIDTH, SPACE_HEIGHT
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
    hovers = Hovers()
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
            label(fig, x + cw / 2 - 0.06, y + 0.22, f"{r},{c}", size=12, color="#555555")
            if ("home", r, c) in targets:
                rect(fig, x, y, x + cw - 0.12, y + ch - 0.12, _CLEAR, palette.HIGHLIGHT, 3)
            hovers.cover(
                x,
                y,
                x + cw - 0.12,
                y + ch - 0.12,
                f"{r},{c}: empty night space, takes only a {TYPES[kind]} tile (BB-ADV-1);"
                f" −1 HP at the end if still empty (BB-ADV-2) · row {r}, column {c}",
            )
            continue
        if hid < 0:
            rounded_rect(
                fig, x, y, x + cw - 0.12, y + ch - 0.12, "#FFFFFF", "#BBBBBB", 1, dash="dot"
            )
            label(fig, x + cw / 2 - 0.06, y + ch / 2 - 0.06, f"{r},{c}", size=12, color="#888888")
            if ("home", r, c) in targets:  # BB-ACT-4: where the tile bought may go
                rect(fig, x, y, x + cw - 0.12, y + ch - 0.12, _CLEAR, palette.HIGHLIGHT, 3)
            hovers.cover(
                x, y, x + cw - 0.12, y + ch - 0.12, f"{r},{c}: empty space (row {r}, column {c})"
            )
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
        label(fig, x + cw / 2 - 0.06, y + 0.22, TYPES[htile.type], size=12, color="#222222")
        special = f"<br>night space: {TYPES[night[i]]} only" if i in night else ""
        hovers.cover(
            x,
            y,
            x + cw - 0.12,
            y + ch - 0.12,
            f"{r},{c}: a {TYPES[htile.type]} tile of comfort {htile.comfort} (row {r}, column"
            f" {c}){special}",
        )
    # balance tiles and their matches
    px = x0 + 5 * cw + 0.4
    label(fig, px, ytop + 0.3, "<b>balance tiles</b>", size=13, anchor="left")
    if not balance:
        label(fig, px, ytop - 0.3, "none held", size=12, anchor="left", color="#555555")
    for k, tile in enumerate(balance):
        colour, dash = palette.OUTLINES[k % len(palette.OUTLINES)]
        found = bb.balance_matches(tile, spaces) if answers else ()
        state_text = "scored" if tile.id in scored else ("met" if found else "not met")
        tx, ty = px + (k % 3) * 3.0, ytop - 0.05 - (k // 3) * _TILE_ROW
        number = f"<span style='color:{colour}'><b>{k + 1}</b></span> "
        pattern_tile(fig, tile, tx, ty, 2.9, prefix=number)
        if answers:
            label(fig, tx + 1.45, ty - 3.6, f"{tile.name} · <b>{state_text}</b>", size=12)
        if old_spaces is not None and (
            tile.id not in old_held | old_scored or (tile.id in scored) != (tile.id in old_scored)
        ):
            marks.box(tx - 0.05, ty - 3.85, tx + 2.95, ty + 0.05, f"{tile.name}: {state_text}")
        # hugging the space's edge, below its type word (each tile one step further in)
        inset = 0.02 + 0.04 * (k % 4)
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
    rows = -(-len(balance) // 3)
    y = min(0.1, ytop - 0.3 - rows * _TILE_ROW)
    if isinstance(state_or_home, bb.State):  # the food held, paid in Winter (BB-WIN-2)
        holder = _seat(state_or_home, player)
        food = state_or_home.board(holder).food
        y = _held_food(fig, food, holder, y - 0.15, targets, hovers) - 0.15
    lines = [
        " · ".join(f"{TYPE_LETTERS[t]} {TYPES[t]}" for t in range(4))
        + " · number = comfort"
        + (" · outline n: where balance tile n is met" if answers and balance else "")
    ]
    if night:
        lines.append("★ night space: takes only a tile of its type; −1 HP at the end if left empty")
    if old_spaces is not None:
        if isinstance(changed_from, bb.State) and isinstance(state_or_home, bb.State):
            moved = board_changes(changed_from, state_or_home, _seat(state_or_home, player))
            if moved:
                for line in wrap(["changed: " + moved[0], *moved[1:]], 105):
                    bold = line.replace("changed:", "<b>changed:</b>", 1)
                    lines.append(f"<span style='color:{CHANGED}'>{bold}</span>")
        lines.append(
            f"<span style='color:{CHANGED}'><b>magenta outline: changed since the previous"
            " picture</b></span>"
        )
    for line in lines:
        label(fig, x0, y, line, size=12, anchor="left", valign="top", color="#444444")
        y -= LINE
    for trace in hovers.traces(40):
        fig.add_trace(trace)
    if marks.xs:
        fig.add_trace(marks.trace())
    bottom = y - 0.1
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[bottom, ytop + 0.6])
    fig.update_layout(height=int((ytop + 0.6 - bottom) * _PX_PER_UNIT) + 66)
    return fig.figure()


def _held_food(
    fig: Sketch,
    food: Sequence[int],
    seat: int,
    y: float,
    targets: Collection[tuple[Any, ...]],
    hovers: Hovers,
) -> float:
    """The food counters ``seat`` holds (``food``: how many of each kind), in a row under the
    home at height ``y``, each named in a hover text; those to pay now (``("held food", seat,
    kind)`` in ``targets``) ringed. The lowest height drawn."""
    label(fig, 0.3, y, "<b>food held</b>", size=13, anchor="left")
    x = 2.1
    if not any(food):
        label(fig, x - 0.25, y, "none", size=12, anchor="left", color="#555555")
    for kind, count in enumerate(food):
        for _ in range(count):
            food_counter(fig, kind, x, y)
            if ("held food", seat, FOOD_KINDS[kind]) in targets:  # BB-WIN-2: pay it
                rect(fig, x - 0.3, y - 0.3, x + 0.3, y + 0.3, _CLEAR, palette.HIGHLIGHT, 3)
            hovers.add(x, y, f"Player {seat}'s {FOOD_KINDS[kind]} counter ({FOOD_UNITS[kind]})")
            x += 0.66
    return y - 0.4


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
        pattern_tile(fig, tile, 0.1 + c * 3.68, -r * 3.6)
    bottom = -rows * 3.6 + 0.1
    legend = " · ".join(f"{TYPE_LETTERS[t]} {TYPES[t]}" for t in range(4))
    for k, line in enumerate(
        (
            f"{legend} · any: a tile of any type",
            "shaded columns: where on the home the pattern must lie (never turned or mirrored)",
        )
    ):
        label(
            fig,
            0.1,
            bottom - 0.05 - k * LINE,
            line,
            size=12,
            anchor="left",
            valign="top",
            color="#444444",
        )
    bottom -= 0.25 + 2 * LINE
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[bottom, 0.1])
    fig.update_layout(height=int((0.1 - bottom) * _PX_PER_UNIT) + 66)
    return fig.figure()
