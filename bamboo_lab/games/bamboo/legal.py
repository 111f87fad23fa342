"""Bamboo's legal actions: the decisions open in a state, in a deterministic order.

Actions are interned (built once) since ``legal_actions`` is the hot path of every playout.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations, product
from typing import Any

from .actions import (
    Activate,
    BuyHomeTile,
    Choose,
    ChooseGift,
    DraftShoot,
    EndTurn,
    Feed,
    Offer,
    Pass,
    Place,
    PlaceHomeTile,
    Receive,
    ScoreBalanceTile,
    TakeBalanceTile,
    TakeFood,
    UseSpirit,
    VisitTemple,
    WakeSpirit,
)
from .components import (
    BASIC_ACTIONS,
    COLOURS,
    FOOD_KINDS,
    GIFTS,
    SHOOT_NAMES,
    SPIRIT_COST,
    SPIRITS,
    SUMMER_SPIRITS,
)
from .reconstructed import BALANCE_TILES, HOME_TILES, night_spaces
from .scoring import held_tiles_met

__all__ = [
    "STALK_NEW_CAP",
    "TEMPLE_CAPACITY",
    "free_spaces",
    "legal_actions",
    "night_of",
]

TEMPLE_CAPACITY = 4
"""A temple of a personal board holds at most 4 shoots (catalog 1.5)."""
STALK_NEW_CAP = 2
"""At most 2 new shoots per stalk in one turn (BB-SUM-5)."""

_N_BAL = len(BALANCE_TILES)

# interned actions (legal_actions is the hot path)
_ACTIVATE = {
    (code, stalk): Activate(SHOOT_NAMES[code], stalk + 1)
    for code in range(20)
    for stalk in range(4)
}
_PLACE = {
    (code, stalk): Place(SHOOT_NAMES[code], stalk + 1) for code in range(20) for stalk in range(4)
}
_DRAFT = tuple(DraftShoot(name) for name in SHOOT_NAMES)
_VISIT = tuple(VisitTemple(colour) for colour in COLOURS)
_OFFER = tuple(Offer(colour) for colour in COLOURS)
_OFFERS = tuple(
    (_OFFER[visited], *(_OFFER[temple] for temple in range(4) if temple != visited))
    for visited in range(4)
)
_OFFER_ONLY = tuple((offer,) for offer in _OFFER)
_RECEIVE = tuple(Receive(colour) for colour in COLOURS)
_TAKE = tuple(TakeBalanceTile(tile.name) for tile in BALANCE_TILES)
_SCORE = tuple(ScoreBalanceTile(tile.name) for tile in BALANCE_TILES)
_BUY = tuple(BuyHomeTile(tile.name) for tile in HOME_TILES)
_PLACE_HOME = tuple(PlaceHomeTile(space // 5, space % 5) for space in range(15))
_TAKE_FOOD = tuple(TakeFood(food) for food in FOOD_KINDS)
_FEED = tuple(Feed(food) for food in FOOD_KINDS)
_USE = {spirit: UseSpirit(spirit) for spirit in SPIRITS}
_WAKE = {spirit: WakeSpirit(spirit) for spirit in SPIRITS}
_GIFT = {gift: ChooseGift(gift) for gift in GIFTS}
_CHOOSE = {
    option: Choose(option) for option in ("hp", "coin", "decline", "done", "refill", *BASIC_ACTIONS)
}
_END = EndTurn()
_PASS = Pass()
_NIGHT = tuple(night_spaces(seat) for seat in range(4))
# per shoot and bit mask of open stalks: its activate (place) actions in stalk order
_ACTIVATE_AT = tuple(
    tuple(
        tuple(_ACTIVATE[code, stalk] for stalk in range(4) if mask >> stalk & 1)
        for mask in range(16)
    )
    for code in range(20)
)
_PLACE_AT = tuple(
    tuple(
        tuple(_PLACE[code, stalk] for stalk in range(4) if mask >> stalk & 1) for mask in range(16)
    )
    for code in range(20)
)
_OPEN_STALKS: dict[tuple[int, ...], int] = {
    per_stalk: sum(1 << stalk for stalk in range(4) if per_stalk[stalk] < STALK_NEW_CAP)
    for per_stalk in product(range(STALK_NEW_CAP + 1), repeat=4)
}
"""The stalks still open to new shoots (BB-SUM-5), as a bit mask, of each ``per_stalk``."""
_VISITS: dict[tuple[int, ...], tuple[Any, ...]] = {
    (marker, *holding): tuple(
        _VISIT[temple] for temple in range(4) if holding[temple] and temple != marker
    )
    for marker in range(-1, 4)
    for holding in product((False, True), repeat=4)
}
"""The visits (BB-SUM-2: not the marker's temple) of each marker (-1 before the first visit)
and temples holding shoots."""
_FOOD_TAKES = {
    frozenset(kinds): tuple(_TAKE_FOOD[food] for food in kinds)
    for count in range(4)
    for kinds in combinations(range(3), count)
}
"""Take each kind of food counter shown, tea first, of each set of kinds shown (BB-ACT-5)."""
_WILDCARD = (_CHOOSE["decline"], *(_CHOOSE[basic] for basic in BASIC_ACTIONS))
"""The Wildcard choices: decline, or one of the four basic actions (BB-ACT-7)."""


def night_of(state_or_work: Any, player: int) -> dict[int, int]:
    """The night-side special spaces of ``player`` (empty on the day side)."""
    options = state_or_work["options"] if isinstance(state_or_work, dict) else state_or_work.options
    return _NIGHT[player] if options.night_side else {}


# ---------------------------------------------------------------- legal actions


def legal_actions(state: Any) -> tuple[Any, ...]:
    """The legal actions of ``state`` in a deterministic order."""
    phase = state.phase
    if phase == "over":
        return ()
    return _ACTIONS_OF_PHASE[phase](state, state.player)


# ------------------------------------------- the set-up draft and Spring (BB-PL-5, BB-SPR-3)


def _draft(state: Any, player: int) -> tuple[Any, ...]:
    """Pick one of the shoots laid out, each code once (BB-PL-5)."""
    return tuple(_DRAFT[code] for code in sorted(set(state.shoot_pool)))


def _gifts(state: Any, player: int) -> tuple[Any, ...]:
    """Pick one of the revealed gifts, in display order (BB-SPR-3)."""
    return tuple(_GIFT[gift] for gift in state.gift_display)


# ------------------------------------------------------------------- Summer (BB-SUM-1..7)


def _visits(state: Any, player: int) -> tuple[Any, ...]:
    """Visit a temple holding shoots other than the marker's (BB-SUM-2); pass when none may be
    visited, or at any time with the voluntary pass (BB-SUM-1)."""
    first, second, third, fourth = state.board_temples[player]
    visits = _VISITS[state.marker[player], bool(first), bool(second), bool(third), bool(fourth)]
    if state.options.voluntary_pass or not visits:
        visits += (_PASS,)
    if state.awake[player]:
        return visits + _summer_spirits(state, player)
    return visits


def _offers(state: Any, player: int) -> tuple[Any, ...]:
    """Offer at the visited temple, or at another for a coin (free with Bakeneko) (BB-SUM-4)."""
    visited = state.visited
    anywhere = state.coins[player] > 0 or state.bakeneko
    offers = _OFFERS[visited] if anywhere else _OFFER_ONLY[visited]
    awake = state.awake[player]
    if not awake:
        return offers
    if "bakeneko" in awake and not state.bakeneko:
        offers += (_USE["bakeneko"],)  # B20: declared before offering
    return offers + _summer_spirits(state, player)


def _placements(state: Any, player: int) -> tuple[Any, ...]:
    """Activate (or, with no activation left, Place) each distinct pending shoot on each stalk
    still open to it; ``done`` stops activating (BB-SUM-5, BB-SUM-7)."""
    placements = _placements_of(
        _distinct(state.pending), _OPEN_STALKS[state.per_stalk], state.activations > 0
    )
    if state.awake[player]:
        return placements + _summer_spirits(state, player)
    return placements


@cache  # a table of a finite set: at most 4 pending shoots of 20 codes
def _distinct(pending: tuple[int, ...]) -> tuple[int, ...]:
    """The distinct codes of ``pending``, in code order."""
    return tuple(sorted(set(pending)))


@cache  # a table of a finite set: up to 4 distinct codes of 20, 16 stalk masks, 2 modes
def _placements_of(codes: tuple[int, ...], free: int, activating: bool) -> tuple[Any, ...]:
    """Activate (or Place) each shoot of ``codes`` on each stalk of the bit mask ``free``, then
    ``done`` while activating (BB-SUM-5, BB-SUM-7)."""
    if activating:
        actions = (action for code in codes for action in _ACTIVATE_AT[code][free])
        return (*actions, _CHOOSE["done"])
    return tuple(action for code in codes for action in _PLACE_AT[code][free])


def _summer_spirits(state: Any, player: int) -> tuple[Any, ...]:
    """Spirit powers usable now in one's Summer turn (B20): the extra actions at any point,
    Kitsune only before the first activation (BB-SPI-3)."""
    return _summer_powers(state.awake[player], state.activated == 0 and not state.kitsune)


@cache  # a table of a finite set: the sorted awake spirits (at most 3 tiles of each of 7)
def _summer_powers(awake: tuple[str, ...], kitsune_declarable: bool) -> tuple[Any, ...]:
    """The Summer powers of the ``awake`` spirits; Kitsune while still declarable (BB-SPI-3)."""
    powers = tuple(_USE[spirit] for spirit in SUMMER_SPIRITS if spirit in awake)
    if kitsune_declarable and "kitsune" in awake:
        powers += (_USE["kitsune"],)
    return powers


def _receive(state: Any, player: int) -> tuple[Any, ...]:
    """Take the ejected shoot into a temple with room for it (BB-SUM-6)."""
    temples = state.board_temples[player]
    return tuple(_RECEIVE[temple] for temple in range(4) if len(temples[temple]) < TEMPLE_CAPACITY)


def _end_turn(state: Any, player: int) -> tuple[Any, ...]:
    """End the turn, or first use a Summer spirit still awake (B20)."""
    awake = state.awake[player]
    return (_END, *(_USE[spirit] for spirit in SUMMER_SPIRITS if spirit in awake))


# ---------------------------------------------------------- the shoot actions (BB-ACT-1..7)


def _balance_actions(state: Any, player: int) -> tuple[Any, ...]:
    """Balance: take a tile from the market (at most 2 of a type) or score a held tile whose
    pattern is met; decline or take 1 HP first, ``done`` after one sub-action (BB-ACT-1..3)."""
    # BB-ACT-1: this phase is only left open while another sub-action is possible
    # (``_balance_step``), so ``done`` is always a real choice to stop
    out: list[Any] = [_CHOOSE["decline"], _CHOOSE["hp"]] if state.step == 0 else [_CHOOSE["done"]]
    tiles = state.options.balance_table
    held = state.balance[player]
    owned = [0, 0, 0]
    for tile in held:
        owned[tiles[tile].kind] += 1
    market = state.balance_market
    for kind in range(3):
        if owned[kind] < 2:  # BB-ACT-2: at most 2 of a type
            for tile in market[kind]:
                out.append(_TAKE[tile] if tile < _N_BAL else TakeBalanceTile(tiles[tile].name))
    if held:
        for tile in held_tiles_met(tiles, held, state.home[player]):  # BB-ACT-3
            out.append(_SCORE[tile] if tile < _N_BAL else ScoreBalanceTile(tiles[tile].name))
    return tuple(out)


def _improvements(state: Any, player: int) -> tuple[Any, ...]:
    """Improve: decline, gain a coin, or buy a market home tile one can pay for and place
    (on the night side, one whose type still has a space) (BB-ACT-4, BB-ADV-1)."""
    out = [_CHOOSE["decline"], _CHOOSE["coin"]]
    home = state.home[player]
    if -1 in home:  # an empty space (on the night side too: any type may ask for one)
        options, coins = state.options, state.coins[player]
        for row in state.home_market:
            for home_tile in row:
                tile = HOME_TILES[home_tile]
                if tile.cost <= coins and (
                    not options.night_side or free_spaces(options, player, home, tile.type)
                ):
                    out.append(_BUY[home_tile])
    return tuple(out)


def _home_places(state: Any, player: int) -> tuple[Any, ...]:
    """Place the bought tile on each space it may take (BB-ACT-4, BB-ADV-1)."""
    kind = HOME_TILES[state.buying].type
    spaces = free_spaces(state.options, player, state.home[player], kind)
    return tuple(_PLACE_HOME[space] for space in spaces)


def _cook(state: Any, player: int) -> tuple[Any, ...]:
    """Cook: decline, or take a face-up food counter (BB-ACT-5)."""
    return (_CHOOSE["decline"], *_food_takes(state.food_display))


def _wildcard(state: Any, player: int) -> tuple[Any, ...]:
    """Wildcard: decline, or one of the four basic actions (BB-ACT-7)."""
    return _WILDCARD


def _food_takes(display: tuple[int, ...]) -> tuple[Any, ...]:
    """Take each kind of food counter on the display, tea first (BB-ACT-5)."""
    return _FOOD_TAKES[frozenset(display)]


# ------------------------------------------------------------------- spirits (BB-SPI-6)


def _tengu(state: Any, player: int) -> tuple[Any, ...]:
    """Tengu: discard and refill the face-up food, or take 1 first (BB-SPI-6)."""
    return (_CHOOSE["refill"], *_food_takes(state.food_display))


def _tengu_take(state: Any, player: int) -> tuple[Any, ...]:
    """Tengu after the refill: take 1 face-up food counter (BB-SPI-6)."""
    return _food_takes(state.food_display)


# ------------------------------------------------------------------- Winter (BB-WIN-1, 2)


def _wakes(state: Any, player: int) -> tuple[Any, ...]:
    """Wake each sleeping spirit one can pay for, then ``done`` (BB-WIN-1)."""
    coins = state.coins[player]
    asleep = sorted(set(state.asleep[player]))
    wakes: list[Any] = [_WAKE[spirit] for spirit in asleep if SPIRIT_COST[spirit] <= coins]
    wakes.append(_CHOOSE["done"])
    return tuple(wakes)


def _feeds(state: Any, player: int) -> tuple[Any, ...]:
    """Ookami first at the start of feeding (B14), a counter of each kind held, ``done`` with
    none (BB-WIN-2)."""
    food = state.food[player]
    ookami = state.step == 0 and "ookami" in state.awake[player]
    feeds: list[Any] = [_USE["ookami"]] if ookami else []
    feeds.extend(_FEED[kind] for kind in range(3) if food[kind] > 0)
    if not any(food):
        feeds.append(_CHOOSE["done"])
    return tuple(feeds)


_ACTIONS_OF_PHASE: dict[str, Callable[[Any, Any], tuple[Any, ...]]] = {
    "draft": _draft,
    "gift": _gifts,
    "visit": _visits,
    "offer": _offers,
    "place": _placements,
    "receive": _receive,
    "end": _end_turn,
    "balance": _balance_actions,
    "improve": _improvements,
    "home": _home_places,
    "cook": _cook,
    "wildcard": _wildcard,
    "tengu": _tengu,
    "tengu_take": _tengu_take,
    "wake": _wakes,
    "feed": _feeds,
}
"""The decisions of each phase (but the end, which has none), by the rule that opens them."""


def free_spaces(options: Any, player: int, home: tuple[int, ...], kind: int | None) -> list[int]:
    """Empty home spaces; on the night side a special space takes only its type (BB-ADV-1)."""
    if not options.night_side:
        return [space for space in range(15) if home[space] < 0]
    night = _NIGHT[player]
    return [
        space
        for space in range(15)
        if home[space] < 0 and (space not in night or kind is None or night[space] == kind)
    ]
