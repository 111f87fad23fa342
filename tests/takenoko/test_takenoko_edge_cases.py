"""Takenoko edge cases: printed watersheds, weather fallbacks, hidden plots, the dead garden."""

from __future__ import annotations

from takenoko_helpers import act, legal_texts

from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.rules import card_reachable, growable_colours

H = tk.Hex


def _seed_with_top_tile(tile: str) -> int:
    return next(k for k in range(500) if tk.new_game(2, k).plot_deck[0] == tile)


def test_TK_IMP_5_printed_watershed_placed_away_from_the_pond_grows() -> None:
    """TK-IMP-5: "the plot is irrigated and grows its first section" also for a printed
    watershed placed by the plot action away from the pond."""
    seed = _seed_with_top_tile("YW")
    s = tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1)), seed=seed)
    assert s.plot_deck[0] == "YW"
    s = act(s, "action plot", "keep 1", "plot 2,-1")
    assert tk.is_irrigated(s, H(2, -1)) and s.bamboo[H(2, -1)] == 1


def test_TK_W_6_question_mark_clouds_with_no_chip_falls_back() -> None:
    """TK-W-6 with TK-W-5: "?" chosen as clouds with an empty reserve offers sun, rain, wind or
    storm."""
    s = tk.position(phase="roll", stored_improvements={1: (3, 3, 3)}, plots=((1, 0, "G", 1),))
    s = act(s.apply(tk.Roll("?")), "weather clouds")
    assert s.phase == "choose_weather"
    assert [t for t in legal_texts(s) if t.startswith("weather")] == [
        "weather sun",
        "weather rain",
        "weather wind",
        "weather storm",
    ]


def test_TK_PLOT_1_drawn_and_kept_plots_are_hidden_from_the_others() -> None:
    """TK-PLOT-1: the plots drawn are seen by their player only, until the kept one is placed;
    the two returned ones stay hidden in the pile."""
    s = act(tk.new_game(2, 8), "action plot", "keep 1")
    assert s.kept is not None
    other = {s.determinize(1, k).kept for k in range(12)}
    assert len(other) > 1 and s.determinize(0, 3).kept == s.kept
    placed = act(s, "plot 1,0")
    assert {placed.determinize(1, k).tiles[H(1, 0)] for k in range(5)} == {s.kept}
    assert len({placed.determinize(1, k).drawn for k in range(12)}) > 1
    assert placed.determinize(0, 1).drawn == placed.drawn


def test_growable_colours_limited_supply() -> None:
    """TK-BAM-2 (limited): with no pink in the reserve and no panda card that could pay pink
    back, pink can never grow again; a payable pink panda card brings it back."""
    full = {
        0: ("P01", "P02", "P03", "G01", "A01"),
        1: ("P04", "P05", "P06", "G02", "A06"),
    }
    plots = ((1, 0, "P", 1), (1, -1, "P", 1))
    s = tk.position(
        plots=plots, hands=full, eaten={1: (0, 0, 22)}, options={"bamboo_supply": "limited"}
    )
    assert s.bamboo_reserve[2] == 0
    assert growable_colours(s) == frozenset({"G", "Y"})
    payer = dict(full)
    payer[1] = ("P04", "P05", "P06", "G02", "A10")  # two pink, and player 1 holds 22 pink
    s = tk.position(
        plots=plots, hands=payer, eaten={1: (0, 0, 22)}, options={"bamboo_supply": "limited"}
    )
    assert growable_colours(s) == frozenset({"G", "Y", "P"})
    assert growable_colours(tk.position(plots=plots)) == frozenset({"G", "Y", "P"})


def test_card_reachable_in_a_frozen_garden() -> None:
    """The dead-garden test: a missing plot shape is out of reach, a gardener card with an
    irrigated plot of its colour and improvement is not; a panda card needs an edible colour."""
    plots = ((1, 0, "G", 1), (1, -1, "G", 1), (0, -1, "YE", 1))
    s = tk.position(plots=plots)
    assert not card_reachable(s, 0, "P12")  # no pink at all
    assert card_reachable(s, 0, "G04")  # green, no improvement, irrigated
    assert not card_reachable(s, 0, "G12")  # pink with an enclosure: none
    assert not card_reachable(s, 0, "A10")  # two pink: nothing pink to eat
    assert card_reachable(s, 0, "A01")  # two green
    assert not card_reachable(s, 0, "A06")  # yellow only on an enclosure


def test_outcome_reason_names_the_trigger() -> None:
    """outcome() explains why the game ended: the Emperor and the final turns."""
    nine = tuple(f"A{i:02d}" for i in range(1, 10))
    s = tk.position(plots=((1, 0, "G", 1),), completed={0: nine}, emperor=0, phase="over")
    out = s.outcome()
    assert out is not None
    assert "Player 0 completed objective number 9 and took the Emperor" in out.reason
    assert "every other player then played one more turn" in out.reason
    assert out.winners == (0,) and out.breakdown[0]["emperor"] == 2
