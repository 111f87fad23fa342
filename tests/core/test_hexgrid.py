"""Hex grid: named vectors for neighbours, rotations and edges (Red Blob axial)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bamboo_lab.core.hexgrid import DIRECTIONS, ORIGIN, Edge, Hex, edge, edges_of

hexes = st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20))
REGION = [Hex(q, r) for q in range(-4, 5) for r in range(-4, 5) if Hex(q, r).length() <= 3]


def test_directions_are_counter_clockwise_from_east() -> None:
    assert (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)) == DIRECTIONS
    for i, d in enumerate(DIRECTIONS):
        assert d.rotate(1) == DIRECTIONS[(i + 1) % 6]
        assert d.length() == 1


@pytest.mark.parametrize(
    ("start", "direction", "expected"),
    [
        (ORIGIN, 0, Hex(1, 0)),
        (ORIGIN, 3, Hex(-1, 0)),
        (Hex(2, -1), 1, Hex(3, -2)),
        (Hex(2, -1), 4, Hex(1, 0)),
        (Hex(-3, 3), 5, Hex(-3, 4)),
        (Hex(0, 0), 6, Hex(1, 0)),  # directions wrap modulo 6
    ],
)
def test_neighbor_vectors(start: Hex, direction: int, expected: Hex) -> None:
    assert start.neighbor(direction) == expected


def test_neighbors_of_origin_in_order() -> None:
    assert ORIGIN.neighbors() == DIRECTIONS
    assert Hex(1, 2).neighbors() == tuple(Hex(1, 2).plus(d) for d in DIRECTIONS)


def test_cube_coordinate_and_distance() -> None:
    assert Hex(2, -3).s == 1
    assert Hex(3, -1).distance(Hex(-1, 2)) == 4
    assert Hex(0, 0).distance(Hex(2, -1)) == 2


@pytest.mark.parametrize(
    ("a", "b", "direction"),
    [
        (ORIGIN, Hex(3, 0), 0),
        (ORIGIN, Hex(2, -2), 1),
        (Hex(1, 1), Hex(1, -2), 2),
        (Hex(1, 1), Hex(-1, 3), 4),
        (ORIGIN, Hex(2, -1), None),  # not on a straight line
        (ORIGIN, ORIGIN, None),
    ],
)
def test_direction_to_vectors(a: Hex, b: Hex, direction: int | None) -> None:
    assert a.direction_to(b) == direction


@pytest.mark.parametrize(
    ("h", "steps", "expected"),
    [
        (Hex(1, 0), 1, Hex(1, -1)),
        (Hex(1, 0), 2, Hex(0, -1)),
        (Hex(1, 0), 3, Hex(-1, 0)),
        (Hex(2, -1), 1, Hex(1, -2)),
        (Hex(2, -1), 6, Hex(2, -1)),
        (Hex(2, -1), -1, Hex(1, 1)),
    ],
)
def test_rotation_vectors(h: Hex, steps: int, expected: Hex) -> None:
    assert h.rotate(steps) == expected


def test_rotation_about_a_centre() -> None:
    assert Hex(3, 0).rotate(3, center=Hex(2, 0)) == Hex(1, 0)


def test_reflect_swaps_r_and_s() -> None:
    assert Hex(1, -1).reflect() == Hex(1, 0)
    assert Hex(2, 1).reflect().reflect() == Hex(2, 1)


@given(hexes, st.integers(0, 5))
def test_rotation_keeps_length_and_composes(h: Hex, k: int) -> None:
    assert h.rotate(k).length() == h.length()
    assert h.rotate(k).rotate(6 - k) == h


@pytest.mark.parametrize(
    ("h", "direction", "key"),
    [
        (ORIGIN, 0, Edge(ORIGIN, 0)),
        (ORIGIN, 2, Edge(ORIGIN, 2)),
        (ORIGIN, 3, Edge(Hex(-1, 0), 0)),
        (ORIGIN, 4, Edge(Hex(-1, 1), 1)),
        (ORIGIN, 5, Edge(Hex(0, 1), 2)),
    ],
)
def test_edge_key_vectors(h: Hex, direction: int, key: Edge) -> None:
    assert edge(h, direction) == key


@given(hexes, st.integers(0, 5))
def test_each_edge_has_one_key(h: Hex, d: int) -> None:
    assert edge(h, d) == edge(h.neighbor(d), d + 3)
    assert set(edge(h, d).hexes()) == {h, h.neighbor(d)}


def test_counts_on_a_region() -> None:
    # a hexagon of radius n = 3: 3n(n+1)+1 hexes, 6(2n+1) rim sides
    assert len(REGION) == 37
    edges = {e for h in REGION for e in edges_of(h)}
    inner_edges = {e for e in edges if all(x in REGION for x in e.hexes())}
    assert len(edges) == (6 * 37 + 42) // 2
    assert len(inner_edges) == (6 * 37 - 42) // 2
