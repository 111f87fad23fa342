"""Precomputed hex tables for the garden: neighbours, channel edges and shape rotations.

The garden grows from the pond at the origin; 27 plots can never reach farther than about 14
steps, so every table covers a radius of :data:`RADIUS` and is built once at import. Hexes are the
core :class:`Hex` values (axial, pointy-top, ``r`` downward: catalog section 2).
"""

from __future__ import annotations

import re
from collections.abc import Container
from functools import cache

from bamboo_lab.core.hexgrid import DIRECTIONS, ORIGIN, Edge, Hex, edge

from .components import PLOT_TILES

__all__ = [
    "ALL_HEXES",
    "EDGES_OF",
    "EDGE_ENDS",
    "GARDEN_REACH",
    "NEIGHBORS",
    "POND",
    "POND_RING",
    "RADIUS",
    "edge_between",
    "edge_info",
    "figure_moves",
    "garden_edges",
    "garden_places",
    "hex_text",
    "parse_hex",
    "rotations",
]

RADIUS = 20
"""Every table covers the hexes within this distance of the pond."""

POND: Hex = ORIGIN
"""The pond tile sits at the origin (TK-SET-1)."""

ALL_HEXES: tuple[Hex, ...] = tuple(
    Hex(q, r)
    for q in range(-RADIUS, RADIUS + 1)
    for r in range(-RADIUS, RADIUS + 1)
    if abs(q + r) <= RADIUS
)
"""Every hex of the table, in (q, r) order."""

_INSIDE = frozenset(ALL_HEXES)

NEIGHBORS: dict[Hex, tuple[Hex | None, ...]] = {
    h: tuple(n if (n := Hex(h.q + d.q, h.r + d.r)) in _INSIDE else None for d in DIRECTIONS)
    for h in ALL_HEXES
}
"""The six neighbours of each hex in direction order (None outside the table)."""

POND_RING: frozenset[Hex] = frozenset(n for n in NEIGHBORS[POND] if n is not None)
"""The six hexes edge-adjacent to the pond."""

EDGES_OF: dict[Hex, tuple[Edge, ...]] = {h: tuple(edge(h, i) for i in range(6)) for h in ALL_HEXES}
"""The six canonical edges of each hex in direction order."""

EDGE_ENDS: dict[Edge, tuple[Hex, Hex]] = {
    Edge(h, i): (h, m) for h in ALL_HEXES for i in range(3) if (m := NEIGHBORS[h][i]) is not None
}
"""The two hexes of every edge inside the table."""


def edge_between(a: Hex, b: Hex) -> Edge:
    """The canonical edge shared by two adjacent hexes."""
    d = a.direction_to(b)
    if d is None or a.distance(b) != 1:
        raise ValueError(f"{a} and {b} are not adjacent")
    return edge(a, d)


GARDEN_REACH = (len(PLOT_TILES) + 1) // 2
"""No plot can ever lie farther from the pond: reaching distance d takes at least 2(d - 1) + 1
plots, since a plot away from the pond needs two placed neighbours (TK-PLOT-2)."""


@cache
def garden_places() -> tuple[Hex, ...]:
    """Every place a plot can ever occupy, the pond first, by (distance, q, r)."""
    places = [place for place in ALL_HEXES if place.length() <= GARDEN_REACH]
    return tuple(sorted(places, key=lambda place: (place.length(), place.q, place.r)))


@cache
def garden_edges() -> tuple[tuple[Hex, Hex], ...]:
    """Every pair of neighbouring garden places away from the pond, once, in place order."""
    places = garden_places()
    order = {place: index for index, place in enumerate(places)}
    pairs = []
    for index, place in enumerate(places):
        if place == POND:
            continue
        for neighbour in place.neighbors():
            other = order.get(neighbour)
            if other is not None and other > index and neighbour != POND:
                pairs.append((place, neighbour))
    return tuple(pairs)


_EDGE_INFO: dict[Edge, tuple[Hex, Hex, Hex, Hex, tuple[Edge, ...]]] = {}


def edge_info(e: Edge) -> tuple[Hex, Hex, Hex, Hex, tuple[Edge, ...]]:
    """``(a, b, c1, c2, touching)`` of an edge: its hexes, their two common neighbours, and the
    four edges that share one of its end corners (catalog 7.3's recipe)."""
    info = _EDGE_INFO.get(e)
    if info is None:
        a, side = e.hex, e.side
        b = a.neighbor(side)
        c1, c2 = a.neighbor(side - 1), a.neighbor(side + 1)
        touching = (
            edge_between(a, c1),
            edge_between(b, c1),
            edge_between(a, c2),
            edge_between(b, c2),
        )
        info = (a, b, c1, c2, touching)
        _EDGE_INFO[e] = info
    return info


def rotations(
    pattern: tuple[tuple[Hex, str], ...], mirror: bool
) -> tuple[tuple[tuple[int, int, str], ...], ...]:
    """The distinct orientations of a coloured shape, each anchored on its first cell.

    Six rotations (catalog 7.13); with ``mirror`` also the six rotations of the mirror image.
    Each orientation is a tuple of ``(dq, dr, colour)`` offsets from the anchor cell.
    """
    seen: set[frozenset[tuple[int, int, str]]] = set()
    out: list[tuple[tuple[int, int, str], ...]] = []
    bases = [pattern]
    if mirror:
        bases.append(tuple((h.reflect(), c) for h, c in pattern))
    for base in bases:
        for steps in range(6):
            cells = [(h.rotate(steps), c) for h, c in base]
            # anchor on a cell of the first colour so the search starts from that colour
            anchor = cells[0][0]
            rel = tuple((h.q - anchor.q, h.r - anchor.r, c) for h, c in cells)
            # the same set of coloured cells seen from another anchor is the same orientation
            norm = _normalize(rel)
            if norm in seen:
                continue
            seen.add(norm)
            out.append(rel)
    return tuple(out)


def _normalize(cells: tuple[tuple[int, int, str], ...]) -> frozenset[tuple[int, int, str]]:
    q0, r0, _ = min(cells)
    return frozenset((q - q0, r - r0, c) for q, r, c in cells)


def figure_moves(tiles: Container[Hex], start: Hex, cross: bool, stop: bool) -> tuple[Hex, ...]:
    """Destinations of the gardener or panda from ``start``: straight lines over plots, at least
    one step, never over a gap; across the pond when ``cross``, onto it when ``stop``
    (TK-GAR-1, TK-PAN-1)."""
    out = []
    for direction in range(6):
        h = NEIGHBORS[start][direction]
        while h is not None:
            if h in tiles:
                out.append(h)
            elif h == POND:
                if stop:
                    out.append(h)
                if not cross:
                    break
            else:
                break
            h = NEIGHBORS[h][direction]
    return tuple(sorted(out))


_HEX_TEXT = re.compile(r"(-?[0-9]{1,4}),(-?[0-9]{1,4})")  # no 5,000-digit coordinates


def hex_text(h: Hex) -> str:
    """The notation of a hex: ``q,r``."""
    return f"{h.q},{h.r}"


def parse_hex(text: str) -> Hex | None:
    """The hex written ``q,r``, or None when the text is not of that form."""
    match = _HEX_TEXT.fullmatch(text)
    if match is None:
        return None
    return Hex(int(match[1]), int(match[2]))
