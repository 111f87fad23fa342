"""Test helpers: a small shared garden, channel edges and applying actions written in notation.

Positions are built with the public ``takenoko.position(...)`` builder (validated through
``State.from_dict``), never by hand.
"""

from __future__ import annotations

from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.geometry import edge_between

# A small garden: the six pond plots (irrigated) and two dry outer plots (q, r, colour, height).
RING = (
    (1, 0, "G", 1),
    (1, -1, "G", 1),
    (0, -1, "Y", 1),
    (-1, 0, "P", 1),
    (-1, 1, "Y", 1),
    (0, 1, "G", 1),
    (2, -1, "G", 0),
    (2, 0, "Y", 0),
)


def channel(a: tuple[int, int], b: tuple[int, int]) -> Edge:
    """The edge between two adjacent hexes given as (q, r)."""
    return edge_between(Hex(*a), Hex(*b))


def act(state: tk.State, *texts: str) -> tk.State:
    """Apply actions written in notation, each checked for legality."""
    for text in texts:
        state = state.apply(tk.parse_action(text, state))
    return state


def legal_texts(state: tk.State) -> list[str]:
    """The notation of every legal action."""
    return [str(a) for a in state.legal_actions()]
