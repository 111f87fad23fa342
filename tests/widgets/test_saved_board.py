"""A board saved in a notebook shows its position where widgets cannot run (GitHub, nbviewer,
the documentation site): its cell result carries a picture of the board as shown and a line
saying where to play it, never the widget's ``VBox(children=...`` text."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from bamboo_lab import widgets
from bamboo_lab.widgets.board import PLOTLY_MIME, WHERE_TO_PLAY

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

APPS = {
    "takenoko board": lambda: widgets.play("takenoko", players=2, bots="heuristic", seed=7),
    "bamboo board": lambda: widgets.play("bamboo", players=2, bots="heuristic", seed=7),
    "bangkok board": lambda: widgets.play("bangkok", players=2, bots=None, seed=7),
    "garden sandbox": widgets.garden_sandbox,
    "home sandbox": widgets.home_sandbox,
    "market sandbox": lambda: widgets.market_sandbox("fish"),
}


@pytest.mark.parametrize("name", list(APPS))
def test_a_saved_board_shows_its_picture_and_where_to_play(name: str) -> None:
    app: Any = APPS[name]()
    bundle = app._repr_mimebundle_()
    assert bundle[WIDGET_MIME]["model_id"] == app.widget.model_id  # JupyterLab draws the board
    assert WHERE_TO_PLAY in bundle["text/plain"] and "VBox" not in bundle["text/plain"]
    figure = bundle[PLOTLY_MIME]
    drawn = figure["data"]
    assert drawn == app.figure.to_plotly_json()["data"]  # the board as shown, trace by trace
    notes = [a["text"] for a in figure["layout"]["annotations"] if WHERE_TO_PLAY in a["text"]]
    assert len(notes) == 1


def test_a_saved_replay_shows_its_first_position() -> None:
    from bamboo_lab import sim

    record, _ = sim.play_game("bangkok", ["heuristic", "heuristic"], seed=3)
    viewer = widgets.replay(record)
    bundle = viewer._repr_mimebundle_()
    assert "replay of a Bangkok game" in bundle["text/plain"]
    assert bundle[PLOTLY_MIME]["data"] == viewer.figure.to_plotly_json()["data"]
