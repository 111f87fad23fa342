"""Bamboo's seasons on the work dict: Spring, the food display, Autumn and Winter.

Like :mod:`.rules`, every function edits a *work dict* (a shallow copy of a state's fields) with
new tuples; the small helpers at the top are shared with :mod:`.rules`.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.checks import replace_at

from .actions import Feed, WakeSpirit
from .components import FOOD_KINDS, FOOD_VALUES, SPIRIT_COST, TEMPLE_TILE_VALUES
from .scoring import GHOST, least_waste_payment, temple_majority

__all__ = [
    "BALANCE_MARKET_SIZE",
    "FOOD_DISPLAY_SIZE",
    "HOME_MARKET_SIZE",
    "SEASONS",
    "W",
    "after_payment",
    "autumn",
    "discard_display",
    "do_feed",
    "do_wake",
    "end_feeding",
    "refill_food",
    "remove",
    "season",
    "set_board",
    "shuffle",
    "spring_turn",
    "start_spring",
    "wake_from",
]

W = dict[str, Any]
"""A work dict: the fields of a state being turned into the next state."""

BALANCE_MARKET_SIZE = 3  # BB-SET-3
HOME_MARKET_SIZE = 4  # BB-SET-4, B1
FOOD_DISPLAY_SIZE = 5  # BB-SET-6


SEASONS: tuple[str, ...] = ("setup", "Spring", "Summer", "Autumn", "Winter", "over")
"""The answers of :func:`season`: the set-up draft, the four seasons of a round, the end."""


def season(state: Any) -> str:
    """The season of ``state``'s pending decision: ``setup``, ``Spring``, ``Summer``, ``Winter``
    or ``over`` (one of :data:`SEASONS`).

    A round is Spring, Summer, Autumn and Winter (R-EN section V); the set-up draft (BB-PL-5)
    comes before the first Spring. A gift's action is still Spring (BB-SPR-3); waking spirits
    and feeding the family are Winter (BB-WIN-1, BB-WIN-2). Autumn and the end of Winter ask no
    decision (they resolve at once), so ``Autumn`` is never the answer for a state.
    """
    phase = state.phase
    if phase == "over":
        return "over"
    if phase == "draft":
        return "setup"
    if phase == "gift" or state.context == "gift":
        return "Spring"
    if phase in ("wake", "feed"):
        return "Winter"
    return "Summer"


def set_board(w: W, p: int, **changes: Any) -> None:
    """Replace fields of player ``p``'s board."""
    boards = list(w["boards"])
    boards[p] = boards[p].changed(changes)
    w["boards"] = tuple(boards)


def remove(tup: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """``tup`` without the first ``item``."""
    i = tup.index(item)
    return tup[:i] + tup[i + 1 :]


def shuffle(w: W, items: Any) -> list[Any]:
    """``items`` shuffled with the state's generator (advanced)."""
    out, w["rng"] = vrng.shuffled(items, w["rng"])
    return out


def start_spring(w: W) -> None:
    """Spring (BB-SPR-1..3): end the game on an empty round track, else reveal the gifts."""
    if not any(b.track for b in w["boards"]):
        w["phase"] = "over"  # BB-SPR-1, BB-END-1
        w["player"] = -2
        return
    gifts = shuffle(w, (*w["gift_display"], *w["gift_stack"]))  # BB-SPR-2
    n = w["num_players"]
    w["gift_display"] = tuple(gifts[:n])
    w["gift_stack"] = tuple(gifts[n:])
    w["player"] = w["first_player"]
    spring_turn(w)


def spring_turn(w: W) -> None:
    """The current player's Spring: incense from the round track, then a gift (BB-SPR-3)."""
    p = w["player"]
    b = w["boards"][p]
    set_board(w, p, track=b.track - 1, reserve=b.reserve + 1)  # BB-SPR-3
    w["phase"] = "gift"


def discard_display(w: W) -> None:
    """Discard the face-up food counters (Tengu, BB-SPI-6)."""
    w["food_discard"] = tuple(sorted(w["food_discard"] + w["food_display"]))
    w["food_display"] = ()


def refill_food(w: W) -> None:
    """Fill the food display up to 5; an empty pile is rebuilt from the discards (BB-ACT-5)."""
    display = list(w["food_display"])
    bag = w["food_bag"]
    while len(display) < FOOD_DISPLAY_SIZE:
        if not bag:
            if not w["food_discard"]:
                break
            bag = tuple(shuffle(w, w["food_discard"]))
            w["food_discard"] = ()
        display.append(bag[0])
        bag = bag[1:]
    w["food_bag"] = bag
    w["food_display"] = tuple(sorted(display))


def autumn(w: W) -> None:
    """Autumn (BB-AUT-1..4): spirits to the majorities, incense back, the ghost re-dealt."""
    temples = w["temples"]
    stacks = list(w["spirit_stacks"])
    for t in range(4):
        if not temples[t] or not stacks[t]:
            continue
        winner = temple_majority(temples[t])[0]
        spirit = stacks[t][0]
        stacks[t] = stacks[t][1:]  # BB-AUT-4: the next spirit is revealed
        if winner == GHOST:
            w["spirit_out"] = (*w["spirit_out"], spirit)  # BB-AUT-2
        else:
            b = w["boards"][winner]
            set_board(w, winner, awake=tuple(sorted((*b.awake, spirit))))
    w["spirit_stacks"] = tuple(stacks)
    back = [0] * w["num_players"]
    for stack in temples:
        for owner in stack:
            if owner != GHOST:
                back[owner] += 1
    w["boards"] = tuple(
        b.replace(reserve=b.reserve + back[i]) for i, b in enumerate(w["boards"])
    )  # BB-AUT-3
    if w["num_players"] == 2:
        tiles = tuple(shuffle(w, TEMPLE_TILE_VALUES))
        w["temple_tiles"] = tiles
        w["temples"] = tuple((GHOST,) * v for v in tiles)
    else:
        w["temples"] = ((), (), (), ())
    wake_from(w, 0)


def wake_from(w: W, k0: int) -> None:
    """Offer the wake-up step to players in turn order from offset ``k0`` (BB-WIN-1)."""
    n = w["num_players"]
    for k in range(k0, n):
        q = (w["first_player"] + k) % n
        b = w["boards"][q]
        if any(SPIRIT_COST[s] <= b.coins for s in b.asleep):
            w["player"] = q
            w["phase"] = "wake"
            return
    feed_from(w, 0)


def feed_from(w: W, k0: int) -> None:
    """Feed the families in turn order from offset ``k0`` (BB-WIN-2)."""
    n = w["num_players"]
    auto = w["options"].feeding == "auto"
    for k in range(k0, n):
        q = (w["first_player"] + k) % n
        b = w["boards"][q]
        need = sum(1 for h in b.home if h >= 0)
        if need == 0:
            continue
        w["player"] = q
        w["step"] = 0
        if auto:
            auto_feed(w, q, need)
            continue
        if any(b.food) or "ookami" in b.awake:
            w["phase"] = "feed"
            return
        set_board(w, q, hp=b.hp - need)
    end_winter(w)


def auto_feed(w: W, q: int, need: int) -> None:
    """Feed player ``q`` at once: Ookami first, then the least-waste payment (option)."""
    b = w["boards"][q]
    units = 0
    awake, asleep = b.awake, b.asleep
    if "ookami" in awake:
        units = 4
        awake = remove(awake, "ookami")
        asleep = tuple(sorted((*asleep, "ookami")))
    food = b.food
    if units < need:
        pay = least_waste_payment(food, need - units)
        units += sum(n * v for n, v in zip(pay, FOOD_VALUES, strict=True))
        food = tuple(f - n for f, n in zip(food, pay, strict=True))
        w["food_discard"] = tuple(
            sorted(w["food_discard"] + tuple(f for f in range(3) for _ in range(pay[f])))
        )
    set_board(w, q, awake=awake, asleep=asleep, food=food, hp=b.hp - max(0, need - units))


def after_payment(w: W) -> None:
    """After a payment: next family when fed, or the end of feeding with nothing to pay."""
    p = w["player"]
    b = w["boards"][p]
    need = sum(1 for h in b.home if h >= 0)
    if w["step"] >= need:
        next_feeder(w)  # the excess is lost (BB-WIN-2)
    elif not any(b.food) and not ("ookami" in b.awake and w["step"] == 0):
        end_feeding(w)  # nothing left to pay with


def end_feeding(w: W) -> None:
    """Stop paying: -1 HP per missing unit, then the next family (BB-WIN-2)."""
    p = w["player"]
    b = w["boards"][p]
    need = sum(1 for h in b.home if h >= 0)
    set_board(w, p, hp=b.hp - max(0, need - w["step"]))  # -1 HP per missing unit
    next_feeder(w)


def next_feeder(w: W) -> None:
    """Feed the next family in turn order."""
    n = w["num_players"]
    k = (w["player"] - w["first_player"]) % n
    w["step"] = 0
    feed_from(w, k + 1)


def do_feed(w: W, a: Feed) -> None:
    """Pay one food counter (BB-WIN-2)."""
    f = FOOD_KINDS.index(a.food)
    p = w["player"]
    b = w["boards"][p]
    set_board(w, p, food=replace_at(b.food, f, b.food[f] - 1))
    w["food_discard"] = tuple(sorted((*w["food_discard"], f)))
    w["step"] += FOOD_VALUES[f]
    after_payment(w)


def do_wake(w: W, a: WakeSpirit) -> None:
    """Wake a sleeping spirit for its cost (BB-WIN-1)."""
    k = a.spirit
    p = w["player"]
    b = w["boards"][p]
    set_board(
        w,
        p,
        coins=b.coins - SPIRIT_COST[k],
        asleep=remove(b.asleep, k),
        awake=tuple(sorted((*b.awake, k))),
    )
    b = w["boards"][p]
    if not any(SPIRIT_COST[s] <= b.coins for s in b.asleep):
        wake_from(w, (p - w["first_player"]) % w["num_players"] + 1)


def rotate(w: W, name: str, size: int) -> None:
    """BB-WIN-4: the lowest tile goes under its stack, the rest slide, the top fills the row.

    The tiles put under a stack are known to everybody: ``<name>_known`` counts that public
    bottom part of each stack, which ``view`` keeps and ``determinize`` does not reshuffle.
    """
    rows, piles, known = [], [], []
    for row, st, k in zip(
        w[name + "_market"], w[name + "_stacks"], w[name + "_known"], strict=True
    ):
        if row:
            st = (*st, row[0])
            row = row[1:]
            k += 1
        while len(row) < size and st:
            row = (*row, st[0])
            st = st[1:]
        rows.append(row)
        piles.append(st)
        known.append(min(k, len(st)))
    w[name + "_market"] = tuple(rows)
    w[name + "_stacks"] = tuple(piles)
    w[name + "_known"] = tuple(known)


def end_winter(w: W) -> None:
    """The end of Winter: start player, markets, food (BB-WIN-3..5), then the next Spring."""
    n = w["num_players"]
    w["step"] = 0
    w["first_player"] = (w["first_player"] + 1) % n  # BB-WIN-3
    rotate(w, "balance", BALANCE_MARKET_SIZE)
    rotate(w, "home", HOME_MARKET_SIZE)
    refill_food(w)  # BB-WIN-5
    w["round"] += 1
    start_spring(w)
