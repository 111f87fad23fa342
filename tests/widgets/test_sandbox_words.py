"""The sandboxes filled and read in words (issue 43): a market laid with named cards, a home
furnished by tile type, each answered by the engine with no card code or tile letter shown."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
import ipywidgets as w

from bamboo_lab import widgets
from bamboo_lab.exercises.bangkok_lessons import boat, chilli
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games import bangkok as bk


def test_BK_SCORE_5_a_market_laid_with_named_cards_is_scored_by_the_engine() -> None:
    app = widgets.market_sandbox("fish")
    cards = [
        chilli(3, "fish", "blue peas", shows=["blue peas"]),
        boat("fish", "fish"),
        boat("fish"),
        boat("blue peas", "blue peas"),
    ]
    app.lay(cards)
    score, engine = app.sandbox.score(), bk.score_market([*cards, *[None] * 5], objective="fish")
    assert [(c.cell, c.counts, c.points) for c in score.chillies] == [
        (c.cell, c.counts, c.points) for c in engine.chillies
    ]
    assert score.total == engine.total
    report = app.report.value
    assert "type 3, counts fish and blue peas" in report and "C3:" not in report


def _controls(widget: w.Widget) -> list[w.Widget]:
    """Every control inside ``widget`` (its boxes opened)."""
    inside = [_controls(child) for child in getattr(widget, "children", ())]
    return [widget, *[c for found in inside for c in found]]


def _choose(app: widgets.SandboxApp, cell: int, kind: str, baskets: list[str]) -> None:
    """Pick ``cell``, the kind of card and its baskets in the market sandbox's controls."""
    app.cell.value = cell
    app.kind.value = kind
    for box, good in zip(app.baskets, [*baskets, "", ""], strict=False):
        box.value = good


def test_a_market_is_built_by_choosing_in_words_and_scored_live() -> None:
    """Issue 43: the controls name goods and cards in the rulebook's words (no card spec to
    type); laying a chosen card redraws the market and its score."""
    app = widgets.market_sandbox("fish")
    shown = [label for box in (*app.baskets, *app.counts, app.good) for label, _ in box.options]
    assert {"passion fruit", "Thai zucchini", "blue peas", "fish"} <= set(shown)
    assert list(app.kind.options) == ["boat card", "chilli card"]
    assert app.chilli_box.layout.display == "none"  # a boat card has no type nor counted goods
    assert not [c for c in _controls(app.widget) if isinstance(c, w.Text)]  # nothing to type
    _choose(app, 1, "boat card", ["fish", "fish"])
    assert "the fish and fish card" in app.chosen.value
    app._lay()
    drawn = app.figure.to_plotly_json()["data"]
    _choose(app, 2, "chilli card", ["blue_peas"])
    assert app.chilli_box.layout.display == ""
    app.chilli_type.value = 3
    app.counts[0].value, app.counts[1].value = "fish", "blue_peas"
    assert "chilli card with blue peas (type 3, counts fish and blue peas)" in app.chosen.value
    app._lay()
    assert app.message.value == "" and app.figure.to_plotly_json()["data"] != drawn
    cards = [bk.parse_card_spec("FF"), chilli(3, "fish", "blue peas", shows=["blue peas"])]
    engine = bk.score_market([*cards, *[None] * 7], objective="fish")
    assert app.sandbox.score().total == engine.total
    assert f"<b>total {engine.total}</b>" in app.report.value
    assert "cell 2: the chilli card with blue peas" in app.report.value
    assert "C3:" not in app.report.value and "C3:" not in app.chosen.value
    app.cell.value = 1  # a picked cell shows its card in the controls
    assert (app.kind.value, [b.value for b in app.baskets]) == ("boat card", ["fish", "fish", ""])


@pytest.mark.parametrize(
    ("cell", "choose", "refusal"),
    [
        (3, {"chilli_type": 3, "counts": ["fish", ""]}, "a type 3 chilli card counts a pair"),
        (3, {"chilli_type": 2, "counts": ["fish", "blue_peas"]}, "counts one good, not fish and"),
        (3, {"chilli_type": 4, "counts": ["fish", "fish"]}, "two different goods, not fish twice"),
        (3, {"chilli_type": 2, "counts": ["fish", ""]}, "two chilli cards in row 1"),
        (9, {"chilli_type": 2, "counts": ["fish", ""]}, "cell 9 is not connected to cell 1"),
    ],
)
def test_a_bad_combination_is_refused_in_words_and_changes_nothing(
    cell: int, choose: dict, refusal: str
) -> None:
    app = widgets.market_sandbox("fish")
    _choose(app, 1, "chilli card", ["fish"])
    app.chilli_type.value, app.counts[0].value = 2, "blue_peas"
    app._lay()
    _choose(app, 2, "boat card", ["fish"])
    app._lay()
    cells, state, drawn = list(app.sandbox.cells), app.sandbox.state, app.figure.data
    _choose(app, cell, "chilli card", ["blue_peas"])
    app.chilli_type.value = choose["chilli_type"]
    for box, good in zip(app.counts, choose["counts"], strict=True):
        box.value = good
    app._lay()
    assert refusal in app.message.value and "refused" in app.message.value
    assert not re.search(r"C\d:|market 0|\b[PZBF]{2,}\b", app.message.value)
    assert app.sandbox.cells == cells and app.sandbox.state is state
    assert app.figure.data == drawn


def test_the_engine_notation_stays_a_programmers_method() -> None:
    """``set_cell`` still reads the card-spec notation, for programmers (no control shows it)."""
    sandbox = widgets.MarketSandbox()
    assert sandbox.set_cell(1, "C3:FB/B") and sandbox.card(1).spec == "C3:FB/B"
    assert sandbox.lay_card(2, "boat card", ["Thai zucchini", "passion fruit"])
    assert sandbox.cells[:2] == ["C3:FB/B", "ZP"]
    assert sandbox.set_objective("blue peas") and sandbox.objective == "blue_peas"
    assert not sandbox.set_objective("rice") and "not 'rice'" in sandbox.message
    assert "(or P, Z, B, F)" not in sandbox.message


def test_a_home_furnished_in_words_is_the_engines_home() -> None:
    app = widgets.home_sandbox()
    app.furnish({(0, 0): ("garden", 2), (1, 1): ("faith", 3)})
    assert app.sandbox.spaces == {(0, 0): ("G", 2), (1, 1): ("F", 3)}
    table = app.sandbox.table()
    left, right = bb.harmony(app.sandbox.home)
    assert table.column("value")[0] == f"{left} and {right}"
    assert all("/" not in label for label, _ in app.spaces[0].options)
    with pytest.raises(ValueError, match="not 'kitchen'"):
        app.furnish({(0, 1): ("kitchen", 1)})
    assert app.sandbox.spaces == {(0, 0): ("G", 2), (1, 1): ("F", 3)}


def test_only_a_market_is_laid_and_only_a_home_furnished() -> None:
    with pytest.raises(TypeError, match="market sandbox"):
        widgets.home_sandbox().lay([boat("fish")])
    with pytest.raises(TypeError, match="home sandbox"):
        widgets.market_sandbox().furnish({(0, 0): ("garden", 1)})
