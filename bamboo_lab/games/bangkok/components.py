"""Bangkok components: goods, the 60 cards, the 4 pontoon objectives, the first-player token.

The counts are documented (rulebook "Materials"; catalog part 2, section 2.2): 12 initial boat
cards in 4 sets of 3, 16 chilli cards, 32 boat cards, 4 pontoon tiles, 1 first-player token.

The card FACES are RECONSTRUCTED (catalog sections 2.3 and 2.4): no public list of the printed
faces was found, so :data:`RECONSTRUCTED_DECK` is a proposal that fits every documented number
and the rulebook's examples, not the published component list. A user can pass their own deck
list (``Options(deck=...)``) in the same card-spec grammar; :func:`build_deck` validates it.

Card-spec grammar (one string per card; goods are the letters of :data:`GOOD_LETTERS`):

- ``"ZP"``: a boat card showing 1 to 3 baskets (duplicates allowed, e.g. ``"PP"``);
- ``"1:P"``: an initial boat card of set 1 (the set whose back shows 1 bamboo);
- ``"C3:FB/B"``: a chilli card of scoring type 3 indicating fish and blue peas, showing blue peas.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.display import RichDisplay
from bamboo_lab.core.errors import InvalidStateError

__all__ = [
    "BOAT_CARDS",
    "CARD_KINDS",
    "CHILLI_CARDS",
    "CHILLI_TYPES",
    "GOODS",
    "GOOD_INDEX",
    "GOOD_LETTERS",
    "GOOD_NAMES",
    "INITIAL_CARDS",
    "INITIAL_SETS",
    "LINE_CELLS",
    "PONTOONS",
    "PORT_BOAT_CARDS",
    "PORT_CHILLI_CARDS",
    "RECONSTRUCTED_DECK",
    "SOLO_PILE_SLOTS",
    "SOLO_TRACK",
    "SOLO_TURNS",
    "TOTAL_CARDS",
    "Card",
    "Deck",
    "build_deck",
    "parse_card_spec",
]

GOODS: tuple[str, ...] = ("passion_fruit", "thai_zucchini", "blue_peas", "fish")
"""The 4 goods, in the rotation order of the catalog (P, Z, B, F; next(F) = P)."""

GOOD_INDEX: dict[str, int] = {good: index for index, good in enumerate(GOODS)}
"""Each good's index in :data:`GOODS` (its bit in a card's goods mask)."""

GOOD_LETTERS = "PZBF"
"""One letter per good, used in card specs and in action notation."""

GOOD_NAMES: dict[str, str] = {
    "passion_fruit": "orange passion fruit",
    "thai_zucchini": "green Thai zucchini",
    "blue_peas": "mauve blue peas",
    "fish": "grey fish",
}
"""The rulebook's names of the goods (with their colours)."""

CARD_KINDS: tuple[str, ...] = ("initial", "chilli", "boat")
"""The three kinds of card, by their backs (rulebook Materials)."""

INITIAL_SETS = 4
"""Sets of 3 initial boat cards; the backs show 1 to 4 bamboos (rulebook Materials)."""

INITIAL_CARDS = 12
"""Initial boat cards in the box (4 sets of 3)."""

CHILLI_CARDS = 16
"""Chilli cards in the box (2 chillies on the back)."""

BOAT_CARDS = 32
"""Ordinary boat cards in the box (plain back)."""

TOTAL_CARDS = INITIAL_CARDS + CHILLI_CARDS + BOAT_CARDS
"""All 60 cards."""

CHILLI_TYPES: dict[int, str] = {
    1: "5 points minus 1 per indicated good",
    2: "1 point per indicated good",
    3: "2 points per pair of the two indicated goods",
    4: "2 points per indicated good present exactly once",
}
"""The 4 scoring types of the chilli cards (rulebook "Counting of points", catalog 2.4)."""

PONTOONS: tuple[str, ...] = GOODS
"""The 4 pontoon tiles: each hides one good, the personal objective (catalog 2.5, INF)."""

PORT_CHILLI_CARDS = 2
"""Chilli cards dealt to the port at setup (BK-SET-5)."""

PORT_BOAT_CARDS = 7
"""Boat cards dealt to the port at setup (BK-SET-5)."""

LINE_CELLS: dict[str, tuple[int, ...]] = {
    **{f"row{row + 1}": (3 * row, 3 * row + 1, 3 * row + 2) for row in range(3)},
    **{f"col{column + 1}": (column, column + 3, column + 6) for column in range(3)},
}
"""The port's rows and columns by name: their cells, 0-8 in reading order (BK-RENEW-1)."""

SOLO_TRACK: tuple[str, ...] = ("R1", "R2", "R3", "B3", "B2", "B1", "L3", "L2", "L1")
"""The solo turn-counter track, clockwise from right of row 1 (BK-SOLO-1, K14, REC direction)."""

SOLO_PILE_SLOTS: tuple[str, ...] = ("T1", "T3")
"""Solo: the two piles sit above columns 1 and 3 and block those slots (BK-SOLO-1)."""

SOLO_TURNS = len(SOLO_TRACK)
"""Solo: the game ends at the end of the 9th turn (BK-SOLO-3)."""


@dataclass(frozen=True)
class Card(RichDisplay):
    """One card: its kind ("initial", "chilli" or "boat"), the goods shown, chilli data."""

    drawn_by = "bamboo_lab.viz.bangkok:card"  # its picture (core.display)

    id: int
    kind: str
    goods: tuple[str, ...]
    chilli_type: int = 0
    indicated: tuple[str, ...] = ()
    initial_set: int = 0

    @property
    def is_chilli(self) -> bool:
        """True for a chilli card (back with 2 chillies)."""
        return self.kind == "chilli"

    @property
    def letters(self) -> str:
        """The goods shown on the face as letters, e.g. ``"ZP"``."""
        return "".join(GOOD_LETTERS[GOODS.index(good)] for good in self.goods)

    @property
    def label(self) -> str:
        """A short face label: goods letters, chilli cards prefixed with ``*`` (``"*B"``)."""
        return ("*" if self.is_chilli else "") + self.letters

    @property
    def spec(self) -> str:
        """The card in the card-spec grammar of this module (``"C3:FB/B"``, ``"1:P"``, ``"ZP"``)."""
        if self.is_chilli:
            ind = "".join(GOOD_LETTERS[GOODS.index(good)] for good in self.indicated)
            return f"C{self.chilli_type}:{ind}/{self.letters}"
        if self.kind == "initial":
            return f"{self.initial_set}:{self.letters}"
        return self.letters

    def __str__(self) -> str:
        """The card as ``#id spec``."""
        return f"#{self.id} {self.spec}"


def _letters_to_goods(
    text: str, spec: str, lowest: int, highest: int, what: str
) -> tuple[str, ...]:
    """Turn good letters into good names, checking the count is in ``lo..hi``."""
    bad = [letter for letter in text if letter not in GOOD_LETTERS]
    if bad:
        raise InvalidStateError(
            f"card spec {short_repr(spec)}: unknown good {bad[0]!r}; goods are "
            + ", ".join(
                f"{letter}={good}" for letter, good in zip(GOOD_LETTERS, GOODS, strict=True)
            )
        )
    if not lowest <= len(text) <= highest:
        raise InvalidStateError(
            f"card spec {short_repr(spec)}: {what} must show {lowest} to {highest} goods"
        )
    return tuple(GOODS[GOOD_LETTERS.index(letter)] for letter in text)


def parse_card_spec(spec: str, card_id: int = 0) -> Card:
    """Build a :class:`Card` from a card spec (module docstring grammar); bad specs raise."""
    if not isinstance(spec, str) or not spec:
        raise InvalidStateError(f"a card spec must be a non-empty string, not {short_repr(spec)}")
    if spec.startswith("C"):
        head, sep, rest = spec.partition(":")
        ind, sep2, face = rest.partition("/")
        if not sep or not sep2 or len(head) != 2 or not head[1].isdigit():
            raise InvalidStateError(f"chilli card spec {short_repr(spec)} must look like 'C3:FB/B'")
        kind = int(head[1])
        if kind not in CHILLI_TYPES:
            raise InvalidStateError(f"chilli card spec {short_repr(spec)}: the type must be 1 to 4")
        indicated = _letters_to_goods(ind, spec, 1, 4, "the indicated part")
        if len(set(indicated)) != len(indicated):
            raise InvalidStateError(f"chilli card spec {short_repr(spec)}: indicated goods repeat")
        if kind == 3 and len(indicated) != 2:
            raise InvalidStateError(
                f"chilli card spec {short_repr(spec)}: type 3 indicates exactly 2 goods"
            )
        goods = _letters_to_goods(face, spec, 1, 3, "a chilli card")
        return Card(card_id, "chilli", goods, kind, indicated)
    if ":" in spec:
        head, _, face = spec.partition(":")
        if head not in {str(number) for number in range(1, INITIAL_SETS + 1)}:
            raise InvalidStateError(f"initial card spec {short_repr(spec)}: the set must be 1 to 4")
        goods = _letters_to_goods(face, spec, 1, 3, "a boat card")
        return Card(card_id, "initial", goods, initial_set=int(head))
    return Card(card_id, "boat", _letters_to_goods(spec, spec, 1, 3, "a boat card"))


def _reconstructed_deck() -> tuple[str, ...]:
    """The RECONSTRUCTED deck of catalog sections 2.3 and 2.4, as card specs."""
    nxt = {letter: GOOD_LETTERS[(index + 1) % 4] for index, letter in enumerate(GOOD_LETTERS)}
    specs: list[str] = []
    for number, letter in enumerate(GOOD_LETTERS, start=1):  # set s, base good g
        second = nxt[letter]
        third = nxt[second]
        fourth = nxt[third]
        specs += [
            f"{number}:{letter}",
            f"{number}:{second}{third}",
            f"{number}:{fourth}{fourth}{letter}",
        ]
    specs += ["C1:P/Z", "C1:Z/B", "C1:B/F", "C1:F/P"]  # type 1: indicate g, show next(g)
    specs += ["C2:P/P", "C2:Z/Z", "C2:B/B", "C2:F/F"]  # type 2: indicate and show g
    specs += ["C3:PZ/B", "C3:BF/Z", "C3:PB/F", "C3:ZF/P"]  # type 3: a pair
    specs += ["C4:PF/Z", "C4:ZB/F", "C4:PZ/B", "C4:BF/P"]  # type 4: a pair
    specs += [letter for letter in GOOD_LETTERS for _ in range(2)]  # singles, 2 of each
    pairs = [
        first + second
        for index, first in enumerate(GOOD_LETTERS)
        for second in GOOD_LETTERS[index + 1 :]
    ]
    specs += [pair for pair in pairs for _ in range(2)]  # two different goods, 2 of each pair
    specs += [letter + letter for letter in GOOD_LETTERS]  # doubles
    specs += [letter + letter + nxt[letter] for letter in GOOD_LETTERS]  # double + next
    specs += [
        "".join(other for other in GOOD_LETTERS if other != letter) for letter in GOOD_LETTERS
    ]  # 3 different
    return tuple(specs)


RECONSTRUCTED_DECK: tuple[str, ...] = _reconstructed_deck()
"""The 60 card specs of the RECONSTRUCTED deck (catalog 2.3/2.4): not the printed faces."""


@dataclass(frozen=True)
class Deck:
    """A validated deck and its lookup tables (card id = position in the spec list)."""

    specs: tuple[str, ...]
    cards: tuple[Card, ...]
    masks: tuple[int, ...]
    """Per card: a bit per good shown (bit i = GOODS[i])."""
    baskets: tuple[tuple[int, ...], ...]
    """Per card: the good index of each basket shown."""
    chilli: tuple[bool, ...]
    labels: tuple[str, ...]

    def initial_set(self, number: int) -> tuple[int, ...]:
        """The ids of the 3 initial cards of set ``number`` (1 to 4)."""
        return tuple(card.id for card in self.cards if card.initial_set == number)


@lru_cache(maxsize=16)
def build_deck(specs: tuple[str, ...] = ()) -> Deck:
    """Validate a deck list (``()`` means the reconstructed deck) and build its tables.

    The list must hold exactly 12 initial cards (3 per set 1 to 4), 16 chilli cards and 32 boat
    cards (rulebook Materials); unknown goods or malformed specs raise InvalidStateError.
    """
    specs = tuple(specs) or RECONSTRUCTED_DECK
    cards = tuple(parse_card_spec(spec, card_id) for card_id, spec in enumerate(specs))
    counts = {kind: sum(card.kind == kind for card in cards) for kind in CARD_KINDS}
    wanted = {"initial": INITIAL_CARDS, "chilli": CHILLI_CARDS, "boat": BOAT_CARDS}
    if counts != wanted:
        raise InvalidStateError(
            f"a deck needs {INITIAL_CARDS} initial, {CHILLI_CARDS} chilli and {BOAT_CARDS} boat"
            f" cards ({TOTAL_CARDS} in all); this one has {counts['initial']} initial,"
            f" {counts['chilli']} chilli and {counts['boat']} boat ({len(cards)} in all)"
        )
    for number in range(1, INITIAL_SETS + 1):
        size = sum(card.initial_set == number for card in cards)
        if size != 3:
            raise InvalidStateError(f"initial set {number} must have 3 cards, not {size}")
    return Deck(
        specs=specs,
        cards=cards,
        masks=tuple(sum(1 << GOOD_INDEX[good] for good in set(card.goods)) for card in cards),
        baskets=tuple(tuple(GOOD_INDEX[good] for good in card.goods) for card in cards),
        chilli=tuple(card.is_chilli for card in cards),
        labels=tuple(card.label for card in cards),
    )
