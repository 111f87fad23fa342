"""The longer positions and tables of the Bamboo lessons (notebooks 20, 21 and 24), built here so
that a notebook cell stays short; re-exported by :mod:`bamboo_lab.exercises.bamboo`.

Positions come from ``bb.position`` and the moves are written in the board's words
(``games/bamboo/words.label``: ``activate the red improve shoot in stalk 2``), each checked by
``bb.explain`` (an illegal one is refused with its rule); the tables read the engine's own
answers (``feeding_bill``, ``final_breakdown``).
"""

from __future__ import annotations

from typing import Any, Literal

from bamboo_lab.core.errors import InvalidActionError
from bamboo_lab.exercises.lesson_moves import play_in_words
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.actions import parse_text
from bamboo_lab.games.bamboo.components import shoot_name
from bamboo_lab.games.bamboo.words import group, label

__all__ = [
    "autumn_example",
    "bill_rows",
    "first_turn",
    "last_round",
    "move",
    "moves_in_words",
    "play",
    "player_rows",
    "score_rows",
    "setup_rows",
    "shoots_received",
    "winter_example",
]


def _said(text: str) -> str:
    """Words compared as a student types them: case and spacing do not matter."""
    return " ".join(str(text).split()).lower()


def moves_in_words(state: bb.State) -> str:
    """What the player to move may do now, in the rulebook's words: each legal action's label,
    grouped by kind (``player 0 may visit a temple: visit the red temple · ...``)."""
    kinds: dict[str, list[str]] = {}
    for action in state.legal_actions():
        kinds.setdefault(group(action), []).append(label(action))
    said = "; ".join(f"{kind}: {' · '.join(words)}" for kind, words in kinds.items())
    return f"player {state.player} may {said or 'do nothing: the game is over'}"


def move(state: bb.State, words: str) -> Any:
    """The move named by ``words``, the label the board's move list gives it (``visit the red
    temple``, ``activate the red improve shoot in stalk 2``, ``take 1 HP``); a move not legal
    now is found too, so that :func:`play` can name the rule it breaks. Words the board never
    shows are read as the game's notation (older cells); neither raises InvalidActionError
    listing the moves of the moment in words."""
    said = _said(words)
    # legal moves first: two home tiles alike in the market are one move to a student
    for action in (*state.legal_actions(), *bb.every_action()):
        if _said(label(action)) == said:
            return action
    try:
        return parse_text(words)
    except InvalidActionError:
        raise InvalidActionError(
            f"{str(words)[:80]!r} names no Bamboo move: {moves_in_words(state)}"
        ) from None


def play(state: bb.State, *moves: str) -> bb.State:
    """The position after ``moves`` (each in the words of the board's move list, in order);
    an illegal one raises IllegalActionError saying, in words, the move and the rule."""
    return play_in_words(state, moves, move, bb.explain)


def first_turn() -> bb.State:
    """Notebook 20's first turn: round 1, player 0 to visit a temple of their board."""
    return bb.position(
        player=0,
        stalks=[["Rb", "Yi", "Gc"], ["Bf", "Rc", "Yf"], ["Gb", "Bi", "Ri"], ["Yb", "Gf", "Bc"]],
        boards={0: {"temples": [["Rb", "Ri"], ["Yc"], ["Gf", "Gw"], ["Bb"]], "coins": 3}},
    )


def autumn_example() -> bb.State:
    """Notebook 24's Autumn: round 1, both players with one stick left and the temples full of
    earlier offerings (the ghost's at the bottom); player 0 sleeps a Tanuki, player 1 owns an
    Ookami, and both have homes to feed in the Winter that follows."""
    return bb.position(
        player=0,
        temples=[
            ["ghost", "ghost", 0, 1],
            ["ghost", "ghost", "ghost", 1],
            [0, 0],
            ["ghost", "ghost", "ghost", 1],
        ],
        boards={
            0: {
                "temples": [["Rb"], ["Yc", "Yi"], ["Gf"], ["Bb"]],
                "coins": 1,
                "asleep": ["Tanuki"],
                "home": "(0,0):G/2 (0,1):F/1 (1,0):D/1",
                "food": {"rice": 1, "tea": 2},
            },
            1: {
                "temples": [["Ri"], ["Yb"], ["Gc"], ["Bc", "Bw"]],
                "coins": 0,
                "spirits": ["Ookami"],
                "home": "(0,0):D/2 (0,1):T/1 (0,3):F/2 (1,3):G/1 (2,3):T/3",
                "food": {"ramen": 1},
            },
        },
        food_display=["tea", "rice", "rice", "ramen"],
    )


def winter_example(feeding: Literal["choose", "auto"] = "choose") -> bb.State:
    """Notebook 24's Winter (with the ``feeding`` reading): player 0 has 3 home tiles and a
    tea, a rice and a ramen; player 1 has 4 tiles and one tea. Both play their last turn."""
    start = bb.position(
        options=bb.Options(feeding=feeding),
        player=0,
        temples=[[0, 0, 0], [], [], [1, 1, 1]],
        boards={
            0: {
                "temples": [["Rf"], ["Yc"], ["Gf"], ["Bb"]],
                "coins": 0,
                "home": "(0,0):G/1 (0,1):F/1 (1,0):D/1",
                "food": {"tea": 1, "rice": 1, "ramen": 1},
            },
            1: {
                "temples": [["Ri"], ["Yb"], ["Gc"], ["Bc"]],
                "coins": 0,
                "home": "(0,0):G/1 (0,1):F/1 (1,0):D/1 (1,1):T/1",
                "food": {"tea": 1},
            },
        },
    )
    return play(start, "visit red", "done", "place Rf 1", "visit red", "done", "place Ri 2")


def last_round() -> bb.State:
    """Notebook 24's end of the game: round 4, one stick left for each player; balance tiles,
    spirits and food to score."""
    return bb.position(
        round=4,
        player=0,
        temples=[[0, 1, 0], [1, 0, 1], [0, 1], [1, 0, 1, 0]],
        boards={
            0: {
                "temples": [["Rb"], ["Yc", "Yi"], ["Gf"], ["Bb"]],
                "coins": 0,
                "home": "(0,0):G/2 (0,1):F/3 (1,0):D/1 | (1,2):G/3 | (0,3):F/2 (0,4):G/1",
                "balance": ["L05", "R02"],
                "spirits": ["Kappa", "Tengu"],
                "asleep": ["Kappa"],
                "food": {"ramen": 2},
                "hp": 20,
            },
            1: {
                "temples": [["Ri"], ["Yb"], ["Gc"], ["Bc", "Bw"]],
                "coins": 0,
                "home": "(0,0):D/2 (0,1):T/1 (0,3):F/2 (1,3):G/1 (2,3):T/3 (2,4):D/3",
                "balance": ["L09"],
                "spirits": ["Bakeneko"],
                "food": {"ramen": 2},
                "hp": 22,
            },
        },
    )


def setup_rows(state: bb.State) -> dict[str, dict[str, int]]:
    """Where the main board's components lie, face up and face down, as table columns
    (BB-SET-1 to BB-SET-6)."""
    spirits = sum(map(len, state.spirit_stacks))
    return {
        "face up": {
            "shoots in the stalks": sum(map(len, state.stalks)),
            "gifts": len(state.gift_display),
            "balance tiles": sum(map(len, state.balance_market)),
            "home tiles": sum(map(len, state.home_market)),
            "spirits": sum(1 for stack in state.spirit_stacks if stack),
            "food counters": len(state.food_display),
        },
        "face down": {
            "shoots in the stalks": 0,
            "gifts": len(state.gift_stack),
            "balance tiles": sum(map(len, state.balance_stacks)),
            "home tiles": sum(map(len, state.home_stacks)),
            "spirits": spirits - sum(1 for stack in state.spirit_stacks if stack),
            "food counters": len(state.food_bag),
        },
    }


def player_rows(state: bb.State) -> dict[str, dict[str, Any]]:
    """What each player holds, as table columns by player (BB-PL-2 to BB-PL-6)."""
    tiles = state.options.balance_table
    return {
        f"player {p}": {
            "HP": board.hp,
            "coins": board.coins,
            "incense in the reserve": board.reserve,
            "incense on the round track": board.track,
            "shoots on the board": sum(map(len, board.temples)),
            "balance tiles": ", ".join(tiles[t].name for t in board.balance) or "none",
        }
        for p, board in enumerate(state.boards)
    }


def bill_rows(state: bb.State) -> list[dict[str, Any]]:
    """Each player's Winter bill as a table row (``bb.feeding_bill``, paying with the least
    waste; an awake Ookami counted, BB-WIN-2, BB-SPI-4)."""
    rows = []
    for board in state.boards:
        bill = bb.feeding_bill(board.home, board.food, ookami="ookami" in board.awake)
        paid = ", ".join(f"{n} {kind}" for kind, n in bill["pay"].items()) or "nothing"
        rows.append(
            {
                "units needed (home tiles)": bill["need"],
                "Ookami's units": bill["ookami"],
                "counters paid": paid,
                "units wasted": bill["waste"],
                "HP lost": bill["hp_lost"],
            }
        )
    return rows


def score_rows(state: bb.State) -> dict[str, dict[str, int]]:
    """Each player's final score, part by part (``final_breakdown``, BB-END-2 to BB-END-4,
    BB-ADV-2), as table columns by player."""
    words = {
        "happiness": "HP on the track",
        "spirits": "spirits (2 per kind)",
        "balance": "balance tiles (half)",
        "harmony": "harmony",
        "night": "empty night spaces",
        "total": "total",
    }
    return {
        f"player {p}": {words[k]: state.final_breakdown(p)[k] for k in words}
        for p in range(state.num_players)
    }


def shoots_received(before: bb.State, after: bb.State, player: int = 0) -> frozenset[str]:
    """The shoots that came to ``player``'s temples between two states (their names)."""
    came = [c for t in after.board(player).temples for c in t]
    for t in before.board(player).temples:
        for c in t:
            if c in came:
                came.remove(c)
    return frozenset(shoot_name(c) for c in came)
