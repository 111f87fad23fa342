"""Hex-to-pixel layout after Red Blob Games (pointy-top orientation): the only pixel maths.

Axial ``Hex(q, r)`` with ``r`` growing downward on the table. Plotly's y axis grows upward, so
the layout's ``origin`` and a negative y scale turn table coordinates into plot coordinates:
direction 0 (east) is to the right and direction 1 (``Hex(1, -1)``) is up and to the right, as
in the rules library's counter-clockwise numbering. Corner ``i`` of a hex sits between
directions ``i`` and ``i + 1`` (at 30 + 60 i degrees), so the side facing direction ``side``,
``Edge(h, side)``, is drawn from corner ``side - 1`` to corner ``side``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from bamboo_lab.core.hexgrid import Edge, Hex

__all__ = ["POINTY", "Layout", "Orientation", "Point"]

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Point:
    """A position on the figure (plot units)."""

    x: float
    y: float


@dataclass(frozen=True)
class Orientation:
    """Red Blob's orientation matrix (forward f0..f3, inverse b0..b3) and first-corner angle."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


POINTY = Orientation(
    SQRT3, SQRT3 / 2.0, 0.0, 3.0 / 2.0, SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5
)
"""Pointy-top hexes (Takenoko's garden is drawn this way)."""


@dataclass(frozen=True)
class Layout:
    """Orientation, hex size and origin: turns hexes into figure coordinates and back."""

    orientation: Orientation = POINTY
    size: float = 1.0
    origin: Point = Point(0.0, 0.0)

    def hex_to_pixel(self, h: Hex) -> Point:
        """The centre of ``h`` (y upward: rows with larger ``r`` are lower)."""
        m = self.orientation
        x = (m.f0 * h.q + m.f1 * h.r) * self.size
        y = (m.f2 * h.q + m.f3 * h.r) * self.size
        return Point(round(x + self.origin.x, 9), round(self.origin.y - y, 9))

    def pixel_to_hex(self, p: Point) -> Hex:
        """The hex containing point ``p`` (Red Blob's fractional hex, then cube rounding)."""
        m = self.orientation
        px = (p.x - self.origin.x) / self.size
        py = (self.origin.y - p.y) / self.size
        q = m.b0 * px + m.b1 * py
        r = m.b2 * px + m.b3 * py
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return Hex(int(rq), int(rr))

    def corner_offset(self, corner: int, scale: float = 1.0) -> Point:
        """The offset of corner ``corner`` (0..5) from a hex centre, y upward."""
        angle = 2.0 * math.pi * (self.orientation.start_angle + corner) / 6.0
        r = self.size * scale
        return Point(r * math.cos(angle), r * math.sin(angle))

    def corners(self, h: Hex, scale: float = 1.0) -> list[Point]:
        """The six corners of ``h``, corner ``i`` between directions ``i`` and ``i + 1``."""
        c = self.hex_to_pixel(h)
        out = []
        for i in range(6):
            o = self.corner_offset(i, scale)
            out.append(Point(round(c.x + o.x, 9), round(c.y + o.y, 9)))
        return out

    def polygon(self, h: Hex, scale: float = 1.0) -> tuple[list[float], list[float]]:
        """Closed x and y lists of ``h``'s outline, ready for a filled scatter trace."""
        pts = self.corners(h, scale)
        pts.append(pts[0])
        return [p.x for p in pts], [p.y for p in pts]

    def polygons(
        self, hexes: Iterable[Hex], scale: float = 1.0
    ) -> tuple[list[float | None], list[float | None]]:
        """The outlines of several hexes in one x and y list, each closed and followed by a gap
        (None): one filled scatter trace draws them all."""
        xs: list[float | None] = []
        ys: list[float | None] = []
        for h in hexes:
            px, py = self.polygon(h, scale)
            xs += [*px, None]
            ys += [*py, None]
        return xs, ys

    def edge_segment(self, e: Edge) -> tuple[Point, Point]:
        """The two end points of edge ``e``: corners ``side - 1`` and ``side`` of its hex."""
        pts = self.corners(e.hex)
        return pts[(e.side - 1) % 6], pts[e.side % 6]
