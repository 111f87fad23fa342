"""A whole Bamboo year for one lesson (notebook 20) and its going-further part (notebook 24):
positions named in the rulebook's words, and the tables a lesson cell shows.

A lesson cell is one call and a picture: the positions are built here with ``bb.position`` and
the tables (:class:`bamboo_lab.Table`) read the engine's own answers (``legal_actions``,
``feeding_bill``, ``final_breakdown``, ``rank_players``). Home tiles are named by what they are
("the 1-coin faith tile"), never by their box IDs.
"""

from __future__ import annotations

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.table import Table
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo import words
from bamboo_lab.games.bamboo.components import CATEGORY_LETTERS, TYPES

from .bamboo_lessons import bill_rows, play, player_rows, score_rows, setup_rows

__all__ = [
    "PATTERN_FAMILIES",
    "bill_table",
    "buy_home_tile",
    "choices",
    "crowded_yellow_temple",
    "five_awake_spirits",
    "home_for_left_and_right_patterns",
    "home_market",
    "home_tile_words",
    "night_side_market",
    "one_tile_per_family",
    "player_table",
    "red_temple_of_four_actions",
    "score_table",
    "setup_table",
    "tengu_awake",
    "tie_breaks",
]

PATTERN_FAMILIES = (
    "single",
    "h-pair",
    "v-pair",
    "v-triple",
    "h-triple",
    "diamond",
    "five-line",
    "type-total",
    "pair-comfort",
    "shape-comfort",
)
"""The families of balance patterns (BB-PAT-3), in the rulebook's order."""


def home_tile_words(tile: int | str) -> str:
    """A home tile as a student reads it: "the 1-coin faith home tile (comfort 1, 1 HP)"."""
    return words.home_tile(tile)


def choices(state: bb.State) -> Table:
    """The decisions the engine offers now, one row each, in the rulebook's words."""
    return Table([{"what you may do": words.label(action)} for action in state.legal_actions()])


def home_market(state: bb.State, player: int | None = None) -> Table:
    """The face-up home tiles, one row each: what the tile is, its cost and HP, and whether
    ``player`` (the player to play by default) can pay for it (BB-ACT-4)."""
    seat = state.player if player is None else player
    coins = state.board(seat).coins
    rows = []
    for category, market in enumerate(state.home_market):
        for tile_id in market:
            tile = bb.HOME_TILES[tile_id]
            rows.append(
                {
                    "market": CATEGORY_LETTERS[category],
                    "home tile": TYPES[tile.type],
                    "comfort": tile.comfort,
                    "cost (coins)": tile.cost,
                    "HP when bought": tile.hp,
                    f"player {seat} can pay": "yes" if tile.cost <= coins else "no",
                }
            )
    return Table(rows)


def buy_home_tile(
    state: bb.State, kind: str, cost: int, row: int | None = None, column: int | None = None
) -> bb.State:
    """Buy the face-up home tile of type ``kind`` ("faith", ...) costing ``cost`` coins (the
    first in the markets' order when two are alike), then, when ``row`` and ``column`` are
    given, put it on that space of the home (BB-ACT-4). The engine refuses an illegal buy."""
    if kind not in TYPES:
        raise InvalidStateError(f"a home tile's type is one of {', '.join(TYPES)}, not {kind!r}")
    face_up = [bb.HOME_TILES[t] for market in state.home_market for t in market]
    tile = next((t for t in face_up if TYPES[t.type] == kind and t.cost == cost), None)
    if tile is None:
        raise InvalidStateError(f"no face-up {kind} home tile costs {cost} coins")
    bought = play(state, f"buy {tile.name}")
    if row is None or column is None:
        return bought
    return play(bought, f"home {row},{column}")


def red_temple_of_four_actions() -> bb.State:
    """Player 0's red temple holds one shoot of each basic action (balance, improve, cook,
    fund); player 0 holds the balance tile L02, two faith tiles at home and 3 coins."""
    return bb.position(
        player=0,
        balance_market=[["L01"], ["C13"], ["R02"]],
        home_market=[["A09", "A17"], ["B16"]],
        food_display=["tea", "rice", "ramen", "ramen", "rice"],
        boards={
            0: {
                "temples": [["Rb", "Ri", "Rc", "Rf"], ["Yc"], [], []],
                "home": "(0,0):F/2 (0,1):F/3",
                "balance": ["L02"],
                "coins": 3,
            }
        },
    )


def crowded_yellow_temple() -> bb.State:
    """Player 0's yellow temple is full (4 shoots) and a yellow wildcard tops stalk 1; player 0
    is to visit the red temple (BB-SUM-6)."""
    return bb.position(
        player=0,
        stalks=[["Rb", "Gc", "Yw"], ["Bf", "Rc", "Yf"], ["Gb", "Bi", "Ri"], ["Yb", "Gf", "Bc"]],
        boards={0: {"temples": [["Rf"], ["Yc", "Yi", "Yb", "Yf"], ["Gf"], []], "coins": 0}},
    )


def home_for_left_and_right_patterns() -> tuple[int, ...]:
    """A home with a garden tile and a faith tile to its right in the left columns, and the
    mirror (faith, then garden) in the right columns: L05 is met there, R05 is not (BB-PAT-2)."""
    return bb.home_from_text(
        "(0,0):G/2 (0,1):F/3 (1,0):D/1 | (1,2):G/3 | (0,3):F/2 (0,4):G/1 (2,4):T/3"
    )


def one_tile_per_family() -> list[str]:
    """The name of the first balance tile of each family of patterns (BB-PAT-3)."""
    return [bb.pattern(family)[0].name for family in PATTERN_FAMILIES]


def five_awake_spirits() -> bb.State:
    """Player 0 owns five awake spirits (Kappa, Tanuki, Rokurokubi, Kitsune, Bakeneko), no
    coins, and a red temple of two shoots (BB-SPI-1)."""
    return bb.position(
        player=0,
        food_display=["tea", "tea", "rice", "rice", "tea"],
        boards={
            0: {
                "temples": [["Rb", "Ri"], ["Yc"], ["Gf"], ["Bb"]],
                "spirits": ["Kappa", "Tanuki", "Rokurokubi", "Kitsune", "Bakeneko"],
                "coins": 0,
            }
        },
    )


def tengu_awake() -> bb.State:
    """Player 0 owns an awake Tengu; the food display shows three teas and two rice
    (BB-SPI-6)."""
    return bb.position(
        player=0,
        food_display=["tea", "tea", "tea", "rice", "rice"],
        boards={0: {"spirits": ["Tengu"], "temples": [["Rb"], ["Yc"], ["Gf"], ["Bb"]]}},
    )


def night_side_market() -> bb.State:
    """The advanced game (night side, BB-ADV-1): player 0 has an empty home, 3 coins and a red
    improve shoot; market A shows a 1-coin decoration and a 1-coin faith tile."""
    return bb.position(
        options=bb.Options(night_side=True),
        player=0,
        home_market=[["A01", "A09"], []],
        boards={0: {"temples": [["Ri"], ["Yc"], ["Gf"], ["Bb"]], "coins": 3}},
    )


def setup_table(state: bb.State) -> Table:
    """Where the main board's components lie, face up and face down (BB-SET-1 to BB-SET-6)."""
    return Table(setup_rows(state))


def player_table(state: bb.State) -> Table:
    """What each player holds, one column per player (BB-PL-2 to BB-PL-6)."""
    return Table(player_rows(state))


def bill_table(state: bb.State) -> Table:
    """Each player's Winter bill, one column per player, paying with the least waste
    (BB-WIN-2, an awake Ookami counted: BB-SPI-4)."""
    labels = [f"player {seat}" for seat in range(state.num_players)]
    return Table(bill_rows(state), index=labels).T


def score_table(state: bb.State) -> Table:
    """Each player's final score, part by part, one column per player (BB-END-2 to BB-END-4)."""
    return Table(score_rows(state))


def tie_breaks(state: bb.State) -> Table:
    """Who wins (BB-END-5): this finished game, then a tie on HP and a tie on HP and comfort,
    each ranked by ``bb.rank_players``."""
    outcome = state.outcome()
    if outcome is None:
        raise InvalidStateError("the tie-breaks are read on a finished game")
    seats = range(state.num_players)
    cases = {
        "this game": (list(outcome.scores), [state.final_breakdown(p)["comfort"] for p in seats]),
        "a tie on HP": ([30, 30], [12, 9]),
        "a tie on HP and comfort": ([30, 30], [12, 12]),
    }
    rows = []
    for hp, comfort in cases.values():
        row: dict[str, int | str] = {}
        for seat in seats:
            row[f"player {seat} HP"] = hp[seat]
        for seat in seats:
            row[f"player {seat} comfort"] = comfort[seat]
        row["winners"] = " and ".join(f"player {p}" for p in bb.rank_players(hp, comfort))
        rows.append(row)
    return Table(rows, index=list(cases))
