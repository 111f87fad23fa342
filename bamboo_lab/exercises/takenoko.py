"""The Takenoko exercises (notebook 13, two of them also in notebook 10): each builds its
position from the box with ``tk.position`` and asks the engine for the answer.

Places are answered as ``"1,0"``, ``(1, 0)`` or a ``Hex``; cards as ``"P02"`` in any case;
seats as ``1``, ``"1"`` or ``"player 1"``. Every hint after the first is computed from the answer:
a wrong item is named with the rule it breaks, a missing one by the rule that makes it right and
where to look (the diagnoses are in :mod:`bamboo_lab.exercises.takenoko_diagnoses`).
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.games import takenoko as tk

from . import Exercise, Kind
from .takenoko_diagnoses import (
    cards_diagnose,
    gardener_diagnose,
    last_diagnose,
    panda_diagnose,
    place_text,
    plot_diagnose,
    rain_diagnose,
    score_diagnose,
    winner_diagnose,
)

__all__ = ["EXERCISES", "card_item", "place_item", "seat_item", "turns_until_over"]


# ---------------------------------------------------------------------- reading answers


def place_item(item: Any) -> str:
    """A place as ``"q,r"``: from ``"1,0"`` (spaces allowed), ``(1, 0)``, ``[1, 0]`` or a Hex."""
    if isinstance(item, str):
        parts = item.replace(" ", "").strip("()").split(",")
        if len(parts) != 2:
            raise ValueError(f"not a place: {item[:40]!r}")
        q, r = (int(p) for p in parts)
        return f"{q},{r}"
    if isinstance(item, (tuple, list)) and len(item) == 2:
        q, r = item
        if type(q) is int and type(r) is int:
            return f"{q},{r}"
    raise ValueError(f"not a place: {item!r:.40}")


def card_item(item: Any) -> str:
    """A card id in upper case (``"p02"`` is ``"P02"``; an ObjectiveCard gives its id)."""
    if isinstance(item, tk.ObjectiveCard):
        return item.id
    if isinstance(item, str) and item.strip().upper() in tk.CARDS:
        return item.strip().upper()
    raise KeyError(item)


def seat_item(item: Any) -> int:
    """A seat number from ``1``, ``"1"``, ``"player 1"`` or ``"P1"``."""
    if isinstance(item, bool):
        raise ValueError("a seat is a number")
    if isinstance(item, int):
        return item
    if isinstance(item, str):
        text = item.strip().lower().removeprefix("player").removeprefix("p").strip()
        return int(text)
    raise ValueError(f"not a seat: {item!r:.40}")


def _play(state: tk.State, *texts: str) -> tk.State:
    for text in texts:
        state = state.apply(tk.parse_action(text, state))
    return state


def turns_until_over(state: tk.State) -> tuple[int, ...]:
    """The seats whose turns are played from ``state`` to the end of the game, in order (each
    player just takes their first legal action)."""
    turns: list[int] = []
    while not state.is_over():
        if state.phase in ("roll", "actions") and state.player not in turns[-1:]:
            turns.append(state.player)
        state = state.apply(state.legal_actions()[0])
    return tuple(turns)


# ---------------------------------------------------------------------- 1: where may a plot go


def _plot_position() -> tk.State:
    plots = [(1, 0, "G", 1), (1, -1, "Y", 1), (2, -1, "P", 0), (0, 1, "G", 1), (-1, 1, "Y", 1)]
    plots.append((2, 0, "G", 0))
    return tk.position(plots=plots, phase="place_plot", used=["plot"], drawn=["Y", "P"], kept="G")


def _plot_picture(state: tk.State) -> Any:
    from bamboo_lab import viz

    return viz.takenoko.figure(state, places="all")  # the legal places are the question


# ---------------------------------------------------------------------- 2: where may the rain fall


def _rain_position() -> tk.State:
    before = tk.position(
        plots=[
            (1, 0, "G", 4),
            (1, -1, "Y", 2),
            (0, -1, "P", 1),
            (2, -1, "G", 1),
            (-1, 0, "YF", 1),
            (-1, 1, "G", 0),
            (2, -2, "P", 0),
        ],
        channels=["1,0/1,-1", "1,-1/2,-1"],
        phase="roll",
    )
    return before.apply(tk.Roll("rain"))


def _rain_truth(state: tk.State) -> frozenset[str]:
    return frozenset(place_text(a.plot) for a in state.legal_actions() if isinstance(a, tk.Grow))


# ---------------------------------------------------------------------- 3: what the gardener grows


def _gardener_position() -> tk.State:
    return tk.position(
        plots=[
            (1, 0, "G", 4),
            (1, -1, "G", 1),
            (0, -1, "Y", 1),
            (2, -1, "G", 1),
            (2, -2, "G", 0),
            (-1, 0, "G", 1),
        ],
        channels=["1,0/1,-1", "1,-1/2,-1"],
    )


def _gardener_truth(state: tk.State) -> frozenset[str]:
    moved = _play(state, "action gardener", "gardener 1,-1")
    return frozenset(place_text(h) for h in state.tiles if moved.bamboo[h] != state.bamboo[h])


# ---------------------------------------------------------------------- 4: where may the panda go


def _panda_position() -> tk.State:
    return tk.position(
        plots=[
            (1, 0, "P", 1),
            (2, 0, "G", 0),
            (2, -1, "Y", 0),
            (1, -1, "G", 1),
            (0, 1, "Y", 1),
            (-1, 1, "G", 1),
            (-1, 0, "P", 1),
            (3, -1, "P", 0),
        ],
        panda=(1, 0),
    )


# ---------------------------------------------------------------------- 5: which cards are met


def _cards_position() -> tk.State:
    return tk.position(
        plots=[(1, 0, "G", 4), (1, -1, "G", 2), (0, -1, "G", 1), (-1, 0, "YF", 3), (-1, 1, "Y", 1)],
        hands={0: ["P02", "P07", "G04", "G06", "A05"]},
        eaten={0: (1, 1, 0)},
    )


def _cards_picture(state: tk.State) -> Any:
    from bamboo_lab import viz

    return viz.takenoko.figure(state)


# ---------------------------------------------------------------------- 6 and 7: scores


def _score_position() -> tk.State:
    return tk.position(
        completed={0: ["P01", "P05", "G01", "G03", "A01", "A06", "A07", "A13", "P04"]},
        hands={0: ["G05", "P12", "A10"]},
        emperor=0,
        final_turns_left=0,
        phase="over",
    )


def _score_picture(state: tk.State) -> Any:
    from bamboo_lab import viz

    return viz.takenoko.objective_cards(
        {
            "player 0 completed": [*state.completed[0], viz.takenoko.EMPEROR],
            "player 0 still holds": list(state.hands[0]),
        },
        "<b>The game is over</b> · player 0's cards (hover a card to read it)",
    )


def _winner_position() -> tk.State:
    return tk.position(
        completed={
            0: ["P01", "P02", "P03", "P05", "G01", "G02", "G03", "A01", "A02"],
            1: ["P08", "G05", "G09", "A06", "A13"],
        },
        emperor=0,
        final_turns_left=0,
        phase="over",
    )


def _winner_picture(state: tk.State) -> Any:
    from bamboo_lab import viz

    rows = {}
    for seat in range(state.num_players):
        emperor = [viz.takenoko.EMPEROR] if state.emperor == seat else []
        rows[f"player {seat} completed"] = [*state.completed[seat], *emperor]
    return viz.takenoko.objective_cards(rows, "<b>The game is over</b> · who wins?")


# ---------------------------------------------------------------------- 8: who still plays


def _last_position() -> tk.State:
    return tk.position(
        4,
        plots=[(1, 0, "G", 1), (1, -1, "G", 1), (0, -1, "G", 1)],
        completed={2: ["A01", "A02", "A03", "A06", "G01", "G02"]},
        hands={2: ["P02"]},
        player=2,
    )


def _last_truth(state: tk.State) -> tuple[int, ...]:
    return turns_until_over(_play(state, "claim P02"))


def _last_picture(state: tk.State) -> Any:
    from bamboo_lab import viz

    return viz.takenoko.players(state)


# ---------------------------------------------------------------------- the exercises


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="takenoko-1",
        title="Where may the plot go?",
        question="Player 0 drew three plots and kept the green one. Where may they place it?"
        " Answer with a set of places, such as {'1,0', '0,-1'}.",
        rules=("TK-PLOT-2",),
        kind=Kind.SET,
        position=_plot_position,
        truth=lambda state: frozenset(place_text(h) for h in tk.legal_plot_positions(state)),
        item=place_item,
        hints=(
            "a plot goes next to the pond, or next to two plots already placed.",
            "count, for each free place, the placed plots that share an edge with it;"
            " the pond does not count as one of the two.",
            "touching at a corner does not count; a place already holding a plot is not free.",
        ),
        diagnose=plot_diagnose,
        picture=_plot_picture,
        explanation="The free places beside the pond, -1,0 and 0,-1, and the free places that"
        " share an edge with two placed plots, the pond not counting as one: -1,2 (beside -1,1"
        " and 0,1), 1,1 (beside 0,1, 1,0 and 2,0), 2,-2 (beside 1,-1 and 2,-1) and 3,-1 (beside"
        " 2,-1 and 2,0) (TK-PLOT-2).",
    ),
    Exercise(
        id="takenoko-2",
        title="Where may the rain fall?",
        question="The weather die shows rain. On which plots may player 0 grow a section?"
        " Answer with a set of places.",
        rules=("TK-W-2", "TK-IRR-5", "TK-BAM-1"),
        kind=Kind.SET,
        position=_rain_position,
        truth=_rain_truth,
        item=place_item,
        hints=(
            "the rain grows one section on an irrigated plot.",
            "hatched plots are dry; a bamboo of four sections cannot grow.",
            "a plot is irrigated beside the pond, beside a channel, or with a watershed.",
        ),
        diagnose=rain_diagnose,
        explanation="Every irrigated plot below four sections: the plots beside the pond but 1,0"
        " (four high already), and 2,-1, watered by the channel; not the dry 2,-2 (TK-W-2,"
        " TK-IRR-5, TK-BAM-1).",
    ),
    Exercise(
        id="takenoko-3",
        title="What does the gardener grow?",
        question="Player 0 moves the gardener from the pond to 1,-1. On which plots does bamboo"
        " grow? Answer with a set of places.",
        rules=("TK-GAR-2", "TK-BAM-1"),
        kind=Kind.SET,
        position=_gardener_position,
        truth=_gardener_truth,
        item=place_item,
        hints=(
            "the plot where the gardener stops grows, and so do the plots touching it.",
            "only touching plots of the same colour grow, and only the irrigated ones.",
            "a bamboo already four high cannot grow; the hatched plots are dry.",
        ),
        diagnose=gardener_diagnose,
        explanation="1,-1 itself and its irrigated green neighbours below four sections: the"
        " dry 2,-2, the yellow 0,-1 and the full 1,0 do not grow (TK-GAR-2, TK-BAM-1).",
    ),
    Exercise(
        id="takenoko-4",
        title="Where may the panda go?",
        question="The panda stands on 1,0. To which places may the panda action move it?"
        " Answer with a set of places.",
        rules=("TK-PAN-1", "TK-GAR-1"),
        kind=Kind.SET,
        position=_panda_position,
        truth=lambda state: frozenset(place_text(h) for h in tk.panda_destinations(state)),
        item=place_item,
        hints=(
            "the panda goes in a straight line in one of the six directions.",
            "it goes one plot or more, and it may cross the pond or stop on it.",
            "it never jumps over an empty place, and it cannot stay where it is.",
        ),
        diagnose=panda_diagnose,
        explanation="Every place on a straight line from 1,0 over plots without a gap: the four"
        " plots beside it (2,0, 2,-1, 1,-1 and 0,1), the pond 0,0 and -1,0 past the pond; 3,-1"
        " is on no straight line from 1,0 (TK-PAN-1, TK-GAR-1).",
    ),
    Exercise(
        id="takenoko-5",
        title="Which cards are met?",
        question="Player 0 holds P02, P07, G04, G06 and A05 and has eaten one green and one"
        " yellow section. Which could player 0 complete right now? Answer with a set of card"
        " ids, or set() for none.",
        rules=("TK-CMP-3", "TK-CMP-4", "TK-CMP-6"),
        kind=Kind.SET,
        position=_cards_position,
        truth=lambda state: frozenset(tk.met_objectives(state, 0)),
        item=card_item,
        hints=(
            "check each card on its own, against the garden and player 0's board.",
            "a plot card needs its shape turned any way, every plot irrigated; a gardener card"
            " needs a bamboo exactly four high with exactly its improvement.",
            "a panda card is paid from the sections on the player's board.",
        ),
        diagnose=cards_diagnose,
        picture=_cards_picture,
        explanation="P02: the green curve 1,0 1,-1 0,-1, every plot irrigated; G04: the green"
        " bamboo on 1,0 is four high with no improvement. Not met: P07 (no yellow triangle),"
        " G06 (the yellow bamboo with the fertilizer, -1,0, is three high), A05 (it asks for"
        " two green sections; player 0 ate one) (TK-CMP-3, TK-CMP-4, TK-CMP-6).",
    ),
    Exercise(
        id="takenoko-6",
        title="Predict the score",
        question="The game is over. Player 0 completed the cards of the first row and took the"
        " Emperor; three cards are still in their hand. What is player 0's final score?",
        rules=("TK-END-1", "TK-END-4"),
        kind=Kind.NUMBER,
        position=_score_position,
        truth=lambda state: state.scores()[0],
        hints=(
            "add the points of the completed cards.",
            "the Emperor is worth 2 more.",
            "cards still in hand score nothing.",
        ),
        diagnose=score_diagnose,
        picture=_score_picture,
        explanation="The nine completed cards: plot 8 + gardener 7 + panda 17 = 32 points, plus"
        " 2 for the Emperor: 34. The three cards in hand score nothing (TK-END-1, TK-END-4).",
    ),
    Exercise(
        id="takenoko-7",
        title="Who wins?",
        question="Another game is over. Who wins? Answer with a seat (0 or 1), or {0, 1} if"
        " they share the victory.",
        rules=("TK-END-4", "TK-END-5"),
        kind=Kind.SET,
        position=_winner_position,
        truth=lambda state: frozenset(state.outcome().winners),
        item=seat_item,
        hints=(
            "add up each player's points, the Emperor included.",
            "if the totals are equal, the tie is not shared at once.",
            "between equal totals, the player with more points from panda cards (A..) wins.",
        ),
        diagnose=winner_diagnose,
        picture=_winner_picture,
        explanation="Both players have 28 points; player 1 has more points from panda cards"
        " (A06 and A13: 10 against 6), so player 1 wins (TK-END-4, TK-END-5).",
    ),
    Exercise(
        id="takenoko-8",
        title="Who still plays?",
        question="Four players. Player 2 is about to complete their 7th objective (P02, met in"
        " the garden), which takes the Emperor. Whose turns are still played, in order, until the"
        " game is over? Answer with a list of seats, player 2 included if they still play.",
        rules=("TK-END-1", "TK-END-2", "TK-END-3"),
        kind=Kind.SEQUENCE,
        position=_last_position,
        truth=_last_truth,
        item=seat_item,
        hints=(
            "the player who takes the Emperor finishes their own turn first.",
            "then count who still plays: not 'to the end of the round'.",
            "the others play in turn order, each exactly once.",
        ),
        diagnose=last_diagnose,
        picture=_last_picture,
        explanation="Player 2 finishes the turn, then players 3, 0 and 1 each play one more"
        " turn: [2, 3, 0, 1] (TK-END-2, TK-END-3).",
    ),
)
"""The Takenoko exercises, in the order of notebook 13."""
