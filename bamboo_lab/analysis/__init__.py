"""Position analysis and game review by playouts from a seat's view (docs/analysis.md).

``analyse(state, seat)`` answers "which move is best here, and by how much": one row per legal
action with its win probability and final score margin. ``outlook(state, seat)`` answers "who
is likely to win from here": one row per seat. ``review(record)`` answers "where did I lose
this game": one row per decision with the mover's win probability before and after it and the
best move by analysis. Every answer starts from ``state.view(seat)`` with the hidden parts
re-dealt (``determinize``), so it cannot use what the seat does not see, and is deterministic
for its seed. The tables are pandas DataFrames (the ``[lab]`` extra).
"""

from __future__ import annotations

from .playouts import DEFAULT_BOT
from .position import (
    ANALYSE_COLUMNS,
    DEFAULT_OUTLOOK,
    DEFAULT_PLAYOUTS,
    OUTLOOK_COLUMNS,
    analyse,
    outlook,
)
from .review import (
    DEFAULT_THRESHOLD,
    REVIEW_COLUMNS,
    REVIEW_PLAYOUTS,
    review,
)
from .tables import MOVES_COLUMNS, STUDENT_COLUMNS, moves_table, moves_verdict, review_table

__all__ = [
    "ANALYSE_COLUMNS",
    "DEFAULT_BOT",
    "DEFAULT_OUTLOOK",
    "DEFAULT_PLAYOUTS",
    "DEFAULT_THRESHOLD",
    "MOVES_COLUMNS",
    "OUTLOOK_COLUMNS",
    "REVIEW_COLUMNS",
    "REVIEW_PLAYOUTS",
    "STUDENT_COLUMNS",
    "analyse",
    "moves_table",
    "moves_verdict",
    "outlook",
    "review",
    "review_table",
]
