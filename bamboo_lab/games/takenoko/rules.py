"""Takenoko rules: the effect of every action, one handler per action type.

The engine step (``core.step``, ``State.apply``) copies the state's fields, lets the handler of
the action's type (:data:`HANDLERS`) change what the action changes (copying a garden dict or set
only when it changes), then builds the next state sharing the answers that still hold
(``State.carry``; each handler declares the fields it may change, ``core.step.writes``). The
legal actions live in ``legal.py`` (re-exported here).
Comments cite the rule IDs of ``docs/rules/takenoko.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.checks import replace_at
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.core.step import writes

from .actions import (
    ChooseAction,
    ChooseWeather,
    Claim,
    DrawObjective,
    EndTurn,
    Grow,
    KeepPlot,
    MoveGardener,
    MovePanda,
    Pass,
    PlaceChannel,
    PlaceImprovement,
    PlacePlot,
    ReturnPlots,
    Roll,
    TakeImprovement,
)
from .components import (
    CARDS,
    COLOUR_INDEX,
    END_TRIGGER,
    IMPROVEMENT_INDEX,
    IMPROVEMENT_LETTERS,
    counts_minus,
    counts_plus,
    counts_plus_all,
)
from .garden import (
    grown_height,
    growth_amount,
    growth_targets,
    improvement_irrigates,
    newly_irrigated,
    panda_eats,
    placed_improvement,
    watered_on_placement,
)
from .geometry import EDGE_ENDS, EDGES_OF, NEIGHBORS, POND, edge_info
from .legal import (
    DECK_INDEX,
    ROLL_OUTCOMES,
    can_end_turn,
    card_reachable,
    feasible_actions,
    figure_move_actions,
    figure_moves,
    growable_colours,
    has_free_action,
    improvement_spots,
    is_dead_garden,
    is_objective_met,
    legal_actions,
    rain_targets,
    storm_actions,
    storm_targets,
)

if TYPE_CHECKING:
    from .state import State
    from .work import Work

__all__ = [
    "HANDLERS",
    "ROLL_OUTCOMES",
    "can_end_turn",
    "card_reachable",
    "feasible_actions",
    "figure_move_actions",
    "figure_moves",
    "growable_colours",
    "improvement_spots",
    "is_dead_garden",
    "is_objective_met",
    "legal_actions",
    "rain_targets",
    "storm_actions",
    "storm_targets",
]


# ---------------------------------------------------------------- effects


class _Garden:
    """Copy-on-write access to the bamboo and the bamboo reserve while an action resolves."""

    __slots__ = ("bamboo", "copied", "limited", "reserve", "work")

    def __init__(self, work: Work) -> None:
        self.work = work
        self.bamboo: dict[Hex, int] = work["bamboo"]
        self.reserve: list[int] = list(work["bamboo_reserve"])
        self.copied = False
        self.limited = work["options"].bamboo_supply == "limited"

    def grow(self, place: Hex, amount: int) -> None:
        """Add up to ``amount`` sections to the bamboo on ``place`` (cap 4, TK-BAM-1, TK-BAM-2)."""
        height = self.bamboo[place]
        add = grown_height(height, amount) - height
        colour_index = COLOUR_INDEX[self.work["colours"][place]]
        if self.limited:
            add = min(add, self.reserve[colour_index])
        if add <= 0:
            return
        if not self.copied:
            self.bamboo = dict(self.bamboo)
            self.copied = True
        self.bamboo[place] = height + add
        self.reserve[colour_index] -= add

    def irrigate(self, hexes: tuple[Hex, ...]) -> None:
        """Irrigate plots; each one irrigated for the first time grows once (TK-IRR-6)."""
        work = self.work
        irrigated = work["irrigated"]
        fresh = newly_irrigated(irrigated, hexes)
        if not fresh:
            return
        work["irrigated"] = irrigated.union(fresh)
        fert = work["options"].fertilizer_on_first_growth
        improvements = work["improvements"]
        for place in fresh:
            self.grow(place, growth_amount(improvements.get(place), fert))  # TK-IMP-4

    def close(self) -> None:
        """Write the changed bamboo back into the new state's data."""
        if self.copied:
            self.work["bamboo"] = self.bamboo
            green, yellow, pink = self.reserve
            self.work["bamboo_reserve"] = (green, yellow, pink)


def _resolve_weather(state: State, work: Work, face: str) -> None:
    """Apply a weather face before the actions (TK-TURN-2, TK-W-1 to TK-W-6)."""
    work["weather"] = face
    work["phase"] = "actions"
    if face == "sun":
        work["allowed"] = 3  # TK-W-1
    elif face == "rain":
        # TK-W-2; TK-TURN-5: with no plot to grow yet, the rain waits while a free action
        # (a stored channel or chip, a claim paying sections back) could still give it one
        if state.rain_actions() or has_free_action(state):
            work["phase"] = "rain"
    elif face == "storm":
        if state.storm_actions():
            work["phase"] = "storm"  # TK-W-4
    elif face == "clouds":
        # TK-W-5: a chip from the reserve, or another face when the reserve is empty
        work["phase"] = "clouds" if any(work["improvement_reserve"]) else "choose_weather"
    elif face == "?":
        work["phase"] = "choose_weather"  # TK-W-6


def _panda_to(work: Work, place: Hex) -> None:
    """Move the panda to ``place``; it eats one section unless enclosed (TK-PAN-2 to TK-PAN-4)."""
    work["panda"] = place
    bamboo = work["bamboo"]
    if not panda_eats(place, bamboo, work["improvements"]):
        return
    bamboo = dict(bamboo)
    bamboo[place] -= 1
    work["bamboo"] = bamboo
    seat = work["player"]
    eaten = work["eaten"]
    colour_index = COLOUR_INDEX[work["colours"][place]]
    work["eaten"] = replace_at(eaten, seat, counts_plus(eaten[seat], colour_index, 1))


def _around(place: Hex) -> tuple[tuple[Hex, tuple[Hex | None, ...]], ...]:
    """The neighbours of ``place`` but the pond, each with its own neighbours: where a plot
    placed there may open a plot position (TK-PLOT-2)."""
    return tuple(
        (neighbour, NEIGHBORS[neighbour])
        for neighbour in NEIGHBORS[place]
        if neighbour is not None and neighbour != POND
    )


def _edges_around(place: Hex) -> tuple[tuple[Hex, Edge, bool, tuple[Edge, ...]], ...]:
    """Per neighbour of ``place``: the neighbour, the edge between them, whether the edge
    touches a pond corner and the edges touching its end corners (TK-IRR-3, TK-IRR-4)."""
    out = []
    for direction, neighbour in enumerate(NEIGHBORS[place]):
        if neighbour is not None:
            edge = EDGES_OF[place][direction]
            _, _, corner, other_corner, touching = edge_info(edge)
            out.append((neighbour, edge, corner == POND or other_corner == POND, touching))
    return tuple(out)


_NEAR: dict[Hex, tuple[Any, Any]] = {}
"""Per hex a plot was placed on (built when first asked): :func:`_around` and
:func:`_edges_around`."""


def _place_plot(work: Work, place: Hex, tile: str, chip: str | None) -> None:
    """Put a plot into the garden and update the incremental structures (TK-PLOT-2, TK-PLOT-4)."""
    tiles = dict(work["tiles"])
    tiles[place] = tile
    work["tiles"] = tiles
    colours = dict(work["colours"])
    colours[place] = tile[0]
    work["colours"] = colours
    bamboo = dict(work["bamboo"])
    bamboo[place] = 0
    work["bamboo"] = bamboo
    improvement = placed_improvement(tile, chip)
    if improvement is not None:
        improvements = dict(work["improvements"])
        improvements[place] = improvement
        work["improvements"] = improvements
    # legal plot positions: next to the pond or next to two plots (TK-PLOT-2)
    near = _NEAR.get(place)
    if near is None:
        near = _NEAR[place] = (_around(place), _edges_around(place))
    spots = set(work["plot_spots"])
    spots.discard(place)
    for neighbour, around in near[0]:
        if neighbour in tiles or neighbour in spots:
            continue
        if len(tiles.keys() & around) >= 2:  # the new plot and another
            spots.add(neighbour)
    work["plot_spots"] = frozenset(spots)
    # legal channel edges: between two plots, touching a pond corner or a channel (TK-IRR-3/4)
    channels = work["channels"]
    new_spots = []
    for neighbour, edge, at_pond, touching in near[1]:
        if neighbour in tiles and (at_pond or not channels.isdisjoint(touching)):
            new_spots.append(edge)
    if new_spots:
        work["channel_spots"] = work["channel_spots"].union(new_spots)
    # irrigation next to the pond or from a watershed (TK-PLOT-4, TK-IRR-5, TK-IMP-5)
    if watered_on_placement(place, tile, chip):
        garden = _Garden(work)
        garden.irrigate((place,))
        garden.close()


def _place_channel(work: Work, edge: Edge) -> None:
    """Lay a channel; both plots of its edge become irrigated (TK-IRR-3 to TK-IRR-6)."""
    channels = work["channels"] | {edge}
    work["channels"] = channels
    tiles = work["tiles"]
    one_plot, other_plot, _, _, touching = edge_info(edge)
    spots = set(work["channel_spots"])
    spots.discard(edge)
    for target in touching:
        if target not in channels:
            one_end, other_end = EDGE_ENDS[target]
            if one_end in tiles and other_end in tiles:
                spots.add(target)
    work["channel_spots"] = frozenset(spots)
    garden = _Garden(work)
    garden.irrigate((one_plot, other_plot))
    garden.close()


def _draw_objective(state: State, work: Work, kind: str) -> None:
    """Draw one card from the chosen deck into the hand (TK-OBJ-1, TK-CMP-7)."""
    deck_index = DECK_INDEX[kind]
    deck = work["decks"][deck_index]
    seat = work["player"]
    if work["options"].redraw_if_already_complete and kind != "panda":
        # variant: a card already met goes to the bottom and the player draws again
        for _ in range(len(deck)):
            if not is_objective_met(state, seat, deck[0]):
                break
            deck = (*deck[1:], deck[0])
    card = deck[0]
    work["decks"] = replace_at(work["decks"], deck_index, deck[1:])
    work["hands"] = replace_at(work["hands"], seat, (*work["hands"][seat], card))


def _claim(work: Work, card: str) -> None:
    """Complete an objective; pay panda sections back; maybe take the Emperor (TK-CMP, TK-END-1)."""
    seat = work["player"]
    hand = list(work["hands"][seat])
    hand.remove(card)
    work["hands"] = replace_at(work["hands"], seat, tuple(hand))
    done = (*work["completed"][seat], card)
    work["completed"] = replace_at(work["completed"], seat, done)
    info = CARDS[card]
    if info.deck == "panda":  # TK-CMP-6: the sections go back to the reserve
        eaten = work["eaten"][seat]
        work["eaten"] = replace_at(work["eaten"], seat, counts_minus(eaten, info.sections))
        work["bamboo_reserve"] = counts_plus_all(work["bamboo_reserve"], info.sections)
    if work["emperor"] is None and len(done) >= END_TRIGGER[work["num_players"]]:
        work["emperor"] = seat  # TK-END-1


def _end_turn(state: State, work: Work) -> None:
    """Pass to the next player, or end the game after the final turns (TK-END-2, TK-END-3)."""
    num = work["num_players"]
    seat = work["player"]
    if work["emperor"] is None and work["options"].end_on_dead_garden and is_dead_garden(state):
        _game_over(work)
        return
    if work["emperor"] is not None:
        left = work["final_turns_left"]
        if left is None:
            if work["options"].final_round == "others_one_turn_each":
                left = num - 1  # TK-END-3: every other player exactly one more turn
            else:
                left = (work["start_player"] - seat - 1) % num
        else:
            left -= 1
        work["final_turns_left"] = left
        if left == 0:
            _game_over(work)
            return
    work["player"] = (seat + 1) % num
    work["turn"] += 1
    work["used"] = ()
    work["allowed"] = 2
    work["weather"] = None
    weather = work["turn"] >= num or work["options"].first_round_weather  # TK-TURN-1
    work["phase"] = "roll" if weather else "actions"


def _game_over(work: Work) -> None:
    work["phase"] = "over"
    work["used"] = ()
    work["allowed"] = 2
    work["weather"] = None


# ---------------------------------------------------------------- one handler per action type


@writes("used", "drawn", "plot_deck", "phase", "channel_reserve", "stored_channels")
def _do_choose_action(state: State, work: Work, action: ChooseAction) -> None:
    """Choose one of the five actions (TK-TURN-3); plot and irrigation resolve at once."""
    what = action.kind
    seat = state.player
    work["used"] = (*state.used, what)
    if what == "plot":
        deck = state.plot_deck
        work["drawn"] = deck[:3]  # TK-PLOT-1, TK-PLOT-3
        work["plot_deck"] = deck[3:]
        work["phase"] = "keep_plot"
    elif what == "irrigation":
        work["channel_reserve"] -= 1  # TK-IRR-1: taken to the board, placed when the player likes
        work["stored_channels"] = replace_at(
            state.stored_channels, seat, state.stored_channels[seat] + 1
        )
    else:
        work["phase"] = what


@writes("gardener", "phase", "bamboo", "bamboo_reserve")
def _do_move_gardener(state: State, work: Work, action: MoveGardener) -> None:
    """Move the gardener; it grows its plot and the irrigated neighbours of that colour."""
    place = action.plot
    work["gardener"] = place
    work["phase"] = "actions"
    targets = growth_targets(state.colours, state.irrigated, state.bamboo, place)
    if targets:  # TK-GAR-2, TK-GAR-3
        improvements = state.improvements
        garden = _Garden(work)
        for target in targets:
            garden.grow(target, growth_amount(improvements.get(target)))  # TK-IMP-4
        garden.close()


@writes("panda", "bamboo", "eaten", "phase")
def _do_move_panda(state: State, work: Work, action: MovePanda) -> None:
    """Move the panda (panda action or storm); it eats one section (TK-PAN-2, TK-W-4)."""
    _panda_to(work, action.plot)
    work["phase"] = "actions"


@writes("hands", "completed", "eaten", "bamboo_reserve", "emperor")
def _do_claim(state: State, work: Work, action: Claim) -> None:
    """Complete an objective (TK-CMP-1)."""
    _claim(work, action.card)


@writes("stored_channels", "channels", "channel_spots", "irrigated", "bamboo", "bamboo_reserve")
def _do_place_channel(state: State, work: Work, action: PlaceChannel) -> None:
    """Place a stored channel (TK-IRR-2)."""
    seat = state.player
    work["stored_channels"] = replace_at(
        state.stored_channels, seat, state.stored_channels[seat] - 1
    )
    _place_channel(work, action.edge)


@writes("phase", "used", "allowed", "weather", "final_turns_left", "player", "turn")
def _do_end_turn(state: State, work: Work, action: EndTurn) -> None:
    """End the turn."""
    _end_turn(state, work)


@writes("weather", "phase", "allowed")
def _do_roll(state: State, work: Work, action: Roll) -> None:
    """A face of the weather die (TK-TURN-1)."""
    _resolve_weather(state, work, action.face)


@writes("weather", "phase", "allowed")
def _do_choose_weather(state: State, work: Work, action: ChooseWeather) -> None:
    """The face chosen on "?" or on clouds with no chip left (TK-W-5, TK-W-6)."""
    _resolve_weather(state, work, action.face)


@writes("kept", "drawn", "phase")
def _do_keep_plot(state: State, work: Work, action: KeepPlot) -> None:
    """Keep one of the drawn plots (TK-PLOT-1)."""
    drawn = state.drawn
    i = action.index - 1
    work["kept"] = drawn[i]
    work["drawn"] = drawn[:i] + drawn[i + 1 :]
    work["phase"] = "place_plot"


@writes(
    "stored_improvements",
    "tiles",
    "colours",
    "bamboo",
    "improvements",
    "plot_spots",
    "channel_spots",
    "irrigated",
    "bamboo_reserve",
    "kept",
    "phase",
    "rng",
    "plot_deck",
    "drawn",
)
def _do_place_plot(state: State, work: Work, action: PlacePlot) -> None:
    """Place the kept plot, maybe with a stored chip; return the other two (TK-PLOT-1/2)."""
    seat = state.player
    chip = None
    if action.improvement is not None:
        chip = IMPROVEMENT_LETTERS[action.improvement]
        chips = state.stored_improvements[seat]
        work["stored_improvements"] = replace_at(
            state.stored_improvements, seat, counts_plus(chips, IMPROVEMENT_INDEX[chip], -1)
        )
    kept = state.kept
    assert kept is not None
    _place_plot(work, action.plot, kept, chip)
    work["kept"] = None
    rest = state.drawn
    if len(rest) == 2 and state.options.plot_return_order == "player_choice":
        work["phase"] = "return_plots"
    else:
        if len(rest) == 2:
            order, work["rng"] = vrng.shuffled(rest, state.rng)
            rest = tuple(order)
        _return_plots(work, rest)


@writes("plot_deck", "drawn", "phase")
def _do_return_plots(state: State, work: Work, action: ReturnPlots) -> None:
    """Return the two plots not kept in the chosen order (TK-PLOT-1)."""
    drawn = state.drawn
    _return_plots(work, tuple(drawn[i - 1] for i in action.order))


@writes("decks", "hands", "phase")
def _do_draw_objective(state: State, work: Work, action: DrawObjective) -> None:
    """Draw an objective from the chosen deck (TK-OBJ-1)."""
    _draw_objective(state, work, action.deck)
    work["phase"] = "actions"


@writes("stored_improvements", "improvements", "irrigated", "bamboo", "bamboo_reserve")
def _do_place_improvement(state: State, work: Work, action: PlaceImprovement) -> None:
    """Place a stored chip on a plot without bamboo or improvement (TK-IMP-2)."""
    seat = state.player
    letter = IMPROVEMENT_LETTERS[action.improvement]
    chips = state.stored_improvements[seat]
    work["stored_improvements"] = replace_at(
        state.stored_improvements, seat, counts_plus(chips, IMPROVEMENT_INDEX[letter], -1)
    )
    improvements = dict(state.improvements)
    improvements[action.plot] = letter
    work["improvements"] = improvements
    if improvement_irrigates(letter):  # TK-IMP-5: a watershed irrigates its plot
        garden = _Garden(work)
        garden.irrigate((action.plot,))
        garden.close()


@writes("bamboo", "bamboo_reserve", "phase")
def _do_grow(state: State, work: Work, action: Grow) -> None:
    """Rain: grow one irrigated plot (TK-W-2)."""
    place = action.plot
    garden = _Garden(work)
    garden.grow(
        place, growth_amount(state.improvements.get(place), state.options.fertilizer_on_rain)
    )
    garden.close()
    work["phase"] = "actions"


@writes("improvement_reserve", "stored_improvements", "phase")
def _do_take_improvement(state: State, work: Work, action: TakeImprovement) -> None:
    """Clouds: take a chip from the reserve to the board (TK-W-5)."""
    seat = state.player
    index = IMPROVEMENT_INDEX[IMPROVEMENT_LETTERS[action.improvement]]
    work["improvement_reserve"] = counts_plus(state.improvement_reserve, index, -1)
    chips = state.stored_improvements[seat]
    work["stored_improvements"] = replace_at(
        state.stored_improvements, seat, counts_plus(chips, index, 1)
    )
    work["phase"] = "actions"


@writes("phase")
def _do_pass(state: State, work: Work, action: Pass) -> None:
    """Decline the weather effect."""
    work["phase"] = "actions"


HANDLERS: dict[type, Callable[[State, Work, Any], None]] = {
    ChooseAction: _do_choose_action,
    MoveGardener: _do_move_gardener,
    MovePanda: _do_move_panda,
    Claim: _do_claim,
    PlaceChannel: _do_place_channel,
    EndTurn: _do_end_turn,
    Roll: _do_roll,
    ChooseWeather: _do_choose_weather,
    KeepPlot: _do_keep_plot,
    PlacePlot: _do_place_plot,
    ReturnPlots: _do_return_plots,
    DrawObjective: _do_draw_objective,
    PlaceImprovement: _do_place_improvement,
    Grow: _do_grow,
    TakeImprovement: _do_take_improvement,
    Pass: _do_pass,
}
"""The handler of each action type: ``HANDLERS[type(action)](state, work, action)`` changes
``work``, a copy of ``state``'s fields, into the fields after ``action`` (assumed legal;
the engine step, ``core.step``, checks it, calls this, then builds the next state)."""


def _return_plots(work: Work, tiles: tuple[str, ...]) -> None:
    """Put the plots not kept back under (or on) the pile, first one uppermost (TK-PLOT-1)."""
    if work["options"].plot_return_position == "bottom":
        work["plot_deck"] = work["plot_deck"] + tiles
    else:
        work["plot_deck"] = tiles + work["plot_deck"]
    work["drawn"] = ()
    work["phase"] = "actions"
