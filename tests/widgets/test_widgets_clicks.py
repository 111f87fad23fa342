"""Clicks on the pictures: every place a click plays is named on the picture, a click maps to
exactly the legal actions the picture shows there, an impossible click is refused with its rule
(from ``explain``) and nothing changes; the app plays a click end to end."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")

import ipywidgets as ipw

from bamboo_lab import viz, widgets
from bamboo_lab.widgets.labels import label_of
from bamboo_lab.widgets.pictures import board_pictures
from bamboo_lab.widgets.places import board_piece, hover_points, place_of, places_of

RULE = re.compile(r"\((B[BK]-[A-Z]+-\d+)\)")


def _until(c: widgets.PlayController, phase: str, kind: str, seed: int) -> None:
    """Play random moves (hot-seat) until a person faces ``phase`` with a ``kind`` action."""
    chooser = random.Random(seed)
    for _ in range(3000):
        legal = c.legal_actions()
        if c.state.phase == phase and any(type(a).__name__ == kind for a in legal):
            return
        assert not c.state.is_over(), f"no {phase} decision came"
        assert c.play(chooser.choice(legal)), c.message
    raise AssertionError(f"no {phase} decision came")


def _hovers(fig: Any) -> dict[str, str]:
    """Each place a picture names (its click key) and the hover text a person reads there."""
    found: dict[str, str] = {}
    for trace in fig.data:
        if trace.hoverinfo != "text" or trace.hovertext is None:
            continue
        keys = trace.customdata if trace.customdata is not None else trace.hovertext
        for key, text in zip(keys, trace.hovertext, strict=True):
            found.setdefault(str(key), str(text))
    return found


def _named(c: widgets.PlayController) -> set[tuple[Any, ...]]:
    """The places the board's two pictures name in their hover texts."""
    found = set()
    for fig in board_pictures(c, True):
        if fig is not None:
            found |= {p for text in hover_points(fig) if (p := place_of(c.game, text))}
    return found


def _refused(c: widgets.PlayController, place: tuple[Any, ...]) -> str:
    """Click ``place``: nothing may change; the refusal's rule ID."""
    before, steps = c.state, len(c.steps)
    assert c.click(place) == [], f"{place} played something"
    assert c.state is before and len(c.steps) == steps
    found = RULE.search(c.message)
    assert found, f"no rule in the refusal of {place}: {c.message!r}"
    return found[1]


@pytest.mark.parametrize("game", ["bangkok", "bamboo"])
def test_each_legal_action_is_a_button_or_a_place_the_picture_names(game: str) -> None:
    """Over whole random games: the buttons and the places partition the legal actions, every
    place is named by a hover text of the pictures, and a click on a place with one action
    plays exactly that action."""
    c = widgets.PlayController(game, 2, bots=None, seed=5)
    chooser = random.Random(5)
    decisions = 0
    while not c.state.is_over():
        legal = c.legal_actions()
        mover = c.state.current_player
        buttons = [a for items in c.grouped_actions().values() for _, a in items]
        places = c.clickable()
        clicked = {a for acts in places.values() for a in acts}
        assert set(buttons) | clicked == set(legal) and not set(buttons) & clicked
        if decisions % 4 == 0:
            card = next((p[1] for p in places if p[0] == "hand"), None)
            if card is not None:
                c.click(("hand", card))  # its slots or cells are ringed once it is picked
            assert set(places) <= _named(c), "a place the picture does not name"
            c.selected = None
        for place, acts in places.items():
            assert all(place in places_of(game, a, mover) for a in acts)
            if len(acts) == 1 and place[0] != "hand" and decisions % 7 == 0:
                other = copy.copy(c)
                other.states, other.steps = list(c.states), list(c.steps)
                assert other.click(place) == acts
                if place[0] in board_piece(
                    game, "CONFIRM_KINDS", ()
                ):  # offered first: played when its button is pressed
                    assert len(other.steps) == len(c.steps) and other.offer == (place, tuple(acts))
                    assert other.play(acts[0])
                assert other.steps[-1].action == acts[0]
        c.selected = None
        assert c.play(chooser.choice(legal)), c.message
        decisions += 1
    assert decisions > 60


def test_BK_ACT_1_a_click_on_a_port_cell_collects_exactly_that_card() -> None:
    c = widgets.PlayController("bangkok", 2, bots=None, seed=7)
    assert _refused(c, ("port", 5)) == "BK-ACT-1", "collecting comes after placing a card"
    _until(c, "collect", "Collect", 1)
    legal = c.legal_actions()
    line = sorted({cell for a in legal for cell in a.cells})
    outside = next(cell for cell in range(1, 10) if cell not in line)
    assert _refused(c, ("port", outside)) == "BK-ACT-1" and f"cell {outside}" in c.message
    single = [
        a for a in legal if len(a.cells) == 1 and sum(a.cells[0] in b.cells for b in legal) == 1
    ]
    cell = single[0].cells[0] if single else legal[0].cells[0]
    before = c.state
    offered = c.click(("port", cell))
    # never collected at once: the collects there are offered, what they take ringed
    assert offered == [a for a in legal if cell in a.cells] and c.state is before
    assert set(c.targets()) == {("port", other) for a in offered for other in a.cells}
    (group, moves), *_ = c.grouped_actions().items()
    assert group == f"at port cell {cell}: pick one" and [a for _, a in moves] == offered
    assert all("take:" not in words for words, _ in moves), "offered in words"
    assert c.play(moves[0][1]) and c.steps[-1].action == offered[0]
    assert c.offer is None


def test_BK_ACT_1_a_hand_card_then_a_slot_places_it() -> None:
    c = widgets.PlayController("bangkok", 2, bots=None, seed=7)
    hand = c.state.hands[0]
    fits = [a for a in c.legal_actions() if getattr(a, "slot", None) == "L1"]
    assert c.click(("slot", "L1")) == fits, "a slot first: the cards that go there are offered"
    assert c.click(("hand", hand[0])) == [] and c.selected == hand[0]
    slots = {a.slot for a in c.legal_actions() if getattr(a, "card", None) == hand[0]}
    assert {p[1] for p in c.targets()} == slots, "the picked card's slots are ringed"
    assert c.click(("hand", hand[0])) == [] and c.selected is None, "clicked again: put back"
    c.click(("hand", hand[0]))
    (played,) = c.click(("slot", min(slots)))
    assert (played.card, played.slot) == (hand[0], min(slots)) and c.selected is None
    assert c.click(("hand", 999)) == [] and "not in your hand" in c.message


def test_BK_MKT_3_a_click_on_a_market_cell_lays_the_picked_card_there() -> None:
    c = widgets.PlayController("bangkok", 2, bots=None, seed=3)
    _until(c, "lay", "LayInMarket", 2)
    lays = [a for a in c.legal_actions() if type(a).__name__ == "LayInMarket"]
    card = lays[0].card
    assert c.click(("hand", card)) == [] and c.selected == card
    cells = {a.cell for a in lays if a.card == card}
    own = board_pictures(c, True)[1]
    assert own is not None
    rung = [key for key, text in _hovers(own).items() if "lay the picked card here" in text]
    assert sorted(int(key.split()[1]) for key in rung) == sorted(cells)
    wrong = next(cell for cell in range(1, 10) if cell not in {a.cell for a in lays})
    assert re.fullmatch(r"BK-MKT-\d", _refused(c, ("market", wrong)))
    cell = min(cells)
    (played,) = c.click(("market", cell))
    assert (played.card, played.cell) == (card, cell) and c.steps[-1].action == played


def test_bangkok_buttons_are_only_for_what_has_no_place_a_dozen_at_most() -> None:
    c = widgets.PlayController("bangkok", 2, bots="heuristic", seed=7)
    groups = c.grouped_actions()
    assert list(groups) == ["renew a port line"] and len(groups["renew a port line"]) <= 6
    labels = [label for label, _ in groups["renew a port line"]]
    assert labels[0] == "renew row 1", "named as the picture's rows and columns"
    for _ in range(40):  # through a few turns: never more than a dozen buttons
        assert sum(len(items) for items in c.grouped_actions().values()) <= 12
        if c.state.is_over():
            break
        c.bot_turn() if c.is_bot_to_play() else c.play(c.legal_actions()[0])


def test_a_chilli_card_in_hand_shows_its_type_and_what_it_scores() -> None:
    c = widgets.PlayController("bangkok", 2, bots=None, seed=7)
    _until(c, "lay", "LayInMarket", 2)
    while not any(c.state.deck.cards[i].is_chilli for i in c.state.hands[c.state.player]):
        c.play(random.Random(len(c.steps)).choice(c.legal_actions()))
    seat = c.state.player
    chilli = next(i for i in c.state.hands[seat] if c.state.deck.cards[i].is_chilli)
    card = c.state.deck.cards[chilli]
    own = board_pictures(c, True)[1]
    assert own is not None
    hover = _hovers(own)[f"hand card #{chilli}"]
    assert f"chilli card type {card.chilli_type}" in hover and "BK-SCORE-2" in hover
    assert "#" not in hover and card.spec not in hover, "in words, not the engine's notation"
    words = viz.bangkok.chilli_words(card)
    assert f"C{card.chilli_type}" in words and "beside it" in words
    assert words in str(own.to_plotly_json()), "drawn under the card"


def test_BB_SUM_3_a_click_on_a_temple_offers_and_one_on_your_board_visits() -> None:
    c = widgets.PlayController("bamboo", 2, bots=None, seed=4)
    assert _refused(c, ("temple", "red")) == "BB-PL-5", "the set-up draft comes first"
    _until(c, "visit", "VisitTemple", 3)
    mover = c.state.current_player
    assert _refused(c, ("board temple", 1 - mover, "red")) == "BB-SUM-2"
    visits = [a for a in c.legal_actions() if type(a).__name__ == "VisitTemple"]
    (played,) = c.click(("board temple", mover, visits[0].temple))
    assert played == visits[0]
    if c.state.phase == "offer":
        offers = [a for a in c.legal_actions() if type(a).__name__ == "Offer"]
        (offered,) = c.click(("temple", offers[0].temple))
        assert offered == offers[0] and c.steps[-1].action == offered


def test_BB_SUM_5_a_click_on_a_stalk_offers_its_shoots_then_one_is_played() -> None:
    c = widgets.PlayController("bamboo", 2, bots=None, seed=4)
    assert _refused(c, ("stalk", 2)) == "BB-PL-5"
    _until(c, "place", "Activate", 6)
    legal = c.legal_actions()
    stalk = next(a.stalk for a in legal if type(a).__name__ == "Activate")
    there = [a for a in legal if getattr(a, "stalk", None) == stalk]
    before = c.state
    offered = c.click(("stalk", stalk))
    if len(there) == 1:
        assert offered == there and c.steps[-1].action == there[0]
    else:
        assert offered == there and c.state is before, "the shoots for that stalk are offered"


def test_bamboo_buy_a_market_tile_then_place_it_in_the_home_in_the_app() -> None:
    """BB-ACT-4 end to end in the app: a click on a home-market tile of the main picture buys
    it, a click on an empty space of the home picture places it."""
    app = widgets.play("bamboo", bots=None, seed=4)
    c = app.controller
    names = [place_of("bamboo", t) for t in hover_points(app._main)]
    tile = next(p for p in names if p and p[0] == "home tile")
    assert _refused(c, tile) == "BB-PL-5"
    _until(c, "improve", "BuyHomeTile", 3)
    app.redraw()
    assert "a tile of the home market to buy it" in app.actions.children[0].value
    buy = next(a for a in c.legal_actions() if type(a).__name__ == "BuyHomeTile")
    xy = next(xy for t, xy in hover_points(app._main).items() if t.startswith(f"{buy.tile}:"))
    assert app.click(*xy) and c.steps[-1].action == buy and c.state.phase == "home"
    place = next(a for a in c.legal_actions() if type(a).__name__ == "PlaceHomeTile")
    assert app.secret_picture is not None and app.own is not None
    spaces = hover_points(app.secret_picture)
    xy = next(xy for t, xy in spaces.items() if t.startswith(f"{place.row},{place.col}:"))
    assert app.click_own(*xy) and c.steps[-1].action == place
    drawn = [t.hovertext for t in app.own.data if t.hovertext is not None]
    assert drawn == [t.hovertext for t in app.secret_picture.data if t.hovertext is not None]


def test_a_click_in_the_app_on_a_shared_place_offers_its_actions_as_buttons() -> None:
    app = widgets.play("bangkok", bots="heuristic", seed=7)
    c = app.controller
    _until(c, "collect", "Collect", 1)
    app.redraw()
    legal = c.legal_actions()
    cell = legal[0].cells[0]
    there = [a for a in legal if cell in a.cells]
    points = hover_points(app._main)
    xy = next(v for k, v in points.items() if k == f"port cell {cell}")
    steps = len(c.steps)
    assert app.click(*xy)
    assert len(c.steps) == steps, "a port cell is confirmed first (BK-ACT-3: what it takes)"
    assert "under “Your move”" in app.message.value
    boxes = [row for row in app.actions.children if isinstance(row, ipw.HBox)]
    words = [b.description for b in boxes[0].children]
    assert words == [label_of("bangkok", a) for a in there]
    assert not any(str(a) in b.tooltip for a in there for b in boxes[0].children)
    boxes[0].children[0].click()
    assert c.steps[-1].action == there[0]


def test_a_click_on_a_stalk_in_the_app_offers_its_shoots_named_by_the_stalk() -> None:
    app = widgets.play("bamboo", bots=None, seed=4)
    c = app.controller
    _until(c, "place", "Activate", 6)
    app.redraw()
    legal = c.legal_actions()
    stalk = next(a.stalk for a in legal if type(a).__name__ == "Activate")
    there = [a for a in legal if getattr(a, "stalk", None) == stalk]
    xy = hover_points(app._main)[
        next(t for t in hover_points(app._main) if t.startswith(f"stalk {stalk}:"))
    ]
    assert app.click(*xy)
    if len(there) > 1:
        heads = [row.value for row in app.actions.children if isinstance(row, ipw.HTML)]
        assert f"at stalk {stalk}" in " ".join(heads)
        boxes = [row for row in app.actions.children if isinstance(row, ipw.HBox)]
        assert [b.tooltip for b in boxes[0].children] == [str(a) for a in there]


def test_BB_ACT_5_and_BB_WIN_2_food_is_taken_and_paid_by_clicking_its_counters_in_the_app() -> None:
    """Cook (BB-ACT-5): a click on a counter of the food display takes that food; Winter
    (BB-WIN-2): a click on a counter you hold, drawn under your home, pays it. A counter of
    another player's is refused with the rule, and neither is a button."""
    app = widgets.play("bamboo", bots=None, seed=4)
    c = app.controller
    _until(c, "cook", "TakeFood", 4)
    app.redraw()
    assert "a counter of the food display to take it" in app.actions.children[0].value
    take = next(a for a in c.legal_actions() if type(a).__name__ == "TakeFood")
    assert not any(
        type(a).__name__ == "TakeFood" for g in c.grouped_actions().values() for _, a in g
    )
    xy = next(
        xy
        for t, xy in hover_points(app._main).items()
        if t.startswith(f"{take.food} counter on the food display")
    )
    assert app.click(*xy) and c.steps[-1].action == take
    _until(c, "feed", "Feed", 4)
    app.redraw()
    mover = c.state.current_player
    feed = next(a for a in c.legal_actions() if type(a).__name__ == "Feed")
    other = 1 - mover
    assert _refused(c, ("held food", other, feed.food)) == "BB-WIN-2"
    assert app.secret_picture is not None
    held = hover_points(app.secret_picture)
    xy = next(xy for t, xy in held.items() if t.startswith(f"Player {mover}'s {feed.food} counter"))
    assert app.click_own(*xy) and c.steps[-1].action == feed
