"""Bamboo scoring: balance patterns, harmony, feeding, temple majorities, final score (pure).

Every function here takes plain values (a home as 15 home-tile ids, -1 for an empty space, row
by row; balance tiles; food counts) so that notebooks and widgets can call them on any position.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from .components import (
    FOOD_VALUES,
    HOME_COLS,
    LEFT_COLS,
    RIGHT_COLS,
    BalanceTile,
    spirit_kind,
)
from .reconstructed import BALANCE_TILES, HOME_TILES

__all__ = [
    "GHOST",
    "balance_matches",
    "feeding_shortfall",
    "final_breakdown",
    "harmony",
    "harmony_penalty",
    "held_tiles_met",
    "home_comfort",
    "is_balance_met",
    "least_waste_payment",
    "rank_players",
    "spirit_diversity",
    "temple_majority",
    "unscored_balance_points",
]

GHOST = -1
"""The owner code of the brown ghost's incense sticks (2 players, R-EN section I)."""

_TYPE = tuple(tile.type for tile in HOME_TILES)
_COMFORT = tuple(tile.comfort for tile in HOME_TILES)
_ALL_COLS = tuple(range(HOME_COLS))
_REGION_COLS = (LEFT_COLS, _ALL_COLS, RIGHT_COLS)
_LEFT_SPACES = tuple(space for space in range(15) if space % 5 in LEFT_COLS)
_RIGHT_SPACES = tuple(space for space in range(15) if space % 5 in RIGHT_COLS)
_REGION_SPACES = (_LEFT_SPACES, tuple(range(15)), _RIGHT_SPACES)


def balance_matches(
    tile: BalanceTile, home: Sequence[int], region: int | None = None
) -> tuple[tuple[int, ...], ...]:
    """Every placement where ``tile``'s pattern is met in ``home``, as tuples of home indices.

    ``region`` overrides the tile's own kind (0 left, 1 center, 2 right). Patterns are matched in
    the orientation shown and a home tile may serve several balance tiles (BB-PAT-2, B11); only
    tiles inside the region count (B12). A comfort-total pattern gives one placement: the tiles
    of its type in the region.
    """
    cols = _REGION_COLS[tile.kind if region is None else region]
    if tile.type_total is not None:
        kind, need = tile.type_total
        idx = tuple(
            space
            for space in range(15)
            if home[space] >= 0 and space % 5 in cols and _TYPE[home[space]] == kind
        )
        return (idx,) if sum(_COMFORT[home[space]] for space in idx) >= need else ()
    return tuple(_met_placements(tile, home, region))


def _met_placements(
    tile: BalanceTile, home: Sequence[int], region: int | None
) -> Iterator[tuple[int, ...]]:
    """Each placement of ``tile``'s cell pattern met in ``home``, in order, found lazily."""
    for cells in tile.placements[tile.kind if region is None else region]:
        comfort = 0
        for space, want in cells:
            home_tile = home[space]
            if home_tile < 0 or (want is not None and _TYPE[home_tile] != want):
                break
            comfort += _COMFORT[home_tile]
        else:
            if comfort >= tile.min_comfort:
                yield tuple(space for space, _ in cells)


def is_balance_met(tile: BalanceTile, home: Sequence[int], region: int | None = None) -> bool:
    """True when ``tile``'s pattern is met somewhere in its region of ``home`` (BB-ACT-3).

    The same answer as ``bool(balance_matches(...))``, stopping at the first placement (the
    legal actions ask it for every held tile)."""
    if tile.type_total is not None:
        kind, need = tile.type_total
        total = 0
        for space in _REGION_SPACES[tile.kind if region is None else region]:
            home_tile = home[space]
            if home_tile >= 0 and _TYPE[home_tile] == kind:
                total += _COMFORT[home_tile]
        return total >= need
    if len(home) - home.count(-1) < len(tile.cells):
        return False  # each cell needs its own home tile
    for _ in _met_placements(tile, home, region):  # the first placement met is enough
        return True
    return False


def held_tiles_met(
    tiles: Sequence[BalanceTile], held: tuple[int, ...], home: tuple[int, ...]
) -> list[int]:
    """The tile ids of ``held`` (of the game's table ``tiles``) whose pattern is met in
    ``home``, in order (BB-ACT-3)."""
    return [tile for tile in held if is_balance_met(tiles[tile], home)]


def home_comfort(home: Iterable[int]) -> int:
    """Total comfort of the home tiles (the final tie-break, R-EN section VI)."""
    return sum(_COMFORT[tile] for tile in home if tile >= 0)


def harmony(home: Sequence[int]) -> tuple[int, int]:
    """``(left comfort, right comfort)``: the 6 left and the 6 right spaces (BB-END-3)."""
    left = right = 0
    for space in _LEFT_SPACES:
        if home[space] >= 0:
            left += _COMFORT[home[space]]
    for space in _RIGHT_SPACES:
        if home[space] >= 0:
            right += _COMFORT[home[space]]
    return left, right


def harmony_penalty(home: Sequence[int]) -> int:
    """-2 HP per point of comfort difference between the left and right sides (BB-END-3)."""
    left, right = harmony(home)
    return -2 * abs(left - right)


def spirit_diversity(spirits: Iterable[str]) -> int:
    """+2 HP per different spirit kind owned, used or not (BB-END-2).

    Names are accepted as printed (``Ookami``) or in notation (``ookami``); others are refused.
    """
    return 2 * len({spirit_kind(spirit) for spirit in spirits})


def unscored_balance_points(
    balance: Iterable[int], home: Sequence[int], tiles: Sequence[BalanceTile] = BALANCE_TILES
) -> int:
    """Half the HP, rounded up, of each unscored balance tile whose pattern is met (BB-END-4).

    ``tiles`` is the game's table (``state.options.balance_table`` with custom tiles).
    """
    met = held_tiles_met(tiles, tuple(balance), tuple(home))  # the remembered answers
    return sum(-(-tiles[tile].hp // 2) for tile in met)


def feeding_shortfall(home: Sequence[int], food: Sequence[int], ookami: bool = False) -> int:
    """The HP a Winter feeding of ``home`` would cost now (BB-WIN-2): 1 per food unit missing
    after Ookami's 4 units (BB-SPI-4) and every counter held are paid."""
    need = sum(1 for tile in home if tile >= 0)
    units = 4 if ookami and need else 0
    return max(
        0, need - units - sum(count * value for count, value in zip(food, FOOD_VALUES, strict=True))
    )


def least_waste_payment(food: Sequence[int], need: int) -> tuple[int, int, int]:
    """Counters ``(tea, rice, ramen)`` paying ``need`` units with the least waste (B14).

    With too little food everything is paid (owned food must be paid, BB-WIN-2). Among exact
    or least-waste payments the one using the fewest counters is chosen.
    """
    total = sum(count * food_value for count, food_value in zip(food, FOOD_VALUES, strict=True))
    if total <= need:
        return (food[0], food[1], food[2])
    best: tuple[int, int, tuple[int, int, int]] | None = None
    for tea in range(food[0] + 1):
        for rice in range(food[1] + 1):
            for ramen in range(food[2] + 1):
                value = tea + 2 * rice + 3 * ramen
                if value < need:
                    continue
                key = (value - need, tea + rice + ramen, (tea, rice, ramen))
                if best is None or key[:2] < best[:2]:
                    best = key
    assert best is not None
    return best[2]


def temple_majority(stack: Sequence[int]) -> tuple[int, ...]:
    """Owners of a temple's sticks (bottom to top) ranked for its spirit (BB-AUT-1).

    Most sticks first; a tie goes to the owner whose stick is highest (placed last).
    """
    by_top = dict.fromkeys(reversed(stack))  # the owners, highest stick first
    # a stable sort (stable with reverse too): among equal counts the highest stick stays first
    return tuple(sorted(by_top, key=stack.count, reverse=True))


def final_breakdown(
    happiness: int,
    spirits: Iterable[str],
    home: Sequence[int],
    balance: Iterable[int],
    night: Mapping[int, int] | None = None,
    tiles: Sequence[BalanceTile] = BALANCE_TILES,
) -> dict[str, Any]:
    """The final scoring of one player (R-EN section VI) as a dict with a ``total``."""
    spirit_list = list(spirits)
    left, right = harmony(home)
    parts: dict[str, Any] = {
        "happiness": happiness,
        "spirits": spirit_diversity(spirit_list),
        "harmony": -2 * abs(left - right),
        "balance": unscored_balance_points(balance, home, tiles),
        "night": -sum(1 for space in (night or {}) if home[space] < 0),  # BB-ADV-2
    }
    parts["total"] = sum(parts.values())
    parts["left_comfort"] = left
    parts["right_comfort"] = right
    parts["comfort"] = home_comfort(home)
    return parts


def rank_players(totals: Sequence[int], comforts: Sequence[int]) -> tuple[int, ...]:
    """The winners: most HP, then most total home comfort, then a shared win (BB-END-5)."""
    best = max(zip(totals, comforts, strict=True))
    return tuple(seat for seat, key in enumerate(zip(totals, comforts, strict=True)) if key == best)
