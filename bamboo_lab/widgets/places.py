"""The places of a picture a person clicks, and the legal actions played at each.

A place is a tuple naming one thing drawn on a board: ``("port", 5)`` (a Bangkok port cell),
``("hand", 23)`` (a hand card), ``("slot", "L2")`` (a slot beside the port), ``("market", 4)``
(a cell of your market), ``("home tile", "A11")`` and ``("balance tile", "L03")`` (tiles of
Bamboo's markets), ``("home", 1, 2)`` (a space of your home), ``("stalk", 3)``, ``("temple",
"red")`` (a temple of the main board), ``("board temple", 0, "red")`` (a temple of player 0's
board), ``("food", "rice")`` (a counter of the food display) and ``("held food", 0, "rice")`` (a
food counter player 0 holds, drawn under their home). The pictures name them in their hover
texts (:func:`place_of` reads them back) and :func:`places_of` says where each legal action is
played: nothing here decides legality.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "CLICK_WORDS",
    "hover_points",
    "is_clickable",
    "place_of",
    "place_words",
    "places_of",
    "refusal",
]

_PATTERNS: dict[str, tuple[tuple[re.Pattern[str], Any], ...]] = {
    "bangkok": (
        (re.compile(r"port cell (\d)\b"), lambda m: ("port", int(m[1]))),
        (re.compile(r"hand card #(\d+)\b"), lambda m: ("hand", int(m[1]))),
        (re.compile(r"slot ([LRTB][123])\b"), lambda m: ("slot", m[1])),
        (re.compile(r"cell (\d)\b"), lambda m: ("market", int(m[1]))),
    ),
    "bamboo": (
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
    ),
}
"""Each hover text's start, read as a place (the first pattern matching at the start wins)."""


def place_of(game: str, hover: str) -> tuple[Any, ...] | None:
    """The clickable place a hover text names (``"port cell 5 ..."`` -> ``("port", 5)``,
    ``"A11: ..."`` -> ``("home tile", "A11")``); None when it names none."""
    for pattern, place in _PATTERNS.get(game, ()):
        found = pattern.match(hover)
        if found:
            return tuple(place(found))
    return None


_KIND_WORDS = {"port": "port cell", "hand": "hand card #", "market": "market cell"}
"""How a place's kind reads before its name, where the kind alone would not say it."""


def place_words(place: tuple[Any, ...]) -> str:
    """A place in words: ``("port", 4)`` -> ``port cell 4``, ``("board temple", 0, "red")``
    -> ``Player 0's red temple``."""
    kind, *where = place
    if kind == "board temple":
        return f"Player {where[0]}'s {where[1]} temple"
    if kind == "held food":
        return f"Player {where[0]}'s {where[1]} counter"
    if kind == "food":
        return f"the {where[0]} counter of the food display"
    if kind == "temple":
        return f"the {where[0]} temple"
    if kind == "home":
        return f"home space {where[0]},{where[1]}"
    words = _KIND_WORDS.get(kind, kind)
    return f"{words}{'' if words.endswith('#') else ' '}{where[0]}"


def hover_points(fig: Any) -> dict[str, tuple[float, float]]:
    """Each hover text of a Plotly figure and where it is."""
    found: dict[str, tuple[float, float]] = {}
    for trace in fig.data:
        texts = getattr(trace, "hovertext", None)
        if trace.hoverinfo != "text" or texts is None or isinstance(texts, str):
            continue
        for x, y, text in zip(trace.x, trace.y, texts, strict=False):
            if x is not None and y is not None:  # the gaps of a line trace
                found.setdefault(str(text), (x, y))
    return found


def places_of(game: str, action: Any, seat: int) -> tuple[tuple[Any, ...], ...]:
    """Where ``action`` of ``seat`` is played on the pictures (empty: it has no place there
    and stays a button)."""
    kind = type(action).__name__
    if game == "bangkok":
        if kind == "Collect":
            return tuple(("port", cell) for cell in action.cells)
        if kind == "PlaceAtPort":
            return (("hand", action.card), ("slot", action.slot))
        if kind == "LayInMarket":
            return (("hand", action.card), ("market", action.cell))
    if game == "bamboo":
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
        }.get(kind)
        if simple is not None:
            return (simple(),)
    return ()


def is_clickable(game: str, action: Any, seat: int) -> bool:
    """True when ``action`` is played by clicking the picture (it gets no button)."""
    return bool(places_of(game, action, seat))


CLICK_WORDS: dict[str, str] = {
    "hand": "a card of your hand (it glows), then",
    "slot": "a slot beside the port (L1-B3) to place it",
    "port": "a port cell of the line to collect it",
    "market": "a ringed cell of your market to lay it",
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


def _probe(shown: Any, place: tuple[Any, ...], selected: int | None) -> str | None:
    """The notation a click on ``place`` would have played, for ``explain`` to judge."""
    kind, *where = place
    legal = tuple(shown.legal_actions())
    if kind in ("slot", "market"):
        hand = shown.hands[shown.current_player]
        card = selected if selected is not None else hand[0] if hand else None
        if card is None:
            return None
        verb = "place" if kind == "slot" else "lay"
        return f"{verb}:#{card}{shown.deck.cards[card].label}@{where[0]}"
    if kind == "stalk":
        shoot = next((a.shoot for a in legal if hasattr(a, "shoot") and hasattr(a, "stalk")), "Rb")
        return f"activate {shoot} {where[0]}"
    return {
        "port": lambda: f"take:{where[0]}",
        "home tile": lambda: f"buy {where[0]}",
        "balance tile": lambda: f"take {where[0]}",
        "home": lambda: f"home {where[0]},{where[1]}",
        "temple": lambda: f"offer {where[0]}",
        "board temple": lambda: f"visit {where[-1]}",
        "food": lambda: f"food {where[0]}",
        "held food": lambda: f"feed {where[-1]}",
    }.get(kind, lambda: None)()


def refusal(module: Any, shown: Any, place: tuple[Any, ...], selected: int | None) -> str:
    """Why a click on ``place`` plays nothing now: the rule, from the game's ``explain``."""
    kind, *where = place
    if kind == "board temple" and where[0] != shown.current_player:
        return (
            f"that temple is on Player {where[0]}'s board: visit a temple of your own board"
            " (BB-SUM-2)"
        )
    if kind == "held food" and where[0] != shown.current_player:
        return f"that food is Player {where[0]}'s: pay with a counter you hold (BB-WIN-2)"
    bound = ("PlaceAtPort", "LayInMarket")
    legal = shown.legal_actions()
    if (
        selected is None
        and kind in ("slot", "market")
        and any(type(a).__name__ in bound for a in legal)
    ):  # BK-ACT-1, BK-MKT-1: the card first, then where it goes
        return "pick a card of your hand first (click it), then where it goes"
    probe = _probe(shown, place, selected)
    if probe is None:
        return f"nothing is played by a click on the {kind} now"
    try:
        return str(module.explain(shown, probe))
    except Exception as exc:  # a malformed probe: the parser's words
        return f"a click on the {kind} {where} plays nothing now: {exc}"[:160]
