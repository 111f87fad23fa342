"""Takenoko legal actions: the choices of each phase and the queries they use.

Each function reads the typed state (``state.py``); the per-state caches (figure moves, plot
objectives met) are the state's own (``State.moves``, ``State.plot_card_met``). Comments cite
the rule IDs of ``docs/rules/takenoko.md``.
"""

from __future__ import annotations

from bisect import bisect
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.core.step import Kept

from .actions import (
    Action,
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
    intern,
)
from .components import (
    ACTION_KINDS,
    CARDS,
    COLOUR_INDEX,
    COLOURS,
    DECK_KINDS,
    HAND_LIMIT,
    IMPROVEMENT_NAMES,
    IMPROVEMENTS,
    MAX_HEIGHT,
    WEATHER_FACES,
)
from .garden import garden_summary, spots_after
from .geometry import POND, figure_moves_after
from .geometry import figure_moves as straight_moves
from .scoring import panda_objective_met

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "CHIP_SPOTS",
    "DECK_INDEX",
    "FIGURE_MOVES",
    "RAIN",
    "ROLL_OUTCOMES",
    "actions_legal",
    "can_end_turn",
    "card_reachable",
    "drawable_decks",
    "feasible_actions",
    "figure_move_actions",
    "figure_moves",
    "free_actions",
    "growable_colours",
    "has_free_action",
    "improvement_spots",
    "is_dead_garden",
    "is_objective_met",
    "legal_actions",
    "rain_actions",
    "rain_targets",
    "storm_actions",
    "storm_targets",
]


DECK_INDEX: dict[str, int] = {"plot": 0, "gardener": 1, "panda": 2}
"""The index of each objective deck in ``State.decks``."""


class _Cache(dict[Any, Any]):
    """A dict that builds a missing action with ``factory(key)`` and keeps it."""

    def __init__(self, factory: Any) -> None:
        super().__init__()
        self.factory = factory

    def __missing__(self, key: Any) -> Any:
        value = self[key] = intern(self.factory(key))
        return value


_MOVE_GARDENER = _Cache(MoveGardener)
_MOVE_PANDA = _Cache(MovePanda)
_GROW = _Cache(Grow)
_CHANNEL = _Cache(PlaceChannel)
_PLOT = _Cache(lambda key: PlacePlot(*key))
_BARE_PLOT = _Cache(PlacePlot)
_IMPROVE = _Cache(lambda key: PlaceImprovement(*key))
_CLAIM = _Cache(Claim)
_ROLLS = tuple(intern(Roll(face)) for face in WEATHER_FACES)
ROLL_OUTCOMES: tuple[tuple[Action, float], ...] = tuple((roll, 1 / 6) for roll in _ROLLS)
"""The weather roll's chance outcomes: each face of the die with probability 1/6 (TK-TURN-1)."""
_CHOOSE = {kind: intern(ChooseAction(kind)) for kind in ACTION_KINDS}
_DRAW = {deck: intern(DrawObjective(deck)) for deck in DECK_KINDS}
_TAKE = {letter: intern(TakeImprovement(IMPROVEMENT_NAMES[letter])) for letter in IMPROVEMENTS}
_DRAW_MASKS = tuple(
    tuple(_DRAW[kind] for bit, kind in enumerate(DECK_KINDS) if mask >> bit & 1)
    for mask in range(1 << len(DECK_KINDS))
)
"""The DrawObjective actions of each set of decks left, by its bits in DECK_KINDS order."""
_KIND_MASKS = tuple(
    tuple(kind for bit, kind in enumerate(DECK_KINDS) if mask >> bit & 1)
    for mask in range(1 << len(DECK_KINDS))
)
"""The deck names of each set of decks, by its bits in DECK_KINDS order."""
_TAKE_MASKS = tuple(
    tuple(_TAKE[letter] for bit, letter in enumerate(IMPROVEMENTS) if mask >> bit & 1)
    for mask in range(1 << len(IMPROVEMENTS))
)
"""The TakeImprovement actions of each set of chip kinds left, by its bits in IMPROVEMENTS order."""
_WEATHER5 = tuple(intern(ChooseWeather(face)) for face in WEATHER_FACES[:5])
_WEATHER4 = _WEATHER5[:4]
_KEEP = tuple(intern(KeepPlot(i)) for i in (1, 2, 3))
_RETURN = (intern(ReturnPlots((1, 2))), intern(ReturnPlots((2, 1))))
_PASS = intern(Pass())
_END = intern(EndTurn())


# ---------------------------------------------------------------- queries used by legal actions


@lru_cache(maxsize=1024)
def _channel_actions(spots: frozenset[Edge]) -> tuple[Action, ...]:
    """The actions placing a stored channel on ``spots``, in edge order (TK-IRR-2); kept for
    the last gardens (a garden's spots change only when a plot or a channel is placed)."""
    return tuple(map(_CHANNEL.__getitem__, sorted(spots)))


def figure_moves(state: State, start: Hex) -> tuple[Hex, ...]:
    """Destinations of the gardener or panda from ``start``: straight lines over plots, at least
    one step, never over a gap; across and onto the pond per the options (TK-GAR-1, TK-PAN-1)."""
    opts = state.options
    return straight_moves(
        state.tiles, start, opts.figures_may_cross_pond, opts.figures_may_stop_on_pond
    )


FIGURE_MOVES = Kept("moves", ("tiles",), figure_moves_after)
"""Kept: per start hex the figure moves, per (figure, start) those moves as actions, per
``("storm", panda)`` the storm's moves, and under ``"plots"`` the plots in order."""


def figure_move_actions(figure: str, destinations: tuple[Hex, ...]) -> tuple[Action, ...]:
    """The ``MoveGardener`` or ``MovePanda`` actions to ``destinations`` (TK-GAR-1, TK-PAN-1)."""
    cache = _MOVE_GARDENER if figure == "gardener" else _MOVE_PANDA
    return tuple(map(cache.__getitem__, destinations))


def rain_targets(state: State) -> tuple[Hex, ...]:
    """Irrigated plots where rain can add a section (TK-W-2)."""
    bamboo, reserve, colours = state.bamboo, state.bamboo_reserve, state.colours
    limited = state.options.bamboo_supply == "limited"  # a section of the colour left (TK-BAM-1)
    return tuple(
        place
        for place in _in_order(state.irrigated)
        if bamboo[place] < MAX_HEIGHT and (not limited or reserve[COLOUR_INDEX[colours[place]]] > 0)
    )


def rain_actions(state: State) -> tuple[Action, ...]:
    """The actions growing each plot of :func:`rain_targets` (TK-W-2)."""
    return tuple(map(_GROW.__getitem__, rain_targets(state)))


RAIN = Kept("rain", ("tiles", "bamboo", "irrigated"))
"""Kept: :func:`rain_actions` with the unlimited bamboo supply (the limited one also reads the
reserve, which a claim changes)."""


@lru_cache(maxsize=1024)
def _in_order(places: frozenset[Hex]) -> tuple[Hex, ...]:
    """``places`` sorted."""
    return tuple(sorted(places))


def storm_targets(state: State) -> tuple[Hex, ...]:
    """Plots the storm may send the panda to: any plot but its own (TK-W-4)."""
    panda, plots = state.panda, state.plots_in_order()
    if panda == POND:
        return plots
    where = plots.index(panda)
    plots = plots[:where] + plots[where + 1 :]
    if state.options.storm_target_includes_pond:
        where = bisect(plots, POND)
        plots = (*plots[:where], POND, *plots[where:])
    return plots


def storm_actions(state: State) -> tuple[Action, ...]:
    """The MovePanda actions to :func:`storm_targets`, in the same order (TK-W-4)."""
    return tuple(map(_MOVE_PANDA.__getitem__, storm_targets(state)))


def improvement_spots(state: State) -> tuple[Hex, ...]:
    """Plots that can take an improvement chip: no bamboo, no improvement (TK-IMP-2)."""
    improvements = state.improvements
    spots = []  # a loop, not a generator: asked whenever a player holds a chip
    for place, height in state.bamboo.items():
        if not height and place not in improvements:
            spots.append(place)
    spots.sort()
    return tuple(spots)


CHIP_SPOTS = Kept("spots", ("tiles", "bamboo", "improvements"), spots_after, ("bamboo",))
"""Kept: :func:`improvement_spots`."""


def is_objective_met(state: State, player: int, card: str) -> bool:
    """True when ``player`` could complete ``card`` now (TK-CMP-3 to TK-CMP-6)."""
    kind = card[0]
    if kind == "P":
        return state.plot_card_met(card)
    if kind == "G":
        return state.gardener_card_met(card)
    return panda_objective_met(card, state.eaten[player])


def drawable_decks(state: State) -> tuple[str, ...]:
    """The decks the objective action may draw from now (TK-OBJ-1, catalog 8)."""
    return _KIND_MASKS[_drawable_mask(state)]


def _drawable_mask(state: State) -> int:
    """:func:`drawable_decks` as bits in DECK_KINDS order: every deck left, or none when the
    option makes the action unavailable once a deck is empty (catalog 8)."""
    decks = state.decks
    if state.options.objective_deck_empty == "action_unavailable" and not all(decks):
        return 0
    return (1 if decks[0] else 0) | (2 if decks[1] else 0) | (4 if decks[2] else 0)


def feasible_actions(state: State) -> tuple[str, ...]:
    """The actions the player may still choose this turn (TK-TURN-3, TK-W-1, TK-W-3)."""
    fields = state.__dict__
    used = fields["used"]
    if len(used) >= fields["allowed"]:
        return ()
    if fields["weather"] == "wind":  # TK-W-3: the same action may be chosen twice
        used = ()
    out = []  # in ACTION_KINDS order
    if fields["plot_deck"] and "plot" not in used:  # TK-PLOT-3
        out.append("plot")
    if fields["channel_reserve"] > 0 and "irrigation" not in used:  # TK-IRR-7
        out.append("irrigation")
    if "gardener" not in used and state.moves("gardener"):
        out.append("gardener")
    if "panda" not in used and state.moves("panda"):
        out.append("panda")
    hand = fields["hands"][fields["player"]]
    if "objective" not in used and len(hand) < HAND_LIMIT and _drawable_mask(state):  # TK-OBJ-2
        out.append("objective")
    return tuple(out)


def can_end_turn(state: State, feasible: tuple[str, ...] | None = None) -> bool:
    """True when the player has taken the actions the turn requires (or can take no more);
    ``feasible`` is :func:`feasible_actions` when already known."""
    if len(state.used) >= _required(state):
        return True
    return not (feasible_actions(state) if feasible is None else feasible)


def _required(state: State) -> int:
    """The actions the turn requires: those it allows, 2 under the sun when its extra action is
    optional (TK-TURN-3, TK-W-1)."""
    if state.weather == "sun" and state.options.weather_optional:
        return 2
    return state.allowed


def free_actions(state: State, out: list[Action]) -> None:
    """Placing stored channels and chips and completing objectives (TK-TURN-5)."""
    fields = state.__dict__
    seat = fields["player"]
    if fields["stored_channels"][seat]:
        out.extend(_channel_actions(fields["channel_spots"]))  # TK-IRR-2
    chips = fields["stored_improvements"][seat]
    if chips[0] or chips[1] or chips[2]:
        out.extend(_improve_actions(state.chip_spots(), chips))  # TK-IMP-2
    claimable = state.claimable()
    if claimable:
        out.extend(_claim_actions(claimable))  # TK-CMP-1


def _plot_actions(spots: frozenset[Hex], chips: tuple[int, int, int] | None) -> tuple[Action, ...]:
    """The actions placing the kept plot on ``spots`` in hex order, each bare then with each
    stored chip of ``chips`` attached (None: none may be attached) (TK-PLOT-2, catalog 7.8);
    built afresh (a garden's spots change with every plot placed, so they rarely recur)."""
    if chips is None:
        return tuple(map(_BARE_PLOT.__getitem__, sorted(spots)))
    out: list[Action] = []
    for place in sorted(spots):
        out.append(_BARE_PLOT[place])
        for letter, count in zip(IMPROVEMENTS, chips, strict=True):
            if count:
                out.append(_PLOT[place, IMPROVEMENT_NAMES[letter]])
    return tuple(out)


@lru_cache(maxsize=1024)
def _improve_actions(spots: tuple[Hex, ...], chips: tuple[int, int, int]) -> tuple[Action, ...]:
    """The actions placing the stored chips ``chips`` (watershed, enclosure, fertilizer counts)
    on the plots ``spots``, chip by chip (TK-IMP-2); kept for the last gardens and boards."""
    out: list[Action] = []
    for letter, count in zip(IMPROVEMENTS, chips, strict=True):
        if count:
            name = IMPROVEMENT_NAMES[letter]
            for place in spots:
                out.append(_IMPROVE[name, place])
    return tuple(out)


@lru_cache(maxsize=1024)
def _claim_actions(cards: tuple[str, ...]) -> tuple[Action, ...]:
    """The actions completing ``cards`` (TK-CMP-1); kept for the last hands."""
    return tuple(map(_CLAIM.__getitem__, cards))


def has_free_action(state: State) -> bool:
    """True when the player to move has a free action available (TK-TURN-5)."""
    out: list[Action] = []
    free_actions(state, out)
    return bool(out)


def legal_actions(state: State) -> tuple[Action, ...]:
    """The legal actions of ``state`` in a fixed order."""
    phase = state.phase
    if phase == "actions":
        return state.legal_actions()  # kept there
    out: list[Action] = []
    if phase == "gardener" or phase == "panda":
        return state.move_actions(phase)
    if phase == "roll":
        return _ROLLS
    if phase == "over":
        return ()
    if phase == "keep_plot":
        return _KEEP[: len(state.drawn)]
    if phase == "place_plot":
        chips = state.stored_improvements[state.player]
        attach = (
            state.options.improvement_on_placement and len(state.kept or "") == 1 and any(chips)
        )  # catalog 7.8: a chip may be attached to a plot as it is placed
        return _plot_actions(state.plot_spots, chips if attach else None)
    if phase == "return_plots":
        return _RETURN
    if phase == "objective":  # TK-OBJ-1: a draw from each deck it may draw from
        return _DRAW_MASKS[_drawable_mask(state)]
    # weather decisions, with the free actions available around them
    optional = state.options.weather_optional
    if phase == "rain":
        grows = state.rain_actions()
        out.extend(grows)
        optional = optional or not grows  # waiting for a plot (TK-TURN-5): may give up
    elif phase == "storm":
        out.extend(state.storm_actions())
    elif phase == "clouds":  # TK-W-5: a chip of a kind the reserve still has
        watershed, enclosure, fertilizer = state.improvement_reserve
        out.extend(_TAKE_MASKS[(watershed > 0) | (enclosure > 0) << 1 | (fertilizer > 0) << 2])
    elif phase == "choose_weather":
        out.extend(_WEATHER5 if state.weather == "?" else _WEATHER4)
    if phase != "choose_weather" and optional:
        out.append(_PASS)
    free_actions(state, out)
    return tuple(out)


def actions_legal(state: State, kept: dict[str, Any]) -> tuple[Action, ...]:
    """The legal actions of the actions phase: the actions still feasible, in ACTION_KINDS
    order (as :func:`feasible_actions`), the free actions (TK-TURN-5) and the end of the turn
    once allowed (as :func:`can_end_turn`); ``kept``: the state's kept values (``State._kept``),
    read first."""
    fields = state.__dict__
    used = fields["used"]
    seat = fields["player"]
    mask = 0  # a bit per feasible action, in ACTION_KINDS order
    if len(used) < fields["allowed"]:  # TK-TURN-3
        taken = () if fields["weather"] == "wind" else used  # TK-W-3: twice the same
        if fields["plot_deck"] and "plot" not in taken:  # TK-PLOT-3
            mask = 1
        if fields["channel_reserve"] > 0 and "irrigation" not in taken:  # TK-IRR-7
            mask |= 2
        moves = kept.get("moves") or {}  # the kept figure moves first (State.moves)
        if "gardener" not in taken and (
            moves.get(fields["gardener"]) or state.moves("gardener")
        ):  # TK-GAR-1
            mask |= 4
        if "panda" not in taken and (moves.get(fields["panda"]) or state.moves("panda")):
            mask |= 8  # TK-PAN-1
        hand = fields["hands"][seat]
        if "objective" not in taken and len(hand) < HAND_LIMIT and _drawable_mask(state):
            mask |= 16  # TK-OBJ-2: a deck to draw from (catalog 8)
    chips = fields["stored_improvements"][seat]
    if fields["stored_channels"][seat] or chips[0] or chips[1] or chips[2]:
        out: list[Action] = []
        free_actions(state, out)
        free: tuple[Action, ...] | list[Action] = out
    else:  # the free actions are the claims alone (TK-TURN-5, TK-CMP-1)
        claimable = kept.get("claims")
        if claimable is None:
            claimable = state.claimable()
        free = _claim_actions(claimable) if claimable else ()
    if mask and len(used) < (
        2
        if fields["weather"] == "sun" and fields["options"].weather_optional
        else fields["allowed"]
    ):  # not yet the actions the turn requires (_required, TK-W-1)
        return (*_CHOICE_MASKS[mask], *free) if free else _CHOICE_MASKS[mask]
    return (*_CHOICE_MASKS[mask], *free, _END) if free else _CHOICE_MASKS_END[mask]


_CHOICE_MASKS = tuple(
    tuple(_CHOOSE[kind] for bit, kind in enumerate(ACTION_KINDS) if mask >> bit & 1)
    for mask in range(1 << len(ACTION_KINDS))
)
"""The ChooseAction actions of each set of feasible actions, by its bits in ACTION_KINDS order."""
_CHOICE_MASKS_END = tuple((*choices, _END) for choices in _CHOICE_MASKS)
"""The same, then EndTurn."""


_EVERY_COLOUR = frozenset(COLOURS)


def growable_colours(state: State) -> frozenset[str]:
    """The colours whose bamboo can still grow: all with the unlimited supply; with the limited
    one, those with sections in the reserve or that a payable panda card could pay back."""
    if state.options.bamboo_supply == "unlimited":
        return _EVERY_COLOUR
    grow = {colour for colour, index in COLOUR_INDEX.items() if state.bamboo_reserve[index] > 0}
    colours, bamboo, improvements, irrigated = (
        state.colours,
        state.bamboo,
        state.improvements,
        state.irrigated,
    )
    drawable = "panda" in drawable_decks(state)
    holders = []
    for seat in range(state.num_players):
        cards = [card for card in state.hands[seat] if card[0] == "A"]
        if drawable and len(state.hands[seat]) < HAND_LIMIT:
            cards.extend(state.decks[2])
        holders.append(cards)
    changed = True
    while changed:  # a fixed point: paying a card returns its colours to the reserve
        changed = False
        edible = {
            colours[place]
            for place in colours
            if improvements.get(place) != "E"
            and (bamboo[place] > 0 or (colours[place] in grow and place in irrigated))
        }
        for seat, cards in enumerate(holders):
            eaten = state.eaten[seat]
            for card in cards:
                need = CARDS[card].sections
                payable = all(
                    eaten[colour_index] >= count or colour in edible
                    for colour, colour_index in COLOUR_INDEX.items()
                    if (count := need[colour_index])
                )
                returned = {
                    colour for colour, colour_index in COLOUR_INDEX.items() if need[colour_index]
                }
                if payable and not returned <= grow:
                    grow |= returned
                    changed = True
    return frozenset(grow)


def card_reachable(
    state: State, player: int, card: str, growable: frozenset[str] | None = None
) -> bool:
    """False only when ``card`` can provably never be completed by ``player``, assuming the
    garden is frozen (no plot, channel or chip left to place): used by :func:`is_dead_garden`.

    With a frozen garden the plots, their colours, improvements and irrigation never change;
    bamboo grows only on irrigated plots (and, with the limited supply, only while sections can
    come back to the reserve), and the panda eats only where there is bamboo and no enclosure.
    The test errs on the side of "reachable". ``growable`` is :func:`growable_colours`.
    """
    if growable is None:
        growable = growable_colours(state)
    info = CARDS[card]
    if info.deck == "plot":  # the shape depends only on colours and irrigation, which are frozen
        return is_objective_met(state, player, card)
    colours, bamboo = state.colours, state.bamboo
    garden = garden_summary(colours, state.improvements, state.irrigated)
    colour = info.colour
    if info.deck == "gardener":  # met now, or it can be (the cheaper test first: either holds)
        grow = colour in growable
        if info.shoots == 1:
            # an irrigated plot of the card's colour and improvement must grow to 4 (whatever
            # its height: shoot_may_count)
            wanted = None if info.improvement == "none" else info.improvement
            return (grow and (colour, wanted) in garden.kinds) or is_objective_met(
                state, player, card
            )
        # plots that can be brought to 3: growable ones (irrigated), or by eating a 4 down;
        # none stuck at 4 under an enclosure when heights must match exactly
        exact = state.options.gardener_height_match == "exact"
        index = COLOUR_INDEX[colour]
        count = sum(bamboo[place] >= 3 for place in garden.dry[index])
        count += (
            garden.wet[index]
            if grow
            else sum(bamboo[place] >= 3 for place in garden.wet_plots[index])
        )
        if exact:
            count -= sum(bamboo[place] == MAX_HEIGHT for place in garden.enclosed[index])
        return count >= info.shoots or is_objective_met(state, player, card)
    # a panda card met now passes this test too: every colour it needs is on the board
    eaten = state.eaten[player]
    for colour_index, need in enumerate(info.sections):
        if eaten[colour_index] >= need:
            continue
        if COLOURS[colour_index] in growable and colour_index in garden.edible:
            continue  # bamboo can grow on an irrigated plot of the colour, not enclosed
        if not any(bamboo[place] > 0 for place in garden.open[colour_index]):
            return False
    return True


def is_dead_garden(state: State) -> bool:
    """True when no objective can ever be completed again, so the game could never end.

    The garden is frozen (no plot drawn or left in the pile, no channel and no chip in any
    reserve or on any board) and, for every player, every card in hand and every card they
    could still draw is out of reach (see :func:`card_reachable`). The rules are silent on
    such a position; ``Options.end_on_dead_garden`` ends the game there.
    """
    fields = state.__dict__
    if (
        fields["plot_deck"]
        or fields["drawn"]
        or fields["kept"] is not None
        or fields["channel_reserve"]
        or any(fields["stored_channels"])
        or any(fields["improvement_reserve"])
        or any(map(any, fields["stored_improvements"]))
    ):
        return False
    growable = growable_colours(state)
    if _ALIVE_HINT:  # the card that last kept a garden alive is asked first: the same answer
        seat, card = _ALIVE_HINT[0]
        if _may_complete(state, seat, card) and card_reachable(state, seat, card, growable):
            return False
    for seat in range(state.num_players):
        for card in state.hands[seat]:
            if card_reachable(state, seat, card, growable):
                _ALIVE_HINT[:] = [(seat, card)]
                return False
        if len(state.hands[seat]) < HAND_LIMIT:
            for kind in drawable_decks(state):
                for card in state.decks[DECK_INDEX[kind]]:
                    if card_reachable(state, seat, card, growable):
                        _ALIVE_HINT[:] = [(seat, card)]
                        return False
    return True


_ALIVE_HINT: list[tuple[int, str]] = []
"""The seat and card :func:`is_dead_garden` last found reachable (a hint for the next garden,
which often shows the same card still alive; it never changes an answer)."""


def _may_complete(state: State, seat: int, card: str) -> bool:
    """True when ``card`` is in ``seat``'s hand, or in a deck they may draw from."""
    if seat >= state.num_players:
        return False
    if card in state.hands[seat]:
        return True
    if len(state.hands[seat]) >= HAND_LIMIT:
        return False
    kind = CARDS[card].deck
    return kind in drawable_decks(state) and card in state.decks[DECK_INDEX[kind]]
