"""Takenoko components: plots, bamboo, channels, improvement chips and the 45 objective cards.

All data follows ``takenoko-catalog.md`` (sections 1 to 3); every count and point value there has
confidence H or M/H from card scans and several implementations. The plot-tile distribution
(green 6/2/2/1, yellow 6/1/1/1, pink 4/1/1/1) is the catalog's recommendation (section 10-D3) and
lives in :data:`PLOT_TILES` alone so it can be changed if a physical box says otherwise.
Hex offsets of the plot-objective shapes use the catalog's convention (section 2): axial
``(q, r)``, pointy-top, ``r`` growing downward, exactly as drawn on the printed cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from bamboo_lab.core.display import RichDisplay
from bamboo_lab.core.hexgrid import Hex

__all__ = [
    "ACTION_KINDS",
    "BAMBOO_SUPPLY",
    "CARDS",
    "CHANNEL_SUPPLY",
    "COLOURS",
    "COLOUR_INDEX",
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "DECK_KINDS",
    "DECK_PREFIXES",
    "EMPEROR_POINTS",
    "END_TRIGGER",
    "HAND_LIMIT",
    "IMPROVEMENTS",
    "IMPROVEMENT_CHIPS",
    "IMPROVEMENT_INDEX",
    "IMPROVEMENT_LETTERS",
    "IMPROVEMENT_NAMES",
    "MAX_HEIGHT",
    "PLOT_TILES",
    "SHAPES",
    "WEATHER_FACES",
    "Counts",
    "ObjectiveCard",
    "counts_minus",
    "counts_plus",
    "counts_plus_all",
    "tile_colour",
    "tile_improvement",
]

COLOURS: tuple[str, ...] = ("G", "Y", "P")
"""Plot and bamboo colours: green, yellow, pink (in this order everywhere)."""

COLOUR_NAMES: dict[str, str] = {"G": "green", "Y": "yellow", "P": "pink"}
"""Full names of the colour letters."""

COLOUR_INDEX: dict[str, int] = {colour: index for index, colour in enumerate(COLOURS)}
"""The place of each colour letter in every (green, yellow, pink) count: reserves, boards, cards."""

COLOUR_LETTERS: dict[str, str] = {name: letter for letter, name in COLOUR_NAMES.items()}
"""The colour letter of each full colour name."""

IMPROVEMENTS: tuple[str, ...] = ("W", "E", "F")
"""Improvement letters: watershed, enclosure, fertilizer (in this order everywhere)."""

IMPROVEMENT_NAMES: dict[str, str] = {"W": "watershed", "E": "enclosure", "F": "fertilizer"}
"""Full names of the improvement letters, as used in the action notation."""

IMPROVEMENT_INDEX: dict[str, int] = {letter: index for index, letter in enumerate(IMPROVEMENTS)}
"""The place of each improvement letter in every (watershed, enclosure, fertilizer) count."""

IMPROVEMENT_LETTERS: dict[str, str] = {name: letter for letter, name in IMPROVEMENT_NAMES.items()}
"""The improvement letter of each full improvement name."""

Counts = tuple[int, int, int]
"""A count per colour (green, yellow, pink) or per improvement (watershed, enclosure,
fertilizer), in the order of :data:`COLOURS` or :data:`IMPROVEMENTS`."""


def counts_plus(counts: Counts, index: int, change: int) -> Counts:
    """``counts`` with ``change`` added to the count at ``index``."""
    first, second, third = counts
    if index == 0:
        return first + change, second, third
    if index == 1:
        return first, second + change, third
    return first, second, third + change


def counts_plus_all(counts: Counts, more: Counts) -> Counts:
    """Each count of ``counts`` plus the same one of ``more``."""
    return counts[0] + more[0], counts[1] + more[1], counts[2] + more[2]


def counts_minus(counts: Counts, fewer: Counts) -> Counts:
    """Each count of ``counts`` less the same one of ``fewer``."""
    return counts[0] - fewer[0], counts[1] - fewer[1], counts[2] - fewer[2]


MAX_HEIGHT = 4
"""A bamboo never has more than 4 sections (TK-BAM-1)."""

BAMBOO_SUPPLY: dict[str, int] = {"G": 36, "Y": 30, "P": 24}
"""Bamboo sections in the box (catalog 1, TK-SET-3)."""

CHANNEL_SUPPLY = 20
"""Irrigation channels in the box (catalog 1, TK-SET-3)."""

IMPROVEMENT_CHIPS: dict[str, int] = {"W": 3, "E": 3, "F": 3}
"""Improvement chips in the reserve (catalog 1: 3 watershed, 3 enclosure, 3 fertilizer)."""

HAND_LIMIT = 5
"""A hand holds at most 5 objective cards (TK-OBJ-2)."""

EMPEROR_POINTS = 2
"""The Emperor card is worth 2 points (catalog 3.4)."""

END_TRIGGER: dict[int, int] = {2: 9, 3: 8, 4: 7}
"""Completed objectives that trigger the end, by player count (TK-END-1)."""

WEATHER_FACES: tuple[str, ...] = ("sun", "rain", "wind", "storm", "clouds", "?")
"""The six faces of the weather die, one each (catalog 6)."""

ACTION_KINDS: tuple[str, ...] = ("plot", "irrigation", "gardener", "panda", "objective")
"""The five actions a player chooses from (TK-TURN-3)."""

DECK_KINDS: tuple[str, ...] = ("plot", "gardener", "panda")
"""The three objective decks, identified by their card-id prefixes P, G and A."""

DECK_PREFIXES: tuple[str, ...] = ("P", "G", "A")
"""The first letter of the ids of each deck's cards (P01, G01, A01), in :data:`DECK_KINDS` order."""

# Colour + printed improvement -> number of tiles (catalog 1.1; "" = no improvement).
_TILE_COUNTS: tuple[tuple[str, int], ...] = (
    ("G", 6),
    ("GW", 2),
    ("GE", 2),
    ("GF", 1),
    ("Y", 6),
    ("YW", 1),
    ("YE", 1),
    ("YF", 1),
    ("P", 4),
    ("PW", 1),
    ("PE", 1),
    ("PF", 1),
)

PLOT_TILES: tuple[str, ...] = tuple(code for code, count in _TILE_COUNTS for _ in range(count))
"""The 27 coloured plots as tile codes: colour letter plus printed improvement letter, if any."""


def tile_colour(code: str) -> str:
    """The colour letter of a plot tile code."""
    return code[0]


def tile_improvement(code: str) -> str | None:
    """The printed improvement letter of a plot tile code, or None."""
    return code[1] if len(code) > 1 else None


SHAPES: dict[str, tuple[Hex, ...]] = {
    "LINE": (Hex(0, 0), Hex(0, 1), Hex(0, 2)),
    "CURVE": (Hex(1, -1), Hex(0, 0), Hex(0, 1)),
    "TRIANGLE": (Hex(0, 0), Hex(1, 0), Hex(1, -1)),
    "DIAMOND": (Hex(1, -1), Hex(0, 0), Hex(1, 0), Hex(0, 1)),
    # Two-colour diamond: colour A on the top and middle-right, colour B on middle-left and bottom.
    "DIAMOND_2C": (Hex(1, -1), Hex(1, 0), Hex(0, 0), Hex(0, 1)),
}
"""Plot-objective shapes in card orientation (catalog 2)."""


@dataclass(frozen=True)
class ObjectiveCard(RichDisplay):
    """One objective card: its id, deck, points and requirement.

    ``pattern`` (plot cards): the cells and colours of the shape in card orientation.
    ``colour``/``shoots``/``height``/``improvement`` (gardener cards): ``improvement`` is a letter,
    ``"none"`` (the crossed-out icons) or ``"any"`` (multi-shoot cards).
    ``sections`` (panda cards): sections to pay, in colour order G, Y, P.
    """

    drawn_by = "bamboo_lab.viz.takenoko:card"  # its picture (core.display)

    id: str
    deck: str
    points: int
    shape: str = ""
    pattern: tuple[tuple[Hex, str], ...] = ()
    colour: str = ""
    shoots: int = 0
    height: int = 0
    improvement: str = ""
    sections: tuple[int, int, int] = (0, 0, 0)

    def describe(self) -> str:
        """A one-line human description of the card."""
        if self.deck == "plot":
            cols = "/".join(
                COLOUR_NAMES[colour]
                for colour in dict.fromkeys(colour for _, colour in self.pattern)
            )
            return f"{self.id}: {self.shape} of {cols} plots, irrigated ({self.points} pts)"
        if self.deck == "gardener":
            if self.shoots > 1:
                imp = "any improvement"
            elif self.improvement == "none":
                imp = "no improvement"
            else:
                imp = IMPROVEMENT_NAMES[self.improvement]
            name = COLOUR_NAMES[self.colour]
            return (
                f"{self.id}: {self.shoots} {name} bamboo of height {self.height}, {imp}"
                f" ({self.points} pts)"
            )
        need = ", ".join(
            f"{count} {COLOUR_NAMES[colour]}"
            for colour, count in zip(COLOURS, self.sections, strict=True)
            if count
        )
        return f"{self.id}: pay {need} ({self.points} pts)"


def _plot_card(num: int, shape: str, colours: tuple[str, ...], points: int) -> ObjectiveCard:
    cells = SHAPES[shape]
    return ObjectiveCard(
        id=f"P{num:02d}",
        deck="plot",
        points=points,
        shape=shape,
        pattern=tuple(zip(cells, colours, strict=True)),
    )


def _build_cards() -> dict[str, ObjectiveCard]:
    """The 45 objective cards by id: the plot, then the gardener, then the panda objectives."""
    cards = [*_plot_cards(), *_gardener_cards(), *_panda_cards()]
    return {card.id: card for card in cards}


def _plot_cards() -> list[ObjectiveCard]:
    """The 15 plot objectives P01-P15 (catalog 3.1)."""
    cards: list[ObjectiveCard] = []
    # P01-P12: single colour; green 2 / yellow 3 / pink 4, diamond +1.
    num = 1
    for colour, base in (("G", 2), ("Y", 3), ("P", 4)):
        for shape in ("LINE", "CURVE", "TRIANGLE", "DIAMOND"):
            size = len(SHAPES[shape])
            points = base + (1 if shape == "DIAMOND" else 0)
            cards.append(_plot_card(num, shape, (colour,) * size, points))
            num += 1
    # P13-P15: two-colour diamonds, colour A on the first two cells (catalog 3.1, 10-D2).
    for first_colour, second_colour, points in (("G", "Y", 3), ("G", "P", 4), ("P", "Y", 5)):
        cards.append(
            _plot_card(
                num,
                "DIAMOND_2C",
                (first_colour, first_colour, second_colour, second_colour),
                points,
            )
        )
        num += 1
    return cards


def _gardener_cards() -> list[ObjectiveCard]:
    """The 15 gardener objectives G01-G15 (catalog 3.2)."""
    cards: list[ObjectiveCard] = []
    num = 1
    for colour, base in (("G", 3), ("Y", 4), ("P", 5)):
        for improvement, points in (
            ("F", base),
            ("E", base + 1),
            ("W", base + 1),
            ("none", base + 2),
        ):
            cards.append(
                ObjectiveCard(
                    id=f"G{num:02d}",
                    deck="gardener",
                    points=points,
                    colour=colour,
                    shoots=1,
                    height=4,
                    improvement=improvement,
                )
            )
            num += 1
        cards.append(
            ObjectiveCard(
                id=f"G{num:02d}",
                deck="gardener",
                points=11 - base,
                colour=colour,
                shoots=7 - base,
                height=3,
                improvement="any",
            )
        )
        num += 1
    return cards


def _panda_cards() -> list[ObjectiveCard]:
    """The 15 panda objectives A01-A15 (catalog 3.3): copies 5/4/3/3."""
    cards: list[ObjectiveCard] = []
    num = 1
    for sections, points, copies in (
        ((2, 0, 0), 3, 5),
        ((0, 2, 0), 4, 4),
        ((0, 0, 2), 5, 3),
        ((1, 1, 1), 6, 3),
    ):
        for _ in range(copies):
            cards.append(
                ObjectiveCard(id=f"A{num:02d}", deck="panda", points=points, sections=sections)
            )
            num += 1
    return cards


CARDS: dict[str, ObjectiveCard] = _build_cards()
"""The 45 objective cards by id: P01-P15 plot, G01-G15 gardener, A01-A15 panda (catalog 3)."""
