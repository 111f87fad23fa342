"""Interactive boards (the only package that imports ipywidgets): play, replay, sandboxes.

``play(game, ...)`` plays a game against bots or hot-seat; ``replay(record)`` steps through a
game; ``garden_sandbox()``, ``market_sandbox()`` and ``home_sandbox()`` build a position and
show the engine's scores live. Each returns an app whose ``controller`` (or ``sandbox``) holds
the logic and whose ``widget`` is shown in the notebook. ``hint(controller)`` and
``chances(controller)`` are a board's advice (the best moves here, each seat's chance to win),
from what the board shows; ``now_table``, ``try_move`` and ``result_table`` are the board
lessons' tables. See ``docs/widgets.md``.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.extras import require

require("ipywidgets", "anywidget", "plotly", "IPython", feature="bamboo_lab.widgets")

from .advice import Chances, Hint, chances, hint
from .app import PlayApp, ReplayApp
from .board_lessons import now_table, result_table, try_move
from .controller import PlayController, Step
from .labels import group_of, label_of, log_line
from .replay_controller import ReplayController
from .sandboxes import GardenSandbox, HomeSandbox, MarketSandbox, SandboxApp

__all__ = [
    "Chances",
    "GardenSandbox",
    "Hint",
    "HomeSandbox",
    "MarketSandbox",
    "PlayApp",
    "PlayController",
    "ReplayApp",
    "ReplayController",
    "SandboxApp",
    "Step",
    "chances",
    "garden_sandbox",
    "group_of",
    "hint",
    "home_sandbox",
    "label_of",
    "log_line",
    "market_sandbox",
    "now_table",
    "play",
    "replay",
    "result_table",
    "try_move",
]


def play(
    game: str,
    players: int = 2,
    bots: Any = "heuristic",
    seed: int | None = None,
    options: Any = None,
    human: int = 0,
) -> PlayApp:
    """A board to play ``game``: a person (seat ``human``) against ``bots``, or hot-seat.

    ``bots``: a bot name (``"heuristic"``, ``"search"``, ``"random"``) or object for every
    other seat; None for hot-seat (every seat a person, secret cards behind a reveal toggle);
    or one entry per seat, None where a person plays. ``seed=None`` draws a fresh seed (shown
    in the seed field so the game can be played again).
    """
    return PlayApp(PlayController(game, players, bots, seed, options, human))


def replay(record_or_states: Any, review: Any = None) -> ReplayApp:
    """A slider and a play button through a GameRecord or a list of states; ``review=True``
    (or a dict of ``analysis.review`` arguments, or a review table) adds the game review's
    win-probability curve with the current ply marked."""
    return ReplayApp(ReplayController(record_or_states, review))


def garden_sandbox() -> SandboxApp:
    """Build a Takenoko garden freely and see which objective cards it meets, and where."""
    return SandboxApp(GardenSandbox())


def market_sandbox(objective: str = "fish") -> SandboxApp:
    """Build a Bangkok market by choosing cards in the rulebook's words; each chilli card's
    points and the total."""
    return SandboxApp(MarketSandbox(objective))


def home_sandbox() -> SandboxApp:
    """Place Bamboo home tiles; harmony, the Winter bill and the balance tiles met, live."""
    return SandboxApp(HomeSandbox())
