"""Takenoko turn structure and weather (TK-TURN-*, TK-W-*), each test citing its rule."""

from __future__ import annotations

import pytest
from takenoko_helpers import RING, act, legal_texts

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import takenoko as tk


def test_TK_TURN_1_no_weather_in_first_round_then_rolled_first() -> None:
    """TK-TURN-1: "Nobody rolls the weather on their first turn; from a player's second turn on,
    the weather is rolled first." """
    s = tk.new_game(2, 3)
    for _ in range(2):
        assert s.phase == "actions" and s.current_player != CHANCE
        s = act(s, "action irrigation", "action objective", "draw plot", "end")
    assert s.current_player == CHANCE and s.phase == "roll"
    assert [str(a) for a, _ in s.chance_outcomes()] == [
        "roll sun",
        "roll rain",
        "roll wind",
        "roll storm",
        "roll clouds",
        "roll ?",
    ]
    assert sum(p for _, p in s.chance_outcomes()) == pytest.approx(1.0)
    early = tk.new_game(2, 3, {"first_round_weather": True})
    assert early.current_player == CHANCE


def test_TK_TURN_2_weather_resolved_before_actions() -> None:
    """TK-TURN-2: "The weather effect is resolved before the actions." """
    s = tk.position(plots=RING, phase="roll").apply(tk.Roll("rain"))
    assert s.phase == "rain"
    assert not any(t.startswith("action ") for t in legal_texts(s))
    s = act(s, "grow 1,0")
    assert s.phase == "actions" and "action plot" in legal_texts(s)


def test_TK_TURN_3_two_different_actions() -> None:
    """TK-TURN-3: "A player takes two actions of different kinds out of: plot, irrigation,
    gardener, panda, objective." """
    s = tk.position(plots=RING)
    assert legal_texts(s)[:5] == [f"action {k}" for k in tk.components.ACTION_KINDS]
    assert "end" not in legal_texts(s)
    s = act(s, "action irrigation")
    assert "action irrigation" not in legal_texts(s)
    assert "end" not in legal_texts(s)
    s = act(s, "action gardener", "gardener 1,0")
    assert not any(t.startswith("action ") for t in legal_texts(s))
    assert "end" in legal_texts(s)
    with pytest.raises(IllegalActionError):
        s.apply(tk.ChooseAction("panda"))


def test_TK_TURN_4_player_chooses_the_order() -> None:
    """TK-TURN-4: "The player chooses the order in which the chosen actions are resolved." """
    s = tk.position(plots=((1, 0, "G", 4), *RING[1:]))
    a = act(s, "action panda", "panda 1,0", "action gardener", "gardener 1,0")
    b = act(s, "action gardener", "gardener 1,0", "action panda", "panda 1,0")
    assert a.bamboo[tk.Hex(1, 0)] == 4  # eaten 4 -> 3, then grown back to 4
    assert b.bamboo[tk.Hex(1, 0)] == 3  # already 4 (no growth), then eaten to 3
    assert a.used == ("panda", "gardener") and b.used == ("gardener", "panda")


def test_TK_TURN_5_free_actions_only_in_own_turn() -> None:
    """TK-TURN-5: "Free during one's own turn and at any point of it: placing stored channels,
    placing stored improvements, completing objectives. Never outside one's turn." """
    s = tk.position(
        plots=RING,
        stored_channels={0: 1, 1: 1},
        stored_improvements={0: (0, 1, 0), 1: (0, 1, 0)},
        eaten={0: (2, 0, 0), 1: (2, 0, 0)},
        hands={0: ("A01",), 1: ("A02",)},
    )
    texts = legal_texts(s)
    assert "channel 1,0/1,-1" in texts and "improve enclosure 2,-1" in texts
    assert "claim A01" in texts and "claim A02" not in texts
    s = act(s, "channel 1,0/1,-1", "claim A01", "action irrigation", "action objective")
    assert s.used == ("irrigation", "objective")
    s = act(s, "draw plot", "end")
    # player 1's turn: player 0's stored chip is not offered, player 1's own things are
    s = s.apply(tk.Roll("wind"))
    assert s.current_player == 1
    texts = legal_texts(s)
    assert "claim A02" in texts and "claim A01" not in texts
    assert "improve enclosure 2,-1" in texts  # player 1's own chip
    assert s.stored_improvements[0] == (0, 1, 0)


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
