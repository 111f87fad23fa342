"""A Bamboo personal board: one player's temples, home, tiles, food, spirits and counters.

A state holds the personal boards as one tuple per field, indexed by seat (``state.coins[seat]``,
:data:`SEAT_FIELDS`): a rule changes one value of one player by replacing one short tuple. A
:class:`Board` is the view of one seat's values that everything off the rules' path reads
(``state.boards``, ``state.board(seat)``) and the saved form keeps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from bamboo_lab.core.checks import checked_bool, checked_int, checked_ints, short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.step import dict_setter

from .components import SPIRITS, BalanceTile
from .reconstructed import BALANCE_TILES, HOME_TILES

__all__ = ["SEAT_FIELDS", "Board", "board_of", "seat_fields", "spirit_names"]


_new_object = object.__new__


@dataclass(frozen=True)
class Board:
    """One player's personal board and belongings (R-EN section III; catalog 1.5)."""

    hp: int
    """Happiness points on the track (5 at setup, BB-PL-2)."""
    coins: int
    """Coins held (3 at setup, BB-PL-6; unlimited supply)."""
    reserve: int
    """Incense sticks in the reserve, ready to offer (3 at setup, BB-PL-2)."""
    track: int
    """Incense sticks still on the round track (4 at setup; one moves to the reserve each
    Spring, BB-SPR-3)."""
    temples: tuple[tuple[int, ...], ...]
    """The shoots (codes 0..19) in the board's 4 temples, by colour, in arrival order."""
    marker: int
    """The temple (colour index) of the action marker, -1 before the first visit (BB-SUM-2)."""
    balance: tuple[int, ...]
    """Balance-tile ids held, unscored (at most 2 of a kind, BB-ACT-2)."""
    scored: tuple[int, ...]
    """Balance-tile ids scored, in order (BB-ACT-3)."""
    home: tuple[int, ...]
    """The 15 home spaces row by row: a home-tile id, or -1 when empty (BB-PAT-1)."""
    awake: tuple[str, ...]
    """Spirits owned and awake (usable), sorted."""
    asleep: tuple[str, ...]
    """Spirits owned and asleep (used; wake them in Winter, BB-WIN-1), sorted."""
    food: tuple[int, ...]
    """Counters of tea, rice and ramen held."""
    passed: bool
    """Has passed for the rest of this Summer (BB-SUM-1)."""

    @property
    def spirits(self) -> tuple[str, ...]:
        """Every spirit tile the player owns, awake or asleep."""
        return tuple(sorted(self.awake + self.asleep))

    @property
    def shoots(self) -> int:
        """How many shoots lie in the temples of this board."""
        return sum(len(temple) for temple in self.temples)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict."""
        saved = {declared.name: getattr(self, declared.name) for declared in fields(self)}
        saved["temples"] = [list(temple) for temple in self.temples]
        for key in ("balance", "scored", "home", "awake", "asleep", "food"):
            saved[key] = list(saved[key])
        return saved

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        tiles: Sequence[BalanceTile] = BALANCE_TILES,
        name: str = "board",
    ) -> Board:
        """Rebuild a board; raise InvalidStateError naming the field when malformed."""
        if not isinstance(data, Mapping):
            raise InvalidStateError(f"a Bamboo {name} must be a mapping, not {type(data).__name__}")
        unknown = sorted(str(key) for key in set(data) - set(_FIELDS))
        missing = [key for key in _FIELDS if key not in data]
        if unknown or missing:
            raise InvalidStateError(f"{name} fields: missing {missing}, unknown {unknown}")
        temples = data["temples"]
        if not isinstance(temples, (list, tuple)) or len(temples) != 4:
            raise InvalidStateError(f"{name}.temples must be a list of 4 temples")
        bal_hi = len(tiles) - 1
        board = cls(
            hp=checked_int(data["hp"], f"{name}.hp", -999, 999),
            coins=checked_int(data["coins"], f"{name}.coins", 0, 999),
            reserve=checked_int(data["reserve"], f"{name}.reserve", 0, 7),
            track=checked_int(data["track"], f"{name}.track", 0, 4),
            temples=tuple(
                checked_ints(temple, f"{name}.temples[{key}]", 0, 19)
                for key, temple in enumerate(temples)
            ),
            marker=checked_int(data["marker"], f"{name}.marker", -1, 3),
            balance=checked_ints(data["balance"], f"{name}.balance", 0, bal_hi),
            scored=checked_ints(data["scored"], f"{name}.scored", 0, bal_hi),
            home=checked_ints(data["home"], f"{name}.home", -1, len(HOME_TILES) - 1),
            awake=spirit_names(data["awake"], f"{name}.awake"),
            asleep=spirit_names(data["asleep"], f"{name}.asleep"),
            food=checked_ints(data["food"], f"{name}.food", 0, 26),
            passed=checked_bool(data["passed"], f"{name}.passed"),
        )
        if any(len(temple) > 4 for temple in board.temples):
            raise InvalidStateError(f"{name}: a temple holds at most 4 shoots")
        if len(board.home) != 15 or len(board.food) != 3:
            raise InvalidStateError(f"{name}: a board has a 15-space home and 3 food counts")
        if list(board.awake) != sorted(board.awake) or list(board.asleep) != sorted(board.asleep):
            raise InvalidStateError(f"{name}: awake and asleep spirits are kept sorted")
        kinds = Counter(tiles[temple].kind for temple in board.balance)
        if any(key > 2 for key in kinds.values()):  # BB-ACT-2
            raise InvalidStateError(f"{name} holds at most 2 balance tiles of each type (BB-ACT-2)")
        return board


_set_fields = dict_setter(Board)
"""``_set_fields(board, fields)``: a new board's fields (the frozen class refuses attribute
writes: ``core.step.dict_setter``)."""

_FIELDS = tuple(declared.name for declared in fields(Board))
"""The fields of a board, in order: a saved board's keys."""

SEAT_FIELDS: dict[str, str] = {name: name for name in _FIELDS} | {"temples": "board_temples"}
"""Each :class:`Board` field and the state field holding it for every seat (a tuple indexed by
seat); the board's temples are the state's ``board_temples``, since the state's ``temples`` are
the main board's."""


def board_of(fields: Mapping[str, Any], seat: int) -> Board:
    """The personal board of ``seat`` in a state's ``fields`` (or a rules' work dict)."""
    board = _new_object(Board)
    _set_fields(board, {name: fields[key][seat] for name, key in SEAT_FIELDS.items()})
    return board


def seat_fields(boards: Sequence[Board]) -> dict[str, tuple[Any, ...]]:
    """The per-seat fields of a state whose players hold ``boards``, in seat order."""
    return {
        key: tuple(getattr(board, name) for board in boards) for name, key in SEAT_FIELDS.items()
    }


def spirit_names(value: Any, name: str) -> tuple[str, ...]:
    """A list of spirit names (the notation's lower case) as a tuple, or InvalidStateError."""
    if not isinstance(value, (list, tuple)):
        raise InvalidStateError(f"{name} must be a list of spirit names")
    for index, item in enumerate(value):
        if not isinstance(item, str) or item not in SPIRITS:
            raise InvalidStateError(f"{name}[{index}] is not a spirit: {short_repr(item)}")
    return tuple(value)
