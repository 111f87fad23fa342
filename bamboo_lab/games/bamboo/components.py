"""Bamboo components: the documented tables and the shapes of every piece (R-EN section II).

Documented data lives here (spirits, food, gifts, counts, temple tiles). The lists that could not
be found in print (shoot colour x action table, the 64 home tiles, the 68 balance tiles and the
night-side spaces) are *reconstructed* and live in :mod:`.reconstructed`, so that correcting them
is only a data change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import InvalidStateError

__all__ = [
    "ACTIONS",
    "ACTION_LETTERS",
    "BALANCE_TILE_NAME",
    "BASIC_ACTIONS",
    "CATEGORY_LETTERS",
    "COLOURS",
    "COLOUR_INDEX",
    "COLOUR_LETTERS",
    "FOOD_COUNTS",
    "FOOD_INDEX",
    "FOOD_KINDS",
    "FOOD_VALUES",
    "GIFTS",
    "HOME_COLS",
    "HOME_ROWS",
    "KINDS",
    "KIND_LETTERS",
    "LEFT_COLS",
    "RIGHT_COLS",
    "SHOOT_CODE",
    "SHOOT_NAMES",
    "SPIRITS",
    "SPIRIT_COST",
    "SUMMER_SPIRITS",
    "TEMPLE_TILE_VALUES",
    "TYPES",
    "TYPE_LETTERS",
    "BalanceTile",
    "HomeTile",
    "balance_tile_from_spec",
    "shoot_code",
    "shoot_name",
    "spirit_kind",
]

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
"""The four temple colours c0..c3 (printed names not found: placeholders, catalog 1.3)."""

COLOUR_LETTERS = "RYGB"
"""One letter per colour, used in the action notation."""

ACTIONS: tuple[str, ...] = ("balance", "improve", "cook", "fund", "wildcard")
"""The shoot actions (R-EN Bamboo Shoot Actions); the wildcard shows a star (W-GB)."""

ACTION_LETTERS = "bicfw"
"""One letter per shoot action, used in the action notation."""

BASIC_ACTIONS: tuple[str, ...] = ACTIONS[:4]
"""The four basic actions a wildcard may become (R-EN Wildcard)."""

TYPES: tuple[str, ...] = ("decoration", "faith", "garden", "tools")
"""The four home-tile types (R-EN Home Tiles)."""

TYPE_LETTERS = "DFGT"
"""One letter per home-tile type (catalog 1.8)."""

KINDS: tuple[str, ...] = ("left", "center", "right")
"""The three balance-tile types (R-EN section I)."""

HOME_ROWS = 3
"""The home grid is 3 spaces tall (R-EN Balance)."""

HOME_COLS = 5
"""The home grid is 5 spaces wide (R-EN Balance)."""

LEFT_COLS: tuple[int, ...] = (0, 1)
"""Columns of the 6 left spaces (R-EN Balance; catalog 1.5)."""

RIGHT_COLS: tuple[int, ...] = (3, 4)
"""Columns of the 6 right spaces (R-EN Balance; catalog 1.5)."""

SPIRITS: tuple[str, ...] = (
    "kappa",
    "tanuki",
    "rokurokubi",
    "kitsune",
    "ookami",
    "bakeneko",
    "tengu",
)
"""The seven Spirits of the Forest, 3 tiles each (R-EN The Spirits of the Forest)."""


def spirit_kind(name: str) -> str:
    """The notation's name of a spirit written as printed (``Ookami``) or in notation
    (``ookami``); any other spelling raises InvalidStateError."""
    if isinstance(name, str) and name in _SPIRIT_SPELLINGS:
        return _SPIRIT_SPELLINGS[name]
    shown = ", ".join(spirit.capitalize() for spirit in SPIRITS)
    raise InvalidStateError(f"no spirit {short_repr(name)}: the spirits are {shown}")


_SPIRIT_SPELLINGS = {
    **{spirit: spirit for spirit in SPIRITS},
    **{spirit.capitalize(): spirit for spirit in SPIRITS},
}


SPIRIT_COST: dict[str, int] = {
    "kappa": 1,
    "tanuki": 1,
    "rokurokubi": 1,
    "kitsune": 0,
    "ookami": 2,
    "bakeneko": 1,
    "tengu": 1,
}
"""Wake-up cost in coins of each spirit (R-EN spirits table)."""

SUMMER_SPIRITS: tuple[str, ...] = ("kappa", "tanuki", "rokurokubi", "tengu")
"""Spirits whose power is an extra action usable at any point of one's Summer turn (B20)."""

FOOD_KINDS: tuple[str, ...] = ("tea", "rice", "ramen")
"""The three food counters (R-EN Winter step 2)."""

FOOD_VALUES: tuple[int, ...] = (1, 2, 3)
"""Food units of tea, rice and ramen (R-EN Winter step 2)."""

FOOD_COUNTS: tuple[int, ...] = (6, 12, 8)
"""How many tea, rice and ramen counters there are (R-EN section II)."""

GIFTS: tuple[str, ...] = ("fund", "cook", "balance", "improve")
"""The four Gift from the Forest tiles, one per action (R-EN Phase 1)."""

TEMPLE_TILE_VALUES: tuple[int, ...] = (0, 2, 3, 3)
"""The ghost's incense on the 4 temple tiles, 2 players (INF catalog 1.9: sums to 8 sticks)."""


def shoot_code(colour: int, action: int) -> int:
    """The integer code of a shoot of ``colour`` and ``action``."""
    return colour * 5 + action


SHOOT_NAMES: tuple[str, ...] = tuple(
    colour + action for colour in COLOUR_LETTERS for action in ACTION_LETTERS
)
"""The two-letter notation of each shoot code 0..19, colour then action (``Rb`` = red balance)."""

SHOOT_CODE: dict[str, int] = {name: code for code, name in enumerate(SHOOT_NAMES)}
"""The code of each two-letter shoot name."""

COLOUR_INDEX: dict[str, int] = {colour: index for index, colour in enumerate(COLOURS)}
"""The index of each temple colour (``red`` is 0)."""

FOOD_INDEX: dict[str, int] = {food: index for index, food in enumerate(FOOD_KINDS)}
"""The index of each food kind (``tea`` is 0)."""

KIND_LETTERS = "LCR"
"""One letter per balance-tile type, the first letter of its tiles' names."""

CATEGORY_LETTERS = "AB"
"""One letter per home-tile category (market row), the first letter of its tiles' names."""


def shoot_name(code: int) -> str:
    """The two-letter notation of a shoot code, colour then action (``Rb`` = red balance)."""
    return SHOOT_NAMES[code]


@dataclass(frozen=True)
class HomeTile:
    """A home tile: category (market row), type, comfort, coin cost, HP on purchase, 3+ mark."""

    id: int
    name: str
    category: int
    type: int
    comfort: int
    cost: int
    hp: int
    three_plus: bool

    def __str__(self) -> str:
        """Short picture: name, type letter and comfort, cost and HP."""
        return f"{self.name}:{TYPE_LETTERS[self.type]}{self.comfort} ${self.cost} +{self.hp}"


@dataclass(frozen=True)
class BalanceTile:
    """A balance tile: its kind (left, center, right), pattern and HP.

    The pattern is one of the documented families (R-EN Balance tables): ``cells`` are
    ``(dr, dc, type or None)`` offsets that must all be covered inside the region (``None`` = any
    type), with ``min_comfort`` the least sum of their comfort; or ``type_total`` =
    ``(type, n)``: the comfort of the tiles of that type in the region adds up to ``n`` or more.
    """

    id: int
    name: str
    kind: int
    hp: int
    cells: tuple[tuple[int, int, int | None], ...] = ()
    min_comfort: int = 0
    type_total: tuple[int, int] | None = None
    family: str = ""

    def describe(self) -> str:
        """The pattern in words."""
        if self.type_total is not None:
            kind, total = self.type_total
            return f"{TYPES[kind]} comfort >= {total}"
        cells = " ".join(
            f"({row_offset},{col_offset}):{'*' if kind is None else TYPE_LETTERS[kind]}"
            for row_offset, col_offset, kind in self.cells
        )
        extra = f", comfort >= {self.min_comfort}" if self.min_comfort else ""
        return cells + extra

    def __str__(self) -> str:
        """Name, HP and pattern."""
        return f"{self.name}[{self.hp}HP {self.describe()}]"

    @cached_property
    def placements(self) -> tuple[tuple[tuple[tuple[int, int | None], ...], ...], ...]:
        """For each region (left, center, right): every placement of ``cells`` that fits in it,
        anchors row by row, as ``(home index, type or None)`` pairs (BB-PAT-1, BB-PAT-2)."""
        out = []
        for cols in (LEFT_COLS, tuple(range(HOME_COLS)), RIGHT_COLS):
            out.append(
                tuple(
                    tuple(
                        ((row + row_offset) * HOME_COLS + col + col_offset, kind)
                        for row_offset, col_offset, kind in self.cells
                    )
                    for row in range(HOME_ROWS)
                    for col in range(HOME_COLS)
                    if all(
                        row + row_offset < HOME_ROWS and col + col_offset in cols
                        for row_offset, col_offset, _ in self.cells
                    )
                )
            )
        return tuple(out)

    @property
    def spec(self) -> str:
        """The tile as a spec string that :func:`balance_tile_from_spec` reads back."""
        if self.type_total is not None:
            kind, total = self.type_total
            return f"{self.name} {self.hp} {TYPE_LETTERS[kind]}>={total}"
        cells = " ".join(
            f"({row_offset},{col_offset}):{'*' if kind is None else TYPE_LETTERS[kind]}"
            for row_offset, col_offset, kind in self.cells
        )
        extra = f" >={self.min_comfort}" if self.min_comfort else ""
        return f"{self.name} {self.hp} {cells}{extra}"


BALANCE_TILE_NAME = re.compile(r"[LCR][0-9]{2}")
"""How a balance tile is named: its type letter (``L``, ``C``, ``R``) and two digits."""
_CELL = re.compile(r"\(([0-2]),([0-4])\):([DFGT*])")
_TOTAL = re.compile(r"([DFGT])>=([0-9]{1,2})")
_MIN = re.compile(r">=([0-9]{1,2})")


def balance_tile_from_spec(spec: str, tile_id: int) -> BalanceTile:
    """A balance tile from a spec ``"C21 5 (0,1):F (1,2):G"``, ``"L25 3 D>=5"`` or ``"... >=9"``.

    The name's letter gives the kind (L, C, R); then the HP; then either cells ``(dr,dc):X``
    (X a type letter or ``*`` for any type) with an optional least comfort sum ``>=N``, or one
    comfort total ``X>=N`` of a type inside the region (the documented families, BB-PAT-3).
    """
    if not isinstance(spec, str) or len(spec) > 200:
        raise InvalidStateError(
            f"a balance tile spec must be a short string, not {short_repr(spec)}"
        )
    words = spec.split()
    if len(words) < 3 or not BALANCE_TILE_NAME.fullmatch(words[0]) or not words[1].isdigit():
        raise InvalidStateError(
            f"balance tile spec {spec!r}: expected '<L|C|R><2 digits> <HP> ...'"
        )
    name, points, rest = words[0], int(words[1]), words[2:]
    if not 1 <= points <= 20:
        raise InvalidStateError(f"balance tile spec {spec!r}: HP must be 1..20")
    kind = KIND_LETTERS.index(name[0])
    total = _TOTAL.fullmatch(rest[0])
    if total and len(rest) == 1:
        type_index, minimum = TYPE_LETTERS.index(total[1]), int(total[2])
        return BalanceTile(
            tile_id, name, kind, points, type_total=(type_index, minimum), family="custom"
        )
    cells: list[tuple[int, int, int | None]] = []
    least = 0
    for index, word in enumerate(rest):
        cell, low = _CELL.fullmatch(word), _MIN.fullmatch(word)
        if cell:
            want = None if cell[3] == "*" else TYPE_LETTERS.index(cell[3])
            cells.append((int(cell[1]), int(cell[2]), want))
        elif low and index == len(rest) - 1 and cells:
            least = int(low[1])
        else:
            raise InvalidStateError(f"balance tile spec {spec!r}: cannot read {word!r}")
    if not cells or len({(row, col) for row, col, _ in cells}) != len(cells):
        raise InvalidStateError(f"balance tile spec {spec!r}: cells must be distinct")
    return BalanceTile(tile_id, name, kind, points, tuple(cells), least, family="custom")
