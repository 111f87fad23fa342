"""Pure objective checks and scoring: plot shapes, gardener heights, panda payments, tie-breaks.

These functions take plain garden data (dicts and sets keyed by :class:`Hex`) so notebooks and
widgets can call them on any position; the state's teaching helpers wrap them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from functools import cache
from typing import Any

from bamboo_lab.core.hexgrid import Hex
from bamboo_lab.core.step import Kept

from .components import CARDS, COLOUR_INDEX, EMPEROR_POINTS, END_TRIGGER, ObjectiveCard
from .garden import plots_changed
from .geometry import hex_of, rotations

__all__ = [
    "CLAIMS",
    "GARDENER_LOWEST_HEIGHT",
    "GARDENER_SLICES",
    "PANDA_SECTIONS",
    "PLOT_ANSWERS",
    "TALL",
    "TALL_SLOT",
    "TallCounts",
    "card_points",
    "end_reason",
    "gardener_met_in",
    "gardener_objective_met",
    "panda_objective_met",
    "plot_cards_met_after",
    "plot_objective_matches",
    "plot_objective_met",
    "plot_objective_met_through",
    "rank_players",
    "score_breakdown",
    "sections_missing",
    "shoot_counts",
    "shoot_may_count",
    "tall_counts",
    "tall_counts_after",
]


@cache
def _orientations(card_id: str, mirror: bool) -> tuple[tuple[tuple[int, int, str], ...], ...]:
    return rotations(CARDS[card_id].pattern, mirror)


def plot_objective_matches(
    card: ObjectiveCard | str,
    colours: Mapping[Hex, str],
    irrigated: Set[Hex],
    mirror: bool = False,
) -> tuple[tuple[Hex, ...], ...]:
    """Every placement of a plot objective's shape in the garden, rotations included.

    A placement is the tuple of plots matching the card's cells in card order; all of them must
    be irrigated and of the card's colours (TK-CMP-3). Mirror images count only with ``mirror``
    (catalog 10-D2). Each placement is listed once.
    """
    card = CARDS[card] if isinstance(card, str) else card
    found: dict[frozenset[Hex], tuple[Hex, ...]] = {}
    for orientation in _orientations(card.id, mirror):
        first = orientation[0][2]
        for anchor in irrigated:
            if colours.get(anchor) != first:
                continue
            cells = _match_at(anchor, orientation, colours, irrigated)
            if cells is not None:
                found.setdefault(frozenset(cells), cells)
    return tuple(sorted(found.values()))


def _match_at(
    anchor: Hex,
    orientation: tuple[tuple[int, int, str], ...],
    colours: Mapping[Hex, str],
    irrigated: Set[Hex],
) -> tuple[Hex, ...] | None:
    anchor_q, anchor_r = anchor
    cells = []
    for step_q, step_r, colour in orientation:
        place = Hex(anchor_q + step_q, anchor_r + step_r)
        if place not in irrigated or colours.get(place) != colour:
            return None
        cells.append(place)
    return tuple(cells)


_Offsets = tuple[tuple[int, int, str], ...]
"""The cells of a shape as ``(dq, dr, colour)`` offsets from one of them."""


@cache
def _through(card_id: str, mirror: bool) -> tuple[tuple[str, _Offsets], ...]:
    """Each orientation seen from each of its cells: that cell's colour and the offsets of all
    the cells from it."""
    return tuple(
        (
            colour,
            tuple(
                (step_q - anchor_q, step_r - anchor_r, other_colour)
                for step_q, step_r, other_colour in orientation
            ),
        )
        for orientation in _orientations(card_id, mirror)
        for anchor_q, anchor_r, colour in orientation
    )


def _shows(
    anchor_q: int, anchor_r: int, cells: _Offsets, colours: Mapping[Any, str], irrigated: Any
) -> bool:
    """True when the cells ``cells`` placed at ``(anchor_q, anchor_r)`` are irrigated plots of
    their colours (plain ``(q, r)`` tuples find the :class:`Hex` keys: a Hex is a tuple)."""
    for step_q, step_r, colour in cells:
        place = (anchor_q + step_q, anchor_r + step_r)
        if place not in irrigated or colours.get(place) != colour:
            return False
    return True


def plot_objective_met(
    card: ObjectiveCard | str,
    colours: Mapping[Hex, str],
    irrigated: Set[Hex],
    mirror: bool = False,
) -> bool:
    """True when the garden shows the card's shape somewhere (TK-CMP-3)."""
    card = CARDS[card] if isinstance(card, str) else card
    for orientation in _orientations(card.id, mirror):
        first = orientation[0][2]
        for anchor in irrigated:
            if colours.get(anchor) == first and _shows(
                anchor[0], anchor[1], orientation, colours, irrigated
            ):
                return True
    return False


def plot_objective_met_through(
    card: ObjectiveCard | str,
    colours: Mapping[Hex, str],
    irrigated: Set[Hex],
    plot: Hex,
    mirror: bool = False,
) -> bool:
    """True when the garden shows the card's shape on a placement that includes ``plot``
    (TK-CMP-3): what a plot newly irrigated can add, since colours never change and irrigation
    is never lost."""
    card = CARDS[card] if isinstance(card, str) else card
    colour = colours.get(plot)
    if colour is None or plot not in irrigated:
        return False
    return _placed(_placements_through(card.id, mirror, colour), _around(plot, colours, irrigated))


@cache
def _near_cells() -> tuple[tuple[int, int], ...]:
    """Every offset from a cell of a plot shape to another cell of it, over all the cards and
    orientations, mirrored too: the plots a placement through a plot can cover besides it."""
    offsets = {
        (step_q, step_r)
        for card in CARDS.values()
        if card.deck == "plot"
        for mirror in (False, True)
        for _, cells in _through(card.id, mirror)
        for step_q, step_r, _ in cells
    }
    offsets.discard((0, 0))
    return tuple(sorted(offsets))


@cache
def _colour_bits() -> tuple[tuple[int, int, dict[str, int]], ...]:
    """Per offset of :func:`_near_cells`, its bit for each colour: an irrigated plot of a colour
    there sets that colour's bit (colour-major, one block of bits per colour)."""
    near = _near_cells()
    return tuple(
        (
            step_q,
            step_r,
            {colour: 1 << (index * len(near) + cell) for colour, index in COLOUR_INDEX.items()},
        )
        for cell, (step_q, step_r) in enumerate(near)
    )


@cache
def _placements_through(card_id: str, mirror: bool, colour: str) -> tuple[int, ...]:
    """The placements of the card's shape through a plot of ``colour``, each as the bits
    (:func:`_colour_bits`) its other cells need, without repeats."""
    bits = {(step_q, step_r): by_colour for step_q, step_r, by_colour in _colour_bits()}
    needs = {
        sum(
            bits[step_q, step_r][cell_colour]
            for step_q, step_r, cell_colour in cells
            if step_q or step_r
        )
        for plot_colour, cells in _through(card_id, mirror)
        if plot_colour == colour
    }
    return tuple(sorted(needs))


def _around(plot: Hex, colours: Mapping[Any, str], irrigated: Any) -> int:
    """The bits (:func:`_colour_bits`) of the irrigated plots around ``plot`` by colour."""
    shown = 0
    for place, by_colour in _near_places(plot):
        if place in irrigated:
            colour = colours.get(place)
            if colour is not None:
                shown |= by_colour[colour]
    return shown


@cache
def _near_places(plot: Hex) -> tuple[tuple[Hex, dict[str, int]], ...]:
    """The hexes at the offsets of :func:`_colour_bits` from ``plot`` (the table's own objects,
    which dicts find by identity), each with its bits by colour."""
    plot_q, plot_r = plot
    return tuple(
        (hex_of(plot_q + step_q, plot_r + step_r), by_colour)
        for step_q, step_r, by_colour in _colour_bits()
    )


def _placed(needs: tuple[int, ...], shown: int) -> bool:
    """True when the plots ``shown`` cover every cell of one of the placements ``needs``."""
    for need in needs:  # noqa: SIM110 (cheaper than any() over a generator)
        if need & shown == need:
            return True
    return False


def plot_cards_met_after(
    known: Mapping[str, bool],
    colours: Mapping[Hex, str],
    irrigated: Set[Hex],
    fresh: Iterable[Hex],
    mirror: bool = False,
) -> dict[str, bool]:
    """The plot cards of ``known`` (card -> met before) met once the plots ``fresh`` are
    irrigated too: a met card stays met (colours never change, irrigation is never lost);
    another is met now only on a placement through a fresh plot (TK-CMP-3)."""
    around = [  # each fresh plot's colour and its irrigated surroundings, read once
        (colour, _around(place, colours, irrigated))
        for place in fresh
        if (colour := colours.get(place)) is not None and place in irrigated
    ]
    out = {}
    for card, met in known.items():
        if not met:
            for colour, shown in around:
                if _placed(_placements_through(card, mirror, colour), shown):
                    met = True
                    break
        out[card] = met
    return out


GARDENER_LOWEST_HEIGHT = min(card.height for card in CARDS.values() if card.deck == "gardener")
"""The lowest bamboo a gardener card counts (3): a plot below it never counts (TK-CMP-4/5)."""


def gardener_objective_met(
    card: ObjectiveCard | str,
    colours: Mapping[Hex, str],
    bamboo: Mapping[Hex, int],
    improvements: Mapping[Hex, str],
    exact: bool = True,
) -> bool:
    """True when the garden shows the card's bamboo (TK-CMP-4, TK-CMP-5): the reference form,
    bamboo by bamboo (:func:`shoot_counts`); the engine reads :func:`gardener_met_in`, which a
    test checks against this along seeded games.

    Single-shoot cards need a bamboo of the colour 4 high with exactly the card's improvement
    (``"none"``: no improvement). Multi-shoot cards need that many bamboos of the colour exactly
    3 high (``exact=False``: at least 3), anywhere, any improvement.
    """
    card = CARDS[card] if isinstance(card, str) else card
    shoots = sum(
        shoot_counts(card, colours[place], improvements.get(place), height, exact)
        for place, height in bamboo.items()
    )
    return shoots >= card.shoots


def _wanted_improvement(card: ObjectiveCard) -> str | None:
    """The improvement a single-shoot card asks for: a letter, or None for the crossed-out
    icons (TK-CMP-4)."""
    return None if card.improvement == "none" else card.improvement


TALL_SLOT: dict[str | None, int] = {None: 0, "W": 1, "E": 2, "F": 3}
"""The improvement's place in a row of :data:`TallCounts`: none, watershed, enclosure,
fertilizer."""

TallCounts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""Per colour (``COLOURS`` order), how many bamboos 3 and 4 high stand on plots with no
improvement, a watershed, an enclosure, a fertilizer (slot ``(height - 3) * 4 + improvement``):
all a gardener card reads of the garden (TK-CMP-4, TK-CMP-5)."""


def tall_counts(
    colours: Mapping[Hex, str], bamboo: Mapping[Hex, int], improvements: Mapping[Hex, str]
) -> TallCounts:
    """The :data:`TallCounts` of a garden."""
    rows = [[0] * 8, [0] * 8, [0] * 8]
    slot = TALL_SLOT
    for place, height in bamboo.items():
        if height >= GARDENER_LOWEST_HEIGHT:  # a shorter bamboo counts for no card
            row = rows[COLOUR_INDEX[colours[place]]]
            row[(height - 3) * 4 + slot[improvements.get(place)]] += 1
    green, yellow, pink = rows
    return tuple(green), tuple(yellow), tuple(pink)


def tall_counts_after(
    tall: TallCounts,
    bamboo_before: Mapping[Hex, int],
    bamboo: Mapping[Hex, int],
    improvements_before: Mapping[Hex, str],
    improvements: Mapping[Hex, str],
    colours: Mapping[Hex, str],
    plots: Iterable[Hex] | None = None,
) -> TallCounts:
    """``tall`` once the bamboo or the improvements changed on ``plots`` (None: anywhere): the
    row of a colour without a change at or above 3 sections is the same tuple, and ``tall``
    itself comes back when no row changed."""
    if plots is None:  # the plots whose height or improvement changed, by set differences
        changed = {plot for plot, _ in bamboo.items() - bamboo_before.items()}
        if improvements is not improvements_before:
            changed.update(plot for plot, _ in improvements.items() ^ improvements_before.items())
        plots = changed
    low, slot = GARDENER_LOWEST_HEIGHT, TALL_SLOT
    rows: dict[int, list[int]] = {}
    for plot in plots:
        height, before = bamboo.get(plot, 0), bamboo_before.get(plot, 0)
        if height < low and before < low:
            continue
        improvement, improvement_before = improvements.get(plot), improvements_before.get(plot)
        if height == before and improvement == improvement_before:
            continue
        index = COLOUR_INDEX[colours[plot]]
        row = rows.get(index)
        if row is None:
            row = rows[index] = list(tall[index])
        if before >= low:
            row[(before - 3) * 4 + slot[improvement_before]] -= 1
        if height >= low:
            row[(height - 3) * 4 + slot[improvement]] += 1
    if not rows:
        return tall
    green, yellow, pink = tall
    for index, row in rows.items():
        if index == 0:
            green = tuple(row)
        elif index == 1:
            yellow = tuple(row)
        else:
            pink = tuple(row)
    return green, yellow, pink


def _gardener_slice(card: ObjectiveCard, exact: bool) -> tuple[int, int, int, int]:
    """The colour index of a gardener card, the slots of its :data:`TallCounts` row that count
    (start, stop) and how many bamboos it needs (TK-CMP-4, TK-CMP-5)."""
    colour = COLOUR_INDEX[card.colour]
    if card.shoots == 1:  # 4 high, with exactly the card's improvement
        start = (card.height - 3) * 4 + TALL_SLOT[_wanted_improvement(card)]
        return colour, start, start + 1, 1
    if exact:  # exactly 3 high, any improvement
        return colour, (card.height - 3) * 4, (card.height - 2) * 4, card.shoots
    return colour, (card.height - 3) * 4, 8, card.shoots  # at least 3 high


GARDENER_SLICES: tuple[dict[str, tuple[int, int, int, int]], ...] = tuple(
    {card.id: _gardener_slice(card, exact) for card in CARDS.values() if card.deck == "gardener"}
    for exact in (False, True)
)
"""Indexed by ``exact`` (the option ``gardener_height_match == "exact"``), then per gardener
card: its colour index, the slots of that colour's row of :data:`TallCounts` that count (start,
stop) and how many bamboos it needs (TK-CMP-4, TK-CMP-5)."""


def gardener_met_in(card: str, tall: TallCounts, exact: bool = True) -> bool:
    """:func:`gardener_objective_met` read from the garden's :data:`TallCounts`."""
    colour, start, stop, need = GARDENER_SLICES[exact][card]
    return sum(tall[colour][start:stop]) >= need


def _plot_answers_after(
    known: dict[str, bool], before: Mapping[str, Any], fields: Mapping[str, Any], action: Any
) -> dict[str, bool] | None:
    """The plot card answers (card -> met, :data:`PLOT_ANSWERS`) after ``action``: a placement
    of a card runs through irrigated plots alone (TK-CMP-3), so a plot placed without water
    changes no answer and a plot newly irrigated may complete a card (a new dict: the answers
    the successor adds are its own)."""
    irrigated = fields["irrigated"]
    if irrigated is before["irrigated"]:
        return known
    if not known:
        return None
    return plot_cards_met_after(
        known,
        fields["colours"],
        irrigated,
        irrigated - before["irrigated"],
        fields["options"].plot_objective_mirror_allowed,
    )


PLOT_ANSWERS = Kept("plot answers", ("colours", "irrigated"), _plot_answers_after)
"""Kept: the plot cards asked so far, card -> met (TK-CMP-3)."""


def _tall_after(
    tall: TallCounts, before: Mapping[str, Any], fields: Mapping[str, Any], action: Any
) -> TallCounts:
    """The :data:`TallCounts` after ``action``, counted again on the plots it changed alone
    (TK-CMP-4, TK-CMP-5)."""
    bamboo, improvements = fields["bamboo"], fields["improvements"]
    if bamboo is before["bamboo"] and improvements is before["improvements"]:
        return tall  # a plot placed: it has no bamboo yet (TK-PLOT-1)
    plots = plots_changed(action)
    irrigated = fields["irrigated"]
    if plots is not None and irrigated is not before["irrigated"]:
        plots = (*plots, *(irrigated - before["irrigated"]))  # they grow (TK-IRR-6)
    return tall_counts_after(
        tall,
        before["bamboo"],
        bamboo,
        before["improvements"],
        improvements,
        fields["colours"],
        plots,
    )


TALL = Kept("tall", ("colours", "bamboo", "improvements"), _tall_after)
"""Kept: the :data:`TallCounts` of the garden, all the gardener cards read."""


def _claims_after(
    claims: tuple[str, ...], before: Mapping[str, Any], fields: Mapping[str, Any], action: Any
) -> tuple[str, ...] | None:
    """The cards the player to move can complete (:data:`CLAIMS`) after a change of the garden
    alone: kept while the answers the hand's cards read are the same, the plot answers and the
    row of the tall counts of each gardener card's colour."""
    kept, kept_before = fields["_kept"], before["_kept"]
    if kept.get("plot answers") is not kept_before.get("plot answers"):  # TK-CMP-3
        return None
    tall, tall_before = kept.get("tall"), kept_before.get("tall")
    if tall is tall_before:
        return claims
    slices = GARDENER_SLICES[True]
    for card in fields["hands"][fields["player"]]:
        if card[0] == "G":  # TK-CMP-4, TK-CMP-5
            colour = slices[card][0]
            if tall is None or tall_before is None or tall[colour] is not tall_before[colour]:
                return None
    return claims


CLAIMS = Kept(
    "claims",
    ("player", "hands", "eaten", "colours", "irrigated", "bamboo", "improvements"),
    _claims_after,
    forwarded=("colours", "irrigated", "bamboo", "improvements"),  # a new player, hand, eaten
)
"""Kept: the cards in the hand of the player to move they can complete (TK-CMP-1); brought
forward after the answers they read, :data:`PLOT_ANSWERS` and :data:`TALL`."""


def shoot_counts(
    card: ObjectiveCard, colour: str, improvement: str | None, height: int, exact: bool = True
) -> bool:
    """True when a bamboo of ``height`` on a plot of ``colour`` with ``improvement`` (a letter
    or None) counts toward the gardener ``card`` now: its colour, 4 high on a plot with exactly
    the card's improvement for a single shoot (TK-CMP-4); 3 high, any improvement, for a
    multi-shoot card (``exact=False``: at least 3; TK-CMP-5)."""
    if colour != card.colour:
        return False
    if card.shoots == 1:
        return height == card.height and improvement == _wanted_improvement(card)
    return height == card.height if exact else height >= card.height


def shoot_may_count(
    card: ObjectiveCard, colour: str, improvement: str | None, height: int, exact: bool = True
) -> bool:
    """True when such a bamboo counts toward the gardener ``card`` now or once grown: the
    card's colour and, for a single shoot, its improvement (TK-CMP-4); for a multi-shoot card
    not yet above its height when heights must match exactly (TK-CMP-5)."""
    if colour != card.colour:
        return False
    if card.shoots == 1:
        return improvement == _wanted_improvement(card)
    return height <= card.height or not exact


def sections_missing(card: ObjectiveCard, eaten: Sequence[int]) -> int:
    """How many sections the board ``eaten`` (green, yellow, pink) still lacks to pay the panda
    ``card``: 0 when it can be paid now (TK-CMP-6)."""
    green, yellow, pink = card.sections
    have_g, have_y, have_p = eaten
    return (
        (green - have_g if green > have_g else 0)
        + (yellow - have_y if yellow > have_y else 0)
        + (pink - have_p if pink > have_p else 0)
    )


PANDA_SECTIONS: dict[str, tuple[int, int, int]] = {
    card.id: card.sections for card in CARDS.values() if card.deck == "panda"
}
"""The green, yellow and pink sections each panda card asks for (TK-CMP-6)."""


def panda_objective_met(card: ObjectiveCard | str, eaten: Sequence[int]) -> bool:
    """True when the sections on a player's board pay the card (TK-CMP-6)."""
    green, yellow, pink = (CARDS[card] if isinstance(card, str) else card).sections
    return eaten[0] >= green and eaten[1] >= yellow and eaten[2] >= pink


def card_points(card: str) -> int:
    """The points printed on an objective card."""
    return CARDS[card].points


def score_breakdown(
    completed: Sequence[Sequence[str]], emperor: int | None
) -> tuple[dict[str, int], ...]:
    """Per player: points by deck, the Emperor, the total and the objective count (TK-END-4)."""
    out = []
    for seat, cards in enumerate(completed):
        row = {"plot": 0, "gardener": 0, "panda": 0}
        for card in cards:
            row[CARDS[card].deck] += CARDS[card].points
        row["emperor"] = EMPEROR_POINTS if emperor == seat else 0
        row["total"] = row["plot"] + row["gardener"] + row["panda"] + row["emperor"]
        row["objectives"] = len(cards)
        out.append(row)
    return tuple(out)


def end_reason(
    breakdown: Sequence[Mapping[str, int]],
    winners: Sequence[int],
    emperor: int | None,
    final_round: str,
) -> str:
    """Why a finished game ended and who won (TK-END-1 to TK-END-5): ``breakdown`` is
    :func:`score_breakdown`, ``winners`` :func:`rank_players`, ``final_round`` the option."""
    scores = [row["total"] for row in breakdown]
    best = max(scores)
    if emperor is None:
        reason = (
            "Dead garden: the plots, channels and chips are all used and no objective in"
            " any hand or deck can ever be completed again, so the game ends without the"
            " Emperor."
        )
    else:
        if final_round == "others_one_turn_each":
            after = "every other player then played one more turn"
        else:
            after = "the round was then played to its end"
        reason = (
            f"Player {emperor} completed objective number {END_TRIGGER[len(breakdown)]} and"
            f" took the Emperor (+2); {after}."
        )
    panda = breakdown[winners[0]]["panda"]
    if len(winners) > 1:
        reason += (
            f" Players {', '.join(map(str, winners))} tie on {best} points and on"
            f" {panda} panda-objective points: a shared victory."
        )
    elif scores.count(best) > 1:
        reason += (
            f" Player {winners[0]} wins the tie on {best} points with the most"
            f" panda-objective points ({panda})."
        )
    else:
        reason += f" Player {winners[0]} wins with {best} points."
    return reason


def rank_players(breakdown: Sequence[Mapping[str, int]]) -> tuple[int, ...]:
    """The winners: highest total, then most panda-objective points, then shared (TK-END-5)."""
    best = max((row["total"], row["panda"]) for row in breakdown)
    return tuple(seat for seat, row in enumerate(breakdown) if (row["total"], row["panda"]) == best)
