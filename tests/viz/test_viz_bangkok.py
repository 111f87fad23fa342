"""Bangkok pictures: the rulebook's 20-point market, neighbourhood outlines, the port."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("plotly")

from viz_parts import boxes, labels, texts

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import GOOD_LETTERS
from bamboo_lab.viz import bangkok as vb
from bamboo_lab.viz.pictures import played

C = bk.parse_card_spec
RULEBOOK_MARKET = [
    [C("C4:BZ/P"), C("B"), C("BZ")],
    [C("FF"), C("C3:FB/B"), C("BBF")],
    [C("ZF"), C("BP"), C("C1:P/Z")],
]


def annotations(fig) -> str:
    return " | ".join(texts(fig))


def test_BK_SCORE_2_rulebook_market_scores_20_with_each_chilli_annotated() -> None:
    fig = vb.market(RULEBOOK_MARKET, objective="blue_peas")
    assert "20 points" in fig.layout.title.text
    text = annotations(fig)
    # chilli 1 (type 4, cell 1): 2; chilli 2 (type 3, centre): 6; chilli 3 (type 1, cell 9): 4
    for badge in ("1: +2", "2: +6", "3: +4"):
        assert badge in text
    assert "total: 20" in text and "complete market: <b>2</b>" in text
    assert "fish 3, blue peas 5" in text


def outline_cells(trace) -> set[int]:
    """The market cells (0-8) whose centres an outline trace encloses."""
    (cw, ch, gap), (x0, y0) = vb.MARKET_CARD, vb.MARKET_ORIGIN
    xs = [x for x in trace.x if x is not None]
    ys = [y for y in trace.y if y is not None]
    segments = [
        (trace.x[i], trace.y[i], trace.x[i + 1], trace.y[i + 1]) for i in range(0, len(trace.x), 3)
    ]
    assert xs and ys
    inside = set()
    for cell in range(9):
        r, c = divmod(cell, 3)
        cx = x0 + c * (cw + gap) + cw / 2
        cy = y0 - r * (ch + gap) - ch / 2
        # ray casting to the right over the vertical segments
        crossings = sum(
            1
            for xa, ya, xb, yb in segments
            if xa == xb and xa > cx and min(ya, yb) < cy < max(ya, yb)
        )
        if crossings % 2:
            inside.add(cell)
    return inside


def test_BK_SCORE_2_outlines_enclose_exactly_each_neighbourhood() -> None:
    fig = vb.market(RULEBOOK_MARKET, objective="blue_peas")
    outlines = [t for t in fig.data if (t.name or "").startswith("chilli ")]
    score = bk.score_market(RULEBOOK_MARKET, "blue_peas")
    assert len(outlines) == len(score.chillies) == 3
    for trace, chilli in zip(outlines, score.chillies, strict=True):
        assert outline_cells(trace) == {c - 1 for c in chilli.counted}


def test_market_from_a_state_uses_the_seat_objective() -> None:
    s = played(bk, 3, 3, 60)
    for seat in range(3):
        fig = vb.market(s, seat=seat)
        assert f"{s.scores()[seat]} points" in fig.layout.title.text
    with pytest.raises(InvalidStateError):
        vb.market(s, seat=7)
    with pytest.raises(InvalidStateError):
        vb.market(RULEBOOK_MARKET, objective="rice")
    with pytest.raises(InvalidStateError):
        vb.market([C("B")] * 4)


def test_port_figure_shows_every_port_card_hand_and_market() -> None:
    s = played(bk, 4, 5, 50)
    fig = vb.figure(s)
    goods = {f"{GOOD_LETTERS[i]} {vb.GOOD_NAMES[g]}" for i, g in enumerate(bk.GOODS)}
    goods_traces = [t for t in fig.data if t.name in goods]  # lettered or colour only
    baskets = sum(len(t.x) for t in goods_traces)
    cards = [c for c in s.port if c >= 0] + [c for h in s.hands for c in h[:8]]
    cards += [c for m in s.markets for c in m if c >= 0]
    if s.placed >= 0:
        cards.append(s.placed)
    assert baskets == sum(len(s.deck.cards[c].goods) for c in cards)
    text = annotations(fig)
    for p in range(4):
        assert f"Player {p}" in text
    assert f"boat pile<br><b>{len(s.boat_pile)}</b>" in text


def test_card_picture() -> None:
    fig = vb.card("C3:FB/B")
    assert "C3:FB/B" in fig.layout.title.text
    with pytest.raises(InvalidStateError):
        vb.card(42)


def test_BK_SCORE_2_rulebook_market_in_a_built_position() -> None:
    if not hasattr(bk, "position"):
        pytest.skip("bangkok.position is not available")
    rows = [["C4:BZ/P", "B", "BZ"], ["FF", "C3:FB/B", "BBF"], ["ZF", "BP", "C1:P/Z"]]
    s = bk.position(
        players=2,
        markets=[rows, [None] * 9],
        objectives=["blue_peas", "fish"],
        player=1,
        turn=9,
    )
    fig = vb.market(s, seat=0)
    assert "20 points" in fig.layout.title.text
    assert "objective (blue peas): 6 basket(s)" in annotations(fig)
    table = vb.figure(s)
    assert "market · 20 points" in annotations(table)


def test_BK_SOLO_1_solo_piles_stand_over_columns_1_and_3_with_the_turn_token() -> None:
    """Solo: the piles are drawn above T1 and T3 and the token on its track space."""
    s = bk.new_game(1, seed=3)
    for _ in range(5):
        s = s.apply(s.legal_actions()[0])
    fig = vb.figure(s)
    written = texts(fig)
    assert any(t.startswith("boat pile") for t in written)
    assert f"turn<br>{s.turn + 1}" in written
    assert len(boxes(fig, "circle")) == 1
    two = vb.figure(bk.new_game(2, seed=3))
    assert not boxes(two, "circle")


def test_BK_SCORE_9_market_without_score_hides_every_point_but_keeps_outlines() -> None:
    shown = vb.market(RULEBOOK_MARKET, objective="blue_peas")
    hidden = vb.market(RULEBOOK_MARKET, objective="blue_peas", show_score=False)
    text = annotations(hidden) + hidden.layout.title.text
    assert "20" not in text and "points" not in hidden.layout.title.text
    assert "total" not in text
    assert "→ <b>" in annotations(shown) and "→ <b>" not in text  # no chilli points
    for badge in ("1: +2", "2: +6", "3: +4", "+"):
        assert badge not in text

    # the three chilli neighbourhoods are still outlined, numbered 1-3, on the same cells
    def outlines(fig):
        return [outline_cells(t) for t in fig.data if (t.name or "").startswith("chilli")]

    assert outlines(hidden) == outlines(shown) and len(outlines(hidden)) == 3
    badges = [a.text for a in hidden.layout.annotations if a.bgcolor]
    assert badges == ["<b>1</b>", "<b>2</b>", "<b>3</b>"]
    assert "<b>Count the score</b>" in text and "How it scores" in annotations(shown)
    assert "1 per basket" in text and "type 3 in cell 5" in text
    with pytest.raises(InvalidStateError):
        vb.market(RULEBOOK_MARKET, show_score="no")


def test_port_cells_are_numbered_as_the_rules_count_them() -> None:
    """Each port cell carries the number the rules (and ``take:<n>``) use for it: collecting
    cell n puts into the hand exactly the card drawn in the cell labelled n (reading order
    1-9), and its hover names the card in words."""
    s = played(bk, 3, 5, 41)
    assert s.phase == "act" and bk.port_placements(s)
    fig = vb.figure(s)
    port_bottom = s.num_players * 2.45  # the players' rows are under the port
    numbers = {t.text: t for t in labels(fig) if t.text.isdigit() and t.y > port_bottom}
    assert sorted(numbers, key=int) == [str(n) for n in range(1, 10)]
    # the numbers run in reading order: top row left to right, then the next rows
    order = sorted(numbers.values(), key=lambda a: (-round(a.y, 6), a.x))
    assert [a.text for a in order] == [str(n) for n in range(1, 10)]
    hover = next(t for t in fig.data if t.hovertext and "port cell 1" in t.hovertext[0])
    seen = set()
    for place, collects in bk.port_placements(s).items():
        after = s.apply(place)
        assert after.port == s.port  # the placed card waits beside the port
        for collect in collects:
            if len(collect.cells) != 1:
                continue
            n = collect.cells[0]
            action = bk.parse_notation(f"take:{n}")
            assert action == collect
            gained = set(after.apply(action).hands[after.player]) - set(after.hands[after.player])
            (card,) = gained
            # the hover point nearest the label n names the card drawn in that cell
            a = numbers[str(n)]
            k = min(range(9), key=lambda i: (hover.x[i] - a.x) ** 2 + (hover.y[i] - a.y) ** 2)
            words = vb.card_words(s.deck.cards[card])
            assert hover.hovertext[k] == f"port cell {n}: {words}"
            assert hover.customdata[k] == f"port cell {n}", "the place a click plays"
            seen.add(n)
    assert len(seen) >= 6


def _hovers(fig) -> list[str]:
    return [str(t) for trace in fig.data if trace.hoverinfo == "text" for t in trace.hovertext]


def test_BK_MKT_3_the_market_rings_where_the_picked_card_goes_with_the_score_it_makes() -> None:
    """For the play board: the picked hand card glows, each cell it may go in is ringed with
    how the market's total changes (the engine's score_market before and after)."""
    state = bk.new_game(2, 7)
    seat = state.player
    card = state.hands[seat][0]
    fig = vb.market(state, seat=seat, hand=True, selected=card, targets=[1])
    laid = [state.deck.cards[card], *[None] * 8]
    gain = bk.score_market(laid, state.objective(seat)).total
    hovers = _hovers(fig)
    assert (
        f"market cell 1: empty · lay the picked card here: the market scores {gain:+d} points"
        in (hovers)
    )
    assert f"hand card 1: {vb.card_words(state.deck.cards[card])}" in hovers
    assert not any("#" in h for h in hovers), "no engine card number in a hover"
    assert "picked" in annotations(fig) and f"{gain:+d} points" in annotations(fig)
    assert "lay here" not in annotations(vb.market(state, seat=seat, hand=True))


def test_BK_SCORE_2_a_chilli_card_in_hand_says_what_it_scores_and_where_it_looks() -> None:
    card = C("C3:FB/B")
    words = vb.chilli_words(card)
    assert words.startswith("<b>C3</b>: 2 per pair F+B") and "beside it" in words


def test_the_table_names_its_slots_hand_cards_and_ringed_port_cells_for_clicks() -> None:
    state = bk.new_game(2, 7)
    card = state.hands[0][0]
    fig = vb.figure(state, selected=card, slots=["L2"], port=[4])
    hovers = _hovers(fig)
    assert "left of row 2: the picked card may go here" in hovers
    assert "above column 1: place a hand card here" in hovers
    assert f"hand card 1 of player 0: {vb.card_words(state.deck.cards[card])}" in hovers
    assert any(h.startswith("port cell 4: ") and h.endswith("click to collect it") for h in hovers)
    assert not any(re.search(r"#|take:|\b[LRTB][123]\b", h) for h in hovers), "words only"
    keys = [k for t in fig.data if t.customdata is not None for k in t.customdata]
    assert {"slot L2", "slot T1", f"hand card #{card}", "port cell 4"} <= set(keys)
    assert not any("may go" in h or "click to" in h for h in _hovers(vb.figure(state)))
