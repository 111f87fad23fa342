"""Bamboo's rulebook words for its actions: button groups, labels, pending decisions, the final
score's rows and what the seasons did by themselves (the words layer, docs/adding-a-game.md).

The notation (``str(action)``) stays beside these words on the boards so a student learns it
too. Nothing here decides legality: the words only name actions the engine listed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bamboo_lab.core.errors import InvalidStateError

from .components import ACTION_LETTERS, ACTIONS, COLOUR_LETTERS, COLOURS, TYPES
from .reconstructed import HOME_TILES
from .scoring import temple_majority
from .seasons import season

__all__ = [
    "DECISIONS",
    "GROUPS",
    "SCORE_ROWS",
    "events",
    "group",
    "home_tile",
    "label",
    "notes",
]

GROUPS: dict[str, str] = {
    "DraftShoot": "draft a shoot",
    "ChooseGift": "gift from the forest",
    "Pass": "pass",
    "VisitTemple": "visit a temple",
    "Offer": "offer incense",
    "Activate": "activate a shoot in a stalk",
    "Place": "place a shoot (no action)",
    "Receive": "receive the ejected shoot",
    "Choose": "choose",
    "TakeBalanceTile": "obtain a balance tile",
    "ScoreBalanceTile": "score a balance tile",
    "BuyHomeTile": "buy a home tile",
    "PlaceHomeTile": "place the home tile",
    "TakeFood": "take food",
    "UseSpirit": "use a spirit",
    "WakeSpirit": "wake a spirit",
    "Feed": "feed the family",
    "EndTurn": "end the turn",
}
"""The button group of each action class, in rulebook words."""

_COLOURS = dict(zip(COLOUR_LETTERS, COLOURS, strict=True))
_SHOOT_ACTIONS = dict(zip(ACTION_LETTERS, ACTIONS, strict=True))
_CHOICES = {
    "hp": "take 1 HP",
    "coin": "take 1 coin",
    "decline": "decline the action",
    "done": "done",
    "refill": "refill the food first",
    # a wildcard becomes one of the four basic actions (BB-ACT-7)
    "balance": "use it as balance: a balance tile or 1 HP",
    "improve": "use it as improve: a home tile or 1 coin",
    "cook": "use it as cook: take food from the display",
    "fund": "use it as fund: take 2 coins",
}
_TEMPLE_VERBS = {"VisitTemple": "visit", "Offer": "offer a stick to", "Receive": "receive into"}


def group(action: Any) -> str:
    """The button group of ``action``: its kind in rulebook words."""
    kind = type(action).__name__
    return GROUPS.get(kind, kind)


def home_tile(tile: int | str) -> str:
    """A home tile by what it is, never by its box name (BB-ACT-4): ``the 2-coin faith home
    tile (comfort 2, 1 HP)``; ``tile`` is its id or its name."""
    found = next((t for t in HOME_TILES if tile in (t.id, t.name)), None)
    if found is None:
        raise InvalidStateError(f"there is no home tile {str(tile)[:20]!r}")
    kind = TYPES[found.type]
    return f"the {found.cost}-coin {kind} home tile (comfort {found.comfort}, {found.hp} HP)"


def _shoot(code: str) -> str:
    colour = _COLOURS.get(code[:1], code[:1])
    action = _SHOOT_ACTIONS.get(code[1:2], code[1:2])
    return f"{colour} {action} shoot"


def _temple(action: Any) -> str:
    return f"{_TEMPLE_VERBS[type(action).__name__]} the {action.temple} temple"


def _stalk(action: Any) -> str:
    verb = "activate" if type(action).__name__ == "Activate" else "place"
    return f"{verb} the {_shoot(action.shoot)} in stalk {action.stalk}"


_WORDS: dict[str, Callable[[Any], str]] = {
    "DraftShoot": lambda action: f"draft the {_shoot(action.shoot)}",
    "ChooseGift": lambda action: f"gift: {action.gift}",
    "VisitTemple": _temple,
    "Offer": _temple,
    "Receive": _temple,
    "Activate": _stalk,
    "Place": _stalk,
    "Choose": lambda action: _CHOICES.get(action.option, action.option),
    "TakeBalanceTile": lambda action: f"obtain balance tile {action.tile}",
    "ScoreBalanceTile": lambda action: f"score balance tile {action.tile}",
    "BuyHomeTile": lambda action: f"buy {home_tile(action.tile)}",
    "PlaceHomeTile": lambda action: f"home tile on row {action.row}, column {action.col}",
    "TakeFood": lambda action: f"take {action.food}",
    "UseSpirit": lambda action: f"use {action.spirit}",
    "WakeSpirit": lambda action: f"wake {action.spirit}",
    "Feed": lambda action: f"pay {action.food}",
    "EndTurn": lambda action: "end the turn",
    "Pass": lambda action: "pass for the Summer",
}


def label(action: Any, state: Any = None) -> str:
    """The label of ``action`` in rulebook words (every Bamboo decision is public: the state
    adds nothing)."""
    words = _WORDS.get(type(action).__name__)
    return str(action) if words is None else words(action)


DECISIONS: dict[str, str] = {
    "draft": "set-up: draft a shoot",
    "gift": "Spring: take a gift from the forest",
    "visit": "Summer: visit a temple of your board",
    "offer": "Summer: offer incense at the temples",
    "place": "Summer: activate your shoots and place them in the stalks",
    "receive": "Summer: put the ejected shoot into one of your temples",
    "balance": "balance: obtain or score a balance tile (or take 1 HP)",
    "improve": "improve: buy a home tile (or take 1 coin)",
    "home": "improve: place the home tile in your home",
    "cook": "cook: take food from the display",
    "wildcard": "wildcard: choose the action it gives",
    "tengu": "Tengu: refill the food display first, or take a counter",
    "tengu_take": "Tengu: take a food counter",
    "end": "end your turn (or use a spirit)",
    "wake": "Winter: wake a sleeping spirit (or done)",
    "feed": "Winter: feed your family, one food counter at a time",
}
"""The pending decision of each phase, in rulebook words."""

SCORE_ROWS: dict[str, str] = {
    "happiness": "happiness track (HP)",
    "spirits": "spirits",
    "harmony": "harmony",
    "balance": "balance tiles",
    "night": "night spaces",
    "comfort": "comfort",
    "total": "total",
}
"""The rows of the final score table: each key of the outcome's breakdown, in words."""


def _player(seat: int) -> str:
    return f"Player {seat}"


def events(before: Any, after: Any, name: Callable[[int], str] = _player) -> tuple[str, ...]:
    """The passes (BB-SUM-1), each temple's award in Autumn with the majority that won it
    (BB-AUT-1, BB-AUT-2) and each Winter bill (BB-WIN-2) between two states, in words."""
    found: list[str] = []
    for seat, (was, now) in enumerate(zip(before.boards, after.boards, strict=True)):
        if now.passed and not was.passed:
            found.append(f"· {name(seat)} passes for the rest of the Summer (BB-SUM-1)")
    autumn = season(before) == "Summer" and season(after) != "Summer"
    if autumn:
        for temple, stack in enumerate(before.temples):
            spirit = before.spirit_stacks[temple][0] if before.spirit_stacks[temple] else None
            if not stack or spirit is None:
                continue
            ranked = temple_majority(stack)
            counts = ", ".join(
                f"{'the ghost' if owner < 0 else name(owner)} {stack.count(owner)}"
                for owner in ranked
            )
            winner = "the ghost (the spirit leaves the game)" if ranked[0] < 0 else name(ranked[0])
            if len(ranked) > 1 and stack.count(ranked[0]) == stack.count(ranked[1]):
                counts += ", a tie: the stick placed last wins"
            found.append(
                f"· Autumn, {COLOURS[temple]} temple: {spirit} goes to {winner}; incense {counts}"
                " (BB-AUT-1)"
            )
    for seat, (was, now) in enumerate(zip(before.boards, after.boards, strict=True)):
        starts = after.phase == "feed" and after.player == seat
        starts = starts and (before.phase != "feed" or before.player != seat)
        if starts:
            need = sum(1 for tile in now.home if tile >= 0)
            held = ", ".join(
                f"{count} {kind}"
                for count, kind in zip(now.food, ("tea", "rice", "ramen"), strict=True)
                if count
            )
            found.append(
                f"· Winter bill of {name(seat)}: {need} food unit{'' if need == 1 else 's'},"
                f" one per home tile; holds {held or 'no food'} (BB-WIN-2)"
            )
        if now.hp < was.hp and (autumn or season(before) == "Winter"):
            found.append(f"· {name(seat)} goes short of food: {now.hp - was.hp} HP (BB-WIN-2)")
    return tuple(found)


def notes(state: Any, name: Callable[[int], str] = _player) -> tuple[str, ...]:
    """The lines a board adds under its status: each seat's food, coins, HP and incense."""
    found = []
    for seat, board in enumerate(state.boards):
        held = ", ".join(
            f"{count} {kind}"
            for count, kind in zip(board.food, ("tea", "rice", "ramen"), strict=True)
            if count
        )
        found.append(
            f"{name(seat)}: food {held or 'none'} · {board.coins} coins ·"
            f" {board.hp} HP · {board.reserve} incense"
            + (" · passed this Summer" if board.passed else "")
        )
    return tuple(found)
