"""Bangkok moves written in the rulebook's words, for the lessons (notebooks 30 and 31).

A lesson cell says what a player does as a student would say it, never in engine notation::

    placed = lessons.play(state, "place the Thai zucchini and blue peas card left of row 1")
    lessons.judge(laying, ["lay the fish card in market cell 4", ...])   # a Table

The words are read into the engine's own actions (:func:`move`); legality stays the engine's
(``explain``), and every answer comes back in words (:func:`verdict`, :func:`reason_words`).
A lesson names a card by what the rulebook says it is (:func:`boat`, :func:`chilli`,
:func:`initial`) and builds a position from such cards (:func:`position`)::

    lessons.position(port=[[boat("fish"), chilli(2, "blue peas"), boat("blue peas", "fish")], ...])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bamboo_lab.core.errors import InvalidActionError, InvalidStateError
from bamboo_lab.core.table import Table
from bamboo_lab.exercises.lesson_moves import play_in_words
from bamboo_lab.games import bangkok as bk

__all__ = [
    "boat",
    "by_reading",
    "card_words",
    "chilli",
    "chilli_cards",
    "chilli_scores",
    "collects_by_reading",
    "decisions",
    "describe",
    "initial",
    "judge",
    "lays_by_reading",
    "move",
    "moves",
    "play",
    "play_out",
    "port_places",
    "position",
    "reason_words",
    "refusals",
    "shifts",
    "verdict",
    "where_cards_fit",
]

_GOODS = {
    "passion_fruit": "passion fruit",
    "thai_zucchini": "Thai zucchini",
    "blue_peas": "blue peas",
    "fish": "fish",
}
_SIDES = {"L": "left of row", "R": "right of row", "T": "above column", "B": "below column"}
_SIDE_LETTERS = {words: letter for letter, words in _SIDES.items()}


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def card_words(card: bk.Card) -> str:
    """A card as a student names it: ``Thai zucchini and blue peas card``, ``chilli card
    with fish`` (its baskets; the engine's number is never said)."""
    goods = _listed([_GOODS[good] for good in card.goods])
    return f"chilli card with {goods}" if card.is_chilli else f"{goods} card"


def _letters(goods: Sequence[str], what: str) -> str:
    """The goods named in words (``"Thai zucchini"``, ``"fish"``) as the card's face."""
    if not goods or isinstance(goods, str):
        raise InvalidStateError(f"{what} shows 1 to 3 goods, named one by one (e.g. 'fish')")
    names = [bk.good(name) for name in goods]
    return "".join(bk.components.GOOD_LETTERS[bk.GOODS.index(name)] for name in names)


def boat(*goods: str) -> bk.Card:
    """The "boat" card showing ``goods`` (1 to 3 baskets, in words: ``boat("blue peas",
    "fish")``); a card the deck lacks is a custom card (builder docstring)."""
    return bk.parse_card_spec(_letters(goods, "a boat card"))


def initial(card_set: int, *goods: str) -> bk.Card:
    """The initial "boat" card of set ``card_set`` (the bamboos on its back, 1 to 4) showing
    ``goods`` (BK-SET-3): ``initial(2, "Thai zucchini")``."""
    return bk.parse_card_spec(f"{card_set}:{_letters(goods, 'an initial card')}")


def chilli(chilli_type: int, *indicated: str, shows: Sequence[str] = ()) -> bk.Card:
    """The "chilli" card of type ``chilli_type`` (1 to 4) whose points count the
    ``indicated`` goods: ``chilli(2, "fish")``, ``chilli(3, "passion fruit", "blue peas")``.
    The deck's card is meant, unless ``shows`` names the baskets on its face (a custom card
    when the deck has none alike)."""
    wanted = tuple(bk.good(name) for name in indicated)
    printed = [
        card
        for card in bk.cards(kind="chilli")
        if card.chilli_type == chilli_type and card.indicated == wanted
    ]
    if shows:
        face = _letters(shows, "a chilli card")
    elif printed:
        face = printed[0].letters
    else:
        named = _listed([_GOODS[good] for good in wanted]) if wanted else "no good"
        raise InvalidStateError(
            f"the deck has no type {chilli_type} chilli card for {named}: say what it shows"
            " (shows=[...]) to make one"
        )
    return bk.parse_card_spec(f"C{chilli_type}:{_letters(indicated, 'a chilli card')}/{face}")


def chilli_cards(not_showing: str | None = None) -> list[bk.Card]:
    """The deck's chilli cards in deck order, leaving out those whose face shows the good
    ``not_showing`` (in words) when it is given."""
    hidden = bk.good(not_showing) if not_showing is not None else None
    return [card for card in bk.cards(kind="chilli") if hidden not in card.goods]


def _specs(cards: Any) -> Any:
    """Cards (any nesting of lists) as the specs :func:`bk.position` reads."""
    if isinstance(cards, bk.Card):
        return cards.spec
    if isinstance(cards, (list, tuple)):
        return [_specs(card) for card in cards]
    return cards


def position(**parts: Any) -> bk.State:
    """``bk.position`` built from cards named by :func:`boat`, :func:`chilli` and
    :func:`initial` (in the port, hands, markets and pile tops; other parts as given)."""
    return bk.position(**{name: _specs(value) for name, value in parts.items()})


def describe(action: Any, state: bk.State) -> str:
    """An action of ``state`` in words, as :func:`move` reads them back."""
    kind = type(action).__name__
    if kind in ("PlaceAtPort", "LayInMarket"):
        card = card_words(state.deck.cards[action.card])
        if kind == "PlaceAtPort":
            return f"place the {card} {_SIDES[action.slot[0]]} {action.slot[1]}"
        return f"lay the {card} in market cell {action.cell}"
    if kind == "Collect":
        cells = [str(cell) for cell in action.cells]
        return f"collect port cell{'s' if len(cells) > 1 else ''} {_listed(cells)}"
    if kind == "Renew":
        return f"renew {'row' if action.line.startswith('row') else 'column'} {action.line[3:]}"
    return "pass"


_PLACE = re.compile(r"place the (.+) (left of row|right of row|above column|below column) (\d)")
_LAY = re.compile(r"lay the (.+) in market cell (\d)")
_COLLECT = re.compile(r"collect port cells? ([\d ,and]+)")
_RENEW = re.compile(r"renew (row|column) (\d)")


def _hand_card(state: bk.State, words: str, said: str) -> int:
    """The card of the mover's hand named ``words`` (the first, when two are alike)."""
    hand = state.hands[state.player] if state.player >= 0 else ()
    for card in hand:
        if card_words(state.deck.cards[card]).lower() == words.lower():
            return card
    held = _listed([f"the {card_words(state.deck.cards[c])}" for c in hand]) if hand else "none"
    raise InvalidActionError(
        f"{said!r}: no {words!r} in player {state.player}'s hand (it holds {held})"
    )


def move(state: bk.State, words: str) -> Any:
    """The action ``words`` describe in ``state`` (legal or not: :func:`verdict` judges it),
    e.g. ``place the fish card above column 3``, ``collect port cells 1 and 3``, ``lay the
    chilli card with fish in market cell 7``, ``renew row 2``, ``pass``. Words that name no
    move raise InvalidActionError with the forms understood."""
    said = " ".join(str(words).split())
    text = said.rstrip(".")
    if found := _PLACE.fullmatch(text):
        card = _hand_card(state, found[1], said)
        slot = f"{_SIDE_LETTERS[found[2]]}{found[3]}"
        return bk.PlaceAtPort(card=card, face=state.deck.cards[card].label, slot=slot)
    if found := _LAY.fullmatch(text):
        card = _hand_card(state, found[1], said)
        face = state.deck.cards[card].label
        return bk.LayInMarket(card=card, face=face, cell=int(found[2]))
    if found := _COLLECT.fullmatch(text):
        cells = sorted({int(cell) for cell in re.findall(r"\d", found[1])})
        return bk.Collect(cells=tuple(cells))
    if found := _RENEW.fullmatch(text):
        return bk.Renew(line=f"{'row' if found[1] == 'row' else 'col'}{found[2]}")
    if text == "pass":
        return bk.Pass()
    raise InvalidActionError(
        f"{said!r} names no Bangkok move: say 'place the <card> left of row 1', 'collect port"
        " cells 1 and 3', 'lay the <card> in market cell 4', 'renew row 2' or 'pass'"
    )


def play(state: bk.State, *moves: str) -> bk.State:
    """The position after the moves ``moves`` (words, in order), each checked by the rules
    (an illegal one raises IllegalActionError saying, in words, the move and the rule)."""
    return play_in_words(state, moves, move, bk.explain, reason_words)


def play_out(state: bk.State) -> bk.State:
    """The end of the game from ``state``, each player taking their first legal move (a
    position shown at its final score)."""
    while not state.is_over():
        state = state.apply(state.legal_actions()[0])
    return state


def reason_words(sentence: str) -> str:
    """A refusal's sentence from the engine in words: a slot by its side (``the line at L2``
    -> ``the line left of row 2``, ``L2 holds`` -> ``the place left of row 2 holds``), a line
    by name (``row3`` -> ``row 3``), a card by what it is (``card #12`` -> ``that card``), a
    list as words (``[4, 5, 6]`` -> ``4, 5 and 6``)."""
    side = r"([LRTB])([123])\b"
    sentence = re.sub(
        rf"\bat {side} and {side}",
        lambda m: f"{_SIDES[m[1]]} {m[2]} and {_SIDES[m[3]]} {m[4]}",
        sentence,
    )
    sentence = re.sub(rf"\bat {side}", lambda m: f"{_SIDES[m[1]]} {m[2]}", sentence)
    sentence = re.sub(
        r"\b([LRTB])([123])\b", lambda m: f"the place {_SIDES[m[1]]} {m[2]}", sentence
    )
    sentence = re.sub(
        r"\b(row|col)([123])\b",
        lambda m: f"{'row' if m[1] == 'row' else 'column'} {m[2]}",
        sentence,
    )
    sentence = re.sub(r"card #\d+", "that card", sentence)
    return re.sub(
        r"\[([\d, ]+)\]", lambda m: _listed([i.strip() for i in m[1].split(",")]), sentence
    )


def verdict(state: bk.State, words: str) -> str:
    """Whether the move ``words`` is allowed in ``state``, in words: ``allowed`` or
    ``refused: <reason> (<rule>)`` (the engine's ``explain``)."""
    why = bk.explain(state, move(state, words))
    if why.legal:
        return f"{words}: allowed"
    return f"{words}: refused, {reason_words(why.reason)} ({why.rule})"


def judge(state: bk.State, moves: list[str]) -> Table:
    """A table of moves tried in ``state``: allowed or not, the rule that decides (the rule
    a refused move breaks; ``allowed`` for a legal one) and why, in words."""
    rows = []
    for words in moves:
        why = bk.explain(state, move(state, words))
        rows.append(
            {
                "move": words,
                "allowed?": "yes" if why.legal else "no",
                "rule": why.rule or "allowed",
                "why": "every rule is kept" if why.legal else reason_words(why.reason),
            }
        )
    return Table(rows).set_index("move")


def refusals(tried: list[tuple[bk.State, str]]) -> Table:
    """A table of refused moves, each ``(position, words)``: the rule that refuses it and
    why, in words (one row per move, indexed by the rule)."""
    rows = []
    for state, words in tried:
        why = bk.explain(state, move(state, words))
        rows.append({"rule": why.rule or "allowed", "move": words, "why": reason_words(why.reason)})
    return Table(rows).set_index("rule")


def by_reading(option: str, readings: list[Any], **parts: Any) -> dict[Any, bk.State]:
    """The position made of ``parts`` (the arguments of :func:`position`) under each reading
    of the rule variant ``option`` (an ``Options`` field), by reading."""
    return {
        reading: position(**parts, options=bk.Options(**{option: reading})) for reading in readings
    }


def lays_by_reading(option: str, readings: list[Any], laying: str, **parts: Any) -> Table:
    """Under each reading of ``option``, the market cells where the card of the move
    ``laying`` (words: ``lay the <card> in market cell 7``) may go in the position made of
    ``parts``, and the rule that decides that move (``allowed`` when it is legal)."""
    rows = []
    for reading, variant in by_reading(option, readings, **parts).items():
        tried = move(variant, laying)
        cells = [
            str(a.cell)
            for a in variant.legal_actions()
            if isinstance(a, bk.LayInMarket) and a.card == tried.card
        ]
        rows.append(
            {
                "reading": f"{option}={reading!r}",
                "the card may go to market cells": _listed(cells) if cells else "none",
                f"{laying.rpartition(' in ')[2]}: decided by": bk.explain(variant, tried).rule
                or "allowed",
            }
        )
    return Table(rows).set_index("reading")


def chilli_scores(score: bk.MarketScore) -> Table:
    """A market's score (``bk.score_market``, a sandbox's ``score()``) as a table: each
    chilli card by its type and the goods it counts (BK-SCORE-2 to -6), the cells it counts,
    the baskets seen and its points, then the pontoon's good, the full-market bonus and the
    total."""
    rows = [
        {
            "what": f"type {chilli.card.chilli_type} chilli card in cell {chilli.cell}",
            "counts": ", ".join(f"{_GOODS[good]} {seen}" for good, seen in chilli.counts),
            "on cells": _listed([str(cell) for cell in chilli.counted]),
            "points": chilli.points,
        }
        for chilli in score.chillies
    ]
    pontoon = _GOODS.get(str(score.objective), "hidden")
    rows += [
        {
            "what": "secret good",
            "counts": pontoon,
            "on cells": "all",
            "points": score.objective_points,
        },
        {"what": "full market", "counts": "", "on cells": "", "points": score.complete_bonus},
        {"what": "total", "counts": "", "on cells": "", "points": score.total},
    ]
    return Table(rows).set_index("what")


def decisions(before: bk.State, after: bk.State) -> Table:
    """The decisions that lead from ``before`` to ``after`` (a later state of the same game),
    one row each: who decided and the move in words; a last row says how the game ended."""
    rows = []
    state = before
    for action in after.history[len(before.history) :]:
        rows.append({"player": f"player {state.player}", "move": describe(action, state)})
        state = state.apply(action)
    outcome = after.outcome()
    if outcome is not None:
        rows.append({"player": "the end", "move": outcome.reason})
    return Table(rows).set_index("player")


def port_places(games: dict[str, bk.State]) -> Table:
    """For each named position, the places beside the port where a card may be put now
    (BK-ACT-1, BK-SOLO-1), counted and named in words."""
    rows = []
    for name, state in games.items():
        slots = sorted({a.slot for a in state.legal_actions() if isinstance(a, bk.PlaceAtPort)})
        said = [f"{_SIDES[slot[0]]} {slot[1]}" for slot in slots]
        rows.append({"game": name, "free places": len(slots), "which": ", ".join(said)})
    return Table(rows).set_index("game")


def shifts(line: Sequence[bk.Card]) -> Table:
    """How a port ``line`` shifts (BK-SHIFT-1): a card placed on each side of it (its cards
    given first to last: left to right for a row, top to bottom for a column) takes one of its
    cards. One row per side, one column per card taken; each cell the line after the shift,
    first to last, its cards named by their goods."""
    placed = "placed card"
    sides = {
        "L": "placed left of a row",
        "R": "placed right of a row",
        "T": "placed above a column",
        "B": "placed below a column",
    }

    def named(card: Any) -> str:
        if card is None:
            return "empty"
        return card if card == placed else card_words(card).removesuffix(" card")

    return Table(
        {
            f"takes the {card_words(card)}": [
                " | ".join(named(c) for c in bk.shift_line(line, placed, [i], side))
                for side in sides
            ]
            for i, card in enumerate(line)
        },
        index=list(sides.values()),
    )


def where_cards_fit(state: bk.State, seat: int, cards: list[bk.Card]) -> Table:
    """The cells of ``seat``'s market in ``state`` where each card of ``cards`` could be laid
    (BK-MKT-2, -3, -5, BK-EXP-1), numbered 1 to 9 as the lessons count them."""
    market = state.market_cards(seat)
    rows = []
    for card in cards:
        cells = [str(cell + 1) for cell in bk.market_cells(market, card, state.options.expert)]
        rows.append(
            {
                "card": f"a {card_words(card)}",
                "may go to market cells": _listed(cells) if cells else "none",
            }
        )
    return Table(rows).set_index("card")


def collects_by_reading(option: str, readings: list[Any], placement: str, **parts: Any) -> Table:
    """The collects allowed after ``placement`` (words) in the position made of ``parts`` (the
    arguments of :func:`position`) under each reading of the rule variant ``option`` (an
    ``Options`` field): one row per collect, in words."""
    rows = []
    for reading, variant in by_reading(option, readings, **parts).items():
        placed = play(variant, placement)
        rows += [
            {"reading": f"{option}={reading!r}", "you may": describe(a, placed)}
            for a in placed.legal_actions()
        ]
    return Table(rows).set_index("reading")


def moves(state: bk.State) -> Table:
    """Every legal move of ``state`` in words, one per row."""
    return Table([{"legal move": describe(a, state)} for a in state.legal_actions()])
