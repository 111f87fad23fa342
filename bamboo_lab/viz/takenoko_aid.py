"""The Takenoko player aid: one printable page with the goal, a turn, the five actions, the
weather die, the improvements, the objectives, the end of the game and how to read the garden.

Counts and points come from the game's components (the cards' points, the end trigger, the
Emperor); the words are the rules of ``docs/rules/takenoko.md`` in short. Re-exported as
:func:`bamboo_lab.viz.takenoko.player_aid`.
"""

from __future__ import annotations

import plotly.graph_objects as go

from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import EMPEROR_POINTS, END_TRIGGER, HAND_LIMIT

from . import palette
from ._common import Sketch, canvas, hex_trace, label, rounded_rect
from .layout import Layout, Point
from .takenoko_boards import bamboo_section

__all__ = ["AID_HEIGHT", "AID_WIDTH", "WEATHER_EFFECTS", "player_aid"]

WEATHER_EFFECTS: dict[str, str] = {
    "sun": "a third action this turn, all three of different kinds",
    "rain": "one section grows on an irrigated plot of your choice",
    "wind": "your two actions may be of the same kind",
    "storm": "the panda jumps to any plot and eats a section there",
    "clouds": "take an improvement chip (none left: choose another face)",
    "?": "choose the face you want",
}
"""What each face of the weather die does, in a few words (TK-W-1 to TK-W-6)."""

AID_WIDTH = 1120
"""The player aid's width in pixels (an A4 page across, at about 96 pixels per inch)."""

AID_HEIGHT = 800
"""The player aid's height in pixels."""

_PANEL = "#F4F4F4"
_TEXT = 12


def _points(deck: str) -> str:
    """The lowest and highest points of one objective deck, as ``"2-5"``."""
    points = [c.points for c in tk.CARDS.values() if c.deck == deck]
    return f"{min(points)}-{max(points)}"


def _heading(fig: Sketch, x: float, y: float, text: str) -> None:
    label(fig, x, y, text, size=16, anchor="left", bold=True)


def _line(fig: Sketch, x: float, y: float, text: str, size: int = _TEXT) -> None:
    label(fig, x, y, text, size=size, anchor="left", valign="top")


def _hex(fig: Sketch, centre: Point, size: float, fill: str, line: str, dry: bool = False) -> None:
    """A small plot hexagon; ``dry`` plots are pale and hatched as in the garden."""
    px, py = Layout(size=size, origin=centre).polygon(Hex(0, 0), 0.95)
    if dry:
        pattern = {
            "shape": palette.DRY_PATTERN,
            "bgcolor": palette.lighter(fill, 0.65),
            "fgcolor": palette.darker(fill, 0.1),
            "fgopacity": 0.45,
            "size": 7,
            "solidity": 0.15,
        }
        fig.add_trace(hex_trace(px, py, palette.lighter(fill, 0.65), "#777777", 1.2, pattern))
    else:
        fig.add_trace(hex_trace(px, py, fill, line, 1.5))


def _marker(fig: Sketch, x: float, y: float, symbol: str, colour: str, text: str = "") -> None:
    """A marker as the garden draws it (the gardener's star, the panda, an improvement)."""
    fig.add_trace(
        go.Scatter(
            x=[x],
            y=[y],
            mode="markers+text",
            text=[text],
            textfont={"color": "#FFFFFF", "size": 12},
            marker={
                "symbol": symbol,
                "size": 20,
                "color": colour,
                "line": {"color": palette.BLACK, "width": 1.5},
            },
            hoverinfo="skip",
            showlegend=False,
        )
    )


def _segment(fig: Sketch, x0: float, y0: float, x1: float, y1: float) -> None:
    """An irrigation channel."""
    fig.add_trace(
        go.Scatter(
            x=[x0, x1],
            y=[y0, y1],
            mode="lines",
            line={"color": palette.WATER, "width": 6},
            hoverinfo="skip",
            showlegend=False,
        )
    )


def _turn(fig: Sketch) -> None:
    """The left panel: a turn in four steps and the five actions."""
    rounded_rect(fig, 0.2, 0.2, 9.3, 17.6, _PANEL, "#BBBBBB", 1)
    _heading(fig, 0.5, 17.0, "Your turn")
    steps = (
        "Roll the weather die and do what it shows<br>(nobody rolls in the first round).",
        "Take <b>2 actions of 2 different kinds</b>, one<br>after the other, in any order.",
        "Free, any time in your turn: lay a kept<br>channel, place a kept chip,"
        " complete objectives.",
        "End your turn: the next player clockwise plays.",
    )
    for k, text in enumerate(steps):
        y = 16.4 - k * 1.2
        label(fig, 0.75, y - 0.3, f"{k + 1}", size=15, bold=True, color=palette.WATER)
        _line(fig, 1.2, y, text)
    _heading(fig, 0.5, 11.6, "The five actions")
    actions = (
        ("Plot", "draw 3 plots, keep 1; it goes next to the<br>pond or next to 2 placed plots."),
        (
            "Irrigation",
            "take a channel; lay it (free) between two<br>plots, joined to a pond corner.",
        ),
        (
            "Gardener",
            "walk in a straight line; 1 section grows<br>there and on touching irrigated"
            " plots<br>of its colour.",
        ),
        (
            "Panda",
            "walk in a straight line; it eats 1 section<br>there, which you keep on your board.",
        ),
        (
            "Objective",
            f"draw a card from one of the 3 decks<br>(at most {HAND_LIMIT} cards in hand).",
        ),
    )
    for k, (name, text) in enumerate(actions):
        y = 10.85 - k * 2.1
        x = 1.0
        if name == "Plot":
            _hex(fig, Point(x, y - 0.45), 0.42, palette.TAKENOKO_PLOTS["G"], "#333333")
        elif name == "Irrigation":
            _segment(fig, x, y - 0.05, x, y - 0.85)
        elif name == "Gardener":
            _marker(fig, x, y - 0.45, "star", palette.OKABE_ITO["orange"])
        elif name == "Panda":
            _marker(fig, x, y - 0.45, "circle", palette.BLACK)
        else:
            rounded_rect(fig, x - 0.3, y - 0.9, x + 0.3, y, "#DCEFFA", "#555555", 1.2)
        label(fig, 1.7, y, name, size=13, anchor="left", valign="top", bold=True)
        _line(fig, 1.7, y - 0.45, text)


def _weather(fig: Sketch) -> None:
    """The middle panel: the six weather faces and the three improvements."""
    rounded_rect(fig, 9.5, 0.2, 18.6, 17.6, _PANEL, "#BBBBBB", 1)
    _heading(fig, 9.8, 17.0, "The weather die")
    for k, face in enumerate(tk.WEATHER_FACES):
        y = 16.2 - k * 1.45
        rounded_rect(fig, 9.8, y - 0.95, 11.4, y + 0.35, "#FFFFFF", palette.BLACK, 1.5, 0.15)
        label(fig, 10.6, y - 0.3, face, size=13, bold=True)
        effect = WEATHER_EFFECTS[face]
        words = effect.split(" ")
        half = (len(words) + 1) // 2
        text = " ".join(words[:half]) + "<br>" + " ".join(words[half:])
        _line(fig, 11.7, y + 0.05, text)
    _heading(fig, 9.8, 7.1, "Improvements (one per plot, for good)")
    improvements = (
        ("W", "watershed: irrigates its own plot"),
        ("E", "enclosure: the panda never eats here"),
        ("F", "fertilizer: every growth here is 2 sections"),
    )
    for k, (letter, text) in enumerate(improvements):
        y = 6.2 - k * 1.1
        symbol, colour = palette.IMPROVEMENTS[letter]
        _marker(fig, 10.3, y, symbol, colour, letter)
        label(fig, 10.8, y, text, size=_TEXT, anchor="left")
    _line(
        fig,
        9.8,
        2.6,
        "Printed on a plot, or a chip from the clouds: a<br>chip goes on a plot with no bamboo"
        " and no<br>improvement. Bamboo is never more than 4<br>sections high.",
    )


def _objectives(fig: Sketch) -> None:
    """The right panel: the three kinds of objective, the end of the game, the garden's key."""
    rounded_rect(fig, 18.8, 0.2, 27.8, 17.6, _PANEL, "#BBBBBB", 1)
    _heading(fig, 19.1, 17.0, "Objectives: how you score")
    kinds = (
        (
            "plot",
            f"<b>Plot</b> ({_points('plot')} points): the garden shows<br>the card's shape"
            " in its colours, every plot<br>irrigated, turned any way.",
        ),
        (
            "gardener",
            f"<b>Gardener</b> ({_points('gardener')} points): a bamboo<br>exactly 4 high with the"
            " improvement shown,<br>or several bamboos 3 high.",
        ),
        (
            "panda",
            f"<b>Panda</b> ({_points('panda')} points): give back the<br>sections shown, from"
            " those your panda ate.",
        ),
    )
    for k, (deck, text) in enumerate(kinds):
        y = 16.0 - k * 2.1
        x = 19.9
        if deck == "plot":
            shape = Layout(size=0.3, origin=Point(x - 0.25, y - 0.55))
            for h in (Hex(0, 0), Hex(1, 0), Hex(1, -1)):
                _hex(fig, shape.hex_to_pixel(h), 0.3, palette.TAKENOKO_PLOTS["Y"], palette.WATER)
        elif deck == "gardener":
            for i in range(4):
                bamboo_section(fig, x, y - 1.2 + i * 0.3, y - 0.95 + i * 0.3, 0.12, "G", 1.2)
        else:
            for i, colour in enumerate(("P", "P")):
                bamboo_section(fig, x - 0.25 + i * 0.5, y - 1.1, y - 0.1, 0.16, colour, 1.2)
        _line(fig, 20.8, y + 0.1, text)
    _heading(fig, 19.1, 9.6, "The end of the game")
    trigger = ", ".join(
        f"{count}th with {players}" for players, count in sorted(END_TRIGGER.items())[1:]
    )
    lowest = min(END_TRIGGER)
    _line(
        fig,
        19.1,
        9.0,
        f"Completing your {END_TRIGGER[lowest]}th objective ({lowest} players;<br>{trigger})"
        f" takes the Emperor: +{EMPEROR_POINTS} points.<br>Finish your turn; every other player"
        " then plays<br>one more turn. The highest total wins; a tie goes<br>to the most points"
        " from panda objectives.",
    )
    _heading(fig, 19.1, 5.0, "Reading the garden")
    key_y = 4.1
    _hex(fig, Point(19.6, key_y), 0.38, palette.TAKENOKO_PLOTS["G"], "#333333")
    label(fig, 20.1, key_y, "irrigated plot", size=_TEXT, anchor="left")
    _hex(fig, Point(23.2, key_y), 0.38, palette.TAKENOKO_PLOTS["G"], "#333333", dry=True)
    label(fig, 23.7, key_y, "dry plot (hatched)", size=_TEXT, anchor="left")
    key_y -= 1.05
    _segment(fig, 19.3, key_y, 19.9, key_y)
    label(fig, 20.1, key_y, "irrigation channel", size=_TEXT, anchor="left")
    for i in range(3):
        bamboo_section(fig, 23.2, key_y - 0.4 + i * 0.27, key_y - 0.17 + i * 0.27, 0.12, "Y", 1)
    label(fig, 23.7, key_y, "bamboo: 3 sections", size=_TEXT, anchor="left")
    key_y -= 1.05
    _marker(fig, 19.6, key_y, "star", palette.OKABE_ITO["orange"])
    label(fig, 20.1, key_y, "gardener", size=_TEXT, anchor="left")
    _marker(fig, 23.2, key_y, "circle", palette.BLACK)
    label(fig, 23.7, key_y, "panda", size=_TEXT, anchor="left")


def player_aid() -> go.Figure:
    """One printable page for the table: the goal, a turn, the five actions, the weather die,
    the improvements, the objectives and their points, the end of the game, the garden's key."""
    fig = canvas(
        "<b>Takenoko · player aid</b><br>Goal: score the most points by completing objective"
        " cards: lay out the garden, irrigate it, grow bamboo and feed the panda.",
        AID_HEIGHT,
        AID_WIDTH,
    )
    fig.update_layout(margin={"l": 10, "r": 10, "t": 70, "b": 10})
    _turn(fig)
    _weather(fig)
    _objectives(fig)
    fig.update_xaxes(range=[0.0, 28.0])
    fig.update_yaxes(range=[-0.4, 17.93])  # one scale on both axes
    return fig.figure()
