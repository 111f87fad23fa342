"""The colour-blind-safe palette of every picture (Okabe & Ito, 2008), with letters and patterns.

Colour is never the only cue: every coloured thing also carries a letter (plot and shoot colours,
goods, home-tile types) or a pattern (dry plots are hatched), so the pictures read in greyscale
and for every kind of colour vision. ``docs/pictures.md`` shows the table.
"""

from __future__ import annotations

__all__ = [
    "BAMBOO_COLOURS",
    "BLACK",
    "DRY_PATTERN",
    "FONT",
    "GHOST",
    "GOODS",
    "GREY",
    "HIGHLIGHT",
    "HOME_TYPES",
    "IMPROVEMENTS",
    "NIGHT",
    "OKABE_ITO",
    "OUTLINES",
    "PAPER",
    "PLAYERS",
    "POND",
    "TAKENOKO_PLOTS",
    "WATER",
    "darker",
    "lighter",
    "player_colour",
]

OKABE_ITO: dict[str, str] = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "black": "#000000",
}
"""The eight colours of Okabe and Ito's colour-blind-safe set."""

BLACK = "#000000"
"""Outlines and text."""

OUTLINES: tuple[tuple[str, str], ...] = (
    (OKABE_ITO["vermillion"], "solid"),
    (OKABE_ITO["blue"], "dash"),
    (BLACK, "dot"),
    (OKABE_ITO["reddish_purple"], "dashdot"),
    (OKABE_ITO["bluish_green"], "longdash"),
    (OKABE_ITO["orange"], "solid"),
)
"""Colour and dash of the n-th numbered outline (cycled): Bamboo balance-tile matches, Bangkok
chilli neighbourhoods; each outline is numbered too, so colour is not the only cue."""

GREY = "#999999"
"""Neutral: card backs, free places, empty spaces."""

PAPER = "#FFFFFF"
"""The background of every picture."""

FONT = "Arial, Helvetica, sans-serif"
"""One plain font family that every browser and Chromium in CI has."""

HIGHLIGHT = OKABE_ITO["vermillion"]
"""Legal targets and matches: a thick vermillion outline (dashed for channel spots)."""

WATER = OKABE_ITO["blue"]
"""Irrigation channels and the border of irrigated plots."""

POND = OKABE_ITO["sky_blue"]
"""The Takenoko pond."""

TAKENOKO_PLOTS: dict[str, str] = {
    "G": OKABE_ITO["bluish_green"],
    "Y": OKABE_ITO["yellow"],
    "P": OKABE_ITO["reddish_purple"],
}
"""Takenoko plot and bamboo colours by letter (green, yellow, pink); the letter is drawn too."""

DRY_PATTERN = "/"
"""Dry (not irrigated) plots are pale and hatched; irrigated plots are solid."""

IMPROVEMENTS: dict[str, tuple[str, str]] = {
    "W": ("circle", OKABE_ITO["blue"]),
    "E": ("square", OKABE_ITO["orange"]),
    "F": ("diamond", OKABE_ITO["vermillion"]),
}
"""Takenoko improvements: (marker symbol, colour), with the letter W, E or F inside.

A printed improvement is a filled symbol; a chip placed later is the same symbol, white."""

BAMBOO_COLOURS: tuple[str, ...] = (
    OKABE_ITO["vermillion"],
    OKABE_ITO["yellow"],
    OKABE_ITO["bluish_green"],
    OKABE_ITO["blue"],
)
"""Bamboo temple and shoot colours red, yellow, green, blue (with the letters R, Y, G, B)."""

HOME_TYPES: tuple[str, ...] = (
    OKABE_ITO["orange"],
    OKABE_ITO["sky_blue"],
    OKABE_ITO["bluish_green"],
    GREY,
)
"""Bamboo home-tile types decoration, faith, garden, tools (with the letters D, F, G, T)."""

GOODS: dict[str, str] = {
    "passion_fruit": OKABE_ITO["orange"],
    "thai_zucchini": OKABE_ITO["bluish_green"],
    "blue_peas": OKABE_ITO["reddish_purple"],
    "fish": GREY,
}
"""Bangkok goods as on the cards (orange, green, mauve, grey), with the letters P, Z, B, F."""

PLAYERS: tuple[str, ...] = (
    OKABE_ITO["blue"],
    OKABE_ITO["orange"],
    OKABE_ITO["bluish_green"],
    OKABE_ITO["reddish_purple"],
)
"""Seats 0 to 3 (and bots in statistics, cycling); the seat number is always written too."""

NIGHT = OKABE_ITO["black"]
"""Bamboo's night side: the white-rimmed star on each special home space (reads on any tile)."""

GHOST = "#7F5539"
"""Bamboo's brown ghost (two players)."""


def player_colour(seat: int) -> str:
    """The colour of ``seat`` (the ghost's for a negative seat)."""
    return GHOST if seat < 0 else PLAYERS[seat % len(PLAYERS)]


def _mix(colour: str, other: str, amount: float) -> str:
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02X}" for x, y in zip(a, b, strict=True))


def lighter(colour: str, amount: float = 0.55) -> str:
    """``colour`` mixed with white (0: unchanged, 1: white)."""
    return _mix(colour, "#FFFFFF", amount)


def darker(colour: str, amount: float = 0.35) -> str:
    """``colour`` mixed with black (0: unchanged, 1: black)."""
    return _mix(colour, "#000000", amount)
