"""Game-agnostic foundations: the contract, the engine step, refusals, errors, hex grid,
records, a value RNG (stdlib only)."""

from .errors import BambooLabError, IllegalActionError, InvalidActionError, InvalidStateError
from .hexgrid import DIRECTIONS, ORIGIN, Edge, Hex
from .options import GameOptions
from .protocol import CHANCE, TERMINAL, GameModule, GameState, Outcome, PlayerId
from .record import GameRecord
from .refusals import Refusal, Rulebook
from .step import Engine

__all__ = [
    "CHANCE",
    "DIRECTIONS",
    "ORIGIN",
    "TERMINAL",
    "BambooLabError",
    "Edge",
    "Engine",
    "GameModule",
    "GameOptions",
    "GameRecord",
    "GameState",
    "Hex",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "Outcome",
    "PlayerId",
    "Refusal",
    "Rulebook",
]
