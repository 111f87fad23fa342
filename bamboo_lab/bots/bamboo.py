"""The Bamboo heuristic bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bamboo_lab.games import bamboo as bb

__all__ = ["HEURISTIC_BOT", "SEARCH_SETTINGS", "BambooBot"]

_COIN = 0.6
"""A coin buys about half a happiness point of home tile."""
_INCENSE = 0.2
_SHOOT = 0.25
"""A shoot in a board temple is a future action."""
_NEW_SPIRIT = 2.0
"""A spirit of a kind not yet owned: +2 HP at the end (BB-END-2) and a power."""
_OLD_SPIRIT = 0.8
_LEAD_HOLDS = 0.8
"""How likely a temple lead survives to Autumn."""
_UNMET_BALANCE = 0.25
"""Share of an unmet balance tile's HP counted as its promise."""
_ASLEEP = 0.5
_BRANCHING = 12
"""Look one more own decision ahead only when it has at most this many options."""


class BambooBot:
    """Bamboo heuristic: plan temples and incense majorities, feed the home, chase patterns.

    It values its position as the final score if the game ended now (``state.final_breakdown``:
    happiness, spirits, harmony, met balance tiles), plus the spirits whose temple majority it
    holds (``bamboo.temple_majority``; a new kind is worth more), minus the HP its food would
    miss next Winter (``bamboo.feeding_bill``), plus coins, incense, shoots ready for action and
    part of its unmet balance tiles. Each decision plays every legal action on its own view and
    keeps the one whose position (looking one more own decision ahead when the choices are
    few) is worth most.
    """

    name = "heuristic"

    def __repr__(self) -> str:
        """``BambooBot()``."""
        return "BambooBot()"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The action whose resulting position is worth most to the seat."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = view.current_player
        best, best_value = legal_actions[0], -1e9
        for action in legal_actions:
            value = self._lookahead(view.apply(action, check=False), me)
            if value > best_value:
                best, best_value = action, value
        return best

    def _lookahead(self, state: Any, me: int) -> float:
        """The position's worth, after the seat's best next decision when it moves again."""
        if state.is_over() or state.current_player != me:
            return self.evaluate(state, me)
        legal = state.legal_actions()
        if len(legal) > _BRANCHING:
            return self.evaluate(state, me)
        return max(self.evaluate(state.apply(a, check=False), me) for a in legal)

    @staticmethod
    def evaluate(state: Any, me: int) -> float:
        """The seat's position in happiness points (final score now plus promises)."""
        board = state.board(me)
        value = float(state.final_breakdown(me)["total"])
        if state.is_over():
            return value
        value += _COIN * min(board.coins, 8) + _INCENSE * board.reserve
        value += _SHOOT * board.shoots + _ASLEEP * len(board.asleep)
        value -= bb.feeding_shortfall(board.home, board.food)
        owned = board.awake + board.asleep
        for stack, spirits in zip(state.temples, state.spirit_stacks, strict=False):
            if stack and spirits and bb.temple_majority(stack)[0] == me:
                worth = _NEW_SPIRIT if spirits[0] not in owned else _OLD_SPIRIT
                value += _LEAD_HOLDS * worth
        tiles = state.options.balance_table
        for tile in board.balance:
            balance = tiles[tile]
            if not bb.is_balance_met(balance, board.home):
                value += _UNMET_BALANCE * balance.hp
        return value


# What the search bot (``bots.search``) asks of Bamboo: only its budget. Measured against this
# heuristic (docs/bots.md), the search did better on the game contract alone (random play-outs
# valued by the running scores, UCB1) than steered by this bot's choices and valuation.

SEARCH_SETTINGS = {
    "iterations": 200,
    "rollout_depth": 60,
    "epsilon": 0.0,
    "exploration": 0.7,
    "score_scale": 5.0,
}
"""The search bot's budget and constants in Bamboo (measured: docs/bots.md)."""


HEURISTIC_BOT = BambooBot
"""The bot ``make_bot("heuristic", "bamboo")`` makes (the bots layer, docs/adding-a-game.md)."""
