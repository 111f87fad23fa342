"""Bamboo rules: the legal actions of a state and the result of applying one.

The rules work on a *work dict*: a shallow copy of a state's fields that ``apply`` edits with new
tuples and turns into the next state, so the input state is never mutated. Forced steps
(Spring incense, Fund, Autumn, the Winter upkeep, a forced pass, an offering without any
choice, the only temple with room, the end of a Balance action with no sub-action left, a Cook
with no food counter left) are resolved at once; every real choice is an action.
"""

from __future__ import annotations

from typing import Any

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
from .board import Board
from .components import (
    ACTIONS,
    COLOURS,
    FOOD_KINDS,
    SUMMER_SPIRITS,
)
from .legal import SHOOT_CODE, TEMPLE_CAPACITY, legal_actions, night_of
from .reconstructed import HOME_TILES
from .scoring import is_balance_met
from .seasons import (
    W,
    after_payment,
    autumn,
    discard_display,
    do_feed,
    do_wake,
    end_feeding,
    refill_food,
    remove,
    set_board,
    spring_turn,
    start_spring,
    wake_from,
)

__all__ = ["apply_action", "legal_actions", "night_of"]

_COLOUR = {n: i for i, n in enumerate(COLOURS)}
_FOOD = {n: i for i, n in enumerate(FOOD_KINDS)}
_HOME = {t.name: t.id for t in HOME_TILES}


def apply_action(w: W, action: Any) -> None:
    """Apply ``action`` to the work dict ``w`` (legality is checked by the caller)."""
    _HANDLERS[type(action)](w, action)


def _do_draft(w: W, a: DraftShoot) -> None:
    code = SHOOT_CODE[a.shoot]
    p = w["player"]
    b = w["boards"][p]
    w["shoot_pool"] = remove(w["shoot_pool"], code)
    colour = code // 5
    set_board(w, p, temples=replace_at(b.temples, colour, (*b.temples[colour], code)))  # BB-PL-5
    n = w["num_players"]
    if not w["shoot_pool"]:
        w["shoot_box"] = tuple(sorted(w["shoot_box"]))
        start_spring(w)
        return
    picks = 2 * n - len(w["shoot_pool"])  # B9: the same clockwise order for both picks
    if w["options"].draft_order == "snake" and picks >= n:
        w["player"] = (w["first_player"] + 2 * n - 1 - picks) % n
    else:
        w["player"] = (w["first_player"] + picks) % n


def _do_gift(w: W, a: ChooseGift) -> None:
    w["gift_display"] = remove(w["gift_display"], a.gift)
    w["gift_stack"] = (a.gift, *w["gift_stack"])  # returned face down on top
    w["context"] = "gift"
    _begin_action(w, ACTIONS.index(a.gift))


def _begin_action(w: W, action: int) -> None:
    w["step"] = 0
    if action == 3:  # Fund: take 2 coins (BB-ACT-6)
        p = w["player"]
        set_board(w, p, coins=w["boards"][p].coins + 2)
        _finish_action(w)
    elif action == 2 and not w["food_display"]:
        _finish_action(w)  # BB-ACT-5: no counter to take (all held), so no `decline` to ask
    else:
        w["phase"] = ACTIONS[action]


def _finish_action(w: W) -> None:
    ctx = w["context"]
    w["context"] = ""
    w["step"] = 0
    if ctx == "gift":
        p = (w["player"] + 1) % w["num_players"]
        if p == w["first_player"]:
            w["gift_stack"] = (*w["gift_display"], *w["gift_stack"])
            w["gift_display"] = ()
            _start_summer(w)
        else:
            w["player"] = p
            spring_turn(w)
    elif ctx == "shoot":
        code, stalk = w["activating"]
        w["activating"] = ()
        _push(w, code, stalk)
    else:  # a spirit's action
        _resume(w)


def _resume(w: W) -> None:
    """Back to the step of the turn where a spirit's extra action was taken."""
    phase = w["resume"]
    w["resume"] = ""
    if phase == "visit":
        w["phase"] = "visit"
    elif phase == "offer":
        _offer_or_auto(w)
    else:
        _continue_turn(w)


def _start_summer(w: W) -> None:
    reset = w["options"].first_turn_free == "round"
    w["boards"] = tuple(
        b.replace(passed=False, marker=-1 if reset else b.marker) for b in w["boards"]
    )
    _next_summer(w, w["first_player"])


def _next_summer(w: W, first: int) -> None:
    """Give the turn to the next player from ``first`` who has not passed (BB-SUM-1)."""
    n = w["num_players"]
    for k in range(n):
        q = (first + k) % n
        b = w["boards"][q]
        if b.passed:
            continue
        if b.reserve == 0:
            set_board(w, q, passed=True)  # BB-SUM-1: no incense, must pass
            continue
        w["player"] = q
        w["phase"] = "visit"
        return
    autumn(w)


def _end_turn(w: W) -> None:
    w["visited"] = -1
    w["kitsune"] = False
    w["bakeneko"] = False
    w["activated"] = 0
    w["per_stalk"] = (0, 0, 0, 0)
    _next_summer(w, (w["player"] + 1) % w["num_players"])


def _do_pass(w: W, a: Pass) -> None:
    set_board(w, w["player"], passed=True)
    _end_turn(w)


def _do_visit(w: W, a: VisitTemple) -> None:
    t = _COLOUR[a.temple]
    p = w["player"]
    b = w["boards"][p]
    shoots = b.temples[t]
    sticks = min(len(shoots), b.reserve)  # BB-SUM-3
    set_board(w, p, marker=t, temples=replace_at(b.temples, t, ()))
    w["visited"] = t
    w["pending"] = shoots
    w["sticks"] = sticks
    w["activations"] = sticks  # BB-SUM-5: as many as sticks offered
    w["activated"] = 0
    _offer_or_auto(w)


def _offer_or_auto(w: W) -> None:
    p = w["player"]
    b = w["boards"][p]
    if w["sticks"] == 0:
        _continue_turn(w)
    elif b.coins == 0 and not w["bakeneko"] and "bakeneko" not in b.awake:
        t = w["visited"]  # no redirect is possible: every stick goes to the visited temple
        n = w["sticks"]
        set_board(w, p, reserve=b.reserve - n)
        w["temples"] = replace_at(w["temples"], t, w["temples"][t] + (p,) * n)
        w["sticks"] = 0
        _continue_turn(w)
    else:
        w["phase"] = "offer"


def _do_offer(w: W, a: Offer) -> None:
    t = _COLOUR[a.temple]
    p = w["player"]
    b = w["boards"][p]
    cost = 0 if (t == w["visited"] or w["bakeneko"]) else 1  # BB-SUM-4
    set_board(w, p, reserve=b.reserve - 1, coins=b.coins - cost)
    w["temples"] = replace_at(w["temples"], t, (*w["temples"][t], p))  # stacked on top
    w["sticks"] -= 1
    _offer_or_auto(w)


def _continue_turn(w: W) -> None:
    p = w["player"]
    b = w["boards"][p]
    if w["pending"]:
        w["phase"] = "place"
    elif b.awake and any(k in b.awake for k in SUMMER_SPIRITS):
        w["phase"] = "end"
    else:
        _end_turn(w)


def _do_activate(w: W, a: Activate) -> None:
    code = SHOOT_CODE[a.shoot]
    w["pending"] = remove(w["pending"], code)
    w["activations"] -= 1
    w["activated"] += 1
    w["activating"] = (code, a.stalk - 1)
    w["context"] = "shoot"
    _begin_action(w, 4 if w["kitsune"] else code % 5)  # BB-SPI-3


def _do_place(w: W, a: Place) -> None:
    code = SHOOT_CODE[a.shoot]
    w["pending"] = remove(w["pending"], code)
    _push(w, code, a.stalk - 1)


def _push(w: W, code: int, stalk: int) -> None:
    """Push a shoot in at the base of a stalk; the top shoot is ejected (BB-SUM-6, B5)."""
    old = w["stalks"][stalk]
    w["stalks"] = replace_at(w["stalks"], stalk, (code, old[0], old[1]))
    w["per_stalk"] = replace_at(w["per_stalk"], stalk, w["per_stalk"][stalk] + 1)
    _receive(w, old[2])


def _receive(w: W, code: int) -> None:
    p = w["player"]
    b = w["boards"][p]
    colour = code // 5
    if len(b.temples[colour]) < TEMPLE_CAPACITY:
        set_board(w, p, temples=replace_at(b.temples, colour, (*b.temples[colour], code)))
        _continue_turn(w)
        return
    room = [t for t in range(4) if len(b.temples[t]) < TEMPLE_CAPACITY]
    if len(room) == 1:
        set_board(w, p, temples=replace_at(b.temples, room[0], (*b.temples[room[0]], code)))
        _continue_turn(w)
    else:
        w["receiving"] = code
        w["phase"] = "receive"


def _do_receive(w: W, a: Receive) -> None:
    t = _COLOUR[a.temple]
    p = w["player"]
    b = w["boards"][p]
    set_board(w, p, temples=replace_at(b.temples, t, (*b.temples[t], w["receiving"])))
    w["receiving"] = -1
    _continue_turn(w)


def _do_choose(w: W, a: Choose) -> None:
    opt = a.option
    p = w["player"]
    b = w["boards"][p]
    phase = w["phase"]
    if phase == "wildcard" and opt != "decline":
        _begin_action(w, ACTIONS.index(opt))  # BB-ACT-7
    elif phase == "wake":
        wake_from(w, (p - w["first_player"]) % w["num_players"] + 1)
    elif phase == "feed":
        end_feeding(w)
    elif phase == "place":
        w["activations"] = 0  # BB-SUM-7: the remaining actions are declined
    elif phase == "tengu":
        discard_display(w)
        refill_food(w)
        w["phase"] = "tengu_take"  # BB-SPI-6: then take 1 of the new counters (no decline)
    else:
        if opt == "hp":
            set_board(w, p, hp=b.hp + 1)  # BB-ACT-1
        elif opt == "coin":
            set_board(w, p, coins=b.coins + 1)  # BB-ACT-4
        _finish_action(w)


def _take_from_market(w: W, name: str, row: int, tile: int) -> None:
    """Take a tile; the others slide down; the top of the stack fills the emptied space."""
    r = remove(w[name + "_market"][row], tile)
    st = w[name + "_stacks"][row]
    if st:
        r = (*r, st[0])
        st = st[1:]
        w[name + "_stacks"] = replace_at(w[name + "_stacks"], row, st)
        known = w[name + "_known"]
        w[name + "_known"] = replace_at(known, row, min(known[row], len(st)))
    w[name + "_market"] = replace_at(w[name + "_market"], row, r)


def _do_take_balance(w: W, a: TakeBalanceTile) -> None:
    t = w["options"].balance_ids[a.tile]
    p = w["player"]
    b = w["boards"][p]
    _take_from_market(w, "balance", w["options"].balance_table[t].kind, t)  # BB-ACT-2
    set_board(w, p, balance=(*b.balance, t))
    _balance_step(w)


def _do_score_balance(w: W, a: ScoreBalanceTile) -> None:
    t = w["options"].balance_ids[a.tile]
    p = w["player"]
    b = w["boards"][p]
    hp = b.hp + w["options"].balance_table[t].hp
    set_board(w, p, balance=remove(b.balance, t), scored=(*b.scored, t), hp=hp)  # BB-ACT-3
    _balance_step(w)


def _balance_step(w: W) -> None:
    w["step"] += 1
    # BB-ACT-1 ("perform 2 of these actions"): the action ends after the second sub-action, or
    # at once when nothing is left to obtain or score: stopping is then no choice, so no `done`
    b = w["boards"][w["player"]]
    if w["step"] == 2 or not _balance_open(b, w["balance_market"], w["options"].balance_table):
        _finish_action(w)


def _balance_open(b: Board, market: tuple[tuple[int, ...], ...], tiles: Any) -> bool:
    """Whether a Balance sub-action is possible: a tile to obtain (BB-ACT-2) or to score
    (BB-ACT-3)."""
    owned = [0, 0, 0]
    for t in b.balance:
        owned[tiles[t].kind] += 1
    if any(market[kind] and owned[kind] < 2 for kind in range(3)):
        return True
    return any(is_balance_met(tiles[t], b.home) for t in b.balance)


def _do_buy(w: W, a: BuyHomeTile) -> None:
    w["buying"] = _HOME[a.tile]
    w["phase"] = "home"


def _do_place_home(w: W, a: PlaceHomeTile) -> None:
    h = w["buying"]
    tile = HOME_TILES[h]
    p = w["player"]
    b = w["boards"][p]
    i = a.row * 5 + a.col
    set_board(
        w, p, home=replace_at(b.home, i, h), coins=b.coins - tile.cost, hp=b.hp + tile.hp
    )  # BB-ACT-4
    _take_from_market(w, "home", tile.category, h)
    w["buying"] = -1
    _finish_action(w)


def _do_take_food(w: W, a: TakeFood) -> None:
    f = _FOOD[a.food]
    p = w["player"]
    b = w["boards"][p]
    w["food_display"] = remove(w["food_display"], f)
    set_board(w, p, food=replace_at(b.food, f, b.food[f] + 1))
    if w["phase"] == "tengu":
        discard_display(w)  # BB-SPI-6: take one, then reset the display
        refill_food(w)
    elif not w["food_display"]:
        refill_food(w)  # BB-ACT-5, B17
    _finish_action(w)


def _do_use_spirit(w: W, a: UseSpirit) -> None:
    k = a.spirit
    p = w["player"]
    b = w["boards"][p]
    set_board(w, p, awake=remove(b.awake, k), asleep=tuple(sorted((*b.asleep, k))))  # BB-SPI-1
    if k == "bakeneko":
        w["bakeneko"] = True  # BB-SPI-5
    elif k == "kitsune":
        w["kitsune"] = True  # BB-SPI-3
    elif k == "ookami":
        w["step"] += 4  # BB-SPI-4
        after_payment(w)
    elif k == "rokurokubi":
        set_board(w, p, coins=w["boards"][p].coins + 2)  # BB-SPI-2
        if w["phase"] == "end":
            _continue_turn(w)
    elif k == "tengu":
        w["context"] = "spirit"
        w["resume"] = w["phase"]
        if w["food_display"]:
            w["phase"] = "tengu"  # BB-SPI-6
        else:
            _finish_action(w)  # BB-SPI-6: every counter is held, `refill` and Cook are empty
    else:
        w["context"] = "spirit"
        w["resume"] = w["phase"]
        _begin_action(w, 0 if k == "kappa" else 1)  # BB-SPI-2


def _do_end(w: W, a: EndTurn) -> None:
    _end_turn(w)


_HANDLERS: dict[type, Any] = {
    DraftShoot: _do_draft,
    ChooseGift: _do_gift,
    Pass: _do_pass,
    VisitTemple: _do_visit,
    Offer: _do_offer,
    Activate: _do_activate,
    Place: _do_place,
    Receive: _do_receive,
    Choose: _do_choose,
    TakeBalanceTile: _do_take_balance,
    ScoreBalanceTile: _do_score_balance,
    BuyHomeTile: _do_buy,
    PlaceHomeTile: _do_place_home,
    TakeFood: _do_take_food,
    UseSpirit: _do_use_spirit,
    WakeSpirit: do_wake,
    Feed: do_feed,
    EndTurn: _do_end,
}
