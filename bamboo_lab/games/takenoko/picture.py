"""The text picture of a Takenoko state (``str(state)``) and the garden text that reads it back.

A garden cell is written ``<colour><height><improvement><figures>``: the colour letter in upper
case when the plot is irrigated, lower case when dry; the height 0 to 4; the improvement in
upper case when printed on the plot (``W``, ``E``, ``F``) and lower case when it is a chip
(``w``, ``e``, ``f``); then ``g`` for the gardener and ``p`` for the panda. ``~~`` is the pond,
``..`` a free place where a plot may go. :func:`parse_garden` reads the rows of a picture (or
``q,r=<cell>`` entries, as the picture's ``plots:`` line lists them) back into a garden.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex

from .components import COLOURS, IMPROVEMENTS, MAX_HEIGHT
from .geometry import EDGE_ENDS, NEIGHBORS, POND, edge_between, hex_text, parse_hex

if TYPE_CHECKING:
    from .state import State

__all__ = ["CELL_WIDTH", "GardenText", "garden_lines", "parse_garden", "picture"]

CELL_WIDTH = 6
"""Every cell of the garden rows takes this many characters (two per half-hex step)."""

LEGEND = (
    "cell: colour (lower case = dry), height, improvement (W/E/F printed, w/e/f chip),"
    " figures (g gardener, p panda); ~~ pond, .. free place"
)
"""The legend line printed under the garden."""


def picture(state: State) -> str:
    """The text picture: header, garden rows, legend, channels, plots, reserves, players."""
    lines = []
    over = " (game over)" if state.phase == "over" else ""
    viewer = state.viewer
    seen = "" if viewer is None else f" (as player {viewer} sees it)"
    if viewer == "public":
        seen = " (as a spectator sees it)"
    lines.append(
        f"Takenoko, {state.num_players} players: turn {state.turn + 1}, player {state.player},"
        f" phase {state.phase}{over}{seen}"
    )
    extra = f"weather {state.weather}, " if state.weather else ""
    used = state.used
    lines.append(f"{extra}actions {', '.join(used) or '-'} ({len(used)}/{state.allowed})")
    lines.append("")
    lines.extend(garden_lines(state))
    lines.append("")
    lines.append(LEGEND)
    lines.append(f"channels: {channels_text(state.channels)}")
    plots = [f"{hex_text(place)}={_cell(state, place).strip()}" for place in sorted(state.tiles)]
    for start in range(0, len(plots), 8):
        label = "plots:   " if start == 0 else "         "
        lines.append(label + " ".join(plots[start : start + 8]))
    res = state.bamboo_reserve
    chips = state.improvement_reserve
    decks = state.decks
    lines.append(
        f"reserve: {state.channel_reserve} channels, chips W{chips[0]} E{chips[1]} F{chips[2]},"
        f" bamboo G{res[0]} Y{res[1]} P{res[2]}; plot pile {len(state.plot_deck)},"
        f" decks P{len(decks[0])} G{len(decks[1])} A{len(decks[2])}"
    )
    if state.drawn or state.kept:
        if state.hidden_from_viewer(state.player):  # only the drawer sees them (TK-PLOT-1)
            drawn = " ".join(f"{i + 1}:?" for i in range(len(state.drawn)))
            kept = "?" if state.kept else "-"
        else:
            drawn = " ".join(f"{i + 1}:{tile}" for i, tile in enumerate(state.drawn))
            kept = state.kept or "-"
        lines.append(f"drawn: {drawn or '-'}; kept: {kept}")
    rows = state.breakdown()
    for seat in range(state.num_players):
        eaten = state.eaten[seat]
        chips = state.stored_improvements[seat]
        mark = ">" if seat == state.player and state.phase != "over" else " "
        emperor = " +Emperor" if state.emperor == seat else ""
        done = " ".join(state.completed[seat]) or "-"
        hand = " ".join(state.visible_hand(seat)) or "-"
        lines.append(
            f"{mark}P{seat}: {rows[seat]['total']} pts{emperor}; done {done};"
            f" hand {hand}; eaten G{eaten[0]} Y{eaten[1]} P{eaten[2]};"
            f" stored {state.stored_channels[seat]} ch, W{chips[0]} E{chips[1]} F{chips[2]}"
        )
    return "\n".join(lines)


def channels_text(channels: frozenset[Edge]) -> str:
    """The channels as ``q,r/q,r`` pairs (the two plots of each edge), or ``-``."""
    text = " ".join(
        f"{hex_text(edge.hex)}/{hex_text(edge.hex.neighbor(edge.side))}"
        for edge in sorted(channels)
    )
    return text or "-"


def garden_lines(state: State) -> list[str]:
    """The garden rows of the picture, one per ``r``, each labelled with its ``r``."""
    cells = {POND: "~~", **{place: "" for place in state.tiles}}
    shown = set(cells) | set(state.plot_spots)
    rmin = min(place.r for place in shown)
    rmax = max(place.r for place in shown)
    xmin = min(2 * place.q + place.r for place in shown)
    lines = []
    for row_number in range(rmin, rmax + 1):
        row = sorted((2 * place.q + place.r, place) for place in shown if place.r == row_number)
        text = ""
        for column, place in row:
            col = (column - xmin) * (CELL_WIDTH // 2)
            text = text.ljust(col) + _cell(state, place)
        lines.append(f"{row_number:>3} " + text.rstrip())
    return lines


def _cell(state: State, place: Hex) -> str:
    figures = ("g" if state.gardener == place else "") + ("p" if state.panda == place else "")
    if place == POND:
        return f"~~{figures}".ljust(CELL_WIDTH - 1)
    if place not in state.tiles:
        return "..".ljust(CELL_WIDTH - 1)
    colour = state.colours[place]
    if place not in state.irrigated:
        colour = colour.lower()
    imp = state.improvements.get(place, "")
    if len(state.tiles[place]) == 1:  # a chip: lower case; printed on the tile: upper case
        imp = imp.lower()
    return f"{colour}{state.bamboo[place]}{imp}{figures}".ljust(CELL_WIDTH - 1)


# ---------------------------------------------------------------------- reading a garden back


@dataclass(frozen=True)
class GardenText:
    """A garden read from text: plots, the figures and, when the text lists them, channels."""

    plots: dict[Hex, tuple[str, int, str | None, bool, bool]]
    """hex -> (colour letter, height, improvement letter or None, printed, written irrigated)."""
    gardener: Hex | None
    """Where a ``g`` stands, or None when the text shows no gardener."""
    panda: Hex | None
    """Where a ``p`` stands, or None when the text shows no panda."""
    channels: tuple[Edge, ...] | None
    """The channels of a ``channels:`` line, or None without one."""


_ROW = re.compile(r"^(\s*-?[0-9]+) (.*)$")
_CELL_RE = re.compile(r"^([GYPgyp])([0-9])([WEFwef]?)(g?)(p?)$")
_POND_RE = re.compile(r"^~~(g?)(p?)$")
_ENTRY = re.compile(r"^(-?[0-9]+,-?[0-9]+)=(\S+)$")


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"garden text: {message}")


def parse_garden(text: str) -> GardenText:
    """Read a garden written as the picture prints it (rows, ``channels:`` and ``plots:``
    lines; other lines are ignored); malformed text raises InvalidStateError."""
    if not isinstance(text, str):
        raise _bad(f"a garden is given as text, not {type(text).__name__}")
    if len(text) > 20_000:
        raise _bad("the text is too long for a garden of 27 plots")
    cells: dict[Hex, str] = {}
    rows: list[tuple[int, int, str]] = []
    channels: tuple[Edge, ...] | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("channels:"):
            channels = _parse_channels(stripped[len("channels:") :])
            continue
        if stripped.startswith("plots:") or (stripped and all(map(_ENTRY.match, stripped.split()))):
            for entry in stripped.removeprefix("plots:").split():
                _put(cells, *_entry(entry))
            continue
        match = _ROW.match(line)
        if match is None or not match[2].strip():
            continue
        row_number = int(match[1])
        offset = len(match[1]) + 1
        for token in re.finditer(r"\S+", match[2]):
            rows.append((row_number, offset + token.start(), token[0]))
    if rows:
        _place_rows(rows, cells)
    if not cells:
        raise _bad("no garden rows or q,r=cell entries found")
    return _read_cells(cells, channels)


def _entry(entry: str) -> tuple[Hex, str]:
    match = _ENTRY.match(entry)
    place = parse_hex(match[1]) if match else None
    if match is None or place is None:
        raise _bad(f"{short_repr(entry)} is not written q,r=<cell>")
    return place, match[2]


def _put(cells: dict[Hex, str], place: Hex, cell: str) -> None:
    if cells.get(place, cell) != cell:
        raise _bad(
            f"{hex_text(place)} is written both {short_repr(cells[place])} and {short_repr(cell)}"
        )
    cells[place] = cell


def _place_rows(rows: list[tuple[int, int, str]], cells: dict[Hex, str]) -> None:
    """Turn (r, column, token) into hexes: the pond ``~~`` in row 0 fixes the columns."""
    ponds = [(row_number, col) for row_number, col, token in rows if _POND_RE.match(token)]
    if len(ponds) != 1 or ponds[0][0] != 0:
        raise _bad("the rows must show the pond (~~) exactly once, in row 0")
    step = CELL_WIDTH // 2
    pond_col = ponds[0][1]
    for row_number, col, token in rows:
        if (col - pond_col) % step:
            raise _bad(
                f"{short_repr(token)} in row {row_number} is not aligned on the"
                f" {step}-character grid"
            )
        column = (col - pond_col) // step  # x = 2q + r
        if (column - row_number) % 2:
            raise _bad(f"{short_repr(token)} in row {row_number} is between two places")
        place = Hex((column - row_number) // 2, row_number)
        if token == "..":
            continue
        _put(cells, place, token)


def _read_cells(cells: dict[Hex, str], channels: tuple[Edge, ...] | None) -> GardenText:
    plots: dict[Hex, tuple[str, int, str | None, bool, bool]] = {}
    gardener: list[Hex] = []
    panda: list[Hex] = []
    for place, cell in cells.items():
        if place not in NEIGHBORS:
            raise _bad(f"{hex_text(place)} is too far from the pond")
        pond = _POND_RE.match(cell)
        match = _CELL_RE.match(cell)
        if pond is not None and place == POND:
            figures = pond[1] + pond[2]
        elif match is not None and place != POND:
            colour, height, imp = match[1], int(match[2]), match[3]
            if height > MAX_HEIGHT:
                raise _bad(f"{hex_text(place)}={cell}: a bamboo has at most {MAX_HEIGHT} sections")
            plots[place] = (
                colour.upper(),
                height,
                imp.upper() or None,
                imp.isupper(),
                colour.isupper(),
            )
            figures = match[4] + match[5]
        else:
            raise _bad(
                f"{hex_text(place)}={short_repr(cell)} is not a cell (colour, height, improvement,"
                " figures; ~~ for the pond at 0,0)"
            )
        if "g" in figures:
            gardener.append(place)
        if "p" in figures:
            panda.append(place)
    if len(gardener) > 1 or len(panda) > 1:
        raise _bad("the gardener and the panda each stand on one place only")
    assert set(COLOURS) >= {plot[0] for plot in plots.values()}
    assert set(IMPROVEMENTS) >= {plot[2] for plot in plots.values() if plot[2]}
    return GardenText(
        plots, gardener[0] if gardener else None, panda[0] if panda else None, channels
    )


def _parse_channels(text: str) -> tuple[Edge, ...]:
    out: list[Edge] = []
    for entry in text.split():
        if entry == "-":
            continue
        ends = entry.split("/")
        hexes: list[Any] = [parse_hex(edge) for edge in ends] if len(ends) == 2 else []
        if len(hexes) != 2 or None in hexes:
            raise _bad(f"channel {short_repr(entry)} is not written q,r/q,r")
        try:
            edge = edge_between(hexes[0], hexes[1])
        except ValueError as exc:
            raise _bad(f"channel {short_repr(entry)}: {exc}") from exc
        if edge not in EDGE_ENDS:
            raise _bad(f"channel {short_repr(entry)} is too far from the pond")
        out.append(edge)
    return tuple(out)
