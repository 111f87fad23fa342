"""The search bot: it uses each game's hooks, repeats for a seed and never reads hidden cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bamboo_lab.bots import make_bots
from bamboo_lab.bots import search as search_module
from bamboo_lab.bots.search import Knowledge, SearchBot, favour, game_knowledge
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import GAMES, load, new_game
from bamboo_lab.sim.runner import moves


def _decisions(game: str, seed: int, every: int, count: int) -> list[Any]:
    """States of a random 2-player game where a seat has a real choice."""
    rngs = [random.Random(seed * 7 + seat) for seat in range(2)]
    bots = make_bots("random", game, 2)
    plies = moves(new_game(game, 2, seed), bots, rngs, random.Random(seed), load(game).PLY_LIMIT)
    states = [
        before
        for before, _, _ in plies
        if before.current_player != CHANCE and len(before.legal_actions()) > 1
    ]
    return states[::every][:count]


STEERED = ("takenoko", "bangkok")
"""The games whose bot module lends the search its hooks (Bamboo's search measured stronger on
the contract alone)."""


@pytest.mark.parametrize("game", GAMES)
def test_every_game_names_its_search_budget(game: str) -> None:
    settings = game_knowledge(game).settings
    assert {"iterations", "rollout_depth"} <= set(settings)
    assert SearchBot().settings(game)["iterations"] == settings["iterations"]


@pytest.mark.parametrize("game", STEERED)
def test_steered_games_give_the_search_their_hooks(game: str) -> None:
    known = game_knowledge(game)
    assert known.evaluate is not None and known.rollout_policy is not None
    assert known.prior is not None
    state = _decisions(game, 1, 9, 1)[0]
    worth = known.evaluate(state)
    assert len(worth) == 2 and all(isinstance(w, float) for w in worth)
    legal = state.legal_actions()
    weights = known.prior(state, legal)
    assert len(weights) == len(legal) and min(weights) > 0
    assert known.rollout_policy(state, legal, random.Random(0)) in legal


@pytest.mark.parametrize("game", STEERED)
def test_search_uses_the_games_hooks(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = game_knowledge(game)
    calls = {"evaluate": 0, "rollout_policy": 0, "prior": 0}

    def counted(name: str) -> Any:
        hook = getattr(real, name)

        def wrapper(*args: Any) -> Any:
            calls[name] += 1
            return hook(*args)

        return wrapper

    counting = Knowledge(**{name: counted(name) for name in calls}, settings=real.settings)
    monkeypatch.setattr(search_module, "game_knowledge", lambda name: counting)
    state = _decisions(game, 2, 5, 1)[0]
    seat = state.current_player
    bot = SearchBot(iterations=20, rollout_depth=4, epsilon=0.0)
    assert bot.choose(state.view(seat), state.legal_actions(), random.Random(0)) in (
        state.legal_actions()
    )
    assert calls["prior"] >= 1 and calls["rollout_policy"] >= 1 and calls["evaluate"] >= 1


@pytest.mark.parametrize("game", GAMES)
def test_search_never_reads_what_its_seat_cannot_see(game: str) -> None:
    """The real state and any state re-dealt from the seat's view get the same choice."""
    bot = SearchBot(iterations=16, rollout_depth=6)
    for state in _decisions(game, 5, 11, 6):
        seat = state.current_player
        legal = state.legal_actions()
        chosen = bot.choose(state.view(seat), legal, random.Random(3))
        for deal in (17, 99):
            other = state.determinize(seat, deal)  # hidden cards and pile orders resampled
            assert other.legal_actions() == legal
            assert bot.choose(other.view(seat), legal, random.Random(3)) == chosen


@pytest.mark.parametrize("game", GAMES)
def test_search_repeats_for_a_seed(game: str) -> None:
    bot = SearchBot(iterations=12, rollout_depth=8)
    for state in _decisions(game, 7, 13, 4):
        seat = state.current_player
        legal = state.legal_actions()
        first = [bot.choose(state.view(seat), legal, random.Random(s)) for s in range(2)]
        assert first == [bot.choose(state.view(seat), legal, random.Random(s)) for s in range(2)]


def test_settings_come_from_the_bot_then_the_game_then_the_defaults() -> None:
    game = game_knowledge("bangkok").settings
    assert SearchBot().settings("bangkok")["iterations"] == game["iterations"]
    assert SearchBot(iterations=7).settings("bangkok")["iterations"] == 7
    assert SearchBot(knowledge=False).settings("bangkok")["iterations"] == 200
    assert SearchBot().settings(None)["rollout_depth"] == 60  # a game with no bot module
    assert SearchBot(iterations=None, seconds=0.1).settings("bangkok")["iterations"] is None


def test_search_without_knowledge_still_plays_from_the_contract() -> None:
    state = _decisions("bangkok", 3, 4, 1)[0]
    legal = state.legal_actions()
    bot = SearchBot(iterations=30, knowledge=False)
    assert bot.choose(state.view(state.current_player), legal, random.Random(1)) in legal


def test_favour_gives_the_chosen_action_its_share() -> None:
    weights = favour(["a", "b", "c", "d"], "c", 0.6)
    assert weights[2] == pytest.approx(0.7) and weights[0] == pytest.approx(0.1)
    assert sum(weights) == pytest.approx(1.0)


def test_search_beats_random_play_in_a_few_bangkok_games() -> None:
    """A smoke test of strength at a tiny budget (the measured table is docs/bots.md)."""
    from bamboo_lab.sim import play_game

    wins = 0
    for seed in range(4):
        bots: list[Any] = ["random", "random"]
        bots[seed % 2] = SearchBot(iterations=8)
        _, outcome = play_game("bangkok", bots, seed)
        wins += seed % 2 in outcome.winners
    assert wins >= 3
