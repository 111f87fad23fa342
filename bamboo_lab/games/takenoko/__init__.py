"""Takenoko (Bauza, 2011), old base rules: the complete rules engine.

Start with ``new_game(num_players, seed, options)``; see ``docs/games/takenoko.md`` for the
notation, the phases, the options and the teaching helpers.
"""

from __future__ import annotations

from bamboo_lab.core.errors import InvalidActionError
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.core.protocol import find_legal

from .actions import (
    ACTION_TYPES,
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
)
from .components import CARDS, PLOT_TILES, SHAPES, WEATHER_FACES, ObjectiveCard
from .geometry import POND
from .options import Options
from .state import NAME, PHASES, PLAYER_COUNTS, State, new_game
from .teaching import (
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
    "NAME",
    "PHASES",
    "PLAYER_COUNTS",
    "PLOT_TILES",
    "PLY_LIMIT",
    "POND",
    "RULES_VERSION",
    "SHAPES",
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
    "gardener_destinations",
    "is_irrigated",
    "legal_channel_edges",
    "legal_plot_positions",
    "met_objectives",
    "new_game",
    "objective_met",
    "panda_destinations",
    "parse_action",
    "plot_objective_placements",
    "score_breakdown",
]

RULES_VERSION = "1"
"""The rules version recorded in game records."""

PLY_LIMIT = 100_000
"""A generous bound on plies that a uniformly random game never reaches."""


def parse_action(text: str, state: State) -> Action:
    """The legal action of ``state`` written ``text``; malformed text raises
    InvalidActionError, a well-formed illegal one IllegalActionError."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action must be given as text, not {type(text).__name__}")
    return find_legal(state, str(action_from_text(text)))
