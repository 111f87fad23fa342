"""Bangkok's search hooks: the fast play-out policy, the market total and the weighted deals."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bamboo_lab.bots import bangkok as bangkok_bots
from bamboo_lab.bots import sample_chance
from bamboo_lab.bots import search as search_module
from bamboo_lab.bots.bangkok import BangkokBot, RolloutPolicy, determinize, market_total
from bamboo_lab.bots.search import Knowledge, SearchBot, game_knowledge
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import bangkok as bk


def _positions(seeds: range, heuristic_every: int = 2) -> list[Any]:
    """Every decision of 2-player games, played by the heuristic in every other game (random
    moves in the rest, which reach markets the heuristic would not build)."""
    bot = BangkokBot()
    states = []
    for seed in seeds:
        rng = random.Random(seed)
        state = bk.new_game(2, seed)
        while not state.is_over():
            player = state.current_player
            if player == CHANCE:
                state = state.apply(sample_chance(state, rng), check=False)
                continue
            legal = state.legal_actions()
            states.append(state)
            if seed % heuristic_every:
                action = legal[rng.randrange(len(legal))]
            else:
                action = bot.choose(state.view(player), legal, rng)
            state = state.apply(action, check=False)
    return states


def test_rollout_policy_chooses_what_the_heuristic_chooses() -> None:
    heuristic, fast = BangkokBot(), RolloutPolicy()
    states = _positions(range(8))
    assert len(states) > 300
    for state in states:
        legal = state.legal_actions()
        view = state.view(state.current_player)
        assert fast.choose(view, legal, random.Random(0)) == heuristic.choose(
            view, legal, random.Random(0)
        )


def test_BK_SCORE_1_to_7_market_total_is_score_market_total() -> None:
    markets = {state.market_cards(seat) for state in _positions(range(4)) for seat in (0, 1)}
    assert any(None not in market for market in markets)  # complete markets too (BK-SCORE-7)
    for market in markets:
        for good in (None, *bk.GOODS):
            for clamp in (False, True):
                assert (
                    market_total(market, good, clamp) == bk.score_market(market, good, clamp).total
                )


def test_BK_SET_2_deals_are_the_same_from_the_view_and_the_real_state() -> None:
    for state in _positions(range(2))[::7]:
        seat = state.current_player
        view = state.view(seat)
        for seed in (1, 2**40):
            real, seen = determinize(state, seat, seed), determinize(view, seat, seed)
            assert real.pontoons == seen.pontoons and real.boat_pile == seen.boat_pile
            assert real.chilli_pile == seen.chilli_pile and real.port == state.port
            assert real.pontoons[seat] == state.pontoons[seat]  # the seat's own good stays
            assert sorted(real.pontoons) == sorted(state.pontoons)


def test_BK_SET_2_deals_favour_the_good_an_opponent_gathers() -> None:
    """Late in heuristic games the opponent's market shows its good: the deals say so."""
    right = total = 0
    for state in _positions(range(0, 12, 2), heuristic_every=1):
        seat = state.current_player
        if state.phase != "act" or sum(c is not None for c in state.market_cards(1 - seat)) < 5:
            continue
        deals = Counter(
            determinize(state.view(seat), seat, s).pontoons[1 - seat] for s in range(30)
        )
        right += deals[state.pontoons[1 - seat]]
        total += 30
    assert total > 0 and right / total > 0.6  # a uniform deal gets a third


def test_search_deals_with_the_games_determinize(monkeypatch: pytest.MonkeyPatch) -> None:
    real = game_knowledge("bangkok")
    calls = []

    def counted(state: Any, seat: int, seed: int) -> Any:
        calls.append(seat)
        return determinize(state, seat, seed)

    fields = {name: getattr(real, name) for name in ("evaluate", "rollout_policy", "prior")}
    hooked = Knowledge(**fields, determinize=counted, settings=real.settings)
    monkeypatch.setattr(search_module, "game_knowledge", lambda name: hooked)
    state = _positions(range(1))[3]
    seat = state.current_player
    legal = state.legal_actions()
    assert SearchBot(iterations=10).choose(state.view(seat), legal, random.Random(0)) in legal
    assert calls == [seat] * 10
    assert bangkok_bots.determinize is real.determinize
