"""Takenoko pictures: the garden's structure matches the state, highlights equal legal targets."""

from __future__ import annotations

import pytest

pytest.importorskip("plotly")

from viz_parts import boxes, texts

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.viz import takenoko as vt
from bamboo_lab.viz._common import SHAPES
from bamboo_lab.viz.layout import Layout
from bamboo_lab.viz.pictures import played

LAYOUT = Layout()


def known_position() -> tk.State:
    """Plots 1,0 (green, 2 high), 1,-1 (yellow), 2,-1 (pink, fertilizer printed, irrigated by two
    channels from the pond corner) and 0,1 (green with an enclosure chip, 1 high)."""
    d = tk.new_game(2, 1).to_dict()
    plots = [
        [1, 0, "G", 2, None],
        [1, -1, "Y", 0, None],
        [2, -1, "PF", 1, "F"],
        [0, 1, "G", 1, "E"],
    ]
    for _, _, code, _, _ in plots:
        d["plot_deck"].remove(code)
    d["plots"] = plots
    d["channels"] = [[1, 0, 2], [1, 0, 1]]
    d["reserve"]["channels"] -= 2
    d["reserve"]["improvements"][1] -= 1
    d["reserve"]["bamboo"][0] -= 3
    d["reserve"]["bamboo"][2] -= 1
    d["gardener"] = [1, 0]
    d["panda"] = [0, 1]
    return tk.State.from_dict(d)


def fills(fig):
    """The filled traces (free places, pond, plots: one trace per kind)."""
    return [t for t in fig.data if t.type == "scatter" and t.fill == "toself" and t.name != SHAPES]


def polygons(trace) -> int:
    """How many closed polygons a trace draws (each is followed by a gap)."""
    return sum(1 for x in trace.x if x is None)


def channel_segments(fig):
    trace = next(t for t in fig.data if t.name == "irrigation channel")
    xs, ys = list(trace.x), list(trace.y)
    return {((xs[i], ys[i]), (xs[i + 1], ys[i + 1])) for i in range(0, len(xs), 3)}


def test_known_position_hexes_heights_and_channels() -> None:
    s = known_position()
    fig = vt.figure(s)
    # one polygon per free place, the pond and each plot, one trace per kind
    assert sum(polygons(t) for t in fills(fig)) == len(s.plot_spots) + 1 + 4
    kinds = {(s.tiles[h][0], tk.is_irrigated(s, h)) for h in s.tiles}
    assert len(fills(fig)) == 2 + len(kinds)  # free places, the pond, the plots by kind
    # bamboo: one rectangle per section (2 + 1 + 1), each inside its plot's hex
    sections = boxes(fig, "rect")
    assert len(sections) == 4
    for h, height in ((Hex(1, 0), 2), (Hex(2, -1), 1), (Hex(0, 1), 1)):
        c = LAYOUT.hex_to_pixel(h)
        inside = [b for b in sections if abs((b[0] + b[1]) / 2 - c.x) < 1e-6]
        assert len(inside) == height
    # the two channels lie exactly on their edges (TK-IRR-2)
    expected = set()
    for e in (Edge(Hex(1, 0), 2), Edge(Hex(1, 0), 1)):
        a, b = LAYOUT.edge_segment(e)
        expected.add(((a.x, a.y), (b.x, b.y)))
    assert channel_segments(fig) == expected
    # the edge between 1,0 and 1,-1 is vertical-ish and touches the pond's corner
    pond = LAYOUT.corners(tk.POND)
    (p, q) = LAYOUT.edge_segment(Edge(Hex(1, 0), 2))
    assert any(abs(p.x - c.x) + abs(p.y - c.y) < 1e-6 for c in pond) or any(
        abs(q.x - c.x) + abs(q.y - c.y) < 1e-6 for c in pond
    )


def test_irrigated_and_dry_plots_are_drawn_differently() -> None:
    s = known_position()
    assert tk.is_irrigated(s, Hex(2, -1)) and not tk.is_irrigated(s, Hex(9, 9))
    assert not [t for t in fills(vt.figure(s)) if t.fillpattern and t.fillpattern.shape]
    s = played(tk, 3, 5, 300)  # a garden with dry plots of every colour
    fig = vt.figure(s)
    patterned = [t for t in fills(fig) if t.fillpattern and t.fillpattern.shape]
    dry = [h for h in s.tiles if not tk.is_irrigated(s, h)]
    assert sum(polygons(t) for t in patterned) == len(dry) > 0
    # each dry plot's centre is inside a hatched polygon, each irrigated one's is not
    hatched = set()
    for t in patterned:
        xs = [x for x in t.x if x is not None]
        ys = [y for y in t.y if y is not None]
        for i in range(0, len(xs), 7):
            centre = type(LAYOUT.origin)(sum(xs[i : i + 6]) / 6, sum(ys[i : i + 6]) / 6)
            hatched.add(LAYOUT.pixel_to_hex(centre))
    assert hatched == set(dry)


def test_improvements_printed_and_chip_are_distinct_traces() -> None:
    fig = vt.figure(known_position())
    names = {t.name for t in fig.data}
    assert "fertilizer (printed)" in names and "enclosure (chip)" in names
    printed = next(t for t in fig.data if t.name == "fertilizer (printed)")
    chip = next(t for t in fig.data if t.name == "enclosure (chip)")
    assert printed.marker.symbol != chip.marker.symbol
    assert chip.marker.color == "#FFFFFF" and printed.marker.color != "#FFFFFF"


def test_gardener_and_panda_markers_sit_on_their_hexes() -> None:
    s = known_position()
    fig = vt.figure(s)
    for who, where in (("gardener", s.gardener), ("panda", s.panda)):
        t = next(t for t in fig.data if t.name == who)
        assert LAYOUT.pixel_to_hex(type(LAYOUT.origin)(t.x[0], t.y[0])) == where


def test_hover_names_each_plot_and_its_state() -> None:
    fig = vt.figure(known_position())
    hover = next(t for t in fig.data if t.hovertext and len(t.hovertext) > 3)
    text = " | ".join(hover.hovertext)
    assert "pink plot 2,-1" in text and "irrigated" in text and "fertilizer (printed)" in text
    assert "free place" in text and "the pond" in text


def highlighted(fig):
    hexes = set()
    edges = set()
    for t in fig.data:
        if t.legendgroup != "highlight":
            continue
        if t.line.dash == "dot":
            xs, ys = list(t.x), list(t.y)
            for i in range(0, len(xs), 3):
                mid = type(LAYOUT.origin)((xs[i] + xs[i + 1]) / 2, (ys[i] + ys[i + 1]) / 2)
                edges.add((round(mid.x, 6), round(mid.y, 6)))
        else:  # one trace: each hexagon's 7 points then a gap
            xs, ys = list(t.x), list(t.y)
            assert len(xs) % 8 == 0 and xs[7::8] == [None] * (len(xs) // 8)
            for i in range(0, len(xs), 8):
                cx = sum(xs[i : i + 6]) / 6
                cy = sum(ys[i : i + 6]) / 6
                hexes.add(LAYOUT.pixel_to_hex(type(LAYOUT.origin)(cx, cy)))
    return hexes, edges


def edge_mid(e: Edge) -> tuple[float, float]:
    a, b = LAYOUT.edge_segment(e)
    return round((a.x + b.x) / 2, 6), round((a.y + b.y) / 2, 6)


@pytest.mark.parametrize("kind", ["plot", "gardener", "panda", "channel"])
def test_highlights_equal_the_legal_targets(kind: str) -> None:
    s = known_position()
    action = tk.ChooseAction("irrigation" if kind == "channel" else kind)
    if action in s.legal_actions():
        s = s.apply(action)
        if kind == "plot":
            s = s.apply(s.legal_actions()[0])  # keep a plot
    hexes, edges = highlighted(vt.figure(s, highlight=kind))
    legal = s.legal_actions()
    if kind == "channel":
        want = {edge_mid(a.edge) for a in legal if isinstance(a, tk.PlaceChannel)}
        want = want or {edge_mid(e) for e in tk.legal_channel_edges(s)}
        assert edges == want and want
    else:
        cls = {"plot": tk.PlacePlot, "gardener": tk.MoveGardener, "panda": tk.MovePanda}[kind]
        want = {a.plot for a in legal if isinstance(a, cls)}
        assert want, f"the {kind} decision should be pending"
        assert hexes == want


LEGEND_NAMES = {
    "plot": "plot can go here",
    "gardener": "gardener can move here",
    "panda": "panda can move here",
    "channel": "channel can go here",
}


@pytest.mark.parametrize("kind", sorted(LEGEND_NAMES))
def test_highlight_legend_names_read_naturally(kind: str) -> None:
    fig = vt.figure(known_position(), highlight=kind)
    names = [t.name for t in fig.data if t.legendgroup == "highlight"]
    assert names == [LEGEND_NAMES[kind]]  # one trace for every highlighted hex (or edge)


def test_legal_highlight_legend_names_hexes_and_channel_spots() -> None:
    s = known_position().apply(tk.ChooseAction("irrigation"))
    fig = vt.figure(s, highlight="legal")
    edges = highlighted(fig)[1]
    names = [t.name for t in fig.data if t.legendgroup == "highlight"]
    assert edges and names == ["legal channel spots"]
    s = known_position().apply(tk.ChooseAction("gardener"))
    fig = vt.figure(s, highlight="legal")
    names = [t.name for t in fig.data if t.legendgroup == "highlight"]
    assert names == ["legal targets"]
    assert highlighted(fig)[0] == {a.plot for a in s.legal_actions()}
    fig = vt.figure(s, highlight={Hex(1, 0), Edge(Hex(1, 0), 2)})
    names = [t.name for t in fig.data if t.legendgroup == "highlight"]
    assert names == ["highlighted hexes", "highlighted edges"]
    for name in names:  # never a doubled label such as "legal: legal"
        words = name.split()
        assert len(set(words)) == len(words) and ":" not in name


def test_highlight_outside_the_decision_uses_the_teaching_helpers() -> None:
    s = known_position()
    assert s.phase == "actions"
    hexes, _ = vt.highlight_targets(s, "gardener")
    assert hexes == set(tk.gardener_destinations(s))
    hexes, _ = vt.highlight_targets(s, "plot")
    assert hexes == set(tk.legal_plot_positions(s))
    hexes, edges = vt.highlight_targets(s, {Hex(1, 0), Edge(Hex(1, 0), 2)})
    assert hexes == {Hex(1, 0)} and edges == {Edge(Hex(1, 0), 2)}


def test_bad_highlight_and_bad_state_are_refused() -> None:
    s = known_position()
    with pytest.raises(InvalidStateError):
        vt.figure(s, highlight="bamboo")
    with pytest.raises(InvalidStateError):
        vt.figure(s, highlight=[(1, 0, 7)])
    with pytest.raises(InvalidStateError):
        vt.figure("not a state")
    with pytest.raises(InvalidStateError):
        vt.figure(s, player=5)


def test_players_hides_other_hands_with_player() -> None:
    s = played(tk, 3, 4, 60)
    fig = vt.players(s, player=1)
    text = " ".join(texts(fig))
    for card in s.hands[1]:
        assert card in text
    for p in (0, 2):
        for card in s.hands[p]:
            if card not in s.hands[1]:
                assert card not in text.replace(" ".join(s.completed[p]), "")
    full = " ".join(texts(vt.players(s)))
    assert all(card in full for hand in s.hands for card in hand)


def test_players_of_the_public_view_shows_no_hand_and_says_so() -> None:
    """A spectator's picture (``view(None)``): no card in any hand is named, the title says
    what everyone at the table sees."""
    s = played(tk, 3, 4, 60)
    fig = vt.players(s.view(None))
    text = " ".join(texts(fig))
    done = {card for p in range(3) for card in s.completed[p]}
    assert not any(card in text for hand in s.hands for card in hand if card not in done)
    assert "what everyone at the table sees" in fig.layout.title.text


def test_players_shows_points_eaten_and_completed() -> None:
    s = played(tk, 2, 11, 400)
    text = " ".join(texts(vt.players(s)))
    for p in range(2):
        assert f"{s.scores()[p]} points" in text
        for card in s.completed[p]:
            assert card in text
        g, y, pk = s.eaten[p]
        assert f"G{g}" in text and f"Y{y}" in text and f"P{pk}" in text


def test_card_pictures_show_what_each_card_asks() -> None:
    p13 = vt.card("P13")
    assert len([t for t in p13.data if t.fill == "toself"]) == 4
    assert "3 points" in p13.layout.title.text
    g5 = tk.CARDS["G05"]  # 4 green bamboos of height 3
    g = vt.card(g5)
    assert len(boxes(g, "rect")) == g5.shoots * g5.height == 12
    a = vt.card("A13")
    assert len(boxes(a, "rect")) == sum(tk.CARDS["A13"].sections)
    with pytest.raises(InvalidStateError):
        vt.card("Z99")


def test_matches_outline_every_placement() -> None:
    for seed in range(3):
        s = played(tk, 2, seed, 300)
        for card in ("P01", "P05", "P13"):
            fig = vt.matches(s, card)
            lines = [t for t in fig.data if t.legendgroup == "matches"]
            assert len(lines) == len(tk.plot_objective_placements(s, card))
    with pytest.raises(InvalidStateError):
        vt.matches(s, "G01")


def test_players_stored_chips_one_trace_per_improvement_with_each_count() -> None:
    s = played(tk, 4, 0, 200)
    assert s.stored_improvements[3] == (0, 0, 1)  # player 3 keeps a fertilizer chip
    fig = vt.players(s)
    for i, name in enumerate(("watershed", "enclosure", "fertilizer")):
        (trace,) = [t for t in fig.data if t.name == f"{name} chips"]
        want = [f"{name} chips stored: {s.stored_improvements[p][i]}" for p in range(4)]
        assert list(trace.hovertext) == want
        assert list(trace.y) == sorted(trace.y, reverse=True)  # player 0 on top


def test_the_garden_is_drawn_at_the_fixed_scale_docs_pictures_states() -> None:
    """docs/pictures.md says the garden's scale: 60 px per layout unit, at least 600 px wide,
    a smaller scale only past 980 px; a garden picture is that size."""
    from pathlib import Path

    from bamboo_lab.viz import takenoko_scale as scale

    said = (Path(__file__).resolve().parents[2] / "docs" / "pictures.md").read_text("utf-8")
    said = " ".join(said.split())
    assert f"**fixed scale**, {scale.GARDEN_SCALE} pixels per layout unit" in said
    assert f"at least {scale._MIN_WIDTH} px" in said
    assert f"wider than {scale.GARDEN_MAX_WIDTH} px" in said
    fig = vt.figure(known_position())
    xs = [x for trace in fig.data for x in (trace.x or ()) if x is not None]
    span = max(xs) - min(xs)
    assert "a hex is about 104 px across" in said
    assert fig.layout.width == max(scale._MIN_WIDTH, round((span + 2 * scale.GARDEN_PAD) * 60) + 20)
