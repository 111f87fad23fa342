"""The set-up of a new game as a state's fields (TK-SET-1 to 5), and whether a position is one.

:func:`deal` is the whole set-up from a seed (``builder.new_game`` checks its arguments and
makes the state of it); :func:`dealt_by_new_game` tells a position without history that a new
game deals (its successors' history begins at ``new_game``) from one of its own, which
``State.begin_history`` (the engine step) makes the start of its successors' history (issue 44).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from bamboo_lab.core import rng as vrng

from .components import (
    BAMBOO_SUPPLY,
    CARDS,
    CHANNEL_SUPPLY,
    COLOURS,
    DECK_KINDS,
    DECK_PREFIXES,
    IMPROVEMENT_CHIPS,
    IMPROVEMENTS,
    PLOT_TILES,
)
from .geometry import POND, POND_RING
from .options import Options

__all__ = ["SEEDED", "deal", "dealt_by_new_game"]


def deal(num_players: int, seed: int, opts: Options) -> dict[str, Any]:
    """The fields of a new game: shuffled plot pile and objective decks, one card of each kind
    per player (arguments already checked)."""
    plot_deck, _ = vrng.shuffled(PLOT_TILES, vrng.derive_seed(seed, "plots"))  # TK-SET-2
    decks = []
    for kind, prefix in zip(DECK_KINDS, DECK_PREFIXES, strict=True):
        ids = [card for card in CARDS if card[0] == prefix]
        deck, _ = vrng.shuffled(ids, vrng.derive_seed(seed, "objectives", kind))  # TK-SET-4
        decks.append(deck)
    # one card of each kind per player, hidden
    hands = [tuple(deck.pop(0) for deck in decks) for _ in range(num_players)]
    rng = vrng.derive_seed(seed, "play")
    if opts.start_player == "random":
        start, rng = vrng.randbelow(rng, num_players)
    else:
        start = opts.first_player
    return {
        "num_players": num_players,
        "options": opts,
        "start_player": start,
        "turn": 0,
        "player": start,
        "phase": "roll" if opts.first_round_weather else "actions",
        "weather": None,
        "allowed": 2,
        "used": (),
        "tiles": {},
        "colours": {},
        "improvements": {},
        "bamboo": {},
        "irrigated": frozenset(),
        "channels": frozenset(),
        "channel_spots": frozenset(),
        "plot_spots": POND_RING,
        "gardener": POND,
        "panda": POND,
        "plot_deck": tuple(plot_deck),
        "drawn": (),
        "kept": None,
        "decks": tuple(tuple(deck) for deck in decks),
        "hands": tuple(hands),
        "completed": ((),) * num_players,
        "eaten": ((0, 0, 0),) * num_players,
        "stored_channels": (0,) * num_players,
        "stored_improvements": ((0, 0, 0),) * num_players,
        "channel_reserve": CHANNEL_SUPPLY,
        "improvement_reserve": tuple(IMPROVEMENT_CHIPS[letter] for letter in IMPROVEMENTS),
        "bamboo_reserve": tuple(BAMBOO_SUPPLY[colour] for colour in COLOURS),
        "emperor": None,
        "final_turns_left": None,
        "rng": rng,
        "history": (),
        "viewer": None,
        "start": None,
    }


SEEDED: frozenset[str] = frozenset(
    ("start_player", "player", "plot_deck", "decks", "hands", "rng", "viewer")
)
"""The fields of a new game the seed decides (the plot pile, TK-SET-2; the decks and the cards
dealt, TK-SET-4; the start player, TK-SET-5; the generator), and the viewer of a view."""


def dealt_by_new_game(fields: Mapping[str, Any]) -> bool:
    """True when the fields of a position without history are a new game's for some seed, or
    a view of one: its successors' history then begins at ``new_game``, else at the position."""
    same = _dealt_alike(fields["num_players"], fields["options"])
    return all(fields[name] == value for name, value in same.items()) and all(
        sorted(card[0] for card in hand) == _ONE_OF_EACH for hand in fields["hands"]
    )


_ONE_OF_EACH = sorted(DECK_PREFIXES)
"""The decks of the cards a new game deals each player: one of each (TK-SET-4)."""


@lru_cache(maxsize=64)
def _dealt_alike(num_players: int, opts: Options) -> dict[str, Any]:
    """The fields every new game of ``num_players`` and ``opts`` deals alike, whatever the
    seed (all but :data:`SEEDED`)."""
    return {name: value for name, value in deal(num_players, 0, opts).items() if name not in SEEDED}
