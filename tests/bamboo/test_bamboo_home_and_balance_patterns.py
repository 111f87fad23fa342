"""Tests of docs/rules/bamboo.md, section Home and balance patterns."""

from __future__ import annotations

import random

import pytest
from bamboo_helpers import (
    random_home,
)

from bamboo_lab import exercises
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import (
    BalanceTile,
    home_from_text,
    is_balance_met,
)

D, F, G, T = 0, 1, 2, 3


L, C, R = 0, 1, 2


def tile(cells=(), hp=3, min_comfort=0, type_total=None, kind=C) -> BalanceTile:  # type: ignore[no-untyped-def]
    """A balance tile with an explicit pattern."""
    return BalanceTile(0, "X", kind, hp, tuple(cells), min_comfort, type_total)


E1 = tile([(0, 0, D)], hp=2)


E2 = tile([(0, 0, G), (0, 1, F)])


E3 = tile([(0, 0, D), (1, 0, F)])


E4 = tile([(0, 0, G), (1, 0, F), (2, 0, D)], hp=5)


E5 = tile([(0, 1, F), (1, 2, G), (2, 1, D), (1, 0, T)], hp=8)


E6 = tile([(0, 0, None), (0, 1, None), (0, 2, G), (0, 3, G), (0, 4, None)], hp=6)


E7 = tile(type_total=(F, 7), hp=4)


E8 = tile([(0, 0, T), (0, 1, None)], min_comfort=4)


E9 = tile([(0, 0, None), (0, 1, None), (1, 0, None), (1, 1, None)], min_comfort=9, hp=5)


def met(pattern: BalanceTile, text: str, region: int = C) -> bool:
    """Is ``pattern`` met in the home written ``text`` within ``region``?"""
    return is_balance_met(pattern, home_from_text(text), region)


def _complete(t: BalanceTile) -> tuple[int, ...]:
    """A home that meets ``t``'s pattern inside its region with comfort-3 tiles."""
    cols = (0, 1) if t.kind == L else (3, 4) if t.kind == R else (0, 1, 2, 3, 4)
    if t.type_total is not None:
        kind, need = t.type_total
        spaces = [f"({r},{c}):{'DFGT'[kind]}/3" for c in cols for r in range(3)]
        return home_from_text(" ".join(spaces[: -(-need // 3)]))
    width = max(dc for _, dc, _ in t.cells) + 1
    c0 = cols[0] if len(cols) >= width else 0
    return home_from_text(
        " ".join(
            f"({dr},{c0 + dc}):{'DFGT'[k if k is not None else (dr + dc) % 4]}/3"
            for dr, dc, k in t.cells
        )
    )


@pytest.mark.parametrize("text", ["(0,7):D", "(5,0):D", "(0,0):/2", "(0,0):D (0,0):F", "(0,0):D/4"])
def test_BB_PAT_1_home_from_text_rejects_spaces_off_the_grid(text: str) -> None:
    """R-EN Balance: "The home is made up of a grid ... 5 spaces wide by 3 spaces tall": a space
    off the grid, a missing type or a space given twice is an error, never a silent wrap."""
    with pytest.raises(InvalidStateError):
        home_from_text(text)


def test_BB_PAT_1_BB_PAT_2_met_tiles_by_hand() -> None:
    """L09 in the left columns, R02 on the right, C13's faith comfort 9 >= 7; R05 mirrored."""
    exercise = exercises.get("bamboo-4")
    assert exercise.truth(exercise.position()) == {"L09", "R02", "C13"}


def test_BB_PAT_1_a_left_tile_cannot_be_scored_from_the_centre() -> None:
    exercise = exercises.get("bamboo-5")
    assert exercise.truth(exercise.position()) is False


def test_BB_PAT_1_regions_case_20() -> None:
    """R-EN Balance: left tiles within the 6 left spaces, right tiles within the 6 right spaces,
    center tiles anywhere. Case 20 (E2): (0,0):G (0,1):F -> L yes, C yes, R no;
    (1,1):G (1,2):F -> L no (F in column 2), C yes."""
    assert met(E2, "(0,0):G (0,1):F", L) and met(E2, "(0,0):G (0,1):F", C)
    assert not met(E2, "(0,0):G (0,1):F", R)
    assert not met(E2, "(1,1):G (1,2):F", L) and met(E2, "(1,1):G (1,2):F", C)


def test_BB_PAT_2_fixed_orientation_and_reuse() -> None:
    """R-EN "in the position specified" and B11: no rotation or mirroring; one home tile may serve
    several balance tiles."""
    assert not met(E2, "(0,0):F (0,1):G")  # mirrored
    assert not met(E2, "(0,0):G (1,0):F")  # rotated
    home = home_from_text("(0,0):G (0,1):F (1,0):F")
    assert is_balance_met(E2, home) and is_balance_met(tile([(0, 0, G), (1, 0, F)]), home)


def test_BB_PAT_3_E1_single_type() -> None:
    """R-EN table: "One decoration type tile." 2 HP."""
    assert met(E1, "(2,4):D/1") and not met(E1, "(2,4):F/3")
    assert E1.hp == 2


def test_BB_PAT_3_E2_E3_adjacent_pairs() -> None:
    """R-EN table: "One garden type tile and a faith type tile to its right" and "One decoration
    type tile and just below it one faith type tile", 3 HP each."""
    assert met(E3, "(1,2):D (2,2):F") and not met(E3, "(1,2):F (2,2):D")
    assert not met(E3, "(1,2):D (2,3):F")


def test_BB_PAT_3_E4_vertical_triple_case_21() -> None:
    """R-EN table: garden, below it faith, below that decoration: 5 HP. Case 21:
    (0,3):G (1,3):F (2,3):D -> R yes, L no."""
    assert met(E4, "(0,3):G (1,3):F (2,3):D", R)
    assert not met(E4, "(0,3):G (1,3):F (2,3):D", L)


def test_BB_PAT_3_E5_diagonal_four_case_22() -> None:
    """R-EN table: faith above, garden right, decoration below, tools left: 8 HP. Case 22:
    (0,2):F (1,3):G (2,2):D (1,1):T -> yes; with G and T swapped -> no."""
    assert met(E5, "(0,2):F (1,3):G (2,2):D (1,1):T") and E5.hp == 8
    assert not met(E5, "(0,2):F (1,3):T (2,2):D (1,1):G")


def test_BB_PAT_3_E6_five_in_a_line_case_23() -> None:
    """R-EN table: "Two tiles of any type, two garden tiles to their right, followed by any one
    tile" 6 HP. Case 23: row [D,T,G,G,F] yes; [G,G,D,T,F] no."""
    assert met(E6, "(1,0):D (1,1):T (1,2):G (1,3):G (1,4):F")
    assert not met(E6, "(1,0):G (1,1):G (1,2):D (1,3):T (1,4):F")
    assert not met(E6, "(1,0):D (1,1):T (1,2):G (1,3):G")  # the fifth space is empty


def test_BB_PAT_3_E7_comfort_total_by_type_case_24() -> None:
    """R-EN table: "a minimum of 7 comfort points in various faith tiles" 4 HP. Case 24: faith
    comforts 3,2,2 yes; 3,3 no."""
    assert met(E7, "(0,0):F/3 (2,4):F/2 (1,2):F/2")
    assert not met(E7, "(0,0):F/3 (2,4):F/3 (1,2):G/3")


def test_BB_PAT_3_E7_region_counts_only_its_tiles() -> None:
    """B12: a comfort total of a left or right tile counts only the tiles inside its region."""
    text = "(0,0):F/3 (1,1):F/3 (0,2):F/3"
    assert met(E7, text, C) and not met(E7, text, L)


def test_BB_PAT_3_E8_pair_with_comfort_case_25() -> None:
    """R-EN table: "a tool type tile, and to its right any other type. Together ... a minimum of 4
    comfort points" 3 HP. Case 25: (1,2):T/2 (1,3):D/2 yes; (1,2):T/1 (1,3):D/2 no."""
    assert met(E8, "(1,2):T/2 (1,3):D/2")
    assert not met(E8, "(1,2):T/1 (1,3):D/2")


def test_BB_PAT_3_E9_four_tiles_with_comfort_case_26() -> None:
    """R-EN table: 4 adjacent tiles "that together have a minimum of 9 comfort points" 5 HP;
    REC shape 2x2. Case 26: 3,2,2,2 yes; 3,2,2,1 no."""
    assert met(E9, "(0,0):D/3 (0,1):F/2 (1,0):G/2 (1,1):T/2")
    assert not met(E9, "(0,0):D/3 (0,1):F/2 (1,0):G/2 (1,1):T/1")


def test_unscored_tile_half_rounded_up_case_3() -> None:
    """Catalog case 3 and R-EN VI: half the HP rounded up (2->1, 3->2, 4->2, 5->3, 6->3, 8->4);
    an incomplete tile gives 0."""
    home = home_from_text("(0,0):D")
    for hp, half in [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (8, 4)]:
        t = next(x for x in bamboo.BALANCE_TILES if x.hp == hp)
        score = bamboo.unscored_balance_points([t.id], _complete(t))
        assert score == half
    assert bamboo.unscored_balance_points([bamboo.balance_tile("L02").id], home) == 0


@pytest.mark.parametrize("t", bamboo.BALANCE_TILES, ids=lambda t: t.name)
def test_BB_PAT_3_every_tile_of_the_catalog_is_recognised(t: BalanceTile) -> None:
    """Every balance tile of the (reconstructed) list is met by a home built from its pattern and
    not by an empty home (BB-PAT-3: every documented family)."""
    assert is_balance_met(t, _complete(t))
    assert not is_balance_met(t, (-1,) * 15)


def test_pattern_report_shows_where_a_pattern_matches() -> None:
    """The teaching helper lists every placement (row, col) where a tile's pattern is met."""
    home = home_from_text("(0,0):D (2,4):D")
    report = bamboo.pattern_report(home, ["L01", "R01", "C01"])
    assert report["L01"]["spaces"] == [[(0, 0)]]
    assert report["R01"]["spaces"] == [[(2, 4)]]
    assert report["C01"]["met"] is False


def test_BB_PAT_1_is_balance_met_agrees_with_every_placement() -> None:
    """`is_balance_met` stops at the first placement: it answers as `balance_matches` does for
    every tile (custom ones too) and region, and each placement lies in the tile's region."""
    rng = random.Random(5)
    tiles = bamboo.Options(custom_balance=("C21 5 (0,0):G (0,1):G", "L25 3 (2,1):*")).balance_table
    met = 0
    for _ in range(150):
        home = random_home(rng)
        for tile in tiles:
            for region in (None, 0, 1, 2):
                matches = bamboo.balance_matches(tile, home, region)
                assert bamboo.is_balance_met(tile, home, region) == bool(matches)
                met += bool(matches)
                cols = ((0, 1), range(5), (3, 4))[tile.kind if region is None else region]
                assert all(i % 5 in cols for m in matches for i in m)  # BB-PAT-1
    assert met > 100


@pytest.mark.parametrize(
    ("example", "home"),
    [
        ("E1", "(0,1):D"),
        ("E2", "(1,0):G (1,1):F"),
        ("E3", "(0,0):D (1,0):F"),
        ("E4", "(0,1):G (1,1):F (2,1):D"),
        ("E5", "(0,2):F (1,3):G (2,2):D (1,1):T"),
        ("E6", "(1,0):D (1,1):T (1,2):G (1,3):G (1,4):F"),
        ("E7", "(0,1):F/3 (1,2):F/2 (2,3):F/2"),
        ("E8", "(1,0):T/2 (1,1):D/2"),
        ("E9", "(0,1):G/3 (0,2):F/2 (1,1):D/2 (1,2):T/2"),
    ],
)
def test_BB_PAT_3_printed_examples_built_with_the_builder(example: str, home: str) -> None:
    """Each printed example pattern (catalog 20-26) is met by a home built with position()."""
    s = bamboo.position(boards={0: {"home": home}})
    tile = bamboo.pattern(example)[0]
    assert bamboo.is_balance_met(tile, s.boards[0].home)
