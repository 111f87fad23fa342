"""Takenoko setup, components and the catalog's totals (TK-SET-*, catalog 1 and 3.5)."""

from __future__ import annotations

from collections import Counter

import pytest
from takenoko_helpers import act, legal_texts

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import CARDS, PLOT_TILES
from bamboo_lab.games.takenoko.geometry import POND


def test_TK_SET_1_pond_in_centre_figures_on_it_no_bamboo() -> None:
    """TK-SET-1: "The pond is in the centre; the gardener and the panda start on it; no bamboo
    grows on the pond."""
    s = tk.new_game(3, 1)
    assert s.gardener == POND and s.panda == POND
    assert s.tiles == {} and s.bamboo == {}
    assert POND not in s.plot_spots and len(s.plot_spots) == 6
    assert s.inventory()["pond"] == 1


def test_TK_SET_2_twenty_seven_plots_shuffled() -> None:
    """TK-SET-2: "The 27 coloured plots (11 green, 9 yellow, 7 pink, with printed improvements per
    cat §1.1) are shuffled face down as the draw pile." """
    s = tk.new_game(2, 1)
    assert len(s.plot_deck) == 27
    counts = Counter(s.plot_deck)
    assert counts == Counter(PLOT_TILES)
    assert {c: counts[c] for c in ("G", "GW", "GE", "GF")} == {"G": 6, "GW": 2, "GE": 2, "GF": 1}
    assert {c: counts[c] for c in ("Y", "YW", "YE", "YF")} == {"Y": 6, "YW": 1, "YE": 1, "YF": 1}
    assert {c: counts[c] for c in ("P", "PW", "PE", "PF")} == {"P": 4, "PW": 1, "PE": 1, "PF": 1}
    assert tk.new_game(2, 2).plot_deck != s.plot_deck


def test_TK_SET_3_reserves() -> None:
    """TK-SET-3: "20 irrigation channels and 9 improvement chips (3 enclosure, 3 fertilizer, 3
    watershed) form the reserve; bamboo 36 green, 30 yellow, 24 pink." """
    s = tk.new_game(4, 0)
    assert s.channel_reserve == 20
    assert s.improvement_reserve == (3, 3, 3)
    assert s.bamboo_reserve == (36, 30, 24)
    inv = s.inventory()
    assert (inv["bamboo G"], inv["bamboo Y"], inv["bamboo P"]) == (36, 30, 24)
    assert inv["channel"] == 20 and inv["chip W"] == inv["chip E"] == inv["chip F"] == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_TK_SET_4_one_card_of_each_kind_hidden(players: int) -> None:
    """TK-SET-4: "The Emperor is set aside; the plot, gardener and panda objective decks are
    shuffled separately; each player draws one card of each kind and keeps them hidden." """
    s = tk.new_game(players, 5)
    for hand in s.hands:
        assert sorted(c[0] for c in hand) == ["A", "G", "P"]
    assert [len(deck) for deck in s.decks] == [15 - players] * 3
    assert s.emperor is None
    # an opponent's view never shows the real cards behind the backs of player 0's hand
    views = {s.determinize(1, k).hands[0] for k in range(20)}
    assert len(views) > 1
    assert s.view(1).hands[1] == s.hands[1]


def test_TK_SET_5_turn_order_clockwise_from_start_player() -> None:
    """TK-SET-5: "Each player has a board and 2 action chips; play goes clockwise from the start
    player." """
    s = tk.new_game(3, 0)
    assert s.current_player == 0 and s.allowed == 2
    seats = []
    for _ in range(3):
        seats.append(s.current_player)
        s = act(s, "action irrigation", "action objective", "draw panda", "end")
    assert seats == [0, 1, 2]
    assert s.current_player == CHANCE  # the second round rolls the weather
    chosen = tk.new_game(3, 0, {"first_player": 2})
    assert chosen.current_player == 2 and chosen.start_player == 2
    starts = {tk.new_game(4, seed, {"start_player": "random"}).start_player for seed in range(30)}
    assert starts == {0, 1, 2, 3}


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


def test_bad_setup_arguments_raise_invalid_state() -> None:
    """Bad player counts, seeds and options are refused with InvalidStateError."""
    with pytest.raises(InvalidStateError):
        tk.new_game(5, 0)
    with pytest.raises(InvalidStateError):
        tk.new_game(2, "seed")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        tk.new_game(2, 0, {"bamboo_supply": "infinite"})
    with pytest.raises(InvalidStateError):
        tk.new_game(2, 0, {"no_such_option": True})
    with pytest.raises(InvalidStateError):
        tk.new_game(2, 0, {"first_player": 3})
    with pytest.raises(InvalidStateError):
        tk.Options(first_player=7)


def test_first_turn_offers_only_feasible_actions() -> None:
    """TK-GAR-1 with an empty garden: the figures cannot move, so only plot, irrigation and
    objective can be chosen on the very first turn."""
    s = tk.new_game(2, 0)
    assert legal_texts(s) == ["action plot", "action irrigation", "action objective"]
