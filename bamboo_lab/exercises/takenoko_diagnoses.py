"""The Takenoko exercises' answer diagnoses: each ``*_diagnose`` names a wrong place, card or seat
with the rule it breaks, or the kind of item missing by the rule that makes it right and where to
look. Used by :mod:`bamboo_lab.exercises.takenoko`.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import COLOUR_NAMES, COLOURS, IMPROVEMENT_NAMES

from . import listed, set_diagnosis

__all__ = [
    "cards_diagnose",
    "gardener_diagnose",
    "last_diagnose",
    "panda_diagnose",
    "place_text",
    "plot_diagnose",
    "rain_diagnose",
    "score_diagnose",
    "winner_diagnose",
]


def place_text(place: Hex) -> str:
    """A place in the answers' words, ``"q,r"``."""
    return f"{place.q},{place.r}"


def _hex(place: str) -> Hex:
    q, r = place.split(",")
    return Hex(int(q), int(r))


def _placed_neighbours(state: tk.State, place: Hex) -> list[str]:
    """The placed plots sharing an edge with ``place`` (the pond is not a plot)."""
    return sorted(place_text(h) for h in place.neighbors() if h in state.tiles)


def _plot_wrong(state: tk.State, place: str) -> str:
    """Why a plot may not go at ``place`` (TK-PLOT-2), from what surrounds it."""
    h = _hex(place)
    if h == tk.POND:
        return f"{place} is the pond; a plot goes beside it (TK-PLOT-2)."
    if h in state.tiles:
        return f"{place} already holds a plot (TK-PLOT-2)."
    touching = _placed_neighbours(state, h)
    if not touching:
        return f"{place} touches no placed plot and not the pond (TK-PLOT-2)."
    return (
        f"{place} touches only one placed plot, {touching[0]}, and not the pond; away from the"
        " pond a plot needs two placed plots beside it (TK-PLOT-2)."
    )


def _plot_missing(state: tk.State, place: str) -> tuple[str, str]:
    """The rule that makes ``place`` legal (beside the pond, or two placed plots) and a pointer."""
    h = _hex(place)
    if tk.POND in h.neighbors():
        return (
            "a free place beside the pond (TK-PLOT-2)",
            "Go round the pond: a free place touching it is legal even with no plot beside it.",
        )
    touching = _placed_neighbours(state, h)
    return (
        "a free place beside two placed plots, away from the pond (TK-PLOT-2)",
        f"Look between the placed plots {listed(touching)}: a free place touching"
        f" {'both' if len(touching) == 2 else 'two of them'} is legal although it is away from"
        " the pond.",
    )


plot_diagnose = set_diagnosis(_plot_wrong, _plot_missing)
"""The diagnosis of a set of places for a plot (TK-PLOT-2)."""


def _watered_by(state: tk.State, place: Hex) -> str:
    """What irrigates ``place``, in the rulebook's words (TK-IRR-5)."""
    if tk.POND in place.neighbors():
        return "beside the pond"
    if state.improvements.get(place) == "W":
        return "with a watershed"
    return "beside a channel"


def _grow_wrong(state: tk.State, place: str, what: str) -> str:
    """Why ``place`` does not grow (TK-IRR-5, TK-BAM-1, and for the gardener TK-GAR-2)."""
    h = _hex(place)
    if h == tk.POND:
        return f"{place} is the pond: no bamboo grows there (TK-BAM-1)."
    if h not in state.tiles:
        return f"{place} is an empty place, not a plot (TK-BAM-1)."
    if not tk.is_irrigated(state, h):
        return (
            f"{place} is dry (hatched): not beside the pond, no channel along its edges, no"
            f" watershed; {what} grows only irrigated plots (TK-IRR-5)."
        )
    return f"{place} is {state.bamboo[h]} high already: a bamboo is never more than 4 (TK-BAM-1)."


def _rain_wrong(state: tk.State, place: str) -> str:
    """Why ``place`` does not grow in the rain (TK-IRR-5, TK-BAM-1)."""
    return _grow_wrong(state, place, "the rain")


def _rain_missing(state: tk.State, place: str) -> tuple[str, str]:
    """The irrigation that makes ``place`` grow in the rain, and where to look."""
    h = _hex(place)
    watered = _watered_by(state, h)
    kind = f"an irrigated plot {watered}, below 4 (TK-W-2, TK-IRR-5)"
    if watered == "beside a channel":
        return kind, "Follow the blue channels: a plot along one is irrigated, far from the pond."
    if watered == "with a watershed":
        return kind, "Look at the improvements: a watershed waters its own plot."
    return kind, "Go round the pond: every plot beside it is irrigated; it grows if below 4."


rain_diagnose = set_diagnosis(_rain_wrong, _rain_missing)
"""The diagnosis of a set of plots the rain may grow (TK-W-2, TK-IRR-5, TK-BAM-1)."""


_GARDENER_STOP = Hex(1, -1)
"""Where the gardener stops in exercise 3."""


def _gardener_wrong(state: tk.State, place: str) -> str:
    """Why ``place`` does not grow when the gardener stops on 1,-1 (TK-GAR-2)."""
    h, stop = _hex(place), _GARDENER_STOP
    if h in state.tiles and h != stop and h not in stop.neighbors():
        return f"{place} does not touch {place_text(stop)}, where the gardener stops (TK-GAR-2)."
    if h in state.tiles and state.colours[h] != state.colours[stop]:
        colour, wanted = COLOUR_NAMES[state.colours[h]], COLOUR_NAMES[state.colours[stop]]
        return (
            f"{place} is not {wanted} like {place_text(stop)} but {colour}: only touching plots"
            " of the stop's colour grow (TK-GAR-2)."
        )
    return _grow_wrong(state, place, "the gardener")


def _gardener_missing(state: tk.State, place: str) -> tuple[str, str]:
    """Why ``place`` grows: the gardener's own plot, or an irrigated neighbour of its colour."""
    if _hex(place) == _GARDENER_STOP:
        return (
            "the plot where the gardener stops (TK-GAR-2)",
            f"The plot the gardener stops on, {place}, grows too, not only its neighbours.",
        )
    colour = COLOUR_NAMES[state.colours[_GARDENER_STOP]]
    return (
        f"a {colour} irrigated plot touching {place_text(_GARDENER_STOP)}, below 4 (TK-GAR-2)",
        f"Look at the {colour} plots touching {place_text(_GARDENER_STOP)}: one of them is"
        f" irrigated ({_watered_by(state, _hex(place))}) and below 4.",
    )


gardener_diagnose = set_diagnosis(_gardener_wrong, _gardener_missing)
"""The diagnosis of a set of plots the gardener grows from 1,-1 (TK-GAR-2)."""


def _line_from(start: Hex, place: Hex) -> tuple[Hex, int] | None:
    """The step and the number of steps of a straight line from ``start`` to ``place``."""
    for step in (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)):
        for count in range(1, 20):
            if Hex(start.q + step.q * count, start.r + step.r * count) == place:
                return step, count
    return None


def _along(start: Hex, step: Hex, count: int) -> list[Hex]:
    """The places from ``start`` (not included) ``count`` steps along ``step``."""
    return [Hex(start.q + step.q * n, start.r + step.r * n) for n in range(1, count + 1)]


def _panda_wrong(state: tk.State, place: str) -> str:
    """Why the panda may not go to ``place`` from where it stands (TK-PAN-1, TK-GAR-1)."""
    h, start = _hex(place), state.panda
    if h == start:
        return f"{place} is where the panda stands, and it must move (TK-GAR-1)."
    line = _line_from(start, h)
    if line is None:
        return f"{place} is not on a straight line from {place_text(start)} (TK-PAN-1)."
    gaps = [p for p in _along(start, *line) if p not in state.tiles and p != tk.POND]
    if gaps[:1] == [h]:
        return f"{place} is an empty place: the panda stops only on a plot or the pond (TK-PAN-1)."
    return (
        f"{place}: the line from {place_text(start)} crosses the empty place"
        f" {place_text(gaps[0])}, and the panda never jumps over a gap (TK-PAN-1)."
    )


def _panda_missing(state: tk.State, place: str) -> tuple[str, str]:
    """What kind of move reaches ``place`` (beside, further, the pond, past it) and the line."""
    h, start = _hex(place), state.panda
    line = _line_from(start, h)
    step, count = line if line is not None else (h, 1)
    first = place_text(_along(start, step, 1)[0])
    if h == tk.POND:
        kind = "the pond, where the panda may stop (TK-GAR-1)"
    elif tk.POND in _along(start, step, count):
        kind = "a plot past the pond: the panda may cross it (TK-GAR-1)"
    elif count == 1:
        kind = f"a plot right beside {place_text(start)} (TK-PAN-1)"
    else:
        kind = "a plot further along a straight line with no gap (TK-PAN-1)"
    return kind, (
        f"Follow the straight line from {place_text(start)} through {first} as far as it goes over"
        " plots (and the pond): every place on it counts until the first gap."
    )


panda_diagnose = set_diagnosis(_panda_wrong, _panda_missing)
"""The diagnosis of a set of places the panda may go to (TK-PAN-1, TK-GAR-1)."""


def _sections_words(sections: tuple[int, ...]) -> str:
    """``2 green and 1 yellow`` from a count per colour."""
    said = [f"{n} {COLOUR_NAMES[c]}" for c, n in zip(COLOURS, sections, strict=True) if n]
    return listed(said) if said else "none"


def _card_rule(card: tk.ObjectiveCard) -> str:
    """The rule ID of a card's kind."""
    return {"plot": "TK-CMP-3", "gardener": "TK-CMP-4", "panda": "TK-CMP-6"}[card.deck]


def _card_wrong(state: tk.State, name: str) -> str:
    """Why the card ``name`` is not met, from the garden or player 0's board."""
    card = tk.CARDS[name]
    if card.deck == "panda":
        return (
            f"{name} asks for {_sections_words(card.sections)} sections on player 0's board,"
            f" which holds {_sections_words(state.eaten[0])} (TK-CMP-6)."
        )
    if card.deck == "gardener":
        colour = COLOUR_NAMES[card.colour]
        wanted = (
            "no improvement"
            if card.improvement == "none"
            else "a " + IMPROVEMENT_NAMES.get(card.improvement, "improvement")
        )
        plots = [
            h
            for h in state.tiles
            if state.colours[h] == card.colour
            and state.improvements.get(h, "none") == card.improvement
        ]
        seen = ", ".join(
            f"{place_text(h)} is {state.bamboo[h]} high" for h in sorted(plots, key=str)
        )
        return (
            f"{name} asks for a {colour} bamboo {card.height} high with {wanted}; of those"
            f" plots {seen or 'there is none'} (TK-CMP-4)."
        )
    colours = listed(sorted({COLOUR_NAMES[c] for _, c in card.pattern}))
    return (
        f"{name} asks for a {card.shape.lower()} of {colours} plots, every one irrigated; the"
        " garden shows none, turned any way (TK-CMP-3)."
    )


def _card_missing(state: tk.State, name: str) -> tuple[str, str]:
    """The kind of card left out, and where its condition is met."""
    card = tk.CARDS[name]
    kind = f"a {card.deck} card ({_card_rule(card)})"
    if card.deck == "panda":
        return kind, "Count the sections on player 0's board against each panda card."
    if card.deck == "gardener":
        return kind, "Look at the bamboos 4 high in the garden and the improvement under each."
    return kind, "Look for each plot card's shape in the garden, turned any way, all irrigated."


cards_diagnose = set_diagnosis(_card_wrong, _card_missing)
"""The diagnosis of a set of cards player 0 could complete (TK-CMP-3, -4, -6)."""


def score_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
    """The diagnosis of player 0's final score: the part left out, or the sum by kind."""
    held = sum(tk.CARDS[c].points for c in state.hands[0])
    part = state.breakdown()[0]
    emperor = part["emperor"]
    if answer in (truth + held, truth + held - emperor):
        said = "You counted the cards still in hand: they score nothing (TK-END-4)."
        return (said,)
    if answer == truth - emperor:
        return (f"You left out the Emperor: it is worth {emperor} points (TK-END-1, TK-END-4).",)
    by_kind = [(kind, part[kind]) for kind in ("plot", "gardener", "panda")]
    for kind, points in by_kind:
        if answer == truth - points:
            return (f"You left out the {kind} cards completed (TK-END-4).",)
    return (
        "Add the completed cards by kind, plot, gardener and panda, then the Emperor (TK-END-4).",
        f"The completed plot cards make {part['plot']} points; now the gardener and panda cards,"
        " and the Emperor.",
        f"Plot cards {part['plot']}, gardener cards {part['gardener']}; add the panda cards and"
        f" the Emperor's {emperor}.",
    )


def winner_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
    """The diagnosis of the winners: the totals, then the panda cards' tie-break."""
    part = state.breakdown()
    totals = ", ".join(f"player {seat} {p['total']}" for seat, p in enumerate(part))
    pandas = ", ".join(f"player {seat} {p['panda']}" for seat, p in enumerate(part))
    tied = len({p["total"] for p in part}) == 1
    unknown = sorted(set(answer) - set(range(state.num_players)))
    if unknown:
        return (f"There is no player {unknown[0]}: the seats are 0 and 1.",)
    if not answer:
        return ("Someone always wins: name a seat, or both if they share the victory.",)
    if tied and len(answer) > 1:
        said = (
            "The totals are equal, but equal totals are not shared at once: first the points"
            " from panda cards break the tie (TK-END-5)."
        )
        return said, f"{said} The points from panda cards: {pandas}."
    if tied:
        return (
            "Add each player's points, the Emperor included: are the totals equal?",
            f"The totals are equal ({totals}); between them, more points from panda cards win"
            " (TK-END-5).",
            f"The totals are equal ({totals}); the points from panda cards: {pandas} (TK-END-5).",
        )
    return (
        "Add each player's points, the Emperor included (TK-END-4).",
        f"The totals: {totals}.",
    )


def last_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
    """The diagnosis of the turns still played once the Emperor is taken (TK-END-2, -3)."""
    taker = state.player
    if not answer or answer[0] != taker:
        return (
            f"Player {taker} takes the Emperor during their own turn and finishes it first"
            " (TK-END-2).",
        )
    if taker in answer[1:]:
        return (f"Player {taker} does not play again after finishing that turn (TK-END-3).",)
    others = len(truth) - 1
    if len(answer) < len(truth):
        return (
            f"Not just to the end of the round: every other player plays one more turn, {others}"
            f" turns after player {taker}'s (TK-END-3).",
        )
    if len(answer) > len(truth):
        return (f"Each of the {others} other players plays exactly one more turn (TK-END-3).",)
    return (
        f"The others play in turn order, clockwise, starting with the seat after player {taker}"
        " (TK-END-3).",
        f"The seats go round: player {taker} is followed by player {truth[1]}, and so on.",
    )
