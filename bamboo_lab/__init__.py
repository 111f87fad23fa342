"""bamboo_lab: learn, teach and explore Takenoko, Bamboo and Bangkok in Python.

The rules library (``core``, ``games``, ``bots``, ``sim``) needs only the standard library; the
pictures (``viz``, Plotly) and boards (``widgets``, ipywidgets) are imported on demand.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .core.environment import where_you_are
from .games import GAMES, advance_to, load, play, record_of, replay

if TYPE_CHECKING:
    from .core.table import Table

__all__ = [
    "GAMES",
    "Table",
    "__version__",
    "advance_to",
    "bamboo",
    "bangkok",
    "load",
    "play",
    "record_of",
    "replay",
    "takenoko",
    "where_you_are",
]

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """Import a game module on first use: ``bamboo_lab.takenoko`` and friends; ``Table``, the
    lessons' table (``core.table``)."""
    if name == "Table":
        from .core.table import Table

        return Table
    if name in GAMES:
        return importlib.import_module(f"{__name__}.games.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
