"""Plotly pictures of every game (the only package that imports plotly).

``figure(obj)`` draws whatever it is given: a game state, a card, a market... with the function
its class names (``drawn_by``, :mod:`bamboo_lab.core.display`), and a bare value (a Takenoko
objective card's id ``"P13"``, a Bangkok market as 9 cells or 3 rows of cards, a Bamboo home as
15 home-tile ids) with the first game's ``picture_of`` that recognises it. The per-game modules
(``bamboo_lab.viz.<game>``) have the detailed pictures; ``stats`` plots simulation results,
``review`` a game review's win-probability curve. See ``docs/pictures.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bamboo_lab.core.extras import require

require("plotly", feature="bamboo_lab.viz")  # one line naming the [lab] extra, not a traceback

import plotly.graph_objects as go

from bamboo_lab.core.display import picture_function
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import GAMES, layer, names

from . import layout, palette, review, stats

if TYPE_CHECKING:  # for the type checker: what __getattr__ gives for the bundled games
    from . import bamboo, bangkok, takenoko  # noqa: F401

__all__ = ["figure", "layout", "palette", "review", "stats", *GAMES]


def __getattr__(name: str) -> Any:
    """A bundled game's picture module on first use: ``viz.takenoko`` and friends."""
    if name in GAMES:
        return layer(name, "viz")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def figure(obj: Any) -> go.Figure:
    """The main picture of ``obj``: a game state, a card, a market or a home (see module doc)."""
    draw = picture_function(obj)
    if draw is not None:
        drawn: go.Figure = draw(obj)
        return drawn
    for name in names():  # a bare value: the game whose pictures recognise it
        recognise = getattr(layer(name, "viz", required=False), "picture_of", None)
        found = None if recognise is None else recognise(obj)
        if found is not None:
            return found
    raise InvalidStateError(
        f"no picture for {type(obj).__name__}: give a game state, a card, a market or a home"
        " (docs/pictures.md)"
    )
