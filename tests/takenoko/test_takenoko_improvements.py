"""Tests of docs/rules/takenoko.md, section "Improvements"."""

from __future__ import annotations

from takenoko_helpers import (
    IMPROVEMENT_LETTER,
    RING,
    SAMPLE_VARIANTS,
    act,
    channel,
    legal_texts,
    transitions_of,
)

from bamboo_lab.games import takenoko as tk

Hex = tk.Hex


def _seed_with_top_tile(tile: str) -> int:
    return next(k for k in range(500) if tk.new_game(2, k).plot_deck[0] == tile)


def test_TK_IMP_1_printed_and_chip_same_effect_one_per_plot() -> None:
    """TK-IMP-1: "Printed improvements and chips have the same effect; a plot holds at most one
    improvement, never replaced or moved." """
    printed = tk.position(plots=((1, 0, "GE", 2), (1, -1, "G", 1)))
    chip = tk.position(plots=((1, 0, "G", 2, "E"), (1, -1, "G", 1)))
    for s in (printed, chip):
        after = act(s, "action panda", "panda 1,0")
        assert after.bamboo[Hex(1, 0)] == 2
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
    assert s.improvements[Hex(1, 0)] == "F" and s.used == ("panda",)
    # while a plot is being placed (catalog 7.8): attach before the first growth
    placing = act(tk.position(stored_improvements={0: (0, 0, 1)}), "action plot", "keep 1")
    plain = placing.kept is not None and len(placing.kept) == 1
    texts = legal_texts(placing)
    assert ("plot 1,0 +fertilizer" in texts) == plain
    if plain:
        done = act(placing, "plot 1,0 +fertilizer")
        assert done.bamboo[Hex(1, 0)] == 2 and done.stored_improvements[0] == (0, 0, 0)
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
    assert s.bamboo[Hex(0, 1)] == 2 and s.eaten[0] == (0, 0, 0)


def test_TK_IMP_4_fertilizer_doubles_every_growth() -> None:
    """TK-IMP-4 (fertilizer): "each growth on the plot adds 2 sections instead of 1, still at most
    4; this applies to the gardener, rain and the first growth." """
    plots = ((1, 0, "GF", 3), (1, -1, "G", 1), (0, -1, "YF", 1))
    s = act(tk.position(plots=plots), "action gardener", "gardener 1,0")
    assert s.bamboo[Hex(1, 0)] == 4  # 3 + 2 capped at 4
    s = act(tk.position(plots=plots), "action gardener", "gardener 0,-1")
    assert s.bamboo[Hex(0, -1)] == 3
    first = tk.position(
        plots=((1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "PF", 0)),
        channels=(channel((1, 0), (1, -1)),),
        stored_channels={0: 1},
    )
    assert act(first, "channel 1,0/2,-1").bamboo[Hex(2, -1)] == 2
    no_first = tk.position(
        plots=((1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "PF", 0)),
        channels=(channel((1, 0), (1, -1)),),
        stored_channels={0: 1},
        options={"fertilizer_on_first_growth": False},
    )
    assert act(no_first, "channel 1,0/2,-1").bamboo[Hex(2, -1)] == 1


def test_TK_IMP_4_growth_amount() -> None:
    """A fertilizer doubles a growth unless the option exempts it; other chips do not."""
    assert tk.growth_amount("F") == 2
    assert tk.growth_amount("F", fertilized=False) == 1
    assert [tk.growth_amount(i) for i in (None, "W", "E")] == [1, 1, 1]


def test_TK_IMP_5_watershed_irrigates_but_starts_no_network() -> None:
    """TK-IMP-5 (watershed): "the plot is irrigated and grows its first section; a watershed never
    starts a channel network." """
    plots = ((1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "GW", 1), (2, 0, "Y", 0), (3, -1, "P", 0))
    s = tk.position(plots=plots, stored_channels={0: 1})
    assert tk.is_irrigated(s, Hex(2, -1))
    assert channel((2, -1), (3, -1)) not in tk.legal_channel_edges(s)
    assert channel((2, -1), (2, 0)) not in tk.legal_channel_edges(s)
    chip = tk.position(
        plots=((1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "G", 0)), stored_improvements={0: (1, 0, 0)}
    )
    chip = act(chip, "improve watershed 2,-1")
    assert tk.is_irrigated(chip, Hex(2, -1)) and chip.bamboo[Hex(2, -1)] == 1


def test_TK_IMP_5_printed_watershed_placed_away_from_the_pond_grows() -> None:
    """TK-IMP-5: "the plot is irrigated and grows its first section" also for a printed
    watershed placed by the plot action away from the pond."""
    seed = _seed_with_top_tile("YW")
    s = tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1)), seed=seed)
    assert s.plot_deck[0] == "YW"
    s = act(s, "action plot", "keep 1", "plot 2,-1")
    assert tk.is_irrigated(s, Hex(2, -1)) and s.bamboo[Hex(2, -1)] == 1


def test_TK_IMP_5_watershed_chip_irrigates_its_plot() -> None:
    """A placed chip irrigates its plot exactly when improvement_irrigates (the watershed)."""
    chips = [t for v in range(len(SAMPLE_VARIANTS)) for t in transitions_of(v, tk.PlaceImprovement)]
    assert any(a.improvement == "watershed" for _, a, _ in chips)
    for before, action, after in chips:
        letter = IMPROVEMENT_LETTER[action.improvement]
        irrigated = action.plot in before.irrigated or tk.improvement_irrigates(letter)
        assert (action.plot in after.irrigated) is irrigated
    assert [tk.improvement_irrigates(i) for i in ("W", "E", "F", None)] == [
        True,
        False,
        False,
        False,
    ]
