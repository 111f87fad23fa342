"""Tests of docs/rules/takenoko.md, section "The gardener"."""

from __future__ import annotations

import pytest
from takenoko_helpers import (
    BEYOND_GAP,
    RING,
    SAMPLE_VARIANTS,
    act,
    expected_growth,
    grown,
    legal_texts,
    transitions_of,
    truth,
)

from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.geometry import POND


def test_TK_GAR_1_straight_lines_no_gaps_across_pond() -> None:
    """TK-GAR-1: "The gardener moves in a straight line in one of six directions, at least one
    plot, only over plots (no gaps); it may cross or stop on the pond; it cannot stay put." """
    s = tk.position(plots=(*RING, (-1, -1, "G", 0), (-2, 0, "P", 0)), gardener=(1, 0))
    moves = set(tk.gardener_destinations(s))
    assert Hex(1, 0) not in moves
    assert {Hex(0, 0), Hex(-1, 0), Hex(-2, 0)} <= moves  # across and onto the pond
    assert Hex(2, 0) in moves and Hex(3, 0) not in moves  # a gap stops the line
    assert Hex(-1, 1) not in moves  # not on a straight line from (1, 0)
    no_cross = tk.position(
        plots=(*RING, (-1, -1, "G", 0), (-2, 0, "P", 0)),
        gardener=(1, 0),
        options={"figures_may_cross_pond": False},
    )
    assert Hex(-1, 0) not in tk.gardener_destinations(no_cross)
    assert Hex(0, 0) in tk.gardener_destinations(no_cross)
    no_stop = tk.position(plots=RING, gardener=(1, 0), options={"figures_may_stop_on_pond": False})
    assert Hex(0, 0) not in tk.gardener_destinations(no_stop)
    assert Hex(-1, 0) in tk.gardener_destinations(no_stop)


def test_TK_GAR_1_and_TK_PAN_1_a_gap_stops_the_line_even_with_a_plot_beyond() -> None:
    """TK-GAR-1 / TK-PAN-1: "only over plots (no gaps)": from (1,0) eastward the empty place
    (2,0) stops the gardener and the panda, so the plot (3,0) beyond it is out of reach."""
    s = tk.position(plots=BEYOND_GAP, gardener=(1, 0), panda=(1, 0))
    for moves in (tk.gardener_destinations(s), tk.panda_destinations(s)):
        assert Hex(3, 0) not in moves and Hex(2, 0) not in moves
    s = tk.position(plots=BEYOND_GAP, gardener=(3, -2), panda=(3, -2))
    assert Hex(3, 0) in tk.gardener_destinations(s)  # (3,-1) joins them: no gap
    assert Hex(3, 0) in tk.panda_destinations(s)


def test_TK_GAR_2_growth_on_destination_and_same_colour_neighbours() -> None:
    """TK-GAR-2: "It grows one section on the destination plot and on every adjacent plot of the
    destination's colour, only on irrigated plots, never above 4." """
    plots = ((1, 0, "G", 1), (1, -1, "G", 4), *RING[2:5], (0, 1, "G", 1), (2, -1, "G", 0))
    s = act(tk.position(plots=(*plots, (2, 0, "Y", 0))), "action gardener", "gardener 1,0")
    assert s.bamboo[Hex(1, 0)] == 2 and s.bamboo[Hex(0, 1)] == 2
    assert s.bamboo[Hex(1, -1)] == 4  # cap
    assert s.bamboo[Hex(2, -1)] == 0  # same colour but dry
    assert s.bamboo[Hex(2, 0)] == 0 and s.bamboo[Hex(0, -1)] == 1  # other colours


def test_TK_GAR_2_the_gardener_grows_only_irrigated_plots_of_its_colour() -> None:
    """Exercise 3's answer leaves out the yellow, the dry and the full green plot."""
    assert truth("takenoko-3") == frozenset({"1,-1", "2,-1"})


@pytest.mark.parametrize("variant", range(len(SAMPLE_VARIANTS)))
def test_TK_GAR_2_growth_targets_are_what_the_gardener_grows(variant: int) -> None:
    """growth_targets + growth_amount give exactly the sections apply(MoveGardener) adds."""
    for before, action, after in transitions_of(variant, tk.MoveGardener):
        targets = tk.growth_targets(before.colours, before.irrigated, before.bamboo, action.plot)
        assert len(set(targets)) == len(targets)
        assert grown(before, after) == expected_growth(before, targets, True)


def test_TK_GAR_3_passed_plots_and_pond_do_not_grow() -> None:
    """TK-GAR-3: "Plots passed over do not grow; the pond never grows." """
    s = tk.position(plots=RING, gardener=(0, 0))
    moved = act(s, "action gardener", "gardener 2,0")
    assert moved.bamboo[Hex(1, 0)] == 1  # passed over
    assert moved.bamboo[Hex(2, 0)] == 0  # dry destination
    to_pond = act(tk.position(plots=RING, gardener=(1, 0)), "action gardener", "gardener 0,0")
    assert to_pond.bamboo == tk.position(plots=RING).bamboo and POND not in to_pond.bamboo


def test_TK_GAR_3_growth_targets_on_the_pond_and_at_height_4() -> None:
    """The pond grows nothing; a plot at 4 is not a target; other colours are not either."""
    plots = ((1, 0, "G", 4), (1, -1, "G", 1), (0, -1, "Y", 1), (2, -1, "G", 0))
    s = tk.position(plots=plots)
    assert tk.growth_targets(s.colours, s.irrigated, s.bamboo, tk.POND) == []
    # (1,0) is at 4, (2,-1) is dry, (0,-1) is yellow: only (1,-1) grows
    assert tk.growth_targets(s.colours, s.irrigated, s.bamboo, tk.Hex(1, 0)) == [tk.Hex(1, -1)]


def test_first_turn_offers_only_feasible_actions() -> None:
    """TK-GAR-1 with an empty garden: the figures cannot move, so only plot, irrigation and
    objective can be chosen on the very first turn."""
    s = tk.new_game(2, 0)
    assert legal_texts(s) == ["action plot", "action irrigation", "action objective"]
