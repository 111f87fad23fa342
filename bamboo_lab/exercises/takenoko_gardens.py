"""Takenoko positions for the lessons, built from words a student reads: each plot as the board
says it (``green plot with fertilizer at 1,0, bamboo 4``) and each objective card by what it
asks (``the green curve plot objective``), never a tile code nor a card id.

:func:`garden` reads the words and calls ``tk.position`` with the tuples and ids it takes, so
the position is the engine's own, checked and completed from the box as any other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from bamboo_lab.core.checks import quoted
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import (
    COLOUR_INDEX,
    COLOUR_LETTERS,
    IMPROVEMENT_INDEX,
    IMPROVEMENT_LETTERS,
)
from bamboo_lab.games.takenoko.words import objective_words

__all__ = ["CARD_WORDS", "PLOT_WORDS", "card_named", "garden", "plot_row"]

PLOT_WORDS = (
    "'<colour> plot at q,r', then maybe ', bamboo <height>': the colour green, yellow or pink;"
    " an improvement printed on the plot after 'plot': 'with fertilizer' (or 'with printed"
    " fertilizer'), a chip placed on it: 'with a fertilizer chip' (watershed, enclosure or"
    " fertilizer); e.g. 'green plot with fertilizer at 1,0, bamboo 4', 'yellow plot at 1,-1'"
)
"""What :func:`garden` reads as a plot, said in its refusals."""

CARD_WORDS = (
    "'the <colour> <shape> plot objective' (green, yellow or pink; line, curve, triangle or"
    " diamond; the two-colour diamonds: 'the green and yellow diamond plot objective', green and"
    " pink, pink and yellow); 'the gardener objective: <colour> bamboo of height 4, with a"
    " fertilizer' (with an enclosure, with a watershed, no chip) or '...: 4 green bamboos of"
    " height 3' (3 yellow, 2 pink); 'the panda objective: 2 green' (2 yellow, 2 pink, 1 green,"
    " 1 yellow, 1 pink)"
)
"""What :func:`garden` reads as an objective card (the board's words), said in its refusals."""

_COLOUR = "|".join(COLOUR_LETTERS)
_IMPROVEMENT = "|".join(IMPROVEMENT_LETTERS)
_PLOT = re.compile(
    rf"(?:an? |the )?(?P<colour>{_COLOUR})"
    rf"(?: \(printed (?P<marked>{_IMPROVEMENT})\))? plot"
    rf"(?: with (?:printed (?P<printed>{_IMPROVEMENT})|(?P<bare>{_IMPROVEMENT})(?: printed)?"
    rf"|an? (?P<chip>{_IMPROVEMENT}) chip))?"
    r" at (?P<q>-?\d+) ?, ?(?P<r>-?\d+)"
    r"(?: ?, ?(?:bamboo (?P<height>\d+)|(?P<high>\d+) high|no bamboo))?"
)
"""A plot in words (read lower case, single spaces)."""


def _card_words() -> dict[str, tuple[str, ...]]:
    cards: dict[str, tuple[str, ...]] = {}
    for card in tk.CARDS:
        words = objective_words(card).removeprefix("the ")
        cards[words] = (*cards.get(words, ()), card)
    return cards


_CARDS = _card_words()
"""Each card's words (without ``the``) and the cards that read so (the panda copies: several)."""

_COUNT = re.compile(rf"(?P<count>\d+|an?|one|two|three) (?P<name>{_COLOUR}|{_IMPROVEMENT})")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


def _said(text: str) -> str:
    """Words as a student types them: case and spacing do not matter."""
    return " ".join(str(text).split()).lower()


def plot_row(words: str) -> tuple[Any, ...]:
    """The ``tk.position`` row of the plot ``words`` names: ``"green plot with fertilizer at
    1,0, bamboo 4"`` -> ``(1, 0, "GF", 4)``; ``"yellow plot with an enclosure chip at 2,0"``
    -> ``(2, 0, "Y", 0, "E")``. Other words raise InvalidStateError saying what it reads."""
    if not isinstance(words, str):
        raise InvalidStateError(f"a plot is said in words ({PLOT_WORDS}), not {quoted(words)}")
    found = _PLOT.fullmatch(_said(words))
    if found is None:
        raise InvalidStateError(f"{quoted(words)} names no plot: a plot reads {PLOT_WORDS}")
    printed = found["marked"] or found["printed"] or found["bare"]
    tile = COLOUR_LETTERS[found["colour"]] + (IMPROVEMENT_LETTERS[printed] if printed else "")
    height = int(found["height"] or found["high"] or 0)
    row: tuple[Any, ...] = (int(found["q"]), int(found["r"]), tile, height)
    return (*row, IMPROVEMENT_LETTERS[found["chip"]]) if found["chip"] else row


def card_named(words: str, taken: Iterable[str] = ()) -> str:
    """The objective card ``words`` names, by what it asks (``the green curve plot objective``,
    ``the panda objective: 2 green``; a card id is read too); of cards alike, the first not in
    ``taken``. Other words raise InvalidStateError listing the words of every card."""
    said = _said(words).removeprefix("the ") if isinstance(words, str) else ""
    if said.upper() in tk.CARDS:
        return said.upper()
    cards = _CARDS.get(said)
    if cards is None:
        raise InvalidStateError(
            f"{quoted(words)} names no objective card: a card reads {CARD_WORDS}"
        )
    free = [card for card in cards if card not in set(taken)]
    if not free:
        raise InvalidStateError(f"{quoted(words)}: the box holds only {len(cards)} such cards")
    return free[0]


def _cards(value: Any, taken: list[str]) -> dict[int, list[str]] | None:
    """Seat -> card ids, for hands and completed cards named in words."""
    if value is None:
        return None
    seats = value.items() if isinstance(value, Mapping) else enumerate(value)
    named: dict[int, list[str]] = {}
    for seat, cards in seats:
        if isinstance(cards, str):
            raise InvalidStateError(
                f"seat {seat}'s cards are a list of cards in words, not one text {quoted(cards)}"
            )
        named[seat] = []
        for words in cards:
            taken.append(card_named(words, taken))
            named[seat].append(taken[-1])
    return named


def _counts(value: Any, index: Mapping[str, int], what: str, example: str) -> Any:
    """``(green, yellow, pink)`` or ``(watershed, enclosure, fertilizer)`` counts from words
    (``"1 green, 1 pink"``, ``"a watershed chip and a fertilizer chip"``), per seat; counts
    given as numbers pass unchanged."""
    if value is None:
        return None
    seats = value.items() if isinstance(value, Mapping) else enumerate(value)
    letters = {**COLOUR_LETTERS, **IMPROVEMENT_LETTERS}
    names = {name: index[letter] for name, letter in letters.items() if letter in index}
    counted: dict[int, Any] = {}
    for seat, said in seats:
        if not isinstance(said, str):
            counted[seat] = said
            continue
        counts = [0, 0, 0]
        rest = _said(said)
        for found in _COUNT.finditer(rest):
            if found["name"] not in names:
                break
            counts[names[found["name"]]] += _NUMBERS.get(found["count"], 0) or int(found["count"])
        else:
            left = _COUNT.sub("", rest)
            if not re.sub(r"\b(chips?|sections?|and|no)\b|[,\s]", "", left):
                counted[seat] = tuple(counts)
                continue
        raise InvalidStateError(f"{quoted(said)} names no {what} (such as {example!r})")
    return counted


def garden(*plots: Any, **position: Any) -> tk.State:
    """The position ``tk.position(**position)`` with the plots ``plots`` in words, as the board
    says them (``"green plot with fertilizer at 1,0, bamboo 4"``, ``"yellow plot at 1,-1"``,
    ``"pink plot with an enclosure chip at 2,0, bamboo 1"``); ``hands`` and ``completed`` name
    each seat's cards by what they ask (``{0: ["the green curve plot objective", "the panda
    objective: 2 green"]}``); ``eaten`` may say ``"1 green, 1 pink"``, ``stored_improvements``
    ``"a watershed chip"``, ``channels`` ``"between 1,0 and 1,-1"``. Words it cannot read
    raise InvalidStateError saying what it reads (a plot given as a ``tk.position`` row is
    taken as it is)."""
    rows = [tuple(words) if isinstance(words, tuple | list) else plot_row(words) for words in plots]
    taken: list[str] = []
    for part in ("hands", "completed"):
        if part in position:
            position[part] = _cards(position[part], taken)
    if "eaten" in position:
        position["eaten"] = _counts(
            position["eaten"], COLOUR_INDEX, "bamboo sections", "1 green, 2 pink"
        )
    if "stored_improvements" in position:
        position["stored_improvements"] = _counts(
            position["stored_improvements"],
            IMPROVEMENT_INDEX,
            "improvement chips",
            "a watershed chip and a fertilizer chip",
        )
    if position.get("channels") is not None:
        position["channels"] = [_channel(words) for words in position["channels"]]
    return tk.position(plots=[*rows, *position.pop("plots", ())], **position)


def _channel(words: Any) -> Any:
    """``"between 1,0 and 1,-1"`` (or ``"channel between ..."``) -> ``"1,0/1,-1"``."""
    if not isinstance(words, str):
        return words
    found = re.fullmatch(r"(?:(?:a |the )?channel )?between (\S+) and (\S+)", _said(words))
    return f"{found[1]}/{found[2]}" if found else words
