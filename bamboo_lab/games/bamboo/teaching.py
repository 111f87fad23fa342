"""Teaching helpers: the position builder, "why not?", pattern and tile look-ups, homes as text.

:func:`position` puts any position on the table from what a teacher cares about (homes,
balance tiles, food, coins, HP, spirits, shoots, the main-board temples and stalks, the round)
and completes the rest from the supply, so that the result is a normal, playable, validated
:class:`~.state.State`. :func:`explain` says why an action is not legal, with its rule ID.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import Explanation

from .builder import position
from .builder_tiles import pick_home_tile, read_home_text
from .components import (
    FOOD_KINDS,
    FOOD_VALUES,
    TYPE_LETTERS,
    BalanceTile,
)
from .options import Options
from .reconstructed import BALANCE_TILES, HOME_TILES
from .refusals import RULEBOOK
from .scoring import balance_matches, least_waste_payment
from .state import State

__all__ = [
    "PATTERN_NAMES",
    "balance_tile",
    "explain",
    "feeding_bill",
    "home_from_text",
    "pattern",
    "pattern_report",
    "position",
]

_BY_NAME = {tile.name: tile for tile in BALANCE_TILES}
_HOME_BY_NAME = {tile.name: tile for tile in HOME_TILES}

PATTERN_NAMES: dict[str, str] = {
    "E1": "one decoration tile",
    "E2": "a garden tile with a faith tile to its right",
    "E3": "a decoration tile with a faith tile just below",
    "E4": "garden, faith and decoration tiles in a column, top to bottom",
    "E5": "four tiles in a diamond: faith above, garden right, decoration below, tools left",
    "E6": "five tiles in a row: any, any, garden, garden, any",
    "E7": "faith tiles with 7 or more comfort in all",
    "E8": "a tools tile and any tile to its right, together 4 or more comfort",
    "E9": "4 connected tiles (a 2x2 square in this reading) with 9 or more comfort",
}
"""The example patterns the rulebook prints (named E1..E9 as in the project's rule docs)."""

_EXAMPLE_TILE = {"E1": "L01", "E2": "L05", "E3": "L09", "E4": "L13", "E5": "C01", "E6": "C05"}
_EXAMPLE_TILE.update({"E7": "C13", "E8": "L21", "E9": "C09"})
_FAMILIES = tuple(dict.fromkeys(tile.family for tile in BALANCE_TILES))


# ---------------------------------------------------------------- look-ups


def balance_tile(name: str, options: Options | Mapping[str, Any] | None = None) -> BalanceTile:
    """The balance tile called ``name`` (``L01`` .. ``R24``, ``C01`` .. ``C20``, or custom)."""
    for tile in Options.coerce(options).balance_table:
        if tile.name == name:
            return tile
    raise InvalidStateError(
        f"no balance tile {short_repr(name)} (names are L01..L24, C01..C20, R01..R24)"
    )


def pattern(name: str) -> tuple[BalanceTile, ...]:
    """The balance tiles of a printed example (``"E3"``) or of a family (``"v-pair"``).

    An example gives every tile with exactly that pattern (its left and right copies); a family
    name (``single``, ``h-pair``, ``v-pair``, ``v-triple``, ``type-total``, ``pair-comfort``,
    ``diamond``, ``five-line``, ``shape-comfort``, ``h-triple``) gives the whole family.
    Other names raise InvalidStateError.
    """
    if isinstance(name, str) and name in _EXAMPLE_TILE:
        model = _BY_NAME[_EXAMPLE_TILE[name]]
        key = (model.cells, model.min_comfort, model.type_total, model.hp)
        return tuple(
            tile
            for tile in BALANCE_TILES
            if (tile.cells, tile.min_comfort, tile.type_total, tile.hp) == key
        )
    if isinstance(name, str) and name in _FAMILIES:
        return tuple(tile for tile in BALANCE_TILES if tile.family == name)
    raise InvalidStateError(
        f"no pattern {short_repr(name)}: the printed examples are E1..E9, the families "
        + ", ".join(_FAMILIES)
    )


def home_from_text(text: str, taken: Collection[int] = ()) -> tuple[int, ...]:
    """A home (15 home-tile ids) from the catalog's notation ``(row,col):Type/comfort ...``.

    Example: ``home_from_text("(0,0):G/2 (1,1):F/3")``; ``|`` separators are ignored. Each space
    gets a distinct home tile of that type and comfort (1 when omitted), never one of ``taken``
    (for a second home pass the first's ids; :func:`position` does this by itself). A space off
    the 3x5 grid, an unknown type or a space given twice raises InvalidStateError.
    """
    spaces = read_home_text(text)
    home = [-1] * 15
    used = set(taken)
    for space, (kind, comfort) in spaces.items():
        tile = pick_home_tile(kind, comfort, used, [candidate.id for candidate in HOME_TILES])
        if tile is None:
            raise InvalidStateError(
                f"no home tile {TYPE_LETTERS[kind]}/{comfort} left"
                f" for space {space // 5},{space % 5}"
            )
        used.add(tile)
        home[space] = tile
    return tuple(home)


def pattern_report(home: Sequence[int], tiles: Iterable[int | str | BalanceTile]) -> dict[str, Any]:
    """For each balance tile (id, name or tile): its HP and every placement matching in ``home``."""
    out: dict[str, Any] = {}
    for item in tiles:
        if isinstance(item, BalanceTile):
            tile = item
        elif (
            isinstance(item, int) and not isinstance(item, bool) and 0 <= item < len(BALANCE_TILES)
        ):
            tile = BALANCE_TILES[item]
        else:
            tile = balance_tile(item)  # type: ignore[arg-type]
        matches = balance_matches(tile, home)
        out[tile.name] = {
            "pattern": tile.describe(),
            "hp": tile.hp,
            "met": bool(matches),
            "spaces": [[(space // 5, space % 5) for space in match] for match in matches],
        }
    return out


def feeding_bill(home: Sequence[int], food: Sequence[int], ookami: bool = False) -> dict[str, Any]:
    """The Winter bill of a home (BB-WIN-2): need, Ookami, least-waste payment, HP lost."""
    need = sum(1 for tile in home if tile >= 0)
    units = 4 if ookami and need else 0
    pay = least_waste_payment(food, need - units) if units < need else (0, 0, 0)
    paid = sum(count * value for count, value in zip(pay, FOOD_VALUES, strict=True))
    return {
        "need": need,
        "ookami": units,
        "pay": {FOOD_KINDS[kind]: pay[kind] for kind in range(3) if pay[kind]},
        "waste": max(0, units + paid - need),
        "hp_lost": max(0, need - units - paid),
        "kept": {
            FOOD_KINDS[kind]: food[kind] - pay[kind] for kind in range(3) if food[kind] - pay[kind]
        },
    }


# ---------------------------------------------------------------- why not?


def explain(state: State, action_or_text: Any) -> Explanation:
    """Whether an action (or its text) is legal in ``state`` and, if not, the rule it breaks.

    Malformed text, or an object that is not a Bamboo action, raises InvalidActionError.
    """
    return RULEBOOK.explain(state, action_or_text)
