"""Bangkok's exercises (notebook 33, and two of them in notebook 30 after their rules).

Every answer comes from the rules engine at the exercise's position: the legal actions, the
collections, the market scoring. Every hint after the first is computed from the answer given:
the slot, cell or good that is wrong and the rule it breaks, or the kind of item missing and
where to look; a wrong number is met with the part of the score it left out, or the score
built up part by part (the diagnoses are in :mod:`bamboo_lab.exercises.bangkok_diagnoses`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk

from . import Exercise, Kind
from .bangkok_diagnoses import (
    best_diagnose,
    centre_diagnose,
    chilli_in_hand,
    collect_diagnose,
    good_diagnose,
    lay_diagnose,
    place_diagnose,
    shift_diagnose,
    total_diagnose,
    which_good_diagnose,
)

__all__ = ["EXERCISES"]


def _cell(item: Any) -> int:
    """A cell 1-9 from ``5``, ``5.0``, ``"5"`` or ``"cell 5"``."""
    if isinstance(item, bool):
        raise ValueError("not a cell")
    if isinstance(item, float) and item.is_integer():
        item = int(item)
    if isinstance(item, str):
        found = re.fullmatch(r"\s*(?:cell\s*)?#?\s*([1-9])\s*", item.lower())
        if found is None:
            raise ValueError("not a cell")
        item = int(found.group(1))
    if not isinstance(item, int) or not 1 <= item <= 9:
        raise ValueError("cells are numbered 1 to 9")
    return item


def _cell_choice(item: Any) -> str:
    """One cell as an answer to "which cell?": ``"cell 5"`` (a name, so never too high or low)."""
    return f"cell {_cell(item)}"


def _slot(item: Any) -> str:
    """An edge slot of the port from ``"L1"``, ``"l1"``, ``" R 2 "``."""
    if not isinstance(item, str):
        raise ValueError("a slot is a text such as 'L1'")
    slot = item.replace(" ", "").upper()
    if slot not in bk.SLOTS:
        raise ValueError("slots are L1-L3, R1-R3, T1-T3, B1-B3")
    return slot


def _goods_of(item: Any) -> str:
    """A good from its printed name, its engine name or its letter (``"B"``, ``"blue peas"``)."""
    if not isinstance(item, str):
        raise ValueError("a good is a name or a letter")
    text = " ".join(item.split())
    for good in bk.GOODS:  # the printed name in any case: "thai zucchini", "Blue Peas"
        if text.lower() in (good.replace("_", " "), good):
            return good
    for word in (text, text.lower(), text.upper()):
        try:
            return bk.good(word)
        except InvalidStateError:  # not this spelling: try the next one
            continue
    raise ValueError("goods are passion fruit, Thai zucchini, blue peas, fish (P, Z, B, F)")


def _cells(specs: Sequence[str | None]) -> tuple[bk.Card | None, ...]:
    """A market of 9 card specs as cards."""
    return tuple(None if s is None else bk.parse_card_spec(s, i) for i, s in enumerate(specs))


# --- the pictures (imported lazily: checking an answer needs no plotly) -------------------------


def _port_picture(state: bk.State) -> Any:
    from bamboo_lab.viz import bangkok as vb

    return vb.port(state)


def _market_picture(objective: str | None, with_hand: bool = False) -> Callable[[Any], Any]:
    def draw(position: Any) -> Any:
        from bamboo_lab.viz import bangkok as vb

        if isinstance(position, bk.State):
            return vb.market(position, seat=0, show_score=False, hand=with_hand)
        return vb.market(position, objective=objective, show_score=False)

    return draw


# --- 1: where may you place a card (BK-ACT-1) ---------------------------------------------------


def _place_position() -> bk.State:
    return bk.position(
        port=[["Z", "F", "P"], ["BF", "BB", "C2:B/B"], ["FF", "C1:B/F", "B"]],
        hands=[["ZP", "B", "F"], ["PP", "Z", "ZF"]],
        objectives=["fish", "blue peas"],
    )


def _fish_card(state: bk.State) -> int:
    """The id of player 0's fish card."""
    return next(c for c in state.hands[0] if state.deck.cards[c].letters == "F")


def _place_truth(state: bk.State) -> frozenset[str]:
    fish = _fish_card(state)
    return frozenset(
        a.slot for a in state.legal_actions() if isinstance(a, bk.PlaceAtPort) and a.card == fish
    )


# --- 2: which cards must you take (BK-ACT-3, BK-ACT-4) ------------------------------------------


def _take_position() -> bk.State:
    state = bk.position(
        port=[["F", "BF", "Z"], ["PP", "ZZ", "PZ"], ["P", "Z", "PPZ"]],
        hands=[["BF", "P", "Z"], ["PZ", "ZF", "B"]],
    )
    card = next(c for c in state.hands[0] if state.deck.cards[c].letters == "BF")
    return state.apply(bk.PlaceAtPort(card, "BF", "L1"))


def _collect_truth(state: bk.State) -> frozenset[int]:
    (only,) = state.legal_actions()  # the question has one answer: one way to collect
    return frozenset(only.cells)


# --- 3: where does your card end up (BK-SHIFT-1) ------------------------------------------------


def _shift_position() -> bk.State:
    state = bk.position(
        port=[["B", "F", "ZB"], ["PP", "BB", "PB"], ["BF", "Z", "B"]],
        hands=[["ZF", "B", "P"], ["PZ", "Z", "F"]],
        chilli_pile=["C2:Z/Z"],
    )
    card = next(c for c in state.hands[0] if state.deck.cards[c].letters == "ZF")
    return state.apply(bk.PlaceAtPort(card, "ZF", "B2"))


def _shift_truth(state: bk.State) -> str:
    (only,) = state.legal_actions()
    after = state.apply(only)
    return f"cell {after.port.index(state.placed) + 1}"


# --- 4: where may this chilli card go (BK-MKT-3, BK-MKT-5) --------------------------------------


def _lay_position() -> bk.State:
    return bk.position(
        markets=[[["ZB", "C2:F/F", None], ["PP", "FF", None], [None] * 3], [None] * 9],
        hands=[["C1:B/F", "ZF", "F", "B"], ["PZ", "Z", "ZF"]],
        phase="lay",
        turn=2,
    )


def _lay_truth(state: bk.State) -> frozenset[int]:
    chilli = chilli_in_hand(state)
    return frozenset(
        a.cell
        for a in state.legal_actions()
        if isinstance(a, bk.LayInMarket) and a.card == chilli.id
    )


# --- 5-9: scoring -------------------------------------------------------------------------------

_MARKET_GOOD = ["FF", "ZB", "F", "PF", "BBF", "Z", "F", "PP", "BZ"]
_MARKET_CENTRE = ["BB", "F", "Z", "PF", "C3:PB/F", "ZB", "P", "BF", "PP"]
_MARKET_BEST = ["C4:BF/P", "ZB", "PP", "F", "C2:Z/Z", "ZZ", "PB", "B", "C1:P/Z"]
_MARKET_TOTAL = ["C2:F/F", "FF", "ZB", "PF", "BB", "C4:PZ/B", "C1:Z/B", "ZF", "PZF"]


def _good_truth(cells: Any) -> int:
    return bk.score_market(cells, objective="fish").objective_points


def _centre_truth(cells: Any) -> int:
    return bk.score_market(cells, objective=None).chillies[0].points


def _best_truth(cells: Any) -> str:
    chillies = bk.score_market(cells, objective=None).chillies
    return f"cell {max(chillies, key=lambda chilli: chilli.points).cell}"


def _total_truth(cells: Any) -> int:
    return bk.score_market(cells, objective="blue_peas").total


def _which_good_truth(cells: Any) -> str:
    points = {g: bk.score_market(cells, objective=g).objective_points for g in bk.GOODS}
    return max(points, key=lambda g: points[g])


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="bangkok-1",
        title="Where may you place your fish card?",
        question="Player 0 holds a fish card. Beside which slots of the port may they place it?",
        rules=("BK-ACT-1",),
        kind=Kind.SET,
        position=_place_position,
        truth=_place_truth,
        hints=(
            "a card goes beside a line only if that line shows a good of the card: look for fish.",
            "a slot names one line: L1 and R1 are both row 1, T1 and B1 both column 1.",
            "a card beside a line may sit at either end of it.",
        ),
        item=_slot,
        diagnose=place_diagnose,
        picture=_port_picture,
        explanation="The fish card needs a fish in the line: rows 1, 2 and 3 and columns 1 and 2"
        " show fish, column 3 (passion fruit, blue peas, blue peas) does not.",
    ),
    Exercise(
        id="bangkok-2",
        title="Which cards must you take?",
        question="Player 0 placed the blue-peas-and-fish card left of row 1. Which port cells"
        " must they collect?",
        rules=("BK-ACT-3", "BK-ACT-4"),
        kind=Kind.SET,
        position=_take_position,
        truth=_collect_truth,
        hints=(
            "each basket of your card fetches one card of row 1 that shows the same good.",
            "you must take as many cards as your baskets can fetch together: never refuse one.",
            "a basket fetches only a card showing its own good.",
        ),
        item=_cell,
        diagnose=collect_diagnose,
        picture=_port_picture,
        explanation="Row 1 shows F, BF, Z. The blue-peas basket can only take BF (cell 2), so"
        " the fish basket takes F (cell 1): both cards, since a player never refuses a card.",
    ),
    Exercise(
        id="bangkok-3",
        title="Where does your card end up?",
        question="Player 0 placed the zucchini-and-fish card below column 2 and takes the two"
        " cards it must. In which port cell does their placed card end up?",
        rules=("BK-SHIFT-1",),
        kind=Kind.CHOICE,
        position=_shift_position,
        truth=_shift_truth,
        hints=(
            "first find the cards taken, then slide what is left of the line away from your card.",
            "the placed card joins the line on its own side and everything moves away from it.",
            "placed below, the line slides up: the cards keep their order, the gap ends at the"
            " bottom.",
        ),
        item=_cell_choice,
        diagnose=shift_diagnose,
        picture=_port_picture,
        explanation="The card takes F (cell 2) and Z (cell 8). What is left, BB, slides up to"
        " cell 2 and the placed card follows it into cell 5; cell 8 is refilled.",
    ),
    Exercise(
        id="bangkok-4",
        title="Where may this chilli card go?",
        question="Player 0 must lay a card in their market. In which cells may they lay the"
        " chilli card in their hand?",
        rules=("BK-MKT-3", "BK-MKT-5"),
        kind=Kind.SET,
        position=_lay_position,
        truth=_lay_truth,
        hints=(
            "a new card goes next to a laid card, sharing a side, not only a corner.",
            "a row of the market holds at most one chilli card.",
            "a laid card never moves, so a cell holding one is not free.",
        ),
        item=_cell,
        diagnose=lay_diagnose,
        picture=_market_picture(None, with_hand=True),
        explanation="The empty cells next to a laid card are 3, 6, 7 and 8; cell 3 shares row 1"
        " with the chilli card in cell 2, so 6, 7 and 8.",
    ),
    Exercise(
        id="bangkok-5",
        title="Count your secret good",
        question="Your pontoon hides fish. How many points does your secret good score here?",
        rules=("BK-SCORE-1",),
        kind=Kind.NUMBER,
        position=lambda: _cells(_MARKET_GOOD),
        truth=_good_truth,
        hints=(
            "1 point per basket of fish (F) on all nine cards.",
            "a card with two fish baskets counts twice.",
            "the secret good counts the whole market, not an outline.",
        ),
        diagnose=good_diagnose,
        picture=_market_picture("fish"),
        explanation="Fish baskets: cell 1 two, cells 3, 4, 5 and 7 one each: 6 points.",
    ),
    Exercise(
        id="bangkok-6",
        title="One chilli card",
        question="How many points does the type-3 chilli card in the centre (cell 5) score?",
        rules=("BK-SCORE-2", "BK-SCORE-5"),
        kind=Kind.NUMBER,
        position=lambda: _cells(_MARKET_CENTRE),
        truth=_centre_truth,
        hints=(
            "a chilli card in the centre counts only itself and cells 2, 4, 6 and 8.",
            "type 3 scores 2 points per pair: one basket of each of its two goods.",
            "a pair is one basket of each good; the smaller count is the number of pairs.",
        ),
        diagnose=centre_diagnose,
        picture=_market_picture(None),
        explanation="It indicates passion fruit and blue peas. Cells 2, 4, 5, 6, 8 hold one"
        " passion fruit (cell 4) and two blue peas (cells 6 and 8): one pair, 2 points.",
    ),
    Exercise(
        id="bangkok-7",
        title="Which chilli card scores the most?",
        question="Give the cell (1 to 9) of the chilli card that scores the most points.",
        rules=("BK-SCORE-2", "BK-SCORE-3", "BK-SCORE-4", "BK-SCORE-6"),
        kind=Kind.CHOICE,
        position=lambda: _cells(_MARKET_BEST),
        truth=_best_truth,
        hints=(
            "score the three chilli cards one by one, each over its own outline.",
            "a corner counts 3 cells, the centre 5; type 1 likes few of its good, type 2 many.",
            "type 4 scores 2 for each of its goods seen exactly once in its outline.",
        ),
        item=_cell_choice,
        diagnose=best_diagnose,
        picture=_market_picture(None),
        explanation="Cell 1 (type 4, blue peas and fish): one of each, 4 points. Cell 5 (type 2,"
        " zucchini): four zucchini, 4 points. Cell 9 (type 1, passion fruit): none in cells 6, 8"
        " and 9, so 5 points: cell 9.",
    ),
    Exercise(
        id="bangkok-8",
        title="The whole score",
        question="This complete market belongs to a player whose secret good is blue peas."
        " What is its total score?",
        rules=("BK-SCORE-1", "BK-SCORE-2", "BK-SCORE-7"),
        kind=Kind.NUMBER,
        position=lambda: _cells(_MARKET_TOTAL),
        truth=_total_truth,
        hints=(
            "add four things: the secret good, each chilli card, and the bonus of a full market.",
            "the secret good counts blue peas on all nine cards; each chilli only its outline.",
            "the complete-market bonus is 2 points.",
        ),
        diagnose=total_diagnose,
        picture=_market_picture("blue_peas"),
        explanation="Blue peas: 5. Cell 1 (type 2, fish: 4 in cells 1, 2, 4): 4. Cell 6 (type 4,"
        " passion fruit once, zucchini twice): 2. Cell 7 (type 1, one zucchini): 4. Complete"
        " market: 2. Total 17.",
    ),
    Exercise(
        id="bangkok-9",
        title="Which secret good would you want?",
        question="If you could choose your secret good for this market, which good would score"
        " the most?",
        rules=("BK-SCORE-1",),
        kind=Kind.CHOICE,
        position=lambda: _cells(_MARKET_GOOD),
        truth=_which_good_truth,
        hints=(
            "your secret good scores 1 point per basket of it in the whole market.",
            "count the baskets of each of the four goods.",
            "compare fish, blue peas, zucchini and passion fruit: the circles of each colour.",
        ),
        item=_goods_of,
        diagnose=which_good_diagnose,
        picture=_market_picture(None),
        explanation="Fish: 6 baskets; blue peas 4, zucchini 3, passion fruit 3: fish.",
    ),
)
"""Bangkok's exercises, in the order of notebook 33."""
