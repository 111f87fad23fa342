"""Bamboo rules: the legal actions of a state and the result of applying one.

The rules work on a *work dict*: a shallow copy of a state's fields that ``apply`` edits with new
tuples and turns into the next state, so the input state is never mutated. Forced steps
(Spring incense, Fund, Autumn, the Winter upkeep, a forced pass, an offering without any
choice, the only temple with room, the end of a Balance action with no sub-action left, a Cook
with no food counter left) are resolved at once; every real choice is an action.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.checks import replace_at

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
    ACTIONS,
    COLOUR_INDEX,
    FOOD_INDEX,
    FOOD_VALUES,
    SHOOT_CODE,
    SPIRIT_COST,
    SUMMER_SPIRITS,
)
from .legal import STALK_NEW_CAP, TEMPLE_CAPACITY, legal_actions, night_of
from .reconstructed import HOME_TILES
from .scoring import held_tiles_met
from .seasons import (
    after_payment,
    autumn,
    discard_display,
    end_feeding,
    gain,
    refill_food,
    remove,
    set_seat,
    spring_turn,
    start_spring,
    wake_from,
)
from .work import Market, Work

if TYPE_CHECKING:
    from .state import State

__all__ = ["HANDLERS", "legal_actions", "night_of"]

_HOME = {tile.name: tile.id for tile in HOME_TILES}
_SUMMER_POWERS = frozenset(SUMMER_SPIRITS)


def _do_draft_shoot(state: State, work: Work, action: DraftShoot) -> None:
    code = SHOOT_CODE[action.shoot]
    player = work["player"]
    work["shoot_pool"] = remove(work["shoot_pool"], code)
    _to_temple(work, player, code // 5, code)  # BB-PL-5
    num_players = work["num_players"]
    if not work["shoot_pool"]:
        work["shoot_box"] = tuple(sorted(work["shoot_box"]))
        start_spring(work)
        return
    picks = 2 * num_players - len(work["shoot_pool"])  # B9: the same clockwise order for both picks
    if work["options"].draft_order == "snake" and picks >= num_players:
        work["player"] = (work["first_player"] + 2 * num_players - 1 - picks) % num_players
    else:
        work["player"] = (work["first_player"] + picks) % num_players


def _do_choose_gift(state: State, work: Work, action: ChooseGift) -> None:
    work["gift_display"] = remove(work["gift_display"], action.gift)
    work["gift_stack"] = (action.gift, *work["gift_stack"])  # returned face down on top
    work["context"] = "gift"
    _begin_action(work, ACTIONS.index(action.gift))


def _begin_action(work: Work, action: int) -> None:
    work["step"] = 0
    if action == 3:  # Fund: take 2 coins (BB-ACT-6)
        gain(work, "coins", work["player"], 2)
        _finish_action(work)
    elif action == 2 and not work["food_display"]:
        _finish_action(work)  # BB-ACT-5: no counter to take (all held), so no `decline` to ask
    else:
        work["phase"] = ACTIONS[action]


def _finish_action(work: Work) -> None:
    ctx = work["context"]
    work["context"] = ""
    work["step"] = 0
    if ctx == "gift":
        player = (work["player"] + 1) % work["num_players"]
        if player == work["first_player"]:
            work["gift_stack"] = (*work["gift_display"], *work["gift_stack"])
            work["gift_display"] = ()
            _start_summer(work)
        else:
            work["player"] = player
            spring_turn(work)
    elif ctx == "shoot":
        code, stalk = work["activating"]
        work["activating"] = ()
        _push(work, code, stalk)
    else:  # a spirit's action
        _resume(work)


def _resume(work: Work) -> None:
    """Back to the step of the turn where a spirit's extra action was taken."""
    phase = work["resume"]
    work["resume"] = ""
    if phase == "visit":
        work["phase"] = "visit"
    elif phase == "offer":
        _offer_or_auto(work)
    else:
        _continue_turn(work)


def _start_summer(work: Work) -> None:
    num_players = work["num_players"]
    work["passed"] = (False,) * num_players
    if work["options"].first_turn_free == "round":
        work["marker"] = (-1,) * num_players
    _next_summer(work, work["first_player"])


def _next_summer(work: Work, first: int) -> None:
    """Give the turn to the next player from ``first`` who has not passed (BB-SUM-1)."""
    num_players = work["num_players"]
    for offset in range(num_players):
        seat = (first + offset) % num_players
        if work["passed"][seat]:
            continue
        if work["reserve"][seat] == 0:
            set_seat(work, "passed", seat, True)  # BB-SUM-1: no incense, must pass
            continue
        work["player"] = seat
        work["phase"] = "visit"
        return
    autumn(work)


def _end_turn(work: Work) -> None:
    work.update(_TURN_RESET)  # type: ignore[typeddict-item]
    _next_summer(work, (work["player"] + 1) % work["num_players"])


_TURN_RESET: dict[str, Any] = {
    "visited": -1,
    "kitsune": False,
    "bakeneko": False,
    "activated": 0,
    "per_stalk": (0, 0, 0, 0),
}
"""The fields a Summer turn's end resets (one ``update``)."""


def _do_pass(state: State, work: Work, action: Pass) -> None:
    set_seat(work, "passed", work["player"], True)
    _end_turn(work)


def _do_visit_temple(state: State, work: Work, action: VisitTemple) -> None:
    temple = COLOUR_INDEX[action.temple]
    player = work["player"]
    temples = work["board_temples"][player]
    shoots = temples[temple]
    sticks = len(shoots)
    reserve = work["reserve"][player]
    if sticks > reserve:  # BB-SUM-3: a stick per shoot, as many as one has
        sticks = reserve
    set_seat(work, "marker", player, temple)
    set_seat(work, "board_temples", player, replace_at(temples, temple, ()))
    work["visited"] = temple
    work["pending"] = shoots
    work["sticks"] = sticks
    work["activations"] = sticks  # BB-SUM-5: as many as sticks offered
    work["activated"] = 0
    _offer_or_auto(work)


def _offer_or_auto(work: Work) -> None:
    sticks = work["sticks"]
    if sticks == 0:
        _continue_turn(work)
        return
    player = work["player"]
    awake = work["awake"][player]
    if work["coins"][player] == 0 and not work["bakeneko"] and "bakeneko" not in awake:
        temple = work["visited"]  # no redirect is possible: every stick goes to the visited temple
        gain(work, "reserve", player, -sticks)
        temples = list(work["temples"])
        temples[temple] += (player,) * sticks
        work["temples"] = tuple(temples)
        work["sticks"] = 0
        _continue_turn(work)
    else:
        work["phase"] = "offer"


def _do_offer(state: State, work: Work, action: Offer) -> None:
    temple = COLOUR_INDEX[action.temple]
    player = work["player"]
    gain(work, "reserve", player, -1)
    if temple != work["visited"] and not work["bakeneko"]:
        gain(work, "coins", player, -1)  # BB-SUM-4: a coin to offer elsewhere
    temples = list(work["temples"])
    temples[temple] += (player,)  # the stick is stacked on top
    work["temples"] = tuple(temples)
    sticks = work["sticks"] - 1
    work["sticks"] = sticks
    _offer_or_auto(work)


def _continue_turn(work: Work) -> None:
    if work["pending"]:
        work["phase"] = "place"
    else:
        _shoots_placed(work)


def _shoots_placed(work: Work) -> None:
    """The turn after its last shoot: a Summer power may still be used, else it ends."""
    awake = work["awake"][work["player"]]
    if awake and not _SUMMER_POWERS.isdisjoint(awake):
        work["phase"] = "end"
    else:
        _end_turn(work)


def _do_activate(state: State, work: Work, action: Activate) -> None:
    code = SHOOT_CODE[action.shoot]
    pending = work["pending"]
    index = pending.index(code)
    work["pending"] = pending[:index] + pending[index + 1 :]
    work["activations"] -= 1
    work["activated"] += 1
    work["activating"] = (code, action.stalk - 1)
    work["context"] = "shoot"
    _begin_action(work, 4 if work["kitsune"] else code % 5)  # BB-SPI-3


def _do_place(state: State, work: Work, action: Place) -> None:
    code = SHOOT_CODE[action.shoot]
    pending = work["pending"]
    index = pending.index(code)
    work["pending"] = pending[:index] + pending[index + 1 :]
    _push(work, code, action.stalk - 1)


def _push(work: Work, code: int, stalk: int) -> None:
    """Push a shoot in at the base of a stalk; the top shoot is ejected (BB-SUM-6, B5)."""
    stalks = list(work["stalks"])
    old = stalks[stalk]
    stalks[stalk] = (code, old[0], old[1])
    work["stalks"] = tuple(stalks)
    per_stalk = work["per_stalk"]
    bumped = _BUMPED.get(per_stalk)
    if bumped is None:
        pushed = list(per_stalk)
        pushed[stalk] += 1
        work["per_stalk"] = tuple(pushed)
    else:
        work["per_stalk"] = bumped[stalk]
    # the ejected shoot goes to its colour's temple, else to the only one with room, else the
    # player chooses (phase ``receive``)
    ejected = old[2]
    player = work["player"]
    temples = work["board_temples"][player]
    colour = ejected // 5
    if len(temples[colour]) >= TEMPLE_CAPACITY:
        room = [temple for temple in range(4) if len(temples[temple]) < TEMPLE_CAPACITY]
        if len(room) != 1:
            work["receiving"] = ejected
            work["phase"] = "receive"
            return
        colour = room[0]
    _to_temple(work, player, colour, ejected)
    _continue_turn(work)


def _to_temple(work: Work, player: int, temple: int, code: int) -> None:
    """Put the shoot ``code`` on top of ``player``'s temple ``temple``."""
    temples = work["board_temples"][player]
    set_seat(work, "board_temples", player, replace_at(temples, temple, (*temples[temple], code)))


_BUMPED = {
    per_stalk: tuple(
        (*per_stalk[:stalk], per_stalk[stalk] + 1, *per_stalk[stalk + 1 :]) for stalk in range(4)
    )
    for per_stalk in itertools.product(range(STALK_NEW_CAP + 1), repeat=4)
}
"""``per_stalk`` after a shoot pushed into each stalk, for every ``per_stalk`` a turn can
reach (BB-SUM-5: at most 2 new shoots per stalk; others are built when met)."""


def _do_receive(state: State, work: Work, action: Receive) -> None:
    temple = COLOUR_INDEX[action.temple]
    _to_temple(work, work["player"], temple, work["receiving"])
    work["receiving"] = -1
    _continue_turn(work)


def _do_choose(state: State, work: Work, action: Choose) -> None:
    opt = action.option
    player = work["player"]
    phase = work["phase"]
    if phase == "wildcard" and opt != "decline":
        _begin_action(work, ACTIONS.index(opt))  # BB-ACT-7
    elif phase == "wake":
        wake_from(work, (player - work["first_player"]) % work["num_players"] + 1)
    elif phase == "feed":
        end_feeding(work)
    elif phase == "place":
        work["activations"] = 0  # BB-SUM-7: the remaining actions are declined
    elif phase == "tengu":
        discard_display(work)
        refill_food(work)
        work["phase"] = "tengu_take"  # BB-SPI-6: then take 1 of the new counters (no decline)
    else:
        if opt == "hp":
            gain(work, "hp", player, 1)  # BB-ACT-1
        elif opt == "coin":
            gain(work, "coins", player, 1)  # BB-ACT-4
        _finish_action(work)


def _take_from_market(market: Market, row: int, tile: int) -> Market:
    """Take a tile; the others slide down; the top of the stack fills the emptied space."""
    rows, stacks, known = market
    market_row = rows[row]
    index = market_row.index(tile)
    market_row = market_row[:index] + market_row[index + 1 :]
    stack = stacks[row]
    if stack:
        market_row = (*market_row, stack[0])
        stack = stack[1:]
        stacks = (*stacks[:row], stack, *stacks[row + 1 :])
        if known[row] > len(stack):
            known = (*known[:row], len(stack), *known[row + 1 :])
    return (*rows[:row], market_row, *rows[row + 1 :]), stacks, known


def _do_take_balance_tile(state: State, work: Work, action: TakeBalanceTile) -> None:
    tile = work["options"].balance_ids[action.tile]
    player = work["player"]
    kind = work["options"].balance_table[tile].kind
    market = (work["balance_market"], work["balance_stacks"], work["balance_known"])
    taken = _take_from_market(market, kind, tile)  # BB-ACT-2
    work["balance_market"], work["balance_stacks"], work["balance_known"] = taken
    set_seat(work, "balance", player, (*work["balance"][player], tile))
    _balance_step(work)


def _do_score_balance_tile(state: State, work: Work, action: ScoreBalanceTile) -> None:
    tile = work["options"].balance_ids[action.tile]
    player = work["player"]
    set_seat(work, "balance", player, remove(work["balance"][player], tile))  # BB-ACT-3
    set_seat(work, "scored", player, (*work["scored"][player], tile))
    gain(work, "hp", player, work["options"].balance_table[tile].hp)
    _balance_step(work)


def _balance_step(work: Work) -> None:
    work["step"] += 1
    # BB-ACT-1 ("perform 2 of these actions"): the action ends after the second sub-action, or
    # at once when nothing is left to obtain or score: stopping is then no choice, so no `done`
    if work["step"] == 2 or not _balance_open(work, work["player"]):
        _finish_action(work)


def _balance_open(work: Work, player: int) -> bool:
    """Whether a Balance sub-action is possible: a tile to obtain (BB-ACT-2) or to score
    (BB-ACT-3)."""
    market, tiles = work["balance_market"], work["options"].balance_table
    held = work["balance"][player]
    owned = [0, 0, 0]
    for tile in held:
        owned[tiles[tile].kind] += 1
    for kind in range(3):
        if market[kind] and owned[kind] < 2:
            return True
    return bool(held_tiles_met(tiles, held, work["home"][player]))


def _do_buy_home_tile(state: State, work: Work, action: BuyHomeTile) -> None:
    work["buying"] = _HOME[action.tile]
    work["phase"] = "home"


def _do_place_home_tile(state: State, work: Work, action: PlaceHomeTile) -> None:
    home_tile = work["buying"]
    tile = HOME_TILES[home_tile]
    player = work["player"]
    space = action.row * 5 + action.col
    set_seat(work, "home", player, replace_at(work["home"][player], space, home_tile))  # BB-ACT-4
    gain(work, "coins", player, -tile.cost)
    gain(work, "hp", player, tile.hp)
    market = (work["home_market"], work["home_stacks"], work["home_known"])
    taken = _take_from_market(market, tile.category, home_tile)
    work["home_market"], work["home_stacks"], work["home_known"] = taken
    work["buying"] = -1
    _finish_action(work)


def _do_take_food(state: State, work: Work, action: TakeFood) -> None:
    food = FOOD_INDEX[action.food]
    player = work["player"]
    work["food_display"] = remove(work["food_display"], food)
    _count_food(work, player, food, 1)
    if work["phase"] == "tengu":
        discard_display(work)  # BB-SPI-6: take one, then reset the display
        refill_food(work)
    elif not work["food_display"]:
        refill_food(work)  # BB-ACT-5, B17
    _finish_action(work)


def _count_food(work: Work, player: int, food: int, count: int) -> None:
    """Add ``count`` (taken when negative) food counters of kind ``food`` to ``player``'s."""
    held = work["food"][player]
    set_seat(work, "food", player, replace_at(held, food, held[food] + count))


def _do_use_spirit(state: State, work: Work, action: UseSpirit) -> None:
    spirit = action.spirit
    player = work["player"]
    set_seat(work, "awake", player, remove(work["awake"][player], spirit))  # BB-SPI-1
    set_seat(work, "asleep", player, tuple(sorted((*work["asleep"][player], spirit))))
    if spirit == "bakeneko":
        work["bakeneko"] = True  # BB-SPI-5
    elif spirit == "kitsune":
        work["kitsune"] = True  # BB-SPI-3
    elif spirit == "ookami":
        work["step"] += 4  # BB-SPI-4
        after_payment(work)
    elif spirit == "rokurokubi":
        gain(work, "coins", player, 2)  # BB-SPI-2
        if work["phase"] == "end":
            _continue_turn(work)
    elif spirit == "tengu":
        work["context"] = "spirit"
        work["resume"] = work["phase"]
        if work["food_display"]:
            work["phase"] = "tengu"  # BB-SPI-6
        else:
            _finish_action(work)  # BB-SPI-6: every counter is held, `refill` and Cook are empty
    else:
        work["context"] = "spirit"
        work["resume"] = work["phase"]
        _begin_action(work, 0 if spirit == "kappa" else 1)  # BB-SPI-2


def _do_end_turn(state: State, work: Work, action: EndTurn) -> None:
    _end_turn(work)


def _do_feed(state: State, work: Work, action: Feed) -> None:
    """Pay one food counter (BB-WIN-2)."""
    food = FOOD_INDEX[action.food]
    _count_food(work, work["player"], food, -1)
    work["food_discard"] = tuple(sorted((*work["food_discard"], food)))
    work["step"] += FOOD_VALUES[food]
    after_payment(work)


def _do_wake_spirit(state: State, work: Work, action: WakeSpirit) -> None:
    """Wake a sleeping spirit for its cost (BB-WIN-1)."""
    spirit = action.spirit
    player = work["player"]
    gain(work, "coins", player, -SPIRIT_COST[spirit])
    set_seat(work, "asleep", player, remove(work["asleep"][player], spirit))
    set_seat(work, "awake", player, tuple(sorted((*work["awake"][player], spirit))))
    coins = work["coins"][player]
    if not any(SPIRIT_COST[sleeper] <= coins for sleeper in work["asleep"][player]):
        wake_from(work, (player - work["first_player"]) % work["num_players"] + 1)


HANDLERS: dict[type, Callable[[State, Work, Any], None]] = {
    DraftShoot: _do_draft_shoot,
    ChooseGift: _do_choose_gift,
    Pass: _do_pass,
    VisitTemple: _do_visit_temple,
    Offer: _do_offer,
    Activate: _do_activate,
    Place: _do_place,
    Receive: _do_receive,
    Choose: _do_choose,
    TakeBalanceTile: _do_take_balance_tile,
    ScoreBalanceTile: _do_score_balance_tile,
    BuyHomeTile: _do_buy_home_tile,
    PlaceHomeTile: _do_place_home_tile,
    TakeFood: _do_take_food,
    UseSpirit: _do_use_spirit,
    WakeSpirit: _do_wake_spirit,
    Feed: _do_feed,
    EndTurn: _do_end_turn,
}
"""The handler of each action type: ``HANDLERS[type(action)](state, work, action)`` writes into
``work``, the successor's fields, what ``action`` changes in ``state`` (legality is checked by
the engine step, ``core.step``, which calls it)."""
