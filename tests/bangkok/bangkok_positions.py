"""Build Bangkok positions for tests through the public builder ``bk.position`` only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bamboo_lab.games import bangkok as bk


def position(
    port: Sequence[str | None],
    hands: Sequence[Sequence[str]] = ((),),
    markets: Sequence[Sequence[str | None]] | None = None,
    boat_top: Sequence[str] = (),
    chilli_top: Sequence[str] = (),
    pontoons: Sequence[str] = bk.GOODS,
    options: Any = None,
    chilli_rest: bool = True,
    boat_rest: bool = True,
    seats: int = 2,
    **fields: Any,
) -> bk.State:
    """``bk.position`` with the tests' short names: the named cards where asked, every other
    card in its pile. With ``chilli_rest`` / ``boat_rest`` False that pile holds only its named
    top and the other cards of its kind go to the last seat's hand (to test exhausted piles).
    ``hands`` is padded up to ``seats`` players, and an empty hand stands for the seat's
    initial set (a hand never holds fewer than 3 cards between turns, BK-SET-3)."""
    hands = [list(h) for h in [*hands, *([()] * (seats - len(hands)))]]
    deck = bk.build_deck(bk.Options.coerce(options).deck)
    hands = [
        h or [deck.cards[c].spec for c in deck.initial_set(i + 1)] for i, h in enumerate(hands)
    ]
    n = len(hands)
    args: dict[str, Any] = {
        "players": n,
        "port": list(port),
        "markets": None if markets is None else [list(m) for m in markets],
        "boat_pile": list(boat_top),
        "chilli_pile": list(chilli_top),
        "objectives": list(pontoons[:n]),
        "options": options,
        **fields,
    }
    state = bk.position(hands=hands, **args)
    if chilli_rest and boat_rest:
        return state
    cards = state.deck.cards
    extra = [] if chilli_rest else [cards[c].spec for c in state.chilli_pile[len(chilli_top) :]]
    extra += [] if boat_rest else [cards[c].spec for c in state.boat_pile[len(boat_top) :]]
    hands[-1] += extra
    return bk.position(hands=hands, **args)


def faces(state: bk.State, cells: Sequence[int]) -> list[str | None]:
    """The goods letters (sorted) of the given port cells, None when empty."""
    cards = state.deck.cards
    return [
        "".join(sorted(cards[state.port[i]].letters)) if state.port[i] >= 0 else None for i in cells
    ]


def place(state: bk.State, spec: str, slot: str) -> bk.State:
    """Apply the PlaceAtPort of the first hand card matching ``spec`` at ``slot``."""
    hand = state.hands[state.player]
    wanted = {c.id for c in bk.cards(spec, options=state.options)}
    card = next(c for c in hand if c in wanted)
    action = next(
        a
        for a in state.legal_actions()
        if isinstance(a, bk.PlaceAtPort) and a.card == card and a.slot == slot
    )
    return state.apply(action)


def takes(state: bk.State) -> list[tuple[int, ...]]:
    """The collectable cell sets (1-9) of a state in phase 'collect'."""
    return [a.cells for a in state.legal_actions()]
