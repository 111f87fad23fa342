"""Bangkok's observation vector for the RL environments (the envs layer, docs/adding-a-game.md):
after the common header, the port, the placed card and its slot, the piles, and every seat's
hand, market and pontoon good.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok import GOODS

from .observations import Vector, counts, header

__all__ = ["encode"]


def _card(deck: Any, card_id: int | None) -> list[float]:
    if card_id is None or card_id < 0:
        return [0.0] * 13
    card = deck.cards[card_id]
    return [
        *counts(card.goods, GOODS),
        1.0 if card.is_chilli else 0.0,
        *(1.0 if card.chilli_type == t else 0.0 for t in (1, 2, 3, 4)),
        *(1.0 if g in card.indicated else 0.0 for g in GOODS),
    ]


_CARD = (
    "x 13: goods shown per kind (passion fruit, zucchini, peas, fish), chilli card,"
    " chilli type 1-4, indicated goods"
)


def encode(out: Vector, view: GameState, observer: int, num_players: int) -> None:
    """Add the Bangkok sections of ``observer``'s vector, from their ``view``."""
    s: Any = view
    deck = s.deck
    header(out, view, observer, num_players, s.phase)
    out.add("port", [x for c in s.port for x in _card(deck, c)], "9 port cells " + _CARD)
    placed = s.placed if s.placed is not None and s.placed >= 0 else None
    out.add("placed", _card(deck, placed), "the card placed at the port this turn " + _CARD)
    slot = bk.SLOTS.index(s.slot) if s.slot in bk.SLOTS else None
    out.one_hot("slot", slot, len(bk.SLOTS), "its edge slot (L1-3, R1-3, T1-3, B1-3)")
    out.add(
        "piles",
        [len(s.boat_pile), len(s.chilli_pile), s.turn, 1.0 if s.end_triggered else 0.0, s.passes],
        "boat and chilli cards left, turn, end triggered, consecutive passes",
    )
    for k in range(num_players):
        seat = (observer + k) % num_players
        hand = set(s.hands[seat])
        pontoon = s.pontoons[seat]
        good = bk.GOODS.index(pontoon) if isinstance(pontoon, str) else None
        row = [1.0 if c in hand else 0.0 for c in range(len(deck.cards))]
        row += [x for c in s.markets[seat] for x in _card(deck, c)]
        row += [1.0 if good == g else 0.0 for g in range(len(bk.GOODS))]
        out.add(
            f"player{k}",
            row,
            f"hand (a flag per card of the {len(deck.cards)}-card deck), 9 market cells "
            + _CARD
            + ", pontoon good (one-hot; zeros while hidden)",
        )
