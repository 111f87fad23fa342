"""Takenoko (Bauza, 2011), old base rules: the complete rules engine.

Start with ``new_game(num_players, seed, options)``; see ``docs/games/takenoko.md`` for the
notation, the phases, the options and the teaching helpers.
"""

from __future__ import annotations

from bamboo_lab.core.hexgrid import Edge, Hex

from .actions import (
    ACTION_TYPES,
    TURN_END,
    Action,
    ChooseAction,
    ChooseWeather,
    Claim,
    DrawObjective,
    EndTurn,
    Grow,
    KeepPlot,
    MoveGardener,
    MovePanda,
    Pass,
    PlaceChannel,
    PlaceImprovement,
    PlacePlot,
    ReturnPlots,
    Roll,
    TakeImprovement,
    action_from_text,
    every_action,
)
from .builder import garden_from_text, new_game, position
from .components import CARDS, PLOT_TILES, SHAPES, WEATHER_FACES, ObjectiveCard
from .garden import (
    grown_height,
    growth_amount,
    growth_targets,
    improvement_irrigates,
    newly_irrigated,
    panda_eats,
    placed_improvement,
    watered_on_placement,
)
from .geometry import POND
from .info import GAME_INFO
from .options import Options
from .refusals import RULEBOOK
from .scoring import (
    plot_objective_met_through,
    sections_missing,
    shoot_counts,
    shoot_may_count,
)
from .state import NAME, PHASES, PLAYER_COUNTS, PUBLIC, State
from .teaching import (
    cards,
    explain,
    garden_text,
    gardener_destinations,
    is_irrigated,
    legal_channel_edges,
    legal_plot_positions,
    met_objectives,
    objective_met,
    panda_destinations,
    plot_objective_placements,
    score_breakdown,
)

__all__ = [
    "ACTION_TYPES",
    "CARDS",
    "GAME_INFO",
    "NAME",
    "PHASES",
    "PLAYER_COUNTS",
    "PLOT_TILES",
    "PLY_LIMIT",
    "POND",
    "PUBLIC",
    "RULES_VERSION",
    "SHAPES",
    "TURN_END",
    "WEATHER_FACES",
    "Action",
    "ChooseAction",
    "ChooseWeather",
    "Claim",
    "DrawObjective",
    "Edge",
    "EndTurn",
    "Grow",
    "Hex",
    "KeepPlot",
    "MoveGardener",
    "MovePanda",
    "ObjectiveCard",
    "Options",
    "Pass",
    "PlaceChannel",
    "PlaceImprovement",
    "PlacePlot",
    "ReturnPlots",
    "Roll",
    "State",
    "TakeImprovement",
    "action_from_text",
    "cards",
    "every_action",
    "explain",
    "garden_from_text",
    "garden_text",
    "gardener_destinations",
    "grown_height",
    "growth_amount",
    "growth_targets",
    "improvement_irrigates",
    "is_irrigated",
    "legal_channel_edges",
    "legal_plot_positions",
    "met_objectives",
    "new_game",
    "newly_irrigated",
    "objective_met",
    "panda_destinations",
    "panda_eats",
    "parse_action",
    "placed_improvement",
    "plot_objective_met_through",
    "plot_objective_placements",
    "position",
    "score_breakdown",
    "sections_missing",
    "shoot_counts",
    "shoot_may_count",
    "watered_on_placement",
]

RULES_VERSION = GAME_INFO.rules_version
"""The rules version recorded in game records."""

PLY_LIMIT = GAME_INFO.ply_limit
"""A generous bound on plies that a uniformly random game never reaches."""


def parse_action(text: str, state: State) -> Action:
    """The legal action of ``state`` written ``text``; malformed text raises
    InvalidActionError, a well-formed illegal one IllegalActionError."""
    action: Action = RULEBOOK.parse_action(text, state)
    return action
