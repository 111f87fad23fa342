"""The hex layout (Red Blob Games, pointy-top) agrees with core.hexgrid's numbering."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("plotly")

from bamboo_lab.core.hexgrid import DIRECTIONS, Hex, edge
from bamboo_lab.viz.layout import Layout, Point

LAYOUT = Layout()
HEXES = [Hex(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]


def close(a: Point, b: Point) -> bool:
    return math.isclose(a.x, b.x, abs_tol=1e-6) and math.isclose(a.y, b.y, abs_tol=1e-6)


def test_pixel_round_trip() -> None:
    for h in HEXES:
        assert LAYOUT.pixel_to_hex(LAYOUT.hex_to_pixel(h)) == h


def test_directions_are_counter_clockwise_from_east_and_r_grows_downward() -> None:
    for i, d in enumerate(DIRECTIONS):
        p = LAYOUT.hex_to_pixel(d)
        assert math.isclose(math.degrees(math.atan2(p.y, p.x)) % 360, 60 * i, abs_tol=1e-6)
    assert LAYOUT.hex_to_pixel(Hex(0, 1)).y < 0


def test_edges_are_drawn_between_the_two_hexes_that_share_them() -> None:
    for h in HEXES:
        for i in range(6):
            e = edge(h, i)
            a, b = LAYOUT.edge_segment(e)
            for owner in e.hexes():
                corners = LAYOUT.corners(owner)
                assert any(close(a, c) for c in corners) and any(close(b, c) for c in corners)
            mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
            p, q = (LAYOUT.hex_to_pixel(x) for x in e.hexes())
            assert close(mid, Point((p.x + q.x) / 2, (p.y + q.y) / 2))
