"""The Takenoko garden's rules on plain data, its derived structures and their checks.

The growth, eating and irrigation rules as small functions over plain dicts and sets keyed by
:class:`Hex` (:func:`growth_targets`, :func:`growth_amount`, :func:`panda_eats`,
:func:`newly_irrigated`, :func:`watered_on_placement`, ...): the engine applies them and the
bots value candidate moves with them, so each rule lives in one place. From the plots and
channels alone: the irrigated plots, the legal channel edges and the legal plot positions
(:func:`derive_garden`); and the checks that the garden grew by the placement rule (TK-PLOT-2)
and that the channels form one network from the pond (TK-IRR-4).
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from functools import lru_cache
from typing import Any

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex

from .actions import Action, MoveGardener, MovePanda, PlaceChannel, PlaceImprovement, PlacePlot
from .actions import Grow as GrowAction
from .components import COLOUR_INDEX, IMPROVEMENTS, MAX_HEIGHT, PLOT_TILES
from .geometry import EDGE_ENDS, EDGES_OF, NEIGHBORS, POND, POND_RING, edge_info, hex_of, hex_text

__all__ = [
    "GROWTH_AREA",
    "GardenData",
    "GardenSummary",
    "check_connected",
    "check_network",
    "derive_garden",
    "garden_summary",
    "grown_height",
    "growth_amount",
    "growth_targets",
    "improvement_irrigates",
    "load_garden",
    "load_garden_rows",
    "newly_irrigated",
    "panda_eats",
    "placed_improvement",
    "plots_changed",
    "spots_after",
    "watered_on_placement",
]

GROWTH_AREA: dict[Hex, tuple[Hex, ...]] = {
    place: (place, *(other for other in around if other is not None))
    for place, around in NEIGHBORS.items()
}
"""Each hex followed by its neighbours inside the table: where the gardener stopping on it may
grow bamboo (TK-GAR-2)."""


def plots_changed(action: Action) -> tuple[Hex, ...] | None:
    """The plots whose bamboo or improvement ``action`` may change, besides those it irrigates
    for the first time (they grow, TK-IRR-6); None when any plot may have changed."""
    kind = type(action)
    if kind is MoveGardener:
        return GROWTH_AREA[action.plot]  # type: ignore[union-attr]  # TK-GAR-2, TK-GAR-3
    if kind in _ONE_PLOT:  # TK-PAN-2, TK-W-2, TK-PLOT-4, TK-IMP-2
        return (action.plot,)  # type: ignore[union-attr]
    if kind is PlaceChannel:
        return ()  # TK-IRR-6: the plots it irrigates
    return None


_ONE_PLOT = frozenset({MovePanda, GrowAction, PlacePlot, PlaceImprovement})
"""The action types that may change the bamboo or the improvement of their own plot alone."""


def spots_after(
    spots: tuple[Hex, ...], before: Mapping[str, Any], fields: Mapping[str, Any], action: Action
) -> tuple[Hex, ...] | None:
    """The plots that can take a chip (TK-IMP-2) after ``action`` changed the bamboo alone (of
    what they read): kept when no plot got or lost its last section, else None."""
    plots = plots_changed(action)
    if plots is None or fields["irrigated"] is not before["irrigated"]:  # those grew too
        return None
    bamboo, bamboo_before = fields["bamboo"], before["bamboo"]
    for plot in plots:
        if (plot in bamboo and bamboo[plot] > 0) != (
            plot in bamboo_before and bamboo_before[plot] > 0
        ):
            return None
    return spots


# ---------------------------------------------------------------- rules on plain garden data


def growth_targets(
    colours: Mapping[Hex, str], irrigated: Container[Hex], bamboo: Mapping[Hex, int], plot: Hex
) -> list[Hex]:
    """The plots the gardener grows when it stops on ``plot``: that plot and its neighbours of
    the same colour, only irrigated ones below 4 sections, none on the pond (TK-GAR-2,
    TK-GAR-3, TK-BAM-1); the destination first, then the neighbours in direction order."""
    colour = colours.get(plot)
    if colour is None:  # the pond never grows (TK-GAR-3)
        return []
    targets = []  # a loop, not a comprehension: asked at every gardener move
    for touching in GROWTH_AREA[plot]:
        if (
            touching in irrigated
            and colours.get(touching) == colour
            and bamboo[touching] < MAX_HEIGHT
        ):
            targets.append(touching)
    return targets


def growth_amount(improvement: str | None, fertilized: bool = True) -> int:
    """Sections one growth adds on a plot with ``improvement`` (a letter or None): 2 with a
    fertilizer, else 1 (TK-IMP-4, TK-W-2); ``fertilized=False`` for the growths an option
    exempts (``fertilizer_on_rain``, ``fertilizer_on_first_growth``). The cap of 4:
    :func:`grown_height`."""
    return 2 if fertilized and improvement == "F" else 1


def grown_height(height: int, amount: int) -> int:
    """The height of a bamboo of ``height`` after growing ``amount`` sections: never above 4
    (TK-BAM-1)."""
    grown = height + amount
    return grown if grown < MAX_HEIGHT else MAX_HEIGHT


def panda_eats(plot: Hex, bamboo: Mapping[Hex, int], improvements: Mapping[Hex, str]) -> bool:
    """True when the panda stopping on ``plot`` eats a section: a plot with bamboo and no
    enclosure; never on the pond or an empty plot (TK-PAN-2, TK-PAN-3, TK-PAN-4, TK-IMP-3)."""
    return bamboo.get(plot, 0) > 0 and improvements.get(plot) != "E"


def newly_irrigated(irrigated: Container[Hex], plots: Iterable[Hex]) -> list[Hex]:
    """The plots of ``plots`` irrigated for the first time by a channel or a watershed: each
    grows once, by :func:`growth_amount` (TK-IRR-6, TK-IRR-8)."""
    fresh = []  # a loop, not a comprehension: asked at every channel and watershed
    for place in plots:
        if place not in irrigated:
            fresh.append(place)
    return fresh


def improvement_irrigates(improvement: str | None) -> bool:
    """True for the improvement that irrigates its own plot: the watershed (TK-IMP-5, TK-IRR-5)."""
    return improvement == "W"


def placed_improvement(tile: str, chip: str | None = None) -> str | None:
    """The improvement of a plot placed from ``tile`` with the chip letter ``chip`` attached:
    the printed one, else the chip (TK-IMP-1, catalog 7.8)."""
    return tile[1] if len(tile) > 1 else chip


def watered_on_placement(plot: Hex, tile: str, chip: str | None = None) -> bool:
    """True when a plot placed at ``plot`` is irrigated at once (and so grows its first
    section): next to the pond, or a watershed printed on ``tile`` or attached as ``chip``
    (TK-PLOT-4, TK-IRR-5, TK-IMP-5)."""
    return plot in POND_RING or improvement_irrigates(placed_improvement(tile, chip))


def invalid_state(message: str) -> InvalidStateError:
    """The error of a saved Takenoko state that cannot be loaded (``message`` says why)."""
    return InvalidStateError(f"invalid Takenoko state: {message}")


def saved_int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """A saved int within ``low..high``, else :func:`invalid_state` naming ``what``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise invalid_state(f"{what} must be an integer, not {short_repr(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise invalid_state(f"{what} = {value} is out of range")
    return value


def saved_place(value: Any, what: str) -> Hex:
    """A saved hex ``[q, r]`` of the garden's reach, else :func:`invalid_state`."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise invalid_state(f"{what} must be [q, r], not {short_repr(value)}")
    place = hex_of(saved_int(value[0], what, -100, 100), saved_int(value[1], what, -100, 100))
    if place not in NEIGHBORS:
        raise invalid_state(f"{what} {list(value)} is too far from the pond")
    return place


GardenData = tuple[
    dict[Hex, str],
    dict[Hex, str],
    dict[Hex, str],
    dict[Hex, int],
    frozenset[Edge],
    frozenset[Hex],
    frozenset[Edge],
    frozenset[Hex],
]
"""The loaded garden: tiles, colours, improvements, bamboo, channels, irrigated plots, legal
channel edges and legal plot positions."""


@lru_cache(maxsize=4096)
def load_garden(plots: tuple[Any, ...], channel_rows: tuple[Any, ...]) -> GardenData:
    """:func:`load_garden_rows` with a memo: the dicts it returns are shared, never changed."""
    return load_garden_rows(plots, channel_rows)


def load_garden_rows(plots: Any, channel_rows: Any) -> GardenData:
    """Check and rebuild the garden: plots, channels and the derived structures."""
    if not isinstance(plots, (list, tuple)) or not isinstance(channel_rows, (list, tuple)):
        raise invalid_state("'plots' and 'channels' must be lists")
    tiles: dict[Hex, str] = {}
    bamboo: dict[Hex, int] = {}
    improvements: dict[Hex, str] = {}
    for row in plots:
        if not isinstance(row, (list, tuple)) or len(row) != 5:
            raise invalid_state(
                f"a plot must be [q, r, tile, bamboo, improvement], not {short_repr(row)}"
            )
        place = saved_place(list(row[:2]), "plot position")
        if place == POND or place in tiles:
            raise invalid_state(f"plot {hex_text(place)} is on the pond or twice in the garden")
        tile = row[2]
        if tile not in PLOT_TILES:
            raise invalid_state(f"unknown plot tile {short_repr(tile)}")
        tiles[place] = tile
        bamboo[place] = saved_int(row[3], f"bamboo on {hex_text(place)}", 0, MAX_HEIGHT)
        imp = row[4]
        if len(tile) > 1 and imp != tile[1]:
            raise invalid_state(
                f"plot {hex_text(place)} shows {short_repr(imp)}"
                f" but its tile prints {short_repr(tile[1])}"
            )
        if imp is not None:
            if imp not in IMPROVEMENTS:
                raise invalid_state(f"unknown improvement {short_repr(imp)}")
            improvements[place] = imp
    colours = {place: tile[0] for place, tile in tiles.items()}
    # the garden must have grown by the placement rule (TK-PLOT-2)
    check_connected(tiles)
    channels: set[Edge] = set()
    for row in channel_rows:
        if not isinstance(row, (list, tuple)) or len(row) != 3:
            raise invalid_state(f"a channel must be [q, r, side], not {short_repr(row)}")
        edge = Edge(saved_place(list(row[:2]), "channel"), saved_int(row[2], "channel side", 0, 2))
        if edge not in EDGE_ENDS or any(end not in tiles for end in EDGE_ENDS[edge]):
            raise invalid_state(f"channel {row} is not between two plots")
        channels.add(EDGES_OF[edge.hex][edge.side])  # the tables' own object (geometry)
    check_network(channels)
    irrigated, channel_spots, plot_spots = derive_garden(tiles, improvements, channels)
    for place in tiles:
        if place not in irrigated and bamboo[place]:
            raise invalid_state(f"plot {hex_text(place)} has bamboo but was never irrigated")
    return (
        tiles,
        colours,
        improvements,
        bamboo,
        frozenset(channels),
        irrigated,
        channel_spots,
        plot_spots,
    )


def check_connected(tiles: Mapping[Hex, str]) -> None:
    """Every plot must be reachable by the placement rule from the pond (TK-PLOT-2)."""
    placed = {POND}
    left = set(tiles)
    grew = True
    while left and grew:
        grew = False
        for place in sorted(left):
            if (
                place in POND_RING
                or sum(
                    1
                    for second_neighbour in NEIGHBORS[place]
                    if second_neighbour in placed and second_neighbour != POND
                )
                >= 2
            ):
                placed.add(place)
                left.discard(place)
                grew = True
    if left:
        raise invalid_state(
            f"plots {sorted(hex_text(place) for place in left)} could never have been placed"
        )


def check_network(channels: set[Edge]) -> None:
    """Every channel must connect to a pond corner through other channels (TK-IRR-4)."""
    reached: set[Edge] = set()
    frontier = [edge for edge in channels if POND in edge_info(edge)[2:4]]
    while frontier:
        edge = frontier.pop()
        if edge in reached:
            continue
        reached.add(edge)
        frontier.extend(
            touching
            for touching in edge_info(edge)[4]
            if touching in channels and touching not in reached
        )
    if reached != channels:
        loose = sorted(channels - reached)
        raise invalid_state(f"channels {loose} are not connected to the pond")


def derive_garden(
    tiles: Mapping[Hex, str], improvements: Mapping[Hex, str], channels: set[Edge]
) -> tuple[frozenset[Hex], frozenset[Edge], frozenset[Hex]]:
    """The irrigated plots, legal channel edges and legal plot positions of a garden."""
    irrigated = {
        place
        for place in tiles
        if place in POND_RING or improvement_irrigates(improvements.get(place))
    }  # TK-IRR-5
    for channel in channels:
        irrigated.update(EDGE_ENDS[channel])
    channel_spots = set()
    for place in tiles:
        for i in range(3):
            spot = EDGES_OF[place][i]
            if spot in channels or spot not in EDGE_ENDS or EDGE_ENDS[spot][1] not in tiles:
                continue
            _, _, corner, other_corner, touching = edge_info(spot)
            if (
                corner == POND
                or other_corner == POND
                or any(other in channels for other in touching)
            ):
                channel_spots.add(spot)
    plot_spots = set()
    for place in [*tiles, POND]:
        for neighbour in NEIGHBORS[place]:
            if neighbour is None or neighbour in tiles or neighbour == POND:
                continue
            if (
                neighbour in POND_RING
                or sum(1 for second_neighbour in NEIGHBORS[neighbour] if second_neighbour in tiles)
                >= 2
            ):
                plot_spots.add(neighbour)
    return frozenset(irrigated), frozenset(channel_spots), frozenset(plot_spots)


class GardenSummary:
    """What the dead-garden test (``legal.card_reachable``) reads of a garden's plots, by colour
    index (COLOURS order): the irrigated plots (their number and the plots), the dry ones, the
    enclosed ones, the plots without an enclosure, the colour indices with an irrigated plot
    without one, and the (colour, improvement) of every irrigated plot."""

    __slots__ = ("dry", "edible", "enclosed", "kinds", "open", "wet", "wet_plots")

    def __init__(
        self, colours: dict[Hex, str], improvements: dict[Hex, str], irrigated: frozenset[Hex]
    ) -> None:
        """Sort the plots ``colours`` (with ``improvements``; ``irrigated`` the wet ones)."""
        plots: tuple[list[Hex], ...] = ([], [], [])
        for place, colour in colours.items():
            plots[COLOUR_INDEX[colour]].append(place)
        self.wet_plots = tuple(tuple(p for p in group if p in irrigated) for group in plots)
        self.wet = tuple(map(len, self.wet_plots))
        self.dry = tuple(tuple(p for p in group if p not in irrigated) for group in plots)
        self.enclosed = tuple(
            tuple(p for p in group if improvements.get(p) == "E") for group in plots
        )
        self.open = tuple(tuple(p for p in group if improvements.get(p) != "E") for group in plots)
        self.edible = frozenset(
            index
            for index, group in enumerate(self.open)
            if any(place in irrigated for place in group)
        )
        self.kinds = frozenset((colours[place], improvements.get(place)) for place in irrigated)


def garden_summary(
    colours: dict[Hex, str], improvements: dict[Hex, str], irrigated: frozenset[Hex]
) -> GardenSummary:
    """The :class:`GardenSummary` of these plots; kept for the last garden asked (a frozen
    garden's: its dicts are never changed, so they are compared by identity)."""
    kept = _SUMMARY[0]
    if kept[0] is colours and kept[1] is improvements and kept[2] is irrigated:
        return kept[3]
    garden = GardenSummary(colours, improvements, irrigated)
    _SUMMARY[0] = (colours, improvements, irrigated, garden)  # replaced whole (thread-safe)
    return garden


_SUMMARY: list[tuple[Any, Any, Any, GardenSummary]] = [
    (None, None, None, GardenSummary({}, {}, frozenset()))
]
"""The garden :func:`garden_summary` last answered for, and its answer."""
