"""The boards' FigureWidget: the figure in its opening message, one update per click, the
widget's state equal to the picture drawn, and the hot-seat board public between turns."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")

import ipywidgets.widgets.widget as ipw
import plotly.graph_objects as go
import plotly.io as pio
from board_moves import first_move

from bamboo_lab import viz, widgets
from bamboo_lab.games import bangkok as bk
from bamboo_lab.widgets import pictures
from bamboo_lab.widgets.board import BoardWidget, _leaves, replace_figure
from bamboo_lab.widgets.places import hover_points

GAMES = ("takenoko", "bamboo", "bangkok")
MESSAGES = ["_py2js_update", "_py2js_addTraces", "_py2js_deleteTraces", "_py2js_relayout"]


def _sent(widget: go.FigureWidget) -> list[str]:
    """The names of the Python-to-browser messages ``widget`` sends from now on."""
    sent: list[str] = []
    widget.observe(lambda ch: ch["new"] is not None and sent.append(ch["name"]), names=MESSAGES)
    return sent


def _shows(widget: go.FigureWidget, fig: go.Figure) -> None:
    """``widget`` holds exactly ``fig``'s traces and layout, then unused invisible slots."""
    want = fig.to_plotly_json()
    got = [_leaves({k: v for k, v in t.items() if k != "uid"}, "", {}) for t in widget._data]
    n = len(want["data"])
    assert got[:n] == [_leaves(t, "", {}) for t in want["data"]]
    assert all(t == {"type": "scatter", "visible": False} for t in got[n:])
    assert _leaves(widget._layout, "", {}) == _leaves(want["layout"], "", {})
    for key in ("shapes", "annotations"):  # as plotly's objects, too
        assert [x.to_plotly_json() for x in widget.layout[key]] == want["layout"].get(key, [])
    # the full state a later view (a reloaded page) draws from is the same figure
    state = widget.get_state()
    assert state["_widget_data"] == widget.to_plotly_json()["data"]
    assert state["_widget_layout"] == widget.to_plotly_json()["layout"]


def test_the_figure_travels_in_the_widgets_opening_message(monkeypatch: Any) -> None:
    opened: list[dict[str, Any]] = []
    real = ipw.comm.create_comm

    def spy(**kwargs: Any) -> Any:
        opened.append(kwargs["data"]["state"])
        return real(**kwargs)

    monkeypatch.setattr(ipw.comm, "create_comm", spy)
    fig = viz.bangkok.figure(bk.new_game(2, 3))
    go.FigureWidget(fig)  # plotly's own: the opening message holds no trace (the blank board)
    assert opened[-1]["_widget_data"] == []
    board = BoardWidget(fig)
    assert len(opened[-1]["_widget_data"]) == len(board.data) > len(fig.data) > 0
    _shows(board, fig)  # the figure's traces, then unused slots
    assert opened[-1]["_widget_layout"]["title"] == fig.layout.title.to_plotly_json()
    late = BoardWidget()  # no figure yet: opened by the first replace_figure, with it
    assert late.comm is None
    replace_figure(late, fig)
    assert late.comm is not None and len(opened[-1]["_widget_data"]) >= len(fig.data)
    _shows(late, fig)


@pytest.mark.parametrize("game", GAMES)
def test_a_click_is_one_update_and_the_widget_shows_the_new_picture(game: str) -> None:
    app = widgets.play(game, bots="heuristic", seed=7)
    c = app.controller
    for _ in range(12):
        if c.state.is_over():
            break
        slots = len(app.figure.data)
        before = app._board_picture().to_plotly_json()
        sent = _sent(app.figure)
        app.bot_button.click() if c.is_bot_to_play() else app.play(_first(c))
        picture = app._board_picture()
        _shows(app.figure, picture)
        if picture.to_plotly_json() == before:
            assert sent == []
        elif len(app.figure.data) == slots:  # one Plotly.update: one redraw in the browser
            assert sent == ["_py2js_update"]
        else:  # more traces than slots: new slots first
            assert sent == ["_py2js_addTraces", "_py2js_update"]
    sent = _sent(app.figure)
    app.redraw()
    assert sent == [], "the same picture again sends nothing"


def test_fewer_traces_hide_the_spare_slots_and_more_traces_reuse_them() -> None:
    widget = BoardWidget(go.Figure([go.Scatter(x=[0, 1], y=[0, 1])]))
    big = go.Figure([go.Scatter(x=[i], y=[i], name=f"t{i}") for i in range(5)])
    replace_figure(widget, big)
    _shows(widget, big)
    slots = len(widget.data)
    small = go.Figure([go.Scatter(x=[2], y=[3], mode="markers")], {"title": {"text": "small"}})
    sent = _sent(widget)
    replace_figure(widget, small)
    _shows(widget, small)
    assert len(widget.data) == slots and sent == ["_py2js_update"]
    replace_figure(widget, big)
    _shows(widget, big)
    bars = go.Figure([go.Bar(x=[1], y=[2])])
    replace_figure(widget, bars)  # another trace type: the traces are rebuilt
    _shows(widget, bars)
    assert [t.type for t in widget.data] == ["bar"]


@pytest.mark.parametrize("game", GAMES)
def test_a_board_opens_with_the_slots_of_a_whole_game(game: str) -> None:
    """A new trace slot costs the browser a second full redraw on the click (plotly's
    addTraces, then the update): a board opens with enough for every picture of a game."""
    app = widgets.play(game, bots="heuristic", seed=3)
    c = app.controller
    figures = [app.figure] if app.own is None else [app.figure, app.own]
    sent = [_sent(figure) for figure in figures]
    for _ in range(400):
        if c.state.is_over():
            break
        app.bot_button.click() if c.is_bot_to_play() else app.play(_first(c))
    assert c.state.is_over()
    assert all("_py2js_addTraces" not in names for names in sent)
    assert all("_py2js_update" in names for names in sent)


def test_a_picture_with_more_traces_than_slots_adds_slots_first() -> None:
    widget = BoardWidget(go.Figure([go.Scatter(x=[0], y=[0])]))
    slots = len(widget.data)
    huge = go.Figure([go.Scatter(x=[i], y=[i], name=f"t{i}") for i in range(slots + 1)])
    sent = _sent(widget)
    replace_figure(widget, huge)
    _shows(widget, huge)
    assert sent == ["_py2js_addTraces", "_py2js_update"] and len(widget.data) > slots + 1


def test_a_hot_seat_turn_change_switches_the_reveal_off(monkeypatch: Any) -> None:
    app = widgets.play("takenoko", bots=None, seed=4)
    c = app.controller
    seat = c.state.current_player
    app.reveal.value = True
    assert app.secret_picture is not None
    redraws = []
    real = app.redraw
    monkeypatch.setattr(app, "redraw", lambda: redraws.append(1) or real())
    while c.state.current_player == seat:
        redraws.clear()
        app.play(next(iter(c.grouped_actions().values()))[0][1])
    assert len(redraws) == 1, "the toggle switched off by the turn change redraws nothing more"
    assert app.reveal.value is False, "the next player sits down to a board with no hand shown"
    assert app.secret_picture is not None  # the public players' boards: card backs only
    assert not any(card in str(app.secret_picture.to_dict()) for card in c.state.hands[seat])
    assert c.state.hands[seat][0] not in str(app.figure.to_dict())
    assert "hidden" in app.hidden_note.value
    app.reveal.value = True  # the new seat's own cards, only when asked
    text = str(app.secret_picture.to_dict())
    assert all(card in text for card in c.state.hands[c.state.current_player])
    assert not any(card in text for card in c.state.hands[seat])


def test_TK_SET_4_the_hot_seat_players_panel_shows_card_backs_until_revealed() -> None:
    """TK-SET-4 ("keeps them hidden"): in hot-seat, after a turn change the players' boards
    under the garden show every seat's hand as backs (the public view) until the reveal toggle
    is switched on, then the seat to move's cards and still only backs for the others."""
    app = widgets.play("takenoko", players=3, bots=None, seed=4)
    c = app.controller
    seat = c.state.current_player
    app.reveal.value = True
    while c.state.current_player == seat:
        app.play(next(iter(c.grouped_actions().values()))[0][1])
    now = c.state.current_player
    assert app.reveal.value is False and c.board_state() == c.state.view(None)
    assert app.secret_box.layout.display == "" and app.secret_picture is not None
    text = str(app.secret_picture.to_dict())
    assert not any(card in text for hand in c.state.hands for card in hand)
    backs = sum(len(hand) for hand in c.state.hands)
    assert text.count("a hidden card") == backs and "what everyone at the table sees" in text
    app.reveal.value = True
    text = str(app.secret_picture.to_dict())
    assert all(card in text for card in c.state.hands[now])
    assert not any(card in text for p in range(3) if p != now for card in c.state.hands[p])


def test_BK_SET_2_the_hot_seat_spectator_board_shows_no_pontoon_good() -> None:
    app = widgets.play("bangkok", bots=None, seed=7)
    c = app.controller
    public = c.spectator_view()
    assert c.board_state(reveal=False) == public == c.state.view(None)
    # no seat's pontoon and no pontoon in the box
    assert all(g == -1 for g in public.pontoons)
    for seat in range(c.players):  # what every seat sees: their own pontoon turned face down
        assert c.state.view(seat).view(None) == public
    while not c.state.is_over():  # once scored, the players' goods show, the box's do not
        c.play(c.legal_actions()[0])
    end = c.state.view(None)
    assert end.pontoons[: c.players] == c.state.pontoons[: c.players]
    assert all(g == -1 for g in end.pontoons[c.players :])


def test_each_change_also_sends_the_full_state_for_views_made_later(monkeypatch: Any) -> None:
    app = widgets.play("bamboo", bots="heuristic", seed=7)
    c = app.controller
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(app.figure, "_send", lambda msg, buffers=None: sent.append(msg))
    app.bot_button.click() if c.is_bot_to_play() else app.play(_first(c))
    states = [m["state"] for m in sent if "_widget_data" in m.get("state", {})]
    assert len(states) == 1, "one full-state message per change"
    figure = app.figure.to_plotly_json()
    assert states[0]["_widget_data"] == figure["data"]
    assert states[0]["_widget_layout"] == figure["layout"]
    sent.clear()
    app.redraw()
    assert sent == [], "an unchanged picture sends nothing"


def test_the_front_end_loads_plotly_once_per_page_without_holding_up_the_model() -> None:
    widget = BoardWidget(go.Figure())
    state = widget.get_state()
    assert (
        state["_plotly_bundle"] == str(go.FigureWidget._esm)
        and len(state["_plotly_bundle"]) > 10**6
    )
    loader = state["_esm"]
    assert len(loader) < 5000 and "globalThis" in loader  # a loader, not the 5 MB bundle
    assert "initialize({ model })" in loader and "await plotlyWidget" in loader
    # a press on the picture neither selects the cell nor moves the focus to it
    assert "stopPropagation" in loader and "preventDefault" in loader


def _first(c: widgets.PlayController) -> object:
    return first_move(c)


def test_the_widgets_figure_is_its_own_copy_of_the_picture() -> None:
    """A change in the browser (a zoom: plotly's relayout sets values in the widget's layout
    in place) leaves the picture drawn and the next one untouched."""
    app = widgets.play("takenoko", bots="heuristic", seed=7)
    app.play(_first(app.controller))
    drawn = app._main
    assert drawn is not None
    before = drawn.to_plotly_json()
    app.figure.plotly_relayout({"xaxis.range": [-9, 9], "title.text": "zoomed"})
    assert drawn.to_plotly_json() == before
    assert app._board_picture().to_plotly_json() == before


def test_in_a_kernel_loop_the_full_state_follows_the_update_once(monkeypatch: Any) -> None:
    """In a running event loop (the kernel's) the update goes out at once and the full state a
    moment later, one message for several quick updates: the browser draws the update first."""
    fig = viz.bangkok.figure(bk.new_game(2, 3))
    later = viz.bangkok.figure(bk.new_game(2, 4))
    widget = BoardWidget(fig)
    states: list[Any] = []
    real = widget.send_state

    def spy(key: Any = None) -> None:
        if key is not None and "_widget_data" in key:  # plotly's own messages pass by
            states.append(key)
        real(key)

    monkeypatch.setattr(widget, "send_state", spy)

    async def clicks() -> None:
        replace_figure(widget, later)
        replace_figure(widget, fig)
        assert states == []  # not yet: the update alone has gone
        await asyncio.sleep(0.5)

    asyncio.run(clicks())
    assert states == [["_widget_data", "_widget_layout"]]
    state = widget.get_state()
    assert state["_widget_data"] == widget.to_plotly_json()["data"]


@pytest.mark.parametrize("game", GAMES)
def test_a_board_builds_its_pictures_unchecked_as_plotly_would_have_checked_them(
    game: str,
) -> None:
    """The boards build their figures without plotly's validation (quicker after a click):
    over a seeded game, at every decision (the person's, a picked Bangkok card, the bots'),
    both pictures are the very figures plotly's validation gives, key for key."""
    c = widgets.PlayController(game, players=2, bots=[None, "heuristic"], seed=11)
    seen = 0
    while not c.state.is_over() and seen < 60:
        if c.is_person_to_play() and game == "bangkok" and c.selected is None:
            hand = [place for place in c.clickable() if place[0] == "hand"]
            if hand:
                c.click(hand[0])  # a picked card: its slots and cells ringed
        for build in (pictures.main_picture, pictures.own_picture):
            fast, checked = build(c, True), build(c, True, validate=True)
            assert (fast is None) == (checked is None)
            if fast is not None:
                assert json.loads(pio.to_json(fast)) == json.loads(pio.to_json(checked))
        seen += 1
        if c.is_person_to_play():
            c.play(first_move(c))
        else:
            c.bot_move()
    assert seen >= 30


def test_a_move_played_on_the_own_board_redraws_that_board_first() -> None:
    """Bamboo: buying a home-market tile (a click on the main picture) sends the main picture
    first; placing it on a home space (a click on the home) sends the home first."""
    shop = widgets.play("bamboo", players=2, bots="heuristic", seed=4)
    c = shop.controller
    while not (c.state.phase == "improve" and c.is_person_to_play()):
        c.bot_turn() if c.is_bot_to_play() else c.play(c.legal_actions()[0])
    shop.redraw()
    assert shop.own is not None
    order: list[str] = []
    for name, widget in (("main", shop.figure), ("own", shop.own)):
        widget.observe(
            lambda change, name=name: change["new"] is not None and order.append(name),
            names=["_py2js_update"],
        )
    before = c.state
    for text, (x, y) in hover_points(shop._main).items():
        if "costs" in text and c.state is before:
            shop.click(x, y)
    assert c.state is not before, "an affordable home-market tile was bought by its click"
    assert order[0] == "main"
    order.clear()
    bought = c.state
    space = next(xy for text, xy in hover_points(shop.secret_picture).items() if "empty" in text)
    assert shop.click_own(*space) and c.state is not bought
    assert order == ["own", "main"] or order == ["own"]
