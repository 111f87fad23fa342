"""Bangkok pictures that teach: what changed since an earlier position glows yellow (port, hand,
market, whole table), read back from the figure's data; chilli outlines run between the cards
and their badges sit inside them; cards in a row; the player aid."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("plotly")

from viz_parts import boxes, labels, texts

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.viz import bangkok as vb
from bamboo_lab.viz import palette

C = bk.parse_card_spec
YELLOW = palette.OKABE_ITO["yellow"]
RULEBOOK_MARKET = [
    [C("C4:BZ/P"), C("B"), C("BZ")],
    [C("FF"), C("C3:FB/B"), C("BBF")],
    [C("ZF"), C("BP"), C("C1:P/Z")],
]


def halos(fig) -> list[tuple[float, float, float, float]]:
    """The yellow glows (x0, x1, y0, y1) of what changed."""
    found = []
    for shape in fig.layout.shapes:
        if shape.type == "path" and shape.fillcolor == YELLOW:
            numbers = [float(v) for v in re.findall(r"-?\d+\.\d+", shape.path)]
            xs, ys = numbers[0::2], numbers[1::2]
            found.append((min(xs), max(xs), min(ys), max(ys)))
    return found


def tags(fig) -> list[tuple[float, float, str]]:
    """The yellow tags hanging on changed cards: (x, y, word)."""
    return [
        (a.x, a.y, re.sub(r"</?b>", "", a.text))
        for a in fig.layout.annotations
        if a.bgcolor == YELLOW
    ]


def guide() -> bk.State:
    return bk.position(
        port=[["Z", "F", "P"], ["BF", "BB", "C2:B/B"], ["FF", "C1:B/F", "B"]],
        hands=[["ZP", "B", "F"], ["PP", "Z", "ZF"]],
        objectives=["fish", "blue peas"],
    )


def test_BK_SHIFT_1_BK_REFILL_1_port_highlights_the_slid_card_the_placed_card_and_the_refill() -> (
    None
):
    before = guide()
    placed = before.apply(bk.parse_action("place:#36PZ@R1", before))
    after = placed.apply(bk.parse_action("take:1+3", placed))
    changes = vb.Changes(placed, after)
    # the engine's facts: row 1 was Z F P, placed right of it: the fish slid left, the placed
    # card followed it and the gap, on the placed side (cell 3), was refilled
    assert changes.port == {0: "slid", 1: "placed", 2: "refill"}
    assert set(changes.hands[0].values()) == {"cell 1", "cell 3"}
    fig = vb.port(after, changed_from=placed)
    words = sorted(word for _, _, word in tags(fig))
    assert words == sorted(["from pile", "slid", "your card", "from cell 1", "from cell 3"])
    assert len(halos(fig)) == 5
    for x, _, _ in tags(fig):  # every tag hangs on a glowing card
        assert any(x0 < x < x1 for x0, x1, _, _ in halos(fig))
    assert any("yellow: changed" in t for t in texts(fig))


def test_port_without_an_earlier_position_highlights_nothing() -> None:
    fig = vb.port(guide())
    assert not halos(fig) and not tags(fig)
    assert not any("yellow" in t for t in texts(fig))


def test_BK_ACT_1_the_placed_card_waits_beside_its_slot_and_glows_as_new() -> None:
    before = guide()
    placed = before.apply(bk.parse_action("place:#36PZ@R1", before))
    fig = vb.port(placed, changed_from=before)
    assert "placed" in " ".join(texts(fig))
    ((x0, _, _, _),) = halos(fig)  # only the placed card changed (the hand lost it)
    slot_r1 = next(t for t in labels(fig) if t.text == "R1")
    assert x0 > slot_r1.x  # right of row 1's slot name


def test_port_refuses_what_is_not_a_state_or_a_seat() -> None:
    with pytest.raises(InvalidStateError):
        vb.port("port")
    with pytest.raises(InvalidStateError):
        vb.port(guide(), seat=5)
    with pytest.raises(InvalidStateError):
        vb.port(guide(), changed_from=bk.new_game(3, seed=1))


def cell_box(cell: int) -> tuple[float, float, float, float]:
    """Market cell ``cell`` (0-8) as (x0, x1, y0, y1)."""
    (cw, ch, gap), (x0, y0) = vb.MARKET_CARD, vb.MARKET_ORIGIN
    r, c = divmod(cell, 3)
    x = x0 + c * (cw + gap)
    y = y0 - r * (ch + gap) - ch
    return x, x + cw, y, y + ch


def test_BK_MKT_3_market_highlights_the_card_just_laid() -> None:
    laying = bk.position(
        markets=[[["C2:F/F", "ZB", None], ["PP", None, None], [None] * 3], [None] * 9],
        hands=[["C1:B/F", "C3:PZ/B", "ZF", "F"], ["PZ", "Z", "ZF"]],
        phase="lay",
        turn=2,
    )
    laid = laying.apply(bk.parse_action("lay:#14*F@7", laying))
    fig = vb.market(laid, seat=0, changed_from=laying)
    ((x0, x1, y0, y1),) = halos(fig)
    cx0, cx1, cy0, cy1 = cell_box(6)
    assert x0 < cx0 < cx1 < x1 and y0 < cy0 < cy1 < y1
    assert [word for _, _, word in tags(fig)] == ["new"]


def test_market_changed_from_nine_cells_compares_card_specs() -> None:
    earlier = [list(row) for row in RULEBOOK_MARKET]
    earlier[2][2] = None
    earlier[0][1] = C("P")
    fig = vb.market(RULEBOOK_MARKET, objective="blue_peas", changed_from=earlier)
    centres = {(round((b[0] + b[1]) / 2, 3), round((b[2] + b[3]) / 2, 3)) for b in halos(fig)}
    expected = set()
    for cell in (1, 8):
        x0, x1, y0, y1 = cell_box(cell)
        expected.add((round((x0 + x1) / 2, 3), round((y0 + y1) / 2, 3)))
    assert centres == expected


def test_BK_SCORE_2_outlines_run_between_the_cards_never_across_one() -> None:
    fig = vb.market(RULEBOOK_MARKET, objective="blue_peas")
    outlines = [t for t in fig.data if (t.name or "").startswith("chilli ")]
    assert len(outlines) == 3
    cards = [cell_box(i) for i in range(9)]
    for trace in outlines:
        for x, y in zip(trace.x, trace.y, strict=True):
            if x is None:
                continue
            assert not any(x0 < x < x1 and y0 < y < y1 for x0, x1, y0, y1 in cards), (x, y)
    # each outline at its own distance from the cards: no two share a line
    lines = [{(x, y) for x, y in zip(t.x, t.y, strict=True) if x is not None} for t in outlines]
    assert not lines[0] & lines[1] and not lines[1] & lines[2] and not lines[0] & lines[2]


def test_BK_SCORE_2_each_badge_sits_inside_its_chilli_card_above_the_edge() -> None:
    fig = vb.market(RULEBOOK_MARKET, objective="blue_peas")
    score = bk.score_market(RULEBOOK_MARKET, "blue_peas")
    badges = [a for a in fig.layout.annotations if re.match(r"<b>\d: [+-]\d+</b>", a.text)]
    assert len(badges) == len(score.chillies)
    for badge, chilli in zip(badges, score.chillies, strict=True):
        x0, x1, y0, _ = cell_box(chilli.cell - 1)
        assert x0 < badge.x < x1
        assert y0 + 0.15 < badge.y < y0 + 0.5  # on the strip kept free below the baskets


def test_every_mark_of_a_market_is_in_its_key() -> None:
    key = " ".join(texts(vb.market(RULEBOOK_MARKET, objective="blue_peas")))
    for mark in ("C1-C4", "→PZ", "outline n", "type 4"):
        assert mark in key
    plain = " ".join(texts(vb.market([C("B")] * 9, objective="fish")))
    assert "C1-C4" not in plain  # no chilli card, no chilli key


def test_table_figure_highlights_port_hand_and_market_changes() -> None:
    laying = bk.position(
        markets=[[["C2:F/F", "ZB", None], ["PP", None, None], [None] * 3], [None] * 9],
        hands=[["C1:B/F", "C3:PZ/B", "ZF", "F"], ["PZ", "Z", "ZF"]],
        phase="lay",
        turn=2,
    )
    laid = laying.apply(bk.parse_action("lay:#14*F@7", laying))
    assert len(halos(vb.figure(laid, changed_from=laying))) == 1
    before = guide()
    placed = before.apply(bk.parse_action("place:#36PZ@R1", before))
    after = placed.apply(bk.parse_action("take:1+3", placed))
    changes = vb.Changes(placed, after)
    assert len(halos(vb.figure(after, changed_from=placed))) == len(changes.port) + 2
    assert not halos(vb.figure(after))
    key = " | ".join(texts(vb.figure(after, changed_from=placed)))
    assert "<b>yellow</b></span>: changed" in key and "→PZ: the goods a chilli card scores" in key
    assert "yellow" not in " | ".join(texts(vb.figure(after)))


def test_card_row_draws_each_card_and_highlights_the_chosen_places() -> None:
    fig = vb.card_row(
        ["PZF", None, "P", "P", "B"], captions=["a", "", "b", "c", "d"], highlight=[2, 3]
    )
    baskets = sum(len(t.x) for t in fig.data if t.mode == "markers+text")
    assert baskets == 3 + 1 + 1 + 1
    assert len(halos(fig)) == 2
    with pytest.raises(InvalidStateError):
        vb.card_row(["P"], captions=["a", "b"])
    with pytest.raises(InvalidStateError):
        vb.card_row([])


def test_BK_SCORE_3_to_6_player_aid_draws_each_chilli_type_with_the_engine_example() -> None:
    fig = vb.player_aid()
    written = " ".join(texts(fig))
    for heading in ("The goal", "Your turn", "Your market", "The end"):
        assert heading in written
    for chilli_type in (1, 2, 3, 4):
        assert f"type {chilli_type}" in written
    # the examples' points come from the scoring formula
    assert f"{bk.chilli_points(1, [2])} points" in written
    assert f"{bk.chilli_points(3, [2, 3])} points" in written
    # the three neighbourhood grids: a corner counts 3 cards, a side 4, the centre 5
    shaded = [b for b in boxes(fig, "rect") if b in _shaded(fig)]
    assert len(shaded) == 3 + 4 + 5
    legend = {t.name for t in fig.data if t.showlegend}
    assert len(legend) == 4  # the four goods


def _shaded(fig) -> list[tuple[float, float, float, float]]:
    return [
        (s.x0, s.x1, s.y0, s.y1)
        for s in fig.layout.shapes
        if s.type == "rect" and s.fillcolor == "#F2B8A0"
    ]
