"""Bamboo (Germán P. Millán, Devir): the complete rules engine.

Seasons, temples and incense majorities, a stalk field that recycles action shoots, a 5x3 home
grid with balance patterns, food, the 2-player ghost and the night side. Start with
``new_game(num_players, seed, options)``; see docs/games/bamboo.md for the notation.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    ACTION_TYPES,
    Activate,
    BuyHomeTile,
    Choose,
    ChooseGift,
    DraftShoot,
    EndTurn,
    Feed,
    Offer,
    Pass,
    Place,
    PlaceHomeTile,
    Receive,
    ScoreBalanceTile,
    TakeBalanceTile,
    TakeFood,
    UseSpirit,
    VisitTemple,
    WakeSpirit,
    every_action,
    parse_text,
)
from .components import BalanceTile, HomeTile, balance_tile_from_spec, spirit_kind
from .info import GAME_INFO
from .options import Options
from .reconstructed import BALANCE_TILES, HOME_TILES, night_spaces
from .refusals import RULEBOOK
from .scoring import (
    GHOST,
    balance_matches,
    feeding_shortfall,
    final_breakdown,
    harmony,
    harmony_penalty,
    home_comfort,
    is_balance_met,
    least_waste_payment,
    rank_players,
    spirit_diversity,
    temple_majority,
    unscored_balance_points,
)
from .seasons import SEASONS, season
from .state import NAME, PHASES, Board, State, new_game
from .teaching import (
    PATTERN_NAMES,
    balance_tile,
    explain,
    feeding_bill,
    home_from_text,
    pattern,
    pattern_report,
    position,
)

__all__ = [
    "ACTION_TYPES",
    "BALANCE_TILES",
    "GAME_INFO",
    "GHOST",
    "HOME_TILES",
    "NAME",
    "PATTERN_NAMES",
    "PHASES",
    "PLAYER_COUNTS",
    "PLY_LIMIT",
    "RULES_VERSION",
    "SEASONS",
    "Activate",
    "BalanceTile",
    "Board",
    "BuyHomeTile",
    "Choose",
    "ChooseGift",
    "DraftShoot",
    "EndTurn",
    "Feed",
    "HomeTile",
    "Offer",
    "Options",
    "Pass",
    "Place",
    "PlaceHomeTile",
    "Receive",
    "ScoreBalanceTile",
    "State",
    "TakeBalanceTile",
    "TakeFood",
    "UseSpirit",
    "VisitTemple",
    "WakeSpirit",
    "balance_matches",
    "balance_tile",
    "balance_tile_from_spec",
    "every_action",
    "explain",
    "feeding_bill",
    "feeding_shortfall",
    "final_breakdown",
    "harmony",
    "harmony_penalty",
    "home_comfort",
    "home_from_text",
    "is_balance_met",
    "least_waste_payment",
    "new_game",
    "night_spaces",
    "parse_action",
    "parse_text",
    "pattern",
    "pattern_report",
    "position",
    "rank_players",
    "season",
    "spirit_diversity",
    "spirit_kind",
    "temple_majority",
    "unscored_balance_points",
]

RULES_VERSION = GAME_INFO.rules_version
"""The version of these rules; records of another version are refused."""

PLAYER_COUNTS: tuple[int, ...] = GAME_INFO.player_counts
"""Bamboo plays with 2 to 4 players."""

PLY_LIMIT = GAME_INFO.ply_limit
"""A bound on the decisions of one game that a uniformly random game never reaches."""


def parse_action(text: str, state: State) -> Any:
    """The legal action of ``state`` written ``text``.

    Malformed text raises InvalidActionError; a well-formed action that is not legal now raises
    IllegalActionError naming the rule it breaks (``.rule``).
    """
    return RULEBOOK.parse_action(text, state)
