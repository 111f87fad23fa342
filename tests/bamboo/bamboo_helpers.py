"""Helpers for the Bamboo tests: reach a phase, build a position (public builder), name codes."""

from __future__ import annotations

from typing import Any

from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo.components import ACTION_LETTERS, COLOUR_LETTERS, COLOURS

State = bamboo.State


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


def _names(changes: dict[str, Any]) -> dict[str, Any]:
    """Board changes written with the builder's names (shoot and tile names, colours)."""
    out = dict(changes)
    if "temples" in out:
        out["temples"] = [
            [x if isinstance(x, str) else _shoot(x) for x in t]
            for t in out["temples"]
        ]
    for key in ("balance", "scored"):
        if key in out:
            out[key] = [x if isinstance(x, str) else bamboo.BALANCE_TILES[x].name for x in out[key]]
    if "marker" in out and isinstance(out["marker"], int):
        out["marker"] = None if out["marker"] < 0 else COLOURS[out["marker"]]
    return out


def _shoot(c: int) -> str:
    return COLOUR_LETTERS[c // 5] + ACTION_LETTERS[c % 5]


def with_board(s: State, p: int, **changes: Any) -> State:
    """``s`` with player ``p``'s board changed, through the position builder.

    A new ``reserve`` moves the player's other sticks onto (or off) the blue main temple, so
    that the player still has 7 incense sticks.
    """
    temples = None
    if "reserve" in changes:
        on = sum(t.count(p) for t in s.temples)
        extra = 7 - s.boards[p].track - on - changes["reserve"]
        temples = [list(t) for t in s.temples]
        temples[3] += [p] * max(0, extra)
        for _ in range(max(0, -extra)):
            t = max(k for k in range(4) if p in temples[k])
            temples[t].reverse()
            temples[t].remove(p)
            temples[t].reverse()
    return bamboo.position(base=s, boards={p: _names(changes)}, temples=temples)


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
    seed: int = 0,
    options: Any = None,
    **board: Any,
) -> State:
    """First Summer decision with the current player's temples, incense and coins set.

    Built with ``bamboo.position``: the player's 7 sticks are ``reserve`` + the round track
    (round 1: 3; a reserve above 4 plays round 2 or 3) + the rest on the blue main temple.
    """
    s = to_summer(n, seed, options)
    rnd = 1 if reserve <= 4 else reserve - 3
    on = 7 - (4 - rnd) - reserve
    main = [[], [], [], [s.player] * on]
    changes = _names({"temples": temples, "reserve": reserve, "coins": coins, **board})
    return bamboo.position(base=s, round=rnd, temples=main, boards={s.player: changes})


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
    other players have no incense left (their sticks lie on the yellow main temple). Returns the
    first Winter decision (or the next Spring).
    """
    s = to_summer(n)
    p = s.player
    main: list[list[int]] = [[p] * 3, [], [], []]
    for q in range(n):
        if q != p:
            main[1] += [q] * 4
    changes = _names({"temples": (("Rb",), (), (), ()), "reserve": 1, "coins": 0, **board})
    s = bamboo.position(base=s, temples=main, boards={p: changes})
    return finish_turn(play(s, "visit red"))
