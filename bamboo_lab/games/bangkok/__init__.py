"""Bangkok (Laboludic, 2022): the floating-market card game for 1 to 4 players.

Start with ``new_game(num_players, seed, options)``; read ``docs/games/bangkok.md`` for the
action notation, the phases, the options and the teaching helpers. The card faces are
RECONSTRUCTED (see :mod:`.components`); pass ``Options(deck=...)`` to play with another list.
"""

from __future__ import annotations

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.core.protocol import find_legal

from .actions import (
    LINES,
    SLOTS,
    Collect,
    LayInMarket,
    Pass,
    PlaceAtPort,
    Renew,
    parse_notation,
)
from .components import (
    GOODS,
    RECONSTRUCTED_DECK,
    Card,
    Deck,
    build_deck,
    parse_card_spec,
)
from .options import Options
from .rules import (
    SOLO_TRACK,
    collectable_sets,
    market_cells,
    port_placements,
    refill_source,
    shift_line,
    why_illegal,
)
from .scoring import ChilliScore, MarketScore, chilli_points, neighbourhood, score_market
from .state import NAME, PHASES, PLAYER_COUNTS, State, new_game

__all__ = [
    "GOODS",
    "LINES",
    "NAME",
    "PHASES",
    "PLAYER_COUNTS",
    "PLY_LIMIT",
    "RECONSTRUCTED_DECK",
    "RULES_VERSION",
    "SLOTS",
    "SOLO_TRACK",
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
    "chilli_points",
    "collectable_sets",
    "market_cells",
    "neighbourhood",
    "new_game",
    "parse_action",
    "parse_card_spec",
    "port_placements",
    "refill_source",
    "score_market",
    "shift_line",
    "why_illegal",
]

RULES_VERSION = "1"
"""The version of these rules; records of another version are refused."""

PLY_LIMIT = 5000
"""A bound no uniformly random game reaches (the runner truncates there)."""


def parse_action(text: str, state: State) -> PlaceAtPort | Collect | LayInMarket | Renew | Pass:
    """The legal action written ``text``: malformed -> InvalidActionError, else find_legal
    (an illegal text's error says which rule it breaks, see :func:`why_illegal`)."""
    action = parse_notation(text)
    try:
        return find_legal(state, text)  # type: ignore[no-any-return]
    except IllegalActionError as exc:
        reason = "" if state.is_over() else why_illegal(state, action)
        raise IllegalActionError(f"{exc} [{reason}]" if reason else str(exc)) from None
