"""The Bamboo position builder: any position from what a teacher cares about, validated.

:func:`position` starts from a fresh game (or a given state), takes every requested component
from the supply, keeps the incense, the round track and the markets coherent, and loads the
result through ``State.from_dict``, so a built position is a normal, playable state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from bamboo_lab.core.checks import checked_int, refusing_malformed, short_repr
from bamboo_lab.core.errors import InvalidStateError

from .actions import Choose
from .components import (
    COLOURS,
    FOOD_KINDS,
    HOME_COLS,
    HOME_ROWS,
    TYPE_LETTERS,
    BalanceTile,
    spirit_kind,
)
from .legal import SHOOT_CODE
from .options import Options
from .reconstructed import HOME_TILES
from .scoring import GHOST
from .state import State, new_game

__all__ = ["pick_home_tile", "position", "read_home_text"]

_HOME_BY_NAME = {t.name: t for t in HOME_TILES}
_SHOOT_NAMES = {c: n for n, c in SHOOT_CODE.items()}


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
            r, c = (int(x) for x in where.strip("()").split(","))
            letter, _, comfort = what.partition("/")
            if not (0 <= r < HOME_ROWS and 0 <= c < HOME_COLS) or r * 5 + c in out:
                raise ValueError("off the grid or given twice")  # BB-PAT-1
            if len(letter) != 1 or letter not in TYPE_LETTERS or len(comfort) > 1:
                raise ValueError("unknown type")
            out[r * 5 + c] = (TYPE_LETTERS.index(letter), int(comfort) if comfort else 1)
        except ValueError as exc:
            raise InvalidStateError(f"cannot read home space {short_repr(word)}") from exc
    return out


def pick_home_tile(
    kind: int, comfort: int, used: Collection[int], pool: Iterable[int]
) -> int | None:
    """The lowest-id tile of the pool with that type and comfort, not used yet."""
    ids = [h for h in pool if h not in used]
    found = [h for h in ids if HOME_TILES[h].type == kind and HOME_TILES[h].comfort == comfort]
    return min(found) if found else None


# ---------------------------------------------------------------- the position builder

_BOARD_KEYS = frozenset(
    (
        "home",
        "balance",
        "scored",
        "food",
        "coins",
        "hp",
        "awake",
        "asleep",
        "spirits",
        "temples",
        "reserve",
        "marker",
        "passed",
    )
)
_TOTAL_INCENSE = 7  # BB-PL-2: 3 in reserve and 4 on the round track


@refusing_malformed("bamboo.position")
def position(
    *,
    players: int = 2,
    seed: int = 0,
    options: Options | Mapping[str, Any] | None = None,
    base: State | None = None,
    round: int | None = None,
    player: int | None = None,
    first_player: int | None = None,
    boards: Mapping[int, Mapping[str, Any]] | Sequence[Mapping[str, Any] | None] | None = None,
    temples: Sequence[Sequence[int | str]] | None = None,
    stalks: Sequence[Sequence[str]] | None = None,
    food_display: Sequence[str] | None = None,
    balance_market: Sequence[Sequence[str]] | None = None,
    home_market: Sequence[Sequence[str]] | None = None,
) -> State:
    """A validated, playable position built from what a teacher cares about.

    Without ``base`` the game starts from ``new_game(players, seed, options)`` played to the
    first Summer decision (drafting the first shoot offered, declining every gift); with
    ``base`` that state is the starting point (its phase is kept). Then:

    - ``round`` (1-4, Summer only): the round tracks hold ``4 - round`` sticks each;
    - ``player`` (the seat to decide, Summer only) and ``first_player`` (the start player);
    - ``boards``: per seat (a list, or a dict seat -> changes) any of ``home`` (text
      ``"(0,0):G/2 (1,1):F"`` or 15 entries: None, a tile name ``"A05"``, ``"G2"`` for a type
      and comfort, or a tile id, as :func:`.teaching.home_from_text` gives, which stands for
      any tile just like it when that one is taken), ``balance`` and ``scored`` (tile
      names), ``food`` (``{"rice": 2}`` or 3 counts), ``coins``, ``hp``,
      ``awake``/``asleep``/``spirits`` (names as printed or in notation; ``spirits`` =
      awake), ``temples`` (4 lists of shoot names, by colour, or a dict colour -> shoots),
      ``reserve``, ``marker`` (a colour or None), ``passed``;
    - ``temples``: the 4 main-board incense stacks bottom to top (seats, ``"ghost"`` or -1); with
      2 players the ghost's sticks are put at the bottom when none are given;
    - ``stalks``: 4 stalks of 3 shoot names, base first; ``food_display``: food names;
    - ``balance_market`` (3 rows: left, center, right) and ``home_market`` (2 rows: A, B): tile
      names put face up first in their row, the rest of the row from its stack;
    - ``options`` with ``base``: other rule variants for the same components.

    Every component is taken from the supply (market rows refill from their stacks), so
    ``inventory()`` is unchanged; an impossible request raises InvalidStateError saying which
    component ran out or what conflicts. The state's ``start`` is its own dict.
    """
    if base is None:
        state = _to_summer(new_game(players, seed, options))
    elif isinstance(base, State):
        state = base
    else:
        raise InvalidStateError(f"base must be a Bamboo State, not {type(base).__name__}")
    d = state.to_dict()
    d.pop("start_position", None)
    d["history"] = []
    n = state.num_players
    opts = state.options
    if base is not None and options is not None:
        opts = Options.coerce(options)
        d["options"] = opts.to_dict()
    changes = _board_changes(boards, n)
    if (round is not None or player is not None) and state.phase != "visit":
        raise InvalidStateError("round and player are set at a Summer decision (phase visit)")
    if round is not None:
        d["round"] = checked_int(round, "round", 1, 4)
        for b in d["boards"]:
            b["track"] = 4 - d["round"]  # BB-SPR-3: one stick leaves the track each Spring
    if player is not None:
        d["player"] = checked_int(player, "player", 0, n - 1)
    if first_player is not None:
        d["start"] = checked_int(first_player, "first_player", 0, n - 1)
    if temples is not None:
        d["temples"] = _main_temples(temples, n, d["temples"])
        d["temple_tiles"] = [sum(o == GHOST for o in t) for t in d["temples"]] if n == 2 else []
    _place_shoots(d, changes, stalks)
    _place_homes(d, changes, home_market)
    _place_balance(d, changes, opts, balance_market)
    _place_food(d, changes, food_display)
    _place_spirits(d, changes)
    for p, ch in changes.items():
        b = d["boards"][p]
        for key in ("coins", "hp", "passed"):
            if key in ch:
                b[key] = ch[key]
        if "marker" in ch:
            m = ch["marker"]
            b["marker"] = -1 if m is None else _colour(m, f"boards[{p}].marker")
    _balance_incense(d, changes, round is not None or temples is not None)
    d["start_position"] = {k: v for k, v in d.items()}
    return State.from_dict(d)


def _to_summer(state: State) -> State:
    """Play a fresh game to the first Summer decision: first draft offered, gifts declined."""
    decline = Choose("decline")
    while state.phase != "visit":
        legal = state.legal_actions()
        state = state.apply(decline if decline in legal else legal[0])
    return state


def _board_changes(boards: Any, n: int) -> dict[int, dict[str, Any]]:
    if boards is None:
        return {}
    if isinstance(boards, Mapping):
        items = list(boards.items())
    elif isinstance(boards, (list, tuple)):
        items = list(enumerate(boards))
    else:
        raise InvalidStateError(
            "boards must be a list (one entry per seat) or a dict seat -> board"
        )
    out: dict[int, dict[str, Any]] = {}
    for p, ch in items:
        checked_int(p, "a board's seat", 0, n - 1)
        if ch is None:
            continue
        if not isinstance(ch, Mapping) or set(ch) - _BOARD_KEYS:
            unknown = sorted(set(ch) - _BOARD_KEYS) if isinstance(ch, Mapping) else ch
            raise InvalidStateError(f"boards[{p}]: unknown entries {short_repr(unknown)}")
        out[p] = dict(ch)
    return out


def _colour(value: Any, name: str) -> int:
    if isinstance(value, str) and value in COLOURS:
        return COLOURS.index(value)
    raise InvalidStateError(f"{name} must be one of {list(COLOURS)}, not {short_repr(value)}")


def _shoot(name: Any, where: str) -> int:
    if isinstance(name, str) and name in SHOOT_CODE:
        return SHOOT_CODE[name]
    raise InvalidStateError(
        f"{where}: {short_repr(name)} is not a shoot (colour letter + action, 'Rb')"
    )


def _main_temples(temples: Any, n: int, old: list[list[int]]) -> list[list[int]]:
    if not isinstance(temples, (list, tuple)) or len(temples) != 4:
        raise InvalidStateError("temples must be 4 incense stacks, bottom to top")
    out = []
    for t, stack in enumerate(temples):
        if not isinstance(stack, (list, tuple)):
            raise InvalidStateError(f"temples[{t}] must be a list of seats")
        owners = [
            GHOST if o in ("ghost", GHOST) else checked_int(o, f"temples[{t}]", 0, n - 1)
            for o in stack
        ]
        out.append(owners)
    if n == 2 and not any(GHOST in s for s in out):  # BB-SET-8: the ghost's sticks stay
        out = [[GHOST] * old[t].count(GHOST) + s for t, s in enumerate(out)]
    return out


def _take(pool: list[Any], item: Any, what: str) -> None:
    if item not in pool:
        raise InvalidStateError(f"{what} ran out: none left in the supply")
    pool.remove(item)


def _place_shoots(d: dict[str, Any], changes: dict[int, dict[str, Any]], stalks: Any) -> None:
    """Board temples and stalks from the shoots out of play (and those they replace)."""
    pool = list(d["shoot_box"])
    wanted = {p: ch["temples"] for p, ch in changes.items() if "temples" in ch}
    for p in wanted:
        pool += [c for t in d["boards"][p]["temples"] for c in t]
    new_stalks = None
    if stalks is not None:
        pool += [c for st in d["stalks"] for c in st]
        if not isinstance(stalks, (list, tuple)) or len(stalks) != 4:
            raise InvalidStateError("stalks must be 4 stalks of 3 shoots, base first")
        new_stalks = []
        for k, st in enumerate(stalks):
            if not isinstance(st, (list, tuple)) or len(st) != 3:
                raise InvalidStateError(f"stalks[{k}] must hold 3 shoots, base first")
            new_stalks.append([_shoot(x, f"stalks[{k}]") for x in st])
    new_temples: dict[int, list[list[int]]] = {}
    for p, spec in wanted.items():
        if isinstance(spec, Mapping):
            spec = [spec.get(c, ()) for c in COLOURS]
        if not isinstance(spec, (list, tuple)) or len(spec) != 4:
            raise InvalidStateError(f"boards[{p}].temples: 4 lists of shoots, by colour")
        new_temples[p] = [
            [_shoot(x, f"boards[{p}].temples[{t}]") for x in names] for t, names in enumerate(spec)
        ]
    asked = [c for temples in new_temples.values() for t in temples for c in t]
    asked += [c for st in new_stalks or [] for c in st]
    _borrow(d, pool, Counter(asked), stalks is None, set(wanted))
    for c in asked:
        _take(pool, c, "shoot " + _SHOOT_NAMES[c])
    for p, temples in new_temples.items():
        d["boards"][p]["temples"] = temples
    if new_stalks is not None:
        d["stalks"] = new_stalks
    d["shoot_box"] = sorted(pool)


def _borrow(
    d: dict[str, Any], pool: list[int], need: Counter[int], stalks: bool, kept: Any
) -> None:
    """Shoots short in the supply are swapped out of the stalks (or others' temples)."""
    have = Counter(pool)
    spare = list((have - need).elements())
    places = [st for st in d["stalks"]] if stalks else []
    places += [t for p, b in enumerate(d["boards"]) if p not in kept for t in b["temples"]]
    for c, k in (need - have).items():
        for _ in range(k):
            spot = next((st for st in places if c in st), None)
            if spot is None or not spare:
                raise InvalidStateError(f"shoot {_SHOOT_NAMES[c]} ran out: none left to take")
            r = spare.pop(0)
            spot[spot.index(c)] = r
            pool.remove(r)
            pool.append(c)


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


def _twin(a: Any, b: Any) -> bool:
    """Two home tiles alike in play: category (cost, HP), type and comfort."""
    return (a.category, a.type, a.comfort) == (b.category, b.type, b.comfort)


def _place_homes(d: dict[str, Any], changes: dict[int, dict[str, Any]], market: Any) -> None:
    """Homes from the home markets and stacks; by type and comfort the lowest id available."""
    wanted = {p: ch["home"] for p, ch in changes.items() if "home" in ch}
    if not wanted and market is None:
        return
    pools = [list(d["home_market"][k]) + list(d["home_stacks"][k]) for k in range(2)]
    for p in wanted:
        for h in d["boards"][p]["home"]:
            if h >= 0:
                pools[HOME_TILES[h].category].append(h)
    specs: dict[int, list[tuple[str, Any]]] = {}
    for p, home in wanted.items():
        if isinstance(home, str):
            spaces = read_home_text(home)
            entries: list[tuple[str, Any]] = [
                ("kind", spaces[i]) if i in spaces else ("empty", None) for i in range(15)
            ]
        elif isinstance(home, (list, tuple)) and len(home) == 15:
            entries = [_home_entry(e, f"boards[{p}].home[{i}]") for i, e in enumerate(home)]
        else:
            raise InvalidStateError(f"boards[{p}].home: a home text or 15 entries")
        specs[p] = entries
    new = {p: [-1] * 15 for p in wanted}
    for p, entries in specs.items():  # named tiles first, then by type and comfort
        for i, (how, value) in enumerate(entries):
            if how == "id":
                tile = HOME_TILES[value]
                _take(pools[tile.category], value, f"home tile {tile.name}")
                new[p][i] = value
            elif how == "same":  # an id from home_from_text: that tile or an identical one
                tile = HOME_TILES[value]
                twins = [h for h in pools[tile.category] if _twin(HOME_TILES[h], tile)]
                if not twins:
                    raise InvalidStateError(f"home tiles like {tile.name} ran out")
                pools[tile.category].remove(value if value in twins else min(twins))
                new[p][i] = value if value in twins else min(twins)
    for p, entries in specs.items():
        for i, (how, value) in enumerate(entries):
            if how == "kind":
                pool = pools[0] + pools[1]
                h = pick_home_tile(value[0], value[1], (), pool)
                if h is None:
                    raise InvalidStateError(
                        f"home tiles {TYPE_LETTERS[value[0]]}/{value[1]} ran out"
                        f" (boards[{p}] space {i // 5},{i % 5})"
                    )
                pools[HOME_TILES[h].category].remove(h)
                new[p][i] = h
    for p, home in new.items():
        d["boards"][p]["home"] = home
    if market is not None:
        _front(
            pools,
            market,
            "home_market",
            2,
            lambda x: _HOME_BY_NAME.get(x) if isinstance(x, str) else None,
        )
    d["home_market"] = [pool[:4] for pool in pools]
    d["home_stacks"] = [pool[4:] for pool in pools]
    d["home_known"] = [
        min(k, len(st)) for k, st in zip(d["home_known"], d["home_stacks"], strict=True)
    ]


def _front(pools: list[list[int]], rows: Any, name: str, count: int, find: Any) -> None:
    """Move the named tiles to the front of their row's pool (face up, lowest spaces)."""
    if not isinstance(rows, (list, tuple)) or len(rows) != count:
        raise InvalidStateError(f"{name} must be {count} rows of tile names")
    for k, row in enumerate(rows):
        if not isinstance(row, (list, tuple)) or len(row) > (3 if count == 3 else 4):
            raise InvalidStateError(f"{name}[{k}]: at most {3 if count == 3 else 4} tile names")
        ids = []
        for x in row:
            tile = find(x)
            if tile is None or getattr(tile, "kind", getattr(tile, "category", -1)) != k:
                raise InvalidStateError(f"{name}[{k}]: {short_repr(x)} is not a tile of that row")
            _take(pools[k], tile.id, f"{name} tile {tile.name}")
            ids.append(tile.id)
        pools[k][:0] = ids


def _place_balance(
    d: dict[str, Any], changes: dict[int, dict[str, Any]], opts: Options, market: Any
) -> None:
    """Balance tiles held and scored from the balance markets and stacks."""
    wanted = {p: ch for p, ch in changes.items() if "balance" in ch or "scored" in ch}
    if not wanted and market is None:
        return
    tiles = opts.balance_table
    pools = [list(d["balance_market"][k]) + list(d["balance_stacks"][k]) for k in range(3)]
    for p, ch in wanted.items():
        b = d["boards"][p]
        for key in ("balance", "scored"):
            if key in ch:
                for t in b[key]:
                    pools[tiles[t].kind].append(t)
    for p, ch in wanted.items():
        for key in ("balance", "scored"):
            if key not in ch:
                continue
            names = ch[key]
            if not isinstance(names, (list, tuple)):
                raise InvalidStateError(f"boards[{p}].{key} must be a list of tile names")
            ids = []
            for name in names:
                tile = _balance_tile(name, opts)
                _take(pools[tile.kind], tile.id, f"balance tile {tile.name}")
                ids.append(tile.id)
            d["boards"][p][key] = ids
    if market is not None:
        by_name = {t.name: t for t in tiles}
        _front(
            pools,
            market,
            "balance_market",
            3,
            lambda x: by_name.get(x) if isinstance(x, str) else None,
        )
    d["balance_market"] = [pool[:3] for pool in pools]
    d["balance_stacks"] = [pool[3:] for pool in pools]
    d["balance_known"] = [
        min(k, len(st)) for k, st in zip(d["balance_known"], d["balance_stacks"], strict=True)
    ]


def _food_counts(value: Any, where: str) -> list[int]:
    if isinstance(value, Mapping):
        unknown = set(value) - set(FOOD_KINDS)
        if unknown:
            raise InvalidStateError(f"{where}: unknown food {sorted(map(str, unknown))}")
        value = [value.get(f, 0) for f in FOOD_KINDS]
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        raise InvalidStateError(f"{where}: a dict food -> count or 3 counts (tea, rice, ramen)")
    return [checked_int(v, f"{where}[{k}]", 0, 26) for k, v in enumerate(value)]


def _place_food(d: dict[str, Any], changes: dict[int, dict[str, Any]], display: Any) -> None:
    """Food held and the display from the pile, the discards and the display."""
    wanted = {
        p: _food_counts(ch["food"], f"boards[{p}].food")
        for p, ch in changes.items()
        if "food" in ch
    }
    if not wanted and display is None:
        return
    left = Counter(d["food_display"] + d["food_bag"] + d["food_discard"])
    for p in wanted:
        left.update({f: k for f, k in enumerate(d["boards"][p]["food"])})
    for p, counts in wanted.items():
        for f, k in enumerate(counts):
            if left[f] < k:
                raise InvalidStateError(f"food {FOOD_KINDS[f]} ran out (boards[{p}] wants {k})")
            left[f] -= k
        d["boards"][p]["food"] = counts
    if display is not None:
        if not isinstance(display, (list, tuple)) or len(display) > 5:
            raise InvalidStateError("food_display: at most 5 food names")
        shown = [FOOD_KINDS.index(f) if f in FOOD_KINDS else -1 for f in display]
        if -1 in shown:
            raise InvalidStateError(f"food_display: food names are {list(FOOD_KINDS)}")
    else:
        shown = [f for f in d["food_display"]]
    new_display = []
    for f in shown:
        if left[f] == 0:
            raise InvalidStateError(f"food {FOOD_KINDS[f]} ran out for the display")
        left[f] -= 1
        new_display.append(f)
    rest = [f for f in d["food_bag"] + d["food_discard"] + d["food_display"]]
    bag = []
    for f in rest:
        if left[f] > 0:
            left[f] -= 1
            bag.append(f)
    while display is None and len(new_display) < 5 and bag:  # BB-ACT-5: the display refills
        new_display.append(bag.pop(0))
    if not new_display and bag:
        raise InvalidStateError("food_display: an empty display is refilled from the pile")
    d["food_display"], d["food_bag"], d["food_discard"] = sorted(new_display), bag, []


def _place_spirits(d: dict[str, Any], changes: dict[int, dict[str, Any]]) -> None:
    """Spirits owned come off the temples' spirit stacks (a hidden copy first)."""
    wanted = {}
    for p, ch in changes.items():
        if {"awake", "asleep", "spirits"} & set(ch):
            awake = list(ch.get("awake", ch.get("spirits", d["boards"][p]["awake"])))
            asleep = list(
                ch.get(
                    "asleep",
                    d["boards"][p]["asleep"] if "awake" not in ch and "spirits" not in ch else [],
                )
            )
            wanted[p] = ([spirit_kind(s) for s in awake], [spirit_kind(s) for s in asleep])
    if not wanted:
        return
    stacks = [list(st) for st in d["spirit_stacks"]]
    box = list(d["spirit_box"])
    for p in wanted:  # the spirits they replace go back on top of the smallest stacks
        for s in d["boards"][p]["awake"] + d["boards"][p]["asleep"]:
            min(stacks, key=len).append(s)
    for p, (awake, asleep) in wanted.items():
        for s in awake + asleep:
            hidden = [st for st in stacks if s in st[1:]] or [st for st in stacks if s in st]
            if hidden:
                st = max(hidden, key=len)
                del st[len(st) - 1 - st[::-1].index(s)]
            elif s in box:  # swap: a stack's last tile takes its place in the box
                donors = [st for st in stacks if st]
                if not donors:
                    raise InvalidStateError(f"spirit {s} ran out: no spirit left on the temples")
                box[box.index(s)] = max(donors, key=len).pop()
            else:
                raise InvalidStateError(f"spirit {s.capitalize()} ran out (3 tiles of each)")
        d["boards"][p]["awake"], d["boards"][p]["asleep"] = sorted(awake), sorted(asleep)
    d["spirit_stacks"], d["spirit_box"] = stacks, box


def _balance_incense(d: dict[str, Any], changes: dict[int, dict[str, Any]], moved: bool) -> None:
    """Each player's 7 sticks: reserve + round track + main-board temples (BB-PL-2)."""
    for p, b in enumerate(d["boards"]):
        on = sum(t.count(p) for t in d["temples"])
        want = changes.get(p, {}).get("reserve")
        free = _TOTAL_INCENSE - b["track"] - on
        if want is None:
            if moved:
                b["reserve"] = free
            want = b["reserve"]
        else:
            checked_int(want, f"boards[{p}].reserve", 0, _TOTAL_INCENSE)
        if want != free or free < 0:
            raise InvalidStateError(
                f"player {p}'s 7 incense sticks: {b['track']} on the round track and {on} on the"
                f" main-board temples leave {free} for the reserve, not {want}"
            )
        b["reserve"] = want
