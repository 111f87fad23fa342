"""The board's hint and win-probability bar (``widgets.advice``), without a browser and with
small budgets: what they show, that they come from the board's view, and that the bar stays
off the click path until asked for."""

from __future__ import annotations

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")
pytest.importorskip("pandas")

from bamboo_lab import widgets
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.widgets import app as app_module
from bamboo_lab.widgets.advice import chances, hint
from bamboo_lab.widgets.labels import label_of

GAMES = ("takenoko", "bamboo", "bangkok")
SMALL = {"takenoko": 12, "bamboo": 6, "bangkok": 16}
"""Playouts small enough for a test, deterministic (no time cap)."""


def _at_person(game: str) -> widgets.PlayController:
    c = widgets.PlayController(game, 2, bots="heuristic", seed=7)
    while c.is_bot_to_play():
        c.bot_turn()
    return c


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_names_three_legal_moves_in_words_with_their_chance(game: str) -> None:
    c = _at_person(game)
    found = hint(c, playouts=SMALL[game], seconds=None)
    legal = {str(a): a for a in c.legal_actions()}
    assert 1 <= len(found.rows) <= 3 and found.seat == c.state.current_player
    assert len(found.rows) == min(3, len(legal))
    for words, notation, win, low, high in found.rows:
        assert notation in legal and words == label_of(game, legal[notation], c.board_state())
        assert 0 <= low <= win <= high <= 1
    wins = [row[2] for row in found.rows]
    assert found.rows == hint(c, playouts=SMALL[game], seconds=None).rows, "same seed, same hint"
    assert found.playouts >= SMALL[game] - len(legal) and wins  # every move played out
    assert str(found.rows[0][1]) in found.text() and found.text().startswith("1. ")


@pytest.mark.parametrize("game", GAMES)
def test_the_win_bar_gives_each_seat_a_chance_and_ends_with_the_game(game: str) -> None:
    c = _at_person(game)
    found = chances(c, playouts=SMALL[game])
    assert found is not None and [row[0] for row in found.rows] == [0, 1]
    assert all(0 <= low <= win <= high <= 1 for _, win, low, high in found.rows)
    assert sum(row[1] for row in found.rows) >= 1 - 1e-9, "somebody wins every playout"
    while not c.state.is_over():
        c.bot_turn() if c.is_bot_to_play() else c.play(c.legal_actions()[0])
    assert chances(c, playouts=2) is None
    with pytest.raises(InvalidStateError, match="a hint is for a person's decision"):
        hint(c, playouts=2)


def test_the_app_computes_the_bar_only_when_asked_and_the_hint_on_its_button(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    real_chances, real_hint = app_module.chances, app_module.hint
    monkeypatch.setattr(
        app_module,
        "chances",
        lambda c, reveal: calls.append("bar") or real_chances(c, reveal, playouts=4),
    )
    monkeypatch.setattr(
        app_module,
        "hint",
        lambda c, reveal: calls.append("hint") or real_hint(c, reveal, playouts=8, seconds=None),
    )
    app = widgets.play("bangkok", bots="heuristic", seed=7)
    c = app.controller
    app.play(c.legal_actions()[0])
    assert calls == [] and app.chances.value == "", "off by default: no playout on a click"
    app.show_chances.value = True
    assert calls == ["bar"] and "Win chances from here" in app.chances.value
    app.redraw()
    assert calls == ["bar"], "the same position is not played out again"
    app.hint_button.click()
    assert calls[-1] == "hint" and "Hint for Player 0 (you)" in app.hint.value
    assert app.hint.value.count("<tr>") == 3
    app.play(c.legal_actions()[0])
    assert app.hint.value == "", "a hint of an earlier position is not left on screen"
    assert calls.count("bar") == 2
    app.show_chances.value = False
    assert app.chances.value == ""
