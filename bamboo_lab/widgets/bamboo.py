"""Bamboo's play board (the widgets layer): the market tiles, stalks, temples, food counters
and home spaces a person clicks, the home beside the main board.

Looked up by name (``layer("bamboo", "widgets")``, :mod:`bamboo_lab.games.layers`); the
shared board modules name no game (docs/widgets.md).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "BAR_PLAYOUTS",
    "CLICK_WORDS",
    "HINT_PLAYOUTS",
    "PLACE_PATTERNS",
    "SECRET_CARDS",
    "click_refusal",
    "main_figure",
    "own_figure",
    "place_name",
    "places_of",
    "play_to_improve",
    "probe",
    "reason",
]

HINT_PLAYOUTS = 16
"""The hint's playouts (a heuristic playout of a two-player game costs 70-150 ms)."""
BAR_PLAYOUTS = 8
"""The win-probability bar's playouts."""

SECRET_CARDS = False
"""Nothing of one's own board is secret: no "secret cards are hidden" note in hot-seat."""

PLACE_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"(A|B)(\d\d):"), lambda m: ("home tile", m[1] + m[2])),
    (re.compile(r"([LCR]\d\d):"), lambda m: ("balance tile", m[1])),
    (re.compile(r"stalk (\d)\b"), lambda m: ("stalk", int(m[1]))),
    (
        re.compile(r"Player (\d)'s (red|yellow|green|blue) temple\b"),
        lambda m: ("board temple", int(m[1]), m[2]),
    ),
    (re.compile(r"(red|yellow|green|blue) temple\b"), lambda m: ("temple", m[1])),
    (re.compile(r"(tea|rice|ramen) counter on the food display\b"), lambda m: ("food", m[1])),
    (
        re.compile(r"Player (\d)'s (tea|rice|ramen) counter\b"),
        lambda m: ("held food", int(m[1]), m[2]),
    ),
    (re.compile(r"(\d),(\d):"), lambda m: ("home", int(m[1]), int(m[2]))),
)
"""Each hover text's start, read as a place (the first pattern matching at the start wins)."""

CLICK_WORDS: dict[str, str] = {
    "home tile": "a tile of the home market to buy it",
    "balance tile": "a tile of the balance market to obtain it",
    "home": "an empty space of your home (under the board) to place the tile",
    "stalk": "a stalk to put a shoot into it",
    "temple": "a temple of the main board to offer a stick there",
    "board temple": "one of your temples (in your row) to visit it",
    "food": "a counter of the food display to take it",
    "held food": "a food counter you hold (under the board) to pay it",
}
"""What a person clicks for each kind of place, in words (the board's hint line)."""


def places_of(action: Any, seat: int) -> tuple[tuple[Any, ...], ...]:
    """Where ``action`` of ``seat`` is played on the pictures (empty: it stays a button)."""
    simple = {
        "BuyHomeTile": lambda: ("home tile", action.tile),
        "TakeBalanceTile": lambda: ("balance tile", action.tile),
        "PlaceHomeTile": lambda: ("home", action.row, action.col),
        "Activate": lambda: ("stalk", action.stalk),
        "Place": lambda: ("stalk", action.stalk),
        "Offer": lambda: ("temple", action.temple),
        "VisitTemple": lambda: ("board temple", seat, action.temple),
        "Receive": lambda: ("board temple", seat, action.temple),
        "TakeFood": lambda: ("food", action.food),
        "Feed": lambda: ("held food", seat, action.food),
    }.get(type(action).__name__)
    return () if simple is None else (simple(),)


def click_refusal(shown: Any, place: tuple[Any, ...], selected: int | None) -> str | None:
    """Why a click on another player's temple or food plays nothing."""
    kind, *where = place
    if kind == "board temple" and where[0] != shown.current_player:
        return (
            f"that temple is on Player {where[0]}'s board: visit a temple of your own board"
            " (BB-SUM-2)"
        )
    if kind == "held food" and where[0] != shown.current_player:
        return f"that food is Player {where[0]}'s: pay with a counter you hold (BB-WIN-2)"
    return None


def probe(shown: Any, place: tuple[Any, ...], selected: int | None) -> str | None:
    """The notation a click on ``place`` would have played, for ``explain`` to judge."""
    kind, *where = place
    if kind == "stalk":
        legal = tuple(shown.legal_actions())
        shoot = next((a.shoot for a in legal if hasattr(a, "shoot") and hasattr(a, "stalk")), "Rb")
        return f"activate {shoot} {where[0]}"
    return {
        "home tile": lambda: f"buy {where[0]}",
        "balance tile": lambda: f"take {where[0]}",
        "home": lambda: f"home {where[0]},{where[1]}",
        "temple": lambda: f"offer {where[0]}",
        "board temple": lambda: f"visit {where[-1]}",
        "food": lambda: f"food {where[0]}",
        "held food": lambda: f"feed {where[-1]}",
    }.get(kind, lambda: None)()


def main_figure(
    state: Any,
    targets: dict[Any, list[Any]],
    seat: int | None,
    before: Any,
    selected: int | None,
    places: tuple[tuple[Any, ...], ...],
) -> Any:
    """The main board, what changed since ``before`` marked, the places to click ringed."""
    from bamboo_lab.viz import bamboo

    from .pictures import fit_width

    return fit_width(bamboo.figure(state, changed_from=before, targets=places))


def own_figure(
    state: Any, seat: int | None, selected: int | None, places: tuple[tuple[Any, ...], ...]
) -> Any:
    """The seat's home (its places to click ringed)."""
    from bamboo_lab.viz import bamboo

    from .pictures import fit_width

    return fit_width(bamboo.home(state, player=seat, targets=places))


def play_to_improve(board: Any) -> Any:
    """Play ``board`` on (the person's first legal move each time, the bots their own turns) to
    the person's first chance to buy a home tile (BB-ACT-4), and return it: a shop to try
    clicking the home market, then a space of the home."""
    c = board.controller
    while not c.state.is_over() and not (c.state.phase == "improve" and c.is_person_to_play()):
        if c.is_bot_to_play():
            c.bot_turn()
        else:
            c.play(c.legal_actions()[0])
    board.redraw()
    return board


def _home_tile(name: str) -> Any:
    """The home tile named ``name`` (None: no home tile has that name)."""
    from bamboo_lab.games import bamboo as bb

    return next((t for t in bb.HOME_TILES if t.name == name), None)


def _market_tile_words(name: str) -> str:
    """A tile of the home market by the name printed on it in the picture and what it is
    (``A09 (garden, comfort 3, 2 coins)``), or the name alone when it names no home tile."""
    from bamboo_lab.games.bamboo.components import TYPES

    tile = _home_tile(name)
    if tile is None:
        return name
    coins = "coin" if tile.cost == 1 else "coins"
    return f"{name} ({TYPES[tile.type]}, comfort {tile.comfort}, {tile.cost} {coins})"


def place_name(place: tuple[Any, ...], shown: Any) -> str:
    """A place in words, as a student reads it: a home-market tile by the name the picture
    prints on it, with its type, comfort and price; a balance tile with its HP; a home space
    by its row and column."""
    from bamboo_lab.games import bamboo as bb

    from .places import place_words

    kind, *where = place
    if kind == "home tile":
        return f"the home tile {_market_tile_words(where[0])}"
    if kind == "balance tile":
        tile = bb.balance_tile(where[0])
        return f"the balance tile {tile.name} ({tile.hp} HP)"
    if kind == "home":
        return f"the home space on row {where[0]}, column {where[1]}"
    return place_words(place)


_HOME_TILE_NAME = re.compile(r"\b[AB]\d\d\b")
"""A home tile's name in a sentence of the engine (``A09``)."""


def reason(sentence: str) -> str:
    """A refusal's sentence from the engine in the board's words: a home tile named with what
    it is, beside the name the picture prints on it (``A09 (garden, comfort 3, 2 coins) costs
    2`` rather than ``A09 costs 2``)."""
    return _HOME_TILE_NAME.sub(lambda found: _market_tile_words(found[0]), sentence)
