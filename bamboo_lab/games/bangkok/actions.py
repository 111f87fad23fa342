"""Bangkok actions: one frozen dataclass per decision, with a short text notation.

| action | notation | meaning |
|---|---|---|
| :class:`PlaceAtPort` | ``place:#23ZP@R1`` | place hand card 23 (face ZP) right of row 1 |
| :class:`Collect` | ``take:1+3`` | collect the port cards in cells 1 and 3 (reading order 1-9) |
| :class:`LayInMarket` | ``lay:#23ZP@5`` | lay hand card 23 in cell 5 of one's market (1-9) |
| :class:`Renew` | ``renew:row2`` / ``renew:col1`` | renew a row or a column of the port |
| :class:`Pass` | ``pass`` | no placement and no renewal is possible: the turn passes |

Port edge slots: ``L1``-``L3`` left of rows 1-3, ``R1``-``R3`` right of rows, ``T1``-``T3``
above columns 1-3, ``B1``-``B3`` below columns. A card face is its goods letters (P, Z, B, F),
chilli cards prefixed with ``*``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from bamboo_lab.core.checks import checked_int
from bamboo_lab.core.errors import InvalidActionError

from .components import LINE_CELLS, TOTAL_CARDS, build_deck
from .options import Options

__all__ = [
    "ACTION_TYPES",
    "LINES",
    "SLOTS",
    "Action",
    "Collect",
    "LayInMarket",
    "Pass",
    "PlaceAtPort",
    "Renew",
    "every_action",
    "parse_notation",
]

SLOTS: tuple[str, ...] = tuple(f"{side}{number}" for side in "LRTB" for number in (1, 2, 3))
"""The 12 edge slots around the port, in the order legal actions list them."""

LINES: tuple[str, ...] = tuple(LINE_CELLS)
"""The 6 lines of the port a renewal can target."""

_FACE = r"(\*?[PZBF]{1,3})"
_FACE_RE = re.compile(_FACE)


def _card(action: str, value: Any) -> int:
    """A card id field: an int (not a bool) naming one of the 60 cards."""
    return checked_int(value, f"{action}.card", 0, TOTAL_CARDS - 1, InvalidActionError)


def _text(action: str, field: str, value: Any, is_valid: bool, wanted: str) -> None:
    """Refuse a text field that is not a str or not ``ok``, naming the action and field."""
    if not isinstance(value, str) or not is_valid:
        shown = repr(value) if isinstance(value, str) and len(value) < 40 else type(value).__name__
        raise InvalidActionError(f"{action}.{field} must be {wanted}, not {shown}")


def _face(action: str, value: Any) -> None:
    """A card face field: goods letters P, Z, B, F (1 to 3), ``*`` first for a chilli card."""
    is_valid = isinstance(value, str) and _FACE_RE.fullmatch(value) is not None
    _text(action, "face", value, is_valid, "a card face such as 'ZP' or '*B'")


@dataclass(frozen=True)
class PlaceAtPort:
    """Improve your hand, step 1: place a hand card beside a row or column of the port."""

    card: int
    """The hand card's id (0-59)."""
    face: str
    """The card's face: its goods letters, ``*`` first for a chilli card."""
    slot: str
    """The edge slot: ``L1``-``L3``, ``R1``-``R3``, ``T1``-``T3`` or ``B1``-``B3``."""

    def __post_init__(self) -> None:
        """Check every field's type and range (InvalidActionError naming the field)."""
        _card("PlaceAtPort", self.card)
        _face("PlaceAtPort", self.face)
        _text("PlaceAtPort", "slot", self.slot, self.slot in SLOTS, f"one of {list(SLOTS)}")

    def __str__(self) -> str:
        """``place:#<card><face>@<slot>``."""
        return f"place:#{self.card}{self.face}@{self.slot}"


@dataclass(frozen=True)
class Collect:
    """Improve your hand, step 1: collect these port cells (1-9, reading order)."""

    cells: tuple[int, ...]
    """The collected port cells, 1 to 3 of them, distinct and increasing (1-9)."""

    def __post_init__(self) -> None:
        """Check the cells (a list is taken as a tuple); InvalidActionError naming the field."""
        cells = self.cells
        if isinstance(cells, list):
            cells = tuple(cells)
            object.__setattr__(self, "cells", cells)
        if not isinstance(cells, tuple) or not 1 <= len(cells) <= 3:
            shown = f"{len(cells)} cells" if isinstance(cells, tuple) else type(cells).__name__
            raise InvalidActionError(f"Collect.cells must be a tuple of 1 to 3 cells, not {shown}")
        for position, cell in enumerate(cells):
            checked_int(cell, f"Collect.cells[{position}]", 1, 9, InvalidActionError)
        if list(cells) != sorted(set(cells)):
            raise InvalidActionError(
                f"Collect.cells must be distinct and increasing, not {list(cells)}"
            )

    def __str__(self) -> str:
        """``take:<cell>+<cell>...``."""
        return "take:" + "+".join(str(cell) for cell in self.cells)


@dataclass(frozen=True)
class LayInMarket:
    """Complete the floating market: lay a hand card in a cell (1-9) of one's market."""

    card: int
    """The hand card's id (0-59)."""
    face: str
    """The card's face: its goods letters, ``*`` first for a chilli card."""
    cell: int
    """The market cell, 1-9 in reading order."""

    def __post_init__(self) -> None:
        """Check every field's type and range (InvalidActionError naming the field)."""
        _card("LayInMarket", self.card)
        _face("LayInMarket", self.face)
        checked_int(self.cell, "LayInMarket.cell", 1, 9, InvalidActionError)

    def __str__(self) -> str:
        """``lay:#<card><face>@<cell>``."""
        return f"lay:#{self.card}{self.face}@{self.cell}"


@dataclass(frozen=True)
class Renew:
    """Exceptional action: renew the cards of a row or a column of the port."""

    line: str
    """The renewed line: ``row1``-``row3`` or ``col1``-``col3``."""

    def __post_init__(self) -> None:
        """Check the line (InvalidActionError naming the field)."""
        _text("Renew", "line", self.line, self.line in LINES, f"one of {list(LINES)}")

    def __str__(self) -> str:
        """``renew:<line>``."""
        return f"renew:{self.line}"


@dataclass(frozen=True)
class Pass:
    """No card can be placed and no line renewed: the turn passes (engine reading, K6)."""

    def __str__(self) -> str:
        """``pass``."""
        return "pass"


ACTION_TYPES: tuple[type, ...] = (PlaceAtPort, Collect, LayInMarket, Renew, Pass)
"""Every Bangkok action class."""

Action = PlaceAtPort | Collect | LayInMarket | Renew | Pass
"""Any Bangkok action."""


def every_action(options: Any = None) -> tuple[Action, ...]:
    """Every action that can ever be legal with these options, each once, in a fixed order."""
    return _every_action(Options.coerce(options))


@lru_cache(maxsize=32)
def _every_action(options: Options) -> tuple[Action, ...]:
    """Place per card and edge slot, collect per cell set of one port line (by size, then
    cells), lay per card and market cell, renew per line, pass; the deck comes from options."""
    faces = build_deck(options.deck).labels
    places = [PlaceAtPort(card, face, slot) for card, face in enumerate(faces) for slot in SLOTS]
    cell_sets = {
        tuple(cell + 1 for cell in subset)
        for line in LINE_CELLS.values()
        for size in (1, 2, 3)
        for subset in combinations(line, size)
    }
    collects = [
        Collect(cells)
        for cells in sorted(cell_sets, key=lambda cell_set: (len(cell_set), cell_set))
    ]
    lays = [
        LayInMarket(card, face, cell) for card, face in enumerate(faces) for cell in range(1, 10)
    ]
    return (*places, *collects, *lays, *(Renew(line) for line in LINES), Pass())


_CARD = r"#(0|[1-9]\d{0,2})"  # no leading zeros: each action has one text
_PLACE = re.compile(r"place:" + _CARD + _FACE + r"@([LRTB][123])")
_LAY = re.compile(r"lay:" + _CARD + _FACE + r"@([1-9])")
_TAKE = re.compile(r"take:([1-9](?:\+[1-9]){0,2})")
_TEXT_LIMIT = 40  # no Bangkok action text is longer; longer input is refused unread
_RENEW = re.compile(r"renew:((?:row|col)[123])")


def parse_notation(text: str) -> PlaceAtPort | Collect | LayInMarket | Renew | Pass:
    """The action written ``text``, without checking legality; malformed text raises."""
    if not isinstance(text, str):
        raise InvalidActionError(f"a Bangkok action must be a string, not {type(text).__name__}")
    if len(text) > _TEXT_LIMIT:
        raise InvalidActionError(f"not a Bangkok action: a text of {len(text)} characters")
    if text == "pass":
        return Pass()
    if match := _PLACE.fullmatch(text):
        return PlaceAtPort(int(match[1]), match[2], match[3])
    if match := _TAKE.fullmatch(text):
        cells = tuple(int(cell) for cell in match[1].split("+"))
        if list(cells) != sorted(set(cells)):
            raise InvalidActionError(f"{text!r}: collected cells must be distinct and increasing")
        return Collect(cells)
    if match := _LAY.fullmatch(text):
        return LayInMarket(int(match[1]), match[2], int(match[3]))
    if match := _RENEW.fullmatch(text):
        return Renew(match[1])
    raise InvalidActionError(
        f"not a Bangkok action: {text!r} (expected e.g. 'place:#23ZP@R1', 'take:1+3',"
        " 'lay:#23ZP@5', 'renew:row2' or 'pass')"
    )
