"""Speed measurements behind ``make bench`` and ``bamboo-lab bench`` (never timed tests).

``selfplay`` plays uniformly random games through the contract alone (a decision is one
``legal_actions()`` plus one ``apply(action, check=False)``, chance rolls included);
``bot_games`` plays whole games through the runner with named bots; ``bot_decisions`` times
one bot's answers alone; ``simulate_speedup`` compares ``simulate`` on 1 and on ``jobs``
processes over the same games.
"""

from __future__ import annotations

import random
import time
from typing import Any

from bamboo_lab.bots import Bot, make_bot, sample_chance
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import load

from .runner import moves, play

__all__ = ["bot_decisions", "bot_games", "selfplay", "simulate_speedup", "turn_end"]


def turn_end(game: str) -> type | None:
    """The action class that ends a player-turn (the game module's ``TURN_END``), or None for a
    game whose turns end by themselves."""
    found: type | None = getattr(load(game), "TURN_END", None)
    return found


def selfplay(game: str, num_players: int, seconds: float) -> dict[str, float]:
    """Play seeded uniformly random games for about ``seconds``; return counts and rates."""
    module = load(game)
    ends_turn = turn_end(game)
    rng = random.Random(num_players)
    games = decisions = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = module.new_game(num_players, games)
        while not state.is_over():
            if state.current_player == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                turns += type(action) is ends_turn
            state = state.apply(action, check=False)
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    result = {
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
    }
    if ends_turn is not None:
        result |= {"turns": turns, "turns_per_s": turns / elapsed}
    return result


def bot_games(game: str, bots: str, num_players: int, seconds: float) -> dict[str, float]:
    """Play whole games with ``bots`` through the runner for about ``seconds``."""
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        plies += play(game, bots, games, num_players=num_players).plies
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "ms_per_game": 1000 * elapsed / games,
        "plies_per_s": plies / elapsed,
    }


class _Timed:
    """Wraps a bot and adds up the time of its answers."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.calls = 0
        self.seconds = 0.0
        self.slowest = 0.0

    def choose(self, view: Any, legal_actions: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        try:
            return self.bot.choose(view, legal_actions, rng)
        finally:
            spent = time.perf_counter() - start
            self.seconds += spent
            self.slowest = max(self.slowest, spent)
            self.calls += 1


def bot_decisions(
    game: str, bot: str, num_players: int, seconds: float, opponents: str = "random"
) -> dict[str, float]:
    """Time ``bot``'s decisions at seat 0 against ``opponents`` for about ``seconds`` of its
    thinking; return decisions per second and the slowest answer."""
    module = load(game)
    timed = _Timed(make_bot(bot, game))
    seats = [timed, *(make_bot(opponents, game) for _ in range(num_players - 1))]
    seed = 0
    while timed.seconds < seconds:
        rng = random.Random(seed)  # one generator for the bots and the dice
        state = module.new_game(num_players, seed)
        for _ in moves(state, seats, [rng] * num_players, rng, module.PLY_LIMIT):
            if timed.seconds >= seconds:
                break
        seed += 1
    return {
        "decisions": timed.calls,
        "seconds": timed.seconds,
        "decisions_per_s": timed.calls / timed.seconds,
        "slowest_s": timed.slowest,
    }


def simulate_speedup(
    game: str,
    bots: str,
    n_games: int | None = None,
    jobs: int = 2,
    seconds: float = 3.0,
    repeats: int = 3,
) -> dict[str, float]:
    """Wall time of ``simulate`` over the same games on 1 process and on ``jobs`` (pool start-up
    included), the best of ``repeats`` runs each, after a short warm-up run. ``n_games=None``
    plays as many games as one process plays in about ``seconds`` (timed after the warm-up), so
    a fast game's run is not all start-up."""
    from .simulate import simulate

    simulate(game, bots, 2, 1, progress=False)  # warm the caches both runs share (forked)
    if n_games is None:
        start = time.perf_counter()
        simulate(game, bots, 20, 2, progress=False)
        n_games = max(100, round(20 * seconds / (time.perf_counter() - start)))

    def best(workers: int) -> float:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            simulate(game, bots, n_games, 0, progress=False, jobs=workers)
            times.append(time.perf_counter() - start)
        return min(times)

    one, many = best(1), best(jobs)
    return {"games": n_games, "one_s": one, "many_s": many, "speedup": one / many}
