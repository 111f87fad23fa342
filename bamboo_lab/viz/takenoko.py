"""Takenoko pictures: the hex garden, the players' boards, an objective card and its matches.

Every picture is built from the state's public fields and the game's teaching helpers
(``legal_actions``, ``is_irrigated``, ``plot_objective_placements``, ``objective_met``...): the
picture never re-implements a rule. Hexes are pointy-top (:mod:`bamboo_lab.viz.layout`).
The players' boards live in ``takenoko_boards``, the player aid in ``takenoko_aid``, what
changed in ``takenoko_changes`` and the rows of objective cards in ``takenoko_objectives``;
all are re-exported here.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import COLOUR_NAMES, IMPROVEMENT_NAMES
from bamboo_lab.games.takenoko.words import objective_words

from . import palette
from ._common import Sketch, canvas, finish, hex_trace, hover_trace, label
from .layout import Layout
from .takenoko_aid import WEATHER_EFFECTS, player_aid
from .takenoko_boards import bamboo_section, card, players
from .takenoko_changes import (
    CHANGED,
    MARKS_KEY,
    Changes,
    changes,
    draw_changed_channels,
    draw_changed_plots,
    draw_moved,
    header_lines,
    hex_text,
)
from .takenoko_objectives import EMPEROR, objective_cards
from .takenoko_scale import (
    GARDEN_MAX_WIDTH,
    GARDEN_PAD,
    GARDEN_SCALE,
    fit_garden,
    garden_scale,
    legend_rows,
    title_margin,
)

__all__ = [
    "CHANGED",
    "EMPEROR",
    "GARDEN_MAX_WIDTH",
    "GARDEN_SCALE",
    "HIGHLIGHTS",
    "MARKS_KEY",
    "PHASE_WORDS",
    "WEATHER_EFFECTS",
    "Changes",
    "card",
    "changes",
    "figure",
    "garden_scale",
    "highlight_targets",
    "legend_rows",
    "matches",
    "objective_cards",
    "picture_of",
    "player_aid",
    "players",
    "title_margin",
]

HIGHLIGHTS: tuple[str, ...] = ("plot", "channel", "gardener", "panda", "legal")
"""The named highlights: one action's targets, or every target of the legal actions."""

_LAYOUT = Layout()

_TARGET_NAMES: dict[str | None, tuple[str, str]] = {
    "plot": ("plot can go here", "highlighted edges"),
    "channel": ("highlighted hexes", "channel can go here"),
    "gardener": ("gardener can move here", "highlighted edges"),
    "panda": ("panda can move here", "highlighted edges"),
    "legal": ("legal targets", "legal channel spots"),
    None: ("highlighted hexes", "highlighted edges"),
}
# the legend names of the highlighted hexes and edges per named highlight (None: a given set)


# ---------------------------------------------------------------------- highlights


def highlight_targets(state: tk.State, highlight: Any) -> tuple[set[Hex], set[Edge]]:
    """The hexes and edges a highlight names: taken from ``state.legal_actions()``.

    ``"plot"``, ``"channel"``, ``"gardener"`` and ``"panda"`` give that action's legal targets
    (from the legal actions when the state asks for that decision, otherwise from the teaching
    helper that answers "where could it go now"); ``"legal"`` every target of the legal actions;
    an iterable of ``Hex`` and ``Edge`` values is taken as given.
    """
    if highlight is None:
        return set(), set()
    legal = state.legal_actions()
    if isinstance(highlight, str):
        kinds: dict[str, tuple[type, ...]] = {
            "plot": (tk.PlacePlot,),
            "channel": (tk.PlaceChannel,),
            "gardener": (tk.MoveGardener,),
            "panda": (tk.MovePanda,),
            "legal": (tk.PlacePlot, tk.PlaceChannel, tk.MoveGardener, tk.MovePanda, tk.Grow),
        }
        if highlight not in kinds:
            raise InvalidStateError(
                f"unknown highlight {highlight!r}; use one of {HIGHLIGHTS} or a set of hexes"
                " and edges"
            )
        hexes: set[Hex] = set()
        edges: set[Edge] = set()
        for a in legal:
            if isinstance(a, kinds[highlight]):
                if isinstance(a, tk.PlaceChannel):
                    edges.add(a.edge)
                elif isinstance(a, (tk.PlacePlot, tk.MoveGardener, tk.MovePanda, tk.Grow)):
                    hexes.add(a.plot)
        if hexes or edges or highlight == "legal":
            return hexes, edges
        fallback = {
            "plot": tk.legal_plot_positions,
            "gardener": tk.gardener_destinations,
            "panda": tk.panda_destinations,
        }
        if highlight == "channel":
            return set(), set(tk.legal_channel_edges(state))
        return set(fallback[highlight](state)), set()
    hexes, edges = set(), set()
    try:
        items = list(highlight)
    except TypeError:
        raise InvalidStateError(f"cannot highlight {highlight!r}") from None
    for item in items:
        if isinstance(item, Edge):
            edges.add(item)
        elif isinstance(item, Hex):
            hexes.add(item)
        else:
            raise InvalidStateError(f"a highlight holds Hex and Edge values, not {item!r}")
    return hexes, edges


# ---------------------------------------------------------------------- the garden


def _plot_hover(state: tk.State, h: Hex) -> str:
    code = state.tiles[h]
    colour = COLOUR_NAMES[code[0]]
    wet = "irrigated" if tk.is_irrigated(state, h) else "dry (not irrigated)"
    lines = [f"<b>{colour} plot {hex_text(h)}</b>", wet, f"bamboo: {state.bamboo.get(h, 0)} of 4"]
    imp = state.improvements.get(h)
    if imp:
        how = "printed" if len(code) > 1 else "chip"
        lines.append(f"improvement: {IMPROVEMENT_NAMES[imp]} ({how})")
    if h == state.gardener:
        lines.append("the gardener is here")
    if h == state.panda:
        lines.append("the panda is here")
    return "<br>".join(lines)


def _garden_traces(
    fig: Sketch,
    state: tk.State,
    hexes: set[Hex],
    edges: set[Edge],
    target_names: tuple[str, str],
    changed: Changes | None = None,
    places: str = "legal",
) -> tuple[list[float], list[float]]:
    """Draw the garden into ``fig``; return every corner's x and y (for the axis ranges)."""
    xs: list[float] = []
    ys: list[float] = []
    hover_x: list[float] = []
    hover_y: list[float] = []
    hover_t: list[str] = []
    if places == "legal":
        free = sorted(state.plot_spots)
        free_name, free_hover = "free place", "a plot may be placed here"
    else:  # every empty hex touching the garden, legal or not: the reader finds the legal ones
        around = {n for h in (tk.POND, *state.tiles) for n in h.neighbors()}
        free = sorted(around - set(state.tiles) - {tk.POND})
        free_name, free_hover = "empty place", "an empty place"
    plots = sorted(state.tiles)
    for h in (*free, tk.POND, *plots):  # the axis ranges cover every hex drawn
        px, py = _LAYOUT.polygon(h, 0.94)
        xs += px
        ys += py
    # free places: faint dotted outlines (TK-PLOT-2 places where a plot may go now)
    if free:
        fig.add_trace(
            _legend(_hexes(free, "#F7F7F7", "#BBBBBB", 1.0, dash="dot"), free_name, "free")
        )
    for h in free:
        c = _LAYOUT.hex_to_pixel(h)
        label(fig, c.x, c.y, hex_text(h), size=12, color="#777777")
        hover_x.append(c.x)
        hover_y.append(c.y)
        hover_t.append(f"{free_name} {hex_text(h)}: {free_hover}")
    # the pond
    fig.add_trace(_hexes([tk.POND], palette.POND, palette.WATER, 2.5))
    label(fig, -0.14, 0.12, "pond", size=13, color=palette.BLACK, bold=True)  # gardener: right
    label(fig, 0.0, -0.56, "0,0", size=12, color="#333333")
    hover_x.append(0.0)
    hover_y.append(0.0)
    hover_t.append("the pond 0,0: the plots next to it are irrigated")
    # plots: one trace per colour, irrigated solid, dry pale and hatched
    wet = {h: tk.is_irrigated(state, h) for h in plots}
    named: set[bool] = set()  # the first trace of each kind carries the legend entry
    for letter, colour in palette.TAKENOKO_PLOTS.items():
        for irrigated in (True, False):
            group = [h for h in plots if state.tiles[h][0] == letter and wet[h] == irrigated]
            if not group:
                continue
            name = "irrigated plot" if irrigated else "dry plot (hatched: not irrigated)"
            first = irrigated not in named
            named.add(irrigated)
            if irrigated:
                trace = _hexes(group, colour, "#333333", 1.5)
                fig.add_trace(_legend(trace, name, "wet") if first else trace)
                continue
            pattern = {
                "shape": palette.DRY_PATTERN,
                "bgcolor": palette.lighter(colour, 0.65),
                "fgcolor": palette.darker(colour, 0.1),
                "fgopacity": 0.45,
                "size": 9,
                "solidity": 0.15,
            }
            trace = _hexes(group, palette.lighter(colour, 0.65), "#777777", 1.5, pattern)
            fig.add_trace(_legend(trace, name, "dry") if first else trace)
    for h in plots:
        code = state.tiles[h]
        c = _LAYOUT.hex_to_pixel(h)
        label(fig, c.x, c.y + 0.62, code[0], size=12, bold=True)
        label(fig, c.x, c.y - 0.56, hex_text(h), size=12, color="#222222")
        hover_x.append(c.x)
        hover_y.append(c.y)
        hover_t.append(_plot_hover(state, h))
        _bamboo_stack(fig, c.x, c.y - 0.38, state.bamboo.get(h, 0), code[0])
    # improvements: printed filled, chips open
    for printed in (True, False):
        for imp, (symbol, colour) in palette.IMPROVEMENTS.items():
            at = [
                h
                for h in plots
                if state.improvements.get(h) == imp and (len(state.tiles[h]) > 1) == printed
            ]
            if not at:
                continue
            pts = [_LAYOUT.hex_to_pixel(h) for h in at]
            name = f"{IMPROVEMENT_NAMES[imp]} ({'printed' if printed else 'chip'})"
            fig.add_trace(
                go.Scatter(
                    x=[p.x - 0.48 for p in pts],
                    y=[p.y - 0.05 for p in pts],
                    mode="markers+text",
                    text=[imp] * len(pts),
                    textfont={"color": "#FFFFFF" if printed else colour, "size": 12},
                    marker={
                        "symbol": symbol,
                        "size": 21,
                        "color": colour if printed else "#FFFFFF",
                        "line": {"color": palette.BLACK if printed else colour, "width": 3},
                    },
                    name=name,
                    hoverinfo="skip",
                )
            )
    if changed is not None:
        draw_changed_channels(fig, changed)
    # irrigation channels on their exact edges (TK-IRR-2)
    cx: list[float | None] = []
    cy: list[float | None] = []
    for e in sorted(state.channels):
        a, b = _LAYOUT.edge_segment(e)
        cx += [a.x, b.x, None]
        cy += [a.y, b.y, None]
    if cx:
        fig.add_trace(
            go.Scatter(
                x=cx,
                y=cy,
                mode="lines",
                line={"color": palette.WATER, "width": 8},
                name="irrigation channel",
                hoverinfo="skip",
            )
        )
    # highlights: one trace for the hexes, one for the edges
    hex_name, edge_name = target_names
    hx: list[float | None] = []
    hy: list[float | None] = []
    for h in sorted(hexes):
        px, py = _LAYOUT.polygon(h, 0.8)
        hx += [*px, None]
        hy += [*py, None]
    if hx:
        fig.add_trace(
            go.Scatter(
                x=hx,
                y=hy,
                mode="lines",
                line={"color": palette.HIGHLIGHT, "width": 4},
                name=hex_name,
                legendgroup="highlight",
                hoverinfo="skip",
            )
        )
    ex: list[float | None] = []
    ey: list[float | None] = []
    for e in sorted(edges):
        a, b = _LAYOUT.edge_segment(e)
        ex += [a.x, b.x, None]
        ey += [a.y, b.y, None]
        m = ((a.x + b.x) / 2, (a.y + b.y) / 2)
        hover_x.append(m[0])
        hover_y.append(m[1])
        p, q = e.hexes()
        hover_t.append(f"a channel may go on the edge between {hex_text(p)} and {hex_text(q)}")
    if ex:
        fig.add_trace(
            go.Scatter(
                x=ex,
                y=ey,
                mode="lines",
                line={"color": palette.HIGHLIGHT, "width": 6, "dash": "dot"},
                name=edge_name,
                legendgroup="highlight",
                hoverinfo="skip",
            )
        )
    if changed is not None:
        draw_changed_plots(fig, changed)
    # the gardener and the panda
    for who, where, dx, dy, marker in (
        (
            "gardener",
            state.gardener,
            0.5,
            0.08,
            {"symbol": "star", "size": 25, "color": palette.OKABE_ITO["orange"]},
        ),
        (
            "panda",
            state.panda,
            0.5,
            -0.32,
            {"symbol": "circle", "size": 21, "color": palette.BLACK},
        ),
    ):
        c = _LAYOUT.hex_to_pixel(where)
        line = {"color": palette.BLACK if who == "gardener" else "#FFFFFF", "width": 2}
        move = None if changed is None else getattr(changed, who)
        if move is not None:
            draw_moved(fig, who, move[0], dx, dy, marker)
        fig.add_trace(
            go.Scatter(
                x=[c.x + dx],
                y=[c.y + dy],
                mode="markers",
                marker={**marker, "line": line},
                name=who,
                hoverinfo="text",
                hovertext=[f"the {who} at {hex_text(where)}"],
            )
        )
    # one invisible marker per hex carries its hover text
    fig.add_trace(hover_trace(hover_x, hover_y, hover_t, 34))
    return xs, ys


def _legend(trace: go.Scatter, name: str, group: str) -> go.Scatter:
    """``trace`` with a legend entry ``name`` (a swatch of its fill and pattern)."""
    trace.update(name=name, showlegend=True, legendgroup=group)
    return trace


def _hexes(
    hexes: list[Hex],
    fill: str,
    line: str,
    width: float,
    pattern: dict[str, Any] | None = None,
    dash: str = "solid",
) -> go.Scatter:
    """One filled trace for several hexes of one kind (no hover, no legend entry)."""
    x, y = _LAYOUT.polygons(hexes, 0.94)
    return hex_trace(x, y, fill, line, width, pattern, dash)


def _bamboo_stack(fig: Sketch, x: float, y0: float, height: int, colour: str) -> None:
    """Bamboo as stacked sections, bottom up, in the plot's colour (TK-BAM-1: at most 4)."""
    for i in range(height):
        y = y0 + i * 0.175
        bamboo_section(fig, x, y, y + 0.15, 0.15, colour, 1.2)


PHASE_WORDS: dict[str, str] = {
    "roll": "rolls the weather die",
    "choose_weather": "chooses the weather",
    "rain": "chooses where the rain grows bamboo",
    "storm": "chooses where the storm sends the panda",
    "clouds": "chooses an improvement chip",
    "actions": "chooses an action",
    "keep_plot": "keeps one of the plots drawn",
    "place_plot": "places the kept plot",
    "return_plots": "returns the other plots",
    "gardener": "moves the gardener",
    "panda": "moves the panda",
    "objective": "draws an objective card",
}
"""What the player to move is doing, by phase, in the rulebook's words (the picture's title)."""


def _header(state: tk.State, player: int | None, changed: Changes | None = None) -> str:
    scores = state.scores()
    doing = PHASE_WORDS.get(state.phase, state.phase)
    who = "game over" if state.is_over() else f"player {state.player} {doing}"
    weather = f" · weather {state.weather}" if state.weather else ""
    pts = " · ".join(f"P{p} {s} pts" for p, s in enumerate(scores))
    you = f" · you are player {player}" if player is not None else ""
    lines = [f"<b>Takenoko</b> · turn {state.turn + 1} · {who}{weather}", f"<sup>{pts}{you}</sup>"]
    if state.weather and changed is None:
        lines.append(f"<sup>{state.weather}: {WEATHER_EFFECTS[state.weather]}</sup>")
    if changed is not None:
        lines += header_lines(changed)
    return "<br>".join(lines)


def figure(
    state: tk.State,
    highlight: Any = None,
    player: int | None = None,
    changed_from: tk.State | None = None,
    places: str = "legal",
) -> go.Figure:
    """The garden: plots by colour (irrigated solid, dry pale and hatched),
    bamboo as stacked sections, improvements, channels on their edges, the gardener and the
    panda, free places faint; ``highlight`` outlines legal targets (see highlight_targets);
    ``changed_from`` (an earlier position) outlines and marks what changed since (see
    :func:`changes`) and says it under the title. ``places="all"`` draws every empty place
    next to the garden alike, instead of only those where a plot may go (for exercises)."""
    fig, xs, ys = _garden(state, highlight, player, changed_from, places)
    return finish(fig, xs, ys, GARDEN_PAD)


def _garden(
    state: tk.State,
    highlight: Any,
    player: int | None,
    changed_from: tk.State | None = None,
    places: str = "legal",
) -> tuple[Sketch, list[float], list[float]]:
    if not isinstance(state, tk.State):
        raise InvalidStateError(f"viz.takenoko.figure draws a Takenoko State, not {state!r}")
    if player is not None and player not in range(state.num_players):
        raise InvalidStateError(f"player must be a seat 0..{state.num_players - 1}, not {player!r}")
    if places not in ("legal", "all"):
        raise InvalidStateError(f"places is 'legal' or 'all', not {places!r:.40}")
    changed = None if changed_from is None else changes(changed_from, state)
    hexes, edges = highlight_targets(state, highlight)
    names = _TARGET_NAMES[highlight if isinstance(highlight, str) else None]
    header = _header(state, player, changed)
    fig = canvas(header, 600)
    xs, ys = _garden_traces(fig, state, hexes, edges, names, changed, places)
    fig.update_layout(
        showlegend=True,
        hovermode="closest",
        # 18 px type: the lines under the title (<sup>, 70 %) stay above 12 px
        title={"yref": "container", "yanchor": "top", "font": {"size": 18}},
        legend={
            "orientation": "h",
            "x": 0.0,
            "y": 0.0,
            "yanchor": "top",
            "font": {"size": 12},
            "itemclick": False,
            "itemdoubleclick": False,
        },
    )
    fit_garden(fig, xs, ys, header)
    return fig, xs, ys


def matches(state: tk.State, card: str | tk.ObjectiveCard) -> go.Figure:
    """The garden with every placement where plot objective ``card`` is met outlined."""
    card_id = card.id if isinstance(card, tk.ObjectiveCard) else card
    if card_id not in tk.CARDS or tk.CARDS[card_id].deck != "plot":
        raise InvalidStateError(f"matches needs a plot objective card (P01-P15), not {card!r}")
    placements = tk.plot_objective_placements(state, card_id)
    fig, xs, ys = _garden(state, None, None)
    for k, placement in enumerate(placements):
        pts = [_LAYOUT.hex_to_pixel(h) for h in placement]
        fig.add_trace(
            go.Scatter(
                x=[p.x for p in pts],
                y=[p.y for p in pts],
                mode="lines+markers",
                line={"color": palette.HIGHLIGHT, "width": 5},
                marker={"size": 12, "color": palette.HIGHLIGHT},
                name=f"{card_id} met" if k == 0 else "",
                showlegend=k == 0,
                legendgroup="matches",
                hoverinfo="text",
                hovertext=f"{card_id} met on the plots " + ", ".join(map(hex_text, placement)),
            )
        )
    # every matched hex outlined, in one trace
    ox, oy = _LAYOUT.polygons(sorted({h for placement in placements for h in placement}), 0.86)
    if ox:
        fig.add_trace(
            go.Scatter(
                x=ox,
                y=oy,
                mode="lines",
                line={"color": palette.HIGHLIGHT, "width": 3},
                hoverinfo="skip",
                showlegend=False,
                name="matched plots",
            )
        )
    desc = f"{objective_words(card_id)} ({tk.CARDS[card_id].points} points)"
    found = f"met in {len(placements)} place(s)" if placements else "not met anywhere yet"
    title = f"<b>{desc}</b><br><sup>{found}</sup>"
    fig.update_layout(title={"text": title})
    fit_garden(fig, xs, ys, title)
    return finish(fig, xs, ys, GARDEN_PAD)


def picture_of(obj: Any) -> go.Figure | None:
    """The picture of a bare Takenoko value (an objective card's id, ``"P13"``), else None
    (``viz.figure`` asks each game)."""
    if isinstance(obj, str) and obj in tk.CARDS:
        return card(obj)
    return None
