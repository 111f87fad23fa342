"""Precomputed hex tables for the garden: neighbours, channel edges and shape rotations.

The garden grows from the pond at the origin; 27 plots can never reach farther than about 14
steps, so every table covers a radius of :data:`RADIUS` and is built once at import. Hexes are the
core :class:`Hex` values (axial, pointy-top, ``r`` downward: catalog section 2).
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping
from functools import cache
from typing import Any

from bamboo_lab.core.hexgrid import DIRECTIONS, ORIGIN, Edge, Hex, edge, edges_of

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
    "figure_moves_after",
    "garden_edges",
    "garden_places",
    "hex_of",
    "hex_text",
    "parse_hex",
    "rotations",
    "shared_edge",
]

RADIUS = 20
"""Every table covers the hexes within this distance of the pond."""

POND: Hex = ORIGIN
"""The pond tile sits at the origin (TK-SET-1)."""

ALL_HEXES: tuple[Hex, ...] = tuple(
    POND if coordinate_q == coordinate_r == 0 else Hex(coordinate_q, coordinate_r)
    for coordinate_q in range(-RADIUS, RADIUS + 1)
    for coordinate_r in range(-RADIUS, RADIUS + 1)
    if abs(coordinate_q + coordinate_r) <= RADIUS
)
"""Every hex of the table, in (q, r) order."""

_SHARED: dict[Hex, Hex] = {place: place for place in ALL_HEXES}
"""Each hex of the table as the one object every table shares: a dict finds a key it holds by
identity before comparing, and the garbage collector walks one object, not seven."""


def hex_of(coordinate_q: int, coordinate_r: int) -> Hex:
    """The hex ``(q, r)``: the tables' shared object when it is inside the table."""
    place = Hex(coordinate_q, coordinate_r)
    return _SHARED.get(place, place)


NEIGHBORS: dict[Hex, tuple[Hex | None, ...]] = {
    place: tuple(_SHARED.get(Hex(place.q + step.q, place.r + step.r)) for step in DIRECTIONS)
    for place in ALL_HEXES
}
"""The six neighbours of each hex in direction order (None outside the table)."""

POND_RING: frozenset[Hex] = frozenset(place for place in NEIGHBORS[POND] if place is not None)
"""The six hexes edge-adjacent to the pond."""

EDGE_ENDS: dict[Edge, tuple[Hex, Hex]] = {
    Edge(place, i): (place, other)
    for place in ALL_HEXES
    for i in range(3)
    if (other := NEIGHBORS[place][i]) is not None
}
"""The two hexes of every edge inside the table."""

_SHARED_EDGES: dict[Edge, Edge] = {boundary: boundary for boundary in EDGE_ENDS}
"""Each edge inside the table as one shared object (as :data:`_SHARED`)."""

EDGES_OF: dict[Hex, tuple[Edge, ...]] = {
    place: tuple(_SHARED_EDGES.get(boundary, boundary) for boundary in edges_of(place))
    for place in ALL_HEXES
}
"""The six canonical edges of each hex in direction order."""


def shared_edge(boundary: Edge) -> Edge:
    """``boundary`` as the tables' shared object when it lies inside the table."""
    return _SHARED_EDGES.get(boundary, boundary)


def edge_between(first: Hex, second: Hex) -> Edge:
    """The canonical edge shared by two adjacent hexes (the tables' own object)."""
    direction = first.direction_to(second)
    if direction is None or first.distance(second) != 1:
        raise ValueError(f"{first} and {second} are not adjacent")
    return shared_edge(edge(first, direction))


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


def edge_info(boundary: Edge) -> tuple[Hex, Hex, Hex, Hex, tuple[Edge, ...]]:
    """``(a, b, c1, c2, touching)`` of an edge: its hexes, their two common neighbours, and the
    four edges that share one of its end corners (catalog 7.3's recipe)."""
    info = _EDGE_INFO.get(boundary)
    if info is None:
        first, side = boundary.hex, boundary.side
        second = first.neighbor(side)
        corner, other_corner = first.neighbor(side - 1), first.neighbor(side + 1)
        touching = (
            edge_between(first, corner),
            edge_between(second, corner),
            edge_between(first, other_corner),
            edge_between(second, other_corner),
        )
        shared, edges = _SHARED.get, _SHARED_EDGES.get
        info = (
            shared(first, first),
            shared(second, second),
            shared(corner, corner),
            shared(other_corner, other_corner),
            tuple(edges(touch, touch) for touch in touching),
        )
        _EDGE_INFO[boundary] = info
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
        bases.append(tuple((place.reflect(), colour) for place, colour in pattern))
    for base in bases:
        for steps in range(6):
            cells = [(place.rotate(steps), colour) for place, colour in base]
            # anchor on a cell of the first colour so the search starts from that colour
            anchor = cells[0][0]
            rel = tuple((place.q - anchor.q, place.r - anchor.r, colour) for place, colour in cells)
            # the same set of coloured cells seen from another anchor is the same orientation
            norm = _normalize(rel)
            if norm in seen:
                continue
            seen.add(norm)
            out.append(rel)
    return tuple(out)


def _normalize(cells: tuple[tuple[int, int, str], ...]) -> frozenset[tuple[int, int, str]]:
    anchor_q, anchor_r, _ = min(cells)
    return frozenset(
        (cell_q - anchor_q, cell_r - anchor_r, colour) for cell_q, cell_r, colour in cells
    )


def _ray(start: Hex, direction: int) -> tuple[Hex, ...]:
    """The hexes from ``start`` (excluded) in a straight line in ``direction``, to the table's
    edge."""
    out = []
    place = NEIGHBORS[start][direction]
    while place is not None:
        out.append(place)
        place = NEIGHBORS[place][direction]
    return tuple(out)


_Rays = tuple[tuple[tuple[Hex, ...], ...], tuple[tuple[Hex, ...], tuple[Hex, ...]] | None]


def _rays_of(start: Hex) -> _Rays:
    """The rays of ``start`` that miss the pond, and the one through it split at the pond (the
    hexes before it, the hexes after it), None from the pond itself."""
    plain = []
    through = None
    for direction in range(6):
        ray = _ray(start, direction)
        if POND in ray:
            where = ray.index(POND)
            through = ray[:where], ray[where + 1 :]
        else:
            plain.append(ray)
    return tuple(plain), through


_RAYS: dict[Hex, _Rays] = {}
"""The rays of each start hex a figure moved from, as :func:`_rays_of` (built when first
asked)."""


def figure_moves(tiles: Container[Hex], start: Hex, cross: bool, stop: bool) -> tuple[Hex, ...]:
    """Destinations of the gardener or panda from ``start``: straight lines over plots, at least
    one step, never over a gap; across the pond when ``cross``, onto it when ``stop``
    (TK-GAR-1, TK-PAN-1)."""
    rays = _RAYS.get(start)
    if rays is None:
        rays = _RAYS[start] = _rays_of(start)
    plain, through = rays
    out: list[Hex] = []
    append = out.append
    for ray in plain:
        for place in ray:
            if place not in tiles:
                break
            append(place)
    if through is not None:  # the line through the pond (never a plot)
        before, after = through
        for place in before:
            if place not in tiles:
                break
            append(place)
        else:  # the pond reached: onto it, across it
            if stop:
                append(POND)
            if cross:
                for place in after:
                    if place not in tiles:
                        break
                    append(place)
    return tuple(sorted(out))


def figure_moves_after(
    moves: dict[Any, Any], before: Mapping[str, Any], fields: Mapping[str, Any], action: Any
) -> dict[Any, Any]:
    """The figure moves kept per start hex (``State.moves``) once a plot is placed on
    ``action.plot`` (the plots change by a placement alone, TK-PLOT-1): those from the
    figures' hexes on none of its three lines, since figures move straight (TK-GAR-1,
    TK-PAN-1)."""
    plot_q, plot_r = action.plot
    kept = {}
    for start in (fields["gardener"], fields["panda"]):
        start_q, start_r = start
        if start_q != plot_q and start_r != plot_r and start_q + start_r != plot_q + plot_r:
            for key in (start, ("gardener", start), ("panda", start)):
                value = moves.get(key)
                if value is not None:
                    kept[key] = value
    return kept


_HEX_TEXT = re.compile(r"(-?[0-9]{1,4}),(-?[0-9]{1,4})")  # no 5,000-digit coordinates


def hex_text(place: Hex) -> str:
    """The notation of a hex: ``q,r``."""
    return f"{place.q},{place.r}"


def parse_hex(text: str) -> Hex | None:
    """The hex written ``q,r``, or None when the text is not of that form."""
    match = _HEX_TEXT.fullmatch(text)
    if match is None:
        return None
    return hex_of(int(match[1]), int(match[2]))
