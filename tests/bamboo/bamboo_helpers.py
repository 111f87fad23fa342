"""Helpers for the Bamboo tests: reach a phase, edit a position, name codes."""

from __future__ import annotations

from typing import Any

from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo.components import ACTION_LETTERS, COLOUR_LETTERS
from bamboo_lab.games.bamboo.state import State


def code(name: str) -> int:
    """The shoot code of a two-letter shoot name (``Rb``)."""
    return COLOUR_LETTERS.index(name[0]) * 5 + ACTION_LETTERS.index(name[1])


def home_id(letter: str, comfort: int, skip: int = 0) -> int:
    """A home-tile id of that type letter and comfort (the ``skip``-th such tile)."""
    found = [
        t.id
        for t in bamboo.HOME_TILES
        if "DFGT"[t.type] == letter and t.comfort == comfort and t.category == 0
    ]
    return found[skip]


def bal(name: str) -> int:
    """The id of the balance tile called ``name``."""
    return bamboo.balance_tile(name).id


def with_board(s: State, p: int, **changes: Any) -> State:
    """``s`` with player ``p``'s board changed."""
    boards = list(s.boards)
    boards[p] = boards[p]._evolve(**changes)
    return s._evolve(boards=tuple(boards))


def play(s: State, *texts: str) -> State:
    """Apply actions written as text, checking each one."""
    for text in texts:
        s = s.apply(bamboo.parse_action(text, s))
    return s


def to_summer(n: int = 2, seed: int = 0, options: Any = None) -> State:
    """A game played to the first Summer decision: drafts by the first option, gifts declined."""
    s = bamboo.new_game(n, seed, options)
    while s.phase != "visit":
        legal = s.legal_actions()
        decline = bamboo.Choose("decline")
        s = s.apply(decline if decline in legal else legal[0])
    return s


def visit_position(
    n: int = 2,
    temples: tuple[tuple[str, ...], ...] = ((), (), (), ()),
    reserve: int = 4,
    coins: int = 3,
    **board: Any,
) -> State:
    """First Summer decision with the current player's temples, incense and coins set.

    The main-board temples are emptied (no ghost incense). Shoots are written directly, so
    scenario positions do not keep the component inventory.
    """
    s = to_summer(n)
    new = tuple(tuple(code(x) for x in t) for t in temples)
    s = s._evolve(temples=((), (), (), ()))
    return with_board(s, s.player, temples=new, reserve=reserve, coins=coins, **board)


def finish_turn(s: State) -> State:
    """Finish the current player's turn declining every action (first option otherwise)."""
    p = s.player
    while not s.is_over() and s.player == p and s.phase not in ("wake", "feed", "gift"):
        legal = s.legal_actions()
        for pick in (bamboo.Choose("decline"), bamboo.EndTurn()):
            if pick in legal:
                s = s.apply(pick)
                break
        else:
            s = s.apply(legal[0])
    return s


def to_winter(n: int = 2, **board: Any) -> State:
    """Play one short Summer turn after which everybody has passed: Autumn and Winter follow.

    ``board`` sets the current player's board (home, food, spirits...) before the turn; the
    other players have no incense. Returns the first Winter decision (or the next Spring).
    """
    s = visit_position(n, temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    p = s.player
    for q in range(n):
        if q != p:
            s = with_board(s, q, reserve=0)
    s = with_board(s, p, **board)
    return finish_turn(play(s, "visit red"))
