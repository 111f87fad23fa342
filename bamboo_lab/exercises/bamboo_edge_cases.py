"""The questions Bamboo players get wrong (notebook 21): each position named for its question,
and each answer a :class:`bamboo_lab.Table` read from the engine (``bb.explain``,
``legal_actions``, ``temple_majority``, ``feeding_bill``, the scoring helpers), so that a
notebook cell is one call and a table or a picture.

Where a reading of the rules is an option of ``bb.Options``, its table plays the same position
under each value, side by side.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from bamboo_lab.core.table import Table
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo import words
from bamboo_lab.games.bamboo.components import FOOD_KINDS, shoot_name

from .bamboo_answers import owner_item
from .bamboo_lessons import move, play

__all__ = [
    "HARMONY_HOMES",
    "blue_temple_empty",
    "decoration_in_the_centre",
    "draft_order_readings",
    "feeding_readings",
    "first_turn_readings",
    "food_bills",
    "ghost_last_turns",
    "ghost_stacks",
    "harmony_table",
    "home_for_unscored_tiles",
    "home_of_three_tiles",
    "incense_table",
    "marker_on_red",
    "one_stick_left",
    "passes",
    "red_temple_of_four_shoots",
    "rulebook_harmony_home",
    "spirit_kinds",
    "spirits_at_the_end",
    "temples_full_but_red",
    "three_player_ties",
    "tied_stacks",
    "unscored_tiles",
    "verdicts",
    "voluntary_pass_readings",
    "wildcard_readings",
]

_FIELD = [["Rb", "Gc", "Yw"], ["Bf", "Rc", "Yf"], ["Gb", "Bi", "Ri"], ["Yb", "Gf", "Bc"]]
"""The stalk field of the stalk questions (base first)."""


def _verdict(state: bb.State, text: str) -> dict[str, str]:
    """One row: the move in words, whether it is allowed, and the rule's sentence if not."""
    action = move(state, text)
    said = bb.explain(state, action)
    return {
        "move": words.label(action),
        "allowed": "yes" if said.legal else "no",
        "why not": "" if said.legal else f"{said.reason} ({said.rule})",
    }


def verdicts(state: bb.State, *texts: str) -> Table:
    """Whether each move (in the board's words, see :func:`~.bamboo_lessons.move`) is allowed
    now, and which rule refuses it: ``bb.explain`` as a table."""
    return Table([_verdict(state, text) for text in texts])


# 1. the same temple twice (BB-SUM-2)


def marker_on_red() -> bb.State:
    """Player 0's action marker stands on red, the temple of the last turn (BB-SUM-2)."""
    return bb.position(
        player=0,
        boards={0: {"temples": [["Rb", "Ri"], ["Yc"], ["Gf"], ["Bb"]], "marker": "red"}},
    )


def blue_temple_empty() -> bb.State:
    """Player 0's blue temple holds no shoot (BB-SUM-2)."""
    return bb.position(
        player=0, boards={0: {"temples": [["Rb", "Ri"], ["Yc", "Yi"], ["Gf", "Gw"], []]}}
    )


def _round_one_ends(first_turn_free: Literal["game", "round"]) -> bb.State:
    """Round 1's last turns (player 1 visits green), played on to round 2's first Summer turn,
    each player taking the first choice offered in Autumn, Winter and Spring."""
    start = bb.position(
        options=bb.Options(first_turn_free=first_turn_free),
        player=0,
        temples=[
            ["ghost", "ghost", 0, 1, 1],
            ["ghost", "ghost", "ghost", 0],
            [0, 1],
            ["ghost", "ghost", "ghost"],
        ],
        boards={
            0: {"temples": [["Rb", "Ri"], ["Yc"], ["Gf"], ["Bb"]], "coins": 0},
            1: {"temples": [["Rf"], ["Yb"], ["Gc", "Gi"], ["Bc", "Bw"]], "coins": 0},
        },
    )
    state = play(start, "visit yellow", "done", "place Yc 1", "visit green", "done")
    state = play(state, "place Gc 1", "place Gi 2")
    while state.phase != "visit":  # the seasons in between: the first choice each time
        state = state.apply(state.legal_actions()[0])
    return state


def first_turn_readings() -> Table:
    """Round 2, player 1 (who visited green last in round 1) asks to visit green again, under
    each reading of ``first_turn_free`` (BB-SUM-2)."""
    rows = []
    readings: tuple[Literal["game", "round"], ...] = ("game", "round")
    for reading in readings:
        state = _round_one_ends(reading)
        verdict = _verdict(state, "visit green")
        rows.append(
            {
                "first_turn_free": reading,
                "round": state.round,
                "player to play": f"player {state.player}",
                "visit green again": verdict["allowed"],
                "why not": verdict["why not"],
            }
        )
    return Table(rows)


# 2. too little incense (BB-SUM-1, BB-SUM-3, BB-SUM-5)


def one_stick_left(voluntary_pass: bool = False) -> bb.State:
    """Round 4: player 0 has one stick left and a red temple of three shoots (BB-SUM-3);
    ``voluntary_pass`` is the house rule that lets a player pass with incense (BB-SUM-1)."""
    return bb.position(
        options=bb.Options(voluntary_pass=voluntary_pass),
        round=4,
        player=0,
        temples=[[0, 0, 1], [0, 1], [0, 0, 1], [0, 1]],
        boards={0: {"temples": [["Rf", "Rb", "Ri"], ["Yc"], ["Gf"], ["Bb"]], "coins": 0}},
    )


def incense_table(before: bb.State, visiting: bb.State) -> Table:
    """Sticks in the reserve, shoots in the visited temple and activations allowed (BB-SUM-3,
    BB-SUM-5): the visiting player of ``visiting``, from ``before`` the visit."""
    seat = visiting.player
    temple = before.board(seat).temples[visiting.visited]
    return Table(
        [
            {
                "sticks in the reserve": before.board(seat).reserve,
                "shoots in the visited temple": len(temple),
                "shoots activated (one per stick)": visiting.activations,
            }
        ]
    )


def passes(state: bb.State) -> Table:
    """Who has passed for this Summer and who plays next (BB-SUM-1)."""
    return Table(
        {
            f"player {seat}": {
                "incense in the reserve": board.reserve,
                "passed": "yes" if board.passed else "no",
                "to play next": "yes" if seat == state.player else "no",
            }
            for seat, board in enumerate(state.boards)
        }
    )


def voluntary_pass_readings() -> Table:
    """The same position under each reading of ``voluntary_pass``: may player 0 pass while
    holding incense? (BB-SUM-1)"""
    rows = []
    for voluntary in (False, True):
        state = one_stick_left(voluntary_pass=voluntary)
        verdict = _verdict(state, "pass")
        rows.append(
            {
                "voluntary_pass": str(voluntary),
                "choices": len(state.legal_actions()),
                "pass while holding incense": verdict["allowed"],
                "why not": verdict["why not"],
            }
        )
    return Table(rows)


# 3 and 4. the stalks and a full temple (BB-SUM-5, BB-SUM-6)


def red_temple_of_four_shoots() -> bb.State:
    """Player 0's red temple holds four shoots (fund, balance, improve, cook), to put into the
    stalk field (BB-SUM-5)."""
    return bb.position(
        player=0,
        stalks=_FIELD,
        boards={0: {"temples": [["Rf", "Rb", "Ri", "Rc"], ["Yc"], ["Gf"], ["Bb"]], "coins": 0}},
    )


def temples_full_but_red() -> bb.State:
    """Player 0's yellow, green and blue temples are full and a yellow wildcard tops stalk 1;
    only the red temple, emptied by the visit, will have room (BB-SUM-6)."""
    full = [["Rf"], ["Yc", "Yi", "Yb", "Yf"], ["Gf", "Gi", "Gb", "Gw"], ["Bb", "Bi", "Bf", "Bc"]]
    return bb.position(player=0, stalks=_FIELD, boards={0: {"temples": full, "coins": 0}})


# 5 and 6. ties and the ghost (BB-AUT-1, BB-AUT-2)

_TIED = ([0, 1], [1, 0], [0, 0, 1, 1], [1, 1, 0, 0], [0, 1, 1, 0], [2, 0, 1, 2, 0, 1])
_GHOSTLY = ([-1, -1, 0, 0], [-1, -1, -1, 0, 0], [-1, -1, -1, 0, 1, 0, 1])


def _owner(seat: int) -> str:
    """A stick's or a temple's owner in words: "player 0", or "the ghost"."""
    item = owner_item(seat)
    return f"player {item}" if isinstance(item, int) else f"the {item}"


def _stacks(stacks: Iterable[Sequence[int]]) -> Table:
    """Each stack of sticks (bottom to top, in words) and who wins its temple."""
    return Table(
        [
            {
                "sticks, bottom to top": ", ".join(_owner(s) for s in stack),
                "winner": _owner(bb.temple_majority(stack)[0]),
            }
            for stack in stacks
        ]
    )


def tied_stacks() -> Table:
    """Stacks with tied players and who wins each: the highest stick (BB-AUT-1)."""
    return _stacks(_TIED)


def ghost_stacks() -> Table:
    """Stacks with the ghost's sticks at the bottom and who wins each (BB-AUT-2)."""
    return _stacks(_GHOSTLY)


def three_player_ties() -> bb.State:
    """Three players at the end of a Summer: red and blue tied 2-2, green to be tied by player
    0's last offering, nobody at yellow (BB-AUT-1)."""
    return bb.position(
        players=3,
        player=0,
        temples=[[1, 2, 2, 1], [], [2, 2, 0], [1, 0, 1, 0]],
        boards={0: {"temples": [["Rb"], ["Yc"], ["Gf"], ["Bb"]], "coins": 0}},
    )


def ghost_last_turns() -> bb.State:
    """Two players and the ghost before their last turns of a round (BB-AUT-2)."""
    return bb.position(
        player=0,
        temples=[
            ["ghost", "ghost", 0, 0],
            ["ghost", "ghost", "ghost", 1, 1],
            [1],
            ["ghost", "ghost", "ghost", 0],
        ],
        boards={
            0: {"temples": [["Rb"], ["Yc"], ["Gf"], ["Bb"]], "coins": 0},
            1: {"temples": [["Rf"], ["Yb"], ["Gc"], ["Bc"]], "coins": 0},
        },
    )


# 7. food change (BB-WIN-2, BB-SPI-4)


def home_of_three_tiles() -> tuple[int, ...]:
    """A home of three tiles: it needs 3 food units in Winter (BB-WIN-2)."""
    return bb.home_from_text("(0,0):G/1 (0,1):F/1 (1,0):D/1")


def food_bills(home: Sequence[int]) -> Table:
    """The Winter bill of ``home`` paid with one ramen, two rice, one tea, nothing, and nothing
    with an awake Ookami (``bb.feeding_bill``, BB-WIN-2, BB-SPI-4)."""
    cases = {
        "one ramen": ({"ramen": 1}, False),
        "two rice": ({"rice": 2}, False),
        "one tea": ({"tea": 1}, False),
        "nothing": ({}, False),
        "nothing, with Ookami": ({}, True),
    }
    rows = {}
    for name, (held, ookami) in cases.items():
        food = tuple(held.get(kind, 0) for kind in FOOD_KINDS)
        bill = bb.feeding_bill(home, food, ookami=ookami)
        rows[name] = {
            "units needed": bill["need"],
            "Ookami's units": bill["ookami"],
            "units wasted": bill["waste"],
            "HP lost": bill["hp_lost"],
        }
    return Table(rows).T


def _food_words(food: Sequence[int]) -> str:
    """Food counters held, in words ("1 tea, 2 rice"), or "none"."""
    return ", ".join(f"{n} {kind}" for kind, n in zip(FOOD_KINDS, food, strict=True) if n) or "none"


def feeding_readings(chosen: bb.State, auto: bb.State) -> Table:
    """HP and food left after Winter under each reading of ``feeding``: the players' own
    choice (``chosen``, played) and the least-waste payment (``auto``) (BB-WIN-2)."""
    return Table(
        {
            f"player {seat}": {
                "HP (choose)": chosen.board(seat).hp,
                "HP (auto)": auto.board(seat).hp,
                "food left (choose)": _food_words(chosen.board(seat).food),
                "food left (auto)": _food_words(auto.board(seat).food),
            }
            for seat in range(chosen.num_players)
        }
    )


# 8. unscored balance tiles (BB-END-4, BB-PAT-1)


def home_for_unscored_tiles() -> tuple[int, ...]:
    """A home meeting L05 and R13 but not C13 (BB-END-4)."""
    return bb.home_from_text(
        "(0,0):G/2 (0,1):F/3 (1,0):D/1 | (1,2):G/3 | (0,3):G/2 (1,3):F/1 (2,3):D/1"
    )


def unscored_tiles(home: Sequence[int], names: Iterable[str]) -> Table:
    """Each balance tile's HP, whether ``home`` meets it, and what it is worth unscored at the
    end: half its HP rounded up when met (BB-END-4)."""
    rows = {}
    for name in names:
        tile = bb.balance_tile(name)
        rows[name] = {
            "HP": tile.hp,
            "met": "yes" if bb.is_balance_met(tile, home) else "no",
            "worth at the end": bb.unscored_balance_points([tile.id], home),
        }
    return Table(rows).T


def decoration_in_the_centre() -> bb.State:
    """Player 0 holds L01 (one decoration tile) with the only decoration tile in the centre
    column (BB-PAT-1)."""
    return bb.position(
        player=0,
        boards={
            0: {
                "home": "(0,2):D/1",
                "balance": ["L01"],
                "temples": [["Rb"], ["Yc"], ["Gf"], ["Bb"]],
                "coins": 0,
            }
        },
    )


# 9. harmony and the spirits (BB-END-2, BB-END-3)

HARMONY_HOMES = {
    "the rulebook's example": "(0,0):G/2 (1,1):F/3 | (0,2):D/3 | (0,3):T/3 (1,4):G/3 (2,3):D/2",
    "balanced, centre ignored": "(0,0):G/3 | (1,2):D/3 | (0,4):F/3",
    "one side empty": "(0,0):G/3 (1,0):F/2",
    "empty home": "",
}
"""Homes whose harmony the lesson compares, by name (written in the engine's home notation)."""


def harmony_table() -> Table:
    """Left and right comfort and the harmony penalty of each home of ``HARMONY_HOMES``
    (``bb.harmony``, ``bb.harmony_penalty``, BB-END-3)."""
    rows = {}
    for name, text in HARMONY_HOMES.items():
        home = bb.home_from_text(text)
        left, right = bb.harmony(home)
        rows[name] = {
            "left comfort": left,
            "right comfort": right,
            "harmony (HP)": bb.harmony_penalty(home),
        }
    return Table(rows).T


def rulebook_harmony_home() -> tuple[int, ...]:
    """The rulebook's example home of the harmony rule (BB-END-3)."""
    return bb.home_from_text(HARMONY_HOMES["the rulebook's example"])


def spirit_kinds(
    spirits: Sequence[str] = ("Kappa", "Kappa", "Tengu", "Ookami", "Kitsune"),
) -> Table:
    """Spirits owned, the kinds among them and their HP at the end: 2 per kind (BB-END-2)."""
    return Table(
        [
            {
                "spirits owned": ", ".join(spirits),
                "different kinds": len(set(spirits)),
                "HP at the end": bb.spirit_diversity(list(spirits)),
            }
        ]
    )


def spirits_at_the_end() -> bb.State:
    """Player 0 at the end with 30 HP, the rulebook's harmony home and five spirits of four
    kinds, two of them asleep (BB-END-2, BB-END-3)."""
    return bb.position(
        player=0,
        boards={
            0: {
                "home": HARMONY_HOMES["the rulebook's example"],
                "spirits": ["Kappa", "Tengu", "Ookami"],
                "asleep": ["Kappa", "Kitsune"],
                "hp": 30,
            }
        },
    )


# 10. the set-up's readings (BB-PL-5)


def draft_order_readings(players: int = 3, seed: int = 4) -> Table:
    """The seats picking in turn in the draft under each ``draft_order`` (BB-PL-5)."""
    rows = []
    for order in ("clockwise", "snake"):
        state = bb.new_game(players, seed=seed, options=bb.Options(draft_order=order))
        seats = []
        while state.phase == "draft":  # each seat takes the first shoot offered
            seats.append(state.player)
            state = state.apply(state.legal_actions()[0])
        rows.append(
            {"draft_order": order, "seats picking in turn": ", ".join(f"{s}" for s in seats)}
        )
    return Table(rows)


def wildcard_readings(players: int = 2, seed: int = 4) -> Table:
    """Where the wildcard shoots start under each ``wildcards`` reading: on the stalks or
    among the draft's shoots (BB-PL-5)."""
    rows = []
    for where in ("unmarked", "board"):
        state = bb.new_game(players, seed=seed, options=bb.Options(wildcards=where))
        names = [shoot_name(c) for stalk in state.stalks for c in stalk]
        drafted = [shoot_name(c) for c in state.shoot_pool]
        rows.append(
            {
                "wildcards": where,
                "wildcards on the stalks": sum(n.endswith("w") for n in names),
                "wildcards in the draft": sum(n.endswith("w") for n in drafted),
            }
        )
    return Table(rows)
