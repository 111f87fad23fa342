"""The Bamboo exercises (notebook 23; some of them also in notebooks 20 and 24), and the longer
positions of the Bamboo lessons, so that a notebook cell stays short: the lessons' positions and
tables live in :mod:`~bamboo_lab.exercises.bamboo_lessons`, the answer readers in
:mod:`~bamboo_lab.exercises.bamboo_answers`, the exercises' positions in
:mod:`~bamboo_lab.exercises.bamboo_positions` (all re-exported here), and the answer diagnoses
in :mod:`~bamboo_lab.exercises.bamboo_diagnoses`.

Each exercise builds its position with ``bb.position`` and asks the engine for the answer.
Temples are answered by colour (``"red"``, ``"R"``, ``0``), shoots by name (``"Yf"``,
``"yellow fund"``), balance tiles by name (``"L05"``, any case) or id, owners of incense as
``0``, ``"player 1"``, ``"ghost"`` or ``"nobody"``, home spaces as ``"1,2"``, ``(1, 2)`` or
``"row 1 col 2"``. Every hint after the first is computed from the answer: the wrong item and the
rule it breaks, or the kind of item missing and where to look. A change of HP is signed (a loss
negative, :data:`~bamboo_lab.exercises.CHANGE`).
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.games import bamboo as bb

from . import CHANGE, Exercise, Kind
from .bamboo_answers import (
    cell_item,
    colour_item,
    owner_item,
    shoot_item,
    spirit_winner,
    tile_item,
)
from .bamboo_diagnoses import (
    COINS_MOVES,
    autumn_diagnose,
    coins_diagnose,
    final_diagnose,
    harmony_diagnose,
    met_diagnose,
    night_diagnose,
    score_left_diagnose,
    stalks_diagnose,
    visit_diagnose,
    winter_diagnose,
)
from .bamboo_lessons import (
    autumn_example,
    bill_rows,
    first_turn,
    last_round,
    play,
    player_rows,
    score_rows,
    setup_rows,
    shoots_received,
    winter_example,
)
from .bamboo_positions import (
    autumn_position,
    coins_position,
    final_position,
    harmony_position,
    met_position,
    night_position,
    score_left_position,
    stalks_position,
    visit_position,
    winter_position,
)

__all__ = [
    "EXERCISES",
    "autumn_example",
    "bill_rows",
    "cell_item",
    "colour_item",
    "first_turn",
    "last_round",
    "owner_item",
    "play",
    "player_rows",
    "score_rows",
    "setup_rows",
    "shoot_item",
    "shoots_received",
    "tile_item",
    "winter_example",
]


def _visit_truth(state: bb.State) -> frozenset[str]:
    return frozenset(a.temple for a in state.legal_actions() if isinstance(a, bb.VisitTemple))


_STALK_MOVES = ("visit green", "activate Gf 2", "done", "place Gw 2")


def _stalks_truth(state: bb.State) -> frozenset[str]:
    return shoots_received(state, play(state, *_STALK_MOVES))


_TILES_MET = ("L09", "L05", "R02", "R05", "C13")


def _met_truth(home: tuple[int, ...]) -> frozenset[str]:
    report = bb.pattern_report(home, _TILES_MET)
    return frozenset(name for name, found in report.items() if found["met"])


def _score_left_truth(state: bb.State) -> bool:
    return bb.explain(play(state, "visit red", "activate Rb 1"), "score L01").legal


def _autumn_truth(state: bb.State) -> tuple[int | str, ...]:
    return tuple(spirit_winner(stack) for stack in state.temples)


def _winter_truth(state: bb.State) -> int:
    board = state.board(0)
    bill = bb.feeding_bill(board.home, board.food, ookami="ookami" in board.awake)
    return -int(bill["hp_lost"])


def _final_truth(state: bb.State) -> int:
    return int(state.final_breakdown(0)["total"])


def _night_truth(state: bb.State) -> frozenset[str]:
    return frozenset(
        f"{a.row},{a.col}" for a in state.legal_actions() if isinstance(a, bb.PlaceHomeTile)
    )


def _pictures() -> dict[str, Any]:
    """The drawing functions the exercises use (imported when a picture is asked for)."""
    from bamboo_lab.viz import bamboo as vbb

    return {
        "board": vbb.figure,
        "home": lambda home: vbb.home(home, tiles=_TILES_MET, answers=False),
        "bare": lambda home: vbb.home(home, answers=False),
        "held": lambda state: vbb.home(state, 0, answers=False),
        "autumn": lambda state: vbb.autumn(state, answers=False),
    }


def _draw(kind: str) -> Any:
    """A picture function drawing with ``kind`` of :func:`_pictures`."""
    return lambda position: _pictures()[kind](position)


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="bamboo-1",
        title="Which temples may you visit?",
        question="It is player 0's Summer turn; the action marker (▼) still stands on the"
        " temple visited last turn. Which temples of player 0's board may be visited now?",
        rules=("BB-SUM-2",),
        kind=Kind.SET,
        position=visit_position,
        truth=_visit_truth,
        hints=(
            "Look at player 0's row: the four temples of the board, with their shoots.",
            "A temple may be visited when it holds a shoot and the marker is not on it.",
            "The very first choice of a game is free; after it, last turn's temple is refused.",
        ),
        item=colour_item,
        diagnose=visit_diagnose,
        picture=_draw("board"),
        explanation="Red and blue: green holds no shoot, and the marker stands on yellow, the"
        " temple of the last turn (BB-SUM-2).",
    ),
    Exercise(
        id="bamboo-2",
        title="How many coins after this turn?",
        question="Player 0 (3 coins) visits the red temple and offers its 3 sticks: one on red,"
        " one on blue (paying for it), one on red. Then the fund shoot is activated, the"
        " improve shoot takes a coin, and the cook shoot's action is declined. How many coins"
        " does player 0 hold at the end of the turn?",
        rules=("BB-SUM-4", "BB-ACT-4", "BB-ACT-6"),
        kind=Kind.NUMBER,
        position=coins_position,
        truth=lambda state: play(state, *COINS_MOVES).board(0).coins,
        hints=(
            "Go through the turn step by step, from 3 coins.",
            "A stick offered at another temple costs 1 coin; fund gives 2, improve's coin 1.",
            "A declined action changes nothing.",
        ),
        diagnose=coins_diagnose,
        picture=_draw("board"),
        explanation="5 coins: 3, minus 1 for the stick offered at blue (BB-SUM-4), plus 2 from"
        " the fund shoot (BB-ACT-6), plus 1 from the improve shoot's coin (BB-ACT-4); the"
        " declined cook changes nothing.",
    ),
    Exercise(
        id="bamboo-3",
        title="Which shoots come back to you?",
        question="Player 0 visits the green temple (a green fund and a green ★ wildcard), puts"
        " the fund shoot into stalk 2 with its action, then stops activating and places the"
        " wildcard into stalk 2 as well. Which two shoots come to player 0's temples?",
        rules=("BB-SUM-5", "BB-SUM-6"),
        kind=Kind.SET,
        position=stalks_position,
        truth=_stalks_truth,
        hints=(
            "Look at stalk 2 in the stalk field: its base is at the bottom.",
            "A new shoot enters a stalk at its base and pushes the shoot at the top out.",
            "The shoots pushed out go to the player's temples of their colour.",
        ),
        item=shoot_item,
        diagnose=stalks_diagnose,
        picture=_draw("board"),
        explanation="Yf and Rc: stalk 2 is Bf, Rc, Yf from base to top. Gf enters at the base"
        " and pushes Yf out; Gw enters and pushes Rc out (BB-SUM-5, BB-SUM-6).",
    ),
    Exercise(
        id="bamboo-4",
        title="Which balance tiles are met?",
        question="Player 0's home and five balance tiles are drawn. Which of these tiles have"
        " their pattern met by the home right now?",
        rules=("BB-PAT-1", "BB-PAT-2", "BB-PAT-3"),
        kind=Kind.SET,
        position=met_position,
        truth=_met_truth,
        hints=(
            "For each tile, look only at the columns it looks at (shaded under the tile).",
            "Patterns are never turned or mirrored; a comfort total adds every tile of its"
            " type in the tile's columns.",
            "Left tiles look at columns 0 and 1; right tiles at 3 and 4; center tiles at all five.",
        ),
        item=tile_item,
        diagnose=met_diagnose,
        picture=_draw("home"),
        explanation="L09, R02 and C13. L09 (decoration above faith) lies in column 0; R02"
        " (one faith tile) in the right columns; C13 (faith comfort 7 or more): 1 + 3 + 2 + 3"
        " = 9. L05 needs a faith tile to the right of a garden tile in the left columns (there"
        " is none); R05's garden-faith pair is mirrored on the right (faith, then garden).",
    ),
    Exercise(
        id="bamboo-5",
        title="May player 0 score L01?",
        question="Player 0 holds the balance tile L01 (one decoration tile) and activates a"
        " balance shoot. May L01 be scored now?",
        rules=("BB-PAT-1", "BB-ACT-3"),
        kind=Kind.BOOL,
        position=score_left_position,
        truth=_score_left_truth,
        hints=(
            "Look at where the decoration tile lies on the home.",
            "A balance tile's side (left, center, right) says which columns it looks at.",
            "A scored tile must have its pattern met when it is shown.",
        ),
        diagnose=score_left_diagnose,
        picture=_draw("held"),
        explanation="False: L01 is a left tile, so only the two left columns count (BB-PAT-1);"
        " the decoration tile is in the centre column. Scoring it is refused (BB-ACT-3).",
    ),
    Exercise(
        id="bamboo-6",
        title="Who wins each temple's spirit?",
        question="A two-player game at the end of the Summer: the incense of the four temples"
        " is drawn, bottom to top. Who wins each temple's spirit this Autumn?",
        rules=("BB-AUT-1", "BB-AUT-2"),
        kind=Kind.SEQUENCE,
        position=autumn_position,
        truth=_autumn_truth,
        hints=(
            "Count each owner's sticks in each temple.",
            "Between tied owners, the stick highest in the stack (offered last) wins.",
            "An empty temple gives its spirit to nobody.",
        ),
        item=owner_item,
        diagnose=autumn_diagnose,
        picture=_draw("autumn"),
        explanation="[0, ghost, 1, nobody]. Red: the ghost 2, player 0 2, and player 0's"
        " stick is higher. Yellow: the ghost has 3, more than anyone. Green: the ghost 3,"
        " player 1 3, player 0 2; of the tied two, player 1's stick is higher. Blue: no"
        " incense, so the spirit stays for the next round (BB-AUT-1, BB-AUT-2).",
    ),
    Exercise(
        id="bamboo-7",
        title="What does this Winter cost?",
        question="Player 0's home has the tiles drawn, and player 0 holds one tea, one rice and"
        " one ramen counter. How do player 0's HP change when feeding the family this Winter? "
        + CHANGE,
        rules=("BB-WIN-2",),
        kind=Kind.NUMBER,
        position=winter_position,
        truth=_winter_truth,
        hints=(
            "Each home tile needs 1 food unit; count the tiles.",
            "Tea gives 1 unit, rice 2, ramen 3; each missing unit costs 1 HP.",
            "Food held must be paid first; what is left over is lost.",
        ),
        diagnose=winter_diagnose,
        picture=_draw("board"),
        change=True,
        explanation="-1 HP (a loss of 1): 7 home tiles need 7 units; tea, rice and ramen give"
        " 1 + 2 + 3 = 6, so one unit is missing (BB-WIN-2).",
    ),
    Exercise(
        id="bamboo-8",
        title="The harmony penalty",
        question="How do the HP of this home change for harmony at the end of the game? " + CHANGE,
        rules=("BB-END-3",),
        kind=Kind.NUMBER,
        position=harmony_position,
        truth=bb.harmony_penalty,
        hints=(
            "Add the comfort of the two left columns, then of the two right columns.",
            "The centre column does not count; each point of difference costs 2 HP.",
            "A home whose two sides are equal loses nothing.",
        ),
        diagnose=harmony_diagnose,
        picture=_draw("bare"),
        change=True,
        explanation="-4 HP (a loss of 4): the left columns hold 2 + 3 + 1 = 6 comfort, the right"
        " columns 1 + 2 + 1 = 4; 2 points of difference cost 2 HP each (BB-END-3).",
    ),
    Exercise(
        id="bamboo-9",
        title="Predict the final score",
        question="The game is over. Player 0 has 24 HP on the track, the spirits Kappa, Kappa"
        " and Tengu, the home drawn, and two unscored balance tiles, L05 and C13. What is"
        " player 0's final score?",
        rules=("BB-END-2", "BB-END-3", "BB-END-4"),
        kind=Kind.NUMBER,
        position=final_position,
        truth=_final_truth,
        hints=(
            "Add four things: the HP on the track, the spirits, the harmony and the balance tiles.",
            "Spirits: 2 HP per different kind; harmony: -2 per point of difference; a met"
            " unscored balance tile: half its HP, rounded up.",
            "Two spirits of the same kind count once; an unmet balance tile gives nothing.",
        ),
        diagnose=final_diagnose,
        picture=_draw("held"),
        explanation="28: 24 HP + 4 for two kinds of spirit (BB-END-2) - 4 for harmony (left 7,"
        " right 5, BB-END-3) + 2 for L05 (half of 3, rounded up) + 2 for C13 (half of 4)"
        " (BB-END-4).",
    ),
    Exercise(
        id="bamboo-10",
        title="Where may the new tile go?",
        question="The advanced game (night side). Player 0 has just bought a faith home"
        " tile and must place it on the home drawn. The starred spaces take only a tile of"
        " the type written on them. Which spaces may the new faith tile go to?",
        rules=("BB-ADV-1", "BB-ACT-4"),
        kind=Kind.SET,
        position=night_position,
        truth=_night_truth,
        hints=(
            "A home tile goes on an empty space of the home.",
            "A starred night space takes only a tile of the type written on it.",
            "A space already holding a tile is never free.",
        ),
        item=cell_item,
        diagnose=night_diagnose,
        picture=_draw("held"),
        explanation="0,4 and 1,2: the home has four empty spaces; 1,2 has no star, 0,4 is the"
        " night space for faith, while 0,0 takes only decoration and 2,4 only tools"
        " (BB-ADV-1, BB-ACT-4).",
    ),
)
"""The Bamboo exercises, in the order of notebook 23."""
