"""Tests of docs/rules/takenoko.md, section "The plot action"."""

from __future__ import annotations

import random

from takenoko_helpers import IMPROVEMENT_LETTER, SAMPLE_VARIANTS, act, legal_texts, transitions_of

from bamboo_lab.games import takenoko as tk

Hex = tk.Hex


def test_TK_PLOT_1_draw_three_keep_one_return_two_to_bottom_in_order() -> None:
    """TK-PLOT-1: "Draw 3 plots, keep 1, return the other 2 face down to the bottom of the pile
    in the order the player chooses (variant: top)." """
    s = tk.new_game(2, 4)
    top3 = s.plot_deck[:3]
    s = act(s, "action plot")
    assert s.phase == "keep_plot" and s.drawn == top3 and len(s.plot_deck) == 24
    assert legal_texts(s) == ["keep 1", "keep 2", "keep 3"]
    s = act(s, "keep 2", "plot 1,0")
    assert s.tiles[Hex(1, 0)] == top3[1]
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


def test_TK_PLOT_1_view_hides_the_plots_another_player_drew() -> None:
    """TK-PLOT-1: "Draw 3 plots, keep 1, return the other 2 face down." Only the drawer sees
    them: another player's view shows how many were drawn, not which."""
    s = act(tk.new_game(3, 9), "action plot")
    assert s.player == 0
    drawer = str(s.view(0))
    assert "drawn: " + " ".join(f"{i + 1}:{t}" for i, t in enumerate(s.drawn)) in drawer
    other = str(s.view(1))
    assert "drawn: 1:? 2:? 3:?; kept: -" in other
    kept = act(s, "keep 2")
    assert f"kept: {kept.kept}" in str(kept.view(0))
    assert "drawn: 1:? 2:?; kept: ?" in str(kept.view(2))
    assert f"kept: {kept.kept}" in str(kept)  # the full state shows everything


def test_TK_PLOT_1_drawn_and_kept_plots_are_hidden_from_the_others() -> None:
    """TK-PLOT-1: the plots drawn are seen by their player only, until the kept one is placed;
    the two returned ones stay hidden in the pile."""
    s = act(tk.new_game(2, 8), "action plot", "keep 1")
    assert s.kept is not None
    other = {s.determinize(1, k).kept for k in range(12)}
    assert len(other) > 1 and s.determinize(0, 3).kept == s.kept
    placed = act(s, "plot 1,0")
    assert {placed.determinize(1, k).tiles[Hex(1, 0)] for k in range(5)} == {s.kept}
    assert len({placed.determinize(1, k).drawn for k in range(12)}) > 1
    assert placed.determinize(0, 1).drawn == placed.drawn


def test_TK_PLOT_1_public_view_hides_the_plots_drawn_and_kept() -> None:
    """TK-PLOT-1: only the drawer sees the plots drawn and kept; a spectator sees how many."""
    s = act(tk.new_game(2, 9), "action plot")
    assert "drawn: 1:? 2:? 3:?; kept: -" in str(s.view(None))
    kept = act(s, "keep 2")
    assert "drawn: 1:? 2:?; kept: ?" in str(kept.view(None))
    assert kept.view(None) == kept.view(0).view(None) == kept.view(1).view(None)


def test_TK_PLOT_2_next_to_pond_or_two_plots() -> None:
    """TK-PLOT-2: "A plot goes edge-adjacent to the pond, or edge-adjacent to two plots already
    placed; touching at a corner does not count." """
    s = tk.position(plots=((1, 0, "G", 1),))
    spots = set(tk.legal_plot_positions(s))
    assert spots == {Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)}
    # (2,-1) and (1,1) touch (1,0) only: one plot (the pond does not count) is not enough
    s = tk.position(plots=((1, 0, "G", 1), (1, -1, "Y", 1)))
    assert Hex(2, -1) in tk.legal_plot_positions(s)
    assert Hex(2, 0) not in tk.legal_plot_positions(s) and Hex(
        2, -2
    ) not in tk.legal_plot_positions(s)
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
    assert tk.is_irrigated(s, Hex(0, 1))
    expected = 2 if s.tiles[Hex(0, 1)].endswith("F") else 1
    assert s.bamboo[Hex(0, 1)] == expected


def test_TK_PLOT_4_watered_on_placement_is_what_the_engine_irrigates() -> None:
    """A placed plot is irrigated (and grows once) exactly when watered_on_placement says."""
    for variant in range(len(SAMPLE_VARIANTS)):
        for before, action, after in transitions_of(variant, tk.PlacePlot):
            assert before.kept is not None
            chip = None if action.improvement is None else IMPROVEMENT_LETTER[action.improvement]
            watered = tk.watered_on_placement(action.plot, before.kept, chip)
            assert (action.plot in after.irrigated) is watered
            improvement = tk.placed_improvement(before.kept, chip)
            assert after.improvements.get(action.plot) == improvement
            fert = before.options.fertilizer_on_first_growth
            grown = tk.growth_amount(improvement, fert) if watered else 0
            assert after.bamboo[action.plot] == grown
