"""The Takenoko exercises (notebook 13, two of them also in notebook 10): each builds its
position from the box with ``tk.position`` and asks the engine for the answer.

Places are answered as ``"1,0"``, ``(1, 0)`` or a ``Hex``; cards as ``"P02"`` in any case;
seats as ``1``, ``"1"`` or ``"player 1"``. Every hint after the first is computed from the answer:
a wrong item is named with the rule it breaks, a missing one by the rule that makes it right and
where to look.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import COLOUR_NAMES, COLOURS, IMPROVEMENT_NAMES

from . import Exercise, Kind, set_mistakes

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


def _text(h: Hex) -> str:
    return f"{h.q},{h.r}"


def _hex(place: str) -> Hex:
    q, r = place.split(",")
    return Hex(int(q), int(r))


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


def _placed_neighbours(state: tk.State, place: Hex) -> list[str]:
    """The placed plots sharing an edge with ``place`` (the pond is not a plot)."""
    return sorted(_text(h) for h in place.neighbors() if h in state.tiles)


def _listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# ---------------------------------------------------------------------- 1: where may a plot go


def _plot_position() -> tk.State:
    plots = [(1, 0, "G", 1), (1, -1, "Y", 1), (2, -1, "P", 0), (0, 1, "G", 1), (-1, 1, "Y", 1)]
    plots.append((2, 0, "G", 0))
    return tk.position(plots=plots, phase="place_plot", used=["plot"], drawn=["Y", "P"], kept="G")


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
        f"Look between the placed plots {_listed(touching)}: a free place touching"
        f" {'both' if len(touching) == 2 else 'two of them'} is legal although it is away from"
        " the pond.",
    )


def _plot_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
    return set_mistakes(
        answer,
        truth,
        lambda place: _plot_wrong(state, place),
        lambda place: _plot_missing(state, place),
    )


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
    return frozenset(_text(a.plot) for a in state.legal_actions() if isinstance(a, tk.Grow))


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


def _rain_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
    return set_mistakes(
        answer,
        truth,
        lambda place: _grow_wrong(state, place, "the rain"),
        lambda place: _rain_missing(state, place),
    )


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
    return frozenset(_text(h) for h in state.tiles if moved.bamboo[h] != state.bamboo[h])


_GARDENER_STOP = Hex(1, -1)
"""Where the gardener stops in exercise 3."""


def _gardener_wrong(state: tk.State, place: str) -> str:
    """Why ``place`` does not grow when the gardener stops on 1,-1 (TK-GAR-2)."""
    h, stop = _hex(place), _GARDENER_STOP
    if h in state.tiles and h != stop and h not in stop.neighbors():
        return f"{place} does not touch {_text(stop)}, where the gardener stops (TK-GAR-2)."
    if h in state.tiles and state.colours[h] != state.colours[stop]:
        colour, wanted = COLOUR_NAMES[state.colours[h]], COLOUR_NAMES[state.colours[stop]]
        return (
            f"{place} is not {wanted} like {_text(stop)} but {colour}: only touching plots of the"
            " stop's colour grow (TK-GAR-2)."
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
        f"a {colour} irrigated plot touching {_text(_GARDENER_STOP)}, below 4 (TK-GAR-2)",
        f"Look at the {colour} plots touching {_text(_GARDENER_STOP)}: one of them is"
        f" irrigated ({_watered_by(state, _hex(place))}) and below 4.",
    )


def _gardener_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
    return set_mistakes(
        answer,
        truth,
        lambda place: _gardener_wrong(state, place),
        lambda place: _gardener_missing(state, place),
    )


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
        return f"{place} is not on a straight line from {_text(start)} (TK-PAN-1)."
    gaps = [p for p in _along(start, *line) if p not in state.tiles and p != tk.POND]
    if gaps[:1] == [h]:
        return f"{place} is an empty place: the panda stops only on a plot or the pond (TK-PAN-1)."
    return (
        f"{place}: the line from {_text(start)} crosses the empty place {_text(gaps[0])}, and the"
        " panda never jumps over a gap (TK-PAN-1)."
    )


def _panda_missing(state: tk.State, place: str) -> tuple[str, str]:
    """What kind of move reaches ``place`` (beside, further, the pond, past it) and the line."""
    h, start = _hex(place), state.panda
    line = _line_from(start, h)
    step, count = line if line is not None else (h, 1)
    first = _text(_along(start, step, 1)[0])
    if h == tk.POND:
        kind = "the pond, where the panda may stop (TK-GAR-1)"
    elif tk.POND in _along(start, step, count):
        kind = "a plot past the pond: the panda may cross it (TK-GAR-1)"
    elif count == 1:
        kind = f"a plot right beside {_text(start)} (TK-PAN-1)"
    else:
        kind = "a plot further along a straight line with no gap (TK-PAN-1)"
    return kind, (
        f"Follow the straight line from {_text(start)} through {first} as far as it goes over"
        " plots (and the pond): every place on it counts until the first gap."
    )


def _panda_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
    return set_mistakes(
        answer,
        truth,
        lambda place: _panda_wrong(state, place),
        lambda place: _panda_missing(state, place),
    )


# ---------------------------------------------------------------------- 5: which cards are met


def _cards_position() -> tk.State:
    return tk.position(
        plots=[(1, 0, "G", 4), (1, -1, "G", 2), (0, -1, "G", 1), (-1, 0, "YF", 3), (-1, 1, "Y", 1)],
        hands={0: ["P02", "P07", "G04", "G06", "A05"]},
        eaten={0: (1, 1, 0)},
    )


def _sections_words(sections: tuple[int, ...]) -> str:
    """``2 green and 1 yellow`` from a count per colour."""
    said = [f"{n} {COLOUR_NAMES[c]}" for c, n in zip(COLOURS, sections, strict=True) if n]
    return _listed(said) if said else "none"


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
        seen = ", ".join(f"{_text(h)} is {state.bamboo[h]} high" for h in sorted(plots, key=str))
        return (
            f"{name} asks for a {colour} bamboo {card.height} high with {wanted}; of those"
            f" plots {seen or 'there is none'} (TK-CMP-4)."
        )
    colours = _listed(sorted({COLOUR_NAMES[c] for _, c in card.pattern}))
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


def _cards_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
    return set_mistakes(
        answer,
        truth,
        lambda name: _card_wrong(state, name),
        lambda name: _card_missing(state, name),
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


def _score_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
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


def _winner_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
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


def _last_diagnose(answer: Any, truth: Any, state: Any) -> tuple[str, ...]:
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
        truth=lambda state: frozenset(_text(h) for h in tk.legal_plot_positions(state)),
        item=place_item,
        hints=(
            "a plot goes next to the pond, or next to two plots already placed.",
            "count, for each free place, the placed plots that share an edge with it;"
            " the pond does not count as one of the two.",
            "touching at a corner does not count; a place already holding a plot is not free.",
        ),
        diagnose=_plot_diagnose,
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
        diagnose=_rain_diagnose,
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
        diagnose=_gardener_diagnose,
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
        truth=lambda state: frozenset(_text(h) for h in tk.panda_destinations(state)),
        item=place_item,
        hints=(
            "the panda goes in a straight line in one of the six directions.",
            "it goes one plot or more, and it may cross the pond or stop on it.",
            "it never jumps over an empty place, and it cannot stay where it is.",
        ),
        diagnose=_panda_diagnose,
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
        diagnose=_cards_diagnose,
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
        diagnose=_score_diagnose,
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
        diagnose=_winner_diagnose,
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
        diagnose=_last_diagnose,
        picture=_last_picture,
        explanation="Player 2 finishes the turn, then players 3, 0 and 1 each play one more"
        " turn: [2, 3, 0, 1] (TK-END-2, TK-END-3).",
    ),
)
"""The Takenoko exercises, in the order of notebook 13."""
