"""Plotly pictures of every game (the only package that imports plotly).

``figure(obj)`` draws whatever it is given: a Takenoko, Bamboo or Bangkok state, a Takenoko
objective card (or its id, ``"P13"``), a Bangkok card or market (9 cells or 3 rows of cards), or
a Bamboo home (15 home-tile ids). The per-game modules have the detailed pictures; ``stats``
plots simulation results, ``review`` a game review's win-probability curve. See
``docs/pictures.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bamboo_lab.core.extras import require

require("plotly", feature="bamboo_lab.viz")  # one line naming the [lab] extra, not a traceback

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError

from . import bamboo, bangkok, layout, palette, review, stats, takenoko

__all__ = ["bamboo", "bangkok", "figure", "layout", "palette", "review", "stats", "takenoko"]

_STATE_FIGURES: dict[str, Callable[[Any], go.Figure]] = {
    "takenoko": takenoko.figure,
    "bamboo": bamboo.figure,
    "bangkok": bangkok.figure,
}


def figure(obj: Any) -> go.Figure:
    """The main picture of ``obj``: a game state, a card, a market or a home (see module doc)."""
    from bamboo_lab.games import bangkok as bk
    from bamboo_lab.games import takenoko as tk

    game = getattr(type(obj), "game", None)
    if isinstance(game, str) and game in _STATE_FIGURES and hasattr(obj, "legal_actions"):
        return _STATE_FIGURES[game](obj)
    if isinstance(obj, tk.ObjectiveCard) or (isinstance(obj, str) and obj in tk.CARDS):
        return takenoko.card(obj)
    if isinstance(obj, bk.Card):
        return bangkok.card(obj)
    if isinstance(obj, Sequence) and not isinstance(obj, str):
        flat = list(obj)
        if len(flat) == 3 and all(isinstance(r, (list, tuple)) for r in flat):
            flat = [c for r in flat for c in r]
        if len(flat) == 9 and all(c is None or isinstance(c, bk.Card) for c in flat):
            return bangkok.market(flat)
        if len(flat) == 15 and all(isinstance(c, int) for c in flat):
            return bamboo.home(tuple(flat))
    raise InvalidStateError(
        f"no picture for {type(obj).__name__}: give a game state, a Takenoko objective card,"
        " a Bangkok card or market, or a Bamboo home"
    )
