"""Bangkok's play board (the widgets layer): the port cells, slots, hand cards and market cells
a person clicks, a hand card picked before where it goes, the market and hand beside the port.
Its moves are worded by the words layer (:mod:`bamboo_lab.games.bangkok.words`), as everywhere.

Looked up by name (``layer("bangkok", "widgets")``, :mod:`bamboo_lab.games.layers`); the
shared board modules name no game (docs/widgets.md).
"""

from __future__ import annotations

import re
from typing import Any

from bamboo_lab.games.bangkok.words import SIDES, card_words

__all__ = [
    "BAR_PLAYOUTS",
    "CARD_BOUND",
    "CLICK_WORDS",
    "CONFIRM_KINDS",
    "HINT_PLAYOUTS",
    "OWN_MARKET_WIDTH",
    "PLACE_PATTERNS",
    "click_refusal",
    "main_figure",
    "own_figure",
    "place_name",
    "places_of",
    "probe",
    "reason",
    "ring",
    "score_note",
]

HINT_PLAYOUTS = 200
"""The hint's playouts (a heuristic playout of a two-player game costs about 9 ms)."""
BAR_PLAYOUTS = 60
"""The win-probability bar's playouts."""

CARD_BOUND = ("PlaceAtPort", "LayInMarket")
"""The actions that play one hand card: offered once that card is picked."""

OWN_MARKET_WIDTH = 600
"""The width of the market and hand under the table (pixels)."""

PLACE_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"port cell (\d)\b"), lambda m: ("port", int(m[1]))),
    (re.compile(r"hand card #(\d+)\b"), lambda m: ("hand", int(m[1]))),
    (re.compile(r"slot ([LRTB][123])\b"), lambda m: ("slot", m[1])),
    (re.compile(r"cell (\d)\b"), lambda m: ("market", int(m[1]))),
)
"""Each hover text's start, read as a place (the first pattern matching at the start wins)."""

CLICK_WORDS: dict[str, str] = {
    "hand": "a card of your hand (it glows), then",
    "slot": "a ringed place beside the port to place it",
    "port": "a ringed port card in line with the placed card (you then confirm what it collects)",
    "market": "a ringed cell of your market to lay it",
}
"""What a person clicks for each kind of place, in words (the board's hint line)."""

CONFIRM_KINDS = ("port",)
"""The places whose click never plays at once: a port cell shows the cells each collect there
would take (ringed) and offers them in words, to pick (a collect takes only what is chosen)."""


def reason(sentence: str) -> str:
    """A refusal's sentence from the engine in the board's words (a slot by its side, a card
    by what it is: :func:`bamboo_lab.exercises.bangkok_lessons.reason_words`)."""
    from bamboo_lab.exercises.bangkok_lessons import reason_words

    return reason_words(sentence)


def place_name(place: tuple[Any, ...], shown: Any) -> str:
    """A place in words: a hand card by its place in the hand and its goods (``your hand
    card 2 (fish card)``), a port cell, a slot by its side, a market cell."""
    kind, *where = place
    if kind == "hand":
        card = where[0]
        hand = shown.hands[shown.current_player] if shown.current_player >= 0 else ()
        number = f" {hand.index(card) + 1}" if card in hand else ""
        return f"hand card{number} ({card_words(shown.deck.cards[card].label)})"
    if kind == "slot":
        return f"the place {SIDES[where[0][0]]} {where[0][1]}"
    if kind == "market":
        return f"market cell {where[0]}"
    return f"port cell {where[0]}"


def places_of(action: Any, seat: int) -> tuple[tuple[Any, ...], ...]:
    """Where ``action`` is played on the pictures (empty: it stays a button)."""
    kind = type(action).__name__
    if kind == "Collect":
        return tuple(("port", cell) for cell in action.cells)
    if kind == "PlaceAtPort":
        return (("hand", action.card), ("slot", action.slot))
    if kind == "LayInMarket":
        return (("hand", action.card), ("market", action.cell))
    return ()


def ring(
    places: dict[tuple[Any, ...], list[Any]], selected: int | None
) -> tuple[tuple[Any, ...], ...]:
    """The places to ring: those of the picked hand card, else every clickable place but the
    hand cards, slots and market cells (a card is picked first)."""
    if selected is not None:
        return tuple(
            p
            for p, acts in places.items()
            if p[0] != "hand" and any(a.card == selected for a in acts)
        )
    return tuple(p for p in places if p[0] not in ("hand", "slot", "market"))


def click_refusal(shown: Any, place: tuple[Any, ...], selected: int | None) -> str | None:
    """Why a click on a slot or a market cell plays nothing before a card is picked."""
    legal = shown.legal_actions()
    if (
        selected is None
        and place[0] in ("slot", "market")
        and any(type(a).__name__ in CARD_BOUND for a in legal)
    ):  # BK-ACT-1, BK-MKT-1: the card first, then where it goes
        return "pick a card of your hand first (click it), then where it goes"
    return None


def probe(shown: Any, place: tuple[Any, ...], selected: int | None) -> str | None:
    """The notation a click on ``place`` would have played, for ``explain`` to judge."""
    kind, *where = place
    if kind in ("slot", "market"):
        hand = shown.hands[shown.current_player]
        card = selected if selected is not None else hand[0] if hand else None
        if card is None:
            return None
        verb = "place" if kind == "slot" else "lay"
        return f"{verb}:#{card}{shown.deck.cards[card].label}@{where[0]}"
    if kind == "port":
        return f"take:{where[0]}"
    return None


def score_note(shown: Any, players: int) -> str:
    """What the running points leave out: a secret pontoon good is not counted (BK-SET-2)."""
    hidden = [p for p in range(players) if shown.objective(p) is None]
    if not hidden:
        return ""
    who = ", ".join(f"Player {p}" for p in hidden)
    return f" (without the secret pontoon good of {who})"


def main_figure(
    state: Any,
    targets: dict[Any, list[Any]],
    seat: int | None,
    before: Any,
    selected: int | None,
    places: tuple[tuple[Any, ...], ...],
) -> Any:
    """The port and the table, the picked card's slots and the port cells to collect ringed."""
    from bamboo_lab.viz import bangkok

    from .pictures import fit_width

    slots = tuple(p[1] for p in places if p[0] == "slot")
    cells = tuple(p[1] for p in places if p[0] == "port")
    return fit_width(
        bangkok.figure(state, changed_from=before, selected=selected, slots=slots, port=cells)
    )


def own_figure(
    state: Any, seat: int | None, selected: int | None, places: tuple[tuple[Any, ...], ...]
) -> Any:
    """The seat's market and hand (``selected``: the hand card picked; the market cells where
    it may be laid ringed), smaller than the table."""
    from bamboo_lab.viz import bangkok

    from .pictures import BOARD_WIDTH

    cells = tuple(p[1] for p in places if p[0] == "market")
    fig = bangkok.market(state, seat=seat, hand=True, selected=selected, targets=cells)
    width, height = fig.layout.width or BOARD_WIDTH, fig.layout.height or 600
    scale = OWN_MARKET_WIDTH / width  # the market under the table, smaller than the table
    return fig.update_layout(width=OWN_MARKET_WIDTH, height=int(height * scale))
