"""Bangkok's port drawn large, with the hand of the player to move, and cards in a row: the
pictures of a turn's steps, what changed since the step before glowing yellow."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk

from . import palette
from ._common import canvas, hover_trace, label, rounded_rect
from .bangkok_cards import KEY, Changes, Goods, card_words, draw_card, halo, tag

__all__ = ["card_row", "port"]

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
    player = state.player if seat is None else seat
    if player not in range(state.num_players):
        raise InvalidStateError(f"seat must be 0..{state.num_players - 1}, not {seat!r}")
    cards = state.deck.cards
    who = "game over" if state.is_over() else f"player {state.player} to {state.phase}"
    fig = canvas(f"<b>Bangkok</b> · the port · {who}", 700)
    goods = Goods()
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
            halo(fig, x, y, cw, ch)
        draw_card(fig, goods, cards[cid] if cid >= 0 else None, x, y, cw, ch, 24)
        if i in changes.port:
            tag(fig, x + cw / 2, y - 0.1, _PORT_TAGS[changes.port[i]], 12)
        if i in changes.emptied:
            label(fig, x + cw / 2, y + ch / 2, "taken", size=12, color="#777777")
        label(fig, x + cw - 0.06, y + 0.05, str(i + 1), 12, "#555555", "right", "bottom")
        hover_x.append(x + cw / 2)
        hover_y.append(y + ch / 2)
        hover_t.append(f"port cell {i + 1}: " + (card_words(cards[cid]) if cid >= 0 else "empty"))
    for k in range(3):
        yk = top - k * (ch + vgap) - ch / 2
        xk = px0 + k * (cw + gap) + cw / 2
        label(fig, px0 - 0.2, yk, f"L{k + 1}", 12, "#666666", "right")
        label(fig, px0 + width + 0.2, yk, f"R{k + 1}", 12, "#666666", "left")
        label(fig, xk, top + 0.12, f"T{k + 1}", 12, "#666666", valign="bottom")
        label(fig, xk, top - height - 0.12, f"B{k + 1}", 12, "#666666", valign="top")
    if state.placed >= 0 and state.slot:
        side, k = state.slot[0], int(state.slot[1]) - 1
        if side in "LR":
            x = px0 - cw - 0.65 if side == "L" else px0 + width + 0.65
            y = top - k * (ch + vgap) - ch
        else:  # above or below its column, past the slot name
            x = px0 + k * (cw + gap)
            y = top + 0.5 if side == "T" else top - height - 0.5 - ch
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
            24,
            edge=palette.HIGHLIGHT,
            edge_width=3.5,
        )
        if side == "T":  # the word above the card, clear of the slot names
            label(
                fig, x + cw / 2, y + ch + 0.12, "placed", 12, palette.HIGHLIGHT, "center", "bottom"
            )
        else:
            label(fig, x + cw / 2, y - 0.12, "placed", 12, palette.HIGHLIGHT, "center", "top")
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
    hw, hh = 1.2, 1.55
    for j, cid in enumerate(state.hands[player]):
        r, c = divmod(j, 3)
        x, y = hx + c * (hw + 0.3), top - 0.1 - r * (hh + 0.45) - hh
        gained = changes.hands[player].get(cid)
        if gained:
            halo(fig, x, y, hw, hh)
        draw_card(fig, goods, cards[cid], x, y, hw, hh, 21)
        if gained:
            tag(fig, x + hw / 2, y - 0.06, f"from {gained}" if gained != "new" else "new", 12)
    # the piles, with how many cards each gave
    for j, (name, pile) in enumerate(
        (("boat pile", state.boat_pile), ("chilli pile", state.chilli_pile))
    ):
        x, y = hx + j * 2.1, 0.35
        fill = "#D9D2C3" if j == 0 else "#F2B8A0"
        rounded_rect(fig, x, y, x + 1.8, y + 0.9, fill, "#555555", 1.2)
        drawn = changes.piles[j]
        note = f" (−{drawn})" if drawn > 0 else f" (+{-drawn})" if drawn < 0 else ""
        label(fig, x + 0.9, y + 0.45, f"{name}<br><b>{len(pile)}</b>{note}", 12)
    key = ["cells 1-9 in reading order; L, R, T, B: the slots beside each row and column", *KEY]
    if changes:
        key.append(
            "yellow: changed since the picture before (slid: moved along its line;"
            " your card: the placed card, now in the port; from pile: a refill)"
        )
    below = state.placed >= 0 and (state.slot or "").startswith("B")
    above = state.placed >= 0 and (state.slot or "").startswith("T")
    key_y = -0.55 if below else -0.05  # under a card waiting below the port
    label(fig, 0.1, key_y, "<br>".join(key), 12, "#444444", "left", "top")
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
    goods = Goods()
    for i, c in enumerate(drawn):
        x = 0.3 + i * (cw + gap)
        if i in highlight:
            halo(fig, x, 0, cw, ch)
        draw_card(fig, goods, c, x, 0, cw, ch, 25)
        if captions:
            label(fig, x + cw / 2, -0.15, captions[i], 12, anchor="center", valign="top")
    marks = {"chilli" if c.is_chilli else c.kind for c in drawn if c is not None}
    key = [k for k, mark in zip(KEY, ("chilli", "chilli", "initial"), strict=True) if mark in marks]
    if key:
        label(fig, 0.3, -0.3 - lines * 0.3, " · ".join(key), 12, "#444444", "left", "top")
    goods.traces(fig, legend=False)
    fig.update_layout(margin={"l": 10, "r": 10, "t": 50, "b": 10})
    fig.update_xaxes(range=[0, 0.6 + n * (cw + gap) - gap])
    fig.update_yaxes(range=[-0.55 - lines * 0.3 - (0.3 if key else 0), ch + 0.25])
    return fig.figure()
