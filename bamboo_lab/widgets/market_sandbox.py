"""The Bangkok market sandbox's words and controls (issue 43): a student builds a market by
choosing, never by typing the engine's card notation.

A card is chosen as the rulebook names it: a boat card or a chilli card, the goods in its
baskets, and for a chilli card its type (1 to 4) and the goods it counts (:func:`chosen_card`).
A combination no card has is refused in words (``InvalidStateError``), before the engine is
asked. :class:`MarketView` is the market's part of :class:`bamboo_lab.widgets.SandboxApp`: the
controls, laying and emptying a cell, and the market drawn and scored by the engine
(``MarketSandbox``, in :mod:`bamboo_lab.widgets.sandboxes`, holds the cards).
"""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w

from bamboo_lab import viz
from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.games import bangkok as bk

from .app import fit_width
from .board import replace_figure

__all__ = [
    "CARD_KINDS",
    "CELL_PLACES",
    "GOOD_WORDS",
    "MarketView",
    "chilli_words",
    "chosen_card",
    "good_name",
    "market_card_words",
    "market_refusal",
]

GOOD_WORDS = {
    "passion_fruit": "passion fruit",
    "thai_zucchini": "Thai zucchini",
    "blue_peas": "blue peas",
    "fish": "fish",
}
"""Each good by the engine's name, in the rulebook's words."""

CARD_KINDS = ("boat card", "chilli card")
"""The two kinds of market card a student chooses from, in the rulebook's words."""

CELL_PLACES = (
    "top left, by the pontoon",
    "top middle",
    "top right",
    "middle left",
    "centre",
    "middle right",
    "bottom left",
    "bottom middle",
    "bottom right",
)
"""Where each market cell 1-9 lies (reading order from the pontoon's cell)."""


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def chilli_words(card: bk.Card) -> str:
    """A chilli card by its type and the goods it counts: ``type 3, counts fish and blue
    peas``."""
    counted = " and ".join(GOOD_WORDS[good] for good in card.indicated)
    return f"type {card.chilli_type}, counts {counted}"


def market_card_words(card: bk.Card) -> str:
    """A card in the rulebook's words: ``the blue peas and fish card``, ``the chilli card with
    blue peas (type 3, counts fish and blue peas)``."""
    goods = _listed([GOOD_WORDS[good] for good in card.goods])
    if card.is_chilli:
        return f"the chilli card with {goods} ({chilli_words(card)})"
    return f"the {goods} card"


def good_name(value: Any, what: str) -> str:
    """The engine's name of the good ``value`` names (in words, ``"blue peas"``, or the
    engine's own name); anything else is refused in words."""
    names = ", ".join(list(GOOD_WORDS.values())[:-1]) + " or fish"
    refusal = InvalidStateError(f"{what} is one of {names}, not {short_repr(value)}")
    if not isinstance(value, str) or not value.strip():
        raise refusal
    try:
        return bk.good(value.strip())
    except BambooLabError:
        raise refusal from None


def _chosen_goods(values: Any, what: str) -> list[str]:
    """The goods chosen in ``values`` (a list; empty choices ``""``/None are skipped)."""
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise InvalidStateError(f"{what} are a list of goods, not {short_repr(values)}")
    return [good_name(value, what[:-1]) for value in values if value not in ("", None)]


def _letters(goods: list[str]) -> str:
    """The goods as the letters of a card spec (the engine's notation, never shown)."""
    return "".join(bk.components.GOOD_LETTERS[bk.GOODS.index(good)] for good in goods)


def chosen_card(
    kind: str, baskets: Any, chilli_type: int | None = None, counts: Any = ()
) -> bk.Card:
    """The market card chosen in the rulebook's words: ``kind`` ``"boat card"`` or ``"chilli
    card"``, ``baskets`` the goods on its face (1 to 3, in words), and for a chilli card its
    ``chilli_type`` (1 to 4) and the goods it ``counts`` (one for types 1 and 2, a pair for
    types 3 and 4). A combination no card has raises InvalidStateError, in words."""
    if kind not in CARD_KINDS:
        raise InvalidStateError(
            f"a market card is a boat card or a chilli card, not {short_repr(kind)}"
        )
    goods = _chosen_goods(baskets, "the baskets")
    if not goods:
        raise InvalidStateError("a card shows 1 to 3 baskets: choose the good of its first basket")
    if len(goods) > 3:
        raise InvalidStateError(f"a card shows at most 3 baskets, not {len(goods)}")
    if kind == "boat card":
        return bk.parse_card_spec(_letters(goods))
    if chilli_type not in (1, 2, 3, 4) or isinstance(chilli_type, bool):
        raise InvalidStateError(
            f"a chilli card is of type 1, 2, 3 or 4, not {short_repr(chilli_type)}"
        )
    counted = _chosen_goods(counts, "the goods counted")
    said = [GOOD_WORDS[good] for good in counted]
    if len(set(counted)) < len(counted):
        raise InvalidStateError(f"a chilli card counts two different goods, not {said[0]} twice")
    if len(counted) != (1 if chilli_type <= 2 else 2):
        need = "one good" if chilli_type <= 2 else "a pair of different goods"
        raise InvalidStateError(
            f"a type {chilli_type} chilli card counts {need}, not {_listed(said or ['nothing'])}"
        )
    return bk.parse_card_spec(f"C{chilli_type}:{_letters(counted)}/{_letters(goods)}")


def market_refusal(exc: BambooLabError) -> str:
    """The engine's refusal of a market, without the seat number the sandbox never shows."""
    return "refused: " + re.sub(r"^market \d+: ", "", str(exc))


def _button(text: str, fn: Any, style: str = "") -> w.Button:
    button = w.Button(description=text, button_style=style, layout=w.Layout(width="auto"))
    button.on_click(lambda _b: fn())
    return button


class MarketView:
    """The market sandbox's controls and drawing, a part of ``SandboxApp`` (its ``sandbox``,
    ``figure``, ``report`` and ``redraw``)."""

    sandbox: Any
    figure: Any
    report: w.HTML

    def redraw(self) -> None:
        """Redraw the picture and the scores (``SandboxApp.redraw``)."""
        raise NotImplementedError

    def _market_controls(self) -> w.Widget:
        goods = [(words, name) for name, words in GOOD_WORDS.items()]
        none = [("—", "")]
        wide = {"description_width": "initial"}
        self.cell = w.Dropdown(
            options=[(f"cell {n}: {where}", n) for n, where in enumerate(CELL_PLACES, start=1)],
            description="market cell",
            style=wide,
        )
        self.cell.observe(lambda c: self._pick_cell(c["new"]), names="value")
        self.kind = w.ToggleButtons(options=list(CARD_KINDS))
        self.baskets = [
            w.Dropdown(
                options=goods if n == 1 else none + goods,
                description=f"basket {n}",
                style=wide,
                layout=w.Layout(width="200px"),
            )
            for n in (1, 2, 3)
        ]
        self.chilli_type = w.Dropdown(
            options=[(f"type {n}", n) for n in (1, 2, 3, 4)],
            description="chilli type",
            style=wide,
            layout=w.Layout(width="170px"),
        )
        self.counts = [
            w.Dropdown(
                options=goods if n == 1 else none + goods,
                description="counts" if n == 1 else "and",
                style=wide,
                layout=w.Layout(width="200px"),
            )
            for n in (1, 2)
        ]
        self.chilli_box = w.HBox([self.chilli_type, *self.counts])
        self.chosen = w.HTML()
        for control in (self.kind, *self.baskets, self.chilli_type, *self.counts):
            control.observe(lambda _c: self._show_choice(), names="value")
        self.good = w.Dropdown(
            options=goods, value=self.sandbox.objective, description="pontoon good", style=wide
        )
        self.good.observe(lambda c: self._objective(c["new"]), names="value")
        help_text = w.HTML(
            "<i>Choose a market cell (1 to 9 in reading order; cell 1 lies by the pontoon), the"
            " kind of card and the goods in its baskets. A chilli card also has a type (1 to 4)"
            " and counts one good (types 1 and 2) or a pair of goods (types 3 and 4). Then lay"
            " it: the engine checks the market and scores it.</i>"
        )
        lay = _button("lay the card", self._lay, "primary")
        buttons = w.HBox([lay, _button("empty the cell", self._empty)])
        self._show_choice()
        return w.VBox(
            [
                help_text,
                w.HBox([self.cell, self.good], layout=w.Layout(flex_flow="row wrap")),
                w.HBox([w.Label("the card:"), self.kind]),
                w.HBox(self.baskets, layout=w.Layout(flex_flow="row wrap")),
                self.chilli_box,
                w.HBox([buttons, self.chosen]),
            ]
        )

    def _choice(self) -> tuple[str, list[str], int, list[str]]:
        """The card chosen in the controls: kind, baskets, chilli type, goods counted."""
        baskets = [b.value for b in self.baskets if b.value]
        counts = [c.value for c in self.counts if c.value]
        return self.kind.value, baskets, self.chilli_type.value, counts

    def _show_choice(self) -> None:
        """Show the chilli controls for a chilli card only, and the chosen card in words."""
        chilli = self.kind.value == "chilli card"
        self.chilli_box.layout.display = "" if chilli else "none"
        try:
            said = market_card_words(chosen_card(*self._choice()))
        except BambooLabError as exc:
            said = f"not a card yet: {exc}"
        self.chosen.value = f"chosen: <i>{html.escape(said)}</i>"

    def _pick_cell(self, cell: int) -> None:
        """A picked cell that holds a card shows that card in the controls."""
        card = self.sandbox.card(cell)
        if card is not None:
            self._choose(card)

    def _choose(self, card: bk.Card) -> None:
        """Set the controls to ``card`` (its kind, baskets, type and goods counted)."""
        if len(card.goods) > 3 or len(card.indicated) > 2:
            raise ValueError(f"the controls cannot choose {market_card_words(card)}")
        self.kind.value = "chilli card" if card.is_chilli else "boat card"
        for box, good in zip(self.baskets, [*card.goods, "", ""], strict=False):
            box.value = good
        if card.is_chilli:
            self.chilli_type.value = card.chilli_type
            for box, good in zip(self.counts, [*card.indicated, ""], strict=False):
                box.value = good

    def lay(self, cards: list[bk.Card | None]) -> None:
        """Fill a market sandbox's cells 1, 2, ... with ``cards`` (None leaves a cell empty;
        cards named as ``bangkok_lessons.boat`` and ``chilli`` name them), as if each card
        were chosen in the controls and laid in its cell."""
        if not hasattr(self.sandbox, "lay_card"):
            raise TypeError("only a market sandbox has cells to lay cards in")
        for cell, card in enumerate(cards[:9], start=1):
            self.cell.value = cell
            if card is None:
                self._empty()
            else:
                self._choose(card)
                self._lay()

    def _lay(self) -> None:
        self.sandbox.lay_card(self.cell.value, *self._choice())
        self.redraw()

    def _empty(self) -> None:
        self.sandbox.lay_card(self.cell.value, None)
        self.redraw()

    def _objective(self, good: str) -> None:
        self.sandbox.set_objective(good)
        self.redraw()

    def _draw_market(self) -> None:
        s = self.sandbox
        replace_figure(self.figure, fit_width(viz.bangkok.market(s.state, seat=0)))
        score = s.score()
        rows = "".join(
            f"<tr><td>cell {c.cell}</td><td>{html.escape(chilli_words(c.card))}</td>"
            f"<td>{html.escape(', '.join(f'{GOOD_WORDS[g]} {n}' for g, n in c.counts))}</td>"
            f"<td><b>{c.points}</b></td></tr>"
            for c in score.chillies
        )
        pontoon = GOOD_WORDS.get(str(score.objective), "none")
        laid = [(cell, s.card(cell)) for cell in range(1, 10)]
        market = "; ".join(
            f"cell {cell}: {html.escape(market_card_words(card))}" for cell, card in laid if card
        )
        self.report.value = (
            f"<b>In the market:</b> {market or 'no card yet'}<br>"
            "<table style='border-spacing:12px 2px'><tr><th>chilli card</th><th>which</th>"
            "<th>counted</th><th>points</th></tr>"
            f"{rows}</table>objective ({html.escape(pontoon)}):"
            f" {score.objective_points} · chilli cards: {score.chilli_points} · complete"
            f" market bonus: {score.complete_bonus} · <b>total {score.total}</b>"
        )
