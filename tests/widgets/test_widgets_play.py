"""The play board and the replay viewer, driven through their handlers (no browser).

Whole games go through :class:`PlayController` (what every button calls); the ipywidgets app
is driven by ``.click()`` and ``.value`` as a person would, for a few moves per game (each
redraw builds the game's Plotly picture).
"""

from __future__ import annotations

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")

import ipywidgets as ipw
from board_moves import first_move

from bamboo_lab import widgets
from bamboo_lab.core.hexgrid import Edge
from bamboo_lab.games import takenoko as tk
from bamboo_lab.sim import play_game
from bamboo_lab.widgets.pictures import click_targets, main_picture
from bamboo_lab.widgets.places import hover_points
from bamboo_lab.widgets.takenoko import target_point

GAMES = ("takenoko", "bamboo", "bangkok")


def _first_button(controller: widgets.PlayController) -> object:
    """The action of the first button a person sees (or of the first place to click)."""
    return first_move(controller)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_played_through_the_handlers(game: str) -> None:
    c = widgets.PlayController(game, 2, bots="heuristic", seed=11)
    guard = 0
    while not c.state.is_over():
        guard += 1
        assert guard < 5000, "the game ends"
        if c.is_person_to_play():
            assert c.play(_first_button(c)), c.message
        else:
            assert c.is_bot_to_play()
            assert c.bot_move()
    outcome = c.state.outcome()
    assert outcome is not None and outcome.winners
    assert len(c.steps) == len(c.states) - 1 == len(c.state.history)
    assert len(c.log) == len(c.steps) + sum(len(s.events) for s in c.steps)
    assert c.scores_text().startswith("Final score:")
    assert c.board().table[-1][0] == "total"
    assert c.grouped_actions() == {} and not c.bot_move()
    # the record replays to the same final state
    assert widgets.ReplayController(c.record()).states[-1] == c.state


@pytest.mark.parametrize("game", GAMES)
def test_buttons_bot_move_and_undo_in_the_app(game: str) -> None:
    app = widgets.play(game, bots="heuristic", seed=5)
    c = app.controller
    while c.is_bot_to_play():  # Bamboo's start player may be a bot
        app.bot_button.click()
    c.steps.clear()
    del c.states[:-1]
    app.redraw()
    before_fig = app.figure.to_dict()
    before_picture = main_picture(c, False).to_dict()
    before_state = c.state
    if game == "bangkok":  # a hand card clicked on the own board, then a ringed slot
        points = hover_points(app.secret_picture)
        hand = next(xy for text, xy in points.items() if text.startswith("hand card #"))
        assert app.click_own(*hand) and c.log == [] and c.selected is not None
        slot = c.targets()[0][1]
        points = hover_points(app._main)
        assert app.click(*next(xy for t, xy in points.items() if t == f"slot {slot}"))
    else:
        boxes = [row for row in app.actions.children if isinstance(row, ipw.HBox)]
        boxes[0].children[0].click()
    assert c.log and c.log[0].startswith("Player 0 (you)")
    if (
        main_picture(c, False).to_dict() != before_picture
    ):  # (a Takenoko action choice is not drawn)
        assert app.figure.to_dict() != before_fig, "the board is redrawn in place"
    assert app.log.value.splitlines()[-1] == c.log[0]
    while c.is_bot_to_play() and len(c.steps) < 30:
        app.bot_button.click()
    app.undo_button.click()
    assert c.state == before_state and c.log == []
    assert app.status.value and "Player 0" in app.status.value


def test_undo_takes_back_the_bots_replies_too() -> None:
    c = widgets.PlayController("bangkok", 2, bots="heuristic", seed=2)
    start = c.state
    while c.is_person_to_play():
        last_mine = c.state
        assert c.play(_first_button(c))
    bot_steps = 0
    while c.is_bot_to_play():
        assert c.bot_move()
        bot_steps += 1
    assert bot_steps and c.is_person_to_play()
    assert c.undo()
    assert c.state == last_mine and c.is_person_to_play()
    assert all(s.player == 0 for s in c.steps), "the bots' replies went too"
    while c.undo():
        pass
    assert c.state == start and c.steps == [] and c.message == "nothing to undo"


def test_a_refused_typed_action_shows_the_reason_from_explain() -> None:
    app = widgets.play("takenoko", bots="heuristic", seed=3)
    c = app.controller
    before = c.state
    app.notation.value = "gardener 1,0"
    app.try_button.click()
    assert c.state is before and c.log == []
    reason = str(tk.explain(before, "gardener 1,0"))
    assert c.message == reason and "TK-TURN-3" in reason
    assert "TK-TURN-3" in app.message.value
    app.notation.value = "hop 1,0"
    app.try_button.click()
    assert "not an action" in app.message.value and c.state is before
    app.notation.value = "action plot"
    app.try_button.click()
    assert c.log[-1] == "Player 0 (you): plots: draw 3, keep 1" and app.message.value == ""
    assert app.notation.value == "", "a played notation is cleared"


def test_a_click_on_a_ringed_garden_target_plays_it() -> None:
    app = widgets.play("takenoko", bots="heuristic", seed=3)
    c = app.controller
    assert c.play("action plot") and c.play("keep 1")
    targets = click_targets(c.state, c.legal_actions())
    assert targets and all(not isinstance(t, Edge) for t in targets)
    target = sorted(targets)[0]
    (action,) = targets[target]
    x, y = target_point(target)
    assert not app.click(x + 5, y + 5), "far from every target: nothing happens"
    assert app.click(x + 0.1, y - 0.1)
    assert c.steps[-1].action == action and "[" not in c.log[-1]


def test_the_garden_rings_the_legal_targets_as_one_clickable_trace() -> None:
    app = widgets.play("takenoko", bots=None, seed=3)
    app.controller.play("action plot")
    app.controller.play("keep 1")
    app.redraw()
    assert not [t for t in app.figure.data if t.name == "click a ringed target"], (
        "hot-seat: nothing to click before the seat to move shows its cards"
    )
    app.reveal.value = True
    clickable = [t for t in app.figure.data if t.name == "click a ringed target"]
    assert len(clickable) == 1
    legal = {a.plot for a in app.controller.legal_actions() if isinstance(a, tk.PlacePlot)}
    assert len(set(clickable[0].hovertext)) == len(legal), "each target named (its whole hex)"


def test_hidden_cards_stay_hidden_against_bots() -> None:
    c = widgets.PlayController("takenoko", 2, bots="heuristic", seed=4)
    shown = c.board_state()
    assert shown.viewer == 0
    assert all(card.endswith("?") for card in shown.visible_hand(1))
    app = widgets.PlayApp(c)
    secret_text = str(app.secret_picture.to_dict())
    for card in c.state.hands[1]:
        assert card not in secret_text, "an opponent's objective card is never drawn"
    for card in c.state.hands[0]:
        assert card in secret_text, "the person's own cards are shown"


def test_bangkok_pontoons_hidden_in_hot_seat_until_revealed() -> None:
    app = widgets.play("bangkok", bots=None, seed=4)
    c = app.controller
    seat = c.state.current_player
    assert c.board_state(reveal=False).objective(seat) is None
    assert all(c.board_state().objective(p) is None for p in range(2))
    assert c.state.objective(seat) not in str(app.figure.to_dict())
    assert "hidden" in app.hidden_note.value
    app.reveal.value = True
    assert c.board_state(reveal=True).objective(seat) == c.state.objective(seat)
    assert c.board_state(reveal=True).objective(1 - seat) is None
    assert app.hidden_note.value == ""


def test_takenoko_hands_hidden_in_hot_seat_until_revealed() -> None:
    app = widgets.play("takenoko", bots=None, seed=4)
    hands = app.controller.state.hands
    public = str(app.secret_picture.to_dict())  # every seat's board, hands as backs
    assert not any(card in public for hand in hands for card in hand)
    app.reveal.value = True
    assert app.secret_box.layout.display == ""
    text = str(app.secret_picture.to_dict())
    seat = app.controller.state.current_player
    assert all(card in text for card in app.controller.state.hands[seat])
    assert not any(card in text for card in app.controller.state.hands[1 - seat])


def test_new_game_from_the_seed_field_and_bad_seeds() -> None:
    app = widgets.play("bangkok", bots="random", seed=1)
    app.seed.value = "77"
    app.new_button.click()
    assert app.controller.seed == 77 and app.controller.state == app.controller.states[0]
    app.seed.value = "seven"
    app.new_button.click()
    assert "whole number" in app.message.value and app.controller.seed == 77


def test_auto_play_steps_bots_and_stops_at_a_person() -> None:
    app = widgets.play("bangkok", bots="heuristic", seed=6)
    c = app.controller
    c.play(_first_button(c))
    app.auto.playing = True
    while c.is_bot_to_play():
        app.auto.value += 1
    app.auto.value += 1
    assert c.is_person_to_play() and app.auto.playing is False


def test_replay_slider_keeps_board_and_log_in_step() -> None:
    record, _ = play_game("bangkok", "random", seed=9)
    app = widgets.replay(record)
    c = app.controller
    assert app.slider.max == len(record.actions)
    app.slider.value = 5
    assert c.index == 5 and len(c.log) == 5
    assert app.log.value.splitlines()[0] == c.lines[4]
    assert "position 5" in app.caption.value
    app.slider.value = app.slider.max
    assert c.state.is_over()


def test_bad_arguments_are_refused_clearly() -> None:
    from bamboo_lab.core.errors import InvalidStateError

    with pytest.raises(InvalidStateError):
        widgets.PlayController("chess")
    with pytest.raises(InvalidStateError):
        widgets.PlayController("bangkok", 2, bots=["heuristic"])
    with pytest.raises(InvalidStateError):
        widgets.ReplayController(42)
    with pytest.raises(InvalidStateError):
        widgets.ReplayController([])


def test_buttons_and_log_speak_rulebook_words() -> None:
    c = widgets.PlayController("takenoko", 2, bots="heuristic", seed=7)
    assert c.play("action plot")
    keep = [label for label, _ in c.grouped_actions()["keep one drawn plot"]]
    colours = {"G": "green", "Y": "yellow", "P": "pink"}
    assert all(
        label.startswith(f"keep the {colours[t[0]]}")
        for label, t in zip(keep, c.state.drawn, strict=True)
    )
    assert c.play("keep 2")
    assert c.log[-1] == "Player 0 (you): keep the green plot", "words, no notation"
    hot = widgets.PlayController("takenoko", 2, bots=None, seed=7)
    assert hot.play("action plot") and hot.play("keep 2")
    assert hot.log[-1] == "Player 0: keep one of the drawn plots", (
        "the hot-seat log is public: the drawn plots are the player's secret (TK-PLOT-1)"
    )
    c.play(c.legal_actions()[0])
    returns = [label for label, _ in c.grouped_actions()["return the other plots"]]
    assert all(" plot on top of the " in label for label in returns)
    b = widgets.PlayController("bangkok", 2, bots=None, seed=7)
    assert list(b.grouped_actions()) == ["renew a port line"], "hand cards are clicked"
    assert b.clicks_text().startswith("On the picture, click a card of your hand")
    assert b.click(("hand", 0)) == [] and b.selected == 0
    assert b.clicks_text() == "On the picture, click a ringed place beside the port to place it."
    assert len(b.click(("slot", "L2"))) == 1
    assert b.log[-1] == "Player 0: place the passion fruit card left of row 2", "no card number"


def test_replay_refuses_shuffled_or_mixed_state_lists_and_a_bool_position() -> None:
    from bamboo_lab.core.errors import InvalidStateError

    record, _ = play_game("bangkok", "random", seed=9)
    states = widgets.ReplayController(record).states
    assert widgets.ReplayController(states[:6]).states == states[:6]
    with pytest.raises(InvalidStateError, match="does not follow"):
        widgets.ReplayController([states[0], states[2], states[1]])
    other = widgets.ReplayController(play_game("bangkok", "random", seed=10)[0]).states
    with pytest.raises(InvalidStateError, match="does not follow"):
        widgets.ReplayController([states[0], other[1]])
    mixed = widgets.ReplayController(play_game("takenoko", "random", seed=9)[0]).states
    with pytest.raises(InvalidStateError, match="does not follow"):
        widgets.ReplayController([states[0], mixed[1]])
    viewer = widgets.ReplayController(states[:6])
    viewer.go(3)
    with pytest.raises(InvalidStateError, match="whole number"):
        viewer.go(True)
    assert viewer.index == 3, "a refused position changes nothing"


class _Broken:
    """A custom bot with a bug in ``choose``."""

    name = "broken"

    def choose(self, state: object, legal: object, rng: object) -> object:
        raise ZeroDivisionError("division by zero in my bot")


def test_a_custom_bots_exception_is_a_clear_message_that_changes_nothing() -> None:
    c = widgets.PlayController("bangkok", 2, bots=[None, _Broken()], seed=2)
    assert c.play(_first_button(c))
    while c.is_person_to_play():
        assert c.play(_first_button(c))
    before, log = c.state, list(c.log)
    assert not c.bot_move() and not c.bot_turn()
    assert c.state is before and c.log == log
    assert "Player 1 (broken bot) failed to choose: ZeroDivisionError" in c.message


class _Restarter:
    """A bot that starts a new game of its controller while choosing (then answers)."""

    name = "restarter"

    def __init__(self) -> None:
        self.controller: widgets.PlayController | None = None

    def choose(self, state: object, legal: tuple[object, ...], rng: object) -> object:
        assert self.controller is not None
        self.controller.new_game(self.controller.seed)
        return legal[0]


def test_a_bot_that_starts_a_new_game_while_choosing_gets_no_stale_move_played() -> None:
    bot = _Restarter()
    c = widgets.PlayController("bangkok", 2, bots=[None, bot], seed=2)
    bot.controller = c
    while c.is_person_to_play():
        assert c.play(_first_button(c))
    assert c.is_bot_to_play()
    assert not c.bot_move()
    assert c.steps == [] and c.state == c.states[0], "the new game is untouched"
    assert "the game changed while it was choosing" in c.message
    assert not any("(you)" in line for line in c.log)


def test_a_bot_turn_is_one_step_with_its_moves_listed() -> None:
    c = widgets.PlayController("takenoko", 2, bots="heuristic", seed=4)
    while c.is_person_to_play():
        assert c.play(_first_button(c))
    seat = c.state.current_player
    assert c.bot_turn()
    assert c.state.is_over() or c.state.current_player != seat
    turn = c.last_turn()
    assert len(turn) > 1 and {s.player for s in turn} <= {seat, -1}
    board = c.board()
    assert board.last_turn == tuple(s.line for s in turn)
    assert any(line.startswith("Player 1 (heuristic bot)") for line in board.last_turn)


@pytest.mark.parametrize("game", GAMES)
def test_status_lines_speak_rulebook_words_never_phase_names(game: str) -> None:
    from bamboo_lab.games import load
    from bamboo_lab.widgets.labels import decision_words

    phases = load(game).PHASES
    c = widgets.PlayController(game, 2, bots="heuristic", seed=5)
    seen = set()
    while not c.state.is_over():
        board = c.board()
        seen.add(c.state.phase)
        assert decision_words(game, c.state) in board.status
        for phase in phases:
            assert f"({phase})" not in board.status and f"to {phase}" not in board.status
        assert "_" not in board.status
        c.bot_turn() if c.is_bot_to_play() else c.play(_first_button(c))
    assert len(seen) > 2
    board = c.board()
    assert "so far" not in board.scores and board.scores.startswith("Final score")
    assert board.table[-1][0] == "total"


def test_bamboo_logs_every_season_event() -> None:
    """BB-SUM-1 passes, BB-AUT-1 each temple's award with its majority, BB-WIN-2 each bill."""
    from bamboo_lab.games import bamboo as bb

    c = widgets.PlayController("bamboo", 2, bots=["random", "random"], seed=2)
    autumns = 0
    while not c.state.is_over():
        before = c.state
        c.bot_move()
        autumns += bb.season(before) == "Summer" and bb.season(c.state) != "Summer"
    log = c.log
    assert sum("passes for the rest of the Summer" in line for line in log) >= 2 * autumns > 0
    awards = [line for line in log if line.startswith("· Autumn, ")]
    assert len(awards) >= autumns and all("incense" in line for line in awards)
    assert any("goes to the ghost" in line for line in awards)
    assert any("Winter bill of Player 1" in line for line in log)
    assert any("goes short of food" in line for line in log)
    assert len(c.steps) == len(c.states) - 1


def test_TK_CMP_3_hand_cards_are_drawn_with_what_they_ask_not_only_in_a_hover() -> None:
    """TK-CMP-3..6: a hand card's face shows its shape in colour (plot), its bamboo and
    improvement (gardener) or its sections (panda), and its points, as visible marks."""
    from bamboo_lab import viz

    state = tk.new_game(2, 4).view(0)
    fig = viz.takenoko.players(state, player=0)
    texts = " ".join(str(t.text) for t in fig.data if t.mode and "text" in t.mode)
    for card in state.hands[0]:
        assert f"<b>{card}</b> {tk.CARDS[card].points} pts" in texts
    fills = {t.fillcolor for t in fig.data if t.fill == "toself"}
    plot = next(c for c in state.hands[0] if c[0] == "P")
    for _, colour in tk.CARDS[plot].pattern:
        assert viz.palette.TAKENOKO_PLOTS[colour] in fills
