"""Reconstructed Bamboo data: NOT the published component lists (catalog part 1, REC rows).

The printed shoot distribution, the 64 home tiles, the 68 balance tiles and the night-side
special spaces were not found in print. The lists below fit every documented number and worked
example of the rulebook (catalog 1.3, 1.5, 1.7, 1.8). Replacing one of them with the real list
is a data change only: the engine reads these tuples and nothing else.
"""

from __future__ import annotations

from .components import CATEGORY_LETTERS, KIND_LETTERS, BalanceTile, HomeTile, shoot_code

__all__ = [
    "BALANCE_TILES",
    "BOARD_SETUP_SHOOTS",
    "HOME_TILES",
    "NIGHT_SPACES",
    "PLAYER_SETS",
    "UNMARKED_SHOOTS",
    "night_spaces",
]

D, F, G, T = 0, 1, 2, 3
_A = (0, 1, 2, 3)  # balance, improve, cook, fund
WILD = 4


def _player_sets() -> tuple[tuple[int, ...], ...]:
    # REC catalog 1.3: set k gives colour i the action A[(i + k) % 4] (a Latin square).
    return tuple(
        tuple(shoot_code(colour, _A[(colour + offset) % 4]) for colour in range(4))
        for offset in range(4)
    )


PLAYER_SETS: tuple[tuple[int, ...], ...] = _player_sets()
"""The 4 player-setup sets of 4 shoots (structure DOC R-EN III-D; Latin square REC)."""

UNMARKED_SHOOTS: dict[str, tuple[int, ...]] = {
    # REC catalog 1.3: per colour one wildcard and A[i].
    "unmarked": tuple(
        code
        for colour in range(4)
        for code in (shoot_code(colour, WILD), shoot_code(colour, _A[colour]))
    ),
    # the alternative REC: the wildcards sit among the board-setup pieces.
    "board": tuple(
        code
        for colour in range(4)
        for code in (shoot_code(colour, _A[colour]), shoot_code(colour, _A[(colour + 1) % 4]))
    ),
}
"""The 8 unmarked shoots, by where the wildcards are (option ``wildcards``)."""

BOARD_SETUP_SHOOTS: dict[str, tuple[int, ...]] = {
    "unmarked": tuple(
        shoot_code(colour, action) for colour in range(4) for action in _A if action != _A[colour]
    ),
    "board": tuple(
        code
        for colour in range(4)
        for code in (
            shoot_code(colour, WILD),
            shoot_code(colour, _A[(colour + 2) % 4]),
            shoot_code(colour, _A[(colour + 3) % 4]),
        )
    ),
}
"""The 12 board-setup shoots, by where the wildcards are (option ``wildcards``)."""


def _home_tiles() -> tuple[HomeTile, ...]:
    # REC catalog 1.7: per category and type 8 tiles of comfort 1,1,1,2,2,2,3,3; category A
    # costs = comfort and gives HP = comfort; category B costs comfort + 2, gives comfort + 3.
    # The 2nd comfort-1 and the 2nd comfort-2 tile of each type carry the 3+ mark.
    tiles: list[HomeTile] = []
    for cat in range(2):
        number = 0
        for kind in range(4):
            for index, comfort in enumerate((1, 1, 1, 2, 2, 2, 3, 3)):
                number += 1
                cost = comfort if cat == 0 else comfort + 2
                points = comfort if cat == 0 else comfort + 3
                tiles.append(
                    HomeTile(
                        id=len(tiles),
                        name=f"{CATEGORY_LETTERS[cat]}{number:02d}",
                        category=cat,
                        type=kind,
                        comfort=comfort,
                        cost=cost,
                        hp=points,
                        three_plus=index in (1, 4),
                    )
                )
    return tuple(tiles)


HOME_TILES: tuple[HomeTile, ...] = _home_tiles()
"""The 64 home tiles (REC catalog 1.7), ids 0..63; categories A (0) and B (1)."""


def _side_patterns() -> list[tuple[str, int, dict[str, object]]]:
    # REC catalog 1.8: the 24 patterns shared by the left and right sets.
    out: list[tuple[str, int, dict[str, object]]] = []
    for first in (D, F, G, T):  # single X (E1 = decoration)
        out.append(("single", 2, {"cells": ((0, 0, first),)}))
    for first, second in ((G, F), (F, D), (D, T), (T, G)):  # h-pair (E2 = garden, faith)
        out.append(("h-pair", 3, {"cells": ((0, 0, first), (0, 1, second))}))
    for first, second in ((D, F), (F, G), (G, T), (T, D)):  # v-pair (E3 = decoration over faith)
        out.append(("v-pair", 3, {"cells": ((0, 0, first), (1, 0, second))}))
    for first, second, third in ((G, F, D), (F, D, T), (D, T, G), (T, G, F)):  # v-triple (E4)
        out.append(("v-triple", 5, {"cells": ((0, 0, first), (1, 0, second), (2, 0, third))}))
    for first in (D, F, G, T):  # comfort total of a type in the region
        out.append(("type-total", 3, {"type_total": (first, 5)}))
    for first in (T, D, F, G):  # X and any tile to its right, comfort >= 4 (E8 = tools)
        out.append(("pair-comfort", 3, {"cells": ((0, 0, first), (0, 1, None)), "min_comfort": 4}))
    return out


def _center_patterns() -> list[tuple[str, int, dict[str, object]]]:
    # REC catalog 1.8: the 20 center patterns.
    out: list[tuple[str, int, dict[str, object]]] = []
    for top, right, bottom, left in ((F, G, D, T), (T, F, G, D), (D, T, F, G), (G, D, T, F)):
        diamond = ((0, 1, top), (1, 2, right), (2, 1, bottom), (1, 0, left))  # E5
        out.append(("diamond", 8, {"cells": diamond}))
    for first in (G, D, F, T):  # five in a line: *, *, X, X, * (E6 = garden)
        line = ((0, 0, None), (0, 1, None), (0, 2, first), (0, 3, first), (0, 4, None))
        out.append(("five-line", 6, {"cells": line}))
    shapes = (
        ((0, 0), (0, 1), (1, 0), (1, 1)),  # E9, REC shape: 2x2 square
        ((0, 0), (1, 0), (2, 0), (2, 1)),  # L
        ((0, 0), (0, 1), (0, 2), (1, 1)),  # T
        ((0, 0), (0, 1), (0, 2), (0, 3)),  # I
    )
    for shape in shapes:
        any_cells = tuple((row_offset, col_offset, None) for row_offset, col_offset in shape)
        out.append(("shape-comfort", 5, {"cells": any_cells, "min_comfort": 9}))
    for first in (F, D, G, T):  # comfort of a type anywhere (E7 = faith >= 7)
        out.append(("type-total", 4, {"type_total": (first, 7)}))
    for first, second, third in ((G, F, D), (F, D, T), (D, T, G), (T, G, F)):  # h-triple
        out.append(("h-triple", 4, {"cells": ((0, 0, first), (0, 1, second), (0, 2, third))}))
    return out


def _balance_tiles() -> tuple[BalanceTile, ...]:
    tiles: list[BalanceTile] = []
    for kind, patterns in ((0, _side_patterns()), (1, _center_patterns()), (2, _side_patterns())):
        for number, (family, points, spec) in enumerate(patterns, start=1):
            tiles.append(
                BalanceTile(
                    id=len(tiles),
                    name=f"{KIND_LETTERS[kind]}{number:02d}",
                    kind=kind,
                    hp=points,
                    family=family,
                    **spec,  # type: ignore[arg-type]
                )
            )
    return tuple(tiles)


BALANCE_TILES: tuple[BalanceTile, ...] = _balance_tiles()
"""The 68 balance tiles (REC catalog 1.8): ids 0..23 left, 24..43 center, 44..67 right."""

NIGHT_SPACES: tuple[tuple[int, int], ...] = ((0, 0), (0, 4), (2, 0), (2, 4))
"""The night side's special spaces (REC catalog 1.5: the four corners of the home)."""


def night_spaces(board: int) -> dict[int, int]:
    """The special spaces of night board ``board``: home index -> required type (REC 1.5).

    The type assignment rotates with the board index so that the four boards differ.
    """
    return {row * 5 + col: (index + board) % 4 for index, (row, col) in enumerate(NIGHT_SPACES)}
