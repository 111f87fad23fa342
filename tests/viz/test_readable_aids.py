"""The three player aids read at a projector's size and print on one page: no text under
:data:`READABLE_PX` at a 1280-pixel page, every text inside the picture, no engine notation."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from viz_parts import PAGE_WIDTH, READABLE_PX, small_texts, text_of

from bamboo_lab.viz import bamboo, bangkok, takenoko
from bamboo_lab.viz._common import LABELS

AIDS: dict[str, Callable[[], Any]] = {
    "takenoko": takenoko.player_aid,
    "bamboo": bamboo.player_aid,
    "bangkok": bangkok.player_aid,
}
"""Each game's player aid."""

A4_PIXELS = (794, 1123)
"""An A4 page at 96 pixels per inch (the PDF is written at 96 pixels to 72 points)."""

_CHARACTER_EM = 0.47
"""An average width of one character of a sentence, in font sizes (Arial: about 0.45)."""


@pytest.fixture(scope="module", params=list(AIDS))
def aid(request: pytest.FixtureRequest) -> Any:
    """One game's player aid, built once."""
    return AIDS[request.param]()


def _pixels_per_unit(fig: Any) -> float:
    """Pixels per data unit (the aids draw one scale on both axes: the smaller one holds)."""
    margin = fig.layout.margin
    x0, x1 = fig.layout.xaxis.range
    y0, y1 = fig.layout.yaxis.range
    across = (fig.layout.width - margin.l - margin.r) / (x1 - x0)
    down = (fig.layout.height - margin.t - margin.b) / (y1 - y0)
    return min(across, down)


def _lines(text: str) -> list[str]:
    """The lines of a label, without their markup."""
    return [re.sub(r"<[^>]+>", "", line) for line in text.split("<br>")]


def test_no_text_of_a_player_aid_is_under_12_px(aid: Any) -> None:
    """Every label, title, legend and trace text is at least 12 px at a 1280-pixel page."""
    assert READABLE_PX == 12
    assert aid.layout.width <= PAGE_WIDTH
    assert small_texts(aid) == []


def test_a_player_aid_prints_on_one_a4_page(aid: Any) -> None:
    """Portrait or landscape, the page is no larger than A4 (5% for the printer's scaling)."""
    short, long = sorted((aid.layout.width, aid.layout.height))
    assert short <= A4_PIXELS[0] * 1.05 and long <= A4_PIXELS[1] * 1.05
    assert 1.3 <= long / short <= 1.5  # an A4 page's proportions, about the square root of 2


def test_every_text_of_a_player_aid_stays_inside_the_picture(aid: Any) -> None:
    """Each label's lines, at a generous width per character, end inside the axes' ranges."""
    scale = _pixels_per_unit(aid)
    x_low, x_high = aid.layout.xaxis.range
    y_low, y_high = aid.layout.yaxis.range
    (trace,) = [t for t in aid.data if t.name == LABELS]
    positions = trace.textposition
    sizes = trace.textfont.size
    for k, (x, y, text) in enumerate(zip(trace.x, trace.y, trace.text, strict=True)):
        position = positions[k] if isinstance(positions, tuple | list) else positions
        size = sizes[k] if isinstance(sizes, tuple | list) else sizes
        lines = _lines(text)
        wide = max(len(line) for line in lines) * size * _CHARACTER_EM / scale
        high = len(lines) * size * 1.25 / scale
        left = x - wide if "left" in position else x if "right" in position else x - wide / 2
        bottom = y - high if "bottom" in position else y if "top" in position else y - high / 2
        assert x_low <= left and left + wide <= x_high, (text, left, wide)
        assert y_low <= bottom and bottom + high <= y_high, (text, bottom, high)


def test_takenoko_aid_names_no_coordinates() -> None:
    """The garden's key speaks of plots and the pond, never of q,r coordinates."""
    text = text_of(takenoko.player_aid())
    assert "q,r" not in text and "0,0" not in text


def test_BB_ACT_1_bamboo_aid_says_the_balance_action_in_the_rulebooks_words() -> None:
    """Balance: 1 HP, or two of obtain/score in any mix (BB-ACT-1 to BB-ACT-3)."""
    text = text_of(bamboo.player_aid()).replace("<br>", " ")
    assert "two steps" not in text
    assert "+1 HP, or do two of these, in any mix: obtain a balance tile;" in text
    assert "score one your home shows (+ its HP)" in text


def test_BK_SCORE_1_bangkok_aid_says_a_chilli_cards_basket_is_not_its_scored_good() -> None:
    """The drawn C1 card carries one good and scores another: the aid says which, in words."""
    import bamboo_lab.games.bangkok as bk
    from bamboo_lab.viz.bangkok_cards import GOOD_NAMES

    card = bk.cards(kind="chilli", chilli_type=1)[0]
    assert set(card.goods).isdisjoint(card.indicated)
    text = text_of(bangkok.player_aid()).replace("<br>", " ")
    carried = " and ".join(GOOD_NAMES[good] for good in card.goods)
    scored = " and ".join(GOOD_NAMES[good] for good in card.indicated)
    assert f"this C1 carries a {carried} basket and scores {scored}" in text
