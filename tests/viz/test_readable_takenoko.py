"""Every Takenoko picture a class reads on a projector: every text at least 12 px at a 1280 px
page (the garden, what changed, the players' boards, the objective cards and a card's matches,
for sampled positions of seeded games of 2, 3 and 4 players, and the play board's garden);
texts and icons inside their card; the caption above the garden; the garden drawn at a fixed
scale as it grows; and the whole of each ringed place clicked on the play board.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from viz_parts import READABLE_PX, boxes, labels, small_texts

from bamboo_lab.core.hexgrid import edges_of
from bamboo_lab.games import takenoko as tk
from bamboo_lab.viz import takenoko as vt
from bamboo_lab.viz.layout import Layout
from bamboo_lab.viz.takenoko_boards import CARD_GAP, CARD_H, CARD_W, HAND_X, ROW_H
from bamboo_lab.widgets import PlayController
from bamboo_lab.widgets import takenoko as board
from bamboo_lab.widgets.pictures import click_targets, main_picture

SAMPLED_PLIES = (0, 25, 70, 140)
"""The positions looked at in each seeded game (plies from the start; a game over earlier
gives its last one)."""


def _games() -> Iterator[tuple[int, int, tk.State, tk.State]]:
    """(players, ply, the position before, the position) along seeded random games."""
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = tk.new_game(num_players=players, seed=players)
        before = state
        for ply in range(max(SAMPLED_PLIES) + 1):
            if ply in SAMPLED_PLIES:
                yield players, ply, before, state
            if state.is_over():
                continue
            before = state
            if state.current_player < 0:  # CHANCE: the weather die
                outcomes = state.chance_outcomes()
                state = state.apply(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state = state.apply(rng.choice(state.legal_actions()))


GAMES = list(_games())


def _pictures(before: tk.State, state: tk.State) -> dict[str, Any]:
    """Every Takenoko picture of a position (the player aid is another module's)."""
    hands = [card for hand in state.hands for card in hand]
    return {
        "garden": vt.figure(state, highlight="legal"),
        "every empty place": vt.figure(state, places="all"),
        "changes": vt.figure(state, changed_from=before),
        "players, as player 0 sees them": vt.players(state, player=0),
        "players, the public view": vt.players(state.view(None)),
        "players, all cards": vt.players(state),
        "matches": vt.matches(state, "P01"),
        "objective cards": vt.objective_cards(
            {"in hand": hands or ["P01"], "done": [*state.completed[0], vt.EMPEROR]}
        ),
    }


@pytest.mark.parametrize(("players", "ply", "before", "state"), GAMES)
def test_every_text_of_every_takenoko_picture_is_readable(
    players: int, ply: int, before: tk.State, state: tk.State
) -> None:
    for name, fig in _pictures(before, state).items():
        assert not small_texts(fig), (players, ply, name, small_texts(fig))


def test_every_objective_card_picture_is_readable() -> None:
    for card in sorted(tk.CARDS):
        assert not small_texts(vt.card(card)), card


def _scale(fig: Any) -> tuple[float, float]:
    """Pixels per unit along x and y, as plotly draws ``fig`` (equal axes: the smaller)."""
    layout = fig.layout
    (x0, x1), (y0, y1) = layout.xaxis.range, layout.yaxis.range
    sx = (layout.width - layout.margin.l - layout.margin.r) / (x1 - x0)
    sy = (layout.height - layout.margin.t - layout.margin.b) / (y1 - y0)
    if layout.yaxis.scaleanchor == "x":
        return min(sx, sy), min(sx, sy)
    return sx, sy


_TAGS = re.compile(r"<[^>]+>")


def _text_box(fig: Any, x: float, y: float, text: str, size: float) -> tuple[float, ...]:
    """About where a centred label is drawn (x0, x1, y0, y1 in data units): letters about
    0.56 of the size wide (Arial's digits and lowercase; bold 0.62), a line the size high."""
    sx, sy = _scale(fig)
    words = _TAGS.sub("", text)
    width = len(words) * size * (0.62 if "<b>" in text else 0.56) / sx
    height = size / sy
    return x - width / 2, x + width / 2, y - height / 2, y + height / 2


def _inside(box: tuple[float, ...], frame: tuple[float, ...], slack: float = 0.0) -> bool:
    x0, x1, y0, y1 = box
    f0, f1, g0, g1 = frame
    return x0 >= f0 - slack and x1 <= f1 + slack and y0 >= g0 - slack and y1 <= g1 + slack


def _hand_cards(state: tk.State) -> list[tuple[float, float, float, float]]:
    """Where each hand card of each player is drawn on the players' boards (as the module
    lays them out: under the heading at the top of each row)."""
    cards = []
    for p in range(state.num_players):
        top = (state.num_players - 1 - p) * ROW_H + ROW_H - 0.15
        y0 = top - 0.44 - CARD_H
        for i in range(len(state.hands[p])):
            x0 = HAND_X + i * (CARD_W + CARD_GAP)
            cards.append((x0, x0 + CARD_W, y0, y0 + CARD_H))
    return cards


def _full_hands() -> tk.State:
    """Four players holding every kind of card, the longest requirements among them, some met."""
    return tk.position(
        4,
        plots=[(1, 0, "G", 4), (1, -1, "G", 3), (0, -1, "G", 3), (-1, 0, "G", 3)],
        hands=[
            ["G05", "A13", "P10", "G04", "A12"],
            ["G01", "P01", "A01", "G15", "G10"],
            ["P06", "G07", "A05", "P13", "A15"],
            ["G09", "P08", "A07", "G13", "G02"],
        ],
        eaten=[(8, 2, 3), (0, 0, 0), (1, 1, 1), (0, 0, 0)],
        stored_channels=[3, 0, 0, 0],
        stored_improvements=[(1, 2, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0)],
    )


def test_card_texts_and_icons_stay_inside_their_card() -> None:
    """Defect 9 of the 6 December review: G05's bamboo spilled into "any", "no chip" touched
    the edge and "hand" sat on the cards. Every text and bamboo section that touches a hand
    card lies inside it, and no text straddles a card's edge."""
    state = _full_hands()
    fig = vt.players(state)
    cards = _hand_cards(state)
    for x, y, text, size in labels(fig):
        box = _text_box(fig, x, y, text, size)
        for card in cards:
            touching = (
                box[0] < card[1] and box[1] > card[0] and box[2] < card[3] and box[3] > card[2]
            )
            if touching:
                assert _inside(box, card), (text, box, card)
    sections = [b for b in boxes(fig, "rect") if b[1] - b[0] < 1]  # not the players' bands
    for x0, x1, y0, y1 in sections:
        for card in cards:
            if x0 < card[1] and x1 > card[0] and y0 < card[3] and y1 > card[2]:
                assert _inside((x0, x1, y0, y1), card), ((x0, x1, y0, y1), card)


def test_every_gardener_and_panda_card_fits_its_hand_card() -> None:
    """Each of the 30 gardener and panda cards, drawn in a hand, keeps its words and bamboo
    inside the card."""
    for card in sorted(c for c in tk.CARDS if c[0] in "GA"):
        theirs = [c if c != card else c[0] + "06" for c in ("P02", "G03", "A03")]
        kinds = {"P": "P01", "G": "G01" if card != "G01" else "G14", "A": "A01"}
        kinds["A"] = kinds["A"] if card != "A01" else "A14"
        kinds[card[0]] = card
        state = tk.position(2, hands=[list(kinds.values()), theirs])
        fig = vt.players(state)
        cards = _hand_cards(state)[:3]
        for x, y, text, size in labels(fig):
            box = _text_box(fig, x, y, text, size)
            for frame in cards:
                if (
                    box[0] < frame[1]
                    and box[1] > frame[0]
                    and box[2] < frame[3]
                    and box[3] > frame[2]
                ):
                    assert _inside(box, frame), (card, text, frame)
        for section in (b for b in boxes(fig, "rect") if b[1] - b[0] < 1):
            for frame in cards:
                x0, x1, y0, y1 = section
                if x0 < frame[1] and x1 > frame[0] and y0 < frame[3] and y1 > frame[2]:
                    assert _inside(section, frame), (card, section, frame)


def test_the_caption_of_what_changed_stays_above_the_garden() -> None:
    """Defect 9: the "boxes on changed plots" caption overlapped the top hexes. Every line of
    the title (about 1.3 of its type a line, from 16 px down) ends above the plot area, and
    its smaller lines (<sup>, 70 % of the type) are 12 px at least."""
    for _players, _ply, before, state in GAMES:
        fig = vt.figure(state, changed_from=before)
        lines = fig.layout.title.text.count("<br>") + 1
        size = fig.layout.title.font.size
        assert size * 0.7 >= READABLE_PX
        assert 16 + lines * size * 1.3 <= fig.layout.margin.t, (lines, fig.layout.margin.t)


def test_the_garden_keeps_its_scale_as_it_grows() -> None:
    """Defect 11: the play board's garden shrank to half its size as it grew. Every garden no
    wider than the widest picture is drawn at GARDEN_SCALE pixels a unit, and the board's
    picture keeps it."""
    for _players, _ply, _before, state in GAMES:
        fig = vt.figure(state)
        assert fig.layout.width <= vt.GARDEN_MAX_WIDTH
        scale = _scale(fig)[0]
        x0, x1 = fig.layout.xaxis.range
        if (x1 - x0) * vt.GARDEN_SCALE + 20 <= vt.GARDEN_MAX_WIDTH:
            assert scale == pytest.approx(vt.GARDEN_SCALE, rel=0.01)
        else:
            assert scale >= vt.GARDEN_SCALE * 0.8


# ---------------------------------------------------------------------- clicks on the board

_HOVER_REACH_PX = 20
"""How far from a point plotly's hover (and so a click) still finds it (``hoverdistance``)."""


def _hover_points(fig: Any) -> list[tuple[float, float, float]]:
    """Every point plotly hovers (and a click reports): x, y and its marker radius in px."""
    found = []
    for trace in fig.data:
        if trace.hoverinfo == "skip" or trace.type != "scatter" or "markers" not in trace.mode:
            continue
        size = trace.marker.size or 6
        for k, (x, y) in enumerate(zip(trace.x, trace.y, strict=True)):
            if x is not None:
                radius = (size[k] if isinstance(size, tuple | list) else size) / 2
                found.append((x, y, radius))
    return found


def _clicked(fig: Any, x: float, y: float) -> tuple[float, float] | None:
    """The point a press at (x, y) reports, by plotly's closest-point rule (inside a marker
    the distance shrinks towards 0, outside it is the distance to the marker's rim)."""
    sx, _ = _scale(fig)
    best, where = math.inf, None
    for px, py, radius in _hover_points(fig):
        rad = max(3.0, radius)
        kink = 1 - 1 / rad
        gap = math.hypot(px - x, py - y) * sx
        distance = kink * gap / rad if gap < rad else gap - rad + kink
        if distance < best:
            best, where = distance, (px, py)
    return where if best <= _HOVER_REACH_PX else None


def _board_at_a_plot_decision() -> PlayController:
    """A seeded board where the person is to place a plot (every free place ringed)."""
    c = PlayController("takenoko", players=2, bots="heuristic", seed=7)
    for _ in range(200):
        legal = c.legal_actions()
        if c.is_person_to_play() and any(isinstance(a, tk.PlacePlot) for a in legal):
            return c
        if c.is_bot_to_play():
            c.bot_turn()
        else:
            c.play(next((a for a in legal if "plot" in str(a)), legal[0]))
    raise AssertionError("no plot to place in 200 decisions")


def test_the_whole_ringed_hex_is_clicked_not_only_its_centre() -> None:
    """Defect 6: only a small dot at each ringed hex's centre could be clicked. A press
    anywhere on a ringed hex (its name, its corners, its bamboo) reports a point that the
    board reads as that hex: within 0.7 of its centre and nearer to it than to any other
    target (the board's rule, ``app.click``)."""
    c = _board_at_a_plot_decision()
    fig = main_picture(c, validate=True)
    shown = c.board_state()
    targets = click_targets(shown, tuple(shown.legal_actions()))
    assert targets
    layout = Layout()
    for target in targets:
        centre = layout.hex_to_pixel(target)
        corners_x, corners_y = layout.polygon(target, 0.94)
        presses = [(centre.x, centre.y - 0.56)]  # the name of the place
        presses += [
            (0.9 * x + 0.1 * centre.x, 0.9 * y + 0.1 * centre.y)
            for x, y in zip(corners_x, corners_y, strict=False)
        ]
        presses += [
            (centre.x + dx * 0.4, centre.y + dy * 0.4) for dx in (-1, 0, 1) for dy in (-1, 1)
        ]
        for x, y in presses:
            point = _clicked(fig, x, y)
            assert point is not None, (target, x, y)
            nearest = min(targets, key=lambda t: math.dist(board.target_point(t), point))
            assert nearest == target and math.dist(board.target_point(target), point) <= 0.7


def test_every_edge_click_point_plays_its_own_edge_never_a_neighbour() -> None:
    """An edge's click points stay within its two corners, so the board's rule (the target
    whose middle is nearest the click, within 0.7) reads each one as that edge even when all
    the edges round it are ringed too: a point past a corner once played the next edge."""
    hexes = [tk.Hex(0, 0), *tk.Hex(0, 0).neighbors()]
    edges = {edge for place in hexes for edge in edges_of(place)}
    layout = Layout()
    for edge in edges:
        a, b = layout.edge_segment(edge)
        for point in board.click_points(edge):
            nearest = min(edges, key=lambda other: math.dist(board.target_point(other), point))
            assert nearest == edge, (edge, point, nearest)
            assert math.dist(board.target_point(edge), point) <= 0.7
            along = math.dist((a.x, a.y), point) + math.dist(point, (b.x, b.y))
            assert along == pytest.approx(math.dist((a.x, a.y), (b.x, b.y)))  # on the edge


def test_the_click_points_are_invisible_and_say_what_a_click_plays() -> None:
    c = _board_at_a_plot_decision()
    fig = main_picture(c, validate=True)
    points = next(t for t in fig.data if t.name == board.TARGET)
    assert points.marker.opacity == 0 and points.showlegend is False
    assert all(text.startswith("click: plot on ") for text in points.hovertext)
    assert board.RINGED in {t.name for t in fig.data}
    assert not small_texts(fig) and fig.layout.width <= vt.GARDEN_MAX_WIDTH


def test_no_engine_notation_in_the_gardens_hovers_and_legends() -> None:
    """No hover or legend a student reads shows a move's notation (``channel 1,0/1,-1``,
    ``plot 2,-1``): places keep the coordinates the garden prints on them."""
    notation = re.compile(r"-?\d,-?\d/-?\d|^(plot|gardener|panda|channel|grow|claim) -?\d")
    for _players, _ply, before, state in GAMES:
        for fig in (vt.figure(state, highlight="legal", changed_from=before),):
            words = [t.name or "" for t in fig.data]
            for trace in fig.data:
                hover = getattr(trace, "hovertext", None)
                words += [hover] if isinstance(hover, str) else list(hover or ())
            words.append(fig.layout.title.text)
            assert not [w for w in words if notation.search(str(w))]
