"""Whole two-player games played through the board by clicks alone, as a person would: a
picture place found by what its hover names, a button found by its words (never by typing
notation), the bot's turns by its button. Bangkok's collects are confirmed by the button the
port cell offers; every move is also in the list of moves, which plays it too."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")

import ipywidgets as ipw

from bamboo_lab import widgets
from bamboo_lab.widgets.labels import button_label, group_of, label_of
from bamboo_lab.widgets.places import hover_points, place_of, places_of


def _point(app: widgets.PlayApp, place: tuple[Any, ...]) -> tuple[bool, float, float] | None:
    """Where ``place`` is drawn: (on the own board?, x, y), from the pictures' hovers."""
    for own, fig in ((False, app._main), (True, app.secret_picture)):
        if fig is None:
            continue
        for key, (x, y) in hover_points(fig).items():
            if place_of(app.game, key) == tuple(place):
                return own, x, y
    return None


def _press(app: widgets.PlayApp, group: str | None, words: str) -> bool:
    """Press the button reading ``words`` (under the heading ``group`` when given)."""
    heading = None
    for row in app.actions.children:
        if isinstance(row, ipw.HTML):
            heading = row.value
        elif isinstance(row, ipw.HBox) and (group is None or group in str(heading)):
            for button in row.children:
                if button.description == words:
                    button.click()
                    return True
    return False


def _click_move(app: widgets.PlayApp, action: Any) -> None:
    """Play ``action`` by clicks: its places on the pictures, then the button offered there;
    a move with no place by its button."""
    c = app.controller
    shown = c.board_state(True)
    steps = len(c.steps)
    places = places_of(app.game, action, c.state.current_player)
    if not places:
        label = button_label(app.game, action, shown)
        assert _press(app, group_of(app.game, action), label), (action, label)
    for place in places:
        where = _point(app, place)
        assert where is not None, f"{place} is not on the pictures"
        own, x, y = where
        assert (app.click_own if own else app.click)(x, y), place
        if len(c.steps) > steps:
            break
    if len(c.steps) == steps:  # offered at the place: pressed by its words
        assert _press(app, None, label_of(app.game, action, shown)), (action, app.message.value)
    # (two moves with the same words, e.g. two drawn plots alike, are the same move to a person)
    played = [label_of(app.game, s.action, shown) for s in c.steps[steps:] if s.player >= 0]
    assert played[:1] == [label_of(app.game, action, shown)], (action, played)


@pytest.mark.parametrize("game", ["bangkok", "bamboo", "takenoko"])
def test_a_whole_game_against_a_bot_by_clicks_alone(game: str) -> None:
    app = widgets.play(game, players=2, bots="heuristic", seed=5)
    c = app.controller
    chooser = random.Random(5)
    moves = 0
    for _ in range(3000):
        if c.state.is_over():
            break
        if c.is_bot_to_play():
            app.bot_button.click()
            continue
        _click_move(app, chooser.choice(c.legal_actions()))
        assert "[" not in c.log[-1] and "take:" not in c.log[-1], "the log speaks words"
        moves += 1
    assert c.state.is_over(), f"{game}: not over after {moves} moves"
    assert moves > 10 and "The game is over" in app.status.value


def test_a_whole_bangkok_game_from_the_list_of_moves() -> None:
    """Every move on the pictures is also in the list, in words: a newcomer never guesses a
    click (the renewals, buttons, are pressed)."""
    app = widgets.play("bangkok", players=2, bots="heuristic", seed=9)
    c = app.controller
    chooser = random.Random(9)
    for _ in range(2000):
        if c.state.is_over():
            break
        if c.is_bot_to_play():
            app.bot_button.click()
            continue
        listed = [entry for entry, _index in app.moves.options]
        assert all("#" not in entry and ":" in entry for entry in listed)
        if not listed:
            action = chooser.choice(c.legal_actions())
            assert _press(app, None, button_label("bangkok", action, c.board_state(True)))
            continue
        app.moves.value = chooser.randrange(len(listed))
        steps = len(c.steps)
        app.moves_button.click()
        assert len(c.steps) == steps + 1, app.message.value
    assert c.state.is_over()


def test_a_move_played_from_the_list_leaves_no_entry_chosen() -> None:
    """After a move is played from the list, the next position's list has no entry chosen,
    even when it reads the same as the last (the Bamboo home placing shoots one by one): an
    entry left chosen would be played again by a second press of "play the chosen move"."""
    app = widgets.play("bamboo", players=2, bots="heuristic", seed=3)
    c = app.controller
    same_list = 0
    for _ in range(400):
        if c.state.is_over():
            break
        if c.is_bot_to_play():
            app.bot_button.click()
            continue
        listed = list(app.moves.options)
        if not listed:
            assert _press(app, None, button_label("bamboo", c.legal_actions()[0], c.state))
            continue
        app.moves.value = 0
        app.moves_button.click()
        same_list += list(app.moves.options) == listed
        assert app.moves.value is None, f"entry {app.moves.value} still chosen"
    assert c.state.is_over() and same_list > 0
