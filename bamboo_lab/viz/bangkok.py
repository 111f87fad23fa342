"""Bangkok pictures: the port with its piles, hands and markets; one market with each chilli
card's scoring neighbourhood outlined and its points (rulebook "Counting of points").

Scores come from the game's own scoring (``score_market``), never recomputed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from bamboo_lab.core.checks import checked_bool
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import CHILLI_TYPES, GOOD_LETTERS
from bamboo_lab.games.bangkok.scoring import COMPLETE_BONUS

from . import palette
from ._common import WIDTH, Sketch, canvas, hover_trace, label, player_band, rect, rounded_rect

__all__ = [
    "MARKET_CARD",
    "MARKET_ORIGIN",
    "card",
    "card_row",
    "figure",
    "market",
    "market_cards",
    "player_aid",
    "port",
]

_CHILLI_FILL = "#FBE1D3"
_BOAT_FILL = "#FFFDF4"
_INITIAL_FILL = "#EEF6EC"
_CHANGED = palette.OKABE_ITO["yellow"]
"""What changed since an earlier picture glows in this colour (no outline uses it)."""
_CHANGED_TEXT = "#7A6C00"
_KEY = (
    "C1-C4: a chilli card and its scoring type",
    "→PZ: the goods that chilli card scores",
    "set 1: a starting card (the set number on its back)",
)
"""The marks on the cards, for every picture's key."""
MARKET_CARD = (1.5, 1.85, 0.5)
"""A market picture's card width, height and the gap between cards (data units)."""
MARKET_ORIGIN = (0.4, 6.75)
"""The top-left corner of a market picture's cell 1."""
_NAMES = {
    "passion_fruit": "passion fruit",
    "thai_zucchini": "Thai zucchini",
    "blue_peas": "blue peas",
    "fish": "fish",
}


class _Goods:
    """Collects the basket circles of every card so they go into one trace per good."""

    def __init__(self) -> None:
        self.points: dict[str, list[tuple[float, float, float]]] = {g: [] for g in bk.GOODS}

    def add(self, good: str, x: float, y: float, size: float) -> None:
        self.points[good].append((x, y, size))

    def traces(self, fig: Sketch, legend: bool) -> None:
        for good in bk.GOODS:
            pts = self.points[good]
            if not pts and not legend:
                continue
            letter = GOOD_LETTERS[bk.GOODS.index(good)]
            fig.add_trace(
                go.Scatter(
                    x=[p[0] for p in pts],
                    y=[p[1] for p in pts],
                    mode="markers+text",
                    text=[letter] * len(pts),
                    textfont={
                        "size": [max(8, int(p[2] * 0.55)) for p in pts] or 10,
                        "color": palette.BLACK,
                    },
                    marker={
                        "size": [p[2] for p in pts],
                        "color": palette.GOODS[good],
                        "line": {"color": palette.BLACK, "width": 1},
                    },
                    name=f"{letter} {_NAMES[good]}",
                    hoverinfo="skip",
                    showlegend=legend,
                )
            )


def _draw_card(
    fig: Sketch,
    goods: _Goods,
    c: bk.Card | None,
    x: float,
    y: float,
    w: float,
    h: float,
    dot: float,
    detail: bool = True,
    edge: str = "#555555",
    edge_width: float = 1.2,
    reserve: float = 0.0,
) -> None:
    """One card with its lower-left corner at (x, y): its baskets as lettered circles
    (``reserve``: the fraction of the height kept free at the bottom, for a badge)."""
    if c is None:
        rounded_rect(fig, x, y, x + w, y + h, "#F4F4F4", "#BBBBBB", 1, dash="dot")
        return
    fill = _CHILLI_FILL if c.is_chilli else _INITIAL_FILL if c.kind == "initial" else _BOAT_FILL
    rounded_rect(fig, x, y, x + w, y + h, fill, edge, edge_width)
    n = len(c.goods)
    tagged = c.kind != "boat"  # a corner tag: the chilli type or the initial set
    if w > h:  # a wide mini card: the baskets side by side, right of the corner tag
        step = min(w / (n + 0.5), dot / 40)
        mid = x + w / 2 + (max(0.0, min(0.14, w / 2 - 0.03 - n * step / 2)) if tagged else 0)
        for i, good in enumerate(c.goods):
            goods.add(good, mid + (i - (n - 1) / 2) * step, y + h * 0.42, dot)
    else:
        top = y + h * (0.6 if detail and tagged else 0.7 if tagged else 0.78)
        bottom = y + h * (reserve + (0.16 if n > 2 else 0.2))
        for i, good in enumerate(c.goods):
            gy = (top + bottom) / 2 if n == 1 else top - i * (top - bottom) / (n - 1)
            goods.add(good, x + w / 2, gy, dot)
    small = max(8, int(dot * 0.5))
    if c.is_chilli:
        label(
            fig,
            x + 0.05,
            y + h - 0.04,
            f"C{c.chilli_type}",
            size=small + 1,
            color=palette.OKABE_ITO["vermillion"],
            anchor="left",
            valign="top",
            bold=True,
        )
        if detail:
            ind = "".join(GOOD_LETTERS[bk.GOODS.index(g)] for g in c.indicated)
            label(
                fig, x + w - 0.05, y + h - 0.04, f"→{ind}", size=small, anchor="right", valign="top"
            )
    elif c.kind == "initial":
        label(
            fig,
            x + 0.05,
            y + h - 0.04,
            f"set {c.initial_set}" if detail else str(c.initial_set),
            size=small,
            color="#2E6B2E",
            anchor="left",
            valign="top",
        )


def market_cards(state_or_market: Any, seat: int | None = None) -> tuple[bk.Card | None, ...]:
    """The 9 cells of a market: from a State (``seat``, default the player to move) or from 9
    cells / 3 rows of Card or None (or card specs such as ``"C3:FB/B"``)."""
    if isinstance(state_or_market, bk.State):
        s = state_or_market
        p = s.to_move if seat is None else seat
        if p not in range(s.num_players):
            raise InvalidStateError(f"seat must be 0..{s.num_players - 1}, not {seat!r}")
        return s.market_cards(p)
    m = state_or_market
    if not isinstance(m, Sequence) or isinstance(m, str):
        raise InvalidStateError(f"a market is 9 cells or 3 rows of 3, not {m!r}")
    if len(m) == 3 and all(isinstance(r, (list, tuple)) for r in m):
        m = [c for r in m for c in r]
    if len(m) != 9:
        raise InvalidStateError(f"a market has 9 cells (or 3 rows of 3), not {len(m)}")
    cells: list[bk.Card | None] = []
    for i, c in enumerate(m):
        if isinstance(c, str):
            c = bk.parse_card_spec(c, i)
        if c is not None and not isinstance(c, bk.Card):
            raise InvalidStateError(f"a market cell holds a Card, a card spec or None, not {c!r}")
        cells.append(c)
    return tuple(cells)


def _outline(
    cells: set[int], inset: float, x0: float, y0: float, cw: float, ch: float, gap: float
) -> tuple[list[float | None], list[float | None]]:
    """The boundary of a union of market cells (0-8), drawn ``inset`` inside it."""
    xs: list[float | None] = []
    ys: list[float | None] = []

    def box(cell: int) -> tuple[float, float, float, float]:
        r, c = divmod(cell, 3)
        left = x0 + c * (cw + gap) - gap / 2
        top = y0 - r * (ch + gap) + gap / 2
        return left, top - ch - gap, left + cw + gap, top

    def has(r: int, c: int) -> bool:
        return 0 <= r < 3 and 0 <= c < 3 and r * 3 + c in cells

    d = inset
    for cell in sorted(cells):
        r, c = divmod(cell, 3)
        left, bottom, right, top = box(cell)
        # each side: (is boundary, fixed coordinate, start/end along, perpendicular neighbours)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if has(r + dr, c + dc):
                continue
            if dr:  # a horizontal side (top when dr = -1, bottom when dr = 1)
                yy = top - d if dr < 0 else bottom + d
                ends = []
                for pc, edge_x in ((-1, left), (1, right)):
                    if not has(r, c + pc):
                        ends.append(edge_x - pc * d)
                    elif has(r + dr, c + pc):
                        ends.append(edge_x + pc * d)
                    else:
                        ends.append(edge_x)
                xs += [ends[0], ends[1], None]
                ys += [yy, yy, None]
            else:  # a vertical side (left when dc = -1, right when dc = 1)
                xx = left + d if dc < 0 else right - d
                ends = []
                for pr, edge_y in ((-1, top), (1, bottom)):
                    if not has(r + pr, c):
                        ends.append(edge_y + pr * d)
                    elif has(r + pr, c + dc):
                        ends.append(edge_y - pr * d)
                    else:
                        ends.append(edge_y)
                xs += [xx, xx, None]
                ys += [ends[0], ends[1], None]
    return xs, ys


def market(
    state_or_market: Any,
    objective: str | None = None,
    seat: int | None = None,
    show_score: bool = True,
    changed_from: Any = None,
    hand: bool = False,
) -> go.Figure:
    """A market with each chilli card's neighbourhood outlined and its points annotated.

    Give a State (``seat`` defaults to the player to move, its pontoon good to the objective)
    or 9 cells / 3 rows of cards; ``objective`` is a good (``"blue_peas"``) or None.
    ``show_score=False`` draws the numbered neighbourhood outlines without any points or total
    (for exercises where students count the score themselves). ``changed_from``: the same
    market earlier (a State or 9 cells); the cells whose card changed glow yellow, tagged "new".
    ``hand=True`` (from a State) also draws the seat's hand, the cards it may still lay.
    """
    show_score = checked_bool(show_score, "show_score", InvalidStateError)
    cells = market_cards(state_or_market, seat)
    changed = _changed_cells(cells, state_or_market, changed_from, seat)
    clamp = False
    who = ""
    if isinstance(state_or_market, bk.State):
        s = state_or_market
        p = s.to_move if seat is None else seat
        if objective is None:
            objective = s.objective(p)
        clamp = s.options.clamp_type1
        who = f"player {p}'s "
    if objective is not None and objective not in bk.GOODS:
        raise InvalidStateError(f"unknown objective good {objective!r}; goods are {bk.GOODS}")
    score = bk.score_market(cells, objective, clamp)
    total = f" · <b>{score.total} points</b>" if show_score else " · what does it score?"
    if hand and not show_score:
        total = " · and the cards in hand"
    fig = canvas(f"<b>Bangkok</b> · {who}market{total}", 600)
    goods = _Goods()
    cw, ch, gap = MARKET_CARD
    x0, y0 = MARKET_ORIGIN
    chilli_cells = {chilli.cell - 1 for chilli in score.chillies}
    hover_x: list[float] = []
    hover_y: list[float] = []
    hover_t: list[str] = []
    for i, c in enumerate(cells):
        r, col = divmod(i, 3)
        x = x0 + col * (cw + gap)
        y = y0 - r * (ch + gap) - ch
        if i in changed:
            _halo(fig, x, y, cw, ch)
        _draw_card(fig, goods, c, x, y, cw, ch, 27, reserve=0.2 if i in chilli_cells else 0.0)
        if i in changed:
            _tag(fig, x + cw / 2, y - 0.02, "new")
        label(
            fig,
            x + cw - 0.08,
            y + 0.1,
            str(i + 1),
            size=10,
            color="#777777",
            anchor="right",
            valign="bottom",
        )
        hover_x.append(x + cw / 2)
        hover_y.append(y + ch / 2)
        hover_t.append(f"cell {i + 1}: " + (c.spec if c is not None else "empty"))
    lines = []
    for k, chilli in enumerate(score.chillies):
        colour, dash = palette.OUTLINES[k % len(palette.OUTLINES)]
        counted = {cell - 1 for cell in chilli.counted}
        # each outline runs in the gap between the cards, at its own distance from them
        ox, oy = _outline(counted, 0.04 + 0.08 * (k % 3), x0, y0, cw, ch, gap)
        fig.add_trace(
            go.Scatter(
                x=ox,
                y=oy,
                mode="lines",
                line={"color": colour, "width": 3.5, "dash": dash},
                name=f"chilli {k + 1}",
                hoverinfo="skip",
                showlegend=False,
            )
        )
        r, col = divmod(chilli.cell - 1, 3)
        # the badge sits inside its chilli card, on the strip kept free below the baskets
        bx = x0 + col * (cw + gap) + cw * 0.5
        by = y0 - r * (ch + gap) - ch + 0.22
        badge = f"{k + 1}: {chilli.points:+d}" if show_score else f"{k + 1}"
        fig.add_annotation(
            x=bx,
            y=by,
            text=f"<b>{badge}</b>",
            showarrow=False,
            font={"size": 14, "color": "#FFFFFF"},
            bgcolor=colour,
            bordercolor=palette.BLACK,
            borderwidth=1,
            borderpad=2,
            yanchor="middle",
        )
        seen = ", ".join(f"{_NAMES[g]} {n}" for g, n in chilli.counts)
        tail = f": {seen} → <b>{chilli.points}</b>" if show_score else ": its neighbourhood"
        lines.append(
            f"<span style='color:{colour}'><b>{k + 1}</b></span> type {chilli.card.chilli_type}"
            f" in cell {chilli.cell}{tail}"
        )
        hover_t[chilli.cell - 1] += f"<br>{CHILLI_TYPES[chilli.card.chilli_type]}"
    # the score panel (only the rules to apply when the score is hidden)
    px = x0 + 3 * (cw + gap) + 0.2
    obj = _NAMES[objective] if objective else "hidden"
    if show_score:
        title = "<b>How it scores</b>"
        rows = [
            f"objective ({obj}): {score.objective_points} basket(s)"
            f" → <b>{score.objective_points}</b>"
        ]
        rows += lines or ["no chilli card yet"]
        rows.append(f"complete market: <b>{score.complete_bonus}</b>")
        rows.append(f"<b>total: {score.total}</b>")
    else:
        title = "<b>Count the score</b>"
        rows = [f"objective: {obj}, 1 per basket"]
        rows += lines or ["no chilli card yet"]
        rows.append(f"complete market (9 cards): {COMPLETE_BONUS}")
    label(fig, px, 6.9, title, size=15, anchor="left", valign="top")
    for i, text in enumerate(rows):
        label(fig, px, 6.2 - i * 0.55, text, size=13, anchor="left")
    key = []
    if score.chillies:
        key += [f"type {t}: {v}" for t, v in CHILLI_TYPES.items()]
        key += ["outline n: the cells chilli card n counts", *_KEY[:2]]
    if any(c is not None and c.kind == "initial" for c in cells):
        key.append(_KEY[2])
    if changed:
        key.append(f"<span style='color:{_CHANGED_TEXT}'><b>yellow, new</b></span>: changed")
    label(
        fig,
        px,
        6.2 - len(rows) * 0.55 - 0.2,
        "<br>".join(key),
        size=11,
        anchor="left",
        valign="top",
        color="#444444",
    )
    bottom = -0.35
    if hand and isinstance(state_or_market, bk.State):
        held = state_or_market.hands[state_or_market.to_move if seat is None else seat]
        label(fig, x0, -0.45, f"<b>in hand</b> ({len(held)})", 13, anchor="left", valign="top")
        for j, cid in enumerate(held):
            x = x0 + 1.6 + j * 1.45
            _draw_card(fig, goods, state_or_market.deck.cards[cid], x, -2.15, 1.2, 1.6, 22)
        bottom = -2.3
        fig.update_layout(height=760)
    goods.traces(fig, legend=False)
    fig.add_trace(hover_trace(hover_x, hover_y, hover_t, 60))
    fig.update_xaxes(range=[0, 14.2])
    fig.update_yaxes(range=[bottom, 7.3])
    return fig.figure()


def card(c: bk.Card | str) -> go.Figure:
    """One card: its baskets, and for a chilli card its type and indicated goods."""
    if isinstance(c, str):
        c = bk.parse_card_spec(c)
    if not isinstance(c, bk.Card):
        raise InvalidStateError(f"viz.bangkok.card draws a Card or a card spec, not {c!r}")
    fig = canvas(f"<b>{c.spec}</b> · {c.kind} card", 300, 260)
    fig.update_layout(margin={"l": 10, "r": 10, "t": 44, "b": 10})
    goods = _Goods()
    _draw_card(fig, goods, c, 0.3, 0.3, 1.6, 2.1, 30)
    if c.is_chilli:
        label(fig, 1.1, 0.1, CHILLI_TYPES[c.chilli_type], size=10, valign="top")
    goods.traces(fig, legend=False)
    fig.update_xaxes(range=[0, 2.2])
    fig.update_yaxes(range=[-0.4, 2.6])
    return fig.figure()


def figure(state: bk.State, changed_from: bk.State | None = None) -> go.Figure:
    """The whole table: the port with its edge slots, the piles, each hand and each market.

    ``changed_from``: an earlier State; the port cells, hand cards and market cells that
    changed since then glow yellow (see :class:`Changes`).
    """
    if not isinstance(state, bk.State):
        raise InvalidStateError(f"viz.bangkok.figure draws a Bangkok State, not {state!r}")
    changes = Changes(changed_from, state)
    cards = state.deck.cards
    n = state.num_players
    top = 8.3
    row_h = min(2.75, top / n)
    who = "game over" if state.is_over() else f"player {state.to_move} to {state.phase}"
    scores = state.scores()
    pts = " · ".join(f"P{p} {s} pts" for p, s in enumerate(scores))
    fig = canvas(f"<b>Bangkok</b> · turn {state.turn + 1} · {who}<br><sup>{pts}</sup>", 600)
    goods = _Goods()
    cw, ch, gx, gy = 1.0, 1.25, 0.18, 0.2
    width, height = 3 * cw + 2 * gx, 3 * ch + 2 * gy
    px0 = 1.75
    py0 = top - 1.85
    if n > 1:  # in solo the piles stand where this title would
        label(fig, px0 + width / 2, top - 0.1, "<b>the port</b>", size=14, valign="top")
        label(
            fig,
            px0 + width / 2,
            top - 0.55,
            "cells 1-9 as in take:1+3",
            size=10,
            color="#555555",
            valign="top",
        )
    hover_x: list[float] = []
    hover_y: list[float] = []
    hover_t: list[str] = []
    # port cells 1-9 in reading order, the numbers of the notation (take:1+3, renew:row2)
    for i, cid in enumerate(state.port):
        r, c = divmod(i, 3)
        x = px0 + c * (cw + gx)
        y = py0 - r * (ch + gy) - ch
        if i in changes.port:
            _halo(fig, x, y, cw, ch)
        _draw_card(fig, goods, cards[cid] if cid >= 0 else None, x, y, cw, ch, 19)
        label(
            fig,
            x + cw - 0.06,
            y + 0.05,
            str(i + 1),
            size=10,
            color="#555555",
            anchor="right",
            valign="bottom",
        )
        hover_x.append(x + cw / 2)
        hover_y.append(y + ch / 2)
        what = f"card #{cid} {cards[cid].spec}" if cid >= 0 else "empty"
        hover_t.append(f"port cell {i + 1} (take:{i + 1}): {what}")
    # slot names around the port; the placed card sits by its slot
    for k in range(3):
        yk = py0 - k * (ch + gy) - ch / 2
        xk = px0 + k * (cw + gx) + cw / 2
        label(fig, px0 - 0.25, yk, f"L{k + 1}", size=10, color="#666666")
        label(fig, px0 + width + 0.25, yk, f"R{k + 1}", size=10, color="#666666")
        label(fig, xk, py0 + 0.15, f"T{k + 1}", size=10, color="#666666")
        label(fig, xk, py0 - height - 0.15, f"B{k + 1}", size=10, color="#666666")

    def slot_box(slot: str) -> tuple[float, float]:
        """The lower-left corner of a card-sized box beside the port at ``slot``."""
        side, k = slot[0], int(slot[1]) - 1
        if side in "LR":
            return (px0 - cw - 0.5 if side == "L" else px0 + width + 0.5), py0 - k * (ch + gy) - ch
        return px0 + k * (cw + gx), (py0 + 0.35 if side == "T" else py0 - height - 0.35 - ch)

    if state.placed >= 0 and state.slot:
        side = state.slot[0]
        x, y = slot_box(state.slot)
        _draw_card(
            fig,
            goods,
            cards[state.placed],
            x,
            y,
            cw,
            ch,
            19,
            edge=palette.HIGHLIGHT,
            edge_width=3.5,
        )
        label(
            fig,
            x + cw / 2,
            y + (ch + 0.12 if side == "B" else -0.12),
            "placed",
            size=10,
            color=palette.HIGHLIGHT,
            bold=True,
        )
    # the piles: bottom left, or in solo over columns 1 and 3 (BK-SOLO-1)
    piles = (
        ("boat pile", state.boat_pile, "#D9D2C3"),
        ("chilli pile", state.chilli_pile, "#F2B8A0"),
    )
    for j, (name, pile, fill) in enumerate(piles):
        if n == 1:
            x, y = slot_box(bk.SOLO_PILE_SLOTS[j])
            x, y, w, h = x - 0.1, y, cw + 0.2, ch
        else:
            x, y, w, h = 0.05, 1.15 - j * 0.95, 1.4, 0.8
        rounded_rect(fig, x, y, x + w, y + h, fill, "#555555", 1.2)
        label(fig, x + w / 2, y + h / 2, f"{name}<br><b>{len(pile)}</b>", size=11)
    if n == 1 and not state.is_over():  # the turn token on its track space (BK-SOLO-1, -3)
        x, y = slot_box(bk.SOLO_TRACK[min(state.turn, len(bk.SOLO_TRACK) - 1)])
        fig.add_shape(
            type="circle",
            x0=x + cw / 2 - 0.32,
            x1=x + cw / 2 + 0.32,
            y0=y + ch / 2 - 0.32,
            y1=y + ch / 2 + 0.32,
            fillcolor=palette.HIGHLIGHT,
            line={"color": palette.BLACK, "width": 1.2},
        )
        label(fig, x + cw / 2, y + ch / 2, f"turn<br>{state.turn + 1}", size=10, color="#FFFFFF")
    # players: objective, hand and market
    hx0 = 7.3
    for p in range(n):
        y = top - p * row_h
        player_band(fig, p, hx0 - 0.2, 18.4, y - row_h + 0.12, y, hx0 - 0.05)
        plays = " ◀ plays" if not state.is_over() and state.to_move == p else ""
        label(fig, hx0, y - 0.3, f"Player {p}{plays}", size=14, anchor="left", bold=True)
        obj = state.objective(p)
        label(fig, hx0, y - 0.75, "objective:", size=11, anchor="left", color="#333333")
        label(fig, hx0, y - 1.1, f"<b>{_NAMES[obj] if obj else 'hidden'}</b>", 12, anchor="left")
        label(fig, hx0, y - 1.55, f"score: {scores[p]}", size=12, anchor="left")
        hand = state.hands[p]
        hand_x = hx0 + 2.9  # right of "Player 0 ◀ plays"
        label(fig, hand_x, y - 0.25, f"hand ({len(hand)})", size=11, anchor="left", color="#333333")
        for i, cid in enumerate(hand[:6]):
            if cid in changes.hands[p]:
                _halo(fig, hand_x + i * 0.72, y - 1.75, 0.64, 1.3)
            _draw_card(
                fig, goods, cards[cid], hand_x + i * 0.72, y - 1.75, 0.64, 1.3, 14, detail=False
            )
        if len(hand) > 6:
            label(fig, hand_x + 6 * 0.72, y - 1.1, f"+{len(hand) - 6}", size=12, anchor="left")
        label(
            fig,
            14.95,
            y - 0.25,
            f"market · {scores[p]} pts",
            size=11,
            anchor="left",
            color="#333333",
        )
        cell_h = min(0.58, (row_h - 0.75) / 3 - 0.04)
        for i, cid in enumerate(state.markets[p]):
            r, c = divmod(i, 3)
            if i in changes.markets[p]:
                _halo(fig, 14.95 + c * 1.15, y - 0.45 - (r + 1) * (cell_h + 0.04), 1.1, cell_h)
            _draw_card(
                fig,
                goods,
                cards[cid] if cid >= 0 else None,
                14.95 + c * 1.15,
                y - 0.45 - (r + 1) * (cell_h + 0.04),
                1.1,
                cell_h,
                11,
                detail=False,
            )
    if changes:
        label(fig, 7.3, 0.3, "yellow: changed since the picture before", 11, "#444444", "left")
    goods.traces(fig, legend=True)
    fig.add_trace(hover_trace(hover_x, hover_y, hover_t, 40))
    fig.update_layout(
        height=int((top + 0.3) * 48) + 64 + 40,
        showlegend=True,
        legend={
            "orientation": "h",
            "x": 0,
            "y": -0.01,
            "yanchor": "top",
            "itemclick": False,
            "itemdoubleclick": False,
        },
        margin={"l": 10, "r": 10, "t": 64, "b": 36},
    )
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[0.0, top + 0.2])
    return fig.figure()


def _halo(fig: Sketch, x: float, y: float, w: float, h: float) -> None:
    """A yellow glow behind a card whose place changed (drawn before the card)."""
    rounded_rect(
        fig, x - 0.1, y - 0.1, x + w + 0.1, y + h + 0.1, _CHANGED, palette.darker(_CHANGED), 1.5
    )


def _tag(fig: Sketch, x: float, y: float, text: str, size: int = 11) -> None:
    """A small yellow tag (``new``, ``slid`` ...) hanging from (x, y)."""
    fig.add_annotation(
        x=x,
        y=y,
        text=f"<b>{text}</b>",
        showarrow=False,
        font={"size": size, "color": palette.BLACK},
        bgcolor=_CHANGED,
        bordercolor=palette.darker(_CHANGED),
        borderwidth=1,
        borderpad=1,
        yanchor="top",
    )


def _identity(c: bk.Card | None, exact: bool) -> Any:
    """What makes two market cells hold the same card: the card id in a game, else its spec."""
    if c is None:
        return None
    return (c.id, c.spec) if exact else c.spec


def _changed_cells(
    cells: Sequence[bk.Card | None], now: Any, before: Any, seat: int | None
) -> set[int]:
    """The market cells (0-8) whose card differs from ``before`` (None: no comparison)."""
    if before is None:
        return set()
    if isinstance(before, bk.State) and isinstance(now, bk.State) and seat is None:
        seat = now.to_move if before.to_move != now.to_move else None
        seat = before.to_move if seat is not None else None
    old = market_cards(before, seat)
    exact = isinstance(before, bk.State) and isinstance(now, bk.State)
    return {i for i in range(9) if _identity(cells[i], exact) != _identity(old[i], exact)}


class Changes:
    """What changed on the table between two States, from their card ids (engine facts)."""

    def __init__(self, before: bk.State | None, after: bk.State) -> None:
        """Compare ``after`` with ``before`` (None: nothing changed)."""
        n = after.num_players
        self.port: dict[int, str] = {}
        """Port cell (0-8) -> "placed", "slid" or "refill" (a card arrived there)."""
        self.emptied: set[int] = set()
        """Port cells (0-8) that held a card and are empty now."""
        self.hands: list[dict[int, str]] = [{} for _ in range(n)]
        """Per seat: card id gained -> where it came from ("cell 3", "pile")."""
        self.markets: list[set[int]] = [set() for _ in range(n)]
        """Per seat: market cells (0-8) with a new card."""
        self.placed = False
        """True when a card now waits beside the port that did not before."""
        self.piles = (0, 0)
        """Cards drawn from (boat pile, chilli pile): how much smaller each pile is."""
        if before is None:
            return
        if not isinstance(before, bk.State) or before.num_players != n:
            raise InvalidStateError("changed_from must be a Bangkok State of the same game")
        where = {cid: i for i, cid in enumerate(before.port) if cid >= 0}
        for i, cid in enumerate(after.port):
            if cid == before.port[i]:
                continue
            if cid < 0:
                self.emptied.add(i)
            elif cid == before.placed:
                self.port[i] = "placed"
            else:
                self.port[i] = "slid" if cid in where else "refill"
        for p in range(n):
            for cid in set(after.hands[p]) - set(before.hands[p]):
                self.hands[p][cid] = f"cell {where[cid] + 1}" if cid in where else "new"
            for i in range(9):
                if after.markets[p][i] != before.markets[p][i]:
                    self.markets[p].add(i)
        self.placed = after.placed >= 0 and after.placed != before.placed
        self.piles = (
            len(before.boat_pile) - len(after.boat_pile),
            len(before.chilli_pile) - len(after.chilli_pile),
        )

    def __bool__(self) -> bool:
        """True when anything changed."""
        return bool(
            self.port
            or self.emptied
            or any(self.hands)
            or any(self.markets)
            or self.placed
            or any(self.piles)
        )


_PORT_TAGS = {
    "placed": "your card",
    "slid": "slid",
    "refill": "from pile",
}


def port(
    state: bk.State, changed_from: bk.State | None = None, seat: int | None = None
) -> go.Figure:
    """The port drawn large with its 12 edge slots, the card placed beside it, the piles and the
    hand of ``seat`` (default the player to move).

    ``changed_from``: an earlier State; what changed glows yellow with a tag: a port card that
    "slid" along its line, the placed card now in the port ("your card"), a card "from pile",
    and in the hand each card gained (tagged with the port cell it came from).
    """
    if not isinstance(state, bk.State):
        raise InvalidStateError(f"viz.bangkok.port draws a Bangkok State, not {state!r}")
    changes = Changes(changed_from, state)
    player = state.to_move if seat is None else seat
    if player not in range(state.num_players):
        raise InvalidStateError(f"seat must be 0..{state.num_players - 1}, not {seat!r}")
    cards = state.deck.cards
    who = "game over" if state.is_over() else f"player {state.to_move} to {state.phase}"
    fig = canvas(f"<b>Bangkok</b> · the port · {who}", 700)
    goods = _Goods()
    cw, ch, gap, vgap = 1.25, 1.55, 0.22, 0.42
    px0, top = 2.45, 7.45
    width, height = 3 * cw + 2 * gap, 3 * ch + 2 * vgap
    hover_x: list[float] = []
    hover_y: list[float] = []
    hover_t: list[str] = []
    for i, cid in enumerate(state.port):
        r, c = divmod(i, 3)
        x, y = px0 + c * (cw + gap), top - r * (ch + vgap) - ch
        if i in changes.port:
            _halo(fig, x, y, cw, ch)
        _draw_card(fig, goods, cards[cid] if cid >= 0 else None, x, y, cw, ch, 24)
        if i in changes.port:
            _tag(fig, x + cw / 2, y - 0.1, _PORT_TAGS[changes.port[i]], 10)
        if i in changes.emptied:
            label(fig, x + cw / 2, y + ch / 2, "taken", size=11, color="#777777")
        label(fig, x + cw - 0.06, y + 0.05, str(i + 1), 11, "#555555", "right", "bottom")
        hover_x.append(x + cw / 2)
        hover_y.append(y + ch / 2)
        hover_t.append(f"port cell {i + 1}: " + (cards[cid].spec if cid >= 0 else "empty"))
    for k in range(3):
        yk = top - k * (ch + vgap) - ch / 2
        xk = px0 + k * (cw + gap) + cw / 2
        label(fig, px0 - 0.2, yk, f"L{k + 1}", 11, "#666666", "right")
        label(fig, px0 + width + 0.2, yk, f"R{k + 1}", 11, "#666666", "left")
        label(fig, xk, top + 0.12, f"T{k + 1}", 11, "#666666", valign="bottom")
        label(fig, xk, top - height - 0.12, f"B{k + 1}", 11, "#666666", valign="top")
    if state.placed >= 0 and state.slot:
        side, k = state.slot[0], int(state.slot[1]) - 1
        if side in "LR":
            x = px0 - cw - 0.65 if side == "L" else px0 + width + 0.65
            y = top - k * (ch + vgap) - ch
        else:  # above or below its column, past the slot name
            x = px0 + k * (cw + gap)
            y = top + 0.5 if side == "T" else top - height - 0.5 - ch
        if changes.placed:
            _halo(fig, x, y, cw, ch)
        _draw_card(
            fig,
            goods,
            cards[state.placed],
            x,
            y,
            cw,
            ch,
            24,
            edge=palette.HIGHLIGHT,
            edge_width=3.5,
        )
        if side == "T":  # the word above the card, clear of the slot names
            label(
                fig, x + cw / 2, y + ch + 0.12, "placed", 11, palette.HIGHLIGHT, "center", "bottom"
            )
        else:
            label(fig, x + cw / 2, y - 0.12, "placed", 11, palette.HIGHLIGHT, "center", "top")
    # the hand of the seat shown, in rows of three
    hx = 9.4
    label(
        fig,
        hx,
        top + 0.2,
        f"<b>player {player}'s hand</b> ({len(state.hands[player])})",
        13,
        anchor="left",
        valign="bottom",
    )
    hw, hh = 1.05, 1.35
    for j, cid in enumerate(state.hands[player]):
        r, c = divmod(j, 3)
        x, y = hx + c * (hw + 0.3), top - 0.1 - r * (hh + 0.45) - hh
        gained = changes.hands[player].get(cid)
        if gained:
            _halo(fig, x, y, hw, hh)
        _draw_card(fig, goods, cards[cid], x, y, hw, hh, 21)
        if gained:
            _tag(fig, x + hw / 2, y - 0.06, f"from {gained}" if gained != "new" else "new", 10)
    # the piles, with how many cards each gave
    for j, (name, pile) in enumerate(
        (("boat pile", state.boat_pile), ("chilli pile", state.chilli_pile))
    ):
        x, y = hx + j * 2.1, 0.35
        fill = "#D9D2C3" if j == 0 else "#F2B8A0"
        rounded_rect(fig, x, y, x + 1.8, y + 0.9, fill, "#555555", 1.2)
        drawn = changes.piles[j]
        note = f" (−{drawn})" if drawn > 0 else f" (+{-drawn})" if drawn < 0 else ""
        label(fig, x + 0.9, y + 0.45, f"{name}<br><b>{len(pile)}</b>{note}", 11)
    key = ["cells 1-9 in reading order; L, R, T, B: the slots beside each row and column", *_KEY]
    if changes:
        key.append(
            "yellow: changed since the picture before (slid: moved along its line;"
            " your card: the placed card, now in the port; from pile: a refill)"
        )
    below = state.placed >= 0 and (state.slot or "").startswith("B")
    above = state.placed >= 0 and (state.slot or "").startswith("T")
    key_y = -0.55 if below else -0.05  # under a card waiting below the port
    label(fig, 0.1, key_y, "<br>".join(key), 10, "#444444", "left", "top")
    goods.traces(fig, legend=True)
    fig.add_trace(hover_trace(hover_x, hover_y, hover_t, 50))
    fig.update_layout(
        showlegend=True,
        legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom", "itemclick": False},
        margin={"l": 10, "r": 10, "t": 80, "b": 10},
    )
    fig.update_xaxes(range=[0, 14.0])
    fig.update_yaxes(range=[key_y - 1.55, 10.0 if above else 8.4], scaleanchor="x", scaleratio=1)
    if above or below:
        fig.update_layout(height=750)
    return fig.figure()


def card_row(
    cards: Sequence[bk.Card | str | None],
    captions: Sequence[str] = (),
    title: str = "",
    highlight: Sequence[int] = (),
) -> go.Figure:
    """Cards side by side, drawn large (a hand, a line of the port, one card of each type):
    Cards or card specs, None for an empty place; a caption under each; the places in
    ``highlight`` (0-based) glow yellow, as what changed does in the other pictures."""
    drawn = [bk.parse_card_spec(c) if isinstance(c, str) else c for c in cards]
    if not drawn or any(c is not None and not isinstance(c, bk.Card) for c in drawn):
        raise InvalidStateError("card_row draws a list of Cards, card specs or None")
    if captions and len(captions) != len(drawn):
        raise InvalidStateError(f"card_row: {len(captions)} captions for {len(drawn)} cards")
    n = len(drawn)
    cw, ch, gap = 1.3, 1.65, 0.45
    lines = max((c.count("<br>") + 1 for c in captions), default=0)
    height = 110 + int(ch * 62) + lines * 17
    fig = canvas(
        title or "<b>Bangkok</b> · cards", height, max(300, min(820, int(n * (cw + gap) * 62) + 40))
    )
    goods = _Goods()
    for i, c in enumerate(drawn):
        x = 0.3 + i * (cw + gap)
        if i in highlight:
            _halo(fig, x, 0, cw, ch)
        _draw_card(fig, goods, c, x, 0, cw, ch, 25)
        if captions:
            label(fig, x + cw / 2, -0.15, captions[i], 12, anchor="center", valign="top")
    marks = {"chilli" if c.is_chilli else c.kind for c in drawn if c is not None}
    key = [
        k for k, mark in zip(_KEY, ("chilli", "chilli", "initial"), strict=True) if mark in marks
    ]
    if key:
        label(fig, 0.3, -0.3 - lines * 0.3, " · ".join(key), 10, "#444444", "left", "top")
    goods.traces(fig, legend=False)
    fig.update_layout(margin={"l": 10, "r": 10, "t": 50, "b": 10})
    fig.update_xaxes(range=[0, 0.6 + n * (cw + gap) - gap])
    fig.update_yaxes(range=[-0.55 - lines * 0.3 - (0.3 if key else 0), ch + 0.25])
    return fig.figure()


def _box(fig: Sketch, x0: float, y0: float, x1: float, y1: float, title: str) -> None:
    """A titled panel of the player aid."""
    rounded_rect(fig, x0, y0, x1, y1, "#FAFAF7", "#888888", 1.2, radius=0.2)
    label(fig, x0 + 0.25, y1 - 0.2, f"<b>{title}</b>", 16, anchor="left", valign="top")


def _mini_grid(
    fig: Sketch, x: float, y: float, size: float, shaded: set[int], marks: dict[int, str]
) -> None:
    """A small 3x3 market (cells 0-8) with ``shaded`` cells filled and a text in ``marks``."""
    for i in range(9):
        r, c = divmod(i, 3)
        cx, cy = x + c * size, y - (r + 1) * size
        fill = "#F2B8A0" if i in shaded else "#FFFFFF"
        rect(fig, cx, cy, cx + size * 0.92, cy + size * 0.92, fill, "#777777", 1, layer="below")
        if i in marks:
            label(fig, cx + size * 0.46, cy + size * 0.46, marks[i], 11, bold=True)


_AID_TYPES = {
    1: "5 points minus 1<br>per basket<br>of its good",
    2: "1 point<br>per basket<br>of its good",
    3: "2 points per pair:<br>a basket of each<br>of its 2 goods",
    4: "2 points for each<br>of its 2 goods seen<br>exactly once",
}
"""The chilli types in the player aid's short lines (the rules BK-SCORE-3 to BK-SCORE-6)."""


def player_aid() -> go.Figure:
    """One printable page: the goal, a turn, the port, the market, the chilli cards and how each
    type scores its neighbourhood, and the end of the game (drawn from the engine's deck,
    neighbourhoods and scoring formula)."""
    fig = canvas("<b>Bangkok</b> · player aid", 1060, WIDTH)
    goods = _Goods()
    # the goal
    _box(fig, 0.2, 17.3, 15.8, 19.9, "The goal")
    goal = [
        "Build your own <b>market</b>: a square of 3 x 3 cards, filled by trading at the port.",
        "At the end you score <b>1 point per basket of your secret good</b> (on your pontoon),"
        " <b>each chilli card</b> over its neighbours,",
        f"and <b>{COMPLETE_BONUS} points</b> for a full market. Highest total wins"
        " (a tie goes to more secret-good points).",
    ]
    for i, text in enumerate(goal):
        label(fig, 0.5, 19.05 - i * 0.5, text, 13, anchor="left")
    label(fig, 0.5, 17.6, "The four goods, one circle per basket:", 12, anchor="left")
    for j, good in enumerate(bk.GOODS):
        goods.add(good, 5.3 + j * 2.6, 17.6, 20)
        label(fig, 5.6 + j * 2.6, 17.6, _NAMES[good], 12, anchor="left")
    # a turn, with a small port and the slots
    _box(fig, 0.2, 11.7, 15.8, 17.0, "Your turn")
    steps = [
        "<b>1. Place</b> a hand card beside a row or column of the port (a slot L, R, T or B);",
        "    it must share a good with a card of that line.",
        "<b>2. Take</b> one card of that line per basket of your card, each showing that"
        " basket's good:",
        "    as many as you can (never refuse a card).",
        "<b>3. Slide</b>: the line moves away from your card, which stays in the port;",
        "    refill the gaps (chilli pile while the port has 0 or 1 chilli card, else boat pile).",
        "<b>4. Lay</b> cards in your market until your hand is back to 3 cards.",
        "<b>Or instead</b>: renew one row or column with new cards from the piles.",
    ]
    for i, text in enumerate(steps):
        label(fig, 0.5, 16.25 - i * 0.55, text, 12, anchor="left")
    size, px, py = 0.62, 12.4, 15.9
    for i in range(9):
        r, c = divmod(i, 3)
        x, y = px + c * size, py - (r + 1) * size
        rect(fig, x, y, x + size * 0.9, y + size * 0.9, "#FFFDF4", "#777777", 1, layer="below")
    for k in range(3):
        label(fig, px - 0.3, py - (k + 0.55) * size, f"L{k + 1}", 10, "#555555")
        label(fig, px + 3 * size + 0.25, py - (k + 0.55) * size, f"R{k + 1}", 10, "#555555")
        label(fig, px + (k + 0.45) * size, py + 0.2, f"T{k + 1}", 10, "#555555")
        label(fig, px + (k + 0.45) * size, py - 3 * size - 0.25, f"B{k + 1}", 10, "#555555")
    label(fig, px + 1.4 * size, py - 3 * size - 0.75, "the port and its 12 slots", 11)
    # the market
    _box(fig, 0.2, 7.7, 7.9, 11.4, "Your market")
    _mini_grid(fig, 0.6, 10.7, 0.85, set(), {0: "1st", **{i: str(i + 1) for i in range(1, 9)}})
    rules = [
        "first card: the top-left",
        "corner, by your pontoon;",
        "then next to a laid card",
        "(a side, not a corner);",
        "cards never move;",
        "<b>one chilli card per row</b>",
    ]
    for i, text in enumerate(rules):
        label(fig, 3.4, 10.55 - i * 0.45, text, 12, anchor="left")
    # what a chilli card counts
    _box(fig, 8.1, 7.7, 15.8, 11.4, "A chilli card counts itself and its neighbours")
    for j, (cell, where) in enumerate(((0, "corner: 3 cards"), (1, "side: 4"), (4, "centre: 5"))):
        x = 8.6 + j * 2.45
        _mini_grid(fig, x, 10.5, 0.55, set(bk.neighbourhood(cell)), {cell: "C"})
        label(fig, x + 0.8, 8.5, where, 12)
    # the four chilli types, one real card of each, with an example computed by the engine
    _box(
        fig,
        0.2,
        2.9,
        15.8,
        7.4,
        "Chilli cards: the type (C1-C4) says how it scores the goods after →",
    )
    examples = {1: [2], 2: [3], 3: [2, 3], 4: [1, 2]}
    for t in range(1, 5):
        chilli = bk.cards(kind="chilli", chilli_type=t)[0]
        x = 0.5 + (t - 1) * 3.8
        _draw_card(fig, goods, chilli, x, 4.4, 1.3, 1.75, 24)
        counts = examples[t]
        named = [GOOD_LETTERS[bk.GOODS.index(g)] for g in chilli.indicated]
        seen = " and ".join(f"{n} {g}" for n, g in zip(counts, named, strict=True))
        points = bk.chilli_points(t, counts)
        label(fig, x + 1.45, 6.15, f"<b>type {t}</b>", 13, anchor="left", valign="top")
        label(fig, x + 1.45, 5.7, _AID_TYPES[t], 11, anchor="left", valign="top")
        label(
            fig,
            x,
            4.15,
            f"e.g. {seen} in its<br>neighbourhood: <b>{points} points</b>",
            11,
            anchor="left",
            valign="top",
        )
    # the end
    _box(fig, 0.2, 0.2, 15.8, 2.6, "The end")
    ending = [
        "When a player lays the 9th card of their market, finish the round: everyone plays as"
        " many turns.",
        "Then everyone scores: secret good + chilli cards + full market. Most points wins.",
    ]
    for i, text in enumerate(ending):
        label(fig, 0.5, 1.75 - i * 0.5, text, 12, anchor="left")
    label(fig, 0.3, -0.15, " · ".join(_KEY), 10, "#444444", "left")
    goods.traces(fig, legend=True)
    fig.update_layout(
        showlegend=True,
        legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom", "itemclick": False},
        margin={"l": 10, "r": 10, "t": 80, "b": 10},
    )
    fig.update_xaxes(range=[0, 16])
    fig.update_yaxes(range=[-0.5, 20.1], scaleanchor="x", scaleratio=1)
    return fig.figure()
