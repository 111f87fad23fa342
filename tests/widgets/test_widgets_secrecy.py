"""Secrets kept, provably: a seat's board is the same for every state that seat cannot tell
from the real one.

Whole seeded games are played through :class:`PlayController`; at every decision the board of
the seat to move (its secrets shown, as against bots or after the hot-seat reveal) and the
public board (hot-seat before the reveal, ``view(None)``) are rendered for the real state and
for re-dealt determinisations of it (``state.determinize(seat, seed)``: the unseen cards,
pontoon goods and pile orders dealt again). Their texts, buttons, log line of the next move and
figure data must be identical. A board that read anything hidden (an opponent's hand or
pontoon good, the order of a pile) would differ on some determinisation.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")

from bamboo_lab import widgets
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.widgets.app import board_pictures

GAMES = {  # game -> (players, seeds, figures compared at every n-th decision)
    "takenoko": (2, (3,), 16),
    "bamboo": (2, (3,), 8),
    "bangkok": (3, (3, 4, 5), 8),
}
"""Hundreds of decisions per game; about 40 of them get their pictures compared too."""
DEALS = 2
"""Determinisations compared with the real state at every decision."""


def _with_state(c: widgets.PlayController, state: Any) -> widgets.PlayController:
    """The controller with its current state replaced (its history and log kept)."""
    other = copy.copy(c)
    other.states = [*c.states[:-1], state]
    return other


def _rendered(c: widgets.PlayController, reveal: bool, figures: bool) -> tuple[Any, ...]:
    """Everything a board shows: its words and buttons, and its pictures' data."""
    text = c.board(reveal)
    if not figures:
        return (text,)
    main, secret = board_pictures(c, reveal)
    return text, main.to_plotly_json(), None if secret is None else secret.to_plotly_json()


def _play_and_compare(game: str, players: int, seed: int, every: int) -> int:
    c = widgets.PlayController(game, players, bots=None, seed=seed)
    chooser = random.Random(seed)
    decisions = 0
    while not c.state.is_over():
        seat = c.state.current_player
        assert seat != CHANCE, "the controller rolls the dice itself"
        figures = decisions % every == 0
        real_own = _rendered(c, True, figures)
        real_public = _rendered(c, False, figures)
        own_view, public_view = c.board_state(True), c.board_state(False)
        assert real_own[0].seat == seat and real_public[0].seat is None
        legal = c.legal_actions()
        action = chooser.choice(legal)
        line = c._line(seat, action, c.state)
        for deal in range(DEALS):
            k = derive(seed, decisions, deal)
            other = _with_state(c, c.state.determinize(seat, k))
            # the pictures are drawn from this view only (compared below when ``figures``)
            assert other.board_state(True) == own_view
            pictures = figures and deal == 0  # the first deal's pictures are compared too
            want_own, want_public = (
                (real_own, real_public) if pictures else ([real_own[0]], [real_public[0]])
            )
            assert list(_rendered(other, True, pictures)) == list(want_own), (
                f"{game} seed {seed} decision {decisions}: seat {seat}'s board depends on"
                " what it cannot see"
            )
            # every seat's determinisation is a state a spectator cannot tell apart either
            watcher = (seat + 1 + deal) % players
            public_deal = _with_state(c, c.state.determinize(watcher, k))
            assert public_deal.board_state(False) == public_view
            assert list(_rendered(public_deal, False, pictures)) == list(want_public), (
                f"{game} seed {seed} decision {decisions}: the public board depends on a secret"
            )
            # the log line of the move about to be played: from the log's view, public here
            assert c._line(seat, action, c.state.determinize(watcher, k)) == line
        assert c.play(action), c.message
        decisions += 1
    final = c.board(False)
    assert final.table and final.status.startswith("The game is over")
    return decisions


def derive(seed: int, decision: int, deal: int) -> int:
    """A re-deal seed per game, decision and deal."""
    return seed * 1_000_003 + decision * 7 + deal


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_board_is_the_same_for_every_deal_its_seat_cannot_tell_apart(game: str) -> None:
    players, seeds, every = GAMES[game]
    decisions = sum(_play_and_compare(game, players, seed, every) for seed in seeds)
    assert decisions >= 100, f"{game}: only {decisions} decisions compared"


def test_the_bangkok_score_line_counts_no_secret_pontoon_good() -> None:
    """BK-SET-2: against a bot, the score line counts the bot's market without its secret
    pontoon good (the picture and the line agree), and says so."""
    c = widgets.PlayController("bangkok", 2, bots="heuristic", seed=7)
    while not c.state.is_over() and c.state.scores()[1] == c.board_state().scores()[1]:
        if c.is_bot_to_play():
            c.bot_turn()
        else:
            c.play(c.legal_actions()[0])
    assert not c.state.is_over(), "the bot's good has baskets in its market"
    text = c.board().scores
    shown = c.board_state().scores()
    assert f"Player 1 (heuristic bot) {shown[1]}" in text
    assert f"Player 1 (heuristic bot) {c.state.scores()[1]}" not in text
    assert "secret pontoon good of Player 1" in text


def test_the_final_board_tells_the_true_outcome_from_the_view() -> None:
    """Once over, the view shows every seated player's pontoon good (K15): the final table is
    the real outcome, category by category."""
    c = widgets.PlayController("bangkok", 2, bots="heuristic", seed=7)
    while not c.state.is_over():
        c.bot_turn() if c.is_bot_to_play() else c.play(c.legal_actions()[0])
    outcome = c.state.outcome()
    table = dict(c.board().table)
    assert table["total"] == tuple(str(s) for s in outcome.scores)
    assert "game over" not in c.board().status and c.board().status.startswith("The game is over")


ADVICE = {"takenoko": 10, "bamboo": 4, "bangkok": 12}
"""Playouts of the hint and the bar in the secrecy test (small: only the equality matters)."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hint_and_the_win_bar_are_the_same_for_every_deal_the_seat_cannot_tell_apart(
    game: str,
) -> None:
    """The hint (``analyse`` of the board's view) and the win-probability bar (``outlook``)
    for the real state and for re-dealt determinisations: identical, for the seat to move's
    board and for the public board."""
    pytest.importorskip("pandas")
    from bamboo_lab.widgets.advice import chances, hint

    players = GAMES[game][0]
    c = widgets.PlayController(game, players, bots=None, seed=3)
    chooser = random.Random(3)
    compared = 0
    decision = 0
    while not c.state.is_over() and compared < 4:
        if decision % 23 == 5:
            seat = c.state.current_player
            n = ADVICE[game]
            want = (
                hint(c, True, playouts=n, seconds=None),
                chances(c, True, playouts=n),
                chances(c, False, playouts=n),
            )
            for deal in range(DEALS):
                other = _with_state(c, c.state.determinize(seat, derive(3, decision, deal)))
                got = (
                    hint(other, True, playouts=n, seconds=None),
                    chances(other, True, playouts=n),
                    chances(other, False, playouts=n),
                )
                assert got == want, f"{game} decision {decision}: the advice depends on a secret"
            compared += 1
        assert c.play(chooser.choice(c.legal_actions())), c.message
        decision += 1
    assert compared == 4
