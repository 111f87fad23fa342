"""The replay viewer with a review: the win-probability curve under the board, the ply marked."""

from __future__ import annotations

from functools import cache

import pandas as pd
import pytest

from bamboo_lab import widgets
from bamboo_lab.analysis import review
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import play, record_of, replay, start_here
from bamboo_lab.sim.runner import play_game
from bamboo_lab.widgets.replay_controller import ReplayController


@cache
def late() -> GameRecord:
    """The last eight actions of a seeded Bangkok game, recorded from a position."""
    record, _ = play_game("bangkok", "heuristic", 4)
    states = replay(record)
    return record_of("bangkok", play(start_here(states[44]), *record.actions[44:]), 4)


def marked_ply(app: object) -> float:
    """Where the curve's vertical line stands."""
    shapes = [s for s in app.curve.layout.shapes if s.x0 == s.x1]  # type: ignore[attr-defined]
    return shapes[-1].x0


def test_replay_with_a_review_shows_the_curve_and_follows_the_slider() -> None:
    app = widgets.replay(late(), review={"n": 2})
    assert app.curve is not None and app.curve in app.widget.children
    assert len(app.controller.review) == len(late().actions)
    assert marked_ply(app) == 0
    app.show(5)
    assert marked_ply(app) == 5
    hover = " ".join(" ".join(t.hovertext or ()) for t in app.curve.data if t.hovertext)
    assert "played: " in hover and "[" not in hover  # rulebook words, never the notation


def test_a_review_table_is_reused_and_a_wrong_one_refused() -> None:
    table = review(late(), n=2)
    app = widgets.replay(late(), review=table)
    assert app.controller.review is table
    assert widgets.replay(late()).curve is None
    with pytest.raises(InvalidStateError, match="review must be True"):
        ReplayController(late(), review=pd.DataFrame({"ply": [1]}))
    with pytest.raises(InvalidStateError, match="go past this game"):
        ReplayController(late(), review=table.assign(ply=table["ply"] + 50))


def test_a_list_of_states_is_reviewed_as_the_record_it_makes() -> None:
    states = replay(late())
    picked = [*states[:-1:2], states[-1]]  # every other position, and the last
    controller = ReplayController(picked, review={"n": 2, "seed": 1})
    assert controller.plies == [*range(0, len(states) - 1, 2), len(states) - 1]
    pd.testing.assert_frame_equal(controller.review, review(late(), n=2, seed=1))
