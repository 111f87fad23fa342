"""Takenoko audit: the card and tile data checked row by row against the catalog, and corrupt
turn data refused by ``State.from_dict``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from takenoko_helpers import act, channel

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.core.protocol import CHANCE
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


def test_catalog_plot_tiles_per_colour() -> None:
    """Catalog 1.1 / TK-SET-2: green 6 plain + 2 W + 2 E + 1 F, yellow 6/1/1/1, pink 4/1/1/1."""
    assert Counter(PLOT_TILES) == {
        "G": 6,
        "GW": 2,
        "GE": 2,
        "GF": 1,
        "Y": 6,
        "YW": 1,
        "YE": 1,
        "YF": 1,
        "P": 4,
        "PW": 1,
        "PE": 1,
        "PF": 1,
    }


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


# ---------------------------------------------------------------- corrupt turn data


def _good() -> dict[str, Any]:
    return tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1)), hands={0: ("A01",)}).to_dict()


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.update({key: value})


def _draw_three(d: dict[str, Any]) -> None:
    d["drawn"], d["plot_deck"] = d["plot_deck"][:3], d["plot_deck"][3:]


CORRUPT_TURNS: dict[str, Callable[[dict[str, Any]], None]] = {
    "keep_plot with nothing drawn": _set("phase", "keep_plot"),
    "place_plot with nothing kept": lambda d: d.update(phase="place_plot", used=["plot"]),
    "return_plots with nothing drawn": lambda d: d.update(phase="return_plots", used=["plot"]),
    "plots drawn outside the plot action": _draw_three,
    "gardener phase without the gardener action": _set("phase", "gardener"),
    "three actions without the sun": _set("used", ["plot", "panda", "gardener"]),
    "the same action twice without the wind": _set("used", ["panda", "panda"]),
    "three actions allowed without the sun": _set("allowed", 3),
    "rain phase without rain": _set("phase", "rain"),
    "weather during the roll": lambda d: d.update(phase="roll", weather="sun", allowed=3),
    "Emperor with one objective": _set("emperor", 0),
    "final turns without the Emperor": _set("final_turns_left", 1),
    "nine objectives without the Emperor": lambda d: d["players"][0].update(
        completed=[f"A{i:02d}" for i in range(2, 11)]
    ),
    "first player not a seat": _set("options", {"first_player": 3}),
    "player out of turn": _set("player", 1),
}


@pytest.mark.parametrize("name", sorted(CORRUPT_TURNS))
def test_from_dict_refuses_inconsistent_turn_data(name: str) -> None:
    """Contract (design 5): from_dict raises InvalidStateError with a clear message on
    inconsistent data; here the phase, weather, actions used, drawn plots and the Emperor."""
    good = _good()
    data = json.loads(json.dumps(good))
    if name == "nine objectives without the Emperor":
        moved = {f"A{i:02d}" for i in range(2, 11)}
        for group in (*data["decks"].values(), *(p["hand"] for p in data["players"])):
            group[:] = [c for c in group if c not in moved]  # keep every card exactly once
    CORRUPT_TURNS[name](data)
    with pytest.raises(InvalidStateError, match="invalid Takenoko state") as err:
        tk.State.from_dict(data)
    assert "exactly once" not in str(err.value) and "sections instead" not in str(err.value)
    assert tk.State.from_dict(good).to_dict() == good


def test_from_dict_accepts_every_phase_reached_in_play() -> None:
    """The consistency checks accept real positions of every phase (roundtrip through dicts)."""
    s = tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1)), phase="roll")
    seen = set()
    for face in ("sun", "rain", "storm", "clouds", "?"):
        after = s.apply(tk.Roll(face))
        seen.add(after.phase)
        assert tk.State.from_dict(after.to_dict()) == after
    for steps in (
        ("action plot",),
        ("action plot", "keep 1"),
        ("action plot", "keep 1", "plot 0,-1"),
    ):
        after = act(tk.position(), *steps)
        seen.add(after.phase)
        assert tk.State.from_dict(after.to_dict()) == after
    assert seen >= {"actions", "rain", "storm", "clouds", "choose_weather", "keep_plot"}
    assert {"place_plot", "return_plots"} <= seen


# ---------------------------------------------------------------- rules the audit re-checked

PANDA_RING = (
    (1, 0, "P", 3),
    (1, -1, "P", 3),
    (0, -1, "Y", 1),
    (-1, 0, "G", 4),
    (-1, 1, "Y", 1),
    (0, 1, "G", 1),
)


def test_TK_TURN_5_claims_come_before_a_forced_weather_effect() -> None:
    """TK-TURN-5 / TK-TURN-2: completing objectives is free "at any point" of one's turn, so even
    when the weather must be used (``weather_optional=False``) the player may first claim a card
    the rain or the storm would spoil (two pink bamboos exactly 3 high; a green bamboo of 4)."""
    strict = {"weather_optional": False}
    s = tk.position(plots=PANDA_RING, hands={0: ("G15", "G04")}, phase="roll", options=strict)
    rain = s.apply(tk.Roll("rain"))
    assert "pass" not in [str(a) for a in rain.legal_actions()]
    assert tk.Claim("G15") in rain.legal_actions()
    claimed = act(rain, "claim G15", "grow 1,0")
    assert claimed.completed[0] == ("G15",) and claimed.bamboo[Hex(1, 0)] == 4
    storm = act(s.apply(tk.Roll("storm")), "claim G04", "panda -1,0")
    assert storm.bamboo[Hex(-1, 0)] == 3  # eaten after the claim
    assert storm.completed[0] == ("G04",)  # TK-CMP-2: kept although the bamboo is now 3


def test_TK_END_1_only_the_first_player_to_reach_the_count_takes_the_emperor() -> None:
    """TK-END-1: the Emperor goes to the player whose objective triggers the end; another player
    reaching the count in a final turn does not take it."""
    eight0 = tuple(f"A{i:02d}" for i in range(3, 11))
    eight1 = tuple(f"G{i:02d}" for i in range(1, 9))
    s = tk.position(
        num_players=2,
        plots=PANDA_RING,
        completed={0: eight0, 1: eight1},
        hands={0: ("A01",), 1: ("A02",)},
        eaten={0: (2, 0, 0), 1: (2, 0, 0)},
    )
    s = act(s, "claim A01", "action irrigation", "action objective", "draw panda", "end")
    assert s.emperor == 0 and s.current_player == CHANCE
    s = act(s.apply(tk.Roll("wind")), "claim A02")
    assert len(s.completed[1]) == 9 and s.emperor == 0
    s = act(s, "action irrigation", "action irrigation", "end")
    out = s.outcome()
    assert s.is_over() and out is not None
    assert out.breakdown[0]["emperor"] == 2 and out.breakdown[1]["emperor"] == 0


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


# plots east of the pond with a gap at (2, 0) on the line from (1, 0) to (3, 0)
BEYOND_GAP = (
    (1, 0, "G", 1),
    (1, -1, "G", 1),
    (2, -1, "Y", 0),
    (2, -2, "Y", 0),
    (3, -2, "P", 0),
    (3, -1, "P", 0),
    (4, -2, "G", 0),
    (4, -1, "G", 0),
    (3, 0, "Y", 0),
)


def test_TK_GAR_1_and_TK_PAN_1_a_gap_stops_the_line_even_with_a_plot_beyond() -> None:
    """TK-GAR-1 / TK-PAN-1: "only over plots (no gaps)": from (1,0) eastward the empty place
    (2,0) stops the gardener and the panda, so the plot (3,0) beyond it is out of reach."""
    s = tk.position(plots=BEYOND_GAP, gardener=(1, 0), panda=(1, 0))
    for moves in (tk.gardener_destinations(s), tk.panda_destinations(s)):
        assert Hex(3, 0) not in moves and Hex(2, 0) not in moves
    s = tk.position(plots=BEYOND_GAP, gardener=(3, -2), panda=(3, -2))
    assert Hex(3, 0) in tk.gardener_destinations(s)  # (3,-1) joins them: no gap
    assert Hex(3, 0) in tk.panda_destinations(s)


def test_TK_W_4_storm_moves_the_panda_off_its_plot() -> None:
    """TK-W-4: the storm *moves* the panda ("移し", "put the panda on the plot of his choice"):
    our reading offers every plot but the one it stands on."""
    s = tk.position(plots=BEYOND_GAP, panda=(1, 0), phase="roll").apply(tk.Roll("storm"))
    targets = {a.plot for a in s.legal_actions() if isinstance(a, tk.MovePanda)}
    assert Hex(1, 0) not in targets and Hex(3, 0) in targets and len(targets) == 8


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
