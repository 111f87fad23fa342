"""Bamboo's seasons on the work dict: Spring, the food display, Autumn and Winter.

Like :mod:`.rules`, every function edits a *work dict* (a shallow copy of a state's fields) with
new tuples; the small helpers at the top are shared with :mod:`.rules`.
"""

from __future__ import annotations

from typing import Any, Literal

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.protocol import TERMINAL

from .components import FOOD_VALUES, SPIRIT_COST, TEMPLE_TILE_VALUES
from .scoring import GHOST, least_waste_payment
from .work import Market, Work

__all__ = [
    "BALANCE_MARKET_SIZE",
    "FOOD_DISPLAY_SIZE",
    "HOME_MARKET_SIZE",
    "SEASONS",
    "Counted",
    "SeatField",
    "after_payment",
    "autumn",
    "discard_display",
    "end_feeding",
    "gain",
    "majority_winner",
    "refill_food",
    "remove",
    "season",
    "set_seat",
    "shuffle",
    "spring_turn",
    "start_spring",
    "wake_from",
]


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


SeatField = Literal[
    "hp",
    "coins",
    "reserve",
    "track",
    "board_temples",
    "marker",
    "balance",
    "scored",
    "home",
    "awake",
    "asleep",
    "food",
    "passed",
]
"""The per-seat fields of a personal board (``board.SEAT_FIELDS``): tuples indexed by seat."""


def set_seat(work: Work, name: SeatField, seat: int, value: Any) -> None:
    """Make ``value`` player ``seat``'s entry of the personal-board field ``name``."""
    values: list[Any] = list(work[name])
    values[seat] = value
    work[name] = tuple(values)


Counted = Literal["hp", "coins", "reserve", "track"]
"""The per-seat counts: happiness points, coins, incense sticks in the reserve and on the track."""


def gain(work: Work, name: Counted, seat: int, count: int) -> None:
    """Add ``count`` (taken when negative) to player ``seat``'s count ``name``."""
    values = list(work[name])
    values[seat] += count
    work[name] = tuple(values)


def remove(tup: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """``tup`` without the first ``item``."""
    index = tup.index(item)
    return tup[:index] + tup[index + 1 :]


def shuffle(work: Work, items: Any) -> list[Any]:
    """``items`` shuffled with the state's generator (advanced)."""
    out, work["rng"] = vrng.shuffled(items, work["rng"])
    return out


def start_spring(work: Work) -> None:
    """Spring (BB-SPR-1..3): end the game on an empty round track, else reveal the gifts."""
    if not any(work["track"]):
        work["phase"] = "over"  # BB-SPR-1, BB-END-1
        work["player"] = TERMINAL  # the seat to act is none (current_player reads it)
        return
    gifts = shuffle(work, (*work["gift_display"], *work["gift_stack"]))  # BB-SPR-2
    num_players = work["num_players"]
    work["gift_display"] = tuple(gifts[:num_players])
    work["gift_stack"] = tuple(gifts[num_players:])
    work["player"] = work["first_player"]
    spring_turn(work)


def spring_turn(work: Work) -> None:
    """The current player's Spring: incense from the round track, then a gift (BB-SPR-3)."""
    player = work["player"]
    gain(work, "track", player, -1)  # BB-SPR-3
    gain(work, "reserve", player, 1)
    work["phase"] = "gift"


def discard_display(work: Work) -> None:
    """Discard the face-up food counters (Tengu, BB-SPI-6)."""
    work["food_discard"] = tuple(sorted(work["food_discard"] + work["food_display"]))
    work["food_display"] = ()


def refill_food(work: Work) -> None:
    """Fill the food display up to 5; an empty pile is rebuilt from the discards (BB-ACT-5)."""
    display = list(work["food_display"])
    bag = work["food_bag"]
    while len(display) < FOOD_DISPLAY_SIZE:
        if not bag:
            if not work["food_discard"]:
                break
            bag = tuple(shuffle(work, work["food_discard"]))
            work["food_discard"] = ()
        display.append(bag[0])
        bag = bag[1:]
    work["food_bag"] = bag
    work["food_display"] = tuple(sorted(display))


def autumn(work: Work) -> None:
    """Autumn (BB-AUT-1..4): spirits to the majorities, incense back, the ghost re-dealt."""
    temples = work["temples"]
    stacks = []
    won: list[tuple[str, ...]] = [()] * work["num_players"]
    for sticks, stack in zip(temples, work["spirit_stacks"], strict=True):
        if sticks and stack:
            winner = majority_winner(sticks)
            if winner == GHOST:
                work["spirit_out"] += (stack[0],)  # BB-AUT-2
            else:
                won[winner] += (stack[0],)
            stack = stack[1:]  # BB-AUT-4: the next spirit is revealed
        stacks.append(stack)
    work["spirit_stacks"] = tuple(stacks)
    first, second, third, fourth = temples
    work["reserve"] = tuple(  # BB-AUT-3: every stick back to its owner's reserve
        reserve + first.count(seat) + second.count(seat) + third.count(seat) + fourth.count(seat)
        for seat, reserve in enumerate(work["reserve"])
    )
    work["awake"] = tuple(
        tuple(sorted(awake + won[seat])) if won[seat] else awake
        for seat, awake in enumerate(work["awake"])
    )
    if work["num_players"] == 2:
        tiles = tuple(shuffle(work, TEMPLE_TILE_VALUES))
        work["temple_tiles"] = tiles
        work["temples"] = tuple([_GHOST_STICKS[sticks] for sticks in tiles])
    else:
        work["temples"] = ((), (), (), ())
    wake_from(work, 0)


_GHOST_STICKS = tuple((GHOST,) * sticks for sticks in range(max(TEMPLE_TILE_VALUES) + 1))
"""The ghost's incense of a temple tile of each value, bottom to top (BB-SET-8)."""


def majority_winner(sticks: tuple[int, ...]) -> int:
    """``temple_majority(sticks)[0]``: most sticks, a tie to the highest stick (BB-AUT-1)."""
    best = GHOST
    most = 0
    for owner in dict.fromkeys(reversed(sticks)):  # the owners, highest stick first
        count = sticks.count(owner)
        if count > most:
            best = owner
            most = count
    return best


def wake_from(work: Work, first_offset: int) -> None:
    """Offer the wake-up step to players in turn order from offset ``first_offset`` (BB-WIN-1)."""
    num_players = work["num_players"]
    first = work["first_player"]
    for offset in range(first_offset, num_players):
        seat = (first + offset) % num_players
        coins = work["coins"][seat]
        for sleeper in work["asleep"][seat]:
            if SPIRIT_COST[sleeper] <= coins:
                work["player"] = seat
                work["phase"] = "wake"
                return
    feed_from(work, 0)


def feed_from(work: Work, first_offset: int) -> None:
    """Feed the families in turn order from offset ``first_offset`` (BB-WIN-2)."""
    num_players = work["num_players"]
    auto = work["options"].feeding == "auto"
    for offset in range(first_offset, num_players):
        seat = (work["first_player"] + offset) % num_players
        need = _family_size(work, seat)
        if need == 0:
            continue
        work["player"] = seat
        work["step"] = 0
        if auto:
            auto_feed(work, seat, need)
            continue
        if any(work["food"][seat]) or "ookami" in work["awake"][seat]:
            work["phase"] = "feed"
            return
        gain(work, "hp", seat, -need)
    end_winter(work)


def auto_feed(work: Work, seat: int, need: int) -> None:
    """Feed player ``seat`` at once: Ookami first, then the least-waste payment (option)."""
    units = 0
    awake, asleep = work["awake"][seat], work["asleep"][seat]
    if "ookami" in awake:
        units = 4
        set_seat(work, "awake", seat, remove(awake, "ookami"))
        set_seat(work, "asleep", seat, tuple(sorted((*asleep, "ookami"))))
    food = work["food"][seat]
    if units < need:
        pay = least_waste_payment(food, need - units)
        units += sum(paid * value for paid, value in zip(pay, FOOD_VALUES, strict=True))
        food = tuple(held - paid for held, paid in zip(food, pay, strict=True))
        paid_counters = tuple(kind for kind in range(3) for _ in range(pay[kind]))
        work["food_discard"] = tuple(sorted(work["food_discard"] + paid_counters))
        set_seat(work, "food", seat, food)
    gain(work, "hp", seat, -max(0, need - units))


def after_payment(work: Work) -> None:
    """After a payment: next family when fed, or the end of feeding with nothing to pay."""
    player = work["player"]
    if work["step"] >= _family_size(work, player):
        next_feeder(work)  # the excess is lost (BB-WIN-2)
    elif not any(work["food"][player]) and not (
        "ookami" in work["awake"][player] and work["step"] == 0
    ):
        end_feeding(work)  # nothing left to pay with


def end_feeding(work: Work) -> None:
    """Stop paying: -1 HP per missing unit, then the next family (BB-WIN-2)."""
    player = work["player"]
    missing = max(0, _family_size(work, player) - work["step"])
    gain(work, "hp", player, -missing)  # -1 HP per missing unit
    next_feeder(work)


def _family_size(work: Work, seat: int) -> int:
    """The food units player ``seat``'s family needs: one per home tile (BB-WIN-2)."""
    home = work["home"][seat]
    return len(home) - home.count(-1)


def next_feeder(work: Work) -> None:
    """Feed the next family in turn order."""
    num_players = work["num_players"]
    offset = (work["player"] - work["first_player"]) % num_players
    work["step"] = 0
    feed_from(work, offset + 1)


def rotate(market: Market, size: int) -> Market:
    """BB-WIN-4: the lowest tile goes under its stack, the rest slide, the top fills the row.

    The tiles put under a stack are known to everybody: the market's third part counts that
    public bottom part of each stack, which ``view`` keeps and ``determinize`` does not
    reshuffle.
    """
    rows, piles, known = [], [], []
    for row, stack, seen in zip(*market, strict=True):
        if len(row) == size and stack:  # the usual way: one tile under, one drawn
            rows.append(row[1:] + stack[:1])
            piles.append(stack[1:] + row[:1])
            known.append(seen + 1 if seen < len(stack) else len(stack))
            continue
        if row:
            stack = (*stack, row[0])
            row = row[1:]
            seen += 1
        drawn = size - len(row)  # the row refills from the top (the slices stop at the end)
        if drawn > 0:
            row += stack[:drawn]
            stack = stack[drawn:]
        rows.append(row)
        piles.append(stack)
        known.append(seen if seen < len(stack) else len(stack))
    return tuple(rows), tuple(piles), tuple(known)


def end_winter(work: Work) -> None:
    """The end of Winter: start player, markets, food (BB-WIN-3..5), then the next Spring."""
    num_players = work["num_players"]
    work["step"] = 0
    work["first_player"] = (work["first_player"] + 1) % num_players  # BB-WIN-3
    balance = (work["balance_market"], work["balance_stacks"], work["balance_known"])
    balance = rotate(balance, BALANCE_MARKET_SIZE)
    work["balance_market"], work["balance_stacks"], work["balance_known"] = balance
    home = rotate((work["home_market"], work["home_stacks"], work["home_known"]), HOME_MARKET_SIZE)
    work["home_market"], work["home_stacks"], work["home_known"] = home
    refill_food(work)  # BB-WIN-5
    work["round"] += 1
    start_spring(work)
