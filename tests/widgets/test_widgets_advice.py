"""The board's hint and win-probability bar (``widgets.advice``), without a browser and with
small budgets: what they show, that they come from the board's view, and that the bar stays
off the click path until asked for."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")
pytest.importorskip("pandas")

from bamboo_lab import widgets
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import find_legal
from bamboo_lab.widgets import app as app_module
from bamboo_lab.widgets.advice import chances, hint
from bamboo_lab.widgets.labels import label_of

GAMES = ("takenoko", "bamboo", "bangkok")
_SPEC = importlib.util.spec_from_file_location(
    "analysis_decided", Path(__file__).parents[1] / "analysis" / "analysis_decided.py"
)
assert _SPEC is not None and _SPEC.loader is not None
_decided = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_decided)
"""The decided positions of tests/analysis (each best move proven by every continuation)."""
SMALL = {"takenoko": 12, "bamboo": 6, "bangkok": 16}
"""Playouts small enough for a test, deterministic (no time cap)."""


def _at_person(game: str) -> widgets.PlayController:
    c = widgets.PlayController(game, 2, bots="heuristic", seed=7)
    while c.is_bot_to_play():
        c.bot_turn()
    return c


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_names_three_legal_moves_in_words_ranked_by_the_chance_shown(game: str) -> None:
    c = _at_person(game)
    found = hint(c, playouts=SMALL[game], seconds=None)
    legal = {str(a): a for a in c.legal_actions()}
    assert 1 <= len(found.rows) <= 3 and found.seat == c.state.current_player
    assert len(found.rows) == min(3, len(legal)) and found.moves == len(legal)
    for words, notation, win, low, high in found.rows:
        assert notation in legal and words == label_of(game, legal[notation], c.board_state())
        assert 0 <= low <= win <= high <= 1
    shown = list(zip([row[2] for row in found.rows], found.margins, strict=True))
    assert shown == sorted(shown, reverse=True), "ranked by the chance shown, then the points"
    assert found.rows == hint(c, playouts=SMALL[game], seconds=None).rows, "same seed, same hint"
    assert found.playouts >= SMALL[game] - len(legal) and all(found.visits)
    text = found.text()
    assert not any(notation in text for notation in legal), "no engine notation for a student"
    for line, visits in zip(text.splitlines()[1:], found.visits, strict=True):
        assert f"{visits} playouts" in line or f"its {visits} playout" in line


@pytest.mark.parametrize("game", GAMES)
def test_a_mid_game_hint_with_few_playouts_calls_nothing_best(game: str) -> None:
    found = hint(_at_person(game), playouts=SMALL[game], seconds=None)
    assert not found.best and found.about_as_good >= 2
    assert found.text().startswith("No move is clearly best: ")
    assert "about as good" in found.text() and "Best move" not in found.text()
    assert found.table().column("compared with the first")[0] == "first shown"


class _Seat:
    """A board at a built position: the hint asks it only what a controller answers."""

    def __init__(self, state: Any) -> None:
        self.game = state.game
        self.state = state

    def is_person_to_play(self) -> bool:
        return True

    def board_state(self, reveal: bool = True) -> Any:
        return self.state.view(self.state.current_player)


DECIDED = [entry for entry in _decided.positions() if entry["game"] in GAMES]


@pytest.mark.parametrize("entry", DECIDED, ids=lambda entry: f"{entry['game']}-{entry['seed']}")
def test_the_hint_calls_the_proven_move_best_in_words(entry: dict[str, Any]) -> None:
    board = _Seat(entry["position"])
    found = hint(board, playouts=300, seconds=None)
    words = label_of(entry["game"], find_legal(board.state, entry["best"]), board.board_state())
    assert found.rows[0][:2] == (words, entry["best"]) and found.best
    assert found.text().startswith(f"Best move: {words}. ")
    assert found.table().column("compared with the first")[0] == "clearly the best"
    assert entry["best"] not in found.text() and entry["best"] not in found.html("Player 0")
    assert f"{found.playouts} playouts" in found.html("Player 0")


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
    assert not any(str(action) in app.hint.value for action in c.legal_actions())
    app.play(c.legal_actions()[0])
    assert app.hint.value == "", "a hint of an earlier position is not left on screen"
    assert calls.count("bar") == 2
    app.show_chances.value = False
    assert app.chances.value == ""


def test_chances_table_lists_each_seat_with_its_chance_interval_and_playouts() -> None:
    """A board's win chances as a lesson table: one row per seat, in words and percentages."""
    from bamboo_lab.widgets.advice import Chances

    found = Chances(((0, 0.625, 0.5, 0.75), (1, 0.375, 0.25, 0.5)), 40)
    table = found.table()
    assert list(table.columns) == ["player", "chance to win", "95% interval", "playouts"]
    assert [tuple(row.values()) for row in table.rows()] == [
        ("Player 0", "62%", "50% to 75%", 40),
        ("Player 1", "38%", "25% to 50%", 40),
    ]
    named = found.table(seat_name=lambda seat: f"Seat {seat} (you)")
    assert named.column("player")[0] == "Seat 0 (you)"
