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
    ACTION_LETTERS,
    BASIC_ACTIONS,
    COLOUR_LETTERS,
    COLOURS,
    FOOD_KINDS,
    GIFTS,
    SPIRIT_COST,
    SPIRITS,
    SUMMER_SPIRITS,
)
from .reconstructed import BALANCE_TILES, HOME_TILES, night_spaces
from .scoring import is_balance_met

__all__ = [
    "SHOOT_CODE",
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

_SHOOT_NAME = tuple(COLOUR_LETTERS[c // 5] + ACTION_LETTERS[c % 5] for c in range(20))
SHOOT_CODE: dict[str, int] = {n: i for i, n in enumerate(_SHOOT_NAME)}
"""The code of each two-letter shoot name."""
_N_BAL = len(BALANCE_TILES)

# interned actions (legal_actions is the hot path)
_ACTIVATE = {(c, s): Activate(_SHOOT_NAME[c], s + 1) for c in range(20) for s in range(4)}
_PLACE = {(c, s): Place(_SHOOT_NAME[c], s + 1) for c in range(20) for s in range(4)}
_DRAFT = tuple(DraftShoot(n) for n in _SHOOT_NAME)
_VISIT = tuple(VisitTemple(c) for c in COLOURS)
_OFFER = tuple(Offer(c) for c in COLOURS)
_OFFERS = tuple((_OFFER[v], *(_OFFER[t] for t in range(4) if t != v)) for v in range(4))
_RECEIVE = tuple(Receive(c) for c in COLOURS)
_TAKE = tuple(TakeBalanceTile(t.name) for t in BALANCE_TILES)
_SCORE = tuple(ScoreBalanceTile(t.name) for t in BALANCE_TILES)
_BUY = tuple(BuyHomeTile(t.name) for t in HOME_TILES)
_HOMEAT = tuple(PlaceHomeTile(i // 5, i % 5) for i in range(15))
_FOODA = tuple(TakeFood(f) for f in FOOD_KINDS)
_FEED = tuple(Feed(f) for f in FOOD_KINDS)
_USE = {s: UseSpirit(s) for s in SPIRITS}
_WAKE = {s: WakeSpirit(s) for s in SPIRITS}
_GIFT = {g: ChooseGift(g) for g in GIFTS}
_CH = {o: Choose(o) for o in ("hp", "coin", "decline", "done", "refill", *BASIC_ACTIONS)}
_END = EndTurn()
_PASS = Pass()
_NIGHT = tuple(night_spaces(k) for k in range(4))
# per shoot and bit mask of open stalks: its activate (place) actions in stalk order
_ACTIVATE_AT = tuple(
    tuple(tuple(_ACTIVATE[c, k] for k in range(4) if mask >> k & 1) for mask in range(16))
    for c in range(20)
)
_PLACE_AT = tuple(
    tuple(tuple(_PLACE[c, k] for k in range(4) if mask >> k & 1) for mask in range(16))
    for c in range(20)
)


def night_of(state_or_work: Any, player: int) -> dict[int, int]:
    """The night-side special spaces of ``player`` (empty on the day side)."""
    options = state_or_work["options"] if isinstance(state_or_work, dict) else state_or_work.options
    return _NIGHT[player] if options.night_side else {}


# ---------------------------------------------------------------- legal actions


def legal_actions(s: Any) -> tuple[Any, ...]:
    """The legal actions of ``s`` in a deterministic order."""
    phase = s.phase
    if phase == "over":
        return ()
    p = s.player
    b = s.boards[p]
    if phase == "place":
        ps = s.per_stalk
        cap = STALK_NEW_CAP  # the stalks still open this turn (BB-SUM-5), as a bit mask
        free = (ps[0] < cap) + 2 * (ps[1] < cap) + 4 * (ps[2] < cap) + 8 * (ps[3] < cap)
        key = (s.pending, free, s.activations > 0)
        placements = _PLACEMENTS.get(key)
        if placements is None:
            placements = _placements(*key)
            if len(_PLACEMENTS) < 1 << 16:  # bounded (the pending order is part of the key)
                _PLACEMENTS[key] = placements
        if b.awake:
            return (*placements, *_summer_spirits(s, b))
        return placements
    if phase == "balance":
        return _balance_actions(s, b)
    if phase == "visit":
        out: list[Any] = [
            _VISIT[t]
            for t in range(4)
            if b.temples[t] and (t != b.marker)  # BB-SUM-2
        ]
        if s.options.voluntary_pass or not out:
            out.append(_PASS)  # BB-SUM-1 (reading): no temple may be visited, so one passes
        out.extend(_summer_spirits(s, b))
        return tuple(out)
    if phase == "offer":
        # BB-SUM-4: the visited temple, then the others for a coin each (free with Bakeneko)
        offers = _OFFERS[s.visited] if b.coins > 0 or s.bakeneko else (_OFFER[s.visited],)
        if not b.awake:
            return offers
        out = list(offers)
        if "bakeneko" in b.awake and not s.bakeneko:
            out.append(_USE["bakeneko"])
        out.extend(_summer_spirits(s, b))
        return tuple(out)
    if phase == "improve":
        out = [_CH["decline"], _CH["coin"]]
        free = free_spaces(s.options, p, b.home, None)
        if free:
            for row in s.home_market:
                for h in row:
                    tile = HOME_TILES[h]
                    if tile.cost <= b.coins and (
                        not s.options.night_side or free_spaces(s.options, p, b.home, tile.type)
                    ):
                        out.append(_BUY[h])
        return tuple(out)
    if phase == "home":
        tile = HOME_TILES[s.buying]
        return tuple(_HOMEAT[i] for i in free_spaces(s.options, p, b.home, tile.type))
    if phase == "cook":
        return (_CH["decline"], *(_FOODA[f] for f in sorted(set(s.food_display))))
    if phase == "wildcard":
        return (_CH["decline"], *(_CH[a] for a in BASIC_ACTIONS))  # BB-ACT-7
    if phase == "receive":
        return tuple(_RECEIVE[t] for t in range(4) if len(b.temples[t]) < TEMPLE_CAPACITY)
    if phase == "end":
        return (_END, *(_USE[k] for k in SUMMER_SPIRITS if k in b.awake))
    if phase == "gift":
        return tuple(_GIFT[g] for g in s.gift_display)
    if phase == "draft":
        return tuple(_DRAFT[c] for c in sorted(set(s.shoot_pool)))
    if phase == "tengu":
        return (_CH["refill"], *(_FOODA[f] for f in sorted(set(s.food_display))))
    if phase == "tengu_take":
        return tuple(_FOODA[f] for f in sorted(set(s.food_display)))  # BB-SPI-6: take 1
    if phase == "wake":
        out = [_WAKE[k] for k in sorted(set(b.asleep)) if SPIRIT_COST[k] <= b.coins]
        out.append(_CH["done"])
        return tuple(out)
    if phase == "feed":
        out = []
        if "ookami" in b.awake and s.step == 0:
            out.append(_USE["ookami"])  # B14: Ookami's units come first
        out.extend(_FEED[f] for f in range(3) if b.food[f] > 0)
        if not any(b.food):
            out.append(_CH["done"])
        return tuple(out)
    raise AssertionError(f"unknown phase {phase}")


_PLACEMENTS: dict[tuple[tuple[int, ...], int, bool], tuple[Any, ...]] = {}
"""The placements of each (pending shoots, open stalks, activating) met so far."""


def _placements(pending: tuple[int, ...], free: int, activating: bool) -> tuple[Any, ...]:
    """Activate (or, with no activation left, Place) each distinct pending shoot on each open
    stalk; ``done`` stops activating (BB-SUM-5, BB-SUM-7)."""
    codes = sorted(set(pending))
    if activating:
        return (*(a for c in codes for a in _ACTIVATE_AT[c][free]), _CH["done"])
    return tuple(a for c in codes for a in _PLACE_AT[c][free])


def _summer_spirits(s: Any, b: Board) -> list[Any]:
    """Spirit powers usable now in one's Summer turn (B20): the extra actions at any point,
    Kitsune only before the first activation."""
    if not b.awake:
        return []
    out = [_USE[k] for k in SUMMER_SPIRITS if k in b.awake]
    if "kitsune" in b.awake and s.activated == 0 and not s.kitsune:
        out.append(_USE["kitsune"])  # BB-SPI-3: declared before activating
    return out


def _balance_actions(s: Any, b: Board) -> tuple[Any, ...]:
    # BB-ACT-1: `done` after one sub-action; this phase is only left open while another is
    # possible (``_balance_step``), so `done` is always a real choice to stop
    out: list[Any] = [_CH["decline"], _CH["hp"]] if s.step == 0 else [_CH["done"]]
    tiles = s.options.balance_table
    owned = [0, 0, 0]
    for t in b.balance:
        owned[tiles[t].kind] += 1
    for kind in range(3):
        if owned[kind] < 2:  # BB-ACT-2: at most 2 of a type
            out.extend(
                _TAKE[t] if t < _N_BAL else _custom(t, tiles) for t in s.balance_market[kind]
            )
    for t in b.balance:
        if is_balance_met(tiles[t], b.home):  # BB-ACT-3
            out.append(_SCORE[t] if t < _N_BAL else ScoreBalanceTile(tiles[t].name))
    return tuple(out)


def _custom(t: int, tiles: Any) -> TakeBalanceTile:
    return TakeBalanceTile(tiles[t].name)


def free_spaces(options: Any, p: int, home: tuple[int, ...], kind: int | None) -> list[int]:
    """Empty home spaces; on the night side a special space takes only its type (BB-ADV-1)."""
    if not options.night_side:
        return [i for i in range(15) if home[i] < 0]
    night = _NIGHT[p]
    return [
        i for i in range(15) if home[i] < 0 and (i not in night or kind is None or night[i] == kind)
    ]


# ---------------------------------------------------------------- helpers on the work dict


# ---------------------------------------------------------------- apply
