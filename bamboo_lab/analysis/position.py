"""``analyse`` (which move is best here, and by how much) and ``outlook`` (who is likely to
win from here), both by playouts from one seat's view (see ``docs/analysis.md``)."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.checks import checked_int
from bamboo_lab.core.extras import require
from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import layer_piece
from bamboo_lab.sim.summary import t_quantile, wilson_interval

from .playouts import (
    DEFAULT_BOT,
    MAX_PLAYOUTS,
    BotSpec,
    Result,
    checked_budget,
    checked_seat,
    checked_seed,
    checked_state,
    play_out,
    playout_bots,
    playout_rng,
    seat_result,
    world,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "ANALYSE_COLUMNS",
    "DEFAULT_OUTLOOK",
    "DEFAULT_PLAYOUTS",
    "OTHER_GAME_PLAYOUTS",
    "OUTLOOK_COLUMNS",
    "PAIRED_WORLDS",
    "SEARCH_PER_MOVE",
    "SIGNIFICANCE",
    "Answer",
    "Arm",
    "analyse",
    "decide",
    "halving",
    "halving_rounds",
    "is_separated",
    "margin_spread",
    "mean_and_interval",
    "move_namer",
    "outlook",
    "outlook_frame",
    "outlook_rows",
    "playout_results",
    "playout_runner",
    "quantile",
    "ranked_moves",
    "ranked_table",
    "search",
    "seat_chances",
    "settle",
    "shown_key",
    "sign_test",
    "wins_more",
]

DEFAULT_PLAYOUTS: dict[str, int] = {"takenoko": 100, "bamboo": 16, "bangkok": 160}
"""``analyse``'s default budget per game: about 1 to 2 s from an early position here (a
heuristic playout of a whole two-player game costs about 15 ms in Takenoko, 80 to 175 ms in
Bamboo and 10 ms in Bangkok; docs/analysis.md has the measurements)."""

OTHER_GAME_PLAYOUTS = 100
"""``analyse``'s default budget for a game not in :data:`DEFAULT_PLAYOUTS` (a registered one)."""

PAIRED_WORLDS = 10
"""The fewest common worlds on which two moves' playouts are compared pair by pair."""

SIGNIFICANCE = 0.01
"""How rarely luck may make a move look clearly better in a paired comparison, shared among
the moves it is compared with (a Bonferroni correction)."""

SEARCH_PER_MOVE = 16
"""With a time budget only, the search for the leading moves (sequential halving) spends at
most this many playouts per legal move before the rest of the time tells them apart."""


@dataclass(frozen=True)
class Answer:
    """An analysis as plain rows, which needs no pandas (the boards' hint in the browser):
    the column names, one tuple per row, and what a table's ``attrs`` would hold."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    attrs: dict[str, Any]

    def column(self, name: str) -> list[Any]:
        """The values of one column, row by row."""
        index = self.columns.index(name)
        return [row[index] for row in self.rows]

    def frame(self) -> pd.DataFrame:
        """The answer as a pandas DataFrame, with ``attrs``."""
        require("pandas", feature="bamboo_lab.analysis")
        import pandas as pd

        frame = pd.DataFrame(list(self.rows), columns=list(self.columns))
        frame.attrs.update(self.attrs)
        return frame


DEFAULT_OUTLOOK = 200
"""``outlook``'s default number of playouts."""

ANALYSE_COLUMNS = (
    "move",
    "win",
    "win_low",
    "win_high",
    "margin",
    "margin_low",
    "margin_high",
    "visits",
    "rank",
    "words",
)
"""The columns of ``analyse``'s table, in order: ``move`` is the notation (for programmers),
``words`` the move in the rulebook's words (for a student)."""

OUTLOOK_COLUMNS = ("seat", "win", "win_low", "win_high", "mean_score", "score_low", "score_high")
"""The columns of ``outlook``'s table, in order."""


@dataclass
class Arm:
    """One root action under analysis: its playouts so far and how far it got."""

    action: Any
    """The legal action."""
    order: int
    """Its place among the legal actions (the last tie-break)."""
    won: list[bool] = field(default_factory=list)
    """Whether the seat won each playout (a shared win counts)."""
    margins: list[float] = field(default_factory=list)
    """The seat's final margin in each playout."""
    round: int = 0
    """The last round of the halving it took part in."""

    @property
    def wins(self) -> int:
        """Playouts the seat won."""
        return sum(self.won)

    @property
    def visits(self) -> int:
        """Playouts spent on this action."""
        return len(self.margins)

    def key(self) -> tuple[float, float]:
        """How good it looks so far: the win rate, then the mean margin."""
        visits = self.visits
        return (self.wins / visits, sum(self.margins) / visits) if visits else (-1.0, -math.inf)

    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of its win rate (0 to 1 before any playout)."""
        return wilson_interval(self.wins, self.visits) if self.visits else (0.0, 1.0)

    def margin_interval(self, spread: float = 0.0) -> tuple[float, float, float]:
        """Its mean margin with the 95% t interval (NaN bounds below two playouts), the
        standard deviation taken as at least ``spread`` (see :func:`margin_spread`)."""
        mean = sum(self.margins) / self.visits if self.visits else math.nan
        if self.visits < 2:
            return mean, math.nan, math.nan
        variance = sum((margin - mean) ** 2 for margin in self.margins) / (self.visits - 1)
        half = (
            t_quantile(self.visits - 1) * max(math.sqrt(variance), spread) / math.sqrt(self.visits)
        )
        return mean, mean - half, mean + half


def margin_spread(arms: Sequence[Arm]) -> float:
    """The largest standard deviation of the margin among the moves with two playouts or
    more: the spread a move whose few playouts all ended alike is taken to have (two playouts
    that agree by luck are not a certainty; when every move always ends alike, it is 0)."""
    spreads = [statistics.stdev(arm.margins) for arm in arms if arm.visits >= 2]
    return max(spreads, default=0.0)


def shown_key(arm: Arm) -> tuple[float, float, int, int]:
    """The order a table shows: by chance to win, then mean margin, then playouts, then the
    order of the legal actions (the number shown decides the rank, never a hidden round)."""
    win, margin = arm.key()
    return (win, margin, arm.visits, -arm.order)


def wins_more(better: Arm, worse: Arm, others: int = 1) -> bool:
    """True when ``better`` clearly wins more often than ``worse``, one of ``others`` moves: its
    95% interval of the chance to win lies wholly above, or on the worlds both were played out on
    (at least :data:`PAIRED_WORLDS`) it won on more (an exact sign test at 1% / ``others``)."""
    if not better.visits or not worse.visits:
        return False
    better_low, _ = better.win_interval()
    _, worse_high = worse.win_interval()
    if better_low > worse_high:
        return True
    if min(better.visits, worse.visits) < PAIRED_WORLDS:
        return False
    pairs = list(zip(better.won, worse.won, strict=False))
    ahead = sum(won and not lost for won, lost in pairs)
    behind = sum(lost and not won for won, lost in pairs)
    return sign_test(ahead, behind) < SIGNIFICANCE / max(1, others)


def is_separated(better: Arm, worse: Arm, others: int = 1) -> bool:
    """True when ``better`` clearly wins more often than ``worse`` (:func:`wins_more`), or both
    won on the same worlds and it came out ahead in margin on more (the same sign test)."""
    if wins_more(better, worse, others):
        return True
    shared = min(better.visits, worse.visits)  # the worlds both were played out on
    if shared < PAIRED_WORLDS or better.won[:shared] != worse.won[:shared]:
        return False  # too few worlds, or won on different worlds yet not clearly more
    margins = list(zip(better.margins, worse.margins, strict=False))
    ahead = sum(mine > theirs for mine, theirs in margins)
    behind = sum(mine < theirs for mine, theirs in margins)
    return sign_test(ahead, behind) < SIGNIFICANCE / max(1, others)


def sign_test(ahead: int, behind: int) -> float:
    """The chance of coming out ahead at least ``ahead`` times in ``ahead + behind`` fair coin
    tosses (the one-sided exact sign test; 1.0 when nothing differs)."""
    tosses = ahead + behind
    if not tosses:
        return 1.0
    return sum(math.comb(tosses, count) for count in range(ahead, tosses + 1)) / 2**tosses


def settle(
    arms: Sequence[Arm],
    budget: int | None,
    run: Callable[[Arm], None],
    deadline: float | None = None,
) -> int:
    """Spend up to ``budget`` playouts (or until ``deadline``) where they decide the answer;
    return the playouts spent.

    The leader is the arm shown first (:func:`shown_key`); its rivals are the arms it is not
    :func:`is_separated` from. Each step plays out the one of the leader and its rivals with
    the fewest playouts (on its next common world), so a lucky move with few playouts is
    played again before it is believed. It stops as soon as the leader is separated from
    every other move: that move is then the best, clearly.
    """
    spent = 0
    tried = [arm for arm in arms if arm.visits]
    while budget is None or spent < budget:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        leader = max(tried, key=shown_key)
        others = len(tried) - 1
        rivals = [
            arm for arm in tried if arm is not leader and not is_separated(leader, arm, others)
        ]
        if not rivals:
            break
        run(min([leader, *rivals], key=lambda arm: (arm.visits, arm.order)))
        spent += 1
    return spent


def halving(
    arms: list[Arm],
    budget: int | None,
    run: Callable[[Arm], None],
    seconds: float | None = None,
    keep: Arm | None = None,
) -> int:
    """Spend ``budget`` playouts over ``arms`` by sequential halving; return the playouts spent.

    There are ``ceil(log2 k)`` rounds for ``k`` actions (one round for one or two), fewer when
    the budget cannot give each action still in one playout per round (:func:`halving_rounds`).
    Each round
    shares what is left of the budget equally among the rounds still to come and, within the
    round, among the actions still in: every one of them is played out to the same count, on
    the same worlds (common random numbers, so the actions are compared on the same deals).
    After each round but the last, the better half (by win rate, then mean margin) stays in.
    Every action in a round gets at least one playout, so a budget below that is exceeded.
    With ``seconds``, every action is first played out once; the budget is then what the time
    left allows at the speed measured (capped by ``budget`` when given), and play stops at the
    deadline. ``keep`` (the move a game review asks about) stays in every round.
    """
    start = time.perf_counter()
    alive = list(arms)
    spent = 0
    deadline = None if seconds is None else start + seconds
    if deadline is not None:
        for arm in alive:
            run(arm)
        spent = len(alive)
        rate = spent / max(time.perf_counter() - start, 1e-9)
        affordable = spent + int(rate * max(deadline - time.perf_counter(), 0.0))
        budget = affordable if budget is None else min(budget, affordable)
    assert budget is not None
    rounds = halving_rounds(len(arms), budget)
    for number in range(rounds):
        share = (budget - spent) // (len(alive) * (rounds - number))
        target = alive[0].visits + max(1, share)
        for arm in alive:
            arm.round = number
        while any(arm.visits < target for arm in alive):
            for arm in alive:  # one playout each in turn: a deadline leaves them level
                if arm.visits < target:
                    if deadline is not None and time.perf_counter() >= deadline:
                        return spent
                    run(arm)
                    spent += 1
        if number < rounds - 1:
            alive.sort(key=lambda arm: (arm.key(), -arm.order), reverse=True)
            better = alive[: math.ceil(len(alive) / 2)]
            if keep is not None and keep not in better:
                better.append(keep)
            alive = sorted(better, key=lambda arm: arm.order)
    return spent


def halving_rounds(count: int, budget: int) -> int:
    """The rounds of sequential halving over ``count`` actions: ``ceil(log2 count)``, or as many
    of them as ``budget`` can give one playout per action still in (at least one round)."""
    full = max(1, math.ceil(math.log2(count))) if count > 1 else 1
    rounds = cost = 0
    alive = count
    while rounds < full and cost + alive <= budget:
        cost += alive
        rounds += 1
        alive = math.ceil(alive / 2)
    return max(1, rounds)


def mean_and_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% t interval (NaN bounds for fewer than two values)."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, math.nan, math.nan
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    half = t_quantile(count - 1) * math.sqrt(variance / count)
    return mean, mean - half, mean + half


def analyse(
    state: GameState,
    seat: int,
    *,
    playouts: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    bot: BotSpec = DEFAULT_BOT,
) -> pd.DataFrame:
    """Each legal action of ``seat`` (the seat to move) with its win probability and margin.

    One row per legal action, sorted by ``rank`` (1 = best): ``move`` (its notation), ``win``
    (the share of playouts ``seat`` won after it) with its 95% Wilson interval ``win_low`` and
    ``win_high``, ``margin`` (the mean of the seat's final score minus the best other seat's)
    with its 95% t interval, ``visits`` (playouts spent on it). ``frame.attrs["actions"]``
    holds the action objects in row order. Playouts start from ``state.view(seat)`` re-dealt
    (``determinize``), so the real state and any determinisation from the seat give the same
    table. ``playouts`` (default: ``DEFAULT_PLAYOUTS`` of the game) is spread by sequential
    halving and makes the table a function of ``seed``; ``seconds`` caps the time instead (then
    the table depends on the machine's speed). ``bot`` plays every seat of the playouts.
    """
    require("pandas", feature="bamboo_lab.analysis")
    found = ranked_moves(state, seat, playouts=playouts, seconds=seconds, seed=seed, bot=bot)
    return found.frame()


def ranked_moves(
    state: GameState,
    seat: int,
    *,
    playouts: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    bot: BotSpec = DEFAULT_BOT,
) -> Answer:
    """``analyse``'s table as plain rows (no pandas); ``attrs["actions"]`` in row order."""
    checked_state(state, "analyse")
    me = checked_seat(state, seat, "analyse", to_move=True)
    assert me is not None
    budget, limit = checked_budget(playouts, seconds, "analyse")
    seed = checked_seed(seed, "analyse")
    bots = playout_bots(bot, state)
    if budget is None and limit is None:
        budget = DEFAULT_PLAYOUTS.get(state.game, OTHER_GAME_PLAYOUTS)
    view = state.view(me)
    ranked, spent = decide(view, me, budget, seed, bots, seconds=limit)
    return ranked_table(view, me, ranked, spent, seed, limit)


def ranked_table(
    view: GameState, seat: int, ranked: Sequence[Arm], spent: int, seed: int, limit: float | None
) -> Answer:
    """The table of :func:`ranked_moves` made from :func:`decide`'s ranked arms of ``view``."""
    name = move_namer(view.game, view)
    spread = margin_spread(ranked)
    rows = []
    for rank, arm in enumerate(ranked, start=1):
        low, high = wilson_interval(arm.wins, arm.visits)
        margin, margin_low, margin_high = arm.margin_interval(spread)
        win = arm.wins / arm.visits if arm.visits else math.nan
        row = (str(arm.action), win, low, high, margin, margin_low, margin_high)
        rows.append((*row, arm.visits, rank, name(arm.action)))
    others = len(ranked) - 1
    level = 1 + sum(not is_separated(ranked[0], arm, others) for arm in ranked[1:])
    attrs = {
        "actions": [arm.action for arm in ranked],
        "seat": seat,
        "playouts": spent,
        "seed": seed,
        "seconds": limit,
        "game": view.game,
        "best": level == 1 and len(ranked) > 1,
        "about_as_good": level,
    }
    return Answer(ANALYSE_COLUMNS, tuple(rows), attrs)


def decide(
    view: GameState,
    seat: int,
    budget: int | None,
    seed: int,
    bots: Sequence[Any],
    *,
    seconds: float | None = None,
) -> tuple[list[Arm], int]:
    """The legal actions of ``view`` as arms in the order shown (:func:`shown_key`, best
    first) and the playouts spent: half of ``budget`` (or of ``seconds``) by sequential
    halving, to find the leading moves (with only ``seconds``, at most
    :data:`SEARCH_PER_MOVE` playouts a move, so a clear answer comes early); the rest by
    :func:`settle`, to tell the leader from its rivals (stopping once it is clearly the
    best)."""
    start = time.perf_counter()
    arms = [Arm(action, order) for order, action in enumerate(view.legal_actions())]
    run = playout_runner(view, seat, seed, bots)
    first = SEARCH_PER_MOVE * len(arms) if budget is None else max(1, budget // 2)
    spent = halving(arms, first, run, None if seconds is None else seconds / 2)
    deadline = None if seconds is None else start + seconds
    rest = None if budget is None else max(0, budget - spent)
    spent += settle(arms, rest, run, deadline)
    return sorted(arms, key=shown_key, reverse=True), spent


def move_namer(game: str, state: GameState) -> Callable[[Any], str]:
    """A function naming a legal action of ``state`` in the rulebook's words (the game's words
    layer's ``label``; the notation for a game without one)."""
    label = layer_piece(game, "words", "label", None)
    if label is None:
        return str
    return lambda action: str(label(action, state))


def playout_runner(
    view: GameState, seat: int, seed: int, bots: Sequence[Any]
) -> Callable[[Arm], None]:
    """A function that plays an arm's next playout: its action in world ``arm.visits`` of
    ``view`` re-dealt from ``seat``'s view with ``seed``, played out by ``bots``."""
    worlds: dict[int, GameState] = {}

    def run(arm: Arm) -> None:
        index = arm.visits
        if index not in worlds:
            worlds[index] = world(view, seat, seed, index)
        after = worlds[index].apply(arm.action, check=False)
        won, margin = seat_result(play_out(after, bots, playout_rng(seed, index)), seat)
        arm.won.append(won)
        arm.margins.append(margin)

    return run


def search(
    view: GameState,
    seat: int,
    budget: int | None,
    seed: int,
    bots: Sequence[Any],
    *,
    seconds: float | None = None,
    keep: Any = None,
) -> tuple[list[Arm], int]:
    """The legal actions of ``view`` (``seat``'s view, ``seat`` to move) as arms ranked best
    first after spending ``budget`` playouts (or ``seconds``) by :func:`halving`, and the
    playouts spent. The ``index``-th playout of every action starts from world ``index``.
    ``keep`` (one of the legal actions) stays in every round of the halving."""
    arms = [Arm(action, order) for order, action in enumerate(view.legal_actions())]
    kept = next((arm for arm in arms if arm.action == keep), None)
    spent = halving(arms, budget, playout_runner(view, seat, seed, bots), seconds, kept)
    ranked = sorted(
        arms, key=lambda arm: (arm.visits > 0, arm.round, arm.key(), -arm.order), reverse=True
    )
    return ranked, spent


def outlook(
    state: GameState,
    seat: int | None,
    *,
    n: int = DEFAULT_OUTLOOK,
    seed: int = 0,
    bot: BotSpec = DEFAULT_BOT,
) -> pd.DataFrame:
    """Each seat's chance to win from here and the spread of its final score.

    ``n`` playouts of the position re-dealt from ``seat``'s view (``None``: the public view,
    for a hot-seat table) with ``bot`` playing every seat. One row per seat: ``seat``, ``win``
    (the share of playouts it won; a shared win counts for each winner) with its 95% Wilson
    interval ``win_low`` and ``win_high``, ``mean_score`` and the 5% and 95% quantiles of its
    final score, ``score_low`` and ``score_high``. Deterministic for ``seed``; identical for the
    real state and any determinisation from ``seat``.
    """
    require("pandas", feature="bamboo_lab.analysis")
    return seat_chances(state, seat, n=n, seed=seed, bot=bot).frame()


def seat_chances(
    state: GameState,
    seat: int | None,
    *,
    n: int = DEFAULT_OUTLOOK,
    seed: int = 0,
    bot: BotSpec = DEFAULT_BOT,
) -> Answer:
    """``outlook``'s table as plain rows (no pandas)."""
    checked_state(state, "outlook")
    me = checked_seat(state, seat, "outlook", to_move=False)
    count = checked_int(n, "outlook: n", 1, MAX_PLAYOUTS)
    seed = checked_seed(seed, "outlook")
    bots = playout_bots(bot, state)
    results = playout_results(state.view(me), me, count, seed, bots)
    return outlook_rows(results, state.num_players, seed=seed, seat=me)


def playout_results(
    view: GameState, seat: int | None, count: int, seed: int, bots: Sequence[Any]
) -> list[Result]:
    """``count`` playouts of ``view`` re-dealt from ``seat``'s view (worlds 0 to count - 1)."""
    return [
        play_out(world(view, seat, seed, index), bots, playout_rng(seed, index))
        for index in range(count)
    ]


def outlook_frame(
    results: Sequence[Result], num_players: int, *, seed: int, seat: int | None
) -> pd.DataFrame:
    """``outlook``'s table from its playouts' results."""
    return outlook_rows(results, num_players, seed=seed, seat=seat).frame()


def outlook_rows(
    results: Sequence[Result], num_players: int, *, seed: int, seat: int | None
) -> Answer:
    """``outlook``'s rows from its playouts' results (scores' quantiles interpolated linearly,
    as pandas and numpy do by default)."""
    rows = []
    for player in range(num_players):
        wins = sum(player in result.winners for result in results)
        low, high = wilson_interval(wins, len(results))
        scores = sorted(float(result.scores[player]) for result in results)
        rows.append(
            (
                player,
                wins / len(results),
                low,
                high,
                statistics.fmean(scores),
                quantile(scores, 0.05),
                quantile(scores, 0.95),
            )
        )
    return Answer(
        OUTLOOK_COLUMNS, tuple(rows), {"playouts": len(results), "seed": seed, "seat": seat}
    )


def quantile(ordered: Sequence[float], share: float) -> float:
    """The ``share`` quantile of sorted values, interpolated linearly between the two nearest."""
    position = share * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)
