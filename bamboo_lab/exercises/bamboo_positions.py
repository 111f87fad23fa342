"""The positions the Bamboo exercises show (``bamboo-1`` to ``bamboo-10``), each built with
``bb.position`` (or ``bb.home_from_text`` for a bare home); :mod:`bamboo_lab.exercises.bamboo`
asks the engine the questions about them.
"""

from __future__ import annotations

from bamboo_lab.games import bamboo as bb

from .bamboo_lessons import play

__all__ = [
    "autumn_position",
    "coins_position",
    "final_position",
    "harmony_position",
    "met_position",
    "night_position",
    "score_left_position",
    "stalks_position",
    "visit_position",
    "winter_position",
]


def visit_position() -> bb.State:
    """The position of bamboo-1: player 0's Summer turn, the action marker on yellow."""
    return bb.position(
        round=2,
        player=0,
        boards={0: {"temples": [["Rb", "Ri"], ["Yc", "Yi", "Yw"], [], ["Bb"]], "marker": "yellow"}},
    )


def coins_position() -> bb.State:
    """The position of bamboo-2: player 0 with 3 coins, to visit the red temple."""
    return bb.position(
        player=0,
        stalks=[["Rb", "Gc", "Yw"], ["Bf", "Rc", "Yf"], ["Gb", "Bi", "Ri"], ["Yb", "Gi", "Bc"]],
        boards={0: {"temples": [["Rf", "Ri", "Rc"], ["Yc"], ["Gf"], ["Bb"]], "coins": 3}},
    )


def stalks_position() -> bb.State:
    """The position of bamboo-3: player 0 to visit the green temple (a fund and a wildcard)."""
    return bb.position(
        player=0,
        stalks=[["Rb", "Gc", "Yw"], ["Bf", "Rc", "Yf"], ["Gb", "Bi", "Ri"], ["Yb", "Gi", "Bc"]],
        boards={0: {"temples": [["Rf"], ["Yc"], ["Gf", "Gw"], ["Bb"]], "coins": 0}},
    )


_HOME_MET = "(0,0):D/2 (1,0):F/1 (0,1):G/3 | (1,2):F/3 | (0,3):F/2 (0,4):G/1 (1,4):F/3 (2,4):T/1"


def met_position() -> tuple[int, ...]:
    """The position of bamboo-4: a home to check against five balance tiles."""
    return bb.home_from_text(_HOME_MET)


def score_left_position() -> bb.State:
    """The position of bamboo-5: player 0 holds L01, a decoration tile in the centre column."""
    return bb.position(
        player=0,
        boards={
            0: {
                "home": "(0,2):D/1 (1,3):G/2",
                "balance": ["L01"],
                "temples": [["Rb"], ["Yc"], ["Gf"], ["Bb"]],
                "coins": 0,
            }
        },
    )


def autumn_position() -> bb.State:
    """The position of bamboo-6: round 3's Autumn, the ghost's sticks at the bottom."""
    return bb.position(
        round=3,
        player=0,
        temples=[
            ["ghost", "ghost", 0, 0],
            ["ghost", "ghost", "ghost", 1, 0, 1],
            ["ghost", "ghost", "ghost", 1, 0, 1, 0, 1],
            [],
        ],
    )


def winter_position() -> bb.State:
    """The position of bamboo-7: player 0's home of 7 tiles and a tea, a rice and a ramen."""
    return bb.position(
        player=0,
        boards={
            0: {
                "home": "(0,0):G/1 (0,1):F/2 (1,0):D/1 (1,1):T/1 | (0,2):G/2 | (0,3):F/1 (1,3):G/3",
                "food": {"tea": 1, "rice": 1, "ramen": 1},
            }
        },
    )


_HOME_HARMONY = (
    "(0,0):G/2 (1,0):T/3 (2,1):D/1 | (0,2):F/3 (2,2):D/3 | (0,3):F/1 (1,4):G/2 (2,4):T/1"
)


def harmony_position() -> tuple[int, ...]:
    """The position of bamboo-8: a home whose left and right comfort differ."""
    return bb.home_from_text(_HOME_HARMONY)


def final_position() -> bb.State:
    """The position of bamboo-9: player 0 at the end of the game, 24 HP."""
    return bb.position(
        player=0,
        boards={
            0: {
                "home": "(0,0):G/2 (0,1):F/3 (1,1):F/2 | (1,2):F/3 | (0,3):T/2 (1,3):D/1 (1,4):G/2",
                "balance": ["L05", "C13"],
                "spirits": ["Kappa", "Tengu"],
                "asleep": ["Kappa"],
                "hp": 24,
            }
        },
    )


_NIGHT_HOME = (
    "(0,1):G/1 (0,2):T/1 (0,3):D/1 (1,0):F/2 (1,1):D/2 (1,3):G/2 (1,4):T/2 (2,0):G/1 (2,1):F/3"
    " (2,2):D/1 (2,3):T/1"
)


def night_position() -> bb.State:
    """The position of bamboo-10: player 0 has bought A09 for a home on the night side."""
    start = bb.position(
        options=bb.Options(night_side=True),
        player=0,
        home_market=[["A09"], []],
        boards={0: {"temples": [["Ri"], ["Yc"], ["Gf"], ["Bb"]], "coins": 3, "home": _NIGHT_HOME}},
    )
    return play(start, "visit red", "offer red", "activate Ri 1", "buy A09")
