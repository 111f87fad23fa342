"""Bamboo's legal actions: the decisions open in a state, in a deterministic order.

Actions are interned (built once) since ``legal_actions`` is the hot path of every playout.
"""

from __future__ import annotations

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
from .board import Board
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
# per marker (-1 before the first visit) and bit mask of temples holding shoots: the visits
_VISITS: dict[int, tuple[tuple[Any, ...], ...]] = {
    marker: tuple(
        tuple(_VISIT[temple] for temple in range(4) if mask >> temple & 1 and temple != marker)
        for mask in range(16)
    )
    for marker in range(-1, 4)
}
_PLACE_AT = tuple(
    tuple(
        tuple(_PLACE[code, stalk] for stalk in range(4) if mask >> stalk & 1) for mask in range(16)
    )
    for code in range(20)
)


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
    player = state.player
    board = state.boards[player]
    if phase == "place":
        pending = state.pending
        codes = _DISTINCT_SHOOTS.get(pending)
        if codes is None:
            codes = tuple(sorted(set(pending)))
            if len(_DISTINCT_SHOOTS) < 1 << 14:  # bounded (a temple holds at most 4 shoots)
                _DISTINCT_SHOOTS[pending] = codes
        key = (codes, _OPEN_STALKS[state.per_stalk], state.activations > 0)
        placements = _PLACEMENTS_OF_SHOOTS.get(key)
        if placements is None:
            placements = _placements(*key)
        if board.awake:
            return placements + _summer_spirits(state, board)
        return placements
    if phase == "offer":
        # BB-SUM-4: the visited temple, then the others for a coin each (free with Bakeneko)
        visited = state.visited
        anywhere = board.coins > 0 or state.bakeneko
        awake = board.awake
        if not awake:
            return _OFFERS[visited] if anywhere else _OFFER_ONLY[visited]
        kitsune = state.activated == 0 and not state.kitsune  # BB-SPI-3: still declarable
        offer_key = (visited, anywhere, awake, state.bakeneko, kitsune)
        choices = _OFFERS_WITH_SPIRITS.get(offer_key)
        if choices is None:
            out: list[Any] = list(_OFFERS[visited] if anywhere else _OFFER_ONLY[visited])
            if "bakeneko" in awake and not state.bakeneko:
                out.append(_USE["bakeneko"])
            out.extend(_summer_spirits(state, board))
            choices = tuple(out)
            if len(_OFFERS_WITH_SPIRITS) < 1 << 14:  # bounded (offers and awake spirits)
                _OFFERS_WITH_SPIRITS[offer_key] = choices
        return choices
    if phase == "visit":
        temples = board.temples  # which hold shoots, as a bit mask
        filled = (
            (1 if temples[0] else 0)
            + (2 if temples[1] else 0)
            + (4 if temples[2] else 0)
            + (8 if temples[3] else 0)
        )
        visits = _VISITS[board.marker][filled]  # BB-SUM-2: not the marker's temple
        if state.options.voluntary_pass or not visits:
            visits = (*visits, _PASS)  # BB-SUM-1 (reading): no temple may be visited: one passes
        if board.awake:
            return visits + _summer_spirits(state, board)
        return visits
    if phase == "balance":
        return _balance_actions(state, board)
    if phase == "improve":
        out = [_CHOOSE["decline"], _CHOOSE["coin"]]
        home = board.home
        if -1 in home:  # an empty space (on the night side too: any type may ask for one)
            options = state.options
            coins = board.coins
            for row in state.home_market:
                for home_tile in row:
                    tile = HOME_TILES[home_tile]
                    if tile.cost <= coins and (
                        not options.night_side or free_spaces(options, player, home, tile.type)
                    ):
                        out.append(_BUY[home_tile])
        return tuple(out)
    if phase == "home":
        kind = HOME_TILES[state.buying].type
        if state.options.night_side:
            return _home_places(state.options, player, board.home, kind)
        places = _DAY_HOME_PLACES.get(board.home)
        if places is None:
            places = _home_places(state.options, player, board.home, kind)
            if len(_DAY_HOME_PLACES) < 1 << 14:  # bounded (homes met so far)
                _DAY_HOME_PLACES[board.home] = places
        return places
    if phase == "cook":
        return (_CHOOSE["decline"], *_food_takes(state.food_display))
    if phase == "wildcard":
        return _WILDCARD  # BB-ACT-7
    if phase == "receive":
        return tuple(
            _RECEIVE[temple] for temple in range(4) if len(board.temples[temple]) < TEMPLE_CAPACITY
        )
    if phase == "end":
        return (_END, *(_USE[spirit] for spirit in SUMMER_SPIRITS if spirit in board.awake))
    if phase == "gift":
        display = state.gift_display
        gifts = _GIFTS_SHOWN.get(display)
        if gifts is None:  # bounded: at most 4 of the 4 gifts, in order
            gifts = _GIFTS_SHOWN[display] = tuple(_GIFT[gift] for gift in display)
        return gifts
    if phase == "draft":
        return tuple(_DRAFT[code] for code in sorted(set(state.shoot_pool)))
    if phase == "tengu":
        return (_CHOOSE["refill"], *_food_takes(state.food_display))
    if phase == "tengu_take":
        return _food_takes(state.food_display)  # BB-SPI-6: take 1
    if phase == "wake":
        wake_key = (board.asleep, board.coins)
        wakes = _WAKES.get(wake_key)
        if wakes is None:
            wakes = _wakes(*wake_key)
            if len(_WAKES) < 1 << 14:  # bounded (sleeping spirits and the coins held)
                _WAKES[wake_key] = wakes
        return wakes
    if phase == "feed":
        feed_key = (board.food, state.step == 0 and "ookami" in board.awake)
        feeds = _FEEDS.get(feed_key)
        if feeds is None:
            feeds = _feeds(*feed_key)
            if len(_FEEDS) < 1 << 14:  # bounded (food counts held)
                _FEEDS[feed_key] = feeds
        return feeds
    raise AssertionError(f"unknown phase {phase}")


_OFFERS_WITH_SPIRITS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
"""The offer choices with spirits awake of each (visited temple, others allowed, awake
spirits, Bakeneko's power on, Kitsune still declarable) met so far (BB-SUM-4, B20)."""
_WILDCARD = (_CHOOSE["decline"], *(_CHOOSE[basic] for basic in BASIC_ACTIONS))
"""The Wildcard choices: decline, or one of the four basic actions (BB-ACT-7)."""
_GIFTS_SHOWN: dict[tuple[str, ...], tuple[Any, ...]] = {}
"""The gift choices of each gift display met so far (BB-SPR-3)."""
_DAY_HOME_PLACES: dict[tuple[int, ...], tuple[Any, ...]] = {}
"""The placements of a bought home tile on the day side of each home met so far."""
_WAKES: dict[tuple[tuple[str, ...], int], tuple[Any, ...]] = {}
"""The wake-up choices of each (sleeping spirits, coins) met so far (BB-WIN-1)."""
_FEEDS: dict[tuple[tuple[int, ...], bool], tuple[Any, ...]] = {}
"""The feeding choices of each (food held, Ookami usable) met so far (BB-WIN-2)."""


def _home_places(options: Any, player: int, home: tuple[int, ...], kind: int) -> tuple[Any, ...]:
    """Place the bought tile on each space it may take (BB-ACT-4, BB-ADV-1)."""
    return tuple(_PLACE_HOME[space] for space in free_spaces(options, player, home, kind))


def _wakes(asleep: tuple[str, ...], coins: int) -> tuple[Any, ...]:
    """Wake each sleeping spirit one can pay for, then ``done`` (BB-WIN-1)."""
    out: list[Any] = [
        _WAKE[spirit] for spirit in sorted(set(asleep)) if SPIRIT_COST[spirit] <= coins
    ]
    out.append(_CHOOSE["done"])
    return tuple(out)


def _feeds(food: tuple[int, ...], ookami: bool) -> tuple[Any, ...]:
    """Ookami first (B14), a counter of each kind held, ``done`` with none (BB-WIN-2)."""
    out: list[Any] = [_USE["ookami"]] if ookami else []
    out.extend(_FEED[kind] for kind in range(3) if food[kind] > 0)
    if not any(food):
        out.append(_CHOOSE["done"])
    return tuple(out)


_DISTINCT_SHOOTS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""The distinct codes, sorted, of each tuple of pending shoots met so far."""
_OPEN_STALKS: dict[tuple[int, ...], int] = {
    (first, second, third, fourth): sum(
        1 << stalk
        for stalk, pushed in enumerate((first, second, third, fourth))
        if pushed < STALK_NEW_CAP
    )
    for first in range(STALK_NEW_CAP + 1)
    for second in range(STALK_NEW_CAP + 1)
    for third in range(STALK_NEW_CAP + 1)
    for fourth in range(STALK_NEW_CAP + 1)
}
"""The stalks still open to new shoots (BB-SUM-5), as a bit mask, of each ``per_stalk``."""


def _placements(codes: tuple[int, ...], free: int, activating: bool) -> tuple[Any, ...]:
    """Activate (or, with no activation left, Place) each distinct pending shoot (``codes``) on
    each open stalk (the bit mask ``free``); ``done`` stops activating (BB-SUM-5, BB-SUM-7).
    Remembered in :data:`_PLACEMENTS_OF_SHOOTS` (``legal_actions`` reads it first)."""
    if activating:
        placements = (
            *(action for code in codes for action in _ACTIVATE_AT[code][free]),
            _CHOOSE["done"],
        )
    else:
        placements = tuple(action for code in codes for action in _PLACE_AT[code][free])
    if len(_PLACEMENTS_OF_SHOOTS) < 1 << 16:  # bounded (rarely more than a few thousand)
        _PLACEMENTS_OF_SHOOTS[codes, free, activating] = placements
    return placements


_PLACEMENTS_OF_SHOOTS: dict[tuple[tuple[int, ...], int, bool], tuple[Any, ...]] = {}
"""The placements of each (distinct pending shoots, open stalks as a bit mask, activating)."""


def _summer_spirits(state: Any, board: Board) -> tuple[Any, ...]:
    """Spirit powers usable now in one's Summer turn (B20): the extra actions at any point,
    Kitsune only before the first activation."""
    awake = board.awake
    if not awake:
        return ()
    key = (awake, state.activated == 0 and not state.kitsune)
    powers = _SUMMER_POWERS.get(key)
    if powers is None:
        powers = tuple(_USE[spirit] for spirit in SUMMER_SPIRITS if spirit in awake)
        if key[1] and "kitsune" in awake:
            powers += (_USE["kitsune"],)  # BB-SPI-3: declared before activating
        _SUMMER_POWERS[key] = powers  # bounded: at most 3 tiles of each of 7 spirits, sorted
    return powers


_SUMMER_POWERS: dict[tuple[tuple[str, ...], bool], tuple[Any, ...]] = {}
"""The Summer powers of each (awake spirits, Kitsune still declarable) met so far."""


def _food_takes(display: tuple[int, ...]) -> tuple[Any, ...]:
    """Take each kind of food counter on the display, tea first (BB-ACT-5)."""
    takes = _FOOD_TAKES.get(display)
    if takes is None:  # bounded: at most 5 counters of 3 kinds
        takes = _FOOD_TAKES[display] = tuple(_TAKE_FOOD[food] for food in sorted(set(display)))
    return takes


_FOOD_TAKES: dict[tuple[int, ...], tuple[Any, ...]] = {}
"""The food takes of each food display met so far."""


def _balance_actions(state: Any, board: Board) -> tuple[Any, ...]:
    # BB-ACT-1: `done` after one sub-action; this phase is only left open while another is
    # possible (``_balance_step``), so `done` is always a real choice to stop
    out: list[Any] = [_CHOOSE["decline"], _CHOOSE["hp"]] if state.step == 0 else [_CHOOSE["done"]]
    tiles = state.options.balance_table
    held = board.balance
    owned = [0, 0, 0]
    for tile in held:
        owned[tiles[tile].kind] += 1
    market = state.balance_market
    for kind in range(3):
        if owned[kind] < 2:  # BB-ACT-2: at most 2 of a type
            for tile in market[kind]:
                out.append(_TAKE[tile] if tile < _N_BAL else _custom(tile, tiles))
    if held:
        for tile in held_tiles_met(tiles, held, board.home):  # BB-ACT-3
            out.append(_SCORE[tile] if tile < _N_BAL else ScoreBalanceTile(tiles[tile].name))
    return tuple(out)


def _custom(tile: int, tiles: Any) -> TakeBalanceTile:
    return TakeBalanceTile(tiles[tile].name)


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


# ---------------------------------------------------------------- helpers on the work dict


# ---------------------------------------------------------------- apply
