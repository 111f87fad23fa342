"""Takenoko garden rules: plots, irrigation, gardener, panda, improvements and bamboo."""

from __future__ import annotations

import random

import pytest
from takenoko_helpers import RING, act, channel, legal_texts

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.geometry import POND, edge_between

H = tk.Hex


# ---------------------------------------------------------------- plots


def test_TK_PLOT_1_draw_three_keep_one_return_two_to_bottom_in_order() -> None:
    """TK-PLOT-1: "Draw 3 plots, keep 1, return the other 2 face down to the bottom of the pile
    in the order the player chooses (variant: top)." """
    s = tk.new_game(2, 4)
    top3 = s.plot_deck[:3]
    s = act(s, "action plot")
    assert s.phase == "keep_plot" and s.drawn == top3 and len(s.plot_deck) == 24
    assert legal_texts(s) == ["keep 1", "keep 2", "keep 3"]
    s = act(s, "keep 2", "plot 1,0")
    assert s.tiles[H(1, 0)] == top3[1]
    assert legal_texts(s) == ["return 1,2", "return 2,1"]
    back = act(s, "return 2,1")
    assert back.plot_deck[-2:] == (top3[2], top3[0]) and back.drawn == ()
    assert back.phase == "actions"
    top = act(tk.new_game(2, 4, {"plot_return_position": "top"}), "action plot", "keep 2")
    top = act(top, "plot 1,0", "return 1,2")
    assert top.plot_deck[:2] == (top3[0], top3[2])
    rnd = act(tk.new_game(2, 4, {"plot_return_order": "random"}), "action plot", "keep 1")
    rnd = act(rnd, "plot 1,0")
    assert rnd.phase == "actions" and sorted(rnd.plot_deck[-2:]) == sorted(top3[1:])


def test_TK_PLOT_2_next_to_pond_or_two_plots() -> None:
    """TK-PLOT-2: "A plot goes edge-adjacent to the pond, or edge-adjacent to two plots already
    placed; touching at a corner does not count." """
    s = tk.position(plots=((1, 0, "G", 1),))
    spots = set(tk.legal_plot_positions(s))
    assert spots == {H(1, -1), H(0, -1), H(-1, 0), H(-1, 1), H(0, 1)}
    # (2,-1) and (1,1) touch (1,0) only: one plot (the pond does not count) is not enough
    s = tk.position(plots=((1, 0, "G", 1), (1, -1, "Y", 1)))
    assert H(2, -1) in tk.legal_plot_positions(s)
    assert H(2, 0) not in tk.legal_plot_positions(s) and H(2, -2) not in tk.legal_plot_positions(s)
    s = act(tk.position(plots=((1, 0, "G", 1), (1, -1, "Y", 1))), "action plot", "keep 1")
    assert "plot 2,-1" in legal_texts(s) and "plot 3,-1" not in legal_texts(s)


def test_TK_PLOT_3_fewer_than_three_then_none() -> None:
    """TK-PLOT-3: "With fewer than 3 plots in the pile, draw what is left; with none, the action
    cannot be chosen." """
    rng = random.Random(1)
    s = tk.new_game(4, 11)
    seen_short = False
    while not s.is_over():
        if s.phase == "actions" and "action plot" in legal_texts(s) and len(s.plot_deck) < 3:
            left = len(s.plot_deck)
            drawn = act(s, "action plot")
            assert len(drawn.drawn) == left and drawn.plot_deck == ()
            assert legal_texts(drawn) == [f"keep {i}" for i in range(1, left + 1)]
            seen_short = True
        if s.phase == "actions" and not s.plot_deck and not s.drawn:
            assert "action plot" not in legal_texts(s)
        legal = s.legal_actions()
        s = s.apply(legal[rng.randrange(len(legal))], check=False)
        if seen_short and not s.plot_deck and s.phase == "actions":
            assert "action plot" not in legal_texts(s)
            break
    assert seen_short


def test_TK_PLOT_4_pond_plot_irrigated_and_grows() -> None:
    """TK-PLOT-4: "A plot next to the pond is irrigated at once and grows its first section." """
    s = act(tk.new_game(2, 0), "action plot", "keep 1", "plot 0,1")
    assert tk.is_irrigated(s, H(0, 1))
    expected = 2 if s.tiles[H(0, 1)].endswith("F") else 1
    assert s.bamboo[H(0, 1)] == expected


# ---------------------------------------------------------------- irrigation


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
    assert edge_between(POND, H(1, 0)) not in edges
    bad = tk.PlaceChannel(edge_between(POND, H(1, 0)))
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


def test_TK_IRR_5_irrigated_by_pond_channel_or_watershed() -> None:
    """TK-IRR-5: "A plot is irrigated when it is next to the pond, one of its edges holds a
    channel, or it has a watershed." """
    plots = (*RING[:6], (2, -1, "G", 1), (2, 0, "Y", 0), (-1, 2, "YW", 1))
    s = tk.position(plots=plots, channels=(channel((1, 0), (1, -1)), channel((1, 0), (2, -1))))
    assert all(tk.is_irrigated(s, H(*p[:2])) for p in RING[:6])
    assert tk.is_irrigated(s, H(2, -1))  # channel
    assert tk.is_irrigated(s, H(-1, 2))  # watershed
    assert not tk.is_irrigated(s, H(2, 0))
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
    assert s.bamboo[H(2, 0)] == 1
    s = act(s, "channel 2,0/3,-1")
    assert s.bamboo[H(3, -1)] == 1 and s.bamboo[H(2, 0)] == 1  # (2,0) grows only once
    both = tk.position(
        plots=(*RING[:6], (2, -1, "G", 0), (2, 0, "Y", 0), (3, -1, "P", 0)),
        channels=(channel((1, 0), (1, -1)), channel((1, 0), (2, -1)), channel((1, 0), (2, 0))),
        stored_channels={0: 1},
    )
    grown = act(both, "channel 2,0/2,-1")
    assert grown.bamboo == both.bamboo  # both already irrigated: nothing grows
    fresh = tk.position(plots=plots, channels=(channel((1, 0), (1, -1)),), stored_channels={0: 2})
    fresh = act(fresh, "channel 1,0/2,-1", "channel 2,-1/2,0")
    assert fresh.bamboo[H(2, -1)] == 1 and fresh.bamboo[H(2, 0)] == 1


def test_TK_IRR_7_no_channel_left_no_irrigation_action() -> None:
    """TK-IRR-7: "With no channel in the reserve, the irrigation action cannot be chosen." """
    s = tk.position(plots=RING, stored_channels={1: 20})
    assert s.channel_reserve == 0
    assert "action irrigation" not in legal_texts(s)


def test_TK_IRR_8_eaten_plot_does_not_regrow_from_irrigation() -> None:
    """TK-IRR-8: "A plot eaten down to nothing does not regrow just because it is irrigated." """
    s = tk.position(plots=RING, stored_channels={0: 1})
    s = act(s, "action panda", "panda 1,0")
    assert s.bamboo[H(1, 0)] == 0
    s = act(s, "channel 1,0/1,-1")
    assert s.bamboo[H(1, 0)] == 0


# ---------------------------------------------------------------- gardener and panda


def test_TK_GAR_1_straight_lines_no_gaps_across_pond() -> None:
    """TK-GAR-1: "The gardener moves in a straight line in one of six directions, at least one
    plot, only over plots (no gaps); it may cross or stop on the pond; it cannot stay put." """
    s = tk.position(plots=(*RING, (-1, -1, "G", 0), (-2, 0, "P", 0)), gardener=(1, 0))
    moves = set(tk.gardener_destinations(s))
    assert H(1, 0) not in moves
    assert {H(0, 0), H(-1, 0), H(-2, 0)} <= moves  # across and onto the pond
    assert H(2, 0) in moves and H(3, 0) not in moves  # a gap stops the line
    assert H(-1, 1) not in moves  # not on a straight line from (1, 0)
    no_cross = tk.position(
        plots=(*RING, (-1, -1, "G", 0), (-2, 0, "P", 0)),
        gardener=(1, 0),
        options={"figures_may_cross_pond": False},
    )
    assert H(-1, 0) not in tk.gardener_destinations(no_cross)
    assert H(0, 0) in tk.gardener_destinations(no_cross)
    no_stop = tk.position(plots=RING, gardener=(1, 0), options={"figures_may_stop_on_pond": False})
    assert H(0, 0) not in tk.gardener_destinations(no_stop)
    assert H(-1, 0) in tk.gardener_destinations(no_stop)


def test_TK_GAR_2_growth_on_destination_and_same_colour_neighbours() -> None:
    """TK-GAR-2: "It grows one section on the destination plot and on every adjacent plot of the
    destination's colour, only on irrigated plots, never above 4." """
    plots = ((1, 0, "G", 1), (1, -1, "G", 4), *RING[2:5], (0, 1, "G", 1), (2, -1, "G", 0))
    s = act(tk.position(plots=(*plots, (2, 0, "Y", 0))), "action gardener", "gardener 1,0")
    assert s.bamboo[H(1, 0)] == 2 and s.bamboo[H(0, 1)] == 2
    assert s.bamboo[H(1, -1)] == 4  # cap
    assert s.bamboo[H(2, -1)] == 0  # same colour but dry
    assert s.bamboo[H(2, 0)] == 0 and s.bamboo[H(0, -1)] == 1  # other colours


def test_TK_GAR_3_passed_plots_and_pond_do_not_grow() -> None:
    """TK-GAR-3: "Plots passed over do not grow; the pond never grows." """
    s = tk.position(plots=RING, gardener=(0, 0))
    moved = act(s, "action gardener", "gardener 2,0")
    assert moved.bamboo[H(1, 0)] == 1  # passed over
    assert moved.bamboo[H(2, 0)] == 0  # dry destination
    to_pond = act(tk.position(plots=RING, gardener=(1, 0)), "action gardener", "gardener 0,0")
    assert to_pond.bamboo == tk.position(plots=RING).bamboo and POND not in to_pond.bamboo


def test_TK_PAN_1_panda_moves_like_the_gardener() -> None:
    """TK-PAN-1: "The panda moves like the gardener." """
    s = tk.position(plots=(*RING, (-1, -1, "G", 0), (-2, 0, "P", 0)), gardener=(1, 0), panda=(1, 0))
    assert tk.panda_destinations(s) == tk.gardener_destinations(s)
    s = act(s, "action panda")
    assert {a.plot for a in s.legal_actions()} == set(tk.gardener_destinations(s))


def test_TK_PAN_2_eats_top_section_player_keeps_it() -> None:
    """TK-PAN-2: "It eats the top section of the destination plot; the player keeps the section on
    their board." """
    s = act(tk.position(plots=RING), "action panda", "panda -1,0")
    assert s.bamboo[H(-1, 0)] == 0 and s.eaten[0] == (0, 0, 1)
    assert s.inventory()["bamboo P"] == 24


def test_TK_PAN_3_nothing_to_eat_and_nothing_on_the_way() -> None:
    """TK-PAN-3: "It may end on a plot without bamboo and eats nothing; it eats nothing on the
    way." """
    s = act(tk.position(plots=RING), "action panda", "panda 2,0")
    assert s.panda == H(2, 0) and s.eaten[0] == (0, 0, 0)
    assert s.bamboo[H(1, 0)] == 1  # passed over


def test_TK_PAN_4_enclosure_protects() -> None:
    """TK-PAN-4: "It never eats on a plot with an enclosure (it may cross or stop there)." """
    plots = ((1, 0, "GE", 3), *RING[1:6], (2, -1, "G", 0), (2, 0, "Y", 0))
    s = act(tk.position(plots=plots), "action panda", "panda 1,0")
    assert s.bamboo[H(1, 0)] == 3 and s.eaten[0] == (0, 0, 0) and s.panda == H(1, 0)
    crossed = act(tk.position(plots=plots), "action panda", "panda 2,0")
    assert crossed.panda == H(2, 0)


# ---------------------------------------------------------------- improvements and bamboo


def test_TK_IMP_1_printed_and_chip_same_effect_one_per_plot() -> None:
    """TK-IMP-1: "Printed improvements and chips have the same effect; a plot holds at most one
    improvement, never replaced or moved." """
    printed = tk.position(plots=((1, 0, "GE", 2), (1, -1, "G", 1)))
    chip = tk.position(plots=((1, 0, "G", 2, "E"), (1, -1, "G", 1)))
    for s in (printed, chip):
        after = act(s, "action panda", "panda 1,0")
        assert after.bamboo[H(1, 0)] == 2
    s = tk.position(
        plots=((1, 0, "GE", 0), (1, -1, "G", 0, "F")), stored_improvements={0: (1, 1, 1)}
    )
    assert not any(
        t.endswith(" 1,0") or t.endswith(" 1,-1") for t in legal_texts(s) if t.startswith("improve")
    )


def test_TK_IMP_2_chip_only_on_bare_unimproved_plot() -> None:
    """TK-IMP-2: "A stored chip is placed during one's own turn without using an action, only on a
    plot with no bamboo and no improvement (just placed, dry, or eaten bare)." """
    s = tk.position(plots=RING, stored_improvements={0: (0, 0, 1)})
    targets = [t for t in legal_texts(s) if t.startswith("improve")]
    assert targets == ["improve fertilizer 2,-1", "improve fertilizer 2,0"]
    s = act(s, "action panda", "panda 1,0")  # eaten bare
    assert "improve fertilizer 1,0" in legal_texts(s)
    s = act(s, "improve fertilizer 1,0")
    assert s.improvements[H(1, 0)] == "F" and s.used == ("panda",)
    # while a plot is being placed (catalog 7.8): attach before the first growth
    placing = act(tk.position(stored_improvements={0: (0, 0, 1)}), "action plot", "keep 1")
    plain = placing.kept is not None and len(placing.kept) == 1
    texts = legal_texts(placing)
    assert ("plot 1,0 +fertilizer" in texts) == plain
    if plain:
        done = act(placing, "plot 1,0 +fertilizer")
        assert done.bamboo[H(1, 0)] == 2 and done.stored_improvements[0] == (0, 0, 0)
    off = act(
        tk.position(
            stored_improvements={0: (0, 0, 1)}, options={"improvement_on_placement": False}
        ),
        "action plot",
        "keep 1",
    )
    assert not any("+" in t for t in legal_texts(off))


def test_TK_IMP_3_enclosure() -> None:
    """TK-IMP-3 (enclosure): "the panda may cross or stop but never eats there." """
    plots = (*RING[:5], (0, 1, "GE", 2), (2, -1, "G", 0), (2, 0, "Y", 0), (-1, 2, "G", 0))
    s = act(tk.position(plots=plots, panda=(0, 0)), "action panda", "panda 0,1")
    assert s.bamboo[H(0, 1)] == 2 and s.eaten[0] == (0, 0, 0)


def test_TK_IMP_4_fertilizer_doubles_every_growth() -> None:
    """TK-IMP-4 (fertilizer): "each growth on the plot adds 2 sections instead of 1, still at most
    4; this applies to the gardener, rain and the first growth." """
    plots = ((1, 0, "GF", 3), (1, -1, "G", 1), (0, -1, "YF", 1))
    s = act(tk.position(plots=plots), "action gardener", "gardener 1,0")
    assert s.bamboo[H(1, 0)] == 4  # 3 + 2 capped at 4
    s = act(tk.position(plots=plots), "action gardener", "gardener 0,-1")
    assert s.bamboo[H(0, -1)] == 3
    first = tk.position(
        plots=((1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "PF", 0)),
        channels=(channel((1, 0), (1, -1)),),
        stored_channels={0: 1},
    )
    assert act(first, "channel 1,0/2,-1").bamboo[H(2, -1)] == 2
    no_first = tk.position(
        plots=((1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "PF", 0)),
        channels=(channel((1, 0), (1, -1)),),
        stored_channels={0: 1},
        options={"fertilizer_on_first_growth": False},
    )
    assert act(no_first, "channel 1,0/2,-1").bamboo[H(2, -1)] == 1


def test_TK_IMP_5_watershed_irrigates_but_starts_no_network() -> None:
    """TK-IMP-5 (watershed): "the plot is irrigated and grows its first section; a watershed never
    starts a channel network." """
    plots = ((1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "GW", 1), (2, 0, "Y", 0), (3, -1, "P", 0))
    s = tk.position(plots=plots, stored_channels={0: 1})
    assert tk.is_irrigated(s, H(2, -1))
    assert channel((2, -1), (3, -1)) not in tk.legal_channel_edges(s)
    assert channel((2, -1), (2, 0)) not in tk.legal_channel_edges(s)
    chip = tk.position(
        plots=((1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "G", 0)), stored_improvements={0: (1, 0, 0)}
    )
    chip = act(chip, "improve watershed 2,-1")
    assert tk.is_irrigated(chip, H(2, -1)) and chip.bamboo[H(2, -1)] == 1


def test_TK_BAM_1_one_bamboo_of_its_colour_max_four() -> None:
    """TK-BAM-1: "Each plot grows only one bamboo, of its own colour, at most 4 sections." """
    s = tk.position(plots=((1, 0, "P", 4), (1, -1, "P", 3)), phase="roll")
    s = act(s.apply(tk.Roll("rain")), "grow 1,-1", "action gardener", "gardener 1,0")
    assert s.bamboo[H(1, 0)] == 4 and s.bamboo[H(1, -1)] == 4
    assert s.inventory()["bamboo P"] == 24 and s.bamboo_reserve[2] == 24 - 8


def test_TK_BAM_2_running_out_substitutes_or_stops() -> None:
    """TK-BAM-2: "Running out of bamboo pieces does not stop growth (pieces are substituted); a
    limited-supply variant exists." """
    plots = ((1, 0, "P", 1), (1, -1, "P", 1))
    unlimited = tk.position(plots=plots, eaten={1: (0, 0, 22)})
    assert unlimited.bamboo_reserve[2] == 0
    grown = act(unlimited, "action gardener", "gardener 1,0")
    assert grown.bamboo[H(1, 0)] == 2 and grown.bamboo_reserve[2] == -2  # two substitutes
    assert grown.inventory()["bamboo P"] == 24
    limited = tk.position(plots=plots, eaten={1: (0, 0, 22)}, options={"bamboo_supply": "limited"})
    still = act(limited, "action gardener", "gardener 1,0")
    assert still.bamboo[H(1, 0)] == 1 and still.bamboo_reserve[2] == 0
    one_left = tk.position(
        plots=((1, 0, "PF", 1), (1, -1, "P", 1)),
        eaten={1: (0, 0, 21)},
        options={"bamboo_supply": "limited"},
    )
    assert act(one_left, "action gardener", "gardener 1,0").bamboo[H(1, 0)] == 2  # +2 gives +1


def test_chance_node_only_at_roll() -> None:
    """Contract: CHANCE only for the die; chance outcomes empty otherwise."""
    s = tk.position(plots=RING)
    assert s.current_player == 0 and s.chance_outcomes() == ()
    assert tk.position(plots=RING, phase="roll").current_player == CHANCE
