"""Bamboo actions: one frozen dataclass per decision, with its short text notation.

Notation (one line each; colours are ``red yellow green blue``, shoots two letters, colour then
action, e.g. ``Rb`` = red balance, ``Gw`` = green wildcard; stalks are numbered 1 to 4)::

    draft Rw          pick a shoot in the set-up draft
    gift cook         choose a revealed Gift from the Forest
    pass              pass in Summer (only with the voluntary-pass variant)
    visit red         move the action marker to a temple of your board
    offer blue        put one incense stick in a temple of the main board
    activate Rb 2     put a shoot into stalk 2 and perform its action
    place Rb 2        put a shoot into stalk 2 without activating it
    receive green     put an ejected shoot into that temple of your board
    hp | coin | decline | done | refill | balance | improve | cook | fund   (Choose)
    take L07          obtain a face-up balance tile
    score L07         score a balance tile of your board
    buy A05           buy a face-up home tile
    home 1,3          place the bought home tile at row 1, column 3
    food rice         take a face-up food counter
    use kappa         use a spirit's power
    wake kappa        wake a sleeping spirit in Winter
    feed rice         pay a food counter to feed the family
    end               end your Summer turn
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bamboo_lab.core.checks import checked_int, checked_notation, short_repr
from bamboo_lab.core.errors import InvalidActionError

from .components import (
    BALANCE_TILE_NAME,
    COLOURS,
    FOOD_KINDS,
    GIFTS,
    HOME_COLS,
    HOME_ROWS,
    SHOOT_NAMES,
    SPIRITS,
)
from .reconstructed import BALANCE_TILES, HOME_TILES

__all__ = [
    "ACTION_TYPES",
    "CHOICES",
    "Action",
    "Activate",
    "BuyHomeTile",
    "Choose",
    "ChooseGift",
    "DraftShoot",
    "EndTurn",
    "Feed",
    "Offer",
    "Pass",
    "Place",
    "PlaceHomeTile",
    "Receive",
    "ScoreBalanceTile",
    "TakeBalanceTile",
    "TakeFood",
    "UseSpirit",
    "VisitTemple",
    "WakeSpirit",
    "every_action",
    "parse_text",
]

_SHOOTS = frozenset(SHOOT_NAMES)
_HOME = frozenset(tile.name for tile in HOME_TILES)


def _word(action: Any, field: str, allowed: Collection[str]) -> None:
    """Refuse a field that is not one of the ``allowed`` strings (InvalidActionError)."""
    value = getattr(action, field)
    if not isinstance(value, str) or value not in allowed:
        shown = short_repr(value)
        raise InvalidActionError(
            f"{type(action).__name__}.{field} must be one of {sorted(allowed)[:12]}, not {shown}"
        )


def _tile(action: Any) -> None:
    """Refuse a balance-tile name not written ``L``, ``C`` or ``R`` and two digits."""
    value = action.tile
    if not isinstance(value, str) or not BALANCE_TILE_NAME.fullmatch(value):
        shown = short_repr(value)
        raise InvalidActionError(
            f"{type(action).__name__}.tile must be a balance tile name like 'L07', not {shown}"
        )


def _number(action: Any, field: str, low: int, high: int) -> None:
    """Refuse a field that is not an int (bool refused) in ``lo..hi``."""
    checked_int(
        getattr(action, field), f"{type(action).__name__}.{field}", low, high, InvalidActionError
    )


CHOICES: tuple[str, ...] = (
    "hp",
    "coin",
    "decline",
    "done",
    "refill",
    "balance",
    "improve",
    "cook",
    "fund",
)
"""The options of :class:`Choose`: an action's alternative, declining, stopping, a wildcard."""


@dataclass(frozen=True)
class DraftShoot:
    """Pick one of the laid-out unmarked shoots (R-EN III-E)."""

    shoot: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "shoot", _SHOOTS)

    def __str__(self) -> str:
        """Notation ``draft Rw``."""
        return f"draft {self.shoot}"


@dataclass(frozen=True)
class ChooseGift:
    """Choose a revealed Gift from the Forest and perform its action (R-EN Phase 1)."""

    gift: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "gift", GIFTS)

    def __str__(self) -> str:
        """Notation ``gift cook``."""
        return f"gift {self.gift}"


@dataclass(frozen=True)
class Pass:
    """Pass for the rest of the Summer (forced without incense; voluntary only as a variant)."""

    def __str__(self) -> str:
        """Notation ``pass``."""
        return "pass"


@dataclass(frozen=True)
class VisitTemple:
    """Move the action marker to a temple of one's board (R-EN Summer step 2)."""

    temple: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "temple", COLOURS)

    def __str__(self) -> str:
        """Notation ``visit red``."""
        return f"visit {self.temple}"


@dataclass(frozen=True)
class Offer:
    """Put one incense stick on top of a temple of the main board (R-EN Summer step 3)."""

    temple: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "temple", COLOURS)

    def __str__(self) -> str:
        """Notation ``offer red``."""
        return f"offer {self.temple}"


@dataclass(frozen=True)
class Activate:
    """Put a shoot into a stalk and perform its action (R-EN Summer steps 4-5)."""

    shoot: str
    stalk: int

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "shoot", _SHOOTS)
        _number(self, "stalk", 1, 4)

    def __str__(self) -> str:
        """Notation ``activate Rb 2``."""
        return f"activate {self.shoot} {self.stalk}"


@dataclass(frozen=True)
class Place:
    """Put a shoot into a stalk without activating it (R-EN Summer steps 4-5)."""

    shoot: str
    stalk: int

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "shoot", _SHOOTS)
        _number(self, "stalk", 1, 4)

    def __str__(self) -> str:
        """Notation ``place Rb 2``."""
        return f"place {self.shoot} {self.stalk}"


@dataclass(frozen=True)
class Receive:
    """Put an ejected shoot whose colour temple is full into another temple (R-EN step 5)."""

    temple: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "temple", COLOURS)

    def __str__(self) -> str:
        """Notation ``receive green``."""
        return f"receive {self.temple}"


@dataclass(frozen=True)
class Choose:
    """Choose an option: an action's alternative (hp, coin), decline, done, refill, a wildcard."""

    option: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "option", CHOICES)

    def __str__(self) -> str:
        """Notation: the option itself (``hp``, ``cook``, ...)."""
        return self.option


@dataclass(frozen=True)
class TakeBalanceTile:
    """Obtain a face-up balance tile (R-EN Balance: Obtain Balance)."""

    tile: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _tile(self)

    def __str__(self) -> str:
        """Notation ``take L07``."""
        return f"take {self.tile}"


@dataclass(frozen=True)
class ScoreBalanceTile:
    """Score a balance tile of one's board whose pattern is met (R-EN Balance: Score)."""

    tile: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _tile(self)

    def __str__(self) -> str:
        """Notation ``score L07``."""
        return f"score {self.tile}"


@dataclass(frozen=True)
class BuyHomeTile:
    """Buy a face-up home tile (R-EN Improve Your Home)."""

    tile: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "tile", _HOME)

    def __str__(self) -> str:
        """Notation ``buy A05``."""
        return f"buy {self.tile}"


@dataclass(frozen=True)
class PlaceHomeTile:
    """Place the bought home tile on an empty space of the home grid (row 0-2, column 0-4)."""

    row: int
    col: int

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _number(self, "row", 0, 2)
        _number(self, "col", 0, 4)

    def __str__(self) -> str:
        """Notation ``home 1,3``."""
        return f"home {self.row},{self.col}"


@dataclass(frozen=True)
class TakeFood:
    """Take a face-up food counter (R-EN Cook; Tengu)."""

    food: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "food", FOOD_KINDS)

    def __str__(self) -> str:
        """Notation ``food rice``."""
        return f"food {self.food}"


@dataclass(frozen=True)
class UseSpirit:
    """Use a spirit's power; the tile falls asleep (R-EN The Spirits of the Forest)."""

    spirit: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "spirit", SPIRITS)

    def __str__(self) -> str:
        """Notation ``use kappa``."""
        return f"use {self.spirit}"


@dataclass(frozen=True)
class WakeSpirit:
    """Wake a sleeping spirit by paying its cost (R-EN Winter step 1)."""

    spirit: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "spirit", SPIRITS)

    def __str__(self) -> str:
        """Notation ``wake kappa``."""
        return f"wake {self.spirit}"


@dataclass(frozen=True)
class Feed:
    """Pay a food counter to feed the family (R-EN Winter step 2)."""

    food: str

    def __post_init__(self) -> None:
        """Check the fields (InvalidActionError naming the field)."""
        _word(self, "food", FOOD_KINDS)

    def __str__(self) -> str:
        """Notation ``feed rice``."""
        return f"feed {self.food}"


@dataclass(frozen=True)
class EndTurn:
    """End one's Summer turn (offered while a spirit power could still be used)."""

    def __str__(self) -> str:
        """Notation ``end``."""
        return "end"


Action = (
    DraftShoot
    | ChooseGift
    | Pass
    | VisitTemple
    | Offer
    | Activate
    | Place
    | Receive
    | Choose
    | TakeBalanceTile
    | ScoreBalanceTile
    | BuyHomeTile
    | PlaceHomeTile
    | TakeFood
    | UseSpirit
    | WakeSpirit
    | Feed
    | EndTurn
)
"""Any Bamboo action."""

ACTION_TYPES: tuple[type, ...] = (
    DraftShoot,
    ChooseGift,
    Pass,
    VisitTemple,
    Offer,
    Activate,
    Place,
    Receive,
    Choose,
    TakeBalanceTile,
    ScoreBalanceTile,
    BuyHomeTile,
    PlaceHomeTile,
    TakeFood,
    UseSpirit,
    WakeSpirit,
    Feed,
    EndTurn,
)
"""Every Bamboo action class."""


def every_action() -> tuple[Action, ...]:
    """Every action the game can ever have, each once, in the fixed order of the action table."""
    shoots = SHOOT_NAMES
    spirits = tuple(dict.fromkeys(SPIRITS))
    actions: list[Action] = [DraftShoot(shoot) for shoot in shoots]
    actions += [ChooseGift(gift) for gift in GIFTS]
    actions += [Pass()]
    actions += [VisitTemple(colour) for colour in COLOURS]
    actions += [Offer(colour) for colour in COLOURS]
    actions += [Activate(shoot, stalk) for shoot in shoots for stalk in (1, 2, 3, 4)]
    actions += [Place(shoot, stalk) for shoot in shoots for stalk in (1, 2, 3, 4)]
    actions += [Receive(colour) for colour in COLOURS]
    actions += [Choose(option) for option in CHOICES]
    actions += [TakeBalanceTile(tile.name) for tile in BALANCE_TILES]
    actions += [ScoreBalanceTile(tile.name) for tile in BALANCE_TILES]
    actions += [BuyHomeTile(tile.name) for tile in HOME_TILES]
    actions += [PlaceHomeTile(row, col) for row in range(HOME_ROWS) for col in range(HOME_COLS)]
    actions += [TakeFood(food) for food in FOOD_KINDS]
    actions += [UseSpirit(spirit) for spirit in spirits]
    actions += [WakeSpirit(spirit) for spirit in spirits]
    actions += [Feed(food) for food in FOOD_KINDS]
    actions += [EndTurn()]
    return tuple(actions)


_ONE_ARG: dict[str, tuple[type, frozenset[str]]] = {
    "draft": (DraftShoot, _SHOOTS),
    "gift": (ChooseGift, frozenset(GIFTS)),
    "visit": (VisitTemple, frozenset(COLOURS)),
    "offer": (Offer, frozenset(COLOURS)),
    "receive": (Receive, frozenset(COLOURS)),
    "take": (TakeBalanceTile, frozenset()),
    "score": (ScoreBalanceTile, frozenset()),
    "buy": (BuyHomeTile, _HOME),
    "food": (TakeFood, frozenset(FOOD_KINDS)),
    "use": (UseSpirit, frozenset(SPIRITS)),
    "wake": (WakeSpirit, frozenset(SPIRITS)),
    "feed": (Feed, frozenset(FOOD_KINDS)),
}


_PARSED: dict[str, object] = {}


def parse_text(text: object) -> object:
    """The action written ``text`` (syntax only); malformed text raises InvalidActionError."""
    if not isinstance(text, str):
        raise InvalidActionError(f"a Bamboo action must be a string, not {type(text).__name__}")
    action = _PARSED.get(text)
    if action is None:
        # actions are values: memoise
        action = _PARSED[text] = _parse(checked_notation(text, "Bamboo"))
    return action


def _parse(text: str) -> object:
    words = text.split(" ")
    head = words[0]
    if len(words) == 1:
        if head in CHOICES:
            return Choose(head)
        if head == "end":
            return EndTurn()
        if head == "pass":
            return Pass()
    elif len(words) == 2 and head in _ONE_ARG:
        cls, allowed = _ONE_ARG[head]
        if words[1] in allowed or (not allowed and BALANCE_TILE_NAME.fullmatch(words[1])):
            return cls(words[1])
    elif len(words) == 2 and head == "home":
        parts = words[1].split(",")
        if (
            len(parts) == 2
            and parts[0] in ("0", "1", "2")
            and parts[1] in ("0", "1", "2", "3", "4")
        ):
            return PlaceHomeTile(int(parts[0]), int(parts[1]))
    elif (
        len(words) == 3
        and head in ("activate", "place")
        and words[1] in _SHOOTS
        and words[2] in ("1", "2", "3", "4")
    ):
        cls2 = Activate if head == "activate" else Place
        return cls2(words[1], int(words[2]))
    raise InvalidActionError(f"not a Bamboo action: {text!r} (see bamboo.actions for the notation)")
