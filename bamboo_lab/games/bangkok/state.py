"""The Bangkok game state: an immutable value, its setup, views, JSON form and text picture."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.core.protocol import TERMINAL, Outcome, ensure_legal

from . import rules
from .actions import ACTION_TYPES, SLOTS, parse_notation
from .components import GOODS, INITIAL_SETS, PONTOONS, Card, Deck, build_deck
from .options import Options
from .scoring import NEIGHBOURS, MarketScore, score_market, winners

__all__ = ["NAME", "PHASES", "PLAYER_COUNTS", "State", "new_game"]

NAME = "bangkok"
"""The registry name of the game."""

PLAYER_COUNTS: tuple[int, ...] = (1, 2, 3, 4)
"""Bangkok plays with 1 to 4 players (BK-SET-1)."""

PHASES: tuple[str, ...] = ("act", "collect", "lay", "over")
"""The pending decision: act (place or renew), collect, lay in the market, game over."""

_PORT_CHILLI = 2
_PORT_BOAT = 7


@dataclass(frozen=True)
class State:
    """A Bangkok position. Card ids index ``state.deck.cards``; ``-1`` marks an empty place."""

    game: ClassVar[str] = NAME
    num_players: int
    options: Options
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
    to_move: int
    phase: str
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
    history: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        """Attach the deck and action tables (derived from the options, not part of equality)."""
        deck = build_deck(self.options.deck)
        object.__setattr__(self, "_deck", deck)
        object.__setattr__(self, "_tables", rules.action_tables(deck.labels))

    def _evolve(self, **changes: Any) -> Self:
        """A copy with ``changes`` (fast path of ``dataclasses.replace``; caches dropped)."""
        new = object.__new__(type(self))
        data = new.__dict__
        data.update(self.__dict__)
        data.pop("_legal", None)
        data.update(changes)
        return new

    # --- the contract ------------------------------------------------------------------------

    @property
    def deck(self) -> Deck:
        """The deck in play (its cards and lookup tables)."""
        return self._deck  # type: ignore[attr-defined,no-any-return]

    @property
    def current_player(self) -> int:
        """The seat to act, or TERMINAL once the game is over (Bangkok has no chance nodes)."""
        return TERMINAL if self.phase == "over" else self.to_move

    @property
    def is_solo(self) -> bool:
        """True when the one-player version applies (BK-SOLO-1)."""
        return rules.is_solo(self)

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions in a deterministic order (cached per state)."""
        legal = self.__dict__.get("_legal")
        if legal is None:
            legal = self.__dict__["_legal"] = rules.legal_actions(self)
        return legal  # type: ignore[no-any-return]

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """Always ``()``: every shuffle happens at setup, from the seed."""
        return ()

    def apply(self, action: Any, check: bool = True) -> Self:
        """The state after ``action``; with ``check``, illegal actions raise first."""
        if check:
            try:
                ensure_legal(self, action, ACTION_TYPES)
            except IllegalActionError as exc:
                raise _explained(exc, self, action) from None
        return rules.apply_action(self, action)  # type: ignore[return-value]

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase == "over"

    def market_cards(self, seat: int) -> tuple[Card | None, ...]:
        """Seat's market as 9 cards (None for empty cells)."""
        cards = self.deck.cards
        return tuple(cards[c] if c >= 0 else None for c in self.markets[seat])

    def objective(self, seat: int) -> str | None:
        """Seat's pontoon good, or None when hidden in this view (BK-SET-2)."""
        good = self.pontoons[seat]
        return GOODS[good] if good >= 0 else None

    def market_score(self, seat: int) -> MarketScore:
        """Seat's score breakdown (objective, chilli cards, complete bonus)."""
        return score_market(self.market_cards(seat), self.objective(seat), self.options.clamp_type1)

    def scores(self) -> tuple[int, ...]:
        """Every seat's current market score (final once the game is over)."""
        return tuple(self.market_score(p).total for p in range(self.num_players))

    def outcome(self) -> Outcome | None:
        """The result with the tie-breaks applied (BK-SCORE-8), or None while playing."""
        if self.phase != "over":
            return None
        breakdown = tuple(self.market_score(p) for p in range(self.num_players))
        totals = tuple(b.total for b in breakdown)
        best = winners(totals, [b.objective_points for b in breakdown])
        if self.passes >= self.num_players and not self.is_solo:
            why = "blocked: every player passed in a row"
        elif self.is_solo:
            why = "solo: 9 turns played" if self.turn >= rules.SOLO_TURNS else "market complete"
        else:
            why = "a market is complete and the round is finished"
        top = [p for p in range(self.num_players) if totals[p] == totals[best[0]]]
        if len(best) > 1:
            result = f"players {', '.join(map(str, best))} share the victory with {totals[best[0]]}"
        elif len(top) > 1:
            result = f"player {best[0]} wins on objective points with {totals[best[0]]}"
        else:
            result = f"player {best[0]} wins with {totals[best[0]]} points"
        return Outcome(totals, best, f"{why}; {result}", tuple(b.as_dict() for b in breakdown))

    def view(self, player: int) -> Self:
        """What ``player`` sees: other pontoons hidden until scoring (K15: then only the box's
        stay hidden); the unseen part of each pile in a canonical (sorted) order, its renewed
        bottom cards in their known order."""
        return self._evolve(
            pontoons=tuple(
                g if self._pontoon_seen(i, player) else -1 for i, g in enumerate(self.pontoons)
            ),
            boat_pile=_redact(self.boat_pile, self.boat_known),
            chilli_pile=_redact(self.chilli_pile, self.chilli_known),
        )

    def _pontoon_seen(self, tile: int, player: int) -> bool:
        """True when ``player`` knows the good of pontoon ``tile`` (BK-SET-2, K15)."""
        return tile == player or (self.phase == "over" and tile < self.num_players)

    def determinize(self, player: int, seed: int) -> Self:
        """A state ``player`` cannot tell apart: hidden pontoons and pile orders resampled."""
        r = vrng.derive_seed(seed, "bangkok", "determinize", player)
        hidden = [i for i in range(len(self.pontoons)) if not self._pontoon_seen(i, player)]
        goods, r = vrng.shuffled([self.pontoons[i] for i in hidden], r)
        pontoons = list(self.pontoons)
        for i, g in zip(hidden, goods, strict=True):
            pontoons[i] = g
        boat, r = _resample(self.boat_pile, self.boat_known, r)
        chilli, r = _resample(self.chilli_pile, self.chilli_known, r)
        return self._evolve(pontoons=tuple(pontoons), boat_pile=boat, chilli_pile=chilli)

    def inventory(self) -> dict[str, int]:
        """Every component counted where it lies: cards by kind, pontoons, the token."""
        places = [*self.port, *self.boat_pile, *self.chilli_pile, self.placed]
        for seat in range(self.num_players):
            places += [*self.hands[seat], *self.markets[seat]]
        counts = {"initial card": 0, "chilli card": 0, "boat card": 0}
        cards = self.deck.cards
        for c in places:
            if c >= 0:
                counts[f"{cards[c].kind} card"] += 1
        counts["distinct cards"] = len({c for c in places if c >= 0})
        counts["pontoon"] = len(self.pontoons)
        counts["first-player token"] = 1
        return counts

    # --- JSON ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict (card ids; ``None`` for empty places and hidden pontoons)."""

        def ids(values: tuple[int, ...]) -> list[int | None]:
            """Card ids with None for the empty places."""
            return [v if v >= 0 else None for v in values]

        return {
            "game": NAME,
            "num_players": self.num_players,
            "options": self.options.to_dict(),
            "port": ids(self.port),
            "boat_pile": list(self.boat_pile),
            "chilli_pile": list(self.chilli_pile),
            "hands": [list(h) for h in self.hands],
            "markets": [ids(m) for m in self.markets],
            "pontoons": [GOODS[g] if g >= 0 else None for g in self.pontoons],
            "to_move": self.to_move,
            "phase": self.phase,
            "placed": self.placed if self.placed >= 0 else None,
            "slot": self.slot or None,
            "turn": self.turn,
            "end_triggered": self.end_triggered,
            "passes": self.passes,
            "boat_known": self.boat_known,
            "chilli_known": self.chilli_known,
            "history": [str(a) for a in self.history],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict`, checking it; raise InvalidStateError if bad."""
        if not isinstance(data, Mapping):
            raise InvalidStateError(f"a Bangkok state must be a mapping, not {type(data).__name__}")
        fields = [
            *("num_players", "options", "port", "boat_pile", "chilli_pile", "hands", "markets"),
            *("pontoons", "to_move", "phase", "placed", "slot", "turn", "end_triggered", "passes"),
            *("boat_known", "chilli_known", "history"),
        ]
        missing = [f for f in fields if f not in data]
        if missing:
            raise InvalidStateError(f"Bangkok state is missing field(s) {missing}")
        if data.get("game", NAME) != NAME:
            raise InvalidStateError(f"not a Bangkok state: game {data.get('game')!r}")
        options = Options.coerce(data["options"])
        deck = build_deck(options.deck)
        n = _int(data, "num_players", 1, 4)
        state = cls(
            num_players=n,
            options=options,
            port=_cells(data["port"], 9, "port"),
            boat_pile=_cells(data["boat_pile"], None, "boat_pile", empty=False),
            chilli_pile=_cells(data["chilli_pile"], None, "chilli_pile", empty=False),
            hands=tuple(
                _cells(h, None, "hand", empty=False) for h in _list(data["hands"], n, "hands")
            ),
            markets=tuple(_cells(m, 9, "market") for m in _list(data["markets"], n, "markets")),
            pontoons=_pontoons(data["pontoons"]),
            to_move=_int(data, "to_move", 0, n - 1),
            phase=_choice(data["phase"], PHASES, "phase"),
            placed=-1 if data["placed"] is None else _int(data, "placed", 0, len(deck.cards) - 1),
            slot="" if data["slot"] is None else _choice(data["slot"], SLOTS, "slot"),
            turn=_int(data, "turn", 0, 10**9),
            end_triggered=_bool(data, "end_triggered"),
            passes=_int(data, "passes", 0, 10**9),
            boat_known=_int(data, "boat_known", 0, len(data["boat_pile"])),
            chilli_known=_int(data, "chilli_known", 0, len(data["chilli_pile"])),
            history=_history(data["history"]),
        )
        _check_consistent(state)
        if state.phase != "over" and not state.legal_actions():
            raise InvalidStateError(f"no legal action in phase {state.phase!r}: inconsistent state")
        return state

    # --- text ----------------------------------------------------------------------------------

    def __str__(self) -> str:
        """A text picture: the port with its edge slots, then each seat's hand and market."""
        deck = self.deck
        cards = deck.cards

        def face(c: int) -> str:
            """A card's spec, "." for an empty place."""
            return "." if c < 0 else cards[c].spec

        width = max(7, *(len(face(c)) for c in self.port))
        lines = [
            f"Bangkok, {self.num_players} player(s){' (solo)' if self.is_solo else ''}"
            f"{' expert' if self.options.expert else ''}: turn {self.turn + 1},"
            + (" game over" if self.phase == "over" else f" player {self.to_move} to {self.phase}"),
            f"Port (boat pile {len(self.boat_pile)}, chilli pile {len(self.chilli_pile)}):",
        ]
        if self.is_solo:
            token = rules.SOLO_TRACK[min(self.turn, rules.SOLO_TURNS - 1)]
            lines.append(f"  piles above columns 1 and 3; token at {token}")
        head = " " * 5 + " ".join(f"T{c + 1}".center(width) for c in range(3))
        lines.append(head)
        for r in range(3):
            row = " ".join(face(self.port[3 * r + c]).center(width) for c in range(3))
            lines.append(f"  L{r + 1} {row} R{r + 1}")
        lines.append(" " * 5 + " ".join(f"B{c + 1}".center(width) for c in range(3)))
        if self.placed >= 0:
            lines.append(f"  placed at {self.slot}: {cards[self.placed]}")
        for seat in range(self.num_players):
            goal = self.objective(seat) or "hidden"
            first = " (first player)" if seat == 0 else ""
            hand = ", ".join(str(cards[c]) for c in self.hands[seat]) or "-"
            lines.append(f"Player {seat}{first}: objective {goal}; hand {hand}")
            market = self.markets[seat]
            mw = max(4, *(len(face(c)) for c in market))
            for r in range(3):
                lines.append(
                    "  | " + " | ".join(face(market[3 * r + c]).ljust(mw) for c in range(3)) + " |"
                )
        return "\n".join(lines)


def _explained(exc: IllegalActionError, state: State, action: Any) -> IllegalActionError:
    """``exc`` with the rule ``action`` breaks appended (see :func:`rules.why_illegal`)."""
    reason = "" if state.is_over() else rules.why_illegal(state, action)
    return IllegalActionError(f"{exc} [{reason}]") if reason else exc


def _redact(pile: tuple[int, ...], known: int) -> tuple[int, ...]:
    """The pile as a player sees it: the unseen top part sorted, the known bottom as is."""
    top = len(pile) - known
    return (*sorted(pile[:top]), *pile[top:])


def _resample(pile: tuple[int, ...], known: int, r: int) -> tuple[tuple[int, ...], int]:
    """Shuffle the unseen top part of a pile; keep the known bottom."""
    top = len(pile) - known
    shuffled, r = vrng.shuffled(pile[:top], r)
    return (*shuffled, *pile[top:]), r


def _int(data: Mapping[str, Any], name: str, lo: int, hi: int) -> int:
    """An int field within ``lo..hi``."""
    value = data[name]
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise InvalidStateError(f"Bangkok state field {name!r} must be an int in {lo}..{hi}")
    return value


def _bool(data: Mapping[str, Any], name: str) -> bool:
    """A bool field."""
    value = data[name]
    if not isinstance(value, bool):
        raise InvalidStateError(f"Bangkok state field {name!r} must be a bool, not {value!r}")
    return value


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    """A string field among ``allowed``."""
    if value not in allowed:
        raise InvalidStateError(f"Bangkok state field {name!r} must be one of {list(allowed)}")
    return str(value)


def _list(value: Any, size: int | None, name: str) -> list[Any]:
    """A list field (of ``size`` items when given)."""
    if not isinstance(value, (list, tuple)) or (size is not None and len(value) != size):
        what = f"a list of {size}" if size is not None else "a list"
        raise InvalidStateError(f"Bangkok state field {name!r} must be {what}")
    return list(value)


def _cells(value: Any, size: int | None, name: str, empty: bool = True) -> tuple[int, ...]:
    """Card ids (None = empty cell when ``empty``) as a tuple of ints (-1 = empty)."""
    out = []
    for v in _list(value, size, name):
        if v is None and empty:
            out.append(-1)
        elif isinstance(v, int) and not isinstance(v, bool) and v >= 0:
            out.append(v)
        else:
            raise InvalidStateError(f"Bangkok state field {name!r} holds a bad card id {v!r}")
    return tuple(out)


def _pontoons(value: Any) -> tuple[int, ...]:
    """The 4 pontoon goods (None = hidden), distinct."""
    items = _list(value, len(GOODS), "pontoons")
    if any(v is not None and v not in GOODS for v in items):
        raise InvalidStateError(f"pontoons must be goods {list(GOODS)} or None, not {items}")
    known = [v for v in items if v is not None]
    if len(set(known)) != len(known):
        raise InvalidStateError(f"pontoons must show distinct goods, not {items}")
    return tuple(-1 if v is None else GOODS.index(v) for v in items)


def _history(value: Any) -> tuple[Any, ...]:
    """Parse the history's action strings."""
    try:
        return tuple(parse_notation(t) for t in _list(value, None, "history"))
    except InvalidActionError as exc:
        raise InvalidStateError(f"Bangkok state history holds a bad action: {exc}") from exc


def _check_consistent(state: State) -> None:
    """Every card exactly once; piles hold the right kind; markets obey BK-MKT-2/3/5."""
    deck = state.deck
    n = len(deck.cards)
    places = [*state.port, *state.boat_pile, *state.chilli_pile, state.placed]
    for seat in range(state.num_players):
        places += [*state.hands[seat], *state.markets[seat]]
    ids = [c for c in places if c >= 0]
    if any(c >= n for c in ids):
        raise InvalidStateError(f"a card id is out of range 0..{n - 1}")
    if sorted(ids) != list(range(n)):
        seen = set()
        dup = next((c for c in ids if c in seen or seen.add(c)), None)  # type: ignore[func-returns-value]
        lost = sorted(set(range(n)) - set(ids))
        raise InvalidStateError(f"cards must each lie once: duplicated {dup}, missing {lost}")
    if any(not deck.chilli[c] for c in state.chilli_pile):
        raise InvalidStateError("the chilli pile holds a boat card")
    if any(deck.chilli[c] for c in state.boat_pile):
        raise InvalidStateError("the boat pile holds a chilli card")
    if (state.phase == "collect") != (state.placed >= 0) or (state.placed >= 0) != bool(state.slot):
        raise InvalidStateError("a placed card and its slot exist exactly in phase 'collect'")
    if state.phase == "collect" and state.slot not in rules.placement_slots(state):
        raise InvalidStateError(f"slot {state.slot} is blocked in the solo game (BK-SOLO-2)")
    if state.phase == "lay" and len(state.hands[state.to_move]) <= rules.HAND_SIZE:
        raise InvalidStateError("phase 'lay' needs more than 3 cards in the player's hand")
    for seat, hand in enumerate(state.hands):
        if list(hand) != sorted(hand):
            raise InvalidStateError(f"hand {seat} must be sorted by card id, not {list(hand)}")
    for seat, market in enumerate(state.markets):
        filled = [c >= 0 for c in market]
        if any(filled) and not filled[0]:
            raise InvalidStateError(f"market {seat}: the first card lies in the top-left cell")
        reached = _connected(filled)
        cut = [i + 1 for i in range(9) if filled[i] and i not in reached]
        if cut:  # BK-MKT-3
            raise InvalidStateError(f"market {seat}: cell {cut[0]} is not connected to cell 1")
        for axis, span in (("row", 3), ("column", 1)):
            if axis == "column" and not state.options.expert:
                continue
            for k in range(3):
                cells = range(3 * k, 3 * k + 3) if span == 3 else range(k, 9, 3)
                if sum(market[i] >= 0 and deck.chilli[market[i]] for i in cells) > 1:
                    raise InvalidStateError(f"market {seat}: two chilli cards in {axis} {k + 1}")
    _check_end(state)


def _connected(filled: list[bool]) -> set[int]:
    """The filled market cells reachable from cell 0 through filled neighbours."""
    reached: set[int] = set()
    todo = [0] if filled[0] else []
    while todo:
        cell = todo.pop()
        if cell not in reached:
            reached.add(cell)
            todo += [j for j in NEIGHBOURS[cell] if filled[j]]
    return reached


def _check_end(state: State) -> None:
    """The end flag, turn counter, passes and phase agree (BK-END-1, K13, BK-SOLO-3)."""
    full = any(all(c >= 0 for c in market) for market in state.markets)
    if state.end_triggered != full:
        raise InvalidStateError(
            f"end_triggered is {state.end_triggered} but {'a' if full else 'no'} market is complete"
        )
    over = state.phase == "over"
    if state.is_solo:
        if state.turn > rules.SOLO_TURNS or (state.turn == rules.SOLO_TURNS and not over):
            raise InvalidStateError(f"a solo game lasts 9 turns, not {state.turn + 1}")
        ended = state.turn >= rules.SOLO_TURNS or full
    else:
        if state.passes > state.num_players or (state.passes == state.num_players and not over):
            raise InvalidStateError(f"{state.passes} passes in a row: the game is blocked")
        ended = (full and state.to_move == 0) or state.passes == state.num_players
        if full and state.to_move == 0 and not over:  # K13
            raise InvalidStateError("a market is complete and the round is finished: game over")
    if over and not ended:
        raise InvalidStateError("phase 'over' without a complete round, 9 solo turns or a block")
    if not over and state.is_solo and full:
        raise InvalidStateError("the solo market is complete: the game is over")


def new_game(num_players: int, seed: int, options: Any = None) -> State:
    """Set up a game (BK-SET-1..5): a pure function of the player count, seed and options."""
    if num_players not in PLAYER_COUNTS:
        raise InvalidStateError(f"Bangkok plays with 1 to 4 players, not {num_players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidStateError(f"the seed must be an int, not {seed!r}")
    opts = Options.coerce(options)
    deck = build_deck(opts.deck)
    r = vrng.derive_seed(seed, NAME, "setup")
    pontoons, r = vrng.shuffled(range(len(PONTOONS)), r)  # BK-SET-2: one tile per seat
    hands = tuple(deck.initial_set(seat + 1) for seat in range(num_players))  # BK-SET-3
    chilli_pile, r = vrng.shuffled([c.id for c in deck.cards if c.is_chilli], r)  # BK-SET-4
    spare = [
        c for number in range(num_players + 1, INITIAL_SETS + 1) for c in deck.initial_set(number)
    ]
    boats = [c.id for c in deck.cards if c.kind == "boat"] + spare
    boat_pile, r = vrng.shuffled(boats, r)
    port, r = vrng.shuffled(chilli_pile[:_PORT_CHILLI] + boat_pile[:_PORT_BOAT], r)  # BK-SET-5
    return State(
        num_players=num_players,
        options=opts,
        port=tuple(port),
        boat_pile=tuple(boat_pile[_PORT_BOAT:]),
        chilli_pile=tuple(chilli_pile[_PORT_CHILLI:]),
        hands=tuple(tuple(sorted(h)) for h in hands),
        markets=((-1,) * 9,) * num_players,
        pontoons=tuple(pontoons),
        to_move=0,
        phase="act",
    )
