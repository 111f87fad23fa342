"""The sandboxes filled and read in words (issue 43): a market laid with named cards, a home
furnished by tile type, each answered by the engine with no card code or tile letter shown."""

from __future__ import annotations

import pytest

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
