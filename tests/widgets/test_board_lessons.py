"""The board lessons' shared tables (notebooks 12, 22, 32): what the board says, a move tried in
the board's words, and a finished game's result."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from bamboo_lab import sim, widgets
from bamboo_lab.widgets.board_lessons import buttons_table


def test_BB_PL_5_pass_tried_in_the_draft_is_refused_in_words_and_changes_nothing() -> None:
    controller = widgets.play("bamboo", players=2, bots="heuristic", seed=1).controller
    before = controller.state
    refused = widgets.try_move(controller, "pass for the Summer")
    assert refused.column("played?") == ["no"]
    assert "(BB-PL-5)" in refused.column("the board")[0]
    assert controller.state == before
    now = widgets.now_table(controller)
    assert now.index[0] == "now" and "draft" in now.column("it says")[0]
    assert tuple(buttons_table(controller).index) == tuple(controller.grouped_actions())


def test_BK_RENEW_1_pass_tried_while_a_card_can_be_placed_is_refused_with_its_rule() -> None:
    controller = widgets.play("bangkok", players=2, bots="heuristic", seed=1).controller
    before = controller.state
    refused = widgets.try_move(controller, "pass")
    assert refused.column("played?") == ["no"]
    assert "(BK-RENEW-1)" in refused.column("the board")[0]
    assert controller.state == before
    now = widgets.now_table(controller)  # a card is placed by clicking: the table says where
    assert "on the pictures" in now.index
    assert "click a card of your hand" in now.column("it says")[1]


def test_result_table_names_each_player_their_score_and_the_winner() -> None:
    record, outcome = sim.play_game("bangkok", ["heuristic", "random"], seed=3)
    table = widgets.result_table(record, outcome, ["heuristic bot", "random bot"])
    assert table.column("moves played") == [len(record.actions)]
    assert table.column("player 0 (heuristic bot)") == [outcome.scores[0]]
    assert table.column("player 1 (random bot)") == [outcome.scores[1]]
    assert table.column("winner") == [", ".join(f"player {s}" for s in outcome.winners)]
    with pytest.raises(ValueError, match="2 players played"):
        widgets.result_table(record, outcome, ["only one"])
