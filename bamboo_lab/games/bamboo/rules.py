"""Bamboo rules: the legal actions of a state and the result of applying one.

The rules work on a *work dict*: a shallow copy of a state's fields that ``apply`` edits with new
tuples and turns into the next state, so the input state is never mutated. Forced steps
(Spring incense, Fund, Autumn, the Winter upkeep, a forced pass, an offering without any
choice, the only temple with room, the end of a Balance action with no sub-action left, a Cook
with no food counter left) are resolved at once; every real choice is an action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bamboo_lab.core import rng as vrng

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
    ACTION_LETTERS,
    ACTIONS,
    BASIC_ACTIONS,
    COLOUR_LETTERS,
    COLOURS,
    FOOD_KINDS,
    FOOD_VALUES,
    GIFTS,
    SPIRIT_COST,
    SPIRITS,
    SUMMER_SPIRITS,
    TEMPLE_TILE_VALUES,
)
from .reconstructed import BALANCE_TILES, HOME_TILES, night_spaces
from .scoring import GHOST, is_balance_met, least_waste_payment, temple_majority

if TYPE_CHECKING:
    from .state import Board, State

__all__ = ["apply_action", "legal_actions", "night_of"]

W = dict[str, Any]
BALANCE_MARKET_SIZE = 3  # BB-SET-3
HOME_MARKET_SIZE = 4  # BB-SET-4, B1
FOOD_DISPLAY_SIZE = 5  # BB-SET-6
TEMPLE_CAPACITY = 4  # catalog 1.5
STALK_NEW_CAP = 2  # BB-SUM-5

_SHOOT_NAME = tuple(COLOUR_LETTERS[c // 5] + ACTION_LETTERS[c % 5] for c in range(20))
_SHOOT_CODE = {n: i for i, n in enumerate(_SHOOT_NAME)}
_COLOUR = {n: i for i, n in enumerate(COLOURS)}
_FOOD = {n: i for i, n in enumerate(FOOD_KINDS)}
_BAL = {t.name: t.id for t in BALANCE_TILES}
_HOME = {t.name: t.id for t in HOME_TILES}

# interned actions (legal_actions is the hot path)
_ACTIVATE = {(c, s): Activate(_SHOOT_NAME[c], s + 1) for c in range(20) for s in range(4)}
_PLACE = {(c, s): Place(_SHOOT_NAME[c], s + 1) for c in range(20) for s in range(4)}
_DRAFT = tuple(DraftShoot(n) for n in _SHOOT_NAME)
_VISIT = tuple(VisitTemple(c) for c in COLOURS)
_OFFER = tuple(Offer(c) for c in COLOURS)
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
_BAL_KIND = tuple(t.kind for t in BALANCE_TILES)
_NIGHT = tuple(night_spaces(k) for k in range(4))


def night_of(state_or_work: Any, player: int) -> dict[int, int]:
    """The night-side special spaces of ``player`` (empty on the day side)."""
    options = state_or_work["options"] if isinstance(state_or_work, dict) else state_or_work.options
    return _NIGHT[player] if options.night_side else {}


# ---------------------------------------------------------------- legal actions


def legal_actions(s: State) -> tuple[Any, ...]:
    """The legal actions of ``s`` in a deterministic order."""
    phase = s.phase
    if phase == "over":
        return ()
    p = s.player
    b = s.boards[p]
    if phase == "place":
        out: list[Any] = []
        if s.activations > 0:
            free = [k for k in range(4) if s.per_stalk[k] < STALK_NEW_CAP]
            for c in sorted(set(s.pending)):
                out.extend(_ACTIVATE[c, k] for k in free)
            out.append(_CH["done"])  # stop activating: the rest are placed without action
        else:
            free = [k for k in range(4) if s.per_stalk[k] < STALK_NEW_CAP]
            for c in sorted(set(s.pending)):
                out.extend(_PLACE[c, k] for k in free)
        out.extend(_summer_spirits(s, b))
        return tuple(out)
    if phase == "balance":
        return _balance_actions(s, b)
    if phase == "visit":
        out = [
            _VISIT[t]
            for t in range(4)
            if b.temples[t] and (t != b.marker)  # BB-SUM-2
        ]
        if s.options.voluntary_pass:
            out.append(_PASS)
        out.extend(_summer_spirits(s, b))
        return tuple(out)
    if phase == "offer":
        out = [_OFFER[s.visited]]
        if b.coins > 0 or s.bakeneko:  # BB-SUM-4
            out.extend(_OFFER[t] for t in range(4) if t != s.visited)
        if "bakeneko" in b.awake and not s.bakeneko:
            out.append(_USE["bakeneko"])
        out.extend(_summer_spirits(s, b))
        return tuple(out)
    if phase == "improve":
        out = [_CH["decline"], _CH["coin"]]
        free = _free_spaces(s.options, p, b.home, None)
        if free:
            for row in s.home_market:
                for h in row:
                    tile = HOME_TILES[h]
                    if tile.cost <= b.coins and (
                        not s.options.night_side or _free_spaces(s.options, p, b.home, tile.type)
                    ):
                        out.append(_BUY[h])
        return tuple(out)
    if phase == "home":
        tile = HOME_TILES[s.buying]
        return tuple(_HOMEAT[i] for i in _free_spaces(s.options, p, b.home, tile.type))
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


def _summer_spirits(s: State, b: Board) -> list[Any]:
    """Spirit powers usable now in one's Summer turn (B20): the extra actions at any point,
    Kitsune only before the first activation."""
    out = [_USE[k] for k in SUMMER_SPIRITS if k in b.awake]
    if "kitsune" in b.awake and s.activated == 0 and not s.kitsune:
        out.append(_USE["kitsune"])  # BB-SPI-3: declared before activating
    return out


def _balance_actions(s: State, b: Board) -> tuple[Any, ...]:
    # BB-ACT-1: `done` after one sub-action; this phase is only left open while another is
    # possible (``_balance_step``), so `done` is always a real choice to stop
    out: list[Any] = [_CH["decline"], _CH["hp"]] if s.step == 0 else [_CH["done"]]
    owned = [0, 0, 0]
    for t in b.balance:
        owned[_BAL_KIND[t]] += 1
    for kind in range(3):
        if owned[kind] < 2:  # BB-ACT-2: at most 2 of a type
            out.extend(_TAKE[t] for t in s.balance_market[kind])
    out.extend(_SCORE[t] for t in b.balance if is_balance_met(BALANCE_TILES[t], b.home))
    return tuple(out)


def _free_spaces(options: Any, p: int, home: tuple[int, ...], kind: int | None) -> list[int]:
    """Empty home spaces; on the night side a special space takes only its type (BB-ADV-1)."""
    if not options.night_side:
        return [i for i in range(15) if home[i] < 0]
    night = _NIGHT[p]
    return [
        i for i in range(15) if home[i] < 0 and (i not in night or kind is None or night[i] == kind)
    ]


# ---------------------------------------------------------------- helpers on the work dict


def _board(w: W, p: int, **changes: Any) -> None:
    boards = w["boards"]
    w["boards"] = (*boards[:p], boards[p]._evolve(**changes), *boards[p + 1 :])


def _remove(tup: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    i = tup.index(item)
    return tup[:i] + tup[i + 1 :]


def _set(tup: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*tup[:i], value, *tup[i + 1 :])


def _shuffle(w: W, items: Any) -> list[Any]:
    out, w["rng"] = vrng.shuffled(items, w["rng"])
    return out


# ---------------------------------------------------------------- apply


def apply_action(w: W, action: Any) -> None:
    """Apply ``action`` to the work dict ``w`` (legality is checked by the caller)."""
    _HANDLERS[type(action)](w, action)


def _do_draft(w: W, a: DraftShoot) -> None:
    code = _SHOOT_CODE[a.shoot]
    p = w["player"]
    b = w["boards"][p]
    w["shoot_pool"] = _remove(w["shoot_pool"], code)
    colour = code // 5
    _board(w, p, temples=_set(b.temples, colour, (*b.temples[colour], code)))  # BB-PL-5
    n = w["num_players"]
    if not w["shoot_pool"]:
        w["shoot_box"] = tuple(sorted(w["shoot_box"]))
        start_spring(w)
        return
    picks = 2 * n - len(w["shoot_pool"])  # B9: the same clockwise order for both picks
    if w["options"].draft_order == "snake" and picks >= n:
        w["player"] = (w["start"] + 2 * n - 1 - picks) % n
    else:
        w["player"] = (w["start"] + picks) % n


def start_spring(w: W) -> None:
    """Spring (BB-SPR-1..3): end the game on an empty round track, else reveal the gifts."""
    if not any(b.track for b in w["boards"]):
        w["phase"] = "over"  # BB-SPR-1, BB-END-1
        w["player"] = -2
        return
    gifts = _shuffle(w, (*w["gift_display"], *w["gift_stack"]))  # BB-SPR-2
    n = w["num_players"]
    w["gift_display"] = tuple(gifts[:n])
    w["gift_stack"] = tuple(gifts[n:])
    w["player"] = w["start"]
    _spring_turn(w)


def _spring_turn(w: W) -> None:
    p = w["player"]
    b = w["boards"][p]
    _board(w, p, track=b.track - 1, reserve=b.reserve + 1)  # BB-SPR-3
    w["phase"] = "gift"


def _do_gift(w: W, a: ChooseGift) -> None:
    w["gift_display"] = _remove(w["gift_display"], a.gift)
    w["gift_stack"] = (a.gift, *w["gift_stack"])  # returned face down on top
    w["context"] = "gift"
    _begin_action(w, ACTIONS.index(a.gift))


def _begin_action(w: W, action: int) -> None:
    w["step"] = 0
    if action == 3:  # Fund: take 2 coins (BB-ACT-6)
        p = w["player"]
        _board(w, p, coins=w["boards"][p].coins + 2)
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
        if p == w["start"]:
            w["gift_stack"] = (*w["gift_display"], *w["gift_stack"])
            w["gift_display"] = ()
            _start_summer(w)
        else:
            w["player"] = p
            _spring_turn(w)
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
        b._evolve(passed=False, marker=-1 if reset else b.marker) for b in w["boards"]
    )
    _next_summer(w, w["start"])


def _next_summer(w: W, first: int) -> None:
    """Give the turn to the next player from ``first`` who has not passed (BB-SUM-1)."""
    n = w["num_players"]
    for k in range(n):
        q = (first + k) % n
        b = w["boards"][q]
        if b.passed:
            continue
        if b.reserve == 0:
            _board(w, q, passed=True)  # BB-SUM-1: no incense, must pass
            continue
        w["player"] = q
        w["phase"] = "visit"
        return
    _autumn(w)


def _end_turn(w: W) -> None:
    w["visited"] = -1
    w["kitsune"] = False
    w["bakeneko"] = False
    w["activated"] = 0
    w["per_stalk"] = (0, 0, 0, 0)
    _next_summer(w, (w["player"] + 1) % w["num_players"])


def _do_pass(w: W, a: Pass) -> None:
    _board(w, w["player"], passed=True)
    _end_turn(w)


def _do_visit(w: W, a: VisitTemple) -> None:
    t = _COLOUR[a.temple]
    p = w["player"]
    b = w["boards"][p]
    shoots = b.temples[t]
    sticks = min(len(shoots), b.reserve)  # BB-SUM-3
    _board(w, p, marker=t, temples=_set(b.temples, t, ()))
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
        _board(w, p, reserve=b.reserve - n)
        w["temples"] = _set(w["temples"], t, w["temples"][t] + (p,) * n)
        w["sticks"] = 0
        _continue_turn(w)
    else:
        w["phase"] = "offer"


def _do_offer(w: W, a: Offer) -> None:
    t = _COLOUR[a.temple]
    p = w["player"]
    b = w["boards"][p]
    cost = 0 if (t == w["visited"] or w["bakeneko"]) else 1  # BB-SUM-4
    _board(w, p, reserve=b.reserve - 1, coins=b.coins - cost)
    w["temples"] = _set(w["temples"], t, (*w["temples"][t], p))  # stacked on top
    w["sticks"] -= 1
    _offer_or_auto(w)


def _continue_turn(w: W) -> None:
    p = w["player"]
    b = w["boards"][p]
    if w["pending"]:
        w["phase"] = "place"
    elif any(k in b.awake for k in SUMMER_SPIRITS):
        w["phase"] = "end"
    else:
        _end_turn(w)


def _do_activate(w: W, a: Activate) -> None:
    code = _SHOOT_CODE[a.shoot]
    w["pending"] = _remove(w["pending"], code)
    w["activations"] -= 1
    w["activated"] += 1
    w["activating"] = (code, a.stalk - 1)
    w["context"] = "shoot"
    _begin_action(w, 4 if w["kitsune"] else code % 5)  # BB-SPI-3


def _do_place(w: W, a: Place) -> None:
    code = _SHOOT_CODE[a.shoot]
    w["pending"] = _remove(w["pending"], code)
    _push(w, code, a.stalk - 1)


def _push(w: W, code: int, stalk: int) -> None:
    """Push a shoot in at the base of a stalk; the top shoot is ejected (BB-SUM-6, B5)."""
    old = w["stalks"][stalk]
    w["stalks"] = _set(w["stalks"], stalk, (code, old[0], old[1]))
    w["per_stalk"] = _set(w["per_stalk"], stalk, w["per_stalk"][stalk] + 1)
    _receive(w, old[2])


def _receive(w: W, code: int) -> None:
    p = w["player"]
    b = w["boards"][p]
    colour = code // 5
    if len(b.temples[colour]) < TEMPLE_CAPACITY:
        _board(w, p, temples=_set(b.temples, colour, (*b.temples[colour], code)))
        _continue_turn(w)
        return
    room = [t for t in range(4) if len(b.temples[t]) < TEMPLE_CAPACITY]
    if len(room) == 1:
        _board(w, p, temples=_set(b.temples, room[0], (*b.temples[room[0]], code)))
        _continue_turn(w)
    else:
        w["receiving"] = code
        w["phase"] = "receive"


def _do_receive(w: W, a: Receive) -> None:
    t = _COLOUR[a.temple]
    p = w["player"]
    b = w["boards"][p]
    _board(w, p, temples=_set(b.temples, t, (*b.temples[t], w["receiving"])))
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
        _wake_from(w, (p - w["start"]) % w["num_players"] + 1)
    elif phase == "feed":
        _end_feeding(w)
    elif phase == "place":
        w["activations"] = 0  # BB-SUM-7: the remaining actions are declined
    elif phase == "tengu":
        _discard_display(w)
        _refill_food(w)
        w["phase"] = "cook"
    else:
        if opt == "hp":
            _board(w, p, hp=b.hp + 1)  # BB-ACT-1
        elif opt == "coin":
            _board(w, p, coins=b.coins + 1)  # BB-ACT-4
        _finish_action(w)


def _take_from_market(w: W, name: str, row: int, tile: int) -> None:
    """Take a tile; the others slide down; the top of the stack fills the emptied space."""
    r = _remove(w[name + "_market"][row], tile)
    st = w[name + "_stacks"][row]
    if st:
        r = (*r, st[0])
        st = st[1:]
        w[name + "_stacks"] = _set(w[name + "_stacks"], row, st)
        known = w[name + "_known"]
        w[name + "_known"] = _set(known, row, min(known[row], len(st)))
    w[name + "_market"] = _set(w[name + "_market"], row, r)


def _do_take_balance(w: W, a: TakeBalanceTile) -> None:
    t = _BAL[a.tile]
    p = w["player"]
    b = w["boards"][p]
    _take_from_market(w, "balance", _BAL_KIND[t], t)  # BB-ACT-2
    _board(w, p, balance=(*b.balance, t))
    _balance_step(w)


def _do_score_balance(w: W, a: ScoreBalanceTile) -> None:
    t = _BAL[a.tile]
    p = w["player"]
    b = w["boards"][p]
    _board(
        w, p, balance=_remove(b.balance, t), scored=(*b.scored, t), hp=b.hp + BALANCE_TILES[t].hp
    )  # BB-ACT-3
    _balance_step(w)


def _balance_step(w: W) -> None:
    w["step"] += 1
    # BB-ACT-1 ("perform 2 of these actions"): the action ends after the second sub-action, or
    # at once when nothing is left to obtain or score: stopping is then no choice, so no `done`
    if w["step"] == 2 or not _balance_open(w["boards"][w["player"]], w["balance_market"]):
        _finish_action(w)


def _balance_open(b: Board, market: tuple[tuple[int, ...], ...]) -> bool:
    """Whether a Balance sub-action is possible: a tile to obtain (BB-ACT-2) or to score
    (BB-ACT-3)."""
    owned = [0, 0, 0]
    for t in b.balance:
        owned[_BAL_KIND[t]] += 1
    if any(market[kind] and owned[kind] < 2 for kind in range(3)):
        return True
    return any(is_balance_met(BALANCE_TILES[t], b.home) for t in b.balance)


def _do_buy(w: W, a: BuyHomeTile) -> None:
    w["buying"] = _HOME[a.tile]
    w["phase"] = "home"


def _do_place_home(w: W, a: PlaceHomeTile) -> None:
    h = w["buying"]
    tile = HOME_TILES[h]
    p = w["player"]
    b = w["boards"][p]
    i = a.row * 5 + a.col
    _board(w, p, home=_set(b.home, i, h), coins=b.coins - tile.cost, hp=b.hp + tile.hp)  # BB-ACT-4
    _take_from_market(w, "home", tile.category, h)
    w["buying"] = -1
    _finish_action(w)


def _do_take_food(w: W, a: TakeFood) -> None:
    f = _FOOD[a.food]
    p = w["player"]
    b = w["boards"][p]
    w["food_display"] = _remove(w["food_display"], f)
    _board(w, p, food=_set(b.food, f, b.food[f] + 1))
    if w["phase"] == "tengu":
        _discard_display(w)  # BB-SPI-6: take one, then reset the display
        _refill_food(w)
    elif not w["food_display"]:
        _refill_food(w)  # BB-ACT-5, B17
    _finish_action(w)


def _discard_display(w: W) -> None:
    w["food_discard"] = tuple(sorted(w["food_discard"] + w["food_display"]))
    w["food_display"] = ()


def _refill_food(w: W) -> None:
    """Fill the food display up to 5; an empty pile is rebuilt from the discards (BB-ACT-5)."""
    display = list(w["food_display"])
    bag = w["food_bag"]
    while len(display) < FOOD_DISPLAY_SIZE:
        if not bag:
            if not w["food_discard"]:
                break
            bag = tuple(_shuffle(w, w["food_discard"]))
            w["food_discard"] = ()
        display.append(bag[0])
        bag = bag[1:]
    w["food_bag"] = bag
    w["food_display"] = tuple(sorted(display))


def _do_use_spirit(w: W, a: UseSpirit) -> None:
    k = a.spirit
    p = w["player"]
    b = w["boards"][p]
    _board(w, p, awake=_remove(b.awake, k), asleep=tuple(sorted((*b.asleep, k))))  # BB-SPI-1
    if k == "bakeneko":
        w["bakeneko"] = True  # BB-SPI-5
    elif k == "kitsune":
        w["kitsune"] = True  # BB-SPI-3
    elif k == "ookami":
        w["step"] += 4  # BB-SPI-4
        _after_payment(w)
    elif k == "rokurokubi":
        _board(w, p, coins=w["boards"][p].coins + 2)  # BB-SPI-2
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


# ---------------------------------------------------------------- autumn and winter


def _autumn(w: W) -> None:
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
            _board(w, winner, awake=tuple(sorted((*b.awake, spirit))))
    w["spirit_stacks"] = tuple(stacks)
    back = [0] * w["num_players"]
    for stack in temples:
        for owner in stack:
            if owner != GHOST:
                back[owner] += 1
    w["boards"] = tuple(
        b._evolve(reserve=b.reserve + back[i]) for i, b in enumerate(w["boards"])
    )  # BB-AUT-3
    if w["num_players"] == 2:
        tiles = tuple(_shuffle(w, TEMPLE_TILE_VALUES))
        w["temple_tiles"] = tiles
        w["temples"] = tuple((GHOST,) * v for v in tiles)
    else:
        w["temples"] = ((), (), (), ())
    _wake_from(w, 0)


def _wake_from(w: W, k0: int) -> None:
    """Offer the wake-up step to players in turn order from offset ``k0`` (BB-WIN-1)."""
    n = w["num_players"]
    for k in range(k0, n):
        q = (w["start"] + k) % n
        b = w["boards"][q]
        if any(SPIRIT_COST[s] <= b.coins for s in b.asleep):
            w["player"] = q
            w["phase"] = "wake"
            return
    _feed_from(w, 0)


def _feed_from(w: W, k0: int) -> None:
    """Feed the families in turn order from offset ``k0`` (BB-WIN-2)."""
    n = w["num_players"]
    auto = w["options"].feeding == "auto"
    for k in range(k0, n):
        q = (w["start"] + k) % n
        b = w["boards"][q]
        need = sum(1 for h in b.home if h >= 0)
        if need == 0:
            continue
        w["player"] = q
        w["step"] = 0
        if auto:
            _auto_feed(w, q, need)
            continue
        if any(b.food) or "ookami" in b.awake:
            w["phase"] = "feed"
            return
        _board(w, q, hp=b.hp - need)
    _end_winter(w)


def _auto_feed(w: W, q: int, need: int) -> None:
    b = w["boards"][q]
    units = 0
    awake, asleep = b.awake, b.asleep
    if "ookami" in awake:
        units = 4
        awake = _remove(awake, "ookami")
        asleep = tuple(sorted((*asleep, "ookami")))
    food = b.food
    if units < need:
        pay = least_waste_payment(food, need - units)
        units += sum(n * v for n, v in zip(pay, FOOD_VALUES, strict=True))
        food = tuple(f - n for f, n in zip(food, pay, strict=True))
        w["food_discard"] = tuple(
            sorted(w["food_discard"] + tuple(f for f in range(3) for _ in range(pay[f])))
        )
    _board(w, q, awake=awake, asleep=asleep, food=food, hp=b.hp - max(0, need - units))


def _after_payment(w: W) -> None:
    p = w["player"]
    b = w["boards"][p]
    need = sum(1 for h in b.home if h >= 0)
    if w["step"] >= need:
        _next_feeder(w)  # the excess is lost (BB-WIN-2)
    elif not any(b.food) and not ("ookami" in b.awake and w["step"] == 0):
        _end_feeding(w)  # nothing left to pay with


def _end_feeding(w: W) -> None:
    p = w["player"]
    b = w["boards"][p]
    need = sum(1 for h in b.home if h >= 0)
    _board(w, p, hp=b.hp - max(0, need - w["step"]))  # -1 HP per missing unit
    _next_feeder(w)


def _next_feeder(w: W) -> None:
    n = w["num_players"]
    k = (w["player"] - w["start"]) % n
    w["step"] = 0
    _feed_from(w, k + 1)


def _do_feed(w: W, a: Feed) -> None:
    f = _FOOD[a.food]
    p = w["player"]
    b = w["boards"][p]
    _board(w, p, food=_set(b.food, f, b.food[f] - 1))
    w["food_discard"] = tuple(sorted((*w["food_discard"], f)))
    w["step"] += FOOD_VALUES[f]
    _after_payment(w)


def _do_wake(w: W, a: WakeSpirit) -> None:
    k = a.spirit
    p = w["player"]
    b = w["boards"][p]
    _board(
        w,
        p,
        coins=b.coins - SPIRIT_COST[k],
        asleep=_remove(b.asleep, k),
        awake=tuple(sorted((*b.awake, k))),
    )
    b = w["boards"][p]
    if not any(SPIRIT_COST[s] <= b.coins for s in b.asleep):
        _wake_from(w, (p - w["start"]) % w["num_players"] + 1)


def _rotate(w: W, name: str, size: int) -> None:
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


def _end_winter(w: W) -> None:
    n = w["num_players"]
    w["step"] = 0
    w["start"] = (w["start"] + 1) % n  # BB-WIN-3
    _rotate(w, "balance", BALANCE_MARKET_SIZE)
    _rotate(w, "home", HOME_MARKET_SIZE)
    _refill_food(w)  # BB-WIN-5
    w["round"] += 1
    start_spring(w)


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
    WakeSpirit: _do_wake,
    Feed: _do_feed,
    EndTurn: _do_end,
}
