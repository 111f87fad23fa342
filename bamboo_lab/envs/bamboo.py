"""Bamboo's observation vector for the RL environments (the envs layer, docs/adding-a-game.md):
after the common header, the round, the stalks, the temples, the markets and displays, and
every personal board.
"""

from __future__ import annotations

from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import FOOD_KINDS, GIFTS, SPIRITS, TYPE_LETTERS

from .observations import Vector, counts, header

__all__ = ["encode"]


def encode(out: Vector, view: GameState, observer: int, num_players: int) -> None:
    """Add the Bamboo sections of ``observer``'s vector, from their ``view``."""
    d = view.to_dict()
    header(out, view, observer, num_players, d["phase"])
    spirits = tuple(dict.fromkeys(SPIRITS))
    out.add(
        "round",
        [
            d["round"],
            (d["start"] - observer) % num_players,
            d["activations"],
            d["activated"],
            d["sticks"],
        ],
        "round, first player (from the observer), activations left and done, sticks to place",
    )
    stalks: list[float] = []
    for stalk in d["stalks"]:
        for code in stalk:
            stalks += [1.0 if code == c else 0.0 for c in range(20)]
    out.add("stalks", stalks, "4 stalks x 3 shoots (base first) x 20 shoot kinds (colour, action)")
    temples: list[float] = []
    for stack in d["temples"]:
        temples += [
            float(sum(1 for o in stack if o == (observer + k) % num_players))
            for k in range(num_players)
        ]
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
        counts(d["food_display"], range(len(FOOD_KINDS))),
        "face-up food counters per kind (tea, rice, ramen)",
    )
    out.add("gift_display", counts(d["gift_display"], GIFTS), "revealed Gifts from the Forest")
    out.add("pending", counts(d["pending"], range(20)), "shoots waiting to be placed, per kind")
    for k in range(num_players):
        b = d["boards"][(observer + k) % num_players]
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
                *counts(b["awake"], spirits),
                *counts(b["asleep"], spirits),
                *b["food"],
                1.0 if b["passed"] else 0.0,
            ],
            "HP, coins, sticks in reserve, track, action marker, shoots in each own temple,"
            " balance tiles held, HP of scored balance tiles, 15 home spaces x (built, comfort,"
            " type one-hot), awake and asleep spirits per kind, food per kind, passed",
        )
    own = set(d["boards"][observer]["balance"])
    out.add(
        "balance_tiles",
        [1.0 if t.id in own else 0.0 for t in bb.BALANCE_TILES],
        "the observer's unscored balance tiles",
    )
