"""Bangkok states as JSON-safe dicts: ``to_dict``, and ``from_dict`` with every check.

``from_dict`` refuses, with an InvalidStateError naming the field: wrong types, huge ints,
unknown keys, misplaced or duplicated cards, piles of the wrong kind, markets that break
BK-MKT-2/3/5 (BK-EXP-1), whose turn it is disagreeing with the turn counter (seat 0 plays
first, BK-SET-1), phase data missing or left over, an end flag that disagrees with the markets,
and a starting position (``start``) that is not itself a loadable position with no history.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from bamboo_lab.core.checks import checked_bool, checked_int, listed, short_repr
from bamboo_lab.core.errors import InvalidActionError, InvalidStateError

from . import rules
from .actions import SLOTS, parse_notation
from .components import GOODS, SOLO_TURNS, TOTAL_CARDS, build_deck
from .info import NAME, PHASES, PLAYER_COUNTS, PLY_LIMIT
from .legal import placement_slots
from .options import Options
from .scoring import NEIGHBOURS

if TYPE_CHECKING:
    from .state import State

__all__ = ["FIELDS", "from_dict", "start_view", "to_dict"]

S = TypeVar("S", bound="State")

FIELDS: tuple[str, ...] = (
    *("num_players", "options", "port", "boat_pile", "chilli_pile", "hands", "markets"),
    *("pontoons", "to_move", "phase", "placed", "slot", "turn", "end_triggered", "passes"),
    *("boat_known", "chilli_known", "history"),
)
"""The keys every state dict holds (besides the optional "game" and "start")."""


def to_dict(state: State) -> dict[str, Any]:
    """A JSON-safe dict (card ids; ``None`` for empty places and hidden pontoons)."""

    def ids(values: tuple[int, ...]) -> list[int | None]:
        """Card ids with None for the empty places."""
        return [value if value >= 0 else None for value in values]

    data: dict[str, Any] = {
        "game": NAME,
        "num_players": state.num_players,
        "options": {
            key: list(value) if key == "deck" else value
            for key, value in state.options.to_dict().items()
        },
        "port": ids(state.port),
        "boat_pile": list(state.boat_pile),
        "chilli_pile": list(state.chilli_pile),
        "hands": [list(hand) for hand in state.hands],
        "markets": [ids(market) for market in state.markets],
        "pontoons": [GOODS[good] if good >= 0 else None for good in state.pontoons],
        "to_move": state.player,
        "phase": state.phase,
        "placed": state.placed if state.placed >= 0 else None,
        "slot": state.slot or None,
        "turn": state.turn,
        "end_triggered": state.end_triggered,
        "passes": state.passes,
        "boat_known": state.boat_known,
        "chilli_known": state.chilli_known,
        "history": [str(action) for action in state.history],
    }
    if state.start is not None:
        data["start"] = dict(state.start)
    return data


def from_dict(cls: type[S], data: Any) -> S:
    """Rebuild a ``cls`` state from :func:`to_dict`'s form, checking everything."""
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"a Bangkok state must be a mapping, not {type(data).__name__}")
    unknown = [key for key in data if key not in (*FIELDS, "game", "start")]
    if unknown:
        raise InvalidStateError(f"Bangkok state has unknown field(s) {listed(unknown)}")
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise InvalidStateError(f"Bangkok state is missing field(s) {missing}")
    if data.get("game", NAME) != NAME:
        raise InvalidStateError(f"not a Bangkok state: field 'game' is {short_repr(data['game'])}")
    options = Options.coerce(data["options"])
    build_deck(options.deck)
    seats = _int(data, "num_players", min(PLAYER_COUNTS), max(PLAYER_COUNTS))
    boat_pile = _cells(data["boat_pile"], None, "boat_pile", empty=False)
    chilli_pile = _cells(data["chilli_pile"], None, "chilli_pile", empty=False)
    hands = tuple(
        _cells(hand, None, f"hands[{seat}]", False)
        for seat, hand in enumerate(_list(data, "hands", seats))
    )
    placed = data["placed"]
    state = cls(
        num_players=seats,
        options=options,
        port=_cells(data["port"], 9, "port"),
        boat_pile=boat_pile,
        chilli_pile=chilli_pile,
        hands=hands,
        markets=tuple(
            _cells(market, 9, f"markets[{seat}]")
            for seat, market in enumerate(_list(data, "markets", seats))
        ),
        pontoons=_pontoons(data["pontoons"]),
        player=_int(data, "to_move", 0, seats - 1),
        phase=_choice(data["phase"], PHASES, "phase"),
        placed=-1 if placed is None else _int(data, "placed", 0, TOTAL_CARDS - 1),
        slot="" if data["slot"] is None else _choice(data["slot"], SLOTS, "slot"),
        turn=_int(data, "turn", 0, PLY_LIMIT if data["history"] else PLY_LIMIT // 2),
        end_triggered=checked_bool(data["end_triggered"], "Bangkok state field 'end_triggered'"),
        passes=_int(data, "passes", 0, seats),
        boat_known=_int(data, "boat_known", 0, len(boat_pile)),
        chilli_known=_int(data, "chilli_known", 0, len(chilli_pile)),
        history=_history(data["history"]),
        start=None if data.get("start") is None else _start(cls, data["start"], seats, options),
    )
    check_consistent(state)
    hidden = {tile for tile, good in enumerate(state.pontoons) if good < 0}
    if hidden and hidden not in _view_patterns(state):
        raise InvalidStateError(
            f"pontoons {sorted(hidden)} are hidden, as no view hides them: a view hides the"
            " others' pontoons until scoring, then the box's, or still the others' when it was"
            " made before the scoring and played on (BK-SET-2, K15)"
        )
    if state.phase != "over" and not state.legal_actions():
        raise InvalidStateError(f"no legal action in phase {state.phase!r}: inconsistent state")
    return state


def _view_patterns(state: Any) -> list[set[int]]:
    """The pontoons each view (a seat's, or the public one) hides in ``state``'s phase; at the
    scoring also those a view made before it hides: played on, a view cannot turn over the
    tiles whose goods its viewer never saw (BK-SET-2, K15)."""
    seats: list[int | None] = [None, *range(state.num_players)]
    tiles = range(len(state.pontoons))
    moments = (False, True) if state.phase == "over" else (False,)
    return [
        {tile for tile in tiles if not state.pontoon_seen(tile, seat, scored)}
        for scored in moments
        for seat in seats
    ]


def start_view(cls: type[S], start: Mapping[str, Any], player: int | None) -> dict[str, Any]:
    """The starting position as ``player`` sees it (redacted as :meth:`State.view`)."""
    return to_dict(from_dict(cls, start).view(player))


def _start(cls: type[S], value: Any, seats: int, options: Options) -> dict[str, Any]:
    """The checked starting position: a loadable state with no history, no start, same setup."""
    if not isinstance(value, Mapping):
        raise InvalidStateError("Bangkok state field 'start' must be a state dict or null")
    if value.get("history") != [] or value.get("start") is not None:
        raise InvalidStateError("Bangkok state field 'start' must have an empty history, no start")
    start = from_dict(cls, value)
    if start.num_players != seats or start.options != options:
        raise InvalidStateError("Bangkok state field 'start' has other players or options")
    return to_dict(start)


def _int(data: Mapping[str, Any], name: str, lowest: int, highest: int) -> int:
    """An int field within ``lo..hi``."""
    return checked_int(data[name], f"Bangkok state field {name!r}", lowest, highest)


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    """A string field among ``allowed``."""
    if not isinstance(value, str) or value not in allowed:
        raise InvalidStateError(
            f"Bangkok state field {name!r} must be one of {list(allowed)}, not {short_repr(value)}"
        )
    return value


def _list(data: Mapping[str, Any], name: str, size: int) -> list[Any]:
    """A list field of ``size`` items."""
    value = data[name]
    if not isinstance(value, (list, tuple)) or len(value) != size:
        raise InvalidStateError(f"Bangkok state field {name!r} must be a list of {size}")
    return list(value)


def _cells(value: Any, size: int | None, name: str, empty: bool = True) -> tuple[int, ...]:
    """Card ids (None = empty cell when ``empty``) as a tuple of ints (-1 = empty)."""
    if not isinstance(value, (list, tuple)) or (size is not None and len(value) != size):
        what = f"a list of {size}" if size is not None else "a list"
        raise InvalidStateError(f"Bangkok state field {name!r} must be {what} of card ids")
    if len(value) > TOTAL_CARDS:
        raise InvalidStateError(f"Bangkok state field {name!r} holds more than {TOTAL_CARDS} cards")
    return tuple(
        -1
        if value is None and empty
        else checked_int(value, f"Bangkok state field {name!r} item {index}", 0, TOTAL_CARDS - 1)
        for index, value in enumerate(value)
    )


def _pontoons(value: Any) -> tuple[int, ...]:
    """The 4 pontoon goods (None = hidden), distinct."""
    if not isinstance(value, (list, tuple)) or len(value) != len(GOODS):
        raise InvalidStateError(f"Bangkok state field 'pontoons' must be a list of {len(GOODS)}")
    if any(
        value is not None and (not isinstance(value, str) or value not in GOODS) for value in value
    ):
        raise InvalidStateError(f"pontoons must be goods {list(GOODS)} or None")
    known = [value for value in value if value is not None]
    if len(set(known)) != len(known):
        raise InvalidStateError(f"pontoons must show distinct goods, not {list(value)}")
    return tuple(-1 if value is None else GOODS.index(value) for value in value)


def _history(value: Any) -> tuple[Any, ...]:
    """Parse the history's action strings."""
    if not isinstance(value, (list, tuple)) or len(value) > PLY_LIMIT:
        raise InvalidStateError(
            f"Bangkok state field 'history' must be a list of {PLY_LIMIT} texts at most"
        )
    try:
        return tuple(parse_notation(text) for text in value)
    except InvalidActionError as exc:
        raise InvalidStateError(f"Bangkok state history holds a bad action: {exc}") from exc


def check_consistent(state: State) -> None:
    """Every card exactly once; piles hold the right kind; whose turn; BK-MKT-2/3/5; the end."""
    deck = state.deck
    card_count = len(deck.cards)
    places = [*state.port, *state.boat_pile, *state.chilli_pile, state.placed]
    for seat in range(state.num_players):
        places += [*state.hands[seat], *state.markets[seat]]
    ids = [card for card in places if card >= 0]
    if sorted(ids) != list(range(card_count)):
        seen: set[int] = set()
        dup = sorted({card for card in ids if card in seen or seen.add(card)})  # type: ignore[func-returns-value]
        lost = sorted(set(range(card_count)) - set(ids))
        raise InvalidStateError(f"cards must each lie once: duplicated {dup}, missing {lost}")
    if any(not deck.chilli[card] for card in state.chilli_pile):
        raise InvalidStateError("the chilli pile holds a boat card")
    if any(deck.chilli[card] for card in state.boat_pile):
        raise InvalidStateError("the boat pile holds a chilli card")
    if state.player != state.turn % state.num_players:  # BK-SET-1: seat 0 plays first
        raise InvalidStateError(
            f"the seat to act (field 'to_move') is {state.player} but after {state.turn}"
            f" turn(s) seat {state.turn % state.num_players} is to move (seat 0 plays first)"
        )
    if (state.phase == "collect") != (state.placed >= 0) or (state.placed >= 0) != bool(state.slot):
        raise InvalidStateError("a placed card and its slot exist exactly in phase 'collect'")
    if state.phase == "collect" and state.slot not in placement_slots(state):
        raise InvalidStateError(f"slot {state.slot} is blocked in the solo game (BK-SOLO-2)")
    for seat, hand in enumerate(state.hands):
        if list(hand) != sorted(hand):
            raise InvalidStateError(f"hand {seat} must be sorted by card id, not {list(hand)}")
    for seat, market in enumerate(state.markets):
        _check_market(state, seat, market)
    for seat in range(state.num_players):
        _check_hand(state, seat)
    _check_end(state)
    for seat in range(state.num_players):
        _check_market_growth(state, seat)


def turns_started(turn: int, seat: int, num_players: int) -> int:
    """The turns ``seat`` has begun when turn ``turn`` (from 0) is being played."""
    return (turn - seat) // num_players + 1 if turn >= seat else 0


def _check_market_growth(state: State, seat: int) -> None:
    """A turn lays at most 2 cards in the market (BK-MKT-1: a hand of 3 places one card and
    collects at most 3, so 2 exceed 3), so a market holds at most 2 per turn its seat began."""
    if state.num_players == 1 or state.phase == "over":
        return  # solo: ``turn`` is the token's space; over: a scoring example need not be played
    cards = sum(1 for card in state.markets[seat] if card >= 0)
    most = 2 * turns_started(state.turn, seat, state.num_players)
    if cards > most:
        raise InvalidStateError(
            f"market {seat} holds {cards} cards after {most // 2} turn(s) of its seat: a turn"
            " lays at most 2 (BK-MKT-1); give a later 'turn'"
        )


def _check_hand(state: State, seat: int) -> None:
    """The hand sizes every reachable position has for its phase (BK-SET-3, BK-MKT-1).

    A hand is dealt 3 cards; a turn places one card at the port and collects at least one
    back, and the market takes only the excess over 3. So between turns (every seat but the
    one to move, and every seat in phases "act" and "over") a hand holds at least 3 cards; in
    phase "collect" the mover's hand holds at least 2, the placed card waiting beside the port;
    in phase "lay" it holds more than 3. More than 3 between turns is possible: cards with no
    legal market cell stay in hand (K11).
    """
    hand = state.hands[seat]
    mover = seat == state.player
    if mover and state.phase == "lay":
        if len(hand) <= rules.HAND_SIZE:
            raise InvalidStateError(
                f"phase 'lay' needs more than 3 cards in the player's hand, and hand {seat}"
                f" holds {len(hand)} (BK-MKT-1)"
            )
        return
    least = rules.HAND_SIZE - 1 if mover and state.phase == "collect" else rules.HAND_SIZE
    if len(hand) < least:
        when = (
            "while its placed card waits beside the port"
            if least < rules.HAND_SIZE
            else f"in phase {state.phase!r}"
            if mover
            else "between its turns"
        )
        raise InvalidStateError(
            f"hand {seat} holds {len(hand)} card(s) {when}, and it never holds fewer than"
            f" {least} then: a hand is dealt 3 cards, a turn collects at least the one card it"
            " places, and only the excess over 3 goes to the market (BK-SET-3, BK-MKT-1)"
        )


def _check_market(state: State, seat: int, market: tuple[int, ...]) -> None:
    """BK-MKT-2/3 (first card top-left, connected) and BK-MKT-5 / BK-EXP-1 (chilli cards)."""
    chilli = state.deck.chilli
    filled = [card >= 0 for card in market]
    if any(filled) and not filled[0]:
        raise InvalidStateError(f"market {seat}: the first card lies in the top-left cell")
    reached = _connected(filled)
    cut = [cell + 1 for cell in range(9) if filled[cell] and cell not in reached]
    if cut:  # BK-MKT-3
        raise InvalidStateError(f"market {seat}: cell {cut[0]} is not connected to cell 1")
    for axis in ("row", "column") if state.options.expert else ("row",):
        for line in range(3):
            cells = range(3 * line, 3 * line + 3) if axis == "row" else range(line, 9, 3)
            if sum(market[cell] >= 0 and chilli[market[cell]] for cell in cells) > 1:
                raise InvalidStateError(f"market {seat}: two chilli cards in {axis} {line + 1}")


def _connected(filled: list[bool]) -> set[int]:
    """The filled market cells reachable from cell 0 through filled neighbours."""
    reached: set[int] = set()
    todo = [0] if filled[0] else []
    while todo:
        cell = todo.pop()
        if cell not in reached:
            reached.add(cell)
            todo += [neighbour for neighbour in NEIGHBOURS[cell] if filled[neighbour]]
    return reached


def _check_end(state: State) -> None:
    """The end flag, turn counter, passes and phase agree (BK-END-1, K13, BK-SOLO-3)."""
    full = any(all(card >= 0 for card in market) for market in state.markets)
    if state.end_triggered != full:
        raise InvalidStateError(
            f"end_triggered is {state.end_triggered} but {'a' if full else 'no'} market is complete"
        )
    over = state.phase == "over"
    if state.is_solo:
        if state.turn > SOLO_TURNS or (state.turn == SOLO_TURNS and not over):
            raise InvalidStateError(f"a solo game lasts 9 turns, not {state.turn + 1}")
        ended = state.turn >= SOLO_TURNS or full
    else:
        if state.passes == state.num_players and not over:
            raise InvalidStateError(f"{state.passes} passes in a row: the game is blocked")
        ended = (full and state.player == 0) or state.passes == state.num_players
        if full and state.player == 0 and not over:  # K13
            raise InvalidStateError("a market is complete and the round is finished: game over")
    if over and not ended:
        raise InvalidStateError("phase 'over' without a complete round, 9 solo turns or a block")
    if not over and state.is_solo and full:
        raise InvalidStateError("the solo market is complete: the game is over")
