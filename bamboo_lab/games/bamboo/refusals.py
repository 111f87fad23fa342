"""Bamboo refusals: the rule an action that is not legal breaks, as (rule ID, one sentence).

:func:`refusal` backs ``State.apply`` (IllegalActionError), ``explain`` and ``parse_action``
through :data:`RULEBOOK`, the shared pipeline of :mod:`bamboo_lab.core.refusals`.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.refusals import Refusal, Rulebook

from .actions import (
    ACTION_TYPES,
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
    parse_text,
)
from .components import COLOURS, FOOD_KINDS, SPIRIT_COST, SUMMER_SPIRITS, TYPES
from .info import GAME_INFO, PHASE_RULES
from .legal import SHOOT_CODE, STALK_NEW_CAP, TEMPLE_CAPACITY, free_spaces, night_of
from .reconstructed import HOME_TILES
from .scoring import is_balance_met
from .state import State

__all__ = ["RULEBOOK", "refusal"]

_ASKED: dict[type, tuple[str, ...]] = {
    DraftShoot: ("draft",),
    ChooseGift: ("gift",),
    Pass: ("visit",),
    VisitTemple: ("visit",),
    Offer: ("offer",),
    Activate: ("place",),
    Place: ("place",),
    Receive: ("receive",),
    TakeBalanceTile: ("balance",),
    ScoreBalanceTile: ("balance",),
    BuyHomeTile: ("improve",),
    PlaceHomeTile: ("home",),
    TakeFood: ("cook", "tengu", "tengu_take"),
    UseSpirit: ("visit", "offer", "place", "end", "feed"),
    WakeSpirit: ("wake",),
    Feed: ("feed",),
    EndTurn: ("end",),
}
_CHOICE_PHASES: dict[str, tuple[str, ...]] = {
    "hp": ("balance",),
    "coin": ("improve",),
    "decline": ("balance", "improve", "cook", "wildcard"),
    "done": ("place", "balance", "wake", "feed"),
    "refill": ("tengu",),
    "balance": ("wildcard",),
    "improve": ("wildcard",),
    "cook": ("wildcard",),
    "fund": ("wildcard",),
}


def refusal(state: State, action: Any) -> Refusal | None:
    """The rule ``action`` breaks in ``state`` as (rule ID, one sentence).

    Asked only about actions that are not legal: when no finer rule refuses one, the answer is
    the rule of the decision the phase asks for (never None).
    """
    phase = state.phase
    if phase == "over":
        return PHASE_RULES["over"]
    if isinstance(action, Choose):
        asked = _CHOICE_PHASES[action.option]
    else:
        asked = _ASKED.get(type(action), ())
    if phase not in asked:
        return PHASE_RULES[phase]
    board = state.boards[state.player]
    check = _CHECKS.get(type(action))
    found = check(state, board, action) if check else None
    return found or PHASE_RULES[phase]


def _draft(s: Any, b: Any, a: DraftShoot) -> tuple[str, str] | None:
    if SHOOT_CODE[a.shoot] not in s.shoot_pool:
        return "BB-PL-5", f"only a laid-out unmarked shoot can be drafted, and {a.shoot} is not"
    return None


def _gift(s: Any, b: Any, a: ChooseGift) -> tuple[str, str] | None:
    if a.gift not in s.gift_display:
        return "BB-SPR-3", f"only a revealed gift can be chosen, and {a.gift} is not revealed"
    return None


def _pass(s: Any, b: Any, a: Pass) -> tuple[str, str] | None:
    if not s.options.voluntary_pass:
        return "BB-SUM-1", "a player passes only when they have no incense left"
    return None


def _visit(s: Any, b: Any, a: VisitTemple) -> tuple[str, str] | None:
    t = COLOURS.index(a.temple)
    if not b.temples[t]:
        return (
            "BB-SUM-2",
            f"the action marker moves to a temple holding a shoot; {a.temple} is empty",
        )
    if t == b.marker:
        return "BB-SUM-2", "the action marker must move to a temple other than the last one used"
    return None


def _offer(s: Any, b: Any, a: Offer) -> tuple[str, str] | None:
    if COLOURS.index(a.temple) != s.visited and b.coins == 0 and not s.bakeneko:
        return "BB-SUM-4", "a stick goes to another temple only for 1 coin (free with Bakeneko)"
    return None


def _shoot(s: Any, b: Any, a: Activate | Place) -> tuple[str, str] | None:
    if SHOOT_CODE[a.shoot] not in s.pending:
        return "BB-SUM-5", f"only the shoots of the visited temple go into the stalks: no {a.shoot}"
    if s.per_stalk[a.stalk - 1] >= STALK_NEW_CAP:
        return "BB-SUM-5", f"at most {STALK_NEW_CAP} new shoots go into a stalk in one turn"
    if isinstance(a, Activate) and s.activations == 0:
        return "BB-SUM-5", "no more shoots can be activated than sticks were offered"
    if isinstance(a, Place) and s.activations > 0:
        return "BB-SUM-7", "activations are used (or declined with 'done') before placing"
    return None


def _receive(s: Any, b: Any, a: Receive) -> tuple[str, str] | None:
    if len(b.temples[COLOURS.index(a.temple)]) >= TEMPLE_CAPACITY:
        return "BB-SUM-6", f"an ejected shoot goes into a temple with room; {a.temple} is full"
    return None


def _choose(s: Any, b: Any, a: Choose) -> tuple[str, str] | None:
    if s.phase == "balance" and s.step > 0 and a.option in ("hp", "decline"):
        return "BB-ACT-1", "after a first sub-action a Balance action obtains or scores, or stops"
    if s.phase == "balance" and s.step == 0 and a.option == "done":
        return "BB-ACT-1", "a Balance action gains 1 HP or does a sub-action before it stops"
    if s.phase == "feed" and a.option == "done":
        return "BB-WIN-2", "owned food must be paid: a family stops paying only without food"
    return None


def _take(s: Any, b: Any, a: TakeBalanceTile) -> tuple[str, str] | None:
    tiles, ids = s.options.balance_table, s.options.balance_ids
    t = ids.get(a.tile, -1)
    if t < 0 or t not in s.balance_market[tiles[t].kind]:
        return "BB-ACT-2", f"only a face-up balance tile can be obtained, and {a.tile} is not"
    if sum(tiles[x].kind == tiles[t].kind for x in b.balance) >= 2:
        return "BB-ACT-2", "a board holds at most 2 balance tiles of a type"
    return None


def _score(s: Any, b: Any, a: ScoreBalanceTile) -> tuple[str, str] | None:
    tiles, t = s.options.balance_table, s.options.balance_ids.get(a.tile, -1)
    if t not in b.balance:
        return "BB-ACT-3", f"only a balance tile on one's own board can be scored: not {a.tile}"
    if not is_balance_met(tiles[t], b.home):
        if any(is_balance_met(tiles[t], b.home, region) for region in range(3)):
            return "BB-PAT-1", (
                "left tiles are met within the 6 left spaces, right tiles within the 6 right"
                " spaces, center tiles anywhere"
            )
        return "BB-ACT-3", f"a balance tile is scored only when its pattern is met: {a.tile} is not"
    return None


def _buy(s: Any, b: Any, a: BuyHomeTile) -> tuple[str, str] | None:
    tile = next(t for t in HOME_TILES if t.name == a.tile)
    if tile.id not in s.home_market[tile.category]:
        return "BB-ACT-4", f"only a face-up home tile can be bought, and {a.tile} is not"
    if tile.cost > b.coins:
        return "BB-ACT-4", f"a home tile is paid in coins: {a.tile} costs {tile.cost}"
    if not free_spaces(s.options, s.player, b.home, None):
        return "BB-ACT-4", "a bought home tile goes on an empty home space, and none is left"
    if not free_spaces(s.options, s.player, b.home, tile.type):
        return "BB-ADV-1", f"on the night side no empty space accepts a {TYPES[tile.type]} tile"
    return None


def _place_home(s: Any, b: Any, a: PlaceHomeTile) -> tuple[str, str] | None:
    i = a.row * 5 + a.col
    if b.home[i] >= 0:
        return "BB-ACT-4", f"a home tile goes on an empty home space; {a.row},{a.col} is taken"
    night = night_of(s, s.player)
    if i in night and night[i] != HOME_TILES[s.buying].type:
        return "BB-ADV-1", f"this night space accepts only a {TYPES[night[i]]} tile"
    return None


def _food(s: Any, b: Any, a: TakeFood) -> tuple[str, str] | None:
    if FOOD_KINDS.index(a.food) not in s.food_display:
        return "BB-ACT-5", f"only a face-up food counter can be taken: no {a.food} is face up"
    return None


def _use(s: Any, b: Any, a: UseSpirit) -> tuple[str, str] | None:
    k = a.spirit
    if k not in b.awake:
        return "BB-SPI-1", f"a spirit's power is used once by its owner while awake: no {k} awake"
    if k == "ookami" and (s.phase != "feed" or s.step):
        return "BB-SPI-4", "Ookami gives 4 food units when feeding the family in Winter"
    if k != "ookami" and s.phase == "feed":
        return "BB-SPI-1", "spirit powers are used in one's own Summer turn (Ookami in Winter)"
    if k == "kitsune" and (s.activated or s.kitsune):
        return "BB-SPI-3", "Kitsune is declared before the first shoot is activated"
    if k == "bakeneko" and (s.phase != "offer" or s.bakeneko):
        return "BB-SPI-5", "Bakeneko frees the sticks offered to other temples, while offering"
    if k not in SUMMER_SPIRITS and k not in ("kitsune", "bakeneko"):
        return "BB-SPI-1", f"{k.capitalize()}'s power is not used now"
    return None


def _wake(s: Any, b: Any, a: WakeSpirit) -> tuple[str, str] | None:
    if a.spirit not in b.asleep:
        return "BB-WIN-1", f"only one's own sleeping spirit can be woken: no {a.spirit} asleep"
    if SPIRIT_COST[a.spirit] > b.coins:
        return "BB-WIN-1", f"waking {a.spirit} costs {SPIRIT_COST[a.spirit]} coin(s)"
    return None


def _feed(s: Any, b: Any, a: Feed) -> tuple[str, str] | None:
    if not b.food[FOOD_KINDS.index(a.food)]:
        return "BB-WIN-2", f"only food one owns is paid, and there is no {a.food}"
    return None


_CHECKS: dict[type, Any] = {
    DraftShoot: _draft,
    ChooseGift: _gift,
    Pass: _pass,
    VisitTemple: _visit,
    Offer: _offer,
    Activate: _shoot,
    Place: _shoot,
    Receive: _receive,
    Choose: _choose,
    TakeBalanceTile: _take,
    ScoreBalanceTile: _score,
    BuyHomeTile: _buy,
    PlaceHomeTile: _place_home,
    TakeFood: _food,
    UseSpirit: _use,
    WakeSpirit: _wake,
    Feed: _feed,
}


RULEBOOK: Rulebook[State] = Rulebook(GAME_INFO.title, State, ACTION_TYPES, parse_text, refusal)
"""Bamboo's refusals through the shared pipeline: ``check``, ``explain``, ``parse_action``."""
