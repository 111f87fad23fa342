"""Bangkok (Laboludic, 2022): the floating-market card game for 1 to 4 players.

Start with ``new_game(num_players, seed, options)``, or set up any position with
``position(...)``; ``explain(state, action)`` says why an action is refused. Read
``docs/games/bangkok.md`` for the notation, the phases, the options and the teaching helpers.
The card faces are RECONSTRUCTED (see :mod:`.components`); pass ``Options(deck=...)`` to play
with another list, or name a custom card in ``position(...)``.
"""

from __future__ import annotations

from .actions import (
    LINES,
    SLOTS,
    Action,
    Collect,
    LayInMarket,
    Pass,
    PlaceAtPort,
    Renew,
    every_action,
    parse_notation,
)
from .builder import good, position
from .components import (
    GOODS,
    RECONSTRUCTED_DECK,
    SOLO_PILE_SLOTS,
    SOLO_TRACK,
    Card,
    Deck,
    build_deck,
    parse_card_spec,
)
from .info import GAME_INFO, NAME, PHASES, PLAYER_COUNTS, PLY_LIMIT, RULES_VERSION
from .legal import collectable_sets, market_cells
from .options import Options
from .refusals import RULEBOOK, refusal
from .rules import refill_source
from .scoring import ChilliScore, MarketScore, chilli_points, neighbourhood, score_market
from .state import State, new_game
from .teaching import cards, explain, port_placements, shift_line

__all__ = [
    "GAME_INFO",
    "GOODS",
    "LINES",
    "NAME",
    "PHASES",
    "PLAYER_COUNTS",
    "PLY_LIMIT",
    "RECONSTRUCTED_DECK",
    "RULES_VERSION",
    "SLOTS",
    "SOLO_PILE_SLOTS",
    "SOLO_TRACK",
    "Action",
    "Card",
    "ChilliScore",
    "Collect",
    "Deck",
    "LayInMarket",
    "MarketScore",
    "Options",
    "Pass",
    "PlaceAtPort",
    "Renew",
    "State",
    "build_deck",
    "cards",
    "chilli_points",
    "collectable_sets",
    "every_action",
    "explain",
    "good",
    "market_cells",
    "neighbourhood",
    "new_game",
    "parse_action",
    "parse_card_spec",
    "parse_notation",
    "port_placements",
    "position",
    "refill_source",
    "refusal",
    "score_market",
    "shift_line",
]


def parse_action(text: str, state: State) -> Action:
    """The legal action written ``text``: malformed -> InvalidActionError; well formed but
    illegal -> IllegalActionError naming the rule it breaks (see :func:`explain`)."""
    action: Action = RULEBOOK.parse_action(text, state)
    return action
