"""Axial hex coordinates: directions, neighbours, rays, rotations, edges and vertices.

Follows Red Blob Games' guide (cube/axial coordinates). ``Hex(q, r)`` with the implicit third
cube coordinate ``s = -q - r``. The six directions are numbered counter-clockwise from east:
``DIRECTIONS[i].rotate(1) == DIRECTIONS[(i + 1) % 6]``. No pixels here: layout lives in ``viz``.

Edges and vertices have one canonical key each:

- the edge between ``h`` and ``h.neighbor(i)`` is ``Edge(h, i)`` for ``i`` in 0..2, otherwise
  ``Edge(h.neighbor(i), i - 3)``;
- corner ``i`` of a hex lies between directions ``i`` and ``i + 1``; the corner is shared by
  ``h``, ``h.neighbor(i)`` and ``h.neighbor(i + 1)``, and its canonical key is the one of the
  three with corner index 0 or 1: ``Vertex(hex, k)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

__all__ = [
    "DIRECTIONS",
    "ORIGIN",
    "Edge",
    "Hex",
    "Vertex",
    "corner",
    "edge",
    "edges_of",
    "normalize_shape",
    "rotate_shape",
    "vertices_of",
]


class Hex(NamedTuple):
    """An axial hex coordinate (q, r); ``s = -q - r``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate."""
        return -self.q - self.r

    def plus(self, other: Hex) -> Hex:
        """Vector sum."""
        return Hex(self.q + other.q, self.r + other.r)

    def minus(self, other: Hex) -> Hex:
        """Vector difference."""
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        """This vector times ``k``."""
        return Hex(self.q * k, self.r * k)

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in direction 0..5."""
        d = DIRECTIONS[direction % 6]
        return Hex(self.q + d.q, self.r + d.r)

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order."""
        return tuple(Hex(self.q + d.q, self.r + d.r) for d in DIRECTIONS)

    def length(self) -> int:
        """Distance from the origin."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Number of steps between two hexes."""
        return self.minus(other).length()

    def direction_to(self, other: Hex) -> int | None:
        """The direction of a straight line from here to ``other``, or None if not on one."""
        diff = other.minus(self)
        n = diff.length()
        if n == 0:
            return None
        for i, d in enumerate(DIRECTIONS):
            if d.q * n == diff.q and d.r * n == diff.r:
                return i
        return None

    def ray(self, direction: int) -> Iterator[Hex]:
        """The hexes in a straight line from here (excluded) in ``direction``, without end."""
        d = DIRECTIONS[direction % 6]
        h = self
        while True:
            h = Hex(h.q + d.q, h.r + d.r)
            yield h

    def rotate(self, steps: int, center: Hex | None = None) -> Hex:
        """Rotate by ``steps`` x 60 degrees counter-clockwise about ``center`` (the origin)."""
        c = center or ORIGIN
        q, r = self.q - c.q, self.r - c.r
        for _ in range(steps % 6):
            q, r = q + r, -q
        return Hex(q + c.q, r + c.r)

    def reflect(self) -> Hex:
        """Mirror image across the q axis (swaps r and s): turns a shape into its mirror."""
        return Hex(self.q, self.s)


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
"""The six unit vectors, counter-clockwise from east."""

ORIGIN = Hex(0, 0)
"""The centre of the grid."""


class Edge(NamedTuple):
    """The canonical key of the side shared by ``hex`` and ``hex.neighbor(side)``, side 0..2."""

    hex: Hex
    side: int

    def hexes(self) -> tuple[Hex, Hex]:
        """The two hexes that share this edge."""
        return self.hex, self.hex.neighbor(self.side)

    def vertices(self) -> tuple[Vertex, Vertex]:
        """The two corners at the ends of this edge."""
        return corner(self.hex, self.side - 1), corner(self.hex, self.side)


class Vertex(NamedTuple):
    """The canonical key of a corner: corner ``k`` (0 or 1) of ``hex``."""

    hex: Hex
    k: int

    def hexes(self) -> tuple[Hex, Hex, Hex]:
        """The three hexes that meet at this corner."""
        return self.hex, self.hex.neighbor(self.k), self.hex.neighbor(self.k + 1)

    def edges(self) -> tuple[Edge, Edge, Edge]:
        """The three edges that meet at this corner."""
        h, k = self.hex, self.k
        return edge(h, k), edge(h, k + 1), edge(h.neighbor(k), k + 2)


def edge(h: Hex, direction: int) -> Edge:
    """The canonical key of the side of ``h`` facing ``direction``."""
    direction %= 6
    if direction < 3:
        return Edge(h, direction)
    return Edge(h.neighbor(direction), direction - 3)


def corner(h: Hex, i: int) -> Vertex:
    """The canonical key of corner ``i`` of ``h`` (between directions ``i`` and ``i + 1``)."""
    i %= 6
    # corner i of h == corner i+2 of h+D[i] == corner i+4 of h+D[i+1]: pick the index 0 or 1
    for owner, index in ((h, i), (h.neighbor(i), i + 2), (h.neighbor(i + 1), i + 4)):
        if index % 6 < 2:
            return Vertex(owner, index % 6)
    raise AssertionError("unreachable: one of the three indices is 0 or 1")


def edges_of(h: Hex) -> tuple[Edge, ...]:
    """The six edges of ``h`` in direction order."""
    return tuple(edge(h, i) for i in range(6))


def vertices_of(h: Hex) -> tuple[Vertex, ...]:
    """The six corners of ``h`` in order (corner ``i`` between directions ``i`` and ``i+1``)."""
    return tuple(corner(h, i) for i in range(6))


def rotate_shape(shape: Iterable[Hex], steps: int) -> tuple[Hex, ...]:
    """Rotate every hex of a shape about the origin by ``steps`` x 60 degrees."""
    return tuple(h.rotate(steps) for h in shape)


def normalize_shape(shape: Iterable[Hex]) -> tuple[Hex, ...]:
    """Translate a shape so its smallest hex (by (q, r)) is the origin; return it sorted."""
    hexes = sorted(shape)
    if not hexes:
        return ()
    base = hexes[0]
    return tuple(h.minus(base) for h in hexes)
