"""The Bamboo exercises' answer diagnoses: each ``*_diagnose`` names a wrong temple, shoot, tile
or space with the rule it breaks, or the kind of item missing and where to look; a wrong number
is met with the part it left out, or the count built up step by step. Used by
:mod:`bamboo_lab.exercises.bamboo`.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import (
    ACTION_LETTERS,
    ACTIONS,
    COLOUR_LETTERS,
    COLOURS,
    KINDS,
    shoot_name,
)

from . import CHANGE, set_diagnosis
from .bamboo_lessons import play

__all__ = [
    "COINS_MOVES",
    "autumn_diagnose",
    "coins_diagnose",
    "final_diagnose",
    "harmony_diagnose",
    "met_diagnose",
    "night_diagnose",
    "score_left_diagnose",
    "stalks_diagnose",
    "visit_diagnose",
    "winter_diagnose",
]


def _shoot_words(name: str) -> str:
    """A shoot in the rulebook's words: ``Yf`` is ``the yellow fund shoot``."""
    colour = COLOURS[COLOUR_LETTERS.index(name[0])]
    return f"the {colour} {ACTIONS[ACTION_LETTERS.index(name[1])]} shoot"


def _visit_wrong(state: bb.State, colour: str) -> str:
    """Why player 0 may not visit the ``colour`` temple (BB-SUM-2)."""
    board = state.board(0)
    t = COLOURS.index(colour)
    if t == board.marker:
        return (
            f"The action marker stands on {colour}: it was visited last turn, so it is refused"
            " now (BB-SUM-2)."
        )
    return f"The {colour} temple of player 0's board holds no shoot (BB-SUM-2)."


def _visit_missing(state: bb.State, colour: str) -> tuple[str, str]:
    """Why the ``colour`` temple may be visited, and how many may."""
    board = state.board(0)
    holding = sum(1 for temple in board.temples if temple)
    marked = 1 if board.temples[board.marker] else 0
    return (
        "a temple holding a shoot, without the marker (BB-SUM-2)",
        f"{holding} temples of player 0's board hold a shoot and {marked} of them is under the"
        f" marker, so {holding - marked} may be visited.",
    )


visit_diagnose = set_diagnosis(_visit_wrong, _visit_missing)
"""The diagnosis of a set of temples player 0 may visit (BB-SUM-2)."""


COINS_MOVES = (
    "visit red",
    "offer red",
    "offer blue",
    "offer red",
    "activate Rf 1",
    "activate Ri 2",
    "coin",
    "activate Rc 3",
    "decline",
)
"""Player 0's turn in exercise bamboo-2, as typed moves: the offerings, then the shoots' actions."""


def coins_diagnose(answer: int, truth: int, state: bb.State) -> Any:
    """The diagnosis of player 0's coins after the turn: the step left out, or the count."""
    if answer == truth + 1:
        return ("You left out the coin paid to offer a stick at the blue temple (BB-SUM-4).",)
    if answer == truth - 1:
        return ("You left out the improve shoot's coin: it gives 1 coin (BB-ACT-4).",)
    if answer == truth - 2:
        return ("You left out the fund shoot: it gives 2 coins (BB-ACT-6).",)
    offered = play(state, *COINS_MOVES[:4]).board(0).coins
    funded = play(state, *COINS_MOVES[:5]).board(0).coins
    return (
        "Go through the turn step by step from 3 coins: the offerings, then each shoot's action"
        " (BB-SUM-4, BB-ACT-4, BB-ACT-6).",
        f"After the three sticks are offered player 0 holds {offered} coins (BB-SUM-4); now the"
        " shoots' actions.",
        f"After the offerings {offered} coins, after the fund shoot {funded}; then the improve"
        " shoot's coin, and the cook declined changes nothing.",
    )


def _stalks_wrong(state: bb.State, name: str) -> str:
    """Why the shoot ``name`` does not come back to player 0 (BB-SUM-5, BB-SUM-6)."""
    stalk = [shoot_name(shoot) for shoot in state.stalks[1]]
    if name in ("Gf", "Gw"):
        return (
            f"{name} goes into the stalk: {_shoot_words(name)} enters stalk 2 and does not come"
            " straight back (BB-SUM-5)."
        )
    if name not in stalk:
        return (
            f"{name} is not pushed out: {_shoot_words(name)} is not in stalk 2, and only stalk"
            " 2's shoots move (BB-SUM-6)."
        )
    place = ("at the top", "second from the top", "third from the top")[
        min(len(stalk) - 1 - stalk.index(name), 2)
    ]
    return (
        f"{name} is not pushed out: {_shoot_words(name)} is {place} of stalk 2, and each of the"
        " two shoots entering at the base pushes out only the shoot then at the top (BB-SUM-6)."
    )


def _stalks_missing(state: bb.State, name: str) -> tuple[str, str]:
    """Why the shoot ``name`` comes back: pushed out of the top of stalk 2."""
    stalk = [_shoot_words(shoot_name(shoot)).removeprefix("the ") for shoot in state.stalks[1]]
    return (
        "a shoot pushed out of the top of stalk 2 (BB-SUM-6)",
        f"Stalk 2 holds, from base to top, {', '.join(stalk)}. Two shoots enter at its base, so"
        " the two at its top pop out, one after the other, and come to player 0's temples.",
    )


stalks_diagnose = set_diagnosis(_stalks_wrong, _stalks_missing)
"""The diagnosis of a set of shoots pushed out of stalk 2 (BB-SUM-5, BB-SUM-6)."""


_COLUMNS = {"left": "columns 0 and 1", "right": "columns 3 and 4", "center": "all five columns"}
"""The columns a balance tile of each side looks at (BB-PAT-1)."""


def _met_wrong(home: Any, name: str) -> str:
    """Why the balance tile ``name`` is not met by ``home``."""
    tile = bb.balance_tile(name)
    side = KINDS[tile.kind]
    if tile.type_total is not None:
        return (
            f"{name} adds the comfort of every tile of its type in {_COLUMNS[side]}: the home's"
            " total falls short (BB-PAT-3)."
        )
    elsewhere = [KINDS[r] for r in range(3) if r != tile.kind and bb.balance_matches(tile, home, r)]
    if elsewhere:
        return (
            f"{name} is a {side} tile: its pattern lies only in the {elsewhere[0]} columns, and a"
            f" {side} tile looks at {_COLUMNS[side]} (BB-PAT-1)."
        )
    return (
        f"{name} is not met: its pattern, exactly as drawn and never turned or mirrored, is not"
        f" in {_COLUMNS[side]} (BB-PAT-2)."
    )


def _met_missing(home: Any, name: str) -> tuple[str, str]:
    """Why the balance tile ``name`` is met, and where its pattern lies."""
    tile = bb.balance_tile(name)
    side = KINDS[tile.kind]
    if tile.type_total is not None:
        return (
            "a comfort-total tile (BB-PAT-3)",
            f"A comfort-total tile adds the comfort of every tile of its type in {_COLUMNS[side]}:"
            " add them up.",
        )
    return (
        f"a {side} tile whose pattern lies in {_COLUMNS[side]} (BB-PAT-1)",
        f"Look again at the {side} tiles: one's pattern lies in {_COLUMNS[side]}, exactly as"
        " drawn.",
    )


met_diagnose = set_diagnosis(_met_wrong, _met_missing)
"""The diagnosis of a set of balance tiles met by the home (BB-PAT-1 to BB-PAT-3)."""


def score_left_diagnose(answer: bool, truth: bool, state: bb.State) -> Any:
    """The diagnosis of whether L01 may be scored: the columns it looks at (BB-PAT-1)."""
    tile = bb.balance_tile("L01")
    side = KINDS[tile.kind]
    home = state.board(0).home
    columns = [
        str(c) for c in sorted({cell % 5 for cell, placed in enumerate(home) if placed >= 0})
    ]
    where = f"columns {' and '.join(columns)}" if len(columns) > 1 else f"column {columns[0]}"
    if answer and not truth:
        return (
            f"L01 is a {side} tile: which columns does it look at? (BB-PAT-1)",
            f"A {side} tile looks only at {_COLUMNS[side]} (BB-PAT-1).",
            f"A {side} tile looks only at {_COLUMNS[side]}; player 0's home tiles lie in"
            f" {where} (BB-PAT-1).",
        )
    return (
        f"Look for L01's pattern in {_COLUMNS[side]} of the home (BB-PAT-1).",
        f"Player 0's home tiles lie in {where}.",
    )


def _owner_words(owner: int | str) -> str:
    """``player 1``, ``the ghost`` or ``nobody``."""
    if owner == bb.GHOST or owner == "ghost":
        return "the ghost"
    return "nobody" if owner == "nobody" else f"player {owner}"


def autumn_diagnose(answer: tuple[Any, ...], truth: tuple[Any, ...], state: Any) -> Any:
    """The diagnosis of each temple's spirit winner: the first temple answered wrong."""
    if len(answer) != 4:
        return ("Give four owners: red, yellow, green, blue, in this order.",)
    for colour, stack, mine, right in zip(COLOURS, state.temples, answer, truth, strict=True):
        if mine == right:
            continue
        if not stack:
            return (f"The {colour} temple holds no incense: nobody wins its spirit (BB-AUT-1).",)
        counts = {owner: stack.count(owner) for owner in dict.fromkeys(stack)}
        told = ", ".join(f"{_owner_words(o)} {n}" for o, n in counts.items())
        most = max(counts.values())
        tied = [o for o, n in counts.items() if n == most]
        if len(tied) == 1:
            last = f"{_owner_words(tied[0]).capitalize()} has the most sticks there, with no tie."
        else:
            names = " and ".join(_owner_words(o) for o in tied)
            last = (
                f"{names[0].upper()}{names[1:]} are tied with {most}; the highest stick of"
                " those tied wins, the one offered last (BB-AUT-1)."
            )
        return (
            f"Look again at the {colour} temple: count each owner's sticks (BB-AUT-1).",
            f"The {colour} temple's sticks: {told}.",
            f"The {colour} temple's sticks: {told}. {last}",
        )
    return None


def winter_diagnose(answer: Any, truth: int, state: bb.State) -> Any:
    """The diagnosis of the HP change of feeding the family (BB-WIN-2)."""
    board = state.board(0)
    tiles = sum(1 for h in board.home if h >= 0)
    units = sum(units * held for units, held in zip((1, 2, 3), board.food, strict=True))
    if answer == -tiles:
        return ("The food player 0 holds pays first; only missing units cost HP (BB-WIN-2).",)
    if answer == -(tiles - sum(board.food)):
        return ("A counter is worth its units: tea 1, rice 2, ramen 3 (BB-WIN-2).",)
    if answer > 0:
        return (f"Feeding never gains HP. {CHANGE}",)
    return (
        "Each home tile eats 1 food unit; each unit missing costs 1 HP (BB-WIN-2).",
        f"The home has {tiles} tiles, so it needs {tiles} units (BB-WIN-2).",
        f"{tiles} tiles need {tiles} units; player 0's counters give {units} (tea 1, rice 2,"
        " ramen 3).",
    )


def harmony_diagnose(answer: Any, truth: int, home: Any) -> Any:
    """The diagnosis of the harmony penalty of a home (BB-END-3)."""
    left, right = bb.harmony(home)
    centre = bb.home_comfort(home[2::5])
    if answer > 0:
        return (f"Harmony only ever costs HP. {CHANGE}",)
    if answer == -abs(left - right):
        return ("Each point of difference costs 2 HP, not 1 (BB-END-3).",)
    if answer in (-2 * abs(left + centre - right), -2 * abs(left - right - centre)):
        return ("The centre column does not count: only the left against the right (BB-END-3).",)
    return (
        "Add the comfort of the two left columns, then of the two right columns (BB-END-3).",
        f"The left columns hold {left} comfort; now the right columns.",
        f"Left {left}, right {right}: each point of difference costs 2 HP (BB-END-3).",
    )


def final_diagnose(answer: Any, truth: int, state: bb.State) -> Any:
    """The diagnosis of player 0's final score: the part left out, or the sum by part."""
    parts = state.final_breakdown(0)
    spirits = state.board(0).spirits
    if answer == truth - parts["balance"]:
        return (
            "The unscored balance tiles count too: half their HP, rounded up, if met (BB-END-4).",
        )
    if answer == truth - parts["spirits"]:
        return ("Spirits give 2 HP per different kind (BB-END-2).",)
    if answer == truth - parts["harmony"]:
        return (
            "Harmony costs 2 HP per point of comfort difference, left against right (BB-END-3).",
        )
    if answer == truth - parts["spirits"] + 2 * len(spirits):
        return ("2 HP per *different* kind: two of the same spirit count once (BB-END-2).",)
    return (
        "Add four things: the HP on the track, the spirits, the harmony and the balance tiles"
        " (BB-END-2, BB-END-3, BB-END-4).",
        f"HP on the track {parts['happiness']}, spirits {parts['spirits']:+d}; now the harmony"
        " and the balance tiles.",
        f"HP {parts['happiness']}, spirits {parts['spirits']:+d}, harmony"
        f" {parts['harmony']:+d} (left {parts['left_comfort']}, right {parts['right_comfort']});"
        " now the unscored balance tiles met, half their HP rounded up.",
    )


def _night_wrong(state: bb.State, cell: str) -> str:
    """Why the new tile may not go to ``cell``: the engine's reason and rule."""
    why = bb.explain(state, f"home {cell}")
    return f"{cell}: {why.reason} ({why.rule})."


def _night_missing(state: bb.State, cell: str) -> tuple[str, str]:
    """Why the new tile may go to ``cell``: an empty space, starred for faith or not."""
    row, col = (int(n) for n in cell.split(","))
    starred = row * 5 + col in bb.night_spaces(0)  # player 0's night board
    if starred:
        return (
            "a starred space for the new tile's type (BB-ADV-1)",
            "Look at the starred spaces: one of them takes exactly the new tile's type.",
        )
    return (
        "an empty space with no star (BB-ACT-4)",
        "Any empty space with no star takes any home tile: look for one.",
    )


night_diagnose = set_diagnosis(_night_wrong, _night_missing)
"""The diagnosis of a set of spaces for the new home tile (BB-ADV-1, BB-ACT-4)."""
