"""Helpers shared by the Bangkok tests: positions, played games, constants, strategies."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from bangkok_positions import position
from harness import check_position, check_state, play_on, random_playout
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bamboo_lab import exercises
from bamboo_lab.core.errors import BambooLabError, IllegalActionError
from bamboo_lab.exercises import Kind
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import RECONSTRUCTED_DECK, parse_card_spec

EIGHT_CARDS = ["P", "Z", "B", "F", "PZ", "ZB", "BF", "PF"]


def played_plies(plies: int = 12, players: int = 2) -> bk.State:
    rng = random.Random(4)
    state = bk.new_game(players, 4)
    for _ in range(plies):
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


ROW_PZB = ["P", "Z", "B", "BF", "BB", "C2:B/B", "FF", "C1:B/F", "BF"]


EIGHT = ["ZZB", "BBF", "FFP", "PPZ", "ZBF", "PBF", "PZF", "ZZ", None]


def finished(n: int, seed: int) -> bk.State:
    """A seeded uniformly random game played to its end."""
    return random_playout(bk, n, seed)[0]  # type: ignore[no-any-return]


def dict_of(**fields: Any) -> dict[str, Any]:
    """The dict of a consistent 2-player position, for corrupting."""
    return position(ROW_PZB, hands=[["F", "F", "Z"], ["B", "P", "Z"]], **fields).to_dict()


def illegal_reason(state: bk.State, action: Any) -> str:
    """The message of the IllegalActionError that ``action`` raises, checking nothing changed."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert state.to_dict() == before
    return str(info.value)


def dumped(state: bk.State) -> str:
    """Canonical JSON of a state."""
    return json.dumps(state.to_dict(), sort_keys=True)


def played(n: int, seed: int, plies: int) -> bk.State:
    """A state after ``plies`` first-legal actions."""
    state = bk.new_game(n, seed)
    for _ in range(plies):
        state = state.apply(state.legal_actions()[0])
    return state


def corrupt(change: Any) -> dict[str, Any]:
    """A valid state dict after ``change(d)``."""
    data = played(2, 4, 7).to_dict()
    change(data)
    return data


CUSTOM_DECK = tuple(
    "C2:PZ/PP" if spec == "C2:P/P" else spec for spec in RECONSTRUCTED_DECK
)  # one card face changed


EXERCISES = exercises.all_exercises("bangkok")


IDS = [e.id for e in EXERCISES]


GOOD_LETTER_OF = dict(zip(bk.GOODS, "PZBF", strict=True))


def truth(exercise_id: str) -> Any:
    """The engine's answer, as the exercise's truth gives it."""
    e = exercises.get(exercise_id)
    return e.truth(e.position())


def forms(exercise: exercises.Exercise, right: Any) -> list[Any]:
    """The right answer written in every way a student may write it."""
    if exercise.kind is Kind.NUMBER:
        return [right, str(right), f" {right} ", float(right)]
    if exercise.kind is Kind.CHOICE and right in bk.GOODS:
        printed = right.replace("_", " ").replace("thai", "Thai")
        return [
            right,
            printed,
            printed.upper(),
            GOOD_LETTER_OF[right],
            GOOD_LETTER_OF[right].lower(),
        ]
    if exercise.kind is Kind.CHOICE:  # a cell
        number = int(right.split()[-1])
        return [number, str(number), f"cell {number}", float(number), right]
    items = sorted(right, key=str)
    if isinstance(items[0], int):  # cells
        return [set(items), list(items), tuple(items), [str(c) for c in items]]
    return [set(items), list(items), [s.lower() for s in items], [f" {s} " for s in items]]


def wrong_answer(exercise_id: str) -> Any:
    """A wrong answer of the right shape."""
    exercise, right = exercises.get(exercise_id), truth(exercise_id)
    if exercise.kind is Kind.NUMBER:
        return right + 3
    if exercise.kind is Kind.CHOICE and right in bk.GOODS:
        return next(g for g in bk.GOODS if g != right)
    if exercise.kind is Kind.CHOICE:
        return 9 if right != "cell 9" else 1
    items = sorted(right, key=str)
    return set(items[:-1]) if len(items) > 1 else {items[0], *({1, 2, 3} - set(items))}


FUZZ = settings(
    max_examples=200,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


ODD_VALUES = st.sampled_from(
    [
        None, True, False, 1.0, 0.5, -1, 0, 1, 3, 9, 10, 59, 60, 2**64, 10**50, -(10**50), "",
        "1", "R1", "X9", "row1", "col4", "P", "*Z", "ZP", "PPPP", "p", (), (1,), (3, 1), (1, 1),
        (1, 2, 3, 4), [1, 3], ("1",), (True,), (1.0,), {"a": 1}, b"R1", object(),
    ]
)  # fmt: skip


@functools.cache
def states() -> tuple[bk.State, ...]:
    """Real positions: every 7th state of seeded random games of 1 to 4 players, one built."""
    out = [bk.position(port=["Z", "F", "P", "BF", "BB", "C2:B/B", "FF", "C1:B/F", "B"])]
    for n in (1, 2, 3, 4):
        rng = random.Random(n)
        state = bk.new_game(n, n)
        ply = 0
        while not state.is_over():
            if ply % 7 == 0:
                out.append(state)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
            ply += 1
        out.append(state)
    return tuple(out)


def check_accepted(state: bk.State) -> None:
    """An accepted state round-trips through JSON, prints, and plays on under every check."""
    text = json.dumps(state.to_dict(), sort_keys=True)
    again = bk.State.from_dict(json.loads(text))
    assert again == state and json.dumps(again.to_dict(), sort_keys=True) == text
    assert isinstance(str(state), str)
    play_on(bk, state, random.Random(0), check=True, max_plies=3)


def try_apply(state: bk.State, action: Any) -> None:
    """Apply: refused with a BambooLabError (state unchanged), or accepted and sound."""
    before = json.dumps(state.to_dict(), sort_keys=True)
    try:
        after = state.apply(action)
    except BambooLabError:
        assert json.dumps(state.to_dict(), sort_keys=True) == before
        return
    check_accepted(after)


def near_misses(text: str, rng: random.Random) -> str:
    """The text with one small edit: a character dropped, doubled, replaced or recased."""
    i = rng.randrange(len(text))
    edits = [
        text[:i] + text[i + 1 :],
        text[:i] + text[i] + text[i:],
        text[:i] + rng.choice("0123456789#@:+*PZBFLRTBrowcl x") + text[i + 1 :],
        text.upper(),
        text + "+1",
        text.replace("#", "#0"),
    ]
    return rng.choice(edits)


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One mutation of a state dict: drop, retype, +-1, swap, duplicate, unknown key, huge."""
    paths: list[tuple[Any, ...]] = []

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        """Collect every path into the nested dict/list."""
        paths.append(path)
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, (*path, k))
        elif isinstance(value, list):
            for k, v in enumerate(value):
                walk(v, (*path, k))

    walk(data, ())
    path = rng.choice(paths[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    kind = rng.choice(["drop", "retype", "plus", "minus", "swap", "dup", "unknown", "huge"])
    if kind == "drop":
        del parent[key]
    elif kind == "retype":
        parent[key] = rng.choice([None, True, 1.0, "1", [], {}, [value], str(value)])
    elif kind in ("plus", "minus") and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + (1 if kind == "plus" else -1)
    elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif kind == "dup" and isinstance(parent, list):
        parent.insert(key, value)
    elif kind == "unknown":
        data[rng.choice(["extra", "Turn", "_legal"])] = value
    else:
        parent[key] = rng.choice([2**64, 10**60, -(2**70)])
    return data


GUIDE = Path(__file__).resolve().parents[2] / "docs" / "games" / "bangkok.md"


OTHER_HANDS = [["ZF", "BF", "PF"], ["ZB", "PB", "PZ"], ["ZB", "PF", "B"]]


def lay_cells(state: bk.State, face: str | None = None) -> list[int]:
    """The market cells (1-9) of the legal lays, optionally of one card face."""
    return sorted(
        {a.cell for a in state.legal_actions() if face is None or a.face == face}  # type: ignore[attr-defined]
    )


# Rows 2 and 3 of most test ports: 7 boat cards and 2 chilli cards, no passion fruit, no
# Thai zucchini, so only row 1 (cells 1-3) matters for a P/Z card placed beside it.
FILLER = ["BF", "BB", "C2:B/B", "FF", "C1:B/F", "B"]


def played_to_phase(num_players: int, seed: int, phase: str) -> bk.State:
    """A state reached by random play whose pending decision is in ``phase``."""
    rng = random.Random(seed)
    state = bk.new_game(num_players, seed)
    while state.phase != phase or state.turn < 2:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def moved_to_boat_pile(data: dict[str, Any], seat: int, count: int) -> dict[str, Any]:
    """``data`` with ``count`` boat cards of ``seat``'s hand put under the boat pile."""
    chilli = bk.build_deck().chilli
    hand = data["hands"][seat]
    boats = [c for c in hand if not chilli[c]][:count]
    assert len(boats) == count
    data["hands"][seat] = [c for c in hand if c not in boats]
    data["boat_pile"] += boats
    return data


C = parse_card_spec


# The rulebook example market (catalog case 13), objective blue peas.
EXAMPLE = [
    ["C4:BZ/P", "B", "BZ"],
    ["FF", "C3:FB/B", "BBF"],
    ["ZF", "BP", "C1:P/Z"],
]


def example_cards() -> list[list[bk.Card]]:
    """The example market as cards."""
    return [[C(spec) for spec in row] for row in EXAMPLE]


# Market around the chilli: PP Z PB / F PZ BB / ZF P F (reading order), cell replaced by it.
AROUND = ["PP", "Z", "PB", "F", "PZ", "BB", "ZF", "P", "F"]


CHILLIES = {1: "C1:P/Z", 2: "C2:P/P", 3: "C3:PZ/B", 4: "C4:PF/Z"}


# Expected points, worked by hand: corner (cell 0) sees Z, F; edge (cell 1) sees PP, PB, PZ;
# centre (cell 4) sees Z, F, BB, P.
EXPECTED = {
    (1, 0): 5,  # P = 0 -> 5 - 0
    (2, 0): 1,  # P = 1 (its own face)
    (3, 0): 0,  # P = 0, Z = 1 -> no pair
    (4, 0): 2,  # P = 0, F = 1 -> F present once
    (1, 1): 1,  # P = 4 -> 5 - 4
    (2, 1): 5,  # P = 5 with its face
    (3, 1): 2,  # P = 4, Z = 1 -> 1 pair
    (4, 1): 0,  # P = 4, F = 0
    (1, 4): 4,  # P = 1
    (2, 4): 2,  # P = 2 with its face
    (3, 4): 2,  # P = 1, Z = 1
    (4, 4): 4,  # P = 1, F = 1 -> both once
}


OPTIONS: list[dict[str, Any]] = [
    {},
    {"expert": True},
    {"collect": "any", "goods_count": "distinct"},
    {"refill": "once", "clamp_type1": True},
]


def renew_or_first(state: bk.State) -> bk.State:
    """Renew when possible (keeps the market empty), else the first legal action."""
    legal = state.legal_actions()
    renew = [a for a in legal if isinstance(a, bk.Renew)]
    return state.apply(renew[0] if renew else legal[0])


def built(**kwargs: Any) -> bk.State:
    """``bk.position`` with every check of the conformance harness on the result."""
    state = bk.position(**kwargs)
    check_state(bk, state, dict(state.inventory()), 0)
    assert bk.State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    return state


def played_on_under_harness(state: bk.State, seed: int) -> bk.State:
    """The conformance harness on a built position: random games played on from it under every
    check, each game's record (carrying the position as its start) replayed to its end."""
    return check_position(state, games=2, seed=seed)  # type: ignore[no-any-return]


def refusals() -> list[tuple[bk.State, Any, str]]:
    """One refused action for every rule that can refuse one, with the rule's ID."""
    port = ["Z", "F", "P", *FILLER]
    act = bk.position(port=port, hands=[["ZP", "B", "PP"], ["PB", "ZB", "PF"]])
    zp = next(c for c in act.hands[0] if act.deck.labels[c] == "PZ")
    bee = next(c for c in act.hands[0] if act.deck.labels[c] == "B")
    collect = act.apply(bk.PlaceAtPort(zp, "PZ", "R1"))
    lay = bk.position(
        port=port, hands=[["F", "F", "PP", "ZZ", "C2:Z/Z"], ["PB", "ZB", "PF"]], phase="lay"
    )
    f = next(c for c in lay.hands[0] if lay.deck.labels[c] == "F")
    market = ["C2:P/P", "F", None, "ZF", *[None] * 5]
    expert = bk.position(
        port=port,
        hands=[["C2:Z/Z", "P", "Z", "F"], ["PB", "ZB", "PF"]],
        markets=[market, [None] * 9],
        phase="lay",
        options={"expert": True},
    )
    chilli = next(c for c in expert.hands[0] if expert.deck.chilli[c])
    p = next(c for c in expert.hands[0] if expert.deck.labels[c] == "P")
    solo = bk.position(players=1, port=port, hands=[["ZP", "B", "F"]])
    empty_row = bk.position(
        port=[None, None, None, *FILLER], hands=[["B", "F", "F"], ["PB", "ZB", "PF"]]
    )
    over = bk.position(
        port=port,
        markets=[["ZZB", "PZ", "PB", "PF", "ZB", "ZF", "BF", "PPZ", "PZ"], [None] * 9],
        player=0,
        turn=2,
        phase="over",
        hands=[["B", "F", "PP"], ["P", "Z", "ZZ"]],
    )
    return [
        (act, bk.PlaceAtPort(bee, "B", "R1"), "BK-ACT-1"),  # no shared good
        (act, bk.PlaceAtPort(59, "ZBF", "R1"), "BK-ACT-1"),  # not in hand
        (act, bk.Collect((1,)), "BK-ACT-1"),  # nothing placed yet
        (collect, bk.Collect((4,)), "BK-ACT-1"),  # outside the line
        (collect, bk.Renew("row1"), "BK-ACT-2"),  # the placed card collects first
        (collect, bk.Collect((1, 2, 3)), "BK-ACT-2"),  # 2 goods collect at most 2 cards
        (collect, bk.Collect((2,)), "BK-ACT-3"),  # F shares no good with [Z,P]
        (collect, bk.Collect((1,)), "BK-ACT-4"),  # never refuse: take 2
        (solo, bk.PlaceAtPort(zp, "PZ", "T1"), "BK-SOLO-2"),
        (lay, bk.Renew("row1"), "BK-MKT-1"),
        (lay, bk.LayInMarket(59, "ZBF", 1), "BK-MKT-1"),
        (lay, bk.LayInMarket(f, "F", 5), "BK-MKT-2"),
        (expert, bk.LayInMarket(p, "P", 9), "BK-MKT-3"),
        (expert, bk.LayInMarket(p, "P", 2), "BK-MKT-4"),
        (expert, bk.LayInMarket(chilli, "*Z", 3), "BK-MKT-5"),
        (expert, bk.LayInMarket(chilli, "*Z", 7), "BK-EXP-1"),
        (empty_row, bk.Renew("row1"), "BK-RENEW-1"),
        (act, bk.Pass(), "BK-RENEW-1"),
        (over, bk.Pass(), "BK-END-1"),
    ]
