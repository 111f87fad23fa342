"""Tests of docs/rules/takenoko.md, section "The weather die"."""

from __future__ import annotations

import random

import pytest
from takenoko_helpers import (
    BEYOND_GAP,
    KEPT_VARIANTS,
    RING,
    SAMPLE_VARIANTS,
    act,
    channel,
    expected_growth,
    grown,
    kept_states,
    legal_texts,
    transitions_of,
)

from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.legal import rain_targets, storm_targets


def test_TK_W_1_sun_third_different_action() -> None:
    """TK-W-1 (sun): "one extra action, different from the other two; all three differ." """
    s = tk.position(plots=RING, phase="roll").apply(tk.Roll("sun"))
    assert s.allowed == 3 and s.phase == "actions"
    s = act(s, "action irrigation", "action objective", "draw gardener")
    assert "end" in legal_texts(s)  # the weather is optional
    assert "action irrigation" not in legal_texts(s) and "action objective" not in legal_texts(s)
    s = act(s, "action gardener", "gardener 1,0")
    assert not any(t.startswith("action ") for t in legal_texts(s))
    strict = tk.position(plots=RING, phase="roll", options={"weather_optional": False})
    strict = act(strict.apply(tk.Roll("sun")), "action irrigation", "action objective", "draw plot")
    assert "end" not in legal_texts(strict)


def test_TK_W_2_rain_grows_an_irrigated_plot() -> None:
    """TK-W-2 (rain): "+1 section on an irrigated plot of the player's choice, up to 4; +2 with
    fertilizer." """
    plots = (*RING[:5], (0, 1, "GF", 1), (2, -1, "G", 0), (2, 0, "Y", 0))
    s = tk.position(plots=plots, phase="roll").apply(tk.Roll("rain"))
    grow = [t for t in legal_texts(s) if t.startswith("grow")]
    assert "grow 2,-1" not in grow and "grow 1,0" in grow  # only irrigated plots
    assert act(s, "grow 1,0").bamboo[tk.Hex(1, 0)] == 2
    assert act(s, "grow 0,1").bamboo[tk.Hex(0, 1)] == 3  # fertilizer
    full = tk.position(plots=((1, 0, "G", 4), (1, -1, "G", 1)), phase="roll").apply(tk.Roll("rain"))
    assert "grow 1,0" not in legal_texts(full)
    assert "pass" in legal_texts(full)
    off = tk.position(plots=plots, phase="roll", options={"fertilizer_on_rain": False})
    assert act(off.apply(tk.Roll("rain")), "grow 0,1").bamboo[tk.Hex(0, 1)] == 2


@pytest.mark.parametrize("variant", range(len(KEPT_VARIANTS)))
def test_TK_W_2_the_rain_growths_a_state_carries_are_those_of_its_garden(variant: int) -> None:
    """What a state carries of the rain's growths from its parent equals what its own garden
    (and, with the limited supply, the reserve) offers, along whole seeded games."""
    rained = 0
    for state in kept_states(variant):
        fresh = tk.State(state.fields())
        grows = tuple(tk.Grow(plot) for plot in tk.rules.rain_targets(fresh))
        assert state.rain_actions() == fresh.rain_actions() == grows
        rained += state.phase == "rain"
    assert rained > 5


@pytest.mark.parametrize("variant", range(len(KEPT_VARIANTS)))
def test_TK_W_4_the_storm_moves_a_state_carries_are_those_of_its_garden(variant: int) -> None:
    """What a state carries of the storm's moves (kept with the figure moves, while the plots
    stay the same) equals what its own garden offers: a panda move to every plot but its own,
    along whole seeded games."""
    stormed = 0
    for state in kept_states(variant):
        fresh = tk.State(state.fields())
        wanted = tuple(tk.MovePanda(plot) for plot in storm_targets(fresh))
        assert state.storm_actions() == fresh.storm_actions() == wanted
        stormed += state.phase == "storm"
    assert stormed > 5


def test_TK_W_2_rain_waits_while_a_free_action_could_give_it_a_plot() -> None:
    """TK-W-2 with TK-TURN-5: stored channels and chips may be placed "at any time" of one's
    turn, so rain with no plot to grow yet waits while the player can still place one: a stored
    channel irrigates a dry plot, which then takes the rain. With nothing to place, the rain
    is simply lost."""
    full = ((1, 0, "G", 4), (1, -1, "G", 4), (2, -1, "Y", 0))
    ring = (channel((1, 0), (1, -1)),)
    s = tk.position(plots=full, channels=ring, stored_channels={0: 1}, phase="roll")
    rain = s.apply(tk.Roll("rain"))
    assert rain.phase == "rain" and tk.State.from_dict(rain.to_dict()) == rain
    texts = [str(a) for a in rain.legal_actions()]
    assert "pass" in texts and not any(t.startswith("grow") for t in texts)
    wet = act(rain, "channel 1,0/2,-1")
    assert wet.bamboo[Hex(2, -1)] == 1 and wet.phase == "rain"
    assert act(wet, "grow 2,-1").bamboo[Hex(2, -1)] == 2
    strict = tk.position(
        plots=full,
        channels=ring,
        stored_channels={0: 1},
        phase="roll",
        options={"weather_optional": False},
    )
    strict = strict.apply(tk.Roll("rain"))
    assert "pass" in [str(a) for a in strict.legal_actions()]  # no plot to grow: may pass
    assert "pass" not in [str(a) for a in act(strict, "channel 1,0/2,-1").legal_actions()]
    lost = tk.position(plots=full, phase="roll").apply(tk.Roll("rain"))
    assert lost.phase == "actions"


@pytest.mark.parametrize("variant", range(len(SAMPLE_VARIANTS)))
def test_TK_W_2_rain_grows_by_growth_amount(variant: int) -> None:
    """apply(Grow) adds growth_amount(improvement, fertilizer_on_rain) sections, up to 4."""
    for before, action, after in transitions_of(variant, tk.Grow):
        fert = before.options.fertilizer_on_rain
        assert grown(before, after) == expected_growth(before, [action.plot], fert)


def test_TK_W_3_wind_allows_the_same_action_twice() -> None:
    """TK-W-3 (wind): "the two actions may be of the same kind (optional)." """
    s = tk.position(plots=RING, phase="roll").apply(tk.Roll("wind"))
    s = act(s, "action gardener", "gardener 1,0")
    assert "action gardener" in legal_texts(s)
    s = act(s, "action gardener", "gardener 0,0")
    assert s.used == ("gardener", "gardener") and "end" in legal_texts(s)
    calm = act(tk.position(plots=RING), "action gardener", "gardener 1,0")
    assert "action gardener" not in legal_texts(calm)


def test_TK_W_4_storm_panda_to_any_plot_eats_unless_enclosed() -> None:
    """TK-W-4 (storm): "the panda moves to any plot and eats one section there, unless the plot
    has an enclosure." """
    plots = (*RING[:6], (2, -1, "GE", 0), (2, 0, "Y", 0))
    s = tk.position(plots=plots, phase="roll", panda=(0, 0)).apply(tk.Roll("storm"))
    assert s.phase == "storm"
    targets = sorted(t for t in legal_texts(s) if t.startswith("panda"))
    assert len(targets) == 8 and "panda 0,0" not in targets  # any plot, not the pond
    # (-1, 1) is not on a straight line with a plot gap... any plot, straight line or not
    eaten = act(s, "panda -1,0")
    assert eaten.panda == tk.Hex(-1, 0) and eaten.eaten[0] == (0, 0, 1)
    enclosed = tk.position(
        plots=(*RING[:5], (0, 1, "GE", 2), (2, -1, "G", 0), (2, 0, "Y", 0)), phase="roll"
    )
    after = act(enclosed.apply(tk.Roll("storm")), "panda 0,1")
    assert after.bamboo[tk.Hex(0, 1)] == 2 and after.eaten[0] == (0, 0, 0)
    pond = tk.position(
        plots=RING, phase="roll", panda=(1, 0), options={"storm_target_includes_pond": True}
    )
    assert "panda 0,0" in legal_texts(pond.apply(tk.Roll("storm")))


def test_TK_W_4_storm_moves_the_panda_off_its_plot() -> None:
    """TK-W-4: the storm *moves* the panda ("移し", "put the panda on the plot of his choice"):
    our reading offers every plot but the one it stands on."""
    s = tk.position(plots=BEYOND_GAP, panda=(1, 0), phase="roll").apply(tk.Roll("storm"))
    targets = {a.plot for a in s.legal_actions() if isinstance(a, tk.MovePanda)}
    assert Hex(1, 0) not in targets and Hex(3, 0) in targets and len(targets) == 8


def test_TK_W_5_clouds_chip_or_another_face() -> None:
    """TK-W-5 (clouds): "take one improvement chip from the reserve and place it now or store
    it; with none left, choose sun, rain, wind or storm instead." """
    s = tk.position(plots=RING, phase="roll").apply(tk.Roll("clouds"))
    assert s.phase == "clouds"
    assert [t for t in legal_texts(s) if t.startswith("take")] == [
        "take watershed",
        "take enclosure",
        "take fertilizer",
    ]
    s = act(s, "take fertilizer")
    assert s.stored_improvements[0] == (0, 0, 1) and s.improvement_reserve == (3, 3, 2)
    assert "improve fertilizer 2,-1" in legal_texts(s)  # place it now...
    kept = act(s, "action irrigation", "action objective", "draw plot", "end")
    assert kept.stored_improvements[0] == (0, 0, 1)  # ...or keep it stored
    empty = tk.position(plots=RING, phase="roll", stored_improvements={1: (3, 3, 3)})
    empty = empty.apply(tk.Roll("clouds"))
    assert empty.phase == "choose_weather"
    assert [t for t in legal_texts(empty) if t.startswith("weather")] == [
        "weather sun",
        "weather rain",
        "weather wind",
        "weather storm",
    ]
    assert act(empty, "weather sun").allowed == 3


def test_TK_W_6_question_mark_any_face() -> None:
    """TK-W-6 (?): "the player chooses any of the five other faces." """
    s = tk.position(plots=RING, phase="roll").apply(tk.Roll("?"))
    assert s.phase == "choose_weather"
    faces = [t for t in legal_texts(s) if t.startswith("weather")]
    assert faces == [
        "weather sun",
        "weather rain",
        "weather wind",
        "weather storm",
        "weather clouds",
    ]
    assert act(s, "weather storm").phase == "storm"
    assert act(s, "weather clouds").phase == "clouds"
    assert act(s, "weather wind").weather == "wind"


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


@pytest.mark.parametrize(
    ("face", "phase"),
    [
        ("sun", "actions"),
        ("rain", "rain"),
        ("wind", "actions"),
        ("storm", "storm"),
        ("clouds", "clouds"),
        ("?", "choose_weather"),
    ],
)
def test_every_die_face(face: str, phase: str) -> None:
    """Catalog 6: the six faces, one each, lead to their decision (TK-W-1 to TK-W-6)."""
    s = tk.position(plots=RING, phase="roll")
    assert s.current_player == CHANCE
    after = s.apply(tk.Roll(face))
    assert after.phase == phase and after.weather == face and after.current_player == 0
    assert after.allowed == (3 if face == "sun" else 2)


def test_weather_not_optional_variant() -> None:
    """Catalog 8 ``weather_optional=False``: rain, storm and clouds must be used."""
    s = tk.position(plots=RING, phase="roll", options={"weather_optional": False})
    for face in ("rain", "storm", "clouds"):
        assert "pass" not in legal_texts(s.apply(tk.Roll(face)))
    assert "pass" in legal_texts(tk.position(plots=RING, phase="roll").apply(tk.Roll("rain")))


def test_chance_node_only_at_roll() -> None:
    """Contract: CHANCE only for the die; chance outcomes empty otherwise."""
    s = tk.position(plots=RING)
    assert s.current_player == 0 and s.chance_outcomes() == ()
    assert tk.position(plots=RING, phase="roll").current_player == CHANCE


@pytest.mark.parametrize("pond", [False, True])
def test_TK_W_4_storm_targets_are_every_other_plot_in_hex_order(pond: bool) -> None:
    """TK-W-4: the storm may send the panda to any plot but its own (and to the pond with
    ``storm_target_includes_pond``, unless it is there): at every position of seeded games,
    the kept plots in order give exactly those, sorted."""
    options = {"storm_target_includes_pond": pond}
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = tk.new_game(2, seed, options)
        while not state.is_over():
            panda = state.panda
            wanted = [place for place in state.tiles if place != panda]
            if pond and panda != tk.POND:
                wanted.append(tk.POND)
            assert storm_targets(state) == tuple(sorted(wanted))
            checked += panda != tk.POND
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))], check=False)
    assert checked > 100


def test_TK_W_2_rain_targets_leave_out_a_colour_with_no_sections_only_when_limited() -> None:
    """TK-W-2 with TK-BAM-2: rain may grow any irrigated plot below 4 high; with the limited
    supply, not a plot of a colour whose sections have run out."""
    plots = ((1, 0, "P", 1), (1, -1, "G", 1), (0, -1, "G", 4))
    unlimited = tk.position(plots=plots, eaten={1: (0, 0, 23)})
    limited = tk.position(plots=plots, eaten={1: (0, 0, 23)}, options={"bamboo_supply": "limited"})
    assert limited.bamboo_reserve[2] == 0  # pink has run out
    assert set(rain_targets(unlimited)) == {Hex(1, 0), Hex(1, -1)}  # not the 4-high green
    assert rain_targets(limited) == (Hex(1, -1),)
