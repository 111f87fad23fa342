"""Helpers for the Bamboo tests: reach a phase, build a position (public builder), name codes."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import legal
from bamboo_lab.games.bamboo.components import ACTION_LETTERS, COLOUR_LETTERS, COLOURS

State = bamboo.State


def code(name: str) -> int:
    """The shoot code of a two-letter shoot name (``Rb``)."""
    return COLOUR_LETTERS.index(name[0]) * 5 + ACTION_LETTERS.index(name[1])


def home_id(letter: str, comfort: int, skip: int = 0) -> int:
    """A home-tile id of that type letter and comfort (the ``skip``-th such tile)."""
    found = [
        t.id
        for t in bamboo.HOME_TILES
        if "DFGT"[t.type] == letter and t.comfort == comfort and t.category == 0
    ]
    return found[skip]


def plain_homes(k: int) -> tuple[int, ...]:
    """``k`` category-B home-tile ids without the 3+ mark (in play with 2 players), ids >= 40."""
    return tuple(t.id for t in bamboo.HOME_TILES if t.id >= 40 and not t.three_plus)[:k]


def bal(name: str) -> int:
    """The id of the balance tile called ``name``."""
    return bamboo.balance_tile(name).id


def _names(changes: dict[str, Any]) -> dict[str, Any]:
    """Board changes written with the builder's names (shoot and tile names, colours)."""
    out = dict(changes)
    if "temples" in out:
        out["temples"] = [
            [x if isinstance(x, str) else _shoot(x) for x in t] for t in out["temples"]
        ]
    for key in ("balance", "scored"):
        if key in out:
            out[key] = [x if isinstance(x, str) else bamboo.BALANCE_TILES[x].name for x in out[key]]
    if "marker" in out and isinstance(out["marker"], int):
        out["marker"] = None if out["marker"] < 0 else COLOURS[out["marker"]]
    return out


def _shoot(c: int) -> str:
    return COLOUR_LETTERS[c // 5] + ACTION_LETTERS[c % 5]


def with_board(s: State, p: int, **changes: Any) -> State:
    """``s`` with player ``p``'s board changed, through the position builder.

    A new ``reserve`` moves the player's other sticks onto (or off) the green main temple, so
    that the player still has 7 incense sticks.
    """
    temples = None
    if "reserve" in changes:
        on = sum(t.count(p) for t in s.temples)
        extra = 7 - s.boards[p].track - on - changes["reserve"]
        temples = [list(t) for t in s.temples]
        temples[2] += [p] * max(0, extra)
        for _ in range(max(0, -extra)):
            t = max(k for k in range(4) if p in temples[k])
            temples[t].reverse()
            temples[t].remove(p)
            temples[t].reverse()
    return bamboo.position(base=s, boards={p: _names(changes)}, temples=temples)


def play(s: State, *texts: str) -> State:
    """Apply actions written as text, checking each one."""
    for text in texts:
        s = s.apply(bamboo.parse_action(text, s))
    return s


def mine(s: State, t: int) -> tuple[int, ...]:
    """The players' sticks on main temple ``t`` (the 2-player ghost's left out)."""
    return tuple(o for o in s.temples[t] if o != bamboo.GHOST)


def to_summer(n: int = 2, seed: int = 0, options: Any = None) -> State:
    """A game played to the first Summer decision: drafts by the first option, gifts declined."""
    s = bamboo.new_game(n, seed, options)
    while s.phase != "visit":
        legal = s.legal_actions()
        decline = bamboo.Choose("decline")
        s = s.apply(decline if decline in legal else legal[0])
    return s


def visit_position(
    n: int = 2,
    temples: tuple[tuple[str, ...], ...] = ((), (), (), ()),
    reserve: int = 4,
    coins: int = 3,
    seed: int = 0,
    options: Any = None,
    **board: Any,
) -> State:
    """First Summer decision with the current player's temples, incense and coins set.

    Built with ``bamboo.position``: the player's 7 sticks are ``reserve`` + the round track
    (round 1: 3; a reserve above 4 plays round 2 or 3) + the rest on the green main temple
    (the ghost's sticks stay).
    """
    s = to_summer(n, seed, options)
    rnd = 1 if reserve <= 4 else reserve - 3
    on = 7 - (4 - rnd) - reserve
    main = [[], [], [s.player] * on, []]
    changes = _names({"temples": temples, "reserve": reserve, "coins": coins, **board})
    return bamboo.position(base=s, round=rnd, temples=main, boards={s.player: changes})


def finish_turn(s: State) -> State:
    """Finish the current player's turn declining every action (first option otherwise)."""
    p = s.player
    while not s.is_over() and s.player == p and s.phase not in ("wake", "feed", "gift"):
        legal = s.legal_actions()
        for pick in (bamboo.Choose("decline"), bamboo.EndTurn()):
            if pick in legal:
                s = s.apply(pick)
                break
        else:
            s = s.apply(legal[0])
    return s


def to_winter(n: int = 2, **board: Any) -> State:
    """Play one short Summer turn after which everybody has passed: Autumn and Winter follow.

    ``board`` sets the current player's board (home, food, spirits...) before the turn; the
    other players have no incense left (their sticks lie on the yellow main temple). Returns the
    first Winter decision (or the next Spring).
    """
    s = to_summer(n)
    p = s.player
    main: list[list[int]] = [[p] * 3, [], [], []]
    for q in range(n):
        if q != p:
            main[1] += [q] * 4
    changes = _names({"temples": (("Rb",), (), (), ()), "reserve": 1, "coins": 0, **board})
    s = bamboo.position(base=s, temples=main, boards={p: changes})
    return finish_turn(play(s, "visit red"))


def drain(s: State, balance: tuple[int, ...] = (), home: tuple[int, ...] = ()) -> State:
    """``s`` with the balance stacks ``balance`` and home stacks ``home`` empty (via from_dict).

    The stacks' tiles go where a long game would have put them: balance tiles onto the other
    players' scored piles, home tiles into the other players' empty home spaces.
    """
    d = s.to_dict()
    d.pop("start_position", None)
    d["history"] = []
    others = [q for q in range(s.num_players) if q != s.player]
    for k in balance:
        d["boards"][others[0]]["scored"] += d["balance_stacks"][k]
        d["balance_stacks"][k] = []
        d["balance_known"][k] = 0
    for k in home:
        for h in d["home_stacks"][k]:
            q = next(q for q in others if -1 in d["boards"][q]["home"])
            spot = d["boards"][q]["home"].index(-1)
            d["boards"][q]["home"][spot] = h
        d["home_stacks"][k] = []
        d["home_known"][k] = 0
    return State.from_dict(d)


def take_market(s: State, balance: tuple[int, ...] = ()) -> State:
    """``s`` with the face-up tiles of the balance rows ``balance`` scored by another player
    (their stacks must be empty): an empty market row (via from_dict)."""
    d = s.to_dict()
    d.pop("start_position", None)
    d["history"] = []
    q = next(q for q in range(s.num_players) if q != s.player)
    for k in balance:
        d["boards"][q]["scored"] += d["balance_market"][k]
        d["balance_market"][k] = []
    return State.from_dict(d)


def only_market(s: State, rows: tuple[tuple[str, ...], ...]) -> State:
    """``s`` whose balance market holds just ``rows`` (tile names) and whose stacks are empty:
    every other balance tile not on the current player's board was scored by another player."""
    d = s.to_dict()
    d.pop("start_position", None)
    d["history"] = []
    q = next(q for q in range(s.num_players) if q != s.player)
    mine = set(d["boards"][s.player]["balance"] + d["boards"][s.player]["scored"])
    wanted = [[bal(name) for name in row] for row in rows]
    keep = mine | {t for row in wanted for t in row}
    d["boards"][q]["scored"] += [
        t
        for t in range(len(bamboo.BALANCE_TILES))
        if t not in keep and t not in d["boards"][q]["balance"] + d["boards"][q]["scored"]
    ]
    d["balance_market"], d["balance_stacks"], d["balance_known"] = wanted, [[], [], []], [0, 0, 0]
    return State.from_dict(d)


def names(codes: tuple[int, ...]) -> list[str]:
    """Shoot names of shoot codes."""
    return [_shoot(c) for c in codes]


def with_stalk(s: State, k: int, shoots: tuple[str, ...]) -> State:
    """``s`` with stalk ``k`` holding ``shoots`` (base first), through the position builder; a
    shoot taken from another stalk swaps places with the one it replaces."""
    stalks = [names(st) for st in s.stalks]
    old = stalks[k]
    for i, x in enumerate(shoots):
        j = next((j for j in range(4) if j != k and x in stalks[j]), None)
        if j is not None:
            stalks[j][stalks[j].index(x)] = old[i]
    stalks[k] = list(shoots)
    return bamboo.position(base=s, stalks=stalks)


def edited(s: State, **fields: Any) -> State:
    """``s`` with some dict fields replaced, loaded by ``from_dict`` (a new starting position)."""
    d = s.to_dict()
    d.pop("start_position", None)
    d.update(history=[], **fields)
    return State.from_dict(d)


def last_turn(n: int, main: Any, visit: int) -> State:
    """The current player's Summer turn before Autumn, through the position builder.

    ``main(s, p)`` gives the 4 main-board incense stacks (seats, GHOST included) for the fresh
    Summer ``s`` whose current player is ``p``; every other player must have their 4 sticks in
    them (no incense left). The current player holds one balance shoot in temple ``visit`` and
    one stick in reserve: their 3 other sticks lie on that main temple already.
    """
    s = to_summer(n)
    p = s.player
    temples: list[list[str]] = [[], [], [], []]
    temples[visit] = ["RYGB"[visit] + "b"]
    stacks = [list(t) for t in main(s, p)]
    stacks[visit] += [p] * 3
    return bamboo.position(base=s, temples=stacks, boards={p: {"temples": temples, "coins": 0}})


def activated(shoot: str, coins: int = 0, n: int = 2, **board: object) -> bamboo.State:
    colour = "RYGB".index(shoot[0])
    temples: list[tuple[str, ...]] = [(), (), (), ()]
    temples[colour] = (shoot,)
    s = visit_position(n, temples=tuple(temples), reserve=1, coins=0, **board)
    s = play(s, f"visit {('red', 'yellow', 'green', 'blue')[colour]}")
    s = with_board(s, s.player, coins=coins)
    return play(s, f"activate {shoot} 1")


def midgame(n: int = 2, plies: int = 40, options: Any = None) -> dict[str, Any]:
    """The JSON dict of a seeded random game after ``plies`` decisions."""
    s = bamboo.new_game(n, 0, options)
    rng = random.Random(1)
    for _ in range(plies):
        legal = s.legal_actions()
        s = s.apply(legal[rng.randrange(len(legal))])
    return json.loads(json.dumps(s.to_dict()))


def rejected(d: dict[str, Any], corrupt: Callable[[dict[str, Any]], object], words: str) -> None:
    """``corrupt(d)`` makes ``from_dict`` raise InvalidStateError naming ``words``."""
    assert bamboo.State.from_dict(d).to_dict() == d  # the uncorrupted dict is fine
    corrupt(d)
    with pytest.raises(InvalidStateError, match=words):
        bamboo.State.from_dict(d)


def hoarded(s: bamboo.State) -> bamboo.State:
    """``s`` with every food counter on the current player's board: the display cannot refill."""
    counters = (*s.food_display, *s.food_bag, *s.food_discard)
    held = tuple(counters.count(f) for f in range(3))
    return bamboo.position(base=s, food_display=[], boards={s.player: {"food": held}})


def played(n: int, seed: int, until: Any) -> State:
    """A seeded random game from ``new_game`` played until ``until(state)`` holds."""
    rng = random.Random(seed)
    s = bamboo.new_game(n, seed)
    while not until(s):
        s = s.apply(rng.choice(s.legal_actions()), check=False)
    return s


def refused(d: dict[str, Any], match: str) -> None:
    before = copy.deepcopy(d)
    with pytest.raises(InvalidStateError, match=match):
        State.from_dict(d)
    assert d == before  # nothing changed


def random_home(rng: random.Random) -> tuple[int, ...]:
    home = [-1] * 15
    ids = rng.sample(range(len(bamboo.HOME_TILES)), 15)
    for i in rng.sample(range(15), rng.randrange(16)):
        home[i] = ids[i]
    return tuple(home)


SEEDED_GAMES = 12
"""Seeded random games per player count: about 2,000 positions each."""


def seeded_positions(num_players: int) -> Iterator[bamboo.State]:
    """Every position of ``SEEDED_GAMES`` seeded random games."""
    for seed in range(SEEDED_GAMES):
        rng = random.Random(seed)
        state = bamboo.new_game(num_players, seed)
        while not state.is_over():
            yield state
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))], check=False)
        yield state


def reference_majority(stack: tuple[int, ...]) -> tuple[int, ...]:
    """The owners by most sticks, a tie to the owner whose stick is highest (from scratch)."""
    owners = set(stack)
    highest = {owner: max(i for i, who in enumerate(stack) if who == owner) for owner in owners}
    return tuple(sorted(owners, key=lambda owner: (-stack.count(owner), -highest[owner])))


def kept_choices_match_fresh(phases: tuple[str, ...], kept: Any) -> int:
    """Along the seeded games of every player count, the legal actions of each position in
    ``phases`` equal those worked out afresh with ``kept`` (a ``functools.cache`` table of
    remembered choices in ``legal``) emptied; return how many positions were compared."""
    compared = 0
    for num_players in (2, 3, 4):
        for state in seeded_positions(num_players):
            if state.phase not in phases:
                continue
            remembered = legal.legal_actions(state)
            kept.cache_clear()
            fresh = legal.legal_actions(state)
            assert remembered == fresh, (state.phase, remembered, fresh)
            compared += 1
    return compared
