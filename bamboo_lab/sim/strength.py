"""Measure how strong the bots are against each other with ``bamboo_lab.sim.simulate``.

``measure_strength(game, "heuristic", "random", n_games=200, seed=0)`` plays two-player games
with the seats swapped every game and returns the first bot's win rate with its 95% Wilson
interval. ``python -m bamboo_lab.sim.strength`` prints the table of ``docs/bots.md``.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from typing import Any

from bamboo_lab.bots import make_bot, sample_chance
from bamboo_lab.bots.search import SearchBot
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import GAMES, names, new_game

from .runner import play_game
from .simulate import game_seed, simulate
from .summary import wilson_interval

GAME_NAMES = GAMES
"""The games the table covers, in its order (the bundled games, ``games.GAMES``)."""

__all__ = [
    "GAME_NAMES",
    "Strength",
    "TimedBot",
    "game_time",
    "markdown_row",
    "measure_strength",
    "playout_speed",
    "search_speed",
]


@dataclass(frozen=True)
class Strength:
    """The result of a two-bot match: games, wins of ``bot``, rate and its 95% interval."""

    game: str
    bot: str
    opponent: str
    games: int
    wins: int
    """Games won by ``bot`` (a shared victory counts as a win, as in ``sim.win_rates``)."""
    win_rate: float
    low: float
    high: float
    seconds: float
    """Wall-clock time the match took."""
    decisions: int = 0
    """Decisions ``bot`` took with more than one legal action (0 when not timed)."""
    mean_decision: float = 0.0
    """Mean CPU seconds ``bot`` spent on such a decision."""
    max_decision: float = 0.0
    """The most CPU seconds ``bot`` spent on one decision."""

    def __str__(self) -> str:
        """``takenoko: heuristic beats random 97.5% [94.3%, 98.9%] of 200 games``."""
        return (
            f"{self.game}: {self.bot} vs {self.opponent}: {self.win_rate:.1%}"
            f" [{self.low:.1%}, {self.high:.1%}] of {self.games} games"
        )


def measure_strength(
    game: str,
    bot: Any,
    opponent: Any,
    n_games: int = 200,
    seed: int = 0,
    jobs: int = 1,
    options: Any = None,
    progress: bool = False,
) -> Strength:
    """Play ``bot`` against ``opponent`` (names or bot objects) in 2-player ``game``.

    Seats alternate from game to game (``simulate``'s ``rotate_seats``); every game is seeded
    from ``seed``, so the measure repeats exactly with the same arguments.
    """
    name, other = _name(bot, game), _name(opponent, game)
    if name == other:
        raise InvalidStateError(
            f"give two bots with different names to compare, not {name!r} twice"
        )
    timed = TimedBot(make_bot(bot, game)) if jobs == 1 else make_bot(bot, game)
    start = time.perf_counter()
    frame = simulate(
        game, [timed, opponent], n_games, seed, options=options, jobs=jobs, progress=progress
    )
    seconds = time.perf_counter() - start
    mine = frame[frame["bot"] == name]
    wins = int(mine["winner"].sum())
    low, high = wilson_interval(wins, n_games)
    rate = wins / max(n_games, 1)
    if not isinstance(timed, TimedBot):
        return Strength(game, name, other, n_games, wins, rate, low, high, seconds)
    mean = timed.spent / max(timed.calls, 1)
    return Strength(
        game, name, other, n_games, wins, rate, low, high, seconds, timed.calls, mean, timed.slowest
    )


class TimedBot:
    """Wraps a bot and adds up the CPU time of its decisions that had a choice."""

    def __init__(self, bot: Any) -> None:
        """Time ``bot``."""
        self.bot = bot
        self.name = bot.name
        self.calls = 0
        self.spent = 0.0
        self.slowest = 0.0

    def __repr__(self) -> str:
        """``TimedBot(<the bot>)``."""
        return f"TimedBot({self.bot!r})"

    def choose(self, view: Any, legal_actions: Any, rng: Any) -> Any:
        """The wrapped bot's choice, timed when there was more than one legal action."""
        if len(legal_actions) == 1:
            return self.bot.choose(view, legal_actions, rng)
        start = time.process_time()
        try:
            return self.bot.choose(view, legal_actions, rng)
        finally:
            spent = time.process_time() - start
            self.spent += spent
            self.slowest = max(self.slowest, spent)
            self.calls += 1


def _name(spec: Any, game: str) -> str:
    """The label ``simulate`` gives a bot."""
    return make_bot(spec, game).name


def search_speed(game: str, decisions: int = 20, seed: int = 0, bot: Any = "search") -> float:
    """Mean CPU seconds per decision of ``bot`` over ``decisions`` positions of a random game.

    CPU time, not wall-clock time, so that a busy machine does not inflate the figure; on an
    idle machine the two agree.
    """
    searcher = make_bot(bot, game)
    rng = random.Random(seed)
    state = new_game(game, 2, seed)
    spent = 0.0
    timed = 0
    while timed < decisions and not state.is_over():
        player = state.current_player
        if player < 0:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            if len(legal) > 1:
                start = time.process_time()
                searcher.choose(state.view(player), legal, random.Random(seed + timed))
                spent += time.process_time() - start
                timed += 1
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action, check=False)
    return spent / max(timed, 1)


def playout_speed(game: str, seconds: float = 2.0, seed: int = 0) -> dict[str, float]:
    """Playouts per CPU second from positions of random 2-player games: uniformly random ones
    to the end (``random_per_s``) and the search bot's own (``search_per_s``: the game's rollout
    policy, cut off and valued as its search does), each run for about ``seconds``."""
    rng = random.Random(seed)
    positions = []
    state = new_game(game, 2, seed)
    while not state.is_over():
        if state.current_player < 0:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            positions.append(state)
        state = state.apply(action, check=False)
    positions = positions[:: max(1, len(positions) // 20)]
    rates = {}
    for label, bot in (
        ("random_per_s", SearchBot(knowledge=False, rollout_depth=10**6)),
        ("search_per_s", SearchBot()),
    ):
        done = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            bot.playout(positions[done % len(positions)], rng)
            done += 1
        rates[label] = done / (time.process_time() - start)
    return rates


def game_time(game: str, bots: Any = "heuristic", n_games: int = 50, seed: int = 0) -> float:
    """Milliseconds of CPU time per 2-player game played by ``bots`` (``sim.play_game``)."""
    start = time.process_time()
    for game_id in range(n_games):
        play_game(game, bots, game_seed(seed, game_id), num_players=2)
    return 1000 * (time.process_time() - start) / max(n_games, 1)


def markdown_row(result: Strength, budget: str) -> str:
    """One row of the table of ``docs/bots.md``: wins, interval, seconds per decision, budget."""
    timing = (
        f"{result.mean_decision:.2f} s, at most {result.max_decision:.2f} s"
        if result.decisions
        else "not timed"
    )
    return (
        f"| {result.game} | {result.bot} vs {result.opponent} | {result.wins}/{result.games}"
        f" | {result.win_rate:.0%} [{result.low:.0%}, {result.high:.0%}] | {timing} | {budget} |"
    )


def main(argv: list[str] | None = None) -> None:
    """Print the strength table: search vs heuristic (timed), then heuristic vs random."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per search match")
    parser.add_argument(
        "--budget",
        type=int,
        default=None,
        help="search iterations per decision (default: each game's own)",
    )
    parser.add_argument(
        "--heuristic-games", type=int, default=0, help="games per heuristic-vs-random match"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", choices=names(), help="one game (repeat)")
    args = parser.parse_args(argv)
    games = args.game or list(GAME_NAMES)
    print("| game | match | wins | 95% interval | CPU s per decision | budget |")
    print("|---|---|---|---|---|---|")
    for game in games:
        bot = SearchBot(iterations=args.budget)
        result = measure_strength(game, bot, "heuristic", args.games, args.seed)
        budget = f"{bot.settings(game)['iterations']} iterations"
        print(markdown_row(result, budget), flush=True)
    for game in games if args.heuristic_games else ():
        result = measure_strength(game, "heuristic", "random", args.heuristic_games, args.seed)
        print(markdown_row(result, "-"), flush=True)


if __name__ == "__main__":
    main()
