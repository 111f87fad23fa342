"""Bangkok teaching helpers: "why not?" answers, card look-ups, shifts and placements.

- :func:`explain` says whether an action is legal and, if not, the rule ID and one sentence.
- :func:`cards` finds the deck's cards by spec, kind, goods or chilli type.
- :func:`shift_line` and :func:`port_placements` show a shift and every placement's choices.

The position builder ``position(...)`` lives in :mod:`.builder`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from bamboo_lab.core.checks import checked_int, short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import Explanation

from .actions import Collect, PlaceAtPort
from .builder import card_matches, good
from .components import CARD_KINDS, CHILLI_TYPES, Card, build_deck, parse_card_spec
from .options import Options
from .refusals import RULEBOOK
from .state import State

__all__ = ["cards", "explain", "port_placements", "shift_line"]

T = TypeVar("T")


def cards(
    spec: str | None = None,
    *,
    kind: str | None = None,
    goods: str | Iterable[str] = (),
    chilli_type: int | None = None,
    options: Any = None,
) -> tuple[Card, ...]:
    """The cards of the deck in play (``options.deck``, else the RECONSTRUCTED one) that match.

    ``spec`` as in :func:`position` (``"ZP"`` names any non-chilli card showing Z and P);
    ``kind`` "initial", "chilli" or "boat"; ``goods``: cards showing every one of these goods
    (names as printed, engine names or letters); ``chilli_type`` 1 to 4.
    """
    deck = build_deck(Options.coerce(options).deck)
    wanted = None if spec is None else parse_card_spec(spec)
    if kind is not None and kind not in CARD_KINDS:
        raise InvalidStateError(
            f"unknown card kind {short_repr(kind)}: kinds are {list(CARD_KINDS)}"
        )
    shown = [good(goods)] if isinstance(goods, str) else [good(name) for name in goods]
    if chilli_type is not None:
        checked_int(chilli_type, "chilli_type", min(CHILLI_TYPES), max(CHILLI_TYPES))
    return tuple(
        card
        for card in deck.cards
        if (wanted is None or card_matches(card, wanted))
        and (kind is None or card.kind == kind)
        and all(name in card.goods for name in shown)
        and (chilli_type is None or card.chilli_type == chilli_type)
    )


def explain(state: State, action_or_text: Any) -> Explanation:
    """Whether an action (or its text) is legal in ``state`` and, if not, the rule it breaks.

    Malformed text or an object that is not a Bangkok action raises InvalidActionError.
    """
    return RULEBOOK.explain(state, action_or_text)


def shift_line(
    line: Sequence[T | None], placed: T, taken: Iterable[int], side: str
) -> tuple[Any, ...]:
    """The line after collecting ``taken`` (0-based positions) and shifting (BK-SHIFT-1, K5).

    ``line`` is given left to right (a row) or top to bottom (a column); ``side`` is where the
    card was placed: "L" or "T" (start of the line) or "R" or "B" (end). The placed card joins
    the line on its side, everything moves toward the far side keeping its order, and the empty
    slots (``None``) end on the placed side.
    """
    if side not in ("L", "R", "T", "B"):
        raise InvalidStateError(f"side must be 'L', 'R', 'T' or 'B', not {short_repr(side)}")
    gone = set(taken)
    order = list(range(len(line)))
    if side in ("R", "B"):
        order.reverse()
    rest = [placed] + [
        line[index] for index in order if index not in gone and line[index] is not None
    ]
    values: list[Any] = [None] * (len(line) - len(rest)) + rest
    out: list[Any] = [None] * len(line)
    for index, value in zip(order, values, strict=True):
        out[index] = value
    return tuple(out)


def port_placements(state: State) -> dict[PlaceAtPort, tuple[Collect, ...]]:
    """Every legal placement now and the collections it would allow."""
    if state.phase != "act":
        return {}
    return {
        action: state.apply(action, check=False).legal_actions()
        for action in state.legal_actions()
        if isinstance(action, PlaceAtPort)
    }
