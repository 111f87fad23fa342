"""Bangkok's exercises' answer diagnoses: each ``*_diagnose`` names the slot, cell or good that is
wrong with the rule it breaks, or the kind of item missing and where to look; a wrong number is
met with the part of the score it left out, or the score built up part by part. Used by
:mod:`bamboo_lab.exercises.bangkok`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bamboo_lab.games import bangkok as bk

from . import listed, set_diagnosis

__all__ = [
    "best_diagnose",
    "centre_diagnose",
    "chilli_in_hand",
    "collect_diagnose",
    "good_diagnose",
    "lay_diagnose",
    "place_diagnose",
    "shift_diagnose",
    "total_diagnose",
    "which_good_diagnose",
]


_NAMES = {"passion_fruit": "passion fruit", "thai_zucchini": "Thai zucchini"}


def _good_name(good: str) -> str:
    """A good as the rulebook prints it."""
    return _NAMES.get(good, good.replace("_", " "))


def _number_of(cell: str) -> int:
    """The number of a ``"cell 5"`` answer."""
    return int(cell.split()[-1])


def _cell_named(cell: int) -> str:
    """A cell as a hint names it: ``cell 5``."""
    return f"cell {cell}"


def _reason(why: Any) -> str:
    """The engine's reason, with the card's id (which no picture shows) left out."""
    return re.sub(r"card #\d+", "your card", why.reason)


def _goods_words(goods: Sequence[str]) -> str:
    """Goods in the rulebook's words: ``blue peas and fish``."""
    counts = {good: list(goods).count(good) for good in goods}
    return listed([_good_name(g) if n == 1 else f"{n} {_good_name(g)}" for g, n in counts.items()])


def _where(state: bk.State, cell: int) -> str:
    """A port cell and the goods of the card on it: ``cell 3 (Thai zucchini)``."""
    cid = state.port[cell - 1]
    return (
        f"cell {cell} ({_goods_words(state.deck.cards[cid].goods)})" if cid >= 0 else f"cell {cell}"
    )


def _line(slot: str) -> tuple[str, list[int]]:
    """The line a slot names and its cells 1-9: ``L2`` and ``R2`` are row 2, ``T1`` column 1."""
    number = int(slot[1])
    if slot[0] in "LR":
        return f"row {number}", [3 * (number - 1) + k for k in (1, 2, 3)]
    return f"column {number}", [number + 3 * k for k in (0, 1, 2)]


def _line_goods(state: bk.State, cells: list[int]) -> list[str]:
    """The goods shown by the cards of a port line, each once, in the order of the line."""
    shown = [
        g
        for c in cells
        if state.port[c - 1] >= 0
        for g in state.deck.cards[state.port[c - 1]].goods
    ]
    return list(dict.fromkeys(shown))


def _place_wrong(state: bk.State, slot: str) -> str:
    """Why the fish card may not go beside ``slot``: its line shows no fish (BK-ACT-1)."""
    line, cells = _line(slot)
    return (
        f"{slot} is beside {line}, which shows {_goods_words(_line_goods(state, cells))}: no fish,"
        " and the card must share a good with a card of its line (BK-ACT-1)."
    )


def _place_missing(state: bk.State, slot: str) -> tuple[str, str]:
    """Why ``slot`` takes the fish card: its line shows a fish, at either end."""
    line, _ = _line(slot)
    ends = "left or right" if line.startswith("row") else "top or bottom"
    return (
        f"a slot at an end of a {line.split()[0]} showing fish (BK-ACT-1)",
        f"{line[0].upper()}{line[1:]} shows a fish: the card may go at either of its ends, {ends}.",
    )


place_diagnose = set_diagnosis(_place_wrong, _place_missing)
"""The diagnosis of a set of slots for the fish card (BK-ACT-1)."""


def _collect_wrong(state: bk.State, cell: int) -> str:
    """Why ``cell`` is not collected: outside the line, or no basket of the card left for it."""
    placed = state.deck.cards[state.placed].goods
    if cell not in (1, 2, 3):
        return f"Cell {cell} is not in row 1, the line your card was placed beside (BK-ACT-3)."
    shared = set(state.deck.cards[state.port[cell - 1]].goods) & set(placed)
    if not shared:
        return (
            f"{_where(state, cell)[0].upper()}{_where(state, cell)[1:]} shows no good of your card"
            f" ({_goods_words(placed)}) (BK-ACT-3)."
        )
    return (
        f"Your card has {len(placed)} baskets and each fetches at most one card:"
        f" {_where(state, cell)} would need a basket another card already takes (BK-ACT-3)."
    )


def _collect_missing(state: bk.State, cell: int) -> tuple[str, str]:
    """The basket that fetches ``cell``, and the rule that the card must be taken."""
    placed = state.deck.cards[state.placed].goods
    shared = [g for g in placed if g in state.deck.cards[state.port[cell - 1]].goods]
    return (
        "a card you are entitled to, which you may not refuse (BK-ACT-4)",
        f"Each basket fetches a card: your {_goods_words(shared[:1])} basket needs its own card of"
        " row 1, and a card you are entitled to is never refused (BK-ACT-3, BK-ACT-4).",
    )


collect_diagnose = set_diagnosis(_collect_wrong, _collect_missing, _cell_named)
"""The diagnosis of a set of port cells to collect (BK-ACT-3, BK-ACT-4)."""


def shift_diagnose(given: str, truth: str, state: bk.State) -> Any:
    """The diagnosis of the cell the placed card ends up in (BK-SHIFT-1)."""
    answer = _number_of(given)
    if answer not in (2, 5, 8):
        return (f"Cell {answer} is not in column 2: your card joins the line it was placed at.",)
    if answer == 8:
        return (
            "Cell 8 is where the empty place ends up: placed below, the line slides up, away from"
            " your card (BK-SHIFT-1).",
        )
    (only,) = state.legal_actions()
    left = [c for c in (2, 5, 8) if c not in only.cells and state.port[c - 1] >= 0]
    return (
        "First take the cards collected out of column 2, then slide what is left up, away from"
        " your card; your card follows it (BK-SHIFT-1).",
        f"After the cards are taken, {' and '.join(_where(state, c) for c in left)}"
        f" {'stays' if len(left) == 1 else 'stay'} in column 2; what stays slides up to the top,"
        " keeping its order, and your card comes right after it (BK-SHIFT-1).",
    )


def chilli_in_hand(state: bk.State) -> bk.Card:
    """The chilli card in player 0's hand."""
    return next(state.deck.cards[c] for c in state.hands[0] if state.deck.cards[c].is_chilli)


def _lay_wrong(state: bk.State, cell: int) -> str:
    """Why the chilli card may not go in ``cell``: the engine's reason and rule."""
    chilli = chilli_in_hand(state)
    why = bk.explain(state, bk.LayInMarket(chilli.id, chilli.label, cell))
    return f"Cell {cell} is refused: {_reason(why)} ({why.rule})."


def _lay_missing(state: bk.State, cell: int) -> tuple[str, str]:
    """Why ``cell`` takes the chilli card: next to a laid card, in a row without a chilli."""
    row = (cell - 1) // 3 + 1
    return (
        "an empty cell next to a laid card, in a row with no chilli card (BK-MKT-3, BK-MKT-5)",
        f"Look at row {row}: it holds no chilli card, and one of its empty cells shares a side"
        " with a laid card.",
    )


lay_diagnose = set_diagnosis(_lay_wrong, _lay_missing, _cell_named)
"""The diagnosis of a set of market cells for the chilli card (BK-MKT-3, BK-MKT-5)."""


def _baskets(cells: Any, good: str, among: Sequence[int] = range(1, 10)) -> int:
    """The baskets of ``good`` on the cards of the cells ``among`` (1-9)."""
    return sum(cells[i - 1].goods.count(good) for i in among if cells[i - 1] is not None)


def good_diagnose(answer: int, truth: int, cells: Any) -> Any:
    """The diagnosis of the secret good's points: baskets, not cards (BK-SCORE-1)."""
    cards_with_fish = [i + 1 for i, c in enumerate(cells) if c is not None and "fish" in c.goods]
    doubles = [i + 1 for i, c in enumerate(cells) if c is not None and c.goods.count("fish") > 1]
    if answer == len(cards_with_fish) and doubles:
        return (
            f"You counted cards; count baskets: the card in cell {doubles[0]} has two fish"
            " (BK-SCORE-1).",
        )
    first, second = _baskets(cells, "fish", (1, 2, 3)), _baskets(cells, "fish", (4, 5, 6))
    return (
        "Count every fish basket on all nine cards, a card with two counting twice (BK-SCORE-1).",
        f"Row 1 holds {first} fish baskets; now rows 2 and 3.",
        f"Row 1 holds {first} fish baskets, row 2 {second}; now row 3.",
    )


def centre_diagnose(answer: int, truth: int, cells: Any) -> Any:
    """The diagnosis of the centre chilli card's points (BK-SCORE-2, BK-SCORE-5)."""
    chilli = bk.score_market(cells, objective=None).chillies[0]
    goods = chilli.card.indicated
    everywhere = [_baskets(cells, g) for g in goods]
    outline = ", ".join(map(str, chilli.counted))
    if answer == bk.chilli_points(3, everywhere) and answer != truth:
        return (f"You counted the whole market; it counts only cells {outline} (BK-SCORE-2).",)
    if answer * 2 == truth:
        return ("You counted the pairs; each pair is worth 2 points (BK-SCORE-5).",)
    counted = ", ".join(f"{n} {_good_name(g)}" for g, n in chilli.counts)
    return (
        f"It counts only itself and the cells beside it, {outline} (BK-SCORE-2), and scores 2 per"
        f" pair of {_goods_words(goods)} (BK-SCORE-5).",
        f"Count {_goods_words(goods)} in cells {outline} only; a pair is one of each.",
        f"In cells {outline}: {counted}; the smaller count is the number of pairs (BK-SCORE-5).",
    )


def best_diagnose(given: str, truth: str, cells: Any) -> Any:
    """The diagnosis of the cell of the best chilli card: what the one named scores."""
    answer = _number_of(given)
    score = bk.score_market(cells, objective=None)
    mine = next((c for c in score.chillies if c.cell == answer), None)
    if mine is None:
        chillies = ", ".join(str(c.cell) for c in score.chillies)
        return (f"Cell {answer} holds no chilli card: the chilli cards are in cells {chillies}.",)
    counted = ", ".join(f"{n} {_good_name(g)}" for g, n in mine.counts) or "none of its goods"
    said = (
        f"The chilli card in cell {answer} counts {counted}: {mine.points} points (type"
        f" {mine.card.chilli_type}, over cells {', '.join(map(str, mine.counted))}). Another"
        " scores more."
    )
    return (
        said,
        f"{said} Score each of the others over its own outline: a corner counts 3 cells, the"
        " centre 5 (BK-SCORE-2).",
    )


def total_diagnose(answer: int, truth: int, cells: Any) -> Any:
    """The diagnosis of a market's total score: the part left out, or the sum by part."""
    score = bk.score_market(cells, objective="blue_peas")
    if answer == truth - score.complete_bonus:
        return ("You left out the 2 points of a complete market (BK-SCORE-7).",)
    if answer == truth - score.objective_points:
        return (
            "You left out the secret good: 1 point per basket of blue peas in the market"
            " (BK-SCORE-1).",
        )
    for chilli in score.chillies:
        if chilli.points and answer == truth - chilli.points:
            return (f"You left out the chilli card in cell {chilli.cell} (BK-SCORE-2).",)
    first = score.chillies[0]
    return (
        "Add the secret good, each chilli card over its own outline and the complete-market bonus"
        " (BK-SCORE-1, BK-SCORE-2, BK-SCORE-7).",
        f"The secret good, blue peas, scores {score.objective_points}; now each chilli card and"
        " the bonus.",
        f"Blue peas {score.objective_points}; the chilli card in cell {first.cell} scores"
        f" {first.points}; now the other chilli cards and the bonus of {score.complete_bonus}.",
    )


def which_good_diagnose(answer: str, truth: str, cells: Any) -> Any:
    """The diagnosis of the best secret good: what the good named would score."""
    mine = bk.score_market(cells, objective=answer).objective_points
    said = f"{_good_name(answer).capitalize()} would score {mine} (BK-SCORE-1)."
    return (
        f"{said} Count the baskets of each good.",
        f"{said} Another good has more baskets in the whole market: count each colour's circles.",
    )
