"""Bangkok's teaching position builder: :func:`position` sets up any position from card specs.

Give the port, markets, hands, objectives, pile tops and whose turn; every card not named lies
in its pile, so the 60 cards are conserved. A spec that no card of the deck matches is a
**custom card**: it replaces the last free deck card of the same kind (a boat card, a chilli
card, or an initial card of the same set), and the changed deck list travels in
``options.deck`` (so records and ``to_dict`` carry it). A spec naming a printed card more often
than the deck holds it is an error, unless ``custom_cards=True`` asks for the extra copies as
custom cards. :func:`good` reads a good's name; :func:`card_matches` says whether a spec names a
card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.checks import checked_bool, checked_int, refusing_malformed, short_repr
from bamboo_lab.core.errors import InvalidStateError

from .components import (
    GOOD_LETTERS,
    GOODS,
    PORT_BOAT_CARDS,
    PORT_CHILLI_CARDS,
    Card,
    build_deck,
    parse_card_spec,
)
from .info import NAME, PLAYER_COUNTS
from .options import Options
from .serial import turns_started
from .state import State

__all__ = ["card_matches", "good", "position"]

_GOOD_WORDS: dict[str, str] = {
    **{name: name for name in GOODS},
    **dict(zip(GOOD_LETTERS, GOODS, strict=True)),
    "passion fruit": "passion_fruit",
    "Thai zucchini": "thai_zucchini",
    "Thai zucchinis": "thai_zucchini",
    "blue peas": "blue_peas",
    "fish": "fish",
}
"""Names of the goods: the engine's, the letters, and the rulebook's printed words."""


def good(name: str) -> str:
    """The good named ``name`` ("fish", "F", "Thai zucchini", "thai_zucchini" ...)."""
    if not isinstance(name, str) or name not in _GOOD_WORDS:
        names = ", ".join(
            repr(word) for word in ("passion fruit", "Thai zucchini", "blue peas", "fish")
        )
        raise InvalidStateError(
            f"unknown good {short_repr(name)}: goods are {names} (or P, Z, B, F)"
        )
    return _GOOD_WORDS[name]


def _spec_key(card: Card) -> tuple[Any, ...]:
    """What a spec names: kind, chilli type, indicated goods and goods shown (any order)."""
    return (
        card.kind,
        card.chilli_type,
        tuple(sorted(card.indicated)),
        tuple(sorted(card.goods)),
        card.initial_set,
    )


def card_matches(card: Card, wanted: Card) -> bool:
    """A spec names a card: chilli and initial specs exactly (goods in any order); a plain boat
    spec names any non-chilli card showing those goods (initial cards are boat cards too)."""
    if wanted.kind == "boat":
        return not card.is_chilli and sorted(card.goods) == sorted(wanted.goods)
    return _spec_key(card) == _spec_key(wanted)


class _Picker:
    """Hands out the deck's cards by spec, each once; custom specs replace free deck cards."""

    def __init__(self, specs: tuple[str, ...], custom_cards: bool) -> None:
        """Start with every card of the deck ``specs`` free; ``custom_cards``: extra copies of
        printed cards become custom cards instead of an error."""
        self.custom_cards = custom_cards
        self.specs = list(specs)
        self.cards = build_deck(specs).cards
        self.used: set[int] = set()
        self.where: dict[int, str] = {}
        self.pending: list[tuple[Card, str]] = []

    def pick(self, spec: Any, where: str) -> int | None:
        """The id of a free card matching ``spec`` (-1 for None; None for a custom card).

        A spec that names printed cards all already placed raises InvalidStateError unless
        custom cards were asked for.
        """
        if spec is None:
            return -1
        wanted = parse_card_spec(spec)
        printed = [card for card in self.cards if card_matches(card, wanted)]
        free = [card for card in printed if card.id not in self.used]
        # the card's own spec first, then its kind (a boat card before an initial one)
        free.sort(key=lambda card: (card.spec != wanted.spec, card.kind != wanted.kind))
        if not free:
            if printed and not self.custom_cards:
                places = ", ".join(sorted({self.where[card.id] for card in printed}))
                raise InvalidStateError(
                    f"card spec {short_repr(spec)} ({where}) names a printed card, and the deck"
                    f" holds {len(printed)} such card(s), already placed ({places}): each card"
                    " lies in one place. Pass custom_cards=True to add another copy as a custom"
                    " card (it replaces a free deck card of its kind)"
                )
            return None
        self.used.add(free[0].id)
        self.where[free[0].id] = where
        return free[0].id

    def ids(self, specs: Sequence[Any], where: str) -> list[int]:
        """Card ids for ``specs``; a custom spec gets a placeholder (-2, -3 ...) for now."""
        out = []
        for spec in specs:
            cid = self.pick(spec, where)
            if cid is None:
                cid = -2 - len(self.pending)
                self.pending.append((parse_card_spec(spec), where))
            out.append(cid)
        return out

    def customise(self) -> dict[int, int]:
        """Give each custom spec a free deck card of its kind; return placeholder -> id."""
        mapping = {}
        for number, (wanted, where) in enumerate(self.pending):
            free = [
                card.id
                for card in self.cards
                if card.id not in self.used
                and card.kind == wanted.kind
                and card.initial_set == wanted.initial_set
            ]
            if not free:
                raise InvalidStateError(
                    f"no card left for {wanted.spec!r} ({where}): every {wanted.kind} card"
                    + (f" of set {wanted.initial_set}" if wanted.initial_set else "")
                    + " is already placed"
                )
            cid = free[-1]
            self.used.add(cid)
            self.specs[cid] = wanted.spec
            mapping[-2 - number] = cid
        return mapping


def _nine(cells: Any, what: str) -> list[Any]:
    """Nine cells given flat or as 3 rows of 3."""
    if not isinstance(cells, (list, tuple)):
        raise InvalidStateError(
            f"{what} must be 9 card specs (or 3 rows of 3), not {short_repr(cells)}"
        )
    if len(cells) == 3 and all(isinstance(row, (list, tuple)) for row in cells):
        cells = [cell for row in cells for cell in row]
    if len(cells) != 9:
        raise InvalidStateError(f"{what} must hold 9 cells (or 3 rows of 3), not {len(cells)}")
    return list(cells)


def _per_seat(value: Any, seats: int, what: str) -> list[Any]:
    """One entry per seat."""
    if not isinstance(value, (list, tuple)) or len(value) != seats:
        raise InvalidStateError(f"{what} must give one entry per seat ({seats} seats)")
    return list(value)


def _first_turn(seats: int, solo: bool, player: Any, markets: Sequence[Sequence[int]]) -> Any:
    """The default ``turn``: the first of ``player``'s turns (solo: space 0) by which every
    market could hold its cards, 2 laid per turn at most (BK-MKT-1)."""
    turn = 0 if seats == 1 and solo else player
    if seats == 1 or not isinstance(turn, int) or isinstance(turn, bool):
        return turn  # solo: the token's space; a bad value is refused by from_dict
    need = [(sum(1 for card in market if card >= 0) + 1) // 2 for market in markets]
    while any(turns_started(turn, seat, seats) < turns for seat, turns in enumerate(need)):
        turn += seats
    return turn


@refusing_malformed("bangkok.position")
def position(
    num_players: int | None = None,
    *,
    players: int = 2,
    port: Sequence[Any] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    markets: Sequence[Sequence[Any]] | None = None,
    objectives: Sequence[str] | None = None,
    boat_pile: Sequence[str] = (),
    chilli_pile: Sequence[str] = (),
    player: int = 0,
    turn: int | None = None,
    phase: str = "act",
    placed: str | None = None,
    slot: str | None = None,
    passes: int = 0,
    options: Any = None,
    seed: int = 0,
    custom_cards: bool = False,
) -> State:
    """A validated, playable position built from card specs (see the module docstring).

    ``players`` (or ``num_players``, the other games' name, also positional): 1 to 4 seats.

    ``port``: 9 specs in reading order (or 3 rows of 3), ``None`` for an empty cell; left out,
    it is dealt as at setup (2 chilli and 7 boat cards, BK-SET-5). ``hands``: per seat, specs;
    left out, each seat holds its initial set (BK-SET-3). ``markets``: per seat, 9 cells.
    ``objectives``: per seat, the pontoon's good (left out: the goods in order P, Z, B, F).
    ``boat_pile`` / ``chilli_pile``: the top of each pile, top first; every card not named lies
    below, in an order drawn from ``seed``. ``player`` is the seat to act; ``turn`` defaults
    to ``player`` (the first round; solo: the token's space, default 0). ``placed`` and
    ``slot`` name the card waiting in phase "collect". Impossible requests raise
    InvalidStateError saying what ran out or conflicts.

    Card specs: each names one card of the deck, and a card lies in one place. A spec that
    matches no card of the deck (``"C4:PZ/FF"``) is a custom card (module docstring). Naming a
    printed card more often than the deck holds it (``"C2:P/P"`` twice: the deck has one) raises
    InvalidStateError, unless ``custom_cards=True``: then each extra copy is a custom card too.
    """
    if num_players is not None:  # the other games' name for ``players``
        players = num_players
    seats = checked_int(players, "players", min(PLAYER_COUNTS), max(PLAYER_COUNTS))
    opts = Options.coerce(options)
    picker = _Picker(
        build_deck(opts.deck).specs, checked_bool(custom_cards, "position's custom_cards")
    )
    named = _pick_named(picker, seats, opts, markets, hands, port, placed, boat_pile, chilli_pile)
    table = _table_fields(picker, named, seats, opts, objectives, seed)
    if turn is None:
        turn = _first_turn(seats, opts.solo, player, named.markets)
    play = {"to_move": player, "phase": phase, "slot": slot, "turn": turn, "passes": passes}
    state = State.from_dict({"game": NAME, "num_players": seats, **table, **play, "history": []})
    return state.evolve(start=state.to_dict())


@dataclass
class _Named:
    """The ids of the cards the specs name, where they lie (-1: an empty cell or no card; -2,
    -3 ...: a custom card's placeholder until :meth:`_Picker.customise` gives it a deck card)."""

    markets: list[list[int]]
    hands: list[list[int]]
    port: list[int] | None
    placed: int
    boat_top: list[int]
    chilli_top: list[int]


def _pick_named(
    picker: _Picker,
    seats: int,
    opts: Options,
    markets: Sequence[Sequence[Any]] | None,
    hands: Sequence[Sequence[str]] | None,
    port: Sequence[Any] | None,
    placed: str | None,
    boat_pile: Sequence[str],
    chilli_pile: Sequence[str],
) -> _Named:
    """Pick the named cards: the markets first, then the hands, the port, the placed card and
    the pile tops (the order in which a conflict between two specs is found)."""
    market_ids = [
        picker.ids(_nine(market, f"market {seat}"), f"market {seat}")
        for seat, market in enumerate(
            _per_seat(markets, seats, "markets") if markets is not None else []
        )
    ] or [[-1] * 9 for _ in range(seats)]
    hand_ids = [
        picker.ids(_checked_specs(hand, f"hand {seat}"), f"hand {seat}")
        for seat, hand in enumerate(_hand_specs(hands, seats, opts))
    ]
    return _Named(
        markets=market_ids,
        hands=hand_ids,
        port=None if port is None else picker.ids(_nine(port, "port"), "port"),
        placed=picker.ids([placed], "placed")[0] if placed is not None else -1,
        boat_top=picker.ids(_checked_specs(boat_pile, "boat_pile"), "boat_pile"),
        chilli_top=picker.ids(_checked_specs(chilli_pile, "chilli_pile"), "chilli_pile"),
    )


def _hand_specs(hands: Sequence[Sequence[str]] | None, seats: int, opts: Options) -> list[Any]:
    """Each seat's hand as specs; left out, each seat holds its initial set (BK-SET-3)."""
    if hands is None:
        return [
            [card.spec for card in build_deck(opts.deck).cards if card.initial_set == seat + 1]
            for seat in range(seats)
        ]
    return [
        list(hand) if isinstance(hand, (list, tuple)) else hand
        for hand in _per_seat(hands, seats, "hands")
    ]


def _table_fields(
    picker: _Picker,
    named: _Named,
    seats: int,
    opts: Options,
    objectives: Sequence[str] | None,
    seed: int,
) -> dict[str, Any]:
    """The state's fields for the cards and tiles on the table: the custom cards given deck
    cards, the named cards where their specs put them, the free cards below the pile tops."""
    mapping = picker.customise()

    def real(ids: list[int]) -> list[int]:
        """Placeholders of custom cards replaced by their card ids."""
        return [mapping.get(card, card) for card in ids]

    port_ids, free_boat, free_chilli = _deal_free_cards(picker, named.port, seed)
    return {
        "options": {**opts.to_dict(), **({"deck": picker.specs} if mapping else {})},
        "port": [card if card >= 0 else None for card in real(list(port_ids))],
        "boat_pile": [*real(named.boat_top), *free_boat],
        "chilli_pile": [*real(named.chilli_top), *free_chilli],
        "hands": [sorted(real(hand)) for hand in named.hands],
        "markets": [
            [card if card >= 0 else None for card in real(market)] for market in named.markets
        ],
        "pontoons": _pontoons(objectives, seats),
        "placed": real([named.placed])[0] if named.placed != -1 else None,
        "end_triggered": any(all(card != -1 for card in market) for market in named.markets),
        "boat_known": 0,
        "chilli_known": 0,
    }


def _deal_free_cards(
    picker: _Picker, port: list[int] | None, seed: int
) -> tuple[list[int], list[int], list[int]]:
    """The port, and the free boat and chilli cards shuffled from ``seed``; a port not named is
    dealt from the free cards as at setup (2 chilli and 7 boat cards, BK-SET-5)."""
    deck = build_deck(tuple(picker.specs))
    free = [card.id for card in deck.cards if card.id not in picker.used]
    stream = vrng.derive_seed(checked_int(seed, "seed", 0, 2**64 - 1), NAME, "position")
    free_chilli, stream = vrng.shuffled([card for card in free if deck.chilli[card]], stream)
    free_boat, stream = vrng.shuffled([card for card in free if not deck.chilli[card]], stream)
    if port is None:
        if len(free_chilli) < PORT_CHILLI_CARDS or len(free_boat) < PORT_BOAT_CARDS:
            raise InvalidStateError("too few free cards left to deal the port (2 chilli, 7 boat)")
        dealt = free_chilli[:PORT_CHILLI_CARDS] + free_boat[:PORT_BOAT_CARDS]
        free_chilli, free_boat = free_chilli[PORT_CHILLI_CARDS:], free_boat[PORT_BOAT_CARDS:]
        port, stream = vrng.shuffled(dealt, stream)
    return port, free_boat, free_chilli


def _checked_specs(specs: Any, what: str) -> list[Any]:
    """A list of card specs (a lone string is refused: it would read as letters)."""
    if isinstance(specs, str) or not isinstance(specs, (list, tuple)):
        raise InvalidStateError(f"{what} must be a list of card specs, not {short_repr(specs)}")
    return list(specs)


def _pontoons(objectives: Sequence[str] | None, seats: int) -> list[str]:
    """The 4 pontoon goods: seat i's objective first, the box's tiles in the order P, Z, B, F."""
    if objectives is None:
        return list(GOODS)
    chosen = [good(name) for name in _per_seat(objectives, seats, "objectives")]
    if len(set(chosen)) != len(chosen):
        raise InvalidStateError(
            f"objectives must be distinct goods (4 pontoon tiles), not {chosen}"
        )
    return chosen + [name for name in GOODS if name not in chosen]
