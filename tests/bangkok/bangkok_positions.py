"""Build Bangkok positions for tests from card specs (the deck's cards are picked by face)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import GOODS, build_deck


def _matches(card: bk.Card, spec: str) -> bool:
    """A spec names a card: chilli specs exactly, boat specs by their goods (any order)."""
    if spec.startswith("C") or ":" in spec:
        return card.spec == spec
    return not card.is_chilli and sorted(card.letters) == sorted(spec)


def position(
    port: Sequence[str | None],
    hands: Sequence[Sequence[str]] = ((),),
    markets: Sequence[Sequence[str | None]] | None = None,
    boat_top: Sequence[str] = (),
    chilli_top: Sequence[str] = (),
    pontoons: Sequence[str] = GOODS,
    options: Any = None,
    chilli_rest: bool = True,
    boat_rest: bool = True,
    seats: int = 2,
    **fields: Any,
) -> bk.State:
    """A consistent state: the named cards where asked, every other card in its pile.

    With ``chilli_rest`` / ``boat_rest`` False the leftover cards of that kind go to the last
    seat's hand instead (to test exhausted piles). ``hands`` is padded with empty hands up to
    ``seats`` players (so a one-hand position is not a solo game unless ``seats=1``).
    """
    hands = [*hands, *([()] * (seats - len(hands)))]
    opts = bk.Options.coerce(options)
    deck = build_deck(opts.deck)
    used: set[int] = set()

    def pick(spec: str | None) -> int:
        """Take a free card matching ``spec`` (-1 for None)."""
        if spec is None:
            return -1
        for card in deck.cards:
            if card.id not in used and _matches(card, spec):
                used.add(card.id)
                return card.id
        raise LookupError(f"no free card {spec!r} in the deck")

    n = len(hands)
    port_ids = tuple(pick(s) for s in port)
    hand_ids = [sorted(pick(s) for s in h) for h in hands]
    market_ids = tuple(
        tuple(pick(s) for s in m) for m in (markets if markets is not None else [[None] * 9] * n)
    )
    boat = [pick(s) for s in boat_top]
    chilli = [pick(s) for s in chilli_top]
    placed = fields.pop("placed", None)
    placed_id = pick(placed) if placed is not None else -1
    for card in deck.cards:
        if card.id in used:
            continue
        if card.is_chilli:
            (chilli if chilli_rest else hand_ids[-1]).append(card.id)
        else:
            (boat if boat_rest else hand_ids[-1]).append(card.id)
    state = bk.State(
        num_players=n,
        options=opts,
        port=port_ids,
        boat_pile=tuple(boat),
        chilli_pile=tuple(chilli),
        hands=tuple(tuple(sorted(h)) for h in hand_ids),
        markets=market_ids,
        pontoons=tuple(GOODS.index(g) for g in pontoons),
        to_move=fields.pop("to_move", 0),
        phase=fields.pop("phase", "act"),
        placed=placed_id,
        **fields,
    )
    assert bk.State.from_dict(state.to_dict()) == state  # the position is consistent
    return state


def faces(state: bk.State, cells: Sequence[int]) -> list[str | None]:
    """The goods letters (sorted) of the given port cells, None when empty."""
    cards = state.deck.cards
    return [
        "".join(sorted(cards[state.port[i]].letters)) if state.port[i] >= 0 else None for i in cells
    ]


def place(state: bk.State, spec: str, slot: str) -> bk.State:
    """Apply the PlaceAtPort of the first hand card matching ``spec`` at ``slot``."""
    hand = state.hands[state.to_move]
    card = next(c for c in hand if _matches(state.deck.cards[c], spec))
    action = next(
        a
        for a in state.legal_actions()
        if isinstance(a, bk.PlaceAtPort) and a.card == card and a.slot == slot
    )
    return state.apply(action)


def takes(state: bk.State) -> list[tuple[int, ...]]:
    """The collectable cell sets (1-9) of a state in phase 'collect'."""
    return [a.cells for a in state.legal_actions()]
