"""Tests of docs/rules/takenoko.md, section "The objective cards".

Every card checked row by row against the catalog: the decks, their points, what each card asks
for and the copies of each panda card.
"""

from __future__ import annotations

from collections import Counter

from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import CARDS, PLOT_TILES

# catalog 3.2: id, colour, shoots, height, improvement, points
GARDENER_TABLE = [
    ("G01", "G", 1, 4, "F", 3),
    ("G02", "G", 1, 4, "E", 4),
    ("G03", "G", 1, 4, "W", 4),
    ("G04", "G", 1, 4, "none", 5),
    ("G05", "G", 4, 3, "any", 8),
    ("G06", "Y", 1, 4, "F", 4),
    ("G07", "Y", 1, 4, "E", 5),
    ("G08", "Y", 1, 4, "W", 5),
    ("G09", "Y", 1, 4, "none", 6),
    ("G10", "Y", 3, 3, "any", 7),
    ("G11", "P", 1, 4, "F", 5),
    ("G12", "P", 1, 4, "E", 6),
    ("G13", "P", 1, 4, "W", 6),
    ("G14", "P", 1, 4, "none", 7),
    ("G15", "P", 2, 3, "any", 6),
]


# catalog 3.1: id, shape, colours in card-cell order, points
PLOT_TABLE = [
    ("P01", "LINE", "GGG", 2),
    ("P02", "CURVE", "GGG", 2),
    ("P03", "TRIANGLE", "GGG", 2),
    ("P04", "DIAMOND", "GGGG", 3),
    ("P05", "LINE", "YYY", 3),
    ("P06", "CURVE", "YYY", 3),
    ("P07", "TRIANGLE", "YYY", 3),
    ("P08", "DIAMOND", "YYYY", 4),
    ("P09", "LINE", "PPP", 4),
    ("P10", "CURVE", "PPP", 4),
    ("P11", "TRIANGLE", "PPP", 4),
    ("P12", "DIAMOND", "PPPP", 5),
    ("P13", "DIAMOND_2C", "GGYY", 3),
    ("P14", "DIAMOND_2C", "GGPP", 4),
    ("P15", "DIAMOND_2C", "PPYY", 5),
]


# catalog 2: the card-orientation cells of each shape
SHAPE_CELLS = {
    "LINE": {(0, 0), (0, 1), (0, 2)},
    "CURVE": {(1, -1), (0, 0), (0, 1)},
    "TRIANGLE": {(0, 0), (1, 0), (1, -1)},
    "DIAMOND": {(1, -1), (0, 0), (1, 0), (0, 1)},
}


def test_catalog_totals_plot_51_gardener_81_panda_64() -> None:
    """Catalog 3.5: "Plot points = 51, gardener = 81, panda = 64. Cards per deck = 15/15/15." """
    by_deck: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    for card in CARDS.values():
        by_deck[card.deck] += card.points
        cards[card.deck] += 1
    assert by_deck == {"plot": 51, "gardener": 81, "panda": 64}
    assert cards == {"plot": 15, "gardener": 15, "panda": 15}
    assert len(PLOT_TILES) == 27
    printed = Counter(t[1] for t in PLOT_TILES if len(t) > 1)
    assert printed == {"W": 4, "E": 4, "F": 3}


def test_catalog_cards_exact_points_and_requirements() -> None:
    """Catalog 3.1-3.3: every card's points and requirement, including the chiral diamonds."""
    assert [CARDS[f"P{i:02d}"].points for i in range(1, 16)] == [
        2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 3, 4, 5,
    ]  # fmt: skip
    assert [CARDS[f"G{i:02d}"].points for i in range(1, 16)] == [
        3, 4, 4, 5, 8, 4, 5, 5, 6, 7, 5, 6, 6, 7, 6,
    ]  # fmt: skip
    assert [CARDS[f"A{i:02d}"].points for i in range(1, 16)] == [3] * 5 + [4] * 4 + [5] * 3 + [
        6
    ] * 3
    p13 = CARDS["P13"]
    assert [(tuple(h), c) for h, c in p13.pattern] == [
        ((1, -1), "G"),
        ((1, 0), "G"),
        ((0, 0), "Y"),
        ((0, 1), "Y"),
    ]
    assert [c for _, c in CARDS["P15"].pattern] == ["P", "P", "Y", "Y"]
    g05 = CARDS["G05"]
    assert (g05.colour, g05.shoots, g05.height, g05.improvement) == ("G", 4, 3, "any")
    assert (CARDS["G10"].shoots, CARDS["G15"].shoots) == (3, 2)
    assert CARDS["G04"].improvement == "none" and CARDS["G11"].improvement == "F"
    assert CARDS["A13"].sections == (1, 1, 1)


def test_catalog_gardener_cards_row_by_row() -> None:
    """Catalog 3.2: colour, shoots, height, improvement condition and points of G01-G15."""
    for cid, colour, shoots, height, improvement, points in GARDENER_TABLE:
        card = CARDS[cid]
        assert card.deck == "gardener"
        assert (card.colour, card.shoots, card.height, card.improvement, card.points) == (
            colour,
            shoots,
            height,
            improvement,
            points,
        ), cid


def test_catalog_plot_cards_row_by_row() -> None:
    """Catalog 3.1 and 2: shape, cells and colours of P01-P15; the two-colour diamonds put colour
    A on the top and middle-right cells, colour B on the middle-left and bottom (10-D2)."""
    for cid, shape, colours, points in PLOT_TABLE:
        card = CARDS[cid]
        assert (card.deck, card.shape, card.points) == ("plot", shape, points), cid
        cells = {(h.q, h.r): c for h, c in card.pattern}
        assert "".join(c for _, c in card.pattern) == colours, cid
        if shape == "DIAMOND_2C":
            a, b = colours[0], colours[2]
            assert cells == {(1, -1): a, (1, 0): a, (0, 0): b, (0, 1): b}, cid
        else:
            assert set(cells) == SHAPE_CELLS[shape], cid


def test_catalog_panda_cards_and_copies() -> None:
    """Catalog 3.3: 5x (2 green, 3), 4x (2 yellow, 4), 3x (2 pink, 5), 3x (one of each, 6)."""
    panda = Counter((c.sections, c.points) for c in CARDS.values() if c.deck == "panda")
    assert panda == {((2, 0, 0), 3): 5, ((0, 2, 0), 4): 4, ((0, 0, 2), 5): 3, ((1, 1, 1), 6): 3}


def test_catalog_two_colour_diamond_is_chiral_in_every_rotation() -> None:
    """Catalog 10-D2: no rotation of the mirrored P15 matches P15 (pink/yellow split)."""
    card = {Hex(1, -1): "P", Hex(1, 0): "P", Hex(0, 0): "Y", Hex(0, 1): "Y"}
    mirror = {h.reflect(): c for h, c in card.items()}
    for steps in range(6):
        turned = {h.rotate(steps): c for h, c in card.items()}
        assert tk.scoring.plot_objective_met("P15", turned, set(turned))
        turned_mirror = {h.rotate(steps): c for h, c in mirror.items()}
        assert not tk.scoring.plot_objective_met("P15", turned_mirror, set(turned_mirror))
        assert tk.scoring.plot_objective_met("P15", turned_mirror, set(turned_mirror), True)
