"""Axial hex coordinates: directions, neighbours, rotations and edges.

Follows Red Blob Games' guide (cube/axial coordinates). ``Hex(q, r)`` with the implicit third
cube coordinate ``s = -q - r``. The six directions are numbered counter-clockwise from east:
``DIRECTIONS[i].rotate(1) == DIRECTIONS[(i + 1) % 6]``. No pixels here: layout lives in ``viz``.

Each edge has one canonical key: the edge between ``h`` and ``h.neighbor(i)`` is ``Edge(h, i)``
for ``i`` in 0..2, otherwise ``Edge(h.neighbor(i), i - 3)``.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["DIRECTIONS", "ORIGIN", "Edge", "Hex", "edge", "edges_of"]


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


def edge(h: Hex, direction: int) -> Edge:
    """The canonical key of the side of ``h`` facing ``direction``."""
    direction %= 6
    if direction < 3:
        return Edge(h, direction)
    return Edge(h.neighbor(direction), direction - 3)


def edges_of(h: Hex) -> tuple[Edge, ...]:
    """The six edges of ``h`` in direction order."""
    return tuple(edge(h, i) for i in range(6))
