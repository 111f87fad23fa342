"""The Bangkok game state: an immutable value with typed fields, its setup, views and scores.

Loading and checking dicts lives in :mod:`.serial`, the text picture in :mod:`.picture`, the
rules in :mod:`.rules`; the :class:`State` methods delegate to them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Self, TypedDict

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.checks import check_setup, checked_int
from bamboo_lab.core.display import RichDisplay
from bamboo_lab.core.history import Link, LinkedHistory, written_fields
from bamboo_lab.core.protocol import TERMINAL, Outcome
from bamboo_lab.core.step import Engine

from . import legal, picture, rules, serial
from .components import (
    GOODS,
    INITIAL_SETS,
    PONTOONS,
    PORT_BOAT_CARDS,
    PORT_CHILLI_CARDS,
    SOLO_TURNS,
    Card,
    Deck,
    build_deck,
)
from .info import NAME, PHASES, PLAYER_COUNTS
from .options import Options
from .refusals import RULEBOOK
from .scoring import MarketScore, market_total, score_market, winners
from .tables import DeckTables, deck_tables

__all__ = ["NAME", "PHASES", "PLAYER_COUNTS", "State", "StateChanges", "new_game"]

_DEFAULT_OPTIONS = Options()
"""The recommended readings, built once (options are immutable values)."""


class StateChanges(TypedDict, total=False):
    """The rules' work: the next state's fields by name, as the engine step (``core.step``)
    hands them to a rule's handler (which changes what the move changes, never ``options`` nor
    ``start``), and ``_legal``, the state's own legal actions, not a field."""

    num_players: int
    port: tuple[int, ...]
    boat_pile: tuple[int, ...]
    chilli_pile: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    markets: tuple[tuple[int, ...], ...]
    pontoons: tuple[int, ...]
    player: int
    phase: str
    placed: int
    slot: str
    turn: int
    end_triggered: bool
    passes: int
    boat_known: int
    chilli_known: int
    history: Link | tuple[Any, ...]
    _legal: tuple[Any, ...] | None


@dataclass(frozen=True)
class State(Engine, RichDisplay):
    """A Bangkok position. Card ids index ``state.deck.cards``; ``-1`` marks an empty place."""

    drawn_by = "bamboo_lab.viz.bangkok:figure"  # its picture (core.display)

    game: ClassVar[str] = NAME
    rulebook = RULEBOOK
    handlers = rules.HANDLERS
    num_players: int
    """The number of seats, 1 to 4 (BK-SET-1); seat 0 is the first player."""
    options: Options
    """The rule variants in force (and the deck list)."""
    port: tuple[int, ...]
    """The 9 port cells in reading order."""
    boat_pile: tuple[int, ...]
    """The boat pile, top card first."""
    chilli_pile: tuple[int, ...]
    """The chilli pile, top card first."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat: the hand, sorted by card id."""
    markets: tuple[tuple[int, ...], ...]
    """Per seat: the 9 market cells in reading order."""
    pontoons: tuple[int, ...]
    """The 4 pontoon tiles' goods (index into GOODS): seat i holds tile i, the rest are in the
    box; ``-1`` = hidden in a view."""
    player: int
    """The seat whose decision is pending (the last mover once the game is over)."""
    phase: str
    """The pending decision: "act", "collect", "lay" or "over" (see :data:`PHASES`)."""
    placed: int = -1
    """The card placed beside the port, waiting for the collection (phase "collect")."""
    slot: str = ""
    """The edge slot of the placed card."""
    turn: int = 0
    """Turns completed since setup (solo: the token's space on the track)."""
    end_triggered: bool = False
    """A market holds 9 cards: the game ends when the round is complete (BK-END-1)."""
    passes: int = 0
    """Consecutive turns passed (no placement and no renewal possible)."""
    boat_known: int = 0
    """How many cards at the bottom of the boat pile everyone saw go under (renewals)."""
    chilli_known: int = 0
    """How many cards at the bottom of the chilli pile everyone saw go under (renewals)."""
    history: LinkedHistory = LinkedHistory()
    """The actions applied since :attr:`start` (or since setup when it is None)."""
    start: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The to_dict (empty history, no "start") of the position the history begins at, or None
    when it begins at :func:`new_game` (a built position is its own start)."""

    def __post_init__(self) -> None:
        """Attach the deck and action tables (derived from the options, not part of equality)."""
        self._attach()

    def _attach(self) -> None:
        """Build (or fetch from the shared caches) the deck and action tables of the options."""
        deck = build_deck(self.options.deck)
        object.__setattr__(self, "_deck", deck)
        object.__setattr__(self, "_tables", deck_tables(deck.specs))

    def evolve(self, **changes: Any) -> Self:
        """A copy with ``changes`` to the fields (the rules' fast ``dataclasses.replace``).

        The legal-action cache is dropped (and the start's views with a new start); new options
        bring their own deck and tables.
        """
        new = object.__new__(type(self))
        data = self.__dict__.copy()
        data.pop("_legal", None)
        data.update(changes)
        object.__setattr__(new, "__dict__", data)
        if "start" in changes:
            data.pop("_start_views", None)
        if "options" in changes:
            new._attach()
        return new

    def __getstate__(self) -> dict[str, Any]:
        """Copied and pickled with the history written out (see core.history)."""
        return written_fields(self.__dict__)

    def carry(self, fields: StateChanges, action: Any) -> None:  # type: ignore[override]
        """The step's last part (core.step): the legal actions are this state's own; the next
        state works out its own, but in the lay phase, whose rule found them (BK-MKT-1)."""
        if fields["phase"] != "lay":
            fields["_legal"] = None

    # --- the contract ------------------------------------------------------------------------

    @property
    def deck(self) -> Deck:
        """The deck in play (its cards and lookup tables)."""
        deck: Deck = self.__dict__["_deck"]  # attached by _attach
        return deck

    @property
    def action_tables(self) -> tuple[Any, Any]:
        """Per card: its PlaceAtPort per slot index and its LayInMarket per market cell."""
        tables = self.tables
        return tables.places, tables.lays

    @property
    def tables(self) -> DeckTables:
        """The engine's lookup tables of the deck in play (shared by every state using it)."""
        tables: DeckTables = self.__dict__["_tables"]  # attached by _attach
        return tables

    @property
    def current_player(self) -> int:
        """The seat to act, or TERMINAL once the game is over (Bangkok has no chance nodes)."""
        return TERMINAL if self.phase == "over" else self.player

    @property
    def is_solo(self) -> bool:
        """True when the one-player version applies (BK-SOLO-1)."""
        return legal.is_solo(self)

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions in a deterministic order (computed once per state, then kept)."""
        data = self.__dict__
        known = data.get("_legal")
        if known is None:
            known = data["_legal"] = legal.legal_actions(self)
        return known

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """Always ``()``: every shuffle happens at setup, from the seed."""
        return ()

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase == "over"

    def market_cards(self, seat: int) -> tuple[Card | None, ...]:
        """Seat's market as 9 cards (None for empty cells)."""
        cards = self.deck.cards
        return tuple(cards[card] if card >= 0 else None for card in self.markets[seat])

    def objective(self, seat: int) -> str | None:
        """Seat's pontoon good, or None when hidden in this view (BK-SET-2)."""
        good = self.pontoons[seat]
        return GOODS[good] if good >= 0 else None

    def market_score(self, seat: int) -> MarketScore:
        """Seat's score breakdown (objective, chilli cards, complete bonus)."""
        return score_market(self.market_cards(seat), self.objective(seat), self.options.clamp_type1)

    def scores(self) -> tuple[int, ...]:
        """Every seat's current market score (final once the game is over)."""
        clamp = self.options.clamp_type1
        return tuple(
            market_total(self.market_cards(seat), self.objective(seat), clamp)
            for seat in range(self.num_players)
        )

    def outcome(self) -> Outcome | None:
        """The result with the tie-breaks applied (BK-SCORE-8), or None while playing."""
        if self.phase != "over":
            return None
        breakdown = tuple(self.market_score(seat) for seat in range(self.num_players))
        totals = tuple(score.total for score in breakdown)
        best = winners(totals, [score.objective_points for score in breakdown])
        if self.passes >= self.num_players and not self.is_solo:
            why = "blocked: every player passed in a row"
        elif self.is_solo:
            why = "solo: 9 turns played" if self.turn >= SOLO_TURNS else "market complete"
        else:
            why = "a market is complete and the round is finished"
        top = [seat for seat in range(self.num_players) if totals[seat] == totals[best[0]]]
        if len(best) > 1:
            result = f"players {', '.join(map(str, best))} share the victory with {totals[best[0]]}"
        elif len(top) > 1:
            result = f"player {best[0]} wins on objective points with {totals[best[0]]}"
        else:
            result = f"player {best[0]} wins with {totals[best[0]]} points"
        return Outcome(
            totals, best, f"{why}; {result}", tuple(score.as_dict() for score in breakdown)
        )

    def view(self, player: int | None) -> Self:
        """What ``player`` sees: other pontoons hidden until scoring (K15: then only the box's
        stay hidden); the unseen part of each pile in a canonical (sorted) order, its renewed
        bottom cards in their known order; the starting position redacted the same way.

        None: the public view, what a spectator sees: no pontoon good until scoring, then the
        players' (BK-SET-2, K15); ``state.view(p).view(None) == state.view(None)``.
        """
        if player is not None:
            checked_int(player, "Bangkok view: player", 0, self.num_players - 1)
        changes: dict[str, Any] = {}
        if self.start is not None:  # the start's views are kept, shared with later states
            views = self.__dict__.setdefault("_start_views", {})
            if player not in views:
                views[player] = serial.start_view(type(self), self.start, player)
            changes["start"] = views[player]
        return self.evolve(
            pontoons=tuple(
                good if self.pontoon_seen(tile, player) else -1
                for tile, good in enumerate(self.pontoons)
            ),
            boat_pile=_redact(self.boat_pile, self.boat_known),
            chilli_pile=_redact(self.chilli_pile, self.chilli_known),
            **changes,
        )

    def pontoon_seen(self, tile: int, player: int | None, scored: bool | None = None) -> bool:
        """True when ``player`` (None: a spectator) knows the good of pontoon ``tile``
        (BK-SET-2, K15); ``scored``: as at the scoring (True) or before it (False), None: as
        in this state's phase."""
        if scored is None:
            scored = self.phase == "over"
        return tile == player or (scored and tile < self.num_players)

    def determinize(self, player: int | None, seed: int) -> Self:
        """A state ``player`` (None: a spectator) cannot tell apart: hidden pontoons and pile
        orders resampled."""
        if player is not None:
            checked_int(player, "Bangkok determinize: player", 0, self.num_players - 1)
        checked_int(seed, "Bangkok determinize: seed", 0, vrng.MASK64)
        who = "public" if player is None else player
        stream = vrng.derive_seed(seed, "bangkok", "determinize", who)
        hidden = [
            tile
            for tile, good in enumerate(self.pontoons)
            if good < 0 or not self.pontoon_seen(tile, player)
        ]
        # BK-SET-2: the hidden tiles hold the goods no one has shown, dealt afresh; from the
        # sorted unseen goods, so a view (its hidden tiles -1) deals what the real state deals;
        # a view played on to the scoring still hides what its viewer never saw (K15)
        shown = {self.pontoons[tile] for tile in range(len(self.pontoons)) if tile not in hidden}
        goods, stream = vrng.shuffled(sorted(set(range(len(PONTOONS))) - shown), stream)
        pontoons = list(self.pontoons)
        for tile, good in zip(hidden, goods, strict=True):
            pontoons[tile] = good
        boat, stream = _resample(self.boat_pile, self.boat_known, stream)
        chilli, stream = _resample(self.chilli_pile, self.chilli_known, stream)
        return self.evolve(pontoons=tuple(pontoons), boat_pile=boat, chilli_pile=chilli)

    def inventory(self) -> dict[str, int]:
        """Every component counted where it lies: cards by kind, pontoons, the token."""
        places = [*self.port, *self.boat_pile, *self.chilli_pile, self.placed]
        for seat in range(self.num_players):
            places += [*self.hands[seat], *self.markets[seat]]
        counts = {"initial card": 0, "chilli card": 0, "boat card": 0}
        cards = self.deck.cards
        for card in places:
            if card >= 0:
                counts[f"{cards[card].kind} card"] += 1
        counts["distinct cards"] = len({card for card in places if card >= 0})
        counts["pontoon"] = len(self.pontoons)
        counts["first-player token"] = 1
        return counts

    # --- JSON and text -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict (card ids; ``None`` for empty places and hidden pontoons)."""
        return serial.to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict`, checking it; raise InvalidStateError if bad."""
        return serial.from_dict(cls, data)

    def __str__(self) -> str:
        """A text picture: the port with its edge slots, then each seat's hand and market."""
        return picture.picture(self)


def _redact(pile: tuple[int, ...], known: int) -> tuple[int, ...]:
    """The pile as a player sees it: the unseen top part sorted, the known bottom as is."""
    top = len(pile) - known
    return (*sorted(pile[:top]), *pile[top:])


def _resample(pile: tuple[int, ...], known: int, stream: int) -> tuple[tuple[int, ...], int]:
    """Shuffle the unseen top part of a pile (from its sorted order, as a view holds it, so a
    view and the real state deal the same); keep the known bottom."""
    top = len(pile) - known
    shuffled, stream = vrng.shuffled(sorted(pile[:top]), stream)
    return (*shuffled, *pile[top:]), stream


@lru_cache(maxsize=64)
def _setup_cards(
    specs: tuple[str, ...], num_players: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Before shuffling: the sorted hands (BK-SET-3), the chilli cards (BK-SET-4), and the boat
    cards with the initial sets no seat took (BK-SET-4)."""
    deck = build_deck(specs)
    hands = tuple(tuple(sorted(deck.initial_set(seat + 1))) for seat in range(num_players))
    chillies = tuple(card.id for card in deck.cards if card.is_chilli)
    spare = [
        card
        for number in range(num_players + 1, INITIAL_SETS + 1)
        for card in deck.initial_set(number)
    ]
    boats = (*(card.id for card in deck.cards if card.kind == "boat"), *spare)
    return hands, chillies, boats


def new_game(num_players: int, seed: int, options: Any = None) -> State:
    """Set up a game (BK-SET-1..5): a pure function of the player count, seed and options."""
    check_setup("Bangkok", num_players, seed, PLAYER_COUNTS)
    opts = _DEFAULT_OPTIONS if options is None else Options.coerce(options)
    hands, chillies, boats = _setup_cards(opts.deck, num_players)
    stream = vrng.derive_seed(seed, NAME, "setup")
    pontoons, stream = vrng.shuffled(range(len(PONTOONS)), stream)  # BK-SET-2: one tile per seat
    chilli_pile, stream = vrng.shuffled(chillies, stream)  # BK-SET-4
    boat_pile, stream = vrng.shuffled(boats, stream)
    dealt = chilli_pile[:PORT_CHILLI_CARDS] + boat_pile[:PORT_BOAT_CARDS]  # BK-SET-5
    port, stream = vrng.shuffled(dealt, stream)
    return State(
        num_players=num_players,
        options=opts,
        port=tuple(port),
        boat_pile=tuple(boat_pile[PORT_BOAT_CARDS:]),
        chilli_pile=tuple(chilli_pile[PORT_CHILLI_CARDS:]),
        hands=hands,
        markets=((-1,) * 9,) * num_players,
        pontoons=tuple(pontoons),
        player=0,
        phase="act",
    )
