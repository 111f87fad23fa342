"""Refusals on the boards change nothing (issue 44): an action whose fields were changed past
its frozen constructor is refused by ``PlayController.play`` with the project's error text, and
a click at any float (huge, infinite, NaN) is on nothing, on every game's board."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")

from bamboo_lab import widgets
from bamboo_lab.games import GAMES
from bamboo_lab.games.bangkok import Collect

JUNK: tuple[Any, ...] = (None, [1], "x" * 100, object(), 1.5, math.nan, {"a": 1})
"""Values written into an action's field past its constructor."""

FLOATS = (-1e308, 1e308, math.inf, -math.inf, math.nan, 5e-324, -0.0)
"""Click coordinates no picture holds (and two that are tiny)."""


def _forged(action: Any, field: str, value: Any) -> Any:
    copy = dataclasses.replace(action)
    object.__setattr__(copy, field, value)  # past the frozen constructor
    return copy


@pytest.mark.parametrize("game", GAMES)
def test_a_forged_action_is_refused_by_the_board_and_changes_nothing(game: str) -> None:
    c = widgets.PlayController(game, 2, bots=None, seed=5)
    tried = 0
    for _ in range(6):
        legal = c.legal_actions()
        for action in legal[:8]:
            for field in dataclasses.fields(action):
                for junk in JUNK:
                    before, log = c.state, list(c.log)
                    forged = _forged(action, field.name, junk)
                    if c.play(forged):  # equal to a legal action: the engine's own was played
                        assert c.state.history[-1] in legal
                        c.undo()
                        continue
                    tried += 1
                    assert c.state is before and list(c.log) == log, (action, field.name)
                    assert c.message and len(c.message) < 400
        assert c.play(legal[0]), c.message
    assert tried


def test_a_forged_action_no_game_can_write_gets_the_projects_message() -> None:
    c = widgets.PlayController("bangkok", 2, bots=None, seed=5)
    before = c.state
    assert not c.play(_forged(Collect((1,)), "cells", None))  # str() raised TypeError
    assert "not a well-formed Bangkok action" in c.message and c.state is before


@pytest.mark.parametrize("game", GAMES)
def test_a_click_at_any_float_is_on_nothing(game: str) -> None:
    """``click(-1e308, 0.0)`` overflowed squaring the distance (OverflowError); a NaN compared
    false with the click radius and played the first target."""
    app = widgets.play(game, players=2, bots=None, seed=5)
    before = app.controller.state
    for x in FLOATS:
        for y in (0.0, *FLOATS):
            assert app.click(x, y) is False, (x, y)
            assert app.click_own(x, y) is False, (x, y)
            assert app.controller.state is before
