"""The bots' API: names, objects passed through, one bot per seat, clear refusals."""

from __future__ import annotations

import random
import re

import pytest

from bamboo_lab.bots import (
    BOT_NAMES,
    Bot,
    GreedyBot,
    RandomBot,
    bot_module,
    heuristic_bot,
    make_bot,
    make_bots,
)
from bamboo_lab.bots.bamboo import BambooBot
from bamboo_lab.bots.search import DEFAULT_ITERATIONS, SearchBot, game_knowledge
from bamboo_lab.bots.takenoko import TakenokoBot
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import GAMES, names, new_game


def own_heuristic(game: str) -> type:
    """The heuristic bot class ``game``'s bots layer names (its ``HEURISTIC_BOT``), or
    :class:`GreedyBot` for a game without a bots layer (a registered game may have none)."""
    module = bot_module(game)
    found: type = GreedyBot if module is None else module.HEURISTIC_BOT
    return found


def test_bot_names() -> None:
    assert BOT_NAMES == ("random", "heuristic", "search")


@pytest.mark.parametrize("game", names())
def test_make_bot_by_name(game: str) -> None:
    assert isinstance(make_bot("random", game), RandomBot)
    heuristic = make_bot("heuristic", game)
    assert isinstance(heuristic, own_heuristic(game))
    assert isinstance(heuristic_bot(game), own_heuristic(game))
    if game in GAMES:  # a bundled game's heuristic is its own, in bamboo_lab.bots.<game>
        assert type(heuristic).__module__ == f"bamboo_lab.bots.{game}"
    search = make_bot("search", game)
    assert isinstance(search, SearchBot)
    assert search.iterations is None and search.seconds is None  # the game's own budget
    own = game_knowledge(game).settings.get("iterations", DEFAULT_ITERATIONS)  # else the default
    assert search.settings(game)["iterations"] == own
    if game in GAMES:  # every bundled game names its own budget
        assert "iterations" in game_knowledge(game).settings
    for name in BOT_NAMES:
        bot = make_bot(name, game)
        assert isinstance(bot, Bot)
        generic = isinstance(bot, GreedyBot)  # a game without its own heuristic: "greedy"
        assert bot.name == (GreedyBot.name if generic else name)


def test_make_bot_is_forgiving_about_case_and_spaces() -> None:
    assert isinstance(make_bot(" Random ", "bangkok"), RandomBot)


def test_make_bot_passes_an_object_through() -> None:
    bot = SearchBot(iterations=3)
    assert make_bot(bot, "takenoko") is bot


def test_unknown_bot_name_lists_the_names() -> None:
    with pytest.raises(InvalidStateError, match="random, heuristic, search"):
        make_bot("minimax", "takenoko")


def test_an_object_without_choose_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="not a bot"):
        make_bot(42, "takenoko")  # type: ignore[arg-type]


def test_heuristic_bot_of_unknown_game_is_refused() -> None:
    with pytest.raises(InvalidStateError, match=re.escape(", ".join(names()))):
        make_bot("heuristic", "chess")


def test_make_bots_one_spec_for_every_seat() -> None:
    bots = make_bots("random", "bangkok", 3)
    assert len(bots) == 3 and all(isinstance(b, RandomBot) for b in bots)
    same = RandomBot()
    assert make_bots(same, "bangkok", 2) == (same, same)


def test_make_bots_one_per_seat() -> None:
    bots = make_bots("heuristic, random", "takenoko", 2)
    assert isinstance(bots[0], TakenokoBot) and isinstance(bots[1], RandomBot)
    mine = RandomBot()
    bots = make_bots(["search", mine, "heuristic"], "bamboo", 3)
    assert isinstance(bots[0], SearchBot) and bots[1] is mine and isinstance(bots[2], BambooBot)


@pytest.mark.parametrize("spec", ["heuristic,random,random", ["random"] * 3, ["random"]])
def test_make_bots_wrong_count_is_refused(spec: object) -> None:
    with pytest.raises(InvalidStateError, match="for 2 players"):
        make_bots(spec, "takenoko", 2)  # type: ignore[arg-type]


def test_make_bots_refuses_an_unknown_name_among_seats() -> None:
    with pytest.raises(InvalidStateError, match="unknown bot 'alphazero'"):
        make_bots("random,alphazero", "bangkok", 2)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"iterations": 2.5},
        {"iterations": None, "seconds": 0},
        {"rollout_depth": -1},
        {"score_scale": 0},
        {"exploration": -1},
        {"epsilon": 1.5},
    ],
)
def test_search_budget_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidStateError):
        SearchBot(**kwargs)  # type: ignore[arg-type]


def test_random_bot_is_uniform_over_the_legal_actions() -> None:
    state = new_game("bangkok", 2, 0)
    legal = state.legal_actions()
    rng = random.Random(5)
    counts = dict.fromkeys(map(str, legal), 0)
    draws = 200 * len(legal)
    bot = RandomBot()
    for _ in range(draws):
        counts[str(bot.choose(state.view(0), legal, rng))] += 1
    assert min(counts.values()) > 100 and max(counts.values()) < 300


def test_search_with_a_time_budget_answers() -> None:
    state = new_game("bangkok", 2, 1)
    legal = state.legal_actions()
    bot = SearchBot(iterations=None, seconds=0.05)
    assert bot.choose(state.view(0), legal, random.Random(0)) in legal


def test_search_with_one_legal_action_does_not_search() -> None:
    state = new_game("bangkok", 2, 1)
    only = state.legal_actions()[:1]
    assert SearchBot(iterations=10**9).choose(state.view(0), only, random.Random(0)) is only[0]


def test_search_takes_a_rollout_bot() -> None:
    state = new_game("bangkok", 2, 2)
    legal = state.legal_actions()
    bot = SearchBot(iterations=8, rollout_bot=make_bot("heuristic", "bangkok"))
    assert bot.choose(state.view(0), legal, random.Random(0)) in legal
    assert "BangkokBot()" in repr(bot)
