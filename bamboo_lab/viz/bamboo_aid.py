"""The Bamboo player aid: the goal, the four seasons, the shoot actions, Autumn's majorities,
Winter's feeding, the balance patterns, the final scoring and the spirits' powers; its worked
examples are answered by the engine. Re-exported as :func:`bamboo_lab.viz.bamboo.player_aid`.
"""

from __future__ import annotations

import plotly.graph_objects as go

from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import ACTIONS, FOOD_KINDS, SPIRITS

from . import palette
from ._common import Sketch, canvas, label, rect, rounded_rect
from .bamboo_pieces import food_counter, owner_words, pattern_tile, shoot_tile

__all__ = ["player_aid"]


_AID_SEASONS = (
    (
        "Spring",
        "#7FC4A8",
        "1. move 1 incense stick<br>from your round track<br>to your reserve<br>"
        "2. take a gift of the<br>forest and do its action",
    ),
    (
        "Summer",
        "#F0E442",
        "turns in order until<br>everyone has passed:<br>1. visit a temple of your<br>board"
        " (not last turn's)<br>2. offer 1 stick per shoot<br>in it (1 coin: elsewhere)<br>"
        "3. put its shoots in the<br>stalks (2 new per stalk<br>at most), activate 1<br>"
        "shoot per stick offered<br>4. each pushes the top<br>shoot out to your temples"
        "<br>no incense left: pass",
    ),
    (
        "Autumn",
        "#E69F00",
        "each temple: the most<br>incense wins its spirit<br>tie: the stick highest<br>"
        "up (offered last) wins<br>2 players: the ghost's<br>sticks lie at the bottom<br>"
        "then all sticks go back<br>to their reserves",
    ),
    (
        "Winter",
        "#56B4E9",
        "1. wake used spirits<br>(pay their coins)<br>2. feed your family:<br>1 food unit per"
        " home tile<br>tea 1 · rice 2 · ramen 3<br>no change given<br>each missing unit: −1 HP"
        "<br>3. the start player<br>moves on<br>4. the markets turn over",
    ),
)
"""The player aid's four seasons: name, colour and what happens (BB-SPR, BB-SUM, BB-AUT, BB-WIN)."""

_AID_ACTIONS = (
    (
        0,
        "balance",
        "+1 HP, or do two of<br>these, in any mix:<br>obtain a balance tile;<br>"
        "score one your home<br>shows (+ its HP)",
    ),
    (1, "improve", "+1 coin, or buy a<br>home tile: pay its coins,<br>+ its HP, place it"),
    (2, "cook", "take one food<br>counter from the<br>display"),
    (3, "fund", "+2 coins"),
    (2, "wildcard", "★ wildcard: any one<br>of the four actions<br>(your choice)"),
)
"""The shoot actions of the player aid: a colour to draw it in, the action and its effect."""

_AID_SPIRITS = {
    "kappa": "an extra balance action",
    "tanuki": "an extra improve action",
    "rokurokubi": "an extra fund action (2 coins)",
    "kitsune": "every shoot this turn is a ★ wildcard",
    "bakeneko": "offer sticks anywhere, free",
    "tengu": "new food display, take one",
    "ookami": "in Winter: 4 food units",
}
"""What each spirit's power does, in a few words (BB-SPI-2 to BB-SPI-6)."""


def _aid_box(
    fig: Sketch, x0: float, y0: float, x1: float, y1: float, title: str, colour: str
) -> None:
    """A section of the player aid: a pale box with a title band in ``colour``."""
    rounded_rect(
        fig, x0, y0, x1, y1, palette.lighter(colour, 0.85), palette.darker(colour, 0.3), 1.5
    )
    rounded_rect(
        fig, x0, y1 - 0.6, x1, y1, palette.lighter(colour, 0.35), palette.darker(colour, 0.3), 1.5
    )
    label(fig, x0 + 0.2, y1 - 0.3, f"<b>{title}</b>", size=14, anchor="left")


def player_aid() -> go.Figure:
    """The printable player aid: the goal, the four seasons, the shoot actions (the star
    wildcard among them), Autumn's incense majorities, Winter's feeding, the balance patterns,
    the final scoring and the spirits' powers (one A4 page, portrait)."""
    fig = canvas("<b>Bamboo</b> · player aid", 1160)
    top = 25.2
    label(
        fig,
        0.2,
        top,
        "<b>Goal:</b> the most <b>happiness points (HP)</b> after 4 rounds. You gain HP with your"
        " shoots' actions, home tiles and balance patterns;<br>you lose HP when your family"
        " goes hungry in Winter and when your home is out of balance. Each round has four"
        " seasons:",
        size=12,
        anchor="left",
        valign="top",
    )
    for k, (name, colour, text) in enumerate(_AID_SEASONS):
        x = 0.1 + k * 4.6
        _aid_box(fig, x, 17.3, x + 4.45, 23.9, f"{k + 1}. {name}", colour)
        label(fig, x + 0.2, 23.05, text, size=13, anchor="left", valign="top")
    _aid_box(
        fig, 0.1, 12.4, 18.4, 17.0, "The shoot actions (Summer, one per stick offered)", "#999999"
    )
    for k, (colour_index, action, text) in enumerate(_AID_ACTIONS):
        x = 0.3 + k * 3.65
        shoot_tile(fig, colour_index * 5 + ACTIONS.index(action), x, 15.35, 1.6, 0.8)
        label(fig, x + 1.75, 15.75, f"<b>{action}</b>", size=12, anchor="left")
        label(fig, x, 15.05, text, size=12, anchor="left", valign="top")
    # Autumn: a worked majority (BB-AUT-1), its winner from the engine
    _aid_box(fig, 0.1, 6.6, 6.1, 12.1, "Autumn: who wins a spirit", "#E69F00")
    stack = (bb.GHOST, bb.GHOST, 0, 1, 0, 1)
    for k, owner in enumerate(stack):
        sy = 7.3 + k * 0.55
        rect(
            fig,
            0.5,
            sy,
            1.3,
            sy + 0.47,
            palette.player_colour(owner),
            palette.BLACK,
            1,
            layer="above",
        )
        label(
            fig,
            0.9,
            sy + 0.22,
            "g" if owner < 0 else str(owner),
            size=12,
            bold=True,
            color=palette.BLACK if owner == 1 else "#FFFFFF",
        )
    winner = bb.temple_majority(stack)[0]
    label(
        fig,
        1.6,
        11.3,
        "sticks, bottom to top:<br>ghost 2, player 0: 2,<br>player 1: 2. A tie:<br>"
        f"the highest stick wins<br><b>→ {owner_words(winner)}</b><br><br>"
        "the ghost always<br>loses a tie; what it<br>wins leaves the game",
        size=12,
        anchor="left",
        valign="top",
    )
    # Winter: the feeding bill of a worked home (BB-WIN-2), from the engine
    _aid_box(fig, 6.25, 6.6, 12.25, 12.1, "Winter: feed your family", "#56B4E9")
    for k, kind in enumerate(FOOD_KINDS):
        food_counter(fig, k, 6.7 + k * 1.85, 11.0)
        label(fig, 7.05 + k * 1.85, 11.0, f"{kind} = {k + 1}", size=12, anchor="left")
    four = bb.home_from_text("(0,0):G (0,1):F (1,0):D (0,3):T")
    bill = bb.feeding_bill(four, (0, 1, 0))
    label(
        fig,
        6.45,
        10.4,
        f"each home tile eats 1 unit.<br>Example: {bill['need']} home tiles, you<br>hold one rice"
        f" (2 units):<br>{bill['hp_lost']} units short → <b>−{bill['hp_lost']} HP</b>.<br>"
        "Food you hold must be paid;<br>no change: ramen for one<br>tile wastes 2 units.",
        size=12,
        anchor="left",
        valign="top",
    )
    # balance patterns (BB-PAT-1, BB-PAT-2): one tile drawn
    _aid_box(fig, 12.4, 6.6, 18.4, 12.1, "Balance patterns", "#009E73")
    pattern_tile(fig, bb.balance_tile("L05"), 12.6, 11.35, 2.9)
    label(
        fig,
        15.65,
        11.3,
        "your home:<br>5 columns × 3<br>rows. Left tiles:<br>the 2 left<br>columns; right<br>"
        "tiles: the 2 right;<br>centre tiles: all 5.<br>Never turned<br>or mirrored.",
        size=12,
        anchor="left",
        valign="top",
    )
    label(
        fig,
        12.6,
        7.2,
        "scored in the game: full HP<br>met at the end: half",
        size=12,
        anchor="left",
    )
    # the end of the game (BB-END-1 to BB-END-5)
    _aid_box(fig, 0.1, 3.3, 18.4, 6.3, "End of the game: after the fourth Winter", "#CC79A7")
    label(
        fig,
        0.3,
        5.45,
        "final score = HP on your track<br>"
        "   + 2 HP per <b>different</b> kind of spirit you own (awake or asleep)<br>"
        "   + half the HP (rounded up) of each balance tile still held whose pattern your home"
        " meets<br>"
        "   − 2 HP per point of comfort difference between your 2 left and your 2 right columns"
        " (harmony)<br>"
        "   − 1 HP per empty special space (advanced game, night side) · most HP wins; a tie:"
        " most comfort",
        size=12,
        anchor="left",
        valign="top",
    )
    _aid_box(
        fig,
        0.1,
        0.0,
        18.4,
        3.0,
        "Spirits: use once in your Summer turn, then asleep until woken in Winter",
        "#7F5539",
    )
    for k, name in enumerate(SPIRITS):
        col, row = divmod(k, 4)
        label(
            fig,
            0.3 + col * 9.1,
            2.05 - row * 0.52,
            f"<b>{name.capitalize()}</b>: {_AID_SPIRITS[name]}",
            size=12,
            anchor="left",
        )
    fig.update_xaxes(range=[0, 18.5])
    fig.update_yaxes(range=[-0.1, 25.3])
    return fig.figure()
