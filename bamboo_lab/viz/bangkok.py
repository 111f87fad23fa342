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
from ._common import canvas, hover_trace, label, player_band, rounded_rect
from .bangkok_aid import player_aid
from .bangkok_cards import (
    CHANGED_TEXT,
    GOOD_NAMES,
    KEY,
    MARKET_CARD,
    MARKET_ORIGIN,
    Changes,
    Goods,
    card_words,
    changed_cells,
    draw_card,
    halo,
    market_cards,
    tag,
)
from .bangkok_port import card_row, port

_CLEAR = "rgba(0,0,0,0)"
"""No fill: a ring around a place to click."""
_RING = palette.HIGHLIGHT
"""The colour of the places to click and of the card picked."""
_SIDES = {"L": "left of row", "R": "right of row", "T": "above column", "B": "below column"}
"""A slot's side in words."""

__all__ = [
    "MARKET_CARD",
    "MARKET_ORIGIN",
    "Changes",
    "card",
    "card_row",
    "card_words",
    "chilli_words",
    "figure",
    "market",
    "market_cards",
    "picture_of",
    "player_aid",
    "port",
]


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
    selected: int | None = None,
    targets: Sequence[int] = (),
) -> go.Figure:
    """A market with each chilli card's neighbourhood outlined and its points annotated.

    Give a State (``seat`` defaults to the player to move, its pontoon good to the objective)
    or 9 cells / 3 rows of cards; ``objective`` is a good (``"blue_peas"``) or None.
    ``show_score=False`` draws the numbered neighbourhood outlines without any points or total
    (for exercises where students count the score themselves). ``changed_from``: the same
    market earlier (a State or 9 cells); the cells whose card changed glow yellow, tagged "new".
    ``hand=True`` (from a State) also draws the seat's hand, the cards it may still lay, each
    chilli card with what it scores; ``selected``: a hand card picked to lay (it glows) and
    ``targets``: the cells (1-9) where it may go, ringed with what the market's score would
    become (from ``score_market``), as on the play board.
    """
    show_score = checked_bool(show_score, "show_score", InvalidStateError)
    cells = market_cards(state_or_market, seat)
    changed = changed_cells(cells, state_or_market, changed_from, seat)
    clamp = False
    who = ""
    if isinstance(state_or_market, bk.State):
        s = state_or_market
        p = s.player if seat is None else seat
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
    goods = Goods()
    cw, ch, gap = MARKET_CARD
    x0, y0 = MARKET_ORIGIN
    chilli_cells = {chilli.cell - 1 for chilli in score.chillies}
    hover_x: list[float] = []
    hover_y: list[float] = []
    hover_t: list[str] = []
    hover_k: list[str] = []
    for i, c in enumerate(cells):
        r, col = divmod(i, 3)
        x = x0 + col * (cw + gap)
        y = y0 - r * (ch + gap) - ch
        if i in changed:
            halo(fig, x, y, cw, ch)
        draw_card(fig, goods, c, x, y, cw, ch, 27, reserve=0.2 if i in chilli_cells else 0.0)
        if i in changed:
            tag(fig, x + cw / 2, y - 0.02, "new")
        label(
            fig,
            x + cw - 0.08,
            y + 0.1,
            str(i + 1),
            size=12,
            color="#777777",
            anchor="right",
            valign="bottom",
        )
        hover_x.append(x + cw / 2)
        hover_y.append(y + ch / 2)
        hover_t.append(f"market cell {i + 1}: " + (card_words(c) if c is not None else "empty"))
        hover_k.append(f"cell {i + 1}")
    if targets and isinstance(state_or_market, bk.State) and selected is not None:
        laid = state_or_market.deck.cards[selected]
        for cell in targets:
            gain = _gain(cells, cell, laid, objective, clamp, score.total)
            r, col = divmod(cell - 1, 3)
            x, y = x0 + col * (cw + gap), y0 - r * (ch + gap) - ch
            rounded_rect(fig, x - 0.08, y - 0.08, x + cw + 0.08, y + ch + 0.08, _CLEAR, _RING, 3)
            label(fig, x + cw / 2, y + ch / 2, f"<b>lay here</b><br>{gain:+d} points", 13, _RING)
            hover_t[cell - 1] += f" · lay the picked card here: the market scores {gain:+d} points"
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
        seen = ", ".join(f"{GOOD_NAMES[g]} {n}" for g, n in chilli.counts)
        tail = f": {seen} → <b>{chilli.points}</b>" if show_score else ": its neighbourhood"
        lines.append(
            f"<span style='color:{colour}'><b>{k + 1}</b></span> type {chilli.card.chilli_type}"
            f" in cell {chilli.cell}{tail}"
        )
        hover_t[chilli.cell - 1] += f"<br>{CHILLI_TYPES[chilli.card.chilli_type]}"
    # the score panel (only the rules to apply when the score is hidden)
    px = x0 + 3 * (cw + gap) + 0.2
    obj = GOOD_NAMES[objective] if objective else "hidden" if who else "not given here"
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
        key += ["outline n: the cells chilli card n counts", *KEY[:2]]
    if any(c is not None and c.kind == "initial" for c in cells):
        key.append(KEY[2])
    if changed:
        key.append(f"<span style='color:{CHANGED_TEXT}'><b>yellow, new</b></span>: changed")
    label(
        fig,
        px,
        6.2 - len(rows) * 0.55 - 0.2,
        "<br>".join(key),
        size=12,
        anchor="left",
        valign="top",
        color="#444444",
    )
    bottom = -0.35
    if hand and isinstance(state_or_market, bk.State):
        held = state_or_market.hands[state_or_market.player if seat is None else seat]
        label(fig, x0, -0.45, f"<b>in hand</b> ({len(held)})", 13, anchor="left", valign="top")
        for j, cid in enumerate(held):
            x = x0 + 2.0 + j * 1.45
            held_card = state_or_market.deck.cards[cid]
            edge = (palette.HIGHLIGHT, 3.5) if cid == selected else ("#555555", 1.2)
            draw_card(
                fig, goods, held_card, x, -2.15, 1.2, 1.6, 22, edge=edge[0], edge_width=edge[1]
            )
            if cid == selected:
                label(
                    fig, x + 0.6, -0.5, "picked", 12, palette.HIGHLIGHT, bold=True, valign="bottom"
                )
            hover_x.append(x + 0.6)
            hover_y.append(-1.35)
            hover_t.append(f"hand card {j + 1}: {card_words(held_card)}" + _scores_words(held_card))
            hover_k.append(f"hand card #{cid}")
            if held_card.is_chilli:
                label(fig, x + 0.6, -2.25, chilli_words(held_card), 12, "#444444", valign="top")
        bottom = -2.95 if any(state_or_market.deck.cards[c].is_chilli for c in held) else -2.3
        fig.update_layout(height=790 if bottom < -2.3 else 760)
    goods.traces(fig, legend=False)
    fig.add_trace(hover_trace(hover_x, hover_y, hover_t, 60, keys=hover_k))
    fig.update_xaxes(range=[0, 14.2])
    fig.update_yaxes(range=[bottom, 7.3])
    return fig.figure()


def _gain(
    cells: Sequence[bk.Card | None],
    cell: int,
    laid: bk.Card,
    objective: str | None,
    clamp: bool,
    now: int,
) -> int:
    """How the market's score changes when ``laid`` goes in ``cell`` (1-9): the engine's
    ``score_market`` of both markets."""
    after = list(cells)
    after[cell - 1] = laid
    return bk.score_market(after, objective, clamp).total - now


def chilli_words(c: bk.Card) -> str:
    """A chilli card's scoring in a few words, its goods named (``C3: 2 per pair P+Z``), and
    where it looks: itself and the cards sharing a side with it (BK-SCORE-2 to BK-SCORE-6)."""
    goods = [GOOD_LETTERS[bk.GOODS.index(g)] for g in c.indicated]
    short = {
        1: f"5 − 1 per {goods[0]}",
        2: f"1 per {goods[0]}",
        3: f"2 per pair {'+'.join(goods)}",
        4: f"2 per {'/'.join(goods)} seen once",
    }[c.chilli_type]
    return f"<b>C{c.chilli_type}</b>: {short}<br>over itself + the<br>cards beside it"


def _scores_words(c: bk.Card) -> str:
    """A hand card's hover tail: where a chilli card looks when it scores (BK-SCORE-2)."""
    if not c.is_chilli:
        return ""
    return "<br>it scores over itself and the cards sharing a side with it (BK-SCORE-2)"


def card(c: bk.Card | str) -> go.Figure:
    """One card: its baskets, and for a chilli card its type and indicated goods."""
    if isinstance(c, str):
        c = bk.parse_card_spec(c)
    if not isinstance(c, bk.Card):
        raise InvalidStateError(f"viz.bangkok.card draws a Card or a card spec, not {c!r}")
    fig = canvas(f"<b>{c.spec}</b> · {c.kind} card", 300, 260)
    fig.update_layout(margin={"l": 10, "r": 10, "t": 44, "b": 10})
    goods = Goods()
    draw_card(fig, goods, c, 0.3, 0.3, 1.6, 2.1, 30)
    if c.is_chilli:
        label(fig, 1.1, 0.1, CHILLI_TYPES[c.chilli_type], size=12, valign="top")
    goods.traces(fig, legend=False)
    fig.update_xaxes(range=[0, 2.2])
    fig.update_yaxes(range=[-0.4, 2.6])
    return fig.figure()


PLAY_CARD = (1.5, 1.75, 0.2, 0.22)
"""A port card's width and height and the gaps between the port's columns and rows on the
table picture (data units: a unit is about 43 px across and 48 px down on the board)."""


def figure(
    state: bk.State,
    changed_from: bk.State | None = None,
    selected: int | None = None,
    slots: Sequence[str] = (),
    port: Sequence[int] = (),
) -> go.Figure:
    """The whole table: the port with its edge places and the piles on top, then one row per
    player (objective, hand, market), every text at least 12 px on the board.

    ``changed_from``: an earlier State; the port cells, hand cards and market cells that
    changed since then glow yellow (see :class:`Changes`). For the play board: ``selected``,
    a hand card picked (it glows), ``slots`` (``"L2"``) and ``port`` cells (1-9) to click,
    ringed. The port cells, the places beside it and the hand cards carry hover texts in
    words; the place each names for a click is kept in the hover's ``customdata``.
    """
    if not isinstance(state, bk.State):
        raise InvalidStateError(f"viz.bangkok.figure draws a Bangkok State, not {state!r}")
    changes = Changes(changed_from, state)
    cards = state.deck.cards
    n = state.num_players
    cw, ch, gx, gy = PLAY_CARD
    width, height = 3 * cw + 2 * gx, 3 * ch + 2 * gy
    row_h = 2.45
    port_h = 2.2 + height  # the port, the places above and below it, and its title
    top = port_h + n * row_h
    who = "game over" if state.is_over() else f"player {state.player} to {state.phase}"
    scores = state.scores()
    pts = " · ".join(f"Player {p}: {s} points" for p, s in enumerate(scores))
    fig = canvas(f"<b>Bangkok</b> · turn {state.turn + 1} · {who} · {pts}", 600)
    goods = Goods()
    px0 = 2.1
    py0 = top - 1.3  # the port's top edge
    if n > 1:  # in solo the piles stand where this title would
        label(fig, px0 + width / 2, top - 0.05, "<b>the port</b>", size=15, valign="top")
    hover_x: list[float] = []
    hover_y: list[float] = []
    hover_t: list[str] = []
    hover_k: list[str] = []
    # port cells 1-9 in reading order, each numbered as the rules count them
    for i, cid in enumerate(state.port):
        r, c = divmod(i, 3)
        x = px0 + c * (cw + gx)
        y = py0 - r * (ch + gy) - ch
        if i in changes.port:
            halo(fig, x, y, cw, ch)
        draw_card(fig, goods, cards[cid] if cid >= 0 else None, x, y, cw, ch, 21)
        label(
            fig,
            x + cw - 0.06,
            y + 0.04,
            str(i + 1),
            size=12,
            color="#555555",
            anchor="right",
            valign="bottom",
        )
        if i + 1 in port:
            rounded_rect(fig, x - 0.07, y - 0.07, x + cw + 0.07, y + ch + 0.07, _CLEAR, _RING, 3)
        hover_x.append(x + cw / 2)
        hover_y.append(y + ch / 2)
        what = card_words(cards[cid]) if cid >= 0 else "empty"
        ringed = " · in line with the placed card: click to collect it" if i + 1 in port else ""
        hover_t.append(f"port cell {i + 1}: {what}{ringed}")
        hover_k.append(f"port cell {i + 1}")

    def slot_box(slot: str) -> tuple[float, float]:
        """The lower-left corner of a card-sized box beside the port at ``slot``."""
        side, k = slot[0], int(slot[1]) - 1
        if side in "LR":
            return (px0 - cw - 0.35 if side == "L" else px0 + width + 0.35), py0 - k * (
                ch + gy
            ) - ch
        return px0 + k * (cw + gx), (py0 + 0.3 if side == "T" else py0 - height - 0.3 - ch)

    for slot in bk.SLOTS if not state.is_over() else ():
        x, y = slot_box(slot)
        h = ch if slot[0] in "LR" else 0.6  # above and below: clear of the port's title
        y = y if slot[0] != "T" else py0 + 0.15
        y = y if slot[0] != "B" else py0 - height - 0.15 - h
        if slot in slots:
            rounded_rect(fig, x, y, x + cw, y + h, _CLEAR, _RING, 2.5, dash="dash")
        hover_x.append(x + cw / 2)
        hover_y.append(y + h / 2)
        what = "the picked card may go here" if slot in slots else "place a hand card here"
        hover_t.append(f"{_SIDES[slot[0]]} {slot[1]}: {what}")
        hover_k.append(f"slot {slot}")
    if state.placed >= 0 and state.slot:
        side = state.slot[0]
        x, y = slot_box(state.slot)
        if side == "T":
            y = py0 + 0.15
        if changes.placed:
            halo(fig, x, y, cw, ch)
        draw_card(
            fig,
            goods,
            cards[state.placed],
            x,
            y,
            cw,
            ch,
            21,
            edge=palette.HIGHLIGHT,
            edge_width=3.5,
        )
        below = side == "B" or side == "T"
        label(
            fig,
            x + cw / 2 if not below else x + cw + 0.1,
            y + (ch + 0.14 if side in "LR" else ch / 2),
            "placed",
            size=12,
            color=palette.HIGHLIGHT,
            bold=True,
            anchor="center" if not below else "left",
        )
    # the piles: right of the port, or in solo over columns 1 and 3 (BK-SOLO-1)
    piles = (
        ("boat pile", state.boat_pile, "#D9D2C3"),
        ("chilli pile", state.chilli_pile, "#F2B8A0"),
    )
    for j, (name, pile, fill) in enumerate(piles):
        if n == 1:
            x, y = slot_box(bk.SOLO_PILE_SLOTS[j])
            x, y, w, h = x - 0.1, y, cw + 0.2, ch
        else:
            x, y, w, h = 11.0 + j * 2.4, top - 2.6, 2.1, 1.1
        rounded_rect(fig, x, y, x + w, y + h, fill, "#555555", 1.2)
        label(fig, x + w / 2, y + h / 2, f"{name}<br><b>{len(pile)}</b>", size=13)
    # the key of the marks, beside the port
    key = [
        "C1-C4: a chilli card's scoring type",
        "→PZ: the goods a chilli card scores",
        "1-9: the port cells, in reading order",
    ]
    if changes:
        key.append(f"<span style='color:{CHANGED_TEXT}'><b>yellow</b></span>: changed since before")
    label(fig, 11.0, top - 3.0, "<br>".join(key), size=12, anchor="left", valign="top")
    if n == 1 and not state.is_over():  # the turn token on its track space (BK-SOLO-1, -3)
        x, y = slot_box(bk.SOLO_TRACK[min(state.turn, len(bk.SOLO_TRACK) - 1)])
        fig.add_shape(
            type="circle",
            x0=x + cw / 2 - 0.4,
            x1=x + cw / 2 + 0.4,
            y0=y + ch / 2 - 0.4,
            y1=y + ch / 2 + 0.4,
            fillcolor=palette.HIGHLIGHT,
            line={"color": palette.BLACK, "width": 1.2},
        )
        label(fig, x + cw / 2, y + ch / 2, f"turn<br>{state.turn + 1}", size=12, color="#FFFFFF")
    # players: one row each under the port: objective, hand and market
    for p in range(n):
        y = (n - p) * row_h
        player_band(fig, p, 0.1, 18.4, y - row_h + 0.1, y, 0.25)
        plays = " ◀ plays" if not state.is_over() and state.player == p else ""
        label(fig, 0.4, y - 0.3, f"Player {p}{plays}", size=14, anchor="left", bold=True)
        obj = state.objective(p)
        label(fig, 0.4, y - 0.85, "pontoon good:", size=12, anchor="left", color="#333333")
        label(
            fig, 0.4, y - 1.3, f"<b>{GOOD_NAMES[obj] if obj else 'hidden'}</b>", 13, anchor="left"
        )
        label(fig, 0.4, y - 1.85, f"score: {scores[p]}", size=13, anchor="left")
        hand = state.hands[p]
        hand_x = 3.6
        label(fig, hand_x, y - 0.25, f"hand ({len(hand)})", size=12, anchor="left", color="#333333")
        for i, cid in enumerate(hand[:8]):
            hx = hand_x + i * 1.0
            if cid in changes.hands[p]:
                halo(fig, hx, y - 2.2, 0.88, 1.7)
            edge = (_RING, 3.5) if cid == selected else ("#555555", 1.2)
            draw_card(
                fig,
                goods,
                cards[cid],
                hx,
                y - 2.2,
                0.88,
                1.7,
                16,
                detail=False,
                edge=edge[0],
                edge_width=edge[1],
            )
            hover_x.append(hx + 0.44)
            hover_y.append(y - 1.35)
            hover_t.append(f"hand card {i + 1} of player {p}: {card_words(cards[cid])}")
            hover_k.append(f"hand card #{cid}")
        if len(hand) > 8:
            label(fig, hand_x + 8.0, y - 1.35, f"+{len(hand) - 8}", size=13, anchor="left")
        mx = 12.9
        label(fig, mx, y - 0.25, f"market · {scores[p]} points", 12, anchor="left", color="#333333")
        cell_h = (row_h - 0.75) / 3 - 0.04
        for i, cid in enumerate(state.markets[p]):
            r, c = divmod(i, 3)
            cx, cy = mx + c * 1.85, y - 0.5 - (r + 1) * (cell_h + 0.04)
            if i in changes.markets[p]:
                halo(fig, cx, cy, 1.75, cell_h)
            draw_card(
                fig, goods, cards[cid] if cid >= 0 else None, cx, cy, 1.75, cell_h, 12, detail=False
            )
    goods.traces(fig, legend=True)
    fig.add_trace(hover_trace(hover_x, hover_y, hover_t, 40, keys=hover_k))
    fig.update_layout(
        height=int((top + 0.3) * 48) + 56 + 40,
        showlegend=True,
        legend={
            "orientation": "h",
            "x": 0,
            "y": -0.01,
            "yanchor": "top",
            "itemclick": False,
            "itemdoubleclick": False,
            "font": {"size": 13},
        },
        margin={"l": 10, "r": 10, "t": 56, "b": 36},
    )
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[0.0, top + 0.2])
    return fig.figure()


def picture_of(obj: Any) -> go.Figure | None:
    """A bare Bangkok market's picture (9 cells or 3 rows of cards or None), else None."""
    if not isinstance(obj, (list, tuple)):
        return None
    rows = len(obj) == 3 and all(isinstance(row, (list, tuple)) for row in obj)
    flat = [cell for row in obj for cell in row] if rows else list(obj)
    if len(flat) == 9 and all(cell is None or isinstance(cell, bk.Card) for cell in flat):
        return market(flat)
    return None
