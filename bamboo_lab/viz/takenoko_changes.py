"""What changed between two Takenoko positions, and how the garden draws it: :class:`Changes`
read from the two states' public fields, the sentences under the title, the outlines and boxes
on changed plots, the halo under new channels and where the gardener and panda stood before.

Split from :mod:`bamboo_lab.viz.takenoko`, which re-exports :class:`Changes`, :func:`changes`
and :data:`MARKS_KEY`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import (
    COLOUR_NAMES,
    COLOURS,
    EMPEROR_POINTS,
    IMPROVEMENT_NAMES,
)
from bamboo_lab.games.takenoko.words import objective_words

from . import palette
from ._common import Sketch
from .layout import Layout
from .takenoko_aid import WEATHER_EFFECTS

__all__ = [
    "CHANGED",
    "MARKS_KEY",
    "Changes",
    "changes",
    "draw_changed_channels",
    "draw_changed_plots",
    "draw_moved",
    "header_lines",
    "hex_text",
]

_LAYOUT = Layout()


CHANGED = palette.BLACK
"""The outline of what changed since an earlier position (legal targets are vermillion)."""


MARKS_KEY = (
    "boxes on changed plots: new = placed · wet = irrigated now<br>"
    "+1 / -1 = bamboo sections grown / eaten · +W +E +F = improvement"
)
"""The key to the boxes :func:`figure` writes on changed plots (with ``changed_from``)."""


@dataclass(frozen=True)
class Changes:
    """What differs between two positions of one game, read from their public fields."""

    plots: tuple[Hex, ...]
    """Plots placed (in ``after`` only)."""
    channels: tuple[Edge, ...]
    """Irrigation channels laid."""
    bamboo: dict[Hex, tuple[int, int]]
    """Plots whose bamboo height changed: (before, after); a new plot counts from 0."""
    improvements: dict[Hex, str]
    """Improvements that appeared on plots already in the garden, or as chips on new ones."""
    irrigated: tuple[Hex, ...]
    """Plots irrigated in ``after`` and not in ``before`` (new plots included)."""
    gardener: tuple[Hex, Hex] | None
    """(from, to) when the gardener moved."""
    panda: tuple[Hex, Hex] | None
    """(from, to) when the panda moved."""
    eaten: dict[int, tuple[int, int, int]]
    """Per player, the sections gained (positive) or paid back (negative), green/yellow/pink."""
    completed: dict[int, tuple[str, ...]]
    """Per player, the objective cards completed."""
    stored_channels: dict[int, int]
    """Per player, the change in channels kept on their board."""
    stored_improvements: dict[int, tuple[int, int, int]]
    """Per player, the change in watershed, enclosure and fertilizer chips kept."""
    weather: str | None
    """The weather face rolled or chosen, when it changed."""
    emperor: int | None
    """The player who took the Emperor, when it changed hands."""

    def hexes(self) -> tuple[Hex, ...]:
        """Every plot that changed: placed, grown or eaten, improved or newly irrigated."""
        found = {*self.plots, *self.bamboo, *self.improvements, *self.irrigated}
        return tuple(sorted(found))

    def marks(self) -> dict[Hex, str]:
        """The short mark written on each changed plot: ``new``, ``+1``, ``-1``, ``wet``, ``+F``."""
        out: dict[Hex, list[str]] = {h: [] for h in self.hexes()}
        for h in self.plots:
            out[h].append("new")
        for h in self.irrigated:
            if h not in self.plots:
                out[h].append("wet")
        for h, imp in self.improvements.items():
            out[h].append(f"+{imp}")
        for h, (old, new) in self.bamboo.items():
            out[h].append(f"{new - old:+d}")
        return {h: " ".join(words) for h, words in out.items()}

    def sentences(self) -> list[str]:
        """What changed, one short sentence per fact, in the order a player sees it happen."""
        said: list[str] = []
        if self.weather is not None:
            said.append(f"the weather is {self.weather}: {WEATHER_EFFECTS[self.weather]}")
        said += [f"plot {hex_text(h)} placed" for h in self.plots]
        said += [f"a channel laid between {_edge_text(e)}" for e in self.channels]
        said += [
            f"{IMPROVEMENT_NAMES[imp]} on {hex_text(h)}" for h, imp in self.improvements.items()
        ]
        said += [f"{hex_text(h)} now irrigated" for h in self.irrigated]
        for who, move in (("gardener", self.gardener), ("panda", self.panda)):
            if move is not None:
                said.append(f"the {who} moved {hex_text(move[0])} → {hex_text(move[1])}")
        for h, (old, new) in sorted(self.bamboo.items()):
            said.append(f"bamboo on {hex_text(h)}: {old} → {new}")
        for p, delta in sorted(self.eaten.items()):
            gained = _sections_text([max(d, 0) for d in delta])
            paid = _sections_text([max(-d, 0) for d in delta])
            if gained:
                said.append(f"player {p} ate {gained}")
            if paid:
                said.append(f"player {p} paid back {paid}")
        for p, cards in sorted(self.completed.items()):
            points = sum(tk.CARDS[c].points for c in cards)
            named = " and ".join(objective_words(card) for card in cards)
            said.append(f"player {p} completed {named} (+{points} points)")
        for p, count in sorted(self.stored_channels.items()):
            many = "a stored channel" if abs(count) == 1 else f"{abs(count)} stored channels"
            said.append(f"player {p} {'took' if count > 0 else 'laid'} {many}")
        for p, chips in sorted(self.stored_improvements.items()):
            for imp, count in zip(IMPROVEMENT_NAMES, chips, strict=True):
                if count:
                    verb = "took" if count > 0 else "placed"
                    said.append(f"player {p} {verb} a {IMPROVEMENT_NAMES[imp]} chip")
        if self.emperor is not None:
            said.append(f"player {self.emperor} took the Emperor (+{EMPEROR_POINTS} points)")
        return said


def _edge_text(e: Edge) -> str:
    a, b = e.hexes()
    return f"{hex_text(a)} and {hex_text(b)}"


def _sections_text(counts: list[int]) -> str:
    """``"2 green, 1 pink"``: the sections of each colour (counts in green, yellow, pink order)."""
    pairs = zip(counts, COLOURS, strict=True)
    return ", ".join(f"{count} {COLOUR_NAMES[colour]}" for count, colour in pairs if count)


def changes(before: tk.State, after: tk.State) -> Changes:
    """What changed from ``before`` to ``after`` (two positions of one game), from their fields."""
    for state in (before, after):
        if not isinstance(state, tk.State):
            raise InvalidStateError(f"changes compares two Takenoko States, not {state!r}")
    if before.num_players != after.num_players:
        raise InvalidStateError("changes compares two positions of one game (same players)")
    seats = range(after.num_players)
    bamboo = {
        h: (before.bamboo.get(h, 0), after.bamboo.get(h, 0))
        for h in sorted(after.tiles)
        if before.bamboo.get(h, 0) != after.bamboo.get(h, 0)
    }
    new_plots = tuple(sorted(set(after.tiles) - set(before.tiles)))
    improvements = {
        h: imp
        for h, imp in sorted(after.improvements.items())
        if before.improvements.get(h) != imp and not (h in new_plots and len(after.tiles[h]) > 1)
    }

    def moved(old: Hex, new: Hex) -> tuple[Hex, Hex] | None:
        return (old, new) if old != new else None

    def delta(old: tuple[int, ...], new: tuple[int, ...]) -> tuple[int, int, int]:
        a, b, c = (n - o for o, n in zip(old, new, strict=True))
        return a, b, c

    eaten = {p: delta(before.eaten[p], after.eaten[p]) for p in seats}
    chips = {p: delta(before.stored_improvements[p], after.stored_improvements[p]) for p in seats}
    return Changes(
        plots=new_plots,
        channels=tuple(sorted(after.channels - before.channels)),
        bamboo=bamboo,
        improvements=improvements,
        irrigated=tuple(
            sorted(
                h
                for h in after.tiles
                if tk.is_irrigated(after, h) and not tk.is_irrigated(before, h)
            )
        ),
        gardener=moved(before.gardener, after.gardener),
        panda=moved(before.panda, after.panda),
        eaten={p: d for p, d in eaten.items() if any(d)},
        completed={
            p: tuple(c for c in after.completed[p] if c not in before.completed[p])
            for p in seats
            if len(after.completed[p]) != len(before.completed[p])
        },
        stored_channels={
            p: after.stored_channels[p] - before.stored_channels[p]
            for p in seats
            if after.stored_channels[p] != before.stored_channels[p]
        },
        stored_improvements={p: d for p, d in chips.items() if any(d)},
        weather=after.weather if after.weather != before.weather else None,
        emperor=after.emperor if after.emperor != before.emperor else None,
    )


def hex_text(h: Hex) -> str:
    """A hex as ``q,r``, the way the garden labels it."""
    return f"{h.q},{h.r}"


def draw_changed_channels(fig: Sketch, changed: Changes) -> None:
    """A dark halo under each channel just laid (drawn before the channels)."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    for e in changed.channels:
        a, b = _LAYOUT.edge_segment(e)
        xs += [a.x, b.x, None]
        ys += [a.y, b.y, None]
    if xs:
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines",
                line={"color": CHANGED, "width": 18},
                opacity=0.6,
                name="channel just laid",
                hoverinfo="skip",
            )
        )


def draw_changed_plots(fig: Sketch, changed: Changes) -> None:
    """A thick outline on every plot that changed and its mark (``new``, ``+1``...) in a box."""
    marks = changed.marks()
    if not marks:
        return
    x, y = _LAYOUT.polygons(sorted(marks), 0.84)
    fig.add_trace(
        go.Scatter(
            x=x,
            y=y,
            mode="lines",
            line={"color": CHANGED, "width": 5},
            name="changed: its box says how",
            hoverinfo="skip",
        )
    )
    for h, mark in sorted(marks.items()):
        c = _LAYOUT.hex_to_pixel(h)
        fig.add_annotation(
            x=c.x + 0.14,
            y=c.y + 0.5,
            xanchor="left",
            yanchor="middle",
            text=f"<b>{mark}</b>",
            showarrow=False,
            font={"size": 12, "color": palette.BLACK},
            bgcolor="#FFFFFF",
            bordercolor=CHANGED,
            borderwidth=2,
            borderpad=1,
        )


def draw_moved(
    fig: Sketch, who: str, start: Hex, dx: float, dy: float, marker: dict[str, Any]
) -> None:
    """Where ``who`` stood before (an open marker) and a dashed line to where it stands now."""
    c = _LAYOUT.hex_to_pixel(start)
    open_marker = {**marker, "symbol": f"{marker['symbol']}-open", "line": {"width": 2}}
    fig.add_trace(
        go.Scatter(
            x=[c.x + dx],
            y=[c.y + dy],
            mode="markers",
            marker=open_marker,
            name=f"where the {who} was",
            hoverinfo="text",
            hovertext=[f"the {who} was on {hex_text(start)}"],
        )
    )


def _wrapped(sentences: list[str], width: int = 96) -> list[str]:
    """``sentences`` joined by `` · `` into lines of at most about ``width`` characters."""
    if not sentences:
        return ["what changed: nothing"]
    lines = ["what changed: " + sentences[0]]
    for sentence in sentences[1:]:
        if len(lines[-1]) + len(sentence) + 3 > width:
            lines.append(sentence)
        else:
            lines[-1] += " · " + sentence
    return lines


def header_lines(changed: Changes) -> list[str]:
    """The lines under the title that say what changed, and the key to the boxes if any."""
    lines = [f"<sup>{line}</sup>" for line in _wrapped(changed.sentences())]
    if changed.hexes():
        lines += [f"<sup><i>{line}</i></sup>" for line in MARKS_KEY.split("<br>")]
    return lines
