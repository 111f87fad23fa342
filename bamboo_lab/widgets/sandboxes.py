"""Scoring sandboxes: build a Takenoko garden, a Bangkok market or a Bamboo home and see
the engine's scores live.

Each sandbox is a plain controller (the parts placed, a ``state``/``report`` asked of the
engine's position builders and scoring helpers, never recomputed here) and an ipywidgets view.
A part the engine refuses is taken back and the refusal is shown. The market's cards are chosen
in the rulebook's words (its controls and words: :mod:`bamboo_lab.widgets.market_sandbox`).
"""

from __future__ import annotations

import functools
import html
from typing import Any

import ipywidgets as w

from bamboo_lab import viz
from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import BambooLabError
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.core.table import Table
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.words import objective_words
from bamboo_lab.viz.layout import Layout, Point

from .app import fit_width
from .board import BoardWidget, cell_result, replace_figure
from .market_sandbox import MarketView, chosen_card, good_name, market_refusal

__all__ = ["GardenSandbox", "HomeSandbox", "MarketSandbox", "SandboxApp"]

_LAYOUT = Layout()


class _Refused(Exception):
    """A sandbox argument of the wrong type or range (shown as the refusal, nothing changes)."""


def _hex(plot: Any) -> Hex:
    """``plot`` as a Hex: a Hex or a ``(q, r)`` pair of integers."""
    if isinstance(plot, Hex):
        return plot
    if (
        isinstance(plot, tuple)
        and len(plot) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in plot)
    ):
        return Hex(*plot)
    raise _Refused(f"a plot is a Hex or a (q, r) pair of integers, not {short_repr(plot)}")


def _whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` if it is an integer in ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _Refused(f"{what} must be an integer {low} to {high}, not {short_repr(value)}")
    return value


def _text(value: Any, what: str) -> str | None:
    """``value`` if it is a string or None."""
    if value is not None and not isinstance(value, str):
        raise _Refused(f"{what} must be text or None, not {short_repr(value)}")
    return value


def _refusing(method: Any) -> Any:
    """A sandbox method that shows a wrong-typed argument as its refusal and returns False."""

    @functools.wraps(method)
    def checked(self: Any, *args: Any, **kwargs: Any) -> bool:
        try:
            return bool(method(self, *args, **kwargs))
        except _Refused as exc:
            self.message = f"refused: {exc}"
            return False

    return checked


# ---------------------------------------------------------------------- Takenoko garden


class GardenSandbox:
    """A Takenoko garden built plot by plot (``takenoko.position``), objective cards checked."""

    def __init__(self) -> None:
        """An empty garden: the pond alone."""
        self.plots: dict[Hex, tuple[str, int, str | None]] = {}
        self.channels: set[Edge] = set()
        self.message = ""
        self.state = tk.position(2, plots=[], channels=[])

    def _rebuild(self, plots: dict[Hex, tuple[str, int, str | None]], channels: set[Edge]) -> bool:
        rows = [
            (h.q, h.r, tile, height, chip) if chip else (h.q, h.r, tile, height)
            for h, (tile, height, chip) in sorted(plots.items())
        ]
        try:
            state = tk.position(2, plots=rows, channels=sorted(channels))
        except BambooLabError as exc:
            self.message = f"refused: {exc}"
            return False
        self.plots, self.channels, self.state, self.message = plots, channels, state, ""
        return True

    @_refusing
    def place_plot(self, plot: Hex, tile: str, bamboo: int = 0, chip: str | None = None) -> bool:
        """Put a plot (``"G"``, ``"YW"``: colour and printed improvement) on ``plot``."""
        plot = _hex(plot)
        if not isinstance(tile, str):
            raise _Refused(f"a tile is a colour letter such as 'G', not {short_repr(tile)}")
        part = (tile, _whole(bamboo, "the bamboo height", 0, 4), _text(chip, "a chip"))
        return self._rebuild({**self.plots, plot: part}, self.channels)

    @_refusing
    def remove_plot(self, plot: Hex) -> bool:
        """Take the plot at ``plot`` away (and the channels that need it)."""
        plot = _hex(plot)
        plots = {h: v for h, v in self.plots.items() if h != plot}
        channels = {e for e in self.channels if plot not in e.hexes()}
        return self._rebuild(plots, channels)

    @_refusing
    def set_bamboo(self, plot: Hex, height: int) -> bool:
        """Set the bamboo height (0-4) on a plot."""
        plot, height = _hex(plot), _whole(height, "the bamboo height", 0, 4)
        if plot not in self.plots:
            self.message = f"no plot at {plot.q},{plot.r}"
            return False
        tile, _, chip = self.plots[plot]
        return self._rebuild({**self.plots, plot: (tile, height, chip)}, self.channels)

    @_refusing
    def set_chip(self, plot: Hex, chip: str | None) -> bool:
        """Put an improvement chip (``"W"``, ``"E"``, ``"F"``) on a plot, or None to lift it."""
        plot, chip = _hex(plot), _text(chip, "a chip")
        if plot not in self.plots:
            self.message = f"no plot at {plot.q},{plot.r}"
            return False
        tile, height, _ = self.plots[plot]
        return self._rebuild({**self.plots, plot: (tile, height, chip)}, self.channels)

    @_refusing
    def toggle_channel(self, edge: Edge) -> bool:
        """Add an irrigation channel on ``edge``, or lift the one there."""
        if not isinstance(edge, Edge):
            raise _Refused(f"a channel lies on an Edge, not {short_repr(edge)}")
        return self._rebuild(self.plots, self.channels ^ {edge})

    def plot_objectives(self) -> dict[str, tuple[tuple[Hex, ...], ...]]:
        """Every plot objective card and where the garden meets it (engine placements)."""
        return {
            cid: tk.plot_objective_placements(self.state, cid)
            for cid, card in tk.CARDS.items()
            if card.deck == "plot"
        }

    def gardener_objectives(self) -> dict[str, bool]:
        """Every gardener objective card and whether the garden meets it now."""
        return {
            cid: tk.objective_met(self.state, 0, cid)
            for cid, card in tk.CARDS.items()
            if card.deck == "gardener"
        }


# ---------------------------------------------------------------------- Bangkok market


class MarketSandbox:
    """A Bangkok market from cards chosen in words (``lay_card``), scored by the engine
    (``bangkok.position``).

    A free sandbox: a card may repeat a printed card (``custom_cards=True``), so two cells can
    hold the same chilli card while a student tries out where it scores best. For programmers,
    ``set_cell`` lays a card written in the engine's card-spec notation (``"C3:FB/B"``).
    """

    def __init__(self, objective: str = "fish") -> None:
        """An empty market with ``objective`` as the pontoon good."""
        self.cells: list[str | None] = [None] * 9
        self.objective = objective
        self.message = ""
        self.state: bk.State | None = None
        self._rebuild(self.cells, objective)

    def _rebuild(self, cells: list[str | None], objective: str) -> bool:
        try:
            state = bk.position(
                players=1, markets=[cells], objectives=[objective], custom_cards=True
            )
        except BambooLabError as exc:
            self.message = market_refusal(exc)
            return False
        self.cells, self.objective, self.state, self.message = cells, objective, state, ""
        return True

    @_refusing
    def lay_card(
        self,
        cell: int,
        kind: str | None,
        baskets: Any = (),
        chilli_type: int | None = None,
        counts: Any = (),
    ) -> bool:
        """Lay in cell 1-9 the card chosen in words (:func:`chosen_card`: ``"boat card"`` or
        ``"chilli card"``, its baskets, a chilli card's type and counted goods); ``kind`` None
        empties the cell. A bad combination is refused in words and changes nothing."""
        cell = _whole(cell, "a market cell", 1, 9)
        try:
            card = None if kind is None else chosen_card(kind, baskets, chilli_type, counts)
        except BambooLabError as exc:
            raise _Refused(str(exc)) from None
        cells = list(self.cells)
        cells[cell - 1] = card.spec if card is not None else None
        return self._rebuild(cells, self.objective)

    def card(self, cell: int) -> bk.Card | None:
        """The card in market cell 1-9, or None."""
        assert self.state is not None
        laid = self.state.market_cards(0)[cell - 1]
        return laid if isinstance(laid, bk.Card) else None

    @_refusing
    def set_cell(self, cell: int, spec: str | None) -> bool:
        """For programmers: lay a card written in card-spec notation (``"C3:FB/B"``, ``"ZP"``)
        in cell 1-9, None to clear."""
        cell, spec = _whole(cell, "a market cell", 1, 9), _text(spec, "a card spec")
        cells = list(self.cells)
        cells[cell - 1] = spec or None
        return self._rebuild(cells, self.objective)

    @_refusing
    def set_objective(self, good: str) -> bool:
        """Change the pontoon good (in words, ``"blue peas"``, or the engine's name)."""
        try:
            good = good_name(good, "the pontoon good")
        except BambooLabError as exc:
            raise _Refused(str(exc)) from None
        return self._rebuild(self.cells, good)

    def score(self) -> bk.MarketScore:
        """The engine's score of the market (objective, each chilli card, bonus, total)."""
        assert self.state is not None
        return self.state.market_score(0)


# ---------------------------------------------------------------------- Bamboo home


_HOME_TILES = {"D": "decoration", "F": "faith", "G": "garden", "T": "tools"}
"""The home tile types by their letter, in the rulebook's words."""


class HomeSandbox:
    """A Bamboo home from tile types and comforts (``bamboo.home_from_text``), scored live."""

    def __init__(self, tiles: tuple[str, ...] = ("L05", "C15"), food: tuple[int, ...] = (1, 1, 1)):
        """An empty home; ``tiles`` the balance tiles to check, ``food`` tea, rice, ramen."""
        self.spaces: dict[tuple[int, int], tuple[str, int]] = {}
        self.balance = tuple(tiles)
        self.food = tuple(food)
        self.message = ""
        self.home: tuple[int, ...] = (-1,) * 15
        self._rebuild(self.spaces)

    def _rebuild(self, spaces: dict[tuple[int, int], tuple[str, int]]) -> bool:
        text = " ".join(f"({r},{c}):{t}/{k}" for (r, c), (t, k) in sorted(spaces.items()))
        try:
            home = bb.home_from_text(text)
        except BambooLabError as exc:
            self.message = f"refused: {exc}"
            return False
        self.spaces, self.home, self.message = spaces, home, ""
        return True

    @_refusing
    def place(self, row: int, col: int, kind: str | None, comfort: int = 1) -> bool:
        """Put a home tile of ``kind`` (D, F, G or T) and ``comfort`` on a space, None to clear."""
        row, col = _whole(row, "a home row", 0, 2), _whole(col, "a home column", 0, 4)
        kind, comfort = _text(kind, "a tile kind"), _whole(comfort, "a comfort", 0, 9)
        spaces = {k: v for k, v in self.spaces.items() if k != (row, col)}
        if kind:
            spaces[(row, col)] = (kind, comfort)
        return self._rebuild(spaces)

    def table(self) -> Table:
        """The home's report as a table in words: harmony and its penalty, the Winter bill."""
        report = self.report()
        left, right = report["harmony"]
        bill = report["feeding"]
        paid = ", ".join(f"{count} {food}" for food, count in bill["pay"].items()) or "nothing"
        rows = [
            ("harmony: comfort left and right", f"{left} and {right}"),
            ("harmony penalty (HP)", report["harmony_penalty"]),
            ("Winter bill: food needed", bill["need"]),
            ("Winter bill: food paid", paid),
            ("Winter bill: food wasted", bill["waste"]),
            ("Winter bill: HP lost", bill["hp_lost"]),
        ]
        return Table(rows, columns=["what", "value"]).set_index("what")

    def report(self) -> dict[str, Any]:
        """Harmony, its penalty, the Winter bill and the balance tiles' matches (engine)."""
        left, right = bb.harmony(self.home)
        return {
            "harmony": (left, right),
            "harmony_penalty": bb.harmony_penalty(self.home),
            "comfort": bb.home_comfort(self.home),
            "feeding": bb.feeding_bill(self.home, self.food),
            "balance": bb.pattern_report(self.home, self.balance),
        }


# ---------------------------------------------------------------------- the views


def _error(text: str) -> str:
    return f"<span style='color:#b00020'>{html.escape(text)}</span>" if text else ""


class SandboxApp(MarketView):
    """The ipywidgets view of one sandbox (``kind``: garden, market or home)."""

    def __init__(self, sandbox: Any) -> None:
        """Build the controls around ``sandbox`` and draw it."""
        self.sandbox = sandbox
        self.figure = BoardWidget()
        self.report = w.HTML()
        self.message = w.HTML()
        if isinstance(sandbox, GardenSandbox):
            controls = self._garden_controls()
        elif isinstance(sandbox, MarketSandbox):
            controls = self._market_controls()
        else:
            controls = self._home_controls()
        self.redraw()  # the figure's first state, before it joins the page
        self.widget = w.VBox([controls, self.message, self.figure, self.report])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the app's widget as the cell's result (and its picture, for static viewers)."""
        names = {GardenSandbox: "Takenoko garden", MarketSandbox: "Bangkok market"}
        what = names.get(type(self.sandbox), "Bamboo home")
        return cell_result(self.widget, self.figure, f"A {what} sandbox")

    # -------------------------------------------------------------- garden

    def _garden_controls(self) -> w.Widget:
        self.where = w.Text(value="1,0", description="plot q,r", layout=w.Layout(width="180px"))
        self.colour = w.Dropdown(
            options=[("green", "G"), ("yellow", "Y"), ("pink", "P")], description="colour"
        )
        self.printed = w.Dropdown(
            options=[("none", ""), ("watershed", "W"), ("enclosure", "E"), ("fertilizer", "F")],
            description="printed",
        )
        self.bamboo = w.IntSlider(value=0, min=0, max=4, description="bamboo")
        self.chip = w.Dropdown(
            options=[("no chip", ""), ("watershed", "W"), ("enclosure", "E"), ("fertilizer", "F")],
            description="chip",
        )
        self.side = w.Dropdown(
            options=list(range(6)),
            description="channel side",
            style={"description_width": "initial"},
            layout=w.Layout(width="180px"),
        )
        self.card = w.Dropdown(options=["(none)"], description="show card")
        self.card.observe(lambda _c: self.redraw(), names="value")
        buttons = [
            ("place plot", self._place),
            ("remove plot", self._remove),
            ("set bamboo", self._bamboo),
            ("set chip", self._chip),
            ("channel on/off", self._channel),
        ]
        row = w.HBox([self._btn(t, f) for t, f in buttons], layout=w.Layout(flex_flow="row wrap"))
        help_text = w.HTML(
            "<i>Click a hex to pick it (or type q,r), then place a plot, set its bamboo or chip;"
            " a channel goes on the picked plot's side 0-5 (0 = east, counter-clockwise).</i>"
        )
        grid = w.HBox(
            [self.where, self.colour, self.printed, self.bamboo, self.chip, self.side],
            layout=w.Layout(flex_flow="row wrap"),
        )
        return w.VBox([help_text, grid, row, self.card])

    def _hex(self) -> Hex | None:
        try:
            q, r = (int(v) for v in self.where.value.split(","))
        except ValueError:
            self.sandbox.message = f"a place is written q,r (like 1,0), not {self.where.value!r}"
            return None
        return Hex(q, r)

    def _do(self, fn: Any, *args: Any) -> None:
        h = self._hex()
        if h is not None:
            fn(h, *args)
        self.redraw()

    def _place(self) -> None:
        tile = self.colour.value + self.printed.value
        self._do(self.sandbox.place_plot, tile, self.bamboo.value, self.chip.value or None)

    def _remove(self) -> None:
        self._do(self.sandbox.remove_plot)

    def _bamboo(self) -> None:
        self._do(self.sandbox.set_bamboo, self.bamboo.value)

    def _chip(self) -> None:
        self._do(self.sandbox.set_chip, self.chip.value or None)

    def _channel(self) -> None:
        h = self._hex()
        if h is not None:
            self.sandbox.toggle_channel(Edge(h, self.side.value))
        self.redraw()

    def pick(self, x: float, y: float) -> Hex:
        """A click on the garden at (x, y) picks the hex under it."""
        h = _LAYOUT.pixel_to_hex(Point(x, y))
        self.where.value = f"{h.q},{h.r}"
        return h

    def _on_click(self, _trace: Any, points: Any, _state: Any) -> None:
        if points.xs:
            self.pick(points.xs[0], points.ys[0])

    def _draw_garden(self) -> None:
        s: GardenSandbox = self.sandbox
        placements = s.plot_objectives()
        met_plot = {c: p for c, p in placements.items() if p}
        met_gardener = [c for c, ok in s.gardener_objectives().items() if ok]
        # each card met offered by what it asks (its id is the value, printed on the picture)
        shown = [("(none)", "(none)"), *((objective_words(card), card) for card in met_plot)]
        if list(self.card.options) != shown:
            keep = self.card.value if self.card.value in met_plot else "(none)"
            self.card.options = shown
            self.card.value = keep
        card = self.card.value
        if card in met_plot:
            fig = viz.takenoko.matches(s.state, card)
        else:
            fig = viz.takenoko.figure(s.state)
            fig.update_layout(
                title_text="<b>Garden sandbox</b><br><sup>click a hex to pick it; the pond"
                " irrigates its neighbours, channels the plots they touch</sup>"
            )
        replace_figure(self.figure, fit_width(fig, garden=card not in met_plot))
        for trace in self.figure.data:
            trace.on_click(self._on_click)
        rows = "".join(
            f"<tr><td><b>{c}</b></td><td>{html.escape(objective_words(c))}</td>"
            f"<td>{tk.CARDS[c].points}</td><td>{len(p)}</td></tr>"
            for c, p in met_plot.items()
        )
        gardener = ", ".join(objective_words(card) for card in met_gardener) or "none"
        self.report.value = (
            f"<b>Plot objectives met</b> ({len(met_plot)} of {len(placements)}; pick one above"
            " to see where):<table><tr><th>card</th><th>shape</th><th>points</th>"
            f"<th>placements</th></tr>{rows}</table><b>Gardener objectives met:</b> {gardener}"
        )

    # -------------------------------------------------------------- home

    def _home_controls(self) -> w.Widget:
        s: HomeSandbox = self.sandbox
        options = [("—", "")] + [
            (f"{_HOME_TILES[t]}, comfort {k}", f"{t}/{k}") for t in "DFGT" for k in (1, 2, 3)
        ]
        self.spaces = []
        for i in range(15):
            r, c = divmod(i, 5)
            d = w.Dropdown(options=options, value="", layout=w.Layout(width="90px"))
            d.observe(lambda ch, r=r, c=c: self._space(r, c, ch["new"]), names="value")
            self.spaces.append(d)
        grid = w.GridBox(self.spaces, layout=w.Layout(grid_template_columns="repeat(5, 96px)"))
        self.tiles = w.SelectMultiple(
            options=[t.name for t in bb.BALANCE_TILES],
            value=tuple(s.balance),
            rows=6,
            description="balance",
        )
        self.tiles.observe(lambda c: self._tiles(c["new"]), names="value")
        self.foods = [
            w.BoundedIntText(value=n, min=0, max=20, description=k, layout=w.Layout(width="150px"))
            for k, n in zip(("tea", "rice", "ramen"), s.food, strict=True)
        ]
        for f in self.foods:
            f.observe(lambda _c: self._food(), names="value")
        help_text = w.HTML(
            "<i>Each space: a home tile type (decoration, faith, garden or tools) and its"
            " comfort. Pick balance tiles to check and the food held for the Winter bill.</i>"
        )
        return w.VBox([help_text, w.HBox([grid, self.tiles]), w.HBox(self.foods)])

    def furnish(self, tiles: dict[tuple[int, int], tuple[str, int]]) -> None:
        """Put home tiles in a home sandbox, as if picked in its spaces: ``{(row, column):
        (type, comfort)}``, the type in words (decoration, faith, garden or tools)."""
        if not isinstance(self.sandbox, HomeSandbox):
            raise TypeError("only a home sandbox has spaces to furnish")
        letters = {words: letter for letter, words in _HOME_TILES.items()}
        for (row, column), (kind, comfort) in tiles.items():
            if kind not in letters:
                raise ValueError(f"a home tile is {', '.join(letters)}, not {short_repr(kind)}")
            self.spaces[row * 5 + column].value = f"{letters[kind]}/{comfort}"

    def _space(self, row: int, col: int, value: str) -> None:
        if value:
            kind, comfort = value.split("/")
            self.sandbox.place(row, col, kind, int(comfort))
        else:
            self.sandbox.place(row, col, None)
        self.redraw()

    def _tiles(self, names: tuple[str, ...]) -> None:
        self.sandbox.balance = tuple(names)
        self.redraw()

    def _food(self) -> None:
        self.sandbox.food = tuple(int(f.value) for f in self.foods)
        self.redraw()

    def _draw_home(self) -> None:
        s: HomeSandbox = self.sandbox
        replace_figure(self.figure, fit_width(viz.bamboo.home(s.home, tiles=list(s.balance))))
        rep = s.report()
        bill = rep["feeding"]
        rows = "".join(
            f"<tr><td><b>{name}</b></td><td>{html.escape(v['pattern'])}</td><td>{v['hp']}</td>"
            f"<td>{'yes' if v['met'] else 'no'}</td><td>{len(v['spaces'])}</td></tr>"
            for name, v in rep["balance"].items()
        )
        left, right = rep["harmony"]
        self.report.value = (
            f"harmony: left comfort {left}, right comfort {right}, penalty"
            f" <b>{rep['harmony_penalty']} HP</b> · comfort {rep['comfort']}<br>Winter bill:"
            f" need {bill['need']}, pay {html.escape(str(bill['pay']))}, waste {bill['waste']},"
            f" HP lost <b>{bill['hp_lost']}</b><table><tr><th>balance tile</th><th>pattern</th>"
            f"<th>HP</th><th>met</th><th>placements</th></tr>{rows}</table>"
        )

    # -------------------------------------------------------------- shared

    def _btn(self, text: str, fn: Any) -> w.Button:
        b = w.Button(description=text, layout=w.Layout(width="auto"))
        b.on_click(lambda _b: fn())
        return b

    def redraw(self) -> None:
        """Redraw the picture and the scores from the sandbox."""
        self.message.value = _error(self.sandbox.message)
        if isinstance(self.sandbox, GardenSandbox):
            self._draw_garden()
        elif isinstance(self.sandbox, MarketSandbox):
            self._draw_market()
        else:
            self._draw_home()
