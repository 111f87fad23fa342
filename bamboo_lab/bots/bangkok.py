"""The Bangkok heuristic bot."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.scoring import COMPLETE_BONUS

from .search import policy_hooks

__all__ = [
    "HEURISTIC_BOT",
    "SEARCH_SETTINGS",
    "BangkokBot",
    "RolloutPolicy",
    "determinize",
    "evaluate",
    "market_total",
    "prior",
    "rollout_policy",
]

_CHILLI_CARD = 2.5
"""A chilli card in hand is worth this much (it scores its whole neighbourhood later)."""
_PONTOON_GOOD = 3.5
"""A basket of the seat's pontoon good: a point once laid, and worth gathering early (tuned:
the bot wins more often against random play with 3.5 than with 1.5 or 2.5)."""
_CHILLI_GOOD = 0.5
"""A basket of a good that a type-2 or type-3 chilli card in the market counts."""
_OPEN_NEIGHBOUR = {1: -0.3, 2: 0.8, 3: 0.6, 4: 0.5}
"""What an empty neighbour cell of a laid chilli card is expected to add, by chilli type."""


class BangkokBot:
    """Bangkok heuristic: collect toward the pontoon good, lay chilli cards where they pay.

    At the port it places the hand card it values least beside the line whose best collection
    brings the most: baskets of its secret pontoon good and chilli cards count most, any card
    a little (a fuller hand lays more). It collects the best set offered. In its market it lays
    the card that raises its market score most (``bangkok.score_market`` on the market with the
    card added), counting a chilli card's empty neighbour cells as future points for the types
    that like more goods around them (and as a cost for type 1, which likes fewer). It renews a
    line only when no placement gains anything.
    """

    name = "heuristic"

    def __init__(self) -> None:
        """A bot with no memory between decisions."""
        self._wanted: dict[str, float] = {}
        self._values: dict[int, float] = {}

    def __repr__(self) -> str:
        """``BangkokBot()``."""
        return "BangkokBot()"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The action the strategy above prefers among ``legal_actions``."""
        me = view.current_player
        good = view.objective(me)
        cards = view.deck.cards
        self._wanted = self._goods_wanted(view.market_cards(me), good)
        self._values = {}
        first = legal_actions[0]
        if isinstance(first, bk.Collect):
            return max(
                legal_actions,
                key=lambda a: sum(self._card_value(cards[view.port[c - 1]]) for c in a.cells),
            )
        if any(isinstance(a, bk.LayInMarket) for a in legal_actions):
            return self._lay(view, me, legal_actions, good)
        return self._act(view, legal_actions)

    @staticmethod
    def _goods_wanted(market: Sequence[Any], good: str | None) -> dict[str, float]:
        """What one basket of each good is worth: the pontoon good, and goods that the chilli
        cards already in the market count for more points."""
        wanted = dict.fromkeys(bk.GOODS, 0.0)
        if good:
            wanted[good] += _PONTOON_GOOD
        for card in market:
            if card is not None and card.is_chilli and card.chilli_type in (2, 3):
                for indicated in card.indicated:
                    wanted[indicated] += _CHILLI_GOOD
        return wanted

    def _card_value(self, card: Any) -> float:
        """What a card is worth in hand: 1, plus its wanted baskets, plus chilli potential
        (kept per card for the decision)."""
        value = self._values.get(card.id)
        if value is None:
            value = 1.0 + sum(self._wanted[g] for g in card.goods)
            value = self._values[card.id] = value + (_CHILLI_CARD if card.is_chilli else 0.0)
        return value

    def _act(self, view: Any, legal: Sequence[Any]) -> Any:
        """Place the card whose best collection gains most; renew when nothing gains."""
        cards = view.deck.cards
        placements = bk.port_placements(view)
        allowed = set(legal)
        best: Any = None
        best_value = 0.0
        for action, collects in placements.items():
            if action not in allowed:
                continue
            given = self._card_value(cards[action.card])
            gained = max(
                (
                    sum(self._card_value(cards[view.port[c - 1]]) for c in col.cells)
                    for col in collects
                ),
                default=0.0,
            )
            value = gained - given
            if best is None or value > best_value:
                best, best_value = action, value
        return self._gain_or_renew(best, best_value, legal)

    @staticmethod
    def _gain_or_renew(best: Any, best_value: float, legal: Sequence[Any]) -> Any:
        """The best placement when it gains, else renew the port, else the best there is."""
        if best is not None and best_value > 0:
            return best
        renewals = [a for a in legal if isinstance(a, bk.Renew)]
        if renewals:
            return renewals[0]
        return best if best is not None else legal[0]

    def _lay(self, view: Any, me: int, legal: Sequence[Any], good: str | None) -> Any:
        """Lay the card that raises the market's score most, chilli neighbourhoods included."""
        cards = view.deck.cards
        market = list(view.market_cards(me))
        clamp = view.options.clamp_type1
        base = bk.score_market(market, good, clamp).total
        best, best_value = legal[0], -1e9
        for action in legal:
            if not isinstance(action, bk.LayInMarket):
                continue
            card = cards[action.card]
            cell = action.cell - 1
            market[cell] = card
            value: float = bk.score_market(market, good, clamp).total - base
            for chilli_cell, other in enumerate(market):
                if other is not None and other.is_chilli:
                    empty = sum(1 for n in bk.neighbourhood(chilli_cell) if market[n] is None)
                    value += _OPEN_NEIGHBOUR.get(other.chilli_type, 0.0) * empty
            market[cell] = None
            if value > best_value:
                best, best_value = action, value
        return best


class RolloutPolicy(BangkokBot):
    """The heuristic's choices, found faster (the search's play-outs call it at every ply).

    It chooses exactly what :class:`BangkokBot` chooses (a test plays both side by side): a
    placement's collections are looked up once per card and port line (both ends of a line
    offer the same cards), and a market is totalled without building its score breakdown.
    """

    name = "heuristic-rollout"

    def __repr__(self) -> str:
        """``RolloutPolicy()``."""
        return "RolloutPolicy()"

    def _act(self, view: Any, legal: Sequence[Any]) -> Any:
        """The placement whose best collection gains most, else a renewal (as the heuristic)."""
        cards = view.deck.cards
        value_of = self._card_value
        on_port = [value_of(cards[card]) if card >= 0 else 0.0 for card in view.port]
        lines: dict[tuple[int, str, str], float] = {}
        best: Any = None
        best_value = 0.0
        for action in legal:
            if not isinstance(action, bk.PlaceAtPort):
                continue
            slot = action.slot
            # BK-SHIFT-1: the two ends of a row (or a column) reach the same cards
            key = (action.card, "R" if slot[0] in "LR" else "C", slot[1])
            gained = lines.get(key)
            if gained is None:
                collects = view.apply(action, check=False).legal_actions()
                gained = lines[key] = max(
                    (sum(on_port[c - 1] for c in col.cells) for col in collects),
                    default=0.0,
                )
            value = gained - value_of(cards[action.card])
            if best is None or value > best_value:
                best, best_value = action, value
        return self._gain_or_renew(best, best_value, legal)

    def _lay(self, view: Any, me: int, legal: Sequence[Any], good: str | None) -> Any:
        """The lay that raises the market's total most, chilli neighbourhoods included."""
        cards = view.deck.cards
        market = list(view.market_cards(me))
        clamp = view.options.clamp_type1
        base = market_total(market, good, clamp)
        best, best_value = legal[0], -1e9
        for action in legal:
            if not isinstance(action, bk.LayInMarket):
                continue
            cell = action.cell - 1
            market[cell] = cards[action.card]
            value: float = market_total(market, good, clamp) - base
            for chilli_cell, other in enumerate(market):
                if other is not None and other.kind == "chilli":
                    empty = sum(1 for n in _NEIGHBOURHOODS[chilli_cell] if market[n] is None)
                    value += _OPEN_NEIGHBOUR.get(other.chilli_type, 0.0) * empty
            market[cell] = None
            if value > best_value:
                best, best_value = action, value
        return best


_NEIGHBOURHOODS = tuple(bk.neighbourhood(cell) for cell in range(9))
"""Per market cell (0-8): the cells a chilli card there counts (BK-SCORE-2)."""


def market_total(market: Sequence[Any], good: str | None, clamp_type1: bool) -> int:
    """``bangkok.score_market(market, good, clamp_type1).total`` without its breakdown (the
    search totals markets thousands of times a decision; a test checks the two agree)."""
    total = 0
    full = True
    for cell, card in enumerate(market):
        if card is None:
            full = False
            continue
        if good is not None:
            total += card.goods.count(good)  # BK-SCORE-1
        if card.kind == "chilli":  # BK-SCORE-2..6
            near = [other for n in _NEIGHBOURHOODS[cell] if (other := market[n]) is not None]
            counts = [sum(other.goods.count(g) for other in near) for g in card.indicated]
            total += bk.chilli_points(card.chilli_type, counts, clamp_type1)
    return total + (COMPLETE_BONUS if full else 0)  # BK-SCORE-7


# What the search bot (``bots.search``) asks of Bangkok: the heuristic plays its rollouts and
# steers its tree; a cut rollout is valued by the markets and their open chilli neighbourhoods.

SEARCH_SETTINGS = {
    "iterations": 600,
    "iterations_per_action": 40,
    "rollout_depth": 16,
    "epsilon": 0.1,
    "exploration": 2.0,
    "score_scale": 3.0,
}
"""The search bot's budget and constants in Bangkok (measured: docs/bots.md)."""

_PRIOR_SHARE = 0.5
"""The prior the heuristic's own choice gets in the search tree."""
_POLICY = RolloutPolicy()


def evaluate(state: Any) -> list[float]:
    """Each seat's worth: its market score plus what its chilli cards' empty neighbours promise."""
    worth = []
    for seat in range(state.num_players):
        market = state.market_cards(seat)
        value = float(state.market_score(seat).total)
        for cell, card in enumerate(market):
            if card is not None and card.is_chilli:
                empty = sum(1 for n in bk.neighbourhood(cell) if market[n] is None)
                value += _OPEN_NEIGHBOUR.get(card.chilli_type, 0.0) * empty
        worth.append(value)
    return worth


_EVIDENCE = 1.5
"""How much one basket of a good in an opponent's hand or market multiplies the odds that it is
their secret good (by e**1.5), in the search's deals: the most likely value over 60 heuristic
games (seeds 100 to 159; 1.0 and 2.0 fit a little worse, 0.3 and 3.0 much worse)."""


def determinize(state: Any, seat: int, seed: int) -> Any:
    """``state.determinize(seat, seed)`` with each opponent's hidden pontoon good drawn with odds
    ``e ** (_EVIDENCE * baskets)`` by the baskets of each unseen good in their hand and market
    (public cards: a player gathers their own good, BK-SET-2, BK-SCORE-1)."""
    dealt = state.determinize(seat, seed)
    hidden = [tile for tile in range(len(state.pontoons)) if not state.pontoon_seen(tile, seat)]
    opponents = [tile for tile in hidden if tile < state.num_players]
    if not opponents:
        return dealt
    rng = random.Random(seed)
    pool = sorted(dealt.pontoons[tile] for tile in hidden)
    pontoons = list(dealt.pontoons)
    cards = state.deck.cards
    for opponent in opponents:
        held = [cards[card] for card in state.hands[opponent]]
        held += [card for card in state.market_cards(opponent) if card is not None]
        weights = [
            math.exp(_EVIDENCE * sum(card.goods.count(bk.GOODS[good]) for card in held))
            for good in pool
        ]
        chosen = rng.choices(pool, weights)[0]
        pool.remove(chosen)
        pontoons[opponent] = chosen
    rng.shuffle(pool)
    for tile, good in zip([t for t in hidden if t >= state.num_players], pool, strict=True):
        pontoons[tile] = good
    return dealt.evolve(pontoons=tuple(pontoons))


rollout_policy, prior = policy_hooks(_POLICY, _PRIOR_SHARE)
"""The heuristic plays the rollouts and gets half the prior (``search.policy_hooks``)."""


HEURISTIC_BOT = BangkokBot
"""The bot ``make_bot("heuristic", "bangkok")`` makes (the bots layer, docs/adding-a-game.md)."""
