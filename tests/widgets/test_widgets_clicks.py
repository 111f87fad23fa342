"""Clicks on the picture: a click maps to exactly the legal action the picture shows there, and
an impossible click is refused with its rule (from ``explain``); nothing else changes."""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")

from bamboo_lab import widgets
from bamboo_lab.widgets.app import _hover_points, place_of
from bamboo_lab.widgets.controller import CardChoice


def _until(c: widgets.PlayController, phase: str, kind: str, seed: int) -> None:
    """Play random moves (hot-seat) until a person faces ``phase`` with a ``kind`` action."""
    chooser = random.Random(seed)
    for _ in range(3000):
        legal = c.legal_actions()
        if c.state.phase == phase and any(type(a).__name__ == kind for a in legal):
            return
        assert not c.state.is_over(), f"no {phase} decision came"
        assert c.play(chooser.choice(legal)), c.message
    raise AssertionError(f"no {phase} decision came")


def test_BK_ACT_1_a_click_on_a_port_cell_collects_exactly_that_card() -> None:
    c = widgets.PlayController("bangkok", 2, bots=None, seed=7)
    before = c.state
    assert c.click(("port", 5)) == [] and c.state is before
    assert "BK-ACT-1" in c.message, "collecting comes after placing a card"
    _until(c, "collect", "Collect", 1)
    legal = c.legal_actions()
    line = sorted({cell for a in legal for cell in a.cells})
    outside = next(cell for cell in range(1, 10) if cell not in line)
    before = c.state
    assert c.click(("port", outside)) == [] and c.state is before
    assert "BK-ACT-1" in c.message and f"cell {outside}" in c.message
    single = [
        a for a in legal if len(a.cells) == 1 and sum(a.cells[0] in b.cells for b in legal) == 1
    ]
    if single:
        (played,) = c.click(("port", single[0].cells[0]))
        assert played == single[0] and c.steps[-1].action == single[0]
    else:  # every cell is in several sets: they are offered, nothing is played yet
        cell = legal[0].cells[0]
        offered = c.click(("port", cell))
        assert offered == [a for a in legal if cell in a.cells] and c.state is before


def test_BK_MKT_3_a_click_on_a_market_cell_lays_the_picked_card_there() -> None:
    c = widgets.PlayController("bangkok", 2, bots=None, seed=3)
    _until(c, "lay", "LayInMarket", 2)
    lays = [a for a in c.legal_actions() if type(a).__name__ == "LayInMarket"]
    card = lays[0].card
    assert c.click(("hand", card)) == [] and c.selected == card
    cells = {a.cell for a in lays if a.card == card}
    wrong = next(cell for cell in range(1, 10) if cell not in {a.cell for a in lays})
    before = c.state
    assert c.click(("market", wrong)) == [] and c.state is before
    assert re.search(r"\(BK-MKT-\d\)", c.message), c.message
    cell = min(cells)
    (played,) = c.click(("market", cell))
    assert (played.card, played.cell) == (card, cell) and c.steps[-1].action == played


def test_bangkok_offers_a_dozen_buttons_at_most_card_first() -> None:
    c = widgets.PlayController("bangkok", 2, bots="heuristic", seed=7)
    groups = c.grouped_actions()
    count = sum(len(items) for items in groups.values())
    assert count <= 12 and "pick a hand card" in groups
    choice = groups["pick a hand card"][0][1]
    assert isinstance(choice, CardChoice) and c.choose_card(choice.card)
    groups = c.grouped_actions()
    assert sum(len(items) for items in groups.values()) <= 15
    (slots,) = [items for group, items in groups.items() if group.startswith("place card")]
    assert all(re.match(r"[LRTB][123] \(", label) for label, _ in slots), "named as drawn"
    assert not c.choose_card(999) and "cannot be played" in c.message


def test_bamboo_a_click_on_a_home_market_tile_buys_it() -> None:
    c = widgets.PlayController("bamboo", 2, bots=None, seed=4)
    before = c.state
    name = next(
        iter(place_of("bamboo", t) for t in _hover_points(_main(c)) if place_of("bamboo", t))
    )
    assert c.click(name) == [] and c.state is before
    assert re.search(r"\(BB-[A-Z]+-\d\)", c.message), c.message
    _until(c, "improve", "BuyHomeTile", 3)
    buy = next(a for a in c.legal_actions() if type(a).__name__ == "BuyHomeTile")
    (played,) = c.click(("home tile", buy.tile))
    assert played == buy and c.steps[-1].action == buy
    assert c.state.phase == "home"
    place = next(a for a in c.legal_actions() if type(a).__name__ == "PlaceHomeTile")
    (played,) = c.click(("home", place.row, place.col))
    assert played == place


def _main(c: widgets.PlayController) -> object:
    from bamboo_lab.widgets.app import board_pictures

    return board_pictures(c, True)[0]


def test_a_click_in_the_app_on_a_port_cell_plays_it() -> None:
    app = widgets.play("bangkok", bots="heuristic", seed=7)
    c = app.controller
    _until(c, "collect", "Collect", 1)
    app.redraw()
    legal = c.legal_actions()
    cell = legal[0].cells[0]
    xy = next(v for k, v in _hover_points(app._main).items() if k.startswith(f"port cell {cell} "))
    steps = len(c.steps)
    assert app.click(*xy)
    assert len(c.steps) == steps + 1 or "ways to play" in app.message.value
