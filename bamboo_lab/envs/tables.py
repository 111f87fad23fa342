"""Fixed action-index tables: every action that can ever be legal in a game, once, numbered.

RL agents answer with an integer; the table turns it into the game's action notation, and the
action mask marks which numbers are legal now. Each table is built deterministically from the
game's action classes and component lists (as OpenSpiel's structured games number their
actions), so index ``k`` means the same action in every game with the same options:

- **Takenoko**: weather choices, chips taken on clouds, ``pass``, the five actions, the drawn
  plot kept (1-3), the two return orders, the three decks, a claim per objective card,
  ``end``; then, per garden place within distance 14 of the pond (sorted by distance, q, r):
  ``grow``, ``plot`` (bare and with each chip), ``improve`` (each chip), ``gardener``,
  ``panda``; then a ``channel`` per edge between two such places (pond excluded). Distance 14
  bounds the garden: a plot away from the pond needs two placed neighbours (TK-PLOT-2), so
  reaching distance d takes at least 2(d - 1) + 1 of the 27 plots.
- **Bamboo**: draft per shoot, gift per Gift tile, ``pass``, visit/offer per temple colour,
  activate/place per shoot and stalk, receive per colour, every ``Choose`` option, take/score
  per balance tile, buy per home tile, ``home r,c`` per home space, food per kind, use/wake per
  spirit, feed per kind, ``end``.
- **Bangkok**: place per card of the deck and edge slot, collect per non-empty set of cells in
  one port line, lay per card and market cell, renew per line, ``pass``. A custom deck (an
  option) gives its own table.

Chance outcomes (Takenoko's weather roll) are not agent actions: the environment samples them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations
from typing import Any

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import GAMES, load

__all__ = ["action_table", "garden_edges", "garden_places"]


def action_table(game: str, options: Any = None) -> tuple[str, ...]:
    """The notations of every action of ``game`` that can ever be legal, each once, in order."""
    if game not in GAMES:
        raise InvalidStateError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    module = load(game)
    opts = module.Options.coerce(options)
    return _table(game, opts)


@lru_cache(maxsize=32)
def _table(game: str, options: Any) -> tuple[str, ...]:
    actions = {"takenoko": _takenoko, "bamboo": _bamboo, "bangkok": _bangkok}[game](options)
    texts = tuple(str(action) for action in actions)
    if len(set(texts)) != len(texts):  # an internal invariant of the builders
        raise AssertionError(f"the {game} action table repeats a notation")
    return texts


@lru_cache(maxsize=1)
def garden_places() -> tuple[Any, ...]:
    """Every Takenoko garden place a plot can ever occupy, the pond first (distance, q, r)."""
    from bamboo_lab.games import takenoko
    from bamboo_lab.games.takenoko.components import PLOT_TILES

    radius = (len(PLOT_TILES) + 1) // 2  # 2(d - 1) + 1 <= 27 plots (TK-PLOT-2)
    places = [
        takenoko.Hex(q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q) + abs(r) + abs(q + r) <= 2 * radius
    ]
    return tuple(sorted(places, key=lambda h: (h.length(), h.q, h.r)))


@lru_cache(maxsize=1)
def garden_edges() -> tuple[tuple[Any, Any], ...]:
    """Every pair of neighbouring garden places away from the pond, once, in place order."""
    from bamboo_lab.games.takenoko.geometry import POND

    places = garden_places()
    index = {h: i for i, h in enumerate(places)}
    pairs = []
    for i, h in enumerate(places):
        if h == POND:
            continue
        for n in h.neighbors():
            j = index.get(n)
            if j is not None and j > i and n != POND:
                pairs.append((h, n))
    return tuple(pairs)


def _takenoko(options: Any) -> Iterable[Any]:
    from bamboo_lab.games import takenoko as tk
    from bamboo_lab.games.takenoko.components import (
        ACTION_KINDS,
        DECK_KINDS,
        IMPROVEMENT_NAMES,
        WEATHER_FACES,
    )
    from bamboo_lab.games.takenoko.geometry import POND, edge_between

    chips = tuple(IMPROVEMENT_NAMES.values())
    out: list[Any] = [tk.ChooseWeather(face) for face in WEATHER_FACES[:5]]
    out += [tk.TakeImprovement(chip) for chip in chips]
    out += [tk.Pass()]
    out += [tk.ChooseAction(kind) for kind in ACTION_KINDS]
    out += [tk.KeepPlot(i) for i in (1, 2, 3)]
    out += [tk.ReturnPlots((1, 2)), tk.ReturnPlots((2, 1))]
    out += [tk.DrawObjective(deck) for deck in DECK_KINDS]
    out += [tk.Claim(card) for card in tk.CARDS]
    out += [tk.EndTurn()]
    for h in garden_places():
        if h != POND:
            out += [tk.Grow(h), tk.PlacePlot(h)]
            out += [tk.PlacePlot(h, chip) for chip in chips]
            out += [tk.PlaceImprovement(chip, h) for chip in chips]
        out += [tk.MoveGardener(h), tk.MovePanda(h)]
    out += [tk.PlaceChannel(edge_between(a, b)) for a, b in garden_edges()]
    return out


def _bamboo(options: Any) -> Iterable[Any]:
    from bamboo_lab.games import bamboo as bb
    from bamboo_lab.games.bamboo.actions import CHOICES
    from bamboo_lab.games.bamboo.components import (
        ACTION_LETTERS,
        COLOUR_LETTERS,
        COLOURS,
        FOOD_KINDS,
        GIFTS,
        SPIRITS,
    )

    shoots = [c + a for c in COLOUR_LETTERS for a in ACTION_LETTERS]
    out: list[Any] = [bb.DraftShoot(s) for s in shoots]
    out += [bb.ChooseGift(g) for g in GIFTS]
    out += [bb.Pass()]
    out += [bb.VisitTemple(c) for c in COLOURS]
    out += [bb.Offer(c) for c in COLOURS]
    out += [bb.Activate(s, k) for s in shoots for k in (1, 2, 3, 4)]
    out += [bb.Place(s, k) for s in shoots for k in (1, 2, 3, 4)]
    out += [bb.Receive(c) for c in COLOURS]
    out += [bb.Choose(option) for option in CHOICES]
    out += [bb.TakeBalanceTile(t.name) for t in bb.BALANCE_TILES]
    out += [bb.ScoreBalanceTile(t.name) for t in bb.BALANCE_TILES]
    out += [bb.BuyHomeTile(t.name) for t in bb.HOME_TILES]
    out += [bb.PlaceHomeTile(r, c) for r in range(3) for c in range(5)]
    out += [bb.TakeFood(f) for f in FOOD_KINDS]
    out += [bb.UseSpirit(s) for s in dict.fromkeys(SPIRITS)]
    out += [bb.WakeSpirit(s) for s in dict.fromkeys(SPIRITS)]
    out += [bb.Feed(f) for f in FOOD_KINDS]
    out += [bb.EndTurn()]
    return out


PORT_LINES: tuple[tuple[int, int, int], ...] = (
    (1, 2, 3),
    (4, 5, 6),
    (7, 8, 9),
    (1, 4, 7),
    (2, 5, 8),
    (3, 6, 9),
)
"""The rows and columns of Bangkok's 3x3 port, cells numbered 1-9 in reading order."""


def _bangkok(options: Any) -> Iterable[Any]:
    from bamboo_lab.games import bangkok as bk

    deck = bk.new_game(bk.PLAYER_COUNTS[0], 0, options).deck  # the deck these options play
    labels = [card.label for card in deck.cards]
    out: list[Any] = [
        bk.PlaceAtPort(card, label, slot) for card, label in enumerate(labels) for slot in bk.SLOTS
    ]
    cells: dict[tuple[int, ...], None] = {}
    for line in PORT_LINES:
        for size in (1, 2, 3):
            for subset in combinations(line, size):
                cells.setdefault(tuple(sorted(subset)), None)
    out += [bk.Collect(c) for c in sorted(cells, key=lambda c: (len(c), c))]
    out += [
        bk.LayInMarket(card, label, cell)
        for card, label in enumerate(labels)
        for cell in range(1, 10)
    ]
    out += [bk.Renew(line) for line in bk.LINES]
    out += [bk.Pass()]
    return out
