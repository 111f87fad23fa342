"""Takenoko pictures for teaching: what changed between two positions (``changes`` and
``figure(changed_from=)``), read back from the figure's data; the player aid; rows of cards;
every empty place drawn alike; complete legends."""

from __future__ import annotations

import pytest

pytest.importorskip("plotly")

from viz_parts import text_of, texts

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import EMPEROR_POINTS, END_TRIGGER
from bamboo_lab.viz import takenoko as vt
from bamboo_lab.viz.layout import Layout, Point

LAYOUT = Layout()
CHANGED = "changed: its box says how"


def play(state: tk.State, *texts_: str) -> tk.State:
    for text in texts_:
        state = state.apply(tk.parse_action(text, state))
    return state


def walk() -> tk.State:
    return tk.position(
        plots=[
            (1, 0, "G", 1),
            (1, -1, "G", 2),
            (0, -1, "Y", 1),
            (-1, 0, "G", 1),
            (0, 1, "G", 3),
            (2, -1, "G", 0),
        ],
        gardener=(0, -1),
    )


def outlined(fig, name: str) -> set[Hex]:
    """The hexes whose outline the trace ``name`` draws (one closed polygon each)."""
    trace = next(t for t in fig.data if t.name == name)
    found, points = set(), []
    for x, y in zip(trace.x, trace.y, strict=True):
        if x is None:
            cx = sum(p[0] for p in points[:6]) / 6
            cy = sum(p[1] for p in points[:6]) / 6
            found.add(LAYOUT.pixel_to_hex(Point(cx, cy)))
            points = []
        else:
            points.append((x, y))
    return found


def marks(fig) -> dict[Hex, str]:
    """The boxes written on changed plots, by the plot they sit on."""
    out = {}
    for a in fig.layout.annotations:
        h = LAYOUT.pixel_to_hex(Point(a.x - 0.14, a.y - 0.5))
        out[h] = a.text.replace("<b>", "").replace("</b>", "")
    return out


def test_TK_GAR_2_changes_of_a_gardener_move_are_the_grown_plots() -> None:
    before = walk()
    after = play(before, "action gardener", "gardener 0,1")
    c = vt.changes(before, after)
    assert c.bamboo == {Hex(0, 1): (3, 4), Hex(1, 0): (1, 2)}
    assert c.gardener == (Hex(0, -1), Hex(0, 1)) and c.panda is None
    assert not c.plots and not c.channels and not c.eaten
    fig = vt.figure(after, changed_from=before)
    assert outlined(fig, CHANGED) == {Hex(0, 1), Hex(1, 0)}
    assert marks(fig) == {Hex(0, 1): "+1", Hex(1, 0): "+1"}
    was = next(t for t in fig.data if t.name == "where the gardener was")
    assert LAYOUT.pixel_to_hex(Point(was.x[0], was.y[0])) == Hex(0, -1)
    assert "bamboo on 0,1: 3 → 4" in fig.layout.title.text


def test_TK_PAN_2_the_panda_meal_is_marked_and_said() -> None:
    before = walk()
    after = play(before, "action panda", "panda 0,1")
    fig = vt.figure(after, changed_from=before)
    assert marks(fig) == {Hex(0, 1): "-1"}
    assert "player 0 ate 1 green" in fig.layout.title.text
    assert vt.changes(before, after).eaten == {0: (1, 0, 0)}


def test_TK_IRR_6_new_channels_and_newly_irrigated_plots_are_highlighted() -> None:
    before = tk.position(
        plots=[(1, 0, "G", 1), (1, -1, "Y", 1), (2, -1, "G", 0), (2, 0, "P", 0)],
        stored_channels={0: 2},
    )
    after = play(before, "channel 1,0/1,-1", "channel 1,0/2,-1")
    c = vt.changes(before, after)
    assert len(c.channels) == 2 and c.irrigated == (Hex(2, -1),)
    assert c.stored_channels == {0: -2}
    fig = vt.figure(after, changed_from=before)
    halo = next(t for t in fig.data if t.name == "channel just laid")
    assert sum(1 for x in halo.x if x is None) == 2
    assert marks(fig) == {Hex(2, -1): "wet +1"}


def test_TK_PLOT_4_a_new_plot_is_marked_new_with_its_first_growth() -> None:
    before = tk.new_game(2, 7)
    after = play(before, "action plot", "keep 2", "plot 1,-1", "return 2,1")
    fig = vt.figure(after, changed_from=before)
    assert marks(fig) == {Hex(1, -1): "new +1"}
    assert "plot 1,-1 placed" in fig.layout.title.text


def test_TK_IMP_4_improvements_and_weather_are_marked() -> None:
    before = tk.position(plots=[(1, 0, "G", 1), (2, -1, "G", 0), (1, -1, "Y", 1)], phase="roll")
    after = play(before, "roll clouds", "take enclosure", "improve enclosure 2,-1")
    c = vt.changes(before, after)
    assert c.improvements == {Hex(2, -1): "E"} and c.weather == "clouds"
    assert not c.stored_improvements  # taken and placed in the same turn
    fig = vt.figure(after, changed_from=before)
    assert marks(fig) == {Hex(2, -1): "+E"}
    assert vt.WEATHER_EFFECTS["clouds"] in fig.layout.title.text


def test_the_weather_is_explained_under_the_title() -> None:
    for face in ("sun", "rain", "wind", "storm"):
        state = play(tk.position(plots=[(1, 0, "G", 1)], phase="roll"), f"roll {face}")
        assert vt.WEATHER_EFFECTS[face] in vt.figure(state).layout.title.text


def test_no_change_says_so_and_outlines_nothing() -> None:
    state = walk()
    fig = vt.figure(state, changed_from=state)
    assert "what changed: nothing" in fig.layout.title.text
    assert CHANGED not in {t.name for t in fig.data}


def test_changes_refuses_other_objects_and_other_games() -> None:
    with pytest.raises(InvalidStateError):
        vt.changes(walk(), "a garden")
    with pytest.raises(InvalidStateError):
        vt.changes(tk.new_game(2, 1), tk.new_game(3, 1))
    with pytest.raises(InvalidStateError):
        vt.figure(walk(), places="some")


def test_TK_CMP_1_completed_cards_and_the_emperor_are_said() -> None:
    before = tk.position(
        3,
        plots=[(1, 0, "G", 1), (1, -1, "G", 1), (0, -1, "G", 1)],
        completed={1: ["A01", "A02", "A03", "A06", "A07", "G01", "G02"]},
        hands={1: ["P02"]},
        player=1,
    )
    after = play(before, "claim P02")
    said = vt.changes(before, after).sentences()
    assert "player 1 completed the green curve plot objective (+2 points)" in said
    assert f"player 1 took the Emperor (+{EMPEROR_POINTS} points)" in said


def test_legend_names_the_dry_and_irrigated_plots_and_free_places() -> None:
    fig = vt.figure(walk())
    names = [t.name for t in fig.data if t.showlegend is not False and t.name]
    assert "dry plot (hatched: not irrigated)" in names
    assert "irrigated plot" in names and "free place" in names
    dry = next(t for t in fig.data if t.name == "dry plot (hatched: not irrigated)")
    assert dry.fillpattern.shape  # the legend's swatch is hatched as the plots are


def test_TK_PLOT_2_places_all_draws_every_empty_place_not_only_the_legal_ones() -> None:
    state = walk()
    legal = vt.figure(state)
    every = vt.figure(state, places="all")
    free = next(t for t in legal.data if t.name == "free place")
    empty = next(t for t in every.data if t.name == "empty place")
    count = sum(1 for x in free.x if x is None)
    assert count == len(state.plot_spots)
    around = {n for h in (tk.POND, *state.tiles) for n in h.neighbors()} - set(state.tiles)
    assert sum(1 for x in empty.x if x is None) == len(around - {tk.POND}) > count


def test_player_aid_names_every_face_action_and_the_cards_points() -> None:
    fig = vt.player_aid()
    text = text_of(fig)
    plain = [w.replace("<b>", "").replace("</b>", "") for w in texts(fig)]
    for face in tk.WEATHER_FACES:
        assert face in plain
        assert vt.WEATHER_EFFECTS[face].split(" ")[0] in text
    for action in ("Plot", "Irrigation", "Gardener", "Panda", "Objective"):
        assert action in plain
    for deck in ("plot", "gardener", "panda"):
        points = [c.points for c in tk.CARDS.values() if c.deck == deck]
        assert f"({min(points)}-{max(points)} points)" in text
    assert f"your {END_TRIGGER[2]}th objective" in text and "7th with 4" in text
    assert "dry plot (hatched)" in plain and "Goal" in fig.layout.title.text


def test_objective_cards_draw_each_card_with_its_points() -> None:
    fig = vt.objective_cards({"done": ["P01", "A13", vt.EMPEROR], "hand": ["G05"]}, "title")
    words = texts(fig)
    for cid in ("P01", "A13", "G05"):
        assert cid in [w.replace("<b>", "").replace("</b>", "") for w in words]
        assert f"{tk.CARDS[cid].points} pts" in words
    assert f"{EMPEROR_POINTS} pts" in words
    with pytest.raises(InvalidStateError):
        vt.objective_cards({"x": ["Z99"]})
    with pytest.raises(InvalidStateError):
        vt.objective_cards({})


def test_the_key_to_the_boxes_is_under_the_title_when_something_changed() -> None:
    before = walk()
    after = play(before, "action gardener", "gardener 0,1")
    key = vt.MARKS_KEY.split("<br>")
    assert all(line in vt.figure(after, changed_from=before).layout.title.text for line in key)
    assert key[0] not in vt.figure(after).layout.title.text


def test_the_title_says_what_the_player_does_in_words_not_phase_names() -> None:
    for phase in tk.PHASES[:-1]:
        assert phase in vt.PHASE_WORDS
    state = tk.position(plots=[(1, 0, "G", 1)], phase="roll")
    assert "player 0 rolls the weather die" in vt.figure(state).layout.title.text
    state = play(state, "roll rain")
    assert "chooses where the rain grows bamboo" in vt.figure(state).layout.title.text
