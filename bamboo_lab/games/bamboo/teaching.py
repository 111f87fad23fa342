"""Teaching helpers: build a home from text, show where patterns match, the feeding bill."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bamboo_lab.core.errors import InvalidStateError

from .components import FOOD_KINDS, FOOD_VALUES, HOME_COLS, HOME_ROWS, TYPE_LETTERS, BalanceTile
from .reconstructed import BALANCE_TILES, HOME_TILES
from .scoring import balance_matches, least_waste_payment

__all__ = ["balance_tile", "feeding_bill", "home_from_text", "pattern_report"]

_BY_NAME = {t.name: t for t in BALANCE_TILES}


def balance_tile(name: str) -> BalanceTile:
    """The balance tile called ``name`` (``L01`` .. ``R24``, ``C01`` .. ``C20``)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise InvalidStateError(f"no balance tile {name!r}") from None


def home_from_text(text: str) -> tuple[int, ...]:
    """A home (15 home-tile ids) from the catalog's notation ``(row,col):Type/comfort ...``.

    Example: ``home_from_text("(0,0):G/2 (1,1):F/3")``; ``|`` separators are ignored. Each space
    gets a distinct home tile of that type and comfort (1 when omitted). A space off the 3x5
    grid, an unknown type or a space given twice raises InvalidStateError.
    """
    home = [-1] * 15
    used: set[int] = set()
    for word in text.replace("|", " ").split():
        try:
            where, what = word.split(":")
            r, c = (int(x) for x in where.strip("()").split(","))
            letter, _, comfort = what.partition("/")
            if not (0 <= r < HOME_ROWS and 0 <= c < HOME_COLS) or home[r * 5 + c] >= 0:
                raise ValueError("off the grid or given twice")  # BB-PAT-1
            if len(letter) != 1 or letter not in TYPE_LETTERS:
                raise ValueError("unknown type")
            kind = TYPE_LETTERS.index(letter)
            value = int(comfort) if comfort else 1
            tile = next(
                t.id
                for t in HOME_TILES
                if t.type == kind and t.comfort == value and t.id not in used
            )
        except (ValueError, StopIteration) as exc:
            raise InvalidStateError(f"cannot read home space {word!r}") from exc
        used.add(tile)
        home[r * 5 + c] = tile
    return tuple(home)


def pattern_report(home: Sequence[int], tiles: Iterable[int | str]) -> dict[str, Any]:
    """For each balance tile (id or name): its HP and every placement matching in ``home``."""
    out: dict[str, Any] = {}
    for t in tiles:
        tile = BALANCE_TILES[t] if isinstance(t, int) else balance_tile(t)
        matches = balance_matches(tile, home)
        out[tile.name] = {
            "pattern": tile.describe(),
            "hp": tile.hp,
            "met": bool(matches),
            "spaces": [[(i // 5, i % 5) for i in m] for m in matches],
        }
    return out


def feeding_bill(home: Sequence[int], food: Sequence[int], ookami: bool = False) -> dict[str, Any]:
    """The Winter bill of a home (BB-WIN-2): need, Ookami, least-waste payment, HP lost."""
    need = sum(1 for h in home if h >= 0)
    units = 4 if ookami and need else 0
    pay = least_waste_payment(food, need - units) if units < need else (0, 0, 0)
    paid = sum(n * v for n, v in zip(pay, FOOD_VALUES, strict=True))
    return {
        "need": need,
        "ookami": units,
        "pay": {FOOD_KINDS[f]: pay[f] for f in range(3) if pay[f]},
        "waste": max(0, units + paid - need),
        "hp_lost": max(0, need - units - paid),
        "kept": {FOOD_KINDS[f]: food[f] - pay[f] for f in range(3) if food[f] - pay[f]},
    }
