"""The players' rows of the Bamboo board (one row per player: HP, coins, incense, food, home,
balance tiles, spirits and the four temples of their board) and the shoots a player holds
while placing them. Split from :mod:`bamboo_lab.viz.bamboo`.

Every text is at least 12 px on the 820-pixel picture; a row grows a line rather than its text
shrinking (tests/viz/test_readable_bamboo.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import ACTION_LETTERS, ACTIONS, COLOURS, FOOD_KINDS

from . import palette
from ._common import Sketch, label, player_band, rect
from .bamboo_changes import CHANGED, Marks, board_changes
from .bamboo_pieces import Hovers, shoot_tile, shoot_words

__all__ = [
    "LINE",
    "ROW_TEMPLES_X",
    "TEXT_CHARS",
    "in_hand",
    "player_rows",
    "wrap",
]

LINE = 0.42
"""The height of a line of 12-13 px text, in data units (about 18 px)."""

ROW_TEMPLES_X = 11.0
"""Where the four temples of a player's board start in their row; the row's words stay left
of it."""

TEXT_CHARS = 62
"""The most characters of a line of a row's words (13 px Arial left of the temples)."""

WIDE_CHARS = 110
"""The most characters of a line across the whole picture (12 px)."""

_CLEAR = "rgba(0,0,0,0)"
"""No fill: the ring around a place to click."""


def wrap(parts: Sequence[str], limit: int) -> list[str]:
    """``parts`` joined by `` · `` into lines of at most ``limit`` characters (a part longer
    than a line is broken after a comma)."""
    pieces: list[str] = []
    for part in parts:
        while len(part) > limit and ", " in part[:limit]:
            cut = part.rindex(", ", 0, limit) + 1
            pieces.append(part[:cut])
            part = "  " + part[cut:].lstrip()
        pieces.append(part)
    lines: list[str] = []
    for piece in pieces:
        if lines and len(lines[-1]) + 3 + len(piece) <= limit:
            lines[-1] += " · " + piece
        else:
            lines.append(piece)
    return lines


def _words(board: Any) -> list[str]:
    """A player's belongings in short rulebook words, one item per part."""
    food = ", ".join(f"{k} {FOOD_KINDS[f]}" for f, k in enumerate(board.food) if k) or "none"
    home = sum(1 for h in board.home if h >= 0)
    return [
        f"HP {board.hp}",
        f"coins {board.coins}",
        f"incense {board.reserve} (+{board.track} on the track)",
        f"food: {food}",
        f"home tiles {home} of 15",
        f"balance tiles {len(board.balance)}",
        f"spirits awake: {', '.join(board.awake) or 'none'}",
        f"asleep: {', '.join(board.asleep) or 'none'}",
    ]


def player_rows(
    fig: Sketch,
    state: bb.State,
    before: bb.State | None,
    top: float,
    targets: Collection[tuple[Any, ...]],
    hovers: Hovers,
    marks: Marks,
) -> float:
    """One row per player from ``top`` down: their name, their belongings in words, the four
    temples of their board with the shoots on them; with ``before``, what changed in magenta.
    Returns the lowest height drawn."""
    y = top
    for p, board in enumerate(state.boards):
        lines = wrap(_words(board), TEXT_CHARS)
        changes = board_changes(before, state, p) if before else []
        changed = wrap(["changed: " + changes[0], *changes[1:]], WIDE_CHARS) if changes else []
        first = max(len(lines) + 1, 3)  # the line of the first change: under the temples
        last = first + len(changed) - 1 if changed else len(lines)
        height = max(1.55, 0.6 + LINE * last)  # the temples need 1.55
        player_band(fig, p, 0.05, 18.45, y - height, y, 0.18)
        plays = " ◀ to play" if not state.is_over() and state.player == p else ""
        label(fig, 0.35, y - 0.3, f"<b>Player {p}</b>{plays}", size=14, anchor="left")
        for k, line in enumerate(lines):
            label(fig, 0.35, y - 0.3 - LINE * (k + 1), line, size=13, anchor="left")
        for k, line in enumerate(changed):
            text = line.replace("changed:", "<b>changed:</b>", 1)
            words_y = y - 0.3 - LINE * (first + k)
            label(fig, 0.35, words_y, text, size=12, anchor="left", color=CHANGED)
        if changed:
            marks.box(0.07, y - height + 0.03, 18.43, y - 0.03, f"Player {p}'s belongings")
        _board_temples(fig, state, p, y, targets, hovers)
        y -= height + 0.1
    return y


def _board_temples(
    fig: Sketch,
    state: bb.State,
    player: int,
    top: float,
    targets: Collection[tuple[Any, ...]],
    hovers: Hovers,
) -> None:
    """The four temples of ``player``'s board at the right of their row, each with its shoots,
    the marker over the one visited last (BB-SUM-2)."""
    board = state.board(player)
    y0, y1 = top - 1.4, top - 0.55
    for t in range(4):
        x0 = ROW_TEMPLES_X + t * 1.85
        x1 = x0 + 1.75
        rect(
            fig,
            x0,
            y0,
            x1,
            y1,
            palette.lighter(palette.BAMBOO_COLOURS[t], 0.7),
            palette.BAMBOO_COLOURS[t],
            1.5,
        )
        if ("board temple", player, COLOURS[t]) in targets:
            rect(fig, x0 - 0.05, y0 - 0.05, x1 + 0.05, y1 + 0.05, _CLEAR, palette.HIGHLIGHT, 3)
        shoots = board.temples[t]
        pitch = min(0.4, 1.5 / max(1, len(shoots)))
        for k, code in enumerate(shoots):
            x = x0 + 0.1 + k * pitch
            rect(
                fig,
                x,
                y0 + 0.12,
                x + 0.34,
                y1 - 0.12,
                palette.BAMBOO_COLOURS[code // 5],
                palette.BLACK,
                1,
                layer="above",
            )
            action = ACTIONS[code % 5]
            label(
                fig,
                x + 0.17,
                (y0 + y1) / 2,
                "★" if action == "wildcard" else ACTION_LETTERS[code % 5],
                size=13,
                color="#FFFFFF" if code // 5 in (0, 3) else palette.BLACK,
                bold=True,
            )
        names = ", ".join(shoot_words(c) for c in shoots) or "no shoot"
        hovers.cover(x0, y0, x1, y1, f"Player {player}'s {COLOURS[t]} temple: {names}")
        if board.marker == t:  # the temple visited last (BB-SUM-2)
            label(fig, (x0 + x1) / 2, y1 + 0.2, "▼ visited last", size=12)


def in_hand(
    fig: Sketch, state: bb.State, x0: float, top: float, hovers: Hovers, width: float
) -> None:
    """The shoots the player to move holds in the Summer turn: those taken from the visited
    temple still to place (BB-SUM-5), the one acting now, the one pushed out of a stalk and
    waiting for a temple of their board (BB-SUM-6); drawn large above the stalk field."""
    if state.is_over() or state.player not in range(state.num_players):
        return
    who = f"Player {state.player}"
    rows: list[tuple[str, tuple[int, ...]]] = []
    if state.phase == "draft" and state.shoot_pool:  # the set-up draft (BB-PL-5)
        rows.append((f"set-up: the shoots to draft, {who} picks one", state.shoot_pool))
    if state.pending:
        temple = f"from the {COLOURS[state.visited]} temple" if state.visited >= 0 else ""
        rows.append((f"{who}'s shoots to place {temple}: click a stalk", state.pending))
    if state.activating:
        shoot, stalk = state.activating[0], state.activating[1]
        rows.append((f"acting now, in stalk {stalk}:", (shoot,)))
    if state.receiving >= 0:
        rows.append(
            (f"pushed out of a stalk: {who} puts it on a temple of their board", (state.receiving,))
        )
    per_row = max(1, int((width + 0.15) // 2.15))
    y = top
    for words, shoots in rows:
        label(fig, x0, y, words, size=12, anchor="left", valign="top", bold=True)
        for k, code in enumerate(shoots):
            x = x0 + (k % per_row) * 2.15
            tile_y = y - 1.05 - (k // per_row) * 0.72
            text = shoot_tile(fig, code, x, tile_y, 2.0, 0.62)
            where = "to draft" if words.startswith("set-up") else f"in {who}'s hand"
            hovers.add(x + 1.0, tile_y + 0.31, f"{where}: {text}")
        y -= 1.25 + 0.72 * ((len(shoots) - 1) // per_row)
