"""Bamboo refusals: the rule an action that is not legal breaks, as (rule ID, one sentence).

:func:`refusal` backs ``State.apply`` (IllegalActionError), ``explain`` and ``parse_action``
through :data:`RULEBOOK`, the shared pipeline of :mod:`bamboo_lab.core.refusals`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
from .components import (
    COLOUR_INDEX,
    FOOD_INDEX,
    SHOOT_CODE,
    SPIRIT_COST,
    SUMMER_SPIRITS,
    TYPES,
)
from .info import GAME_INFO, PHASE_RULES
from .legal import STALK_NEW_CAP, TEMPLE_CAPACITY, free_spaces, night_of
from .reconstructed import HOME_TILES
from .scoring import is_balance_met

if TYPE_CHECKING:
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
    board = state.board(state.player)
    check = _CHECKS.get(type(action))
    found = check(state, board, action) if check else None
    return found or PHASE_RULES[phase]


def _draft(state: Any, board: Any, action: DraftShoot) -> tuple[str, str] | None:
    if SHOOT_CODE[action.shoot] not in state.shoot_pool:
        return (
            "BB-PL-5",
            f"only a laid-out unmarked shoot can be drafted, and {action.shoot} is not",
        )
    return None


def _gift(state: Any, board: Any, action: ChooseGift) -> tuple[str, str] | None:
    if action.gift not in state.gift_display:
        return "BB-SPR-3", f"only a revealed gift can be chosen, and {action.gift} is not revealed"
    return None


def _pass(state: Any, board: Any, action: Pass) -> tuple[str, str] | None:
    if not state.options.voluntary_pass:
        return "BB-SUM-1", "a player passes only when they have no incense left"
    return None


def _visit(state: Any, board: Any, action: VisitTemple) -> tuple[str, str] | None:
    temple = COLOUR_INDEX[action.temple]
    if not board.temples[temple]:
        return (
            "BB-SUM-2",
            f"the action marker moves to a temple holding a shoot; {action.temple} is empty",
        )
    if temple == board.marker:
        return "BB-SUM-2", "the action marker must move to a temple other than the last one used"
    return None


def _offer(state: Any, board: Any, action: Offer) -> tuple[str, str] | None:
    if COLOUR_INDEX[action.temple] != state.visited and board.coins == 0 and not state.bakeneko:
        return "BB-SUM-4", "a stick goes to another temple only for 1 coin (free with Bakeneko)"
    return None


def _shoot(state: Any, board: Any, action: Activate | Place) -> tuple[str, str] | None:
    if SHOOT_CODE[action.shoot] not in state.pending:
        return (
            "BB-SUM-5",
            f"only the shoots of the visited temple go into the stalks: no {action.shoot}",
        )
    if state.per_stalk[action.stalk - 1] >= STALK_NEW_CAP:
        return "BB-SUM-5", f"at most {STALK_NEW_CAP} new shoots go into a stalk in one turn"
    if isinstance(action, Activate) and state.activations == 0:
        return "BB-SUM-5", "no more shoots can be activated than sticks were offered"
    if isinstance(action, Place) and state.activations > 0:
        return "BB-SUM-7", "activations are used (or declined with 'done') before placing"
    return None


def _receive(state: Any, board: Any, action: Receive) -> tuple[str, str] | None:
    if len(board.temples[COLOUR_INDEX[action.temple]]) >= TEMPLE_CAPACITY:
        return "BB-SUM-6", f"an ejected shoot goes into a temple with room; {action.temple} is full"
    return None


def _choose(state: Any, board: Any, action: Choose) -> tuple[str, str] | None:
    if state.phase == "balance" and state.step > 0 and action.option in ("hp", "decline"):
        return "BB-ACT-1", "after a first sub-action a Balance action obtains or scores, or stops"
    if state.phase == "balance" and state.step == 0 and action.option == "done":
        return "BB-ACT-1", "a Balance action gains 1 HP or does a sub-action before it stops"
    if state.phase == "feed" and action.option == "done":
        return "BB-WIN-2", "owned food must be paid: a family stops paying only without food"
    return None


def _take(state: Any, board: Any, action: TakeBalanceTile) -> tuple[str, str] | None:
    tiles, ids = state.options.balance_table, state.options.balance_ids
    tile = ids.get(action.tile, -1)
    if tile < 0 or tile not in state.balance_market[tiles[tile].kind]:
        return "BB-ACT-2", f"only a face-up balance tile can be obtained, and {action.tile} is not"
    if sum(tiles[owned].kind == tiles[tile].kind for owned in board.balance) >= 2:
        return "BB-ACT-2", "a board holds at most 2 balance tiles of a type"
    return None


def _score(state: Any, board: Any, action: ScoreBalanceTile) -> tuple[str, str] | None:
    tiles, tile = state.options.balance_table, state.options.balance_ids.get(action.tile, -1)
    if tile not in board.balance:
        return (
            "BB-ACT-3",
            f"only a balance tile on one's own board can be scored: not {action.tile}",
        )
    if not is_balance_met(tiles[tile], board.home):
        if any(is_balance_met(tiles[tile], board.home, region) for region in range(3)):
            return "BB-PAT-1", (
                "left tiles are met within the 6 left spaces, right tiles within the 6 right"
                " spaces, center tiles anywhere"
            )
        return (
            "BB-ACT-3",
            f"a balance tile is scored only when its pattern is met: {action.tile} is not",
        )
    return None


def _buy(state: Any, board: Any, action: BuyHomeTile) -> tuple[str, str] | None:
    tile = next(candidate for candidate in HOME_TILES if candidate.name == action.tile)
    if tile.id not in state.home_market[tile.category]:
        return "BB-ACT-4", f"only a face-up home tile can be bought, and {action.tile} is not"
    if tile.cost > board.coins:
        return "BB-ACT-4", f"a home tile is paid in coins: {action.tile} costs {tile.cost}"
    if not free_spaces(state.options, state.player, board.home, None):
        return "BB-ACT-4", "a bought home tile goes on an empty home space, and none is left"
    if not free_spaces(state.options, state.player, board.home, tile.type):
        return "BB-ADV-1", f"on the night side no empty space accepts a {TYPES[tile.type]} tile"
    return None


def _place_home(state: Any, board: Any, action: PlaceHomeTile) -> tuple[str, str] | None:
    space = action.row * 5 + action.col
    if board.home[space] >= 0:
        return (
            "BB-ACT-4",
            f"a home tile goes on an empty home space; {action.row},{action.col} is taken",
        )
    night = night_of(state, state.player)
    if space in night and night[space] != HOME_TILES[state.buying].type:
        return "BB-ADV-1", f"this night space accepts only a {TYPES[night[space]]} tile"
    return None


def _food(state: Any, board: Any, action: TakeFood) -> tuple[str, str] | None:
    if FOOD_INDEX[action.food] not in state.food_display:
        return "BB-ACT-5", f"only a face-up food counter can be taken: no {action.food} is face up"
    return None


def _use(state: Any, board: Any, action: UseSpirit) -> tuple[str, str] | None:
    spirit = action.spirit
    if spirit not in board.awake:
        return (
            "BB-SPI-1",
            f"a spirit's power is used once by its owner while awake: no {spirit} awake",
        )
    if spirit == "ookami" and (state.phase != "feed" or state.step):
        return "BB-SPI-4", "Ookami gives 4 food units when feeding the family in Winter"
    if spirit != "ookami" and state.phase == "feed":
        return "BB-SPI-1", "spirit powers are used in one's own Summer turn (Ookami in Winter)"
    if spirit == "kitsune" and (state.activated or state.kitsune):
        return "BB-SPI-3", "Kitsune is declared before the first shoot is activated"
    if spirit == "bakeneko" and (state.phase != "offer" or state.bakeneko):
        return "BB-SPI-5", "Bakeneko frees the sticks offered to other temples, while offering"
    if spirit not in SUMMER_SPIRITS and spirit not in ("kitsune", "bakeneko"):
        return "BB-SPI-1", f"{spirit.capitalize()}'s power is not used now"
    return None


def _wake(state: Any, board: Any, action: WakeSpirit) -> tuple[str, str] | None:
    if action.spirit not in board.asleep:
        return "BB-WIN-1", f"only one's own sleeping spirit can be woken: no {action.spirit} asleep"
    if SPIRIT_COST[action.spirit] > board.coins:
        return "BB-WIN-1", f"waking {action.spirit} costs {SPIRIT_COST[action.spirit]} coin(s)"
    return None


def _feed(state: Any, board: Any, action: Feed) -> tuple[str, str] | None:
    if not board.food[FOOD_INDEX[action.food]]:
        return "BB-WIN-2", f"only food one owns is paid, and there is no {action.food}"
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


RULEBOOK: Rulebook[State] = Rulebook(
    GAME_INFO.title, GAME_INFO.name, ACTION_TYPES, parse_text, refusal
)
"""Bamboo's refusals through the shared pipeline: ``check``, ``explain``, ``parse_action``."""
