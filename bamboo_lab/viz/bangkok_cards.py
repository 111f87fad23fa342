"""Bangkok cards as drawn in every Bangkok picture: baskets as lettered circles, the chilli and
starting-card marks, the yellow glow of what changed, and :class:`Changes`, what changed between
two positions, read from the engine's card ids."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import CHILLI_TYPES, GOOD_LETTERS

from . import palette
from ._common import Sketch, label, rounded_rect, scatter

__all__ = [
    "CHANGED",
    "CHANGED_TEXT",
    "GOOD_NAMES",
    "KEY",
    "LETTERED_BASKET",
    "MARKET_CARD",
    "MARKET_ORIGIN",
    "Changes",
    "Goods",
    "card_words",
    "changed_cells",
    "draw_card",
    "halo",
    "market_cards",
    "tag",
]

_CHILLI_FILL = "#FBE1D3"
_BOAT_FILL = "#FFFDF4"
_INITIAL_FILL = "#EEF6EC"
CHANGED = palette.OKABE_ITO["yellow"]
"""What changed since an earlier picture glows in this colour (no outline uses it)."""
CHANGED_TEXT = "#7A6C00"
"""Text that names the yellow glow (a darker yellow, readable on white)."""
KEY = (
    "C1-C4: a chilli card and its scoring type",
    "→PZ: the goods that chilli card scores",
    "set 1: a starting card (the set number on its back)",
)
"""The marks on the cards, for every picture's key."""
MARKET_CARD = (1.5, 1.85, 0.5)
"""A market picture's card width, height and the gap between cards (data units)."""
MARKET_ORIGIN = (0.4, 6.75)
"""The top-left corner of a market picture's cell 1."""
GOOD_NAMES = {
    "passion_fruit": "passion fruit",
    "thai_zucchini": "Thai zucchini",
    "blue_peas": "blue peas",
    "fish": "fish",
}
"""The goods as the rulebook prints them."""


LETTERED_BASKET = 20
"""The smallest basket (pixels across) that carries its good's letter: the letter is 12 px,
the least a class reads; a smaller basket is drawn by its colour only (the legend names it)."""


class Goods:
    """Collects the basket circles of every card so they go into one trace per good."""

    def __init__(self) -> None:
        """Start with no basket."""
        self.points: dict[str, list[tuple[float, float, float]]] = {g: [] for g in bk.GOODS}

    def add(self, good: str, x: float, y: float, size: float) -> None:
        """One basket of ``good`` at (x, y), ``size`` pixels across."""
        self.points[good].append((x, y, size))

    def traces(self, fig: Sketch, legend: bool) -> None:
        """Add one trace per good to ``fig`` (in the legend when ``legend``)."""
        for good in bk.GOODS:
            every = self.points[good]
            if not every and not legend:
                continue
            letter = GOOD_LETTERS[bk.GOODS.index(good)]
            # a basket too small for a readable letter (12 px) is drawn by its colour only
            pts = [p for p in every if p[2] >= LETTERED_BASKET]
            small = [p for p in every if p[2] < LETTERED_BASKET]
            if small:
                fig.add_trace(
                    scatter(
                        x=[p[0] for p in small],
                        y=[p[1] for p in small],
                        mode="markers",
                        marker={
                            "size": [p[2] for p in small],
                            "color": palette.GOODS[good],
                            "line": {"color": palette.BLACK, "width": 1},
                        },
                        name=f"{letter} {GOOD_NAMES[good]}",
                        hoverinfo="skip",
                        showlegend=False,
                    )
                )
            fig.add_trace(
                scatter(
                    x=[p[0] for p in pts],
                    y=[p[1] for p in pts],
                    mode="markers+text",
                    text=[letter] * len(pts),
                    textfont={
                        "size": [max(12, int(p[2] * 0.55)) for p in pts] or 12,
                        "color": palette.BLACK,
                    },
                    marker={
                        "size": [p[2] for p in pts],
                        "color": palette.GOODS[good],
                        "line": {"color": palette.BLACK, "width": 1},
                    },
                    name=f"{letter} {GOOD_NAMES[good]}",
                    hoverinfo="skip",
                    showlegend=legend,
                )
            )


def draw_card(
    fig: Sketch,
    goods: Goods,
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
        top = y + h * (0.64 if detail and tagged else 0.7 if tagged else 0.78)
        bottom = y + h * (reserve + (0.16 if n > 2 else 0.2))
        for i, good in enumerate(c.goods):
            gy = (top + bottom) / 2 if n == 1 else top - i * (top - bottom) / (n - 1)
            goods.add(good, x + w / 2, gy, dot)
    small = max(12, int(dot * 0.5))
    if c.is_chilli:
        label(
            fig,
            x + 0.05,
            y + h - 0.04,
            f"C{c.chilli_type}",
            size=small,
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


def card_words(c: bk.Card) -> str:
    """A card in the rulebook's words, for a hover: its baskets, and what a chilli card
    scores or which starting set a starting card is from (never its spec or number)."""
    goods = ", ".join(GOOD_NAMES[g] for g in c.goods)
    if c.is_chilli:
        names = " and ".join(GOOD_NAMES[g] for g in c.indicated)
        return (
            f"chilli card type {c.chilli_type} ({names}): {CHILLI_TYPES[c.chilli_type]};"
            f" its baskets: {goods}"
        )
    if c.kind == "initial":
        return f"{goods} (starting card of set {c.initial_set})"
    return goods


def market_cards(state_or_market: Any, seat: int | None = None) -> tuple[bk.Card | None, ...]:
    """The 9 cells of a market: from a State (``seat``, default the player to move) or from 9
    cells / 3 rows of Card or None (or card specs such as ``"C3:FB/B"``)."""
    if isinstance(state_or_market, bk.State):
        s = state_or_market
        p = s.player if seat is None else seat
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


def halo(fig: Sketch, x: float, y: float, w: float, h: float) -> None:
    """A yellow glow behind a card whose place changed (drawn before the card)."""
    rounded_rect(
        fig, x - 0.1, y - 0.1, x + w + 0.1, y + h + 0.1, CHANGED, palette.darker(CHANGED), 1.5
    )


def tag(fig: Sketch, x: float, y: float, text: str, size: int = 12) -> None:
    """A small yellow tag (``new``, ``slid`` ...) hanging from (x, y)."""
    fig.add_annotation(
        x=x,
        y=y,
        text=f"<b>{text}</b>",
        showarrow=False,
        font={"size": size, "color": palette.BLACK},
        bgcolor=CHANGED,
        bordercolor=palette.darker(CHANGED),
        borderwidth=1,
        borderpad=1,
        yanchor="top",
    )


def _identity(c: bk.Card | None, exact: bool) -> Any:
    """What makes two market cells hold the same card: the card id in a game, else its spec."""
    if c is None:
        return None
    return (c.id, c.spec) if exact else c.spec


def changed_cells(
    cells: Sequence[bk.Card | None], now: Any, before: Any, seat: int | None
) -> set[int]:
    """The market cells (0-8) whose card differs from ``before`` (None: no comparison)."""
    if before is None:
        return set()
    if isinstance(before, bk.State) and isinstance(now, bk.State) and seat is None:
        seat = now.player if before.player != now.player else None
        seat = before.player if seat is not None else None
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
