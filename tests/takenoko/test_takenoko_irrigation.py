"""Tests of docs/rules/takenoko.md, section "Irrigation"."""

from __future__ import annotations

import pytest
from takenoko_helpers import (
    RING,
    SAMPLE_VARIANTS,
    act,
    channel,
    expected_growth,
    grown,
    legal_texts,
    transitions_of,
)

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.geometry import POND, edge_between


def test_TK_IRR_1_take_a_channel_place_or_store() -> None:
    """TK-IRR-1: "The irrigation action takes one channel from the reserve; the player places it
    now or stores it." """
    s = act(tk.position(plots=RING), "action irrigation")
    assert s.channel_reserve == 19 and s.stored_channels[0] == 1
    placed = act(s, "channel 1,0/1,-1")
    assert placed.stored_channels[0] == 0 and len(placed.channels) == 1
    stored = act(s, "action objective", "draw plot", "end")
    assert stored.stored_channels[0] == 1


def test_TK_IRR_2_stored_channel_placed_later_for_free() -> None:
    """TK-IRR-2: "A stored channel may be placed at any time during one's own turn, for free." """
    s = tk.position(plots=RING, stored_channels={0: 1}, phase="roll").apply(tk.Roll("wind"))
    s = act(s, "channel 1,0/1,-1")
    assert s.used == () and s.stored_channels[0] == 0
    s = act(s, "action irrigation", "channel 1,-1/2,-1")
    assert s.used == ("irrigation",)


def test_TK_IRR_3_channel_between_two_plots_never_on_pond() -> None:
    """TK-IRR-3: "A channel lies on the edge between two placed plots, never on an edge of the
    pond." """
    s = tk.position(plots=RING, stored_channels={0: 1})
    edges = tk.legal_channel_edges(s)
    for e in edges:
        a, b = e.hexes()
        assert a in s.tiles and b in s.tiles
    assert edge_between(POND, Hex(1, 0)) not in edges
    bad = tk.PlaceChannel(edge_between(POND, Hex(1, 0)))
    with pytest.raises(IllegalActionError):
        s.apply(bad)


def test_TK_IRR_4_network_starts_at_pond_corner() -> None:
    """TK-IRR-4: "The channel network starts at a corner of the pond and stays connected: a new
    channel touches a pond corner or an end of an existing channel." """
    s = tk.position(plots=RING, stored_channels={0: 2})
    ring_edges = {
        channel((1, 0), (1, -1)),
        channel((1, -1), (0, -1)),
        channel((0, -1), (-1, 0)),
        channel((-1, 0), (-1, 1)),
        channel((-1, 1), (0, 1)),
        channel((0, 1), (1, 0)),
    }
    assert set(tk.legal_channel_edges(s)) == ring_edges
    assert channel((1, 0), (2, -1)) not in tk.legal_channel_edges(s)
    s = act(s, "channel 1,0/1,-1")
    assert channel((1, 0), (2, -1)) in tk.legal_channel_edges(s)
    assert channel((1, -1), (2, -1)) in tk.legal_channel_edges(s)
    assert channel((2, -1), (2, 0)) not in tk.legal_channel_edges(s)
    s = act(s, "channel 1,0/2,-1")
    assert channel((2, -1), (2, 0)) in tk.legal_channel_edges(s)


def test_TK_IRR_4_a_plot_placed_away_from_the_network_opens_no_channel_edge() -> None:
    """TK-IRR-4: a plot placed by the plot action next to two plots, away from the pond corners
    and from every channel, adds no legal channel edge; one touching a channel's end does."""
    plots = ((1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "Y", 0), (2, -2, "Y", 0))
    s = tk.position(plots=plots, stored_channels={0: 1})
    top = s.plot_deck[0]
    far = act(s, "action plot", "keep 1", "plot 3,-2")
    assert far.tiles[Hex(3, -2)] == top
    assert set(far.channel_spots) == set(s.channel_spots)
    near = tk.position(
        plots=plots[:3],
        channels=(channel((1, 0), (1, -1)), channel((1, -1), (2, -1))),
    )
    assert channel((2, -2), (2, -1)) not in near.channel_spots  # (2,-2) not placed yet
    near = act(near, "action plot", "keep 1", "plot 2,-2")
    # both new edges end at the corner (1,-1)/(2,-1)/(2,-2), the outer end of a channel
    assert channel((2, -2), (2, -1)) in near.channel_spots
    assert channel((2, -2), (1, -1)) in near.channel_spots


def test_TK_IRR_5_irrigated_by_pond_channel_or_watershed() -> None:
    """TK-IRR-5: "A plot is irrigated when it is next to the pond, one of its edges holds a
    channel, or it has a watershed." """
    plots = (*RING[:6], (2, -1, "G", 1), (2, 0, "Y", 0), (-1, 2, "YW", 1))
    s = tk.position(plots=plots, channels=(channel((1, 0), (1, -1)), channel((1, 0), (2, -1))))
    assert all(tk.is_irrigated(s, Hex(*p[:2])) for p in RING[:6])
    assert tk.is_irrigated(s, Hex(2, -1))  # channel
    assert tk.is_irrigated(s, Hex(-1, 2))  # watershed
    assert not tk.is_irrigated(s, Hex(2, 0))
    assert not tk.is_irrigated(s, POND)


def test_TK_IRR_6_first_growth_both_sides_once() -> None:
    """TK-IRR-6: "The first time a plot becomes irrigated it grows one section of its colour;
    once per plot; a channel that irrigates two plots for the first time grows both." """
    plots = (*RING[:6], (2, -1, "G", 0), (2, 0, "Y", 0), (3, -1, "P", 0))
    s = tk.position(
        plots=plots,
        channels=(channel((1, 0), (1, -1)), channel((1, 0), (2, -1))),
        stored_channels={0: 2},
    )
    s = act(s, "channel 2,-1/2,0")
    assert s.bamboo[Hex(2, 0)] == 1
    s = act(s, "channel 2,0/3,-1")
    assert s.bamboo[Hex(3, -1)] == 1 and s.bamboo[Hex(2, 0)] == 1  # (2,0) grows only once
    both = tk.position(
        plots=(*RING[:6], (2, -1, "G", 0), (2, 0, "Y", 0), (3, -1, "P", 0)),
        channels=(channel((1, 0), (1, -1)), channel((1, 0), (2, -1)), channel((1, 0), (2, 0))),
        stored_channels={0: 1},
    )
    grown = act(both, "channel 2,0/2,-1")
    assert grown.bamboo == both.bamboo  # both already irrigated: nothing grows
    fresh = tk.position(plots=plots, channels=(channel((1, 0), (1, -1)),), stored_channels={0: 2})
    fresh = act(fresh, "channel 1,0/2,-1", "channel 2,-1/2,0")
    assert fresh.bamboo[Hex(2, -1)] == 1 and fresh.bamboo[Hex(2, 0)] == 1


@pytest.mark.parametrize("variant", range(len(SAMPLE_VARIANTS)))
def test_TK_IRR_6_newly_irrigated_plots_grow_once(variant: int) -> None:
    """A channel irrigates newly_irrigated(...) and each grows by growth_amount(improvement,
    fertilizer_on_first_growth); nothing else changes."""
    for before, action, after in transitions_of(variant, tk.PlaceChannel):
        fresh = tk.newly_irrigated(before.irrigated, action.edge.hexes())
        assert after.irrigated == before.irrigated | set(fresh)
        fert = before.options.fertilizer_on_first_growth
        assert grown(before, after) == expected_growth(before, fresh, fert)


def test_TK_IRR_7_no_channel_left_no_irrigation_action() -> None:
    """TK-IRR-7: "With no channel in the reserve, the irrigation action cannot be chosen." """
    s = tk.position(plots=RING, stored_channels={1: 20})
    assert s.channel_reserve == 0
    assert "action irrigation" not in legal_texts(s)


def test_TK_IRR_8_eaten_plot_does_not_regrow_from_irrigation() -> None:
    """TK-IRR-8: "A plot eaten down to nothing does not regrow just because it is irrigated." """
    s = tk.position(plots=RING, stored_channels={0: 1})
    s = act(s, "action panda", "panda 1,0")
    assert s.bamboo[Hex(1, 0)] == 0
    s = act(s, "channel 1,0/1,-1")
    assert s.bamboo[Hex(1, 0)] == 0
