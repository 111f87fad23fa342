"""The position builder's tiles: home tiles and balance tiles put on boards and market rows.

:func:`.builder.position` asks these for the tiles a teacher names; every tile is taken from
the supply (:func:`take_from`), so the built position keeps every component.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import InvalidStateError

from .components import HOME_COLS, HOME_ROWS, TYPE_LETTERS, BalanceTile
from .options import Options
from .reconstructed import HOME_TILES

__all__ = ["pick_home_tile", "place_balance", "place_homes", "read_home_text", "take_from"]

_HOME_BY_NAME = {tile.name: tile for tile in HOME_TILES}


def _balance_tile(name: Any, opts: Options) -> BalanceTile:
    for tile in opts.balance_table:
        if tile.name == name:
            return tile
    raise InvalidStateError(
        f"no balance tile {short_repr(name)} (names are L01..L24, C01..C20, R01..R24)"
    )


def read_home_text(text: str) -> dict[int, tuple[int, int]]:
    """``{space: (type, comfort)}`` from ``(row,col):Type/comfort`` words (InvalidStateError)."""
    if not isinstance(text, str):
        raise InvalidStateError(f"a home text must be a string, not {type(text).__name__}")
    out: dict[int, tuple[int, int]] = {}
    for word in text.replace("|", " ").split():
        try:
            where, what = word.split(":")
            row, col = (int(part) for part in where.strip("()").split(","))
            letter, _, comfort = what.partition("/")
            if not (0 <= row < HOME_ROWS and 0 <= col < HOME_COLS) or row * 5 + col in out:
                raise ValueError("off the grid or given twice")  # BB-PAT-1
            if len(letter) != 1 or letter not in TYPE_LETTERS or len(comfort) > 1:
                raise ValueError("unknown type")
            out[row * 5 + col] = (TYPE_LETTERS.index(letter), int(comfort) if comfort else 1)
        except ValueError as exc:
            raise InvalidStateError(f"cannot read home space {short_repr(word)}") from exc
    return out


def pick_home_tile(
    kind: int, comfort: int, used: Collection[int], pool: Iterable[int]
) -> int | None:
    """The lowest-id tile of the pool with that type and comfort, not used yet."""
    ids = [tile for tile in pool if tile not in used]
    found = [
        tile
        for tile in ids
        if HOME_TILES[tile].type == kind and HOME_TILES[tile].comfort == comfort
    ]
    return min(found) if found else None


def take_from(pool: list[Any], item: Any, what: str) -> None:
    """Take ``item`` out of ``pool``; InvalidStateError naming ``what`` when none is left."""
    if item not in pool:
        raise InvalidStateError(f"{what} ran out: none left in the supply")
    pool.remove(item)


def _home_entry(entry: Any, where: str) -> tuple[str, Any]:
    if entry is None or entry == -1:
        return ("empty", None)
    if isinstance(entry, str) and entry in _HOME_BY_NAME:
        return ("id", _HOME_BY_NAME[entry].id)
    if (
        isinstance(entry, str)
        and len(entry) == 2
        and entry[0] in TYPE_LETTERS
        and entry[1] in "123"
    ):
        return ("kind", (TYPE_LETTERS.index(entry[0]), int(entry[1])))
    if isinstance(entry, int) and not isinstance(entry, bool) and 0 <= entry < len(HOME_TILES):
        return ("same", entry)
    raise InvalidStateError(
        f"{where}: {short_repr(entry)} is not a home tile ('A05', 'G2' or None)"
    )


def _twin(first: Any, second: Any) -> bool:
    """Two home tiles alike in play: category (cost, HP), type and comfort."""
    return (first.category, first.type, first.comfort) == (
        second.category,
        second.type,
        second.comfort,
    )


def place_homes(data: dict[str, Any], changes: dict[int, dict[str, Any]], market: Any) -> None:
    """Homes from the home markets and stacks; by type and comfort the lowest id available."""
    wanted = {
        seat: board_changes["home"]
        for seat, board_changes in changes.items()
        if "home" in board_changes
    }
    if not wanted and market is None:
        return
    pools = _home_pools(data, wanted)
    specs = {seat: _home_entries(seat, home) for seat, home in wanted.items()}
    new = {seat: [-1] * 15 for seat in wanted}
    _take_named_homes(pools, specs, new)  # named tiles first, then by type and comfort
    _take_homes_by_type_and_comfort(pools, specs, new)
    for seat, home in new.items():
        data["boards"][seat]["home"] = home
    _refill_home_market(data, pools, market)


def _home_pools(data: dict[str, Any], wanted: dict[int, Any]) -> list[list[int]]:
    """Each category's home tiles to take from: market, stack and the homes being replaced."""
    pools = [
        list(data["home_market"][category]) + list(data["home_stacks"][category])
        for category in range(2)
    ]
    for seat in wanted:
        for home_id in data["boards"][seat]["home"]:
            if home_id >= 0:
                pools[HOME_TILES[home_id].category].append(home_id)
    return pools


def _home_entries(seat: int, home: Any) -> list[tuple[str, Any]]:
    """One seat's 15 home spaces read from a home text or a list of 15 entries."""
    if isinstance(home, str):
        spaces = read_home_text(home)
        return [
            ("kind", spaces[space]) if space in spaces else ("empty", None) for space in range(15)
        ]
    if isinstance(home, (list, tuple)) and len(home) == 15:
        return [
            _home_entry(entry, f"boards[{seat}].home[{space}]") for space, entry in enumerate(home)
        ]
    raise InvalidStateError(f"boards[{seat}].home: a home text or 15 entries")


def _take_named_homes(
    pools: list[list[int]],
    specs: dict[int, list[tuple[str, Any]]],
    new: dict[int, list[int]],
) -> None:
    """Put the tiles named (or given by id, then that tile or an identical one) on the homes."""
    for seat, entries in specs.items():
        for space, (how, value) in enumerate(entries):
            if how == "id":
                tile = HOME_TILES[value]
                take_from(pools[tile.category], value, f"home tile {tile.name}")
                new[seat][space] = value
            elif how == "same":  # an id from home_from_text: that tile or an identical one
                new[seat][space] = _take_home_twin(pools, value)


def _take_home_twin(pools: list[list[int]], value: int) -> int:
    """Take home tile ``value`` or, when it is gone, the lowest-id tile just like it."""
    tile = HOME_TILES[value]
    twins = [home_id for home_id in pools[tile.category] if _twin(HOME_TILES[home_id], tile)]
    if not twins:
        raise InvalidStateError(f"home tiles like {tile.name} ran out")
    pools[tile.category].remove(value if value in twins else min(twins))
    return value if value in twins else min(twins)


def _take_homes_by_type_and_comfort(
    pools: list[list[int]],
    specs: dict[int, list[tuple[str, Any]]],
    new: dict[int, list[int]],
) -> None:
    """Put on the homes the lowest-id tile of each type and comfort asked for."""
    for seat, entries in specs.items():
        for space, (how, value) in enumerate(entries):
            if how == "kind":
                pool = pools[0] + pools[1]
                home_id = pick_home_tile(value[0], value[1], (), pool)
                if home_id is None:
                    raise InvalidStateError(
                        f"home tiles {TYPE_LETTERS[value[0]]}/{value[1]} ran out"
                        f" (boards[{seat}] space {space // 5},{space % 5})"
                    )
                pools[HOME_TILES[home_id].category].remove(home_id)
                new[seat][space] = home_id


def _refill_home_market(data: dict[str, Any], pools: list[list[int]], market: Any) -> None:
    """The named market tiles face up first, then each row refills (4 tiles) from its stack."""
    if market is not None:
        _front(
            pools,
            market,
            "home_market",
            2,
            lambda name: _HOME_BY_NAME.get(name) if isinstance(name, str) else None,
        )
    data["home_market"] = [pool[:4] for pool in pools]
    data["home_stacks"] = [pool[4:] for pool in pools]
    data["home_known"] = [
        min(category, len(stack))
        for category, stack in zip(data["home_known"], data["home_stacks"], strict=True)
    ]


def _front(pools: list[list[int]], rows: Any, name: str, count: int, find: Any) -> None:
    """Move the named tiles to the front of their row's pool (face up, lowest spaces)."""
    if not isinstance(rows, (list, tuple)) or len(rows) != count:
        raise InvalidStateError(f"{name} must be {count} rows of tile names")
    for kind, row in enumerate(rows):
        if not isinstance(row, (list, tuple)) or len(row) > (3 if count == 3 else 4):
            raise InvalidStateError(f"{name}[{kind}]: at most {3 if count == 3 else 4} tile names")
        ids = []
        for item in row:
            tile = find(item)
            if tile is None or getattr(tile, "kind", getattr(tile, "category", -1)) != kind:
                raise InvalidStateError(
                    f"{name}[{kind}]: {short_repr(item)} is not a tile of that row"
                )
            take_from(pools[kind], tile.id, f"{name} tile {tile.name}")
            ids.append(tile.id)
        pools[kind][:0] = ids


def place_balance(
    data: dict[str, Any], changes: dict[int, dict[str, Any]], opts: Options, market: Any
) -> None:
    """Balance tiles held and scored from the balance markets and stacks."""
    wanted = {
        seat: board_changes
        for seat, board_changes in changes.items()
        if "balance" in board_changes or "scored" in board_changes
    }
    if not wanted and market is None:
        return
    tiles = opts.balance_table
    pools = [
        list(data["balance_market"][kind]) + list(data["balance_stacks"][kind]) for kind in range(3)
    ]
    for seat, board_changes in wanted.items():
        board = data["boards"][seat]
        for key in ("balance", "scored"):
            if key in board_changes:
                for tile_id in board[key]:
                    pools[tiles[tile_id].kind].append(tile_id)
    for seat, board_changes in wanted.items():
        for key in ("balance", "scored"):
            if key not in board_changes:
                continue
            names = board_changes[key]
            if not isinstance(names, (list, tuple)):
                raise InvalidStateError(f"boards[{seat}].{key} must be a list of tile names")
            ids = []
            for name in names:
                tile = _balance_tile(name, opts)
                take_from(pools[tile.kind], tile.id, f"balance tile {tile.name}")
                ids.append(tile.id)
            data["boards"][seat][key] = ids
    if market is not None:
        by_name = {tile_id.name: tile_id for tile_id in tiles}
        _front(
            pools,
            market,
            "balance_market",
            3,
            lambda tile_name: by_name.get(tile_name) if isinstance(tile_name, str) else None,
        )
    data["balance_market"] = [pool[:3] for pool in pools]
    data["balance_stacks"] = [pool[3:] for pool in pools]
    data["balance_known"] = [
        min(kind, len(stack))
        for kind, stack in zip(data["balance_known"], data["balance_stacks"], strict=True)
    ]
