"""Observation vectors of the RL environments: what one seat sees, as a fixed list of numbers.

Every vector is built from ``state.view(seat)`` only, so it never holds what that seat cannot
see. Player blocks are in seat order **starting from the observer** (block 0 is the observer,
block 1 the next seat to play after them, and so on). The layout is the same for every state of
a game with the same player count; :func:`observation_layout` lists its sections (name, length,
meaning) and ``docs/simulation.md`` prints them. All values are small integers or 0/1 flags;
the environment clips them to [-255, 255].

Common header (all games): the observer's seat, the player count, the seat to move relative to
the observer (all zeros at the end), the phase (one-hot over the game's phases) and every
player's running score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import load

from .tables import garden_edges, garden_places

__all__ = ["LIMIT", "Section", "encode", "observation_layout", "observation_size"]

LIMIT = 255
"""Every observation value lies in ``[-LIMIT, LIMIT]``."""

MAX_PLAYERS = 4
"""The header's seat one-hots have 4 entries (the most players any of the games allows)."""


@dataclass(frozen=True)
class Section:
    """One part of an observation vector: its name, its length and what it holds."""

    name: str
    size: int
    meaning: str


@dataclass
class _Vector:
    """Collects values and, once, the layout they follow."""

    values: list[float] = field(default_factory=list)
    layout: list[Section] = field(default_factory=list)

    def add(self, name: str, values: Sequence[float], meaning: str) -> None:
        self.values.extend(values)
        self.layout.append(Section(name, len(values), meaning))

    def one_hot(self, name: str, index: int | None, size: int, meaning: str) -> None:
        row = [0.0] * size
        if index is not None and 0 <= index < size:
            row[index] = 1.0
        self.add(name, row, meaning)


def _counts(items: Sequence[Any], keys: Sequence[Any]) -> list[float]:
    return [float(sum(1 for item in items if item == key)) for key in keys]


def _header(out: _Vector, state: GameState, me: int, n: int, phase: str) -> None:
    module = load(state.game)
    out.one_hot("seat", me, MAX_PLAYERS, "the observer's seat (one-hot)")
    out.one_hot("players", n - 1, MAX_PLAYERS, "the player count (one-hot, 1 to 4)")
    mover = state.current_player
    out.one_hot(
        "to_move",
        (mover - me) % n if mover >= 0 else None,
        MAX_PLAYERS,
        "the seat to decide, counted from the observer (0 = the observer); zeros otherwise",
    )
    phases = tuple(module.PHASES)  # type: ignore[attr-defined]
    out.one_hot(
        "phase",
        phases.index(phase) if phase in phases else None,
        len(phases),
        "the phase of the pending decision (one-hot, in the order of the game's PHASES)",
    )
    scores = state.scores()
    out.add("scores", [scores[(me + k) % n] for k in range(n)], "running score per player")


def _takenoko(out: _Vector, view: GameState, me: int, n: int) -> None:
    from bamboo_lab.games import takenoko as tk
    from bamboo_lab.games.takenoko.components import (
        ACTION_KINDS,
        DECK_KINDS,
        WEATHER_FACES,
    )

    d = view.to_dict()
    seen: Any = view  # a Takenoko State
    _header(out, view, me, n, d["phase"])
    out.one_hot(
        "weather",
        WEATHER_FACES.index(d["weather"]) if d["weather"] in WEATHER_FACES else None,
        len(WEATHER_FACES),
        "the weather in effect this turn (one-hot over the die faces; zeros: none)",
    )
    out.add("allowed", [d["allowed"]], "how many actions this turn allows (2, 3 under the sun)")
    out.add("used", _counts(d["used"], ACTION_KINDS), "actions chosen this turn, per kind")
    out.add("turn", [d["turn"]], "turns begun before this one")
    plots = {(p[0], p[1]): p for p in d["plots"]}
    gardener, panda = tuple(d["gardener"]), tuple(d["panda"])
    garden: list[float] = []
    for h in garden_places():
        plot = plots.get((h.q, h.r))
        colour = plot[2][0] if plot else None
        chip = plot[4] if plot else None
        garden += [
            1.0 if plot else 0.0,
            *(1.0 if colour == c else 0.0 for c in "GYP"),
            float(plot[3]) if plot else 0.0,
            *(1.0 if chip == c else 0.0 for c in "WEF"),
            1.0 if plot and tk.is_irrigated(seen, h) else 0.0,
            1.0 if gardener == (h.q, h.r) else 0.0,
            1.0 if panda == (h.q, h.r) else 0.0,
        ]
    out.add(
        "garden",
        garden,
        f"{len(garden_places())} places (pond first, by distance, q, r) x 11: plot placed,"
        " green, yellow, pink, bamboo height, watershed, enclosure, fertilizer, irrigated,"
        " gardener here, panda here",
    )
    channels = {tuple(c) for c in d["channels"]}
    flags = [1.0 if key in channels else 0.0 for key in _edge_keys()]
    out.add("channels", flags, "a channel on each edge of the action table's channel order")
    reserve = d["reserve"]
    out.add(
        "reserve",
        [
            reserve["channels"],
            *reserve["improvements"],
            *reserve["bamboo"],
            len(d["plot_deck"]),
            *(len(d["decks"][k]) for k in DECK_KINDS),
        ],
        "channels, watershed/enclosure/fertilizer chips, green/yellow/pink bamboo left;"
        " plots in the pile; cards in the plot, gardener, panda decks",
    )
    drawn: list[float] = []
    mine = view.current_player == me
    for i in range(3):
        label = d["drawn"][i] if mine and i < len(d["drawn"]) else None
        drawn += [1.0 if label else 0.0]
        drawn += [1.0 if label and label[0] == c else 0.0 for c in "GYP"]
        drawn += [1.0 if label and c in label[1:] else 0.0 for c in "WEF"]
    out.add("drawn", drawn, "3 drawn plots (observer deciding only) x 7: present, colour, chip")
    cards = tk.CARDS
    for k in range(n):
        seat = (me + k) % n
        p = d["players"][seat]
        hand = view.visible_hand(seat)  # type: ignore[attr-defined]
        done = p["completed"]
        out.add(
            f"player{k}",
            [
                *_counts([c[0] for c in hand], "PGA"),
                *_counts([cards[c].deck for c in done], DECK_KINDS),
                *(sum(cards[c].points for c in done if cards[c].deck == k2) for k2 in DECK_KINDS),
                *p["eaten"],
                p["channels"],
                *p["improvements"],
                1.0 if d["emperor"] == seat else 0.0,
            ],
            "cards in hand per deck (plot, gardener, panda), objectives done per deck, their"
            " points per deck, bamboo eaten (green, yellow, pink), stored channels, stored"
            " chips (watershed, enclosure, fertilizer), holds the Emperor",
        )
    own = set(view.visible_hand(me))  # type: ignore[attr-defined]
    out.add("hand", [1.0 if c in own else 0.0 for c in cards], "the observer's objective cards")


@lru_cache(maxsize=1)
def _edge_keys() -> tuple[tuple[int, int, int], ...]:
    """The garden edges as ``(q, r, side)``, the form of a state's ``channels`` entries."""
    from bamboo_lab.games.takenoko.geometry import edge_between

    keys = []
    for a, b in garden_edges():
        e = edge_between(a, b)
        keys.append((e.hex.q, e.hex.r, e.side))
    return tuple(keys)


def _bamboo(out: _Vector, view: GameState, me: int, n: int) -> None:
    from bamboo_lab.games import bamboo as bb
    from bamboo_lab.games.bamboo.components import FOOD_KINDS, GIFTS, SPIRITS, TYPE_LETTERS

    d = view.to_dict()
    _header(out, view, me, n, d["phase"])
    spirits = tuple(dict.fromkeys(SPIRITS))
    out.add(
        "round",
        [d["round"], (d["start"] - me) % n, d["activations"], d["activated"], d["sticks"]],
        "round, first player (from the observer), activations left and done, sticks to place",
    )
    stalks: list[float] = []
    for stalk in d["stalks"]:
        for code in stalk:
            stalks += [1.0 if code == c else 0.0 for c in range(20)]
    out.add("stalks", stalks, "4 stalks x 3 shoots (base first) x 20 shoot kinds (colour, action)")
    temples: list[float] = []
    for stack in d["temples"]:
        temples += [float(sum(1 for o in stack if o == (me + k) % n)) for k in range(n)]
        temples += [float(sum(1 for o in stack if o == bb.GHOST))]
    out.add("temples", temples, "4 main-board temples x (sticks per player, ghost sticks)")
    out.add("temple_tiles", list(d["temple_tiles"]), "the face-up value of each temple tile")
    tops: list[float] = []
    for stack in d["spirit_stacks"]:
        tops += [float(len(stack)), *(1.0 if stack and stack[0] == s else 0.0 for s in spirits)]
    out.add("spirit_stacks", tops, "4 temples x (spirits left, the face-up spirit)")
    market = {t for column in d["balance_market"] for t in column}
    out.add(
        "balance_market",
        [1.0 if t.id in market else 0.0 for t in bb.BALANCE_TILES],
        "face-up balance tiles",
    )
    homes = {t for row in d["home_market"] for t in row}
    out.add(
        "home_market", [1.0 if t.id in homes else 0.0 for t in bb.HOME_TILES], "face-up home tiles"
    )
    out.add(
        "food_display",
        _counts(d["food_display"], range(len(FOOD_KINDS))),
        "face-up food counters per kind (tea, rice, ramen)",
    )
    out.add("gift_display", _counts(d["gift_display"], GIFTS), "revealed Gifts from the Forest")
    out.add("pending", _counts(d["pending"], range(20)), "shoots waiting to be placed, per kind")
    for k in range(n):
        b = d["boards"][(me + k) % n]
        cells: list[float] = []
        for h in b["home"]:
            tile = bb.HOME_TILES[h] if h >= 0 else None
            cells += [1.0 if tile else 0.0, float(tile.comfort) if tile else 0.0]
            cells += [1.0 if tile and tile.type == t else 0.0 for t in range(len(TYPE_LETTERS))]
        out.add(
            f"player{k}",
            [
                b["hp"],
                b["coins"],
                b["reserve"],
                b["track"],
                b["marker"],
                *(float(len(t)) for t in b["temples"]),
                float(len(b["balance"])),
                float(sum(bb.BALANCE_TILES[t].hp for t in b["scored"])),
                *cells,
                *_counts(b["awake"], spirits),
                *_counts(b["asleep"], spirits),
                *b["food"],
                1.0 if b["passed"] else 0.0,
            ],
            "HP, coins, sticks in reserve, track, action marker, shoots in each own temple,"
            " balance tiles held, HP of scored balance tiles, 15 home spaces x (built, comfort,"
            " type one-hot), awake and asleep spirits per kind, food per kind, passed",
        )
    own = set(d["boards"][me]["balance"])
    out.add(
        "balance_tiles",
        [1.0 if t.id in own else 0.0 for t in bb.BALANCE_TILES],
        "the observer's unscored balance tiles",
    )


def _card(deck: Any, card_id: int | None) -> list[float]:
    from bamboo_lab.games.bangkok import GOODS

    if card_id is None or card_id < 0:
        return [0.0] * 13
    card = deck.cards[card_id]
    return [
        *_counts(card.goods, GOODS),
        1.0 if card.is_chilli else 0.0,
        *(1.0 if card.chilli_type == t else 0.0 for t in (1, 2, 3, 4)),
        *(1.0 if g in card.indicated else 0.0 for g in GOODS),
    ]


_CARD = (
    "x 13: goods shown per kind (passion fruit, zucchini, peas, fish), chilli card,"
    " chilli type 1-4, indicated goods"
)


def _bangkok(out: _Vector, view: GameState, me: int, n: int) -> None:
    from bamboo_lab.games import bangkok as bk

    s: Any = view
    deck = s.deck
    _header(out, view, me, n, s.phase)
    out.add("port", [x for c in s.port for x in _card(deck, c)], "9 port cells " + _CARD)
    placed = s.placed if s.placed is not None and s.placed >= 0 else None
    out.add("placed", _card(deck, placed), "the card placed at the port this turn " + _CARD)
    slot = bk.SLOTS.index(s.slot) if s.slot in bk.SLOTS else None
    out.one_hot("slot", slot, len(bk.SLOTS), "its edge slot (L1-3, R1-3, T1-3, B1-3)")
    out.add(
        "piles",
        [len(s.boat_pile), len(s.chilli_pile), s.turn, 1.0 if s.end_triggered else 0.0, s.passes],
        "boat and chilli cards left, turn, end triggered, consecutive passes",
    )
    for k in range(n):
        seat = (me + k) % n
        hand = set(s.hands[seat])
        pontoon = s.pontoons[seat]
        good = bk.GOODS.index(pontoon) if isinstance(pontoon, str) else None
        row = [1.0 if c in hand else 0.0 for c in range(len(deck.cards))]
        row += [x for c in s.markets[seat] for x in _card(deck, c)]
        row += [1.0 if good == g else 0.0 for g in range(len(bk.GOODS))]
        out.add(
            f"player{k}",
            row,
            f"hand (a flag per card of the {len(deck.cards)}-card deck), 9 market cells "
            + _CARD
            + ", pontoon good (one-hot; zeros while hidden)",
        )


_ENCODERS: dict[str, Callable[[_Vector, GameState, int, int], None]] = {
    "takenoko": _takenoko,
    "bamboo": _bamboo,
    "bangkok": _bangkok,
}


def encode(state: GameState, seat: int) -> list[float]:
    """The observation vector of ``seat`` in ``state`` (built from ``state.view(seat)``)."""
    out = _Vector()
    _ENCODERS[state.game](out, state.view(seat), seat, state.num_players)
    return out.values  # the environment clips to [-LIMIT, LIMIT]


@lru_cache(maxsize=64)
def _sections(game: str, num_players: int, options_key: str) -> tuple[Section, ...]:
    import json

    module = load(game)
    state = module.new_game(num_players, 0, json.loads(options_key) or None)
    out = _Vector()
    _ENCODERS[game](out, state.view(0), 0, num_players)
    return tuple(out.layout)


def observation_layout(game: str, num_players: int, options: Any = None) -> tuple[Section, ...]:
    """The sections of ``game``'s observation vector for ``num_players``, in order."""
    import json

    opts = load(game).Options.coerce(options)
    return _sections(game, num_players, json.dumps(opts.to_dict(), sort_keys=True))


def observation_size(game: str, num_players: int, options: Any = None) -> int:
    """The length of ``game``'s observation vector for ``num_players``."""
    return sum(section.size for section in observation_layout(game, num_players, options))
