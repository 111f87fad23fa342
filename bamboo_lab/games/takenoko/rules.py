"""Takenoko rules: the effect of every action, one handler per action type.

:func:`apply_action` copies the state's fields (``state.fields()``), lets the handler of the
action's type (``_HANDLERS``) change what the action changes (copying a garden dict or set only
when it changes) and builds the next state with ``state.successor``. The legal actions live in
``legal.py`` (re-exported here). Comments cite the rule IDs of ``docs/rules/takenoko.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.checks import replace_at
from bamboo_lab.core.hexgrid import Edge, Hex

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
)
from .components import (
    CARDS,
    COLOUR_INDEX,
    END_TRIGGER,
    IMPROVEMENT_INDEX,
    IMPROVEMENT_LETTERS,
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
from .geometry import EDGES_OF, NEIGHBORS, POND, edge_info
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
    storm_targets,
)

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "ROLL_OUTCOMES",
    "apply_action",
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
    "storm_targets",
]


# ---------------------------------------------------------------- effects


class _Garden:
    """Copy-on-write access to the bamboo and the bamboo reserve while an action resolves."""

    __slots__ = ("bamboo", "copied", "limited", "n", "reserve")

    def __init__(self, n: dict[str, Any]) -> None:
        self.n = n
        self.bamboo: dict[Hex, int] = n["bamboo"]
        self.reserve: list[int] = list(n["bamboo_reserve"])
        self.copied = False
        self.limited = n["options"].bamboo_supply == "limited"

    def grow(self, h: Hex, amount: int) -> None:
        """Add up to ``amount`` sections to the bamboo on ``h`` (cap 4, TK-BAM-1, TK-BAM-2)."""
        height = self.bamboo[h]
        add = grown_height(height, amount) - height
        ci = COLOUR_INDEX[self.n["colours"][h]]
        if self.limited:
            add = min(add, self.reserve[ci])
        if add <= 0:
            return
        if not self.copied:
            self.bamboo = dict(self.bamboo)
            self.copied = True
        self.bamboo[h] = height + add
        self.reserve[ci] -= add

    def irrigate(self, hexes: tuple[Hex, ...]) -> None:
        """Irrigate plots; each one irrigated for the first time grows once (TK-IRR-6)."""
        n = self.n
        irrigated = n["irrigated"]
        fresh = newly_irrigated(irrigated, hexes)
        if not fresh:
            return
        n["irrigated"] = irrigated.union(fresh)
        fert = n["options"].fertilizer_on_first_growth
        improvements = n["improvements"]
        for h in fresh:
            self.grow(h, growth_amount(improvements.get(h), fert))  # TK-IMP-4

    def close(self) -> None:
        """Write the changed bamboo back into the new state's data."""
        if self.copied:
            self.n["bamboo"] = self.bamboo
            self.n["bamboo_reserve"] = tuple(self.reserve)


def _resolve_weather(state: State, n: dict[str, Any], face: str) -> None:
    """Apply a weather face before the actions (TK-TURN-2, TK-W-1 to TK-W-6)."""
    n["weather"] = face
    n["phase"] = "actions"
    if face == "sun":
        n["allowed"] = 3  # TK-W-1
    elif face == "rain":
        # TK-W-2; TK-TURN-5: with no plot to grow yet, the rain waits while a free action
        # (a stored channel or chip, a claim paying sections back) could still give it one
        if rain_targets(state) or has_free_action(state):
            n["phase"] = "rain"
    elif face == "storm":
        if storm_targets(state):
            n["phase"] = "storm"  # TK-W-4
    elif face == "clouds":
        # TK-W-5: a chip from the reserve, or another face when the reserve is empty
        n["phase"] = "clouds" if any(n["improvement_reserve"]) else "choose_weather"
    elif face == "?":
        n["phase"] = "choose_weather"  # TK-W-6


def _panda_to(n: dict[str, Any], h: Hex) -> None:
    """Move the panda to ``h``; it eats one section unless enclosed (TK-PAN-2 to TK-PAN-4)."""
    n["panda"] = h
    bamboo = n["bamboo"]
    if not panda_eats(h, bamboo, n["improvements"]):
        return
    bamboo = dict(bamboo)
    bamboo[h] -= 1
    n["bamboo"] = bamboo
    p = n["player"]
    eaten = n["eaten"]
    ci = COLOUR_INDEX[n["colours"][h]]
    n["eaten"] = replace_at(eaten, p, replace_at(eaten[p], ci, eaten[p][ci] + 1))


def _place_plot(n: dict[str, Any], h: Hex, tile: str, chip: str | None) -> None:
    """Put a plot into the garden and update the incremental structures (TK-PLOT-2, TK-PLOT-4)."""
    tiles = dict(n["tiles"])
    tiles[h] = tile
    n["tiles"] = tiles
    colours = dict(n["colours"])
    colours[h] = tile[0]
    n["colours"] = colours
    bamboo = dict(n["bamboo"])
    bamboo[h] = 0
    n["bamboo"] = bamboo
    improvement = placed_improvement(tile, chip)
    if improvement is not None:
        improvements = dict(n["improvements"])
        improvements[h] = improvement
        n["improvements"] = improvements
    # legal plot positions: next to the pond or next to two plots (TK-PLOT-2)
    spots = set(n["plot_spots"])
    spots.discard(h)
    for m in NEIGHBORS[h]:
        if m is None or m in tiles or m == POND or m in spots:
            continue
        if sum(1 for k in NEIGHBORS[m] if k in tiles) >= 2:
            spots.add(m)
    n["plot_spots"] = frozenset(spots)
    # legal channel edges: between two plots, touching a pond corner or a channel (TK-IRR-3/4)
    channels = n["channels"]
    new_spots = []
    for direction, m in enumerate(NEIGHBORS[h]):
        if m is None or m not in tiles:
            continue
        e = EDGES_OF[h][direction]
        _, _, c1, c2, touching = edge_info(e)
        if c1 == POND or c2 == POND or any(t in channels for t in touching):
            new_spots.append(e)
    if new_spots:
        n["channel_spots"] = n["channel_spots"].union(new_spots)
    # irrigation next to the pond or from a watershed (TK-PLOT-4, TK-IRR-5, TK-IMP-5)
    if watered_on_placement(h, tile, chip):
        garden = _Garden(n)
        garden.irrigate((h,))
        garden.close()


def _place_channel(n: dict[str, Any], e: Edge) -> None:
    """Lay a channel; both plots of its edge become irrigated (TK-IRR-3 to TK-IRR-6)."""
    channels = n["channels"] | {e}
    n["channels"] = channels
    tiles = n["tiles"]
    a, b, _, _, touching = edge_info(e)
    spots = set(n["channel_spots"])
    spots.discard(e)
    for t in touching:
        if t not in channels:
            x, y = t.hexes()
            if x in tiles and y in tiles:
                spots.add(t)
    n["channel_spots"] = frozenset(spots)
    garden = _Garden(n)
    garden.irrigate((a, b))
    garden.close()


def _draw_objective(state: State, n: dict[str, Any], kind: str) -> None:
    """Draw one card from the chosen deck into the hand (TK-OBJ-1, TK-CMP-7)."""
    k = DECK_INDEX[kind]
    deck = n["decks"][k]
    p = n["player"]
    if n["options"].redraw_if_already_complete and kind != "panda":
        # variant: a card already met goes to the bottom and the player draws again
        for _ in range(len(deck)):
            if not is_objective_met(state, p, deck[0]):
                break
            deck = (*deck[1:], deck[0])
    card = deck[0]
    n["decks"] = replace_at(n["decks"], k, deck[1:])
    n["hands"] = replace_at(n["hands"], p, (*n["hands"][p], card))


def _claim(n: dict[str, Any], card: str) -> None:
    """Complete an objective; pay panda sections back; maybe take the Emperor (TK-CMP, TK-END-1)."""
    p = n["player"]
    hand = list(n["hands"][p])
    hand.remove(card)
    n["hands"] = replace_at(n["hands"], p, tuple(hand))
    done = (*n["completed"][p], card)
    n["completed"] = replace_at(n["completed"], p, done)
    info = CARDS[card]
    if info.deck == "panda":  # TK-CMP-6: the sections go back to the reserve
        eaten = n["eaten"][p]
        n["eaten"] = replace_at(
            n["eaten"],
            p,
            tuple(have - need for have, need in zip(eaten, info.sections, strict=True)),
        )
        n["bamboo_reserve"] = tuple(
            r + need for r, need in zip(n["bamboo_reserve"], info.sections, strict=True)
        )
    if n["emperor"] is None and len(done) >= END_TRIGGER[n["num_players"]]:
        n["emperor"] = p  # TK-END-1


def _end_turn(state: State, n: dict[str, Any]) -> None:
    """Pass to the next player, or end the game after the final turns (TK-END-2, TK-END-3)."""
    num = n["num_players"]
    p = n["player"]
    if n["emperor"] is None and n["options"].end_on_dead_garden and is_dead_garden(state):
        _game_over(n)
        return
    if n["emperor"] is not None:
        left = n["final_turns_left"]
        if left is None:
            if n["options"].final_round == "others_one_turn_each":
                left = num - 1  # TK-END-3: every other player exactly one more turn
            else:
                left = (n["start_player"] - p - 1) % num
        else:
            left -= 1
        n["final_turns_left"] = left
        if left == 0:
            _game_over(n)
            return
    n["player"] = (p + 1) % num
    n["turn"] += 1
    n["used"] = ()
    n["allowed"] = 2
    n["weather"] = None
    weather = n["turn"] >= num or n["options"].first_round_weather  # TK-TURN-1
    n["phase"] = "roll" if weather else "actions"


def _game_over(n: dict[str, Any]) -> None:
    n["phase"] = "over"
    n["used"] = ()
    n["allowed"] = 2
    n["weather"] = None


# ---------------------------------------------------------------- one handler per action type

_Fields = dict[str, Any]


def _do_choose_action(state: State, n: _Fields, action: ChooseAction) -> None:
    """Choose one of the five actions (TK-TURN-3); plot and irrigation resolve at once."""
    what = action.kind
    p = state.player
    n["used"] = (*state.used, what)
    if what == "plot":
        deck = state.plot_deck
        n["drawn"] = deck[:3]  # TK-PLOT-1, TK-PLOT-3
        n["plot_deck"] = deck[3:]
        n["phase"] = "keep_plot"
    elif what == "irrigation":
        n["channel_reserve"] -= 1  # TK-IRR-1: taken to the board, placed when the player likes
        n["stored_channels"] = replace_at(state.stored_channels, p, state.stored_channels[p] + 1)
    else:
        n["phase"] = what


def _do_move_gardener(state: State, n: _Fields, action: MoveGardener) -> None:
    """Move the gardener; it grows its plot and the irrigated neighbours of that colour."""
    h = action.plot
    n["gardener"] = h
    n["phase"] = "actions"
    targets = growth_targets(state.colours, state.irrigated, state.bamboo, h)
    if targets:  # TK-GAR-2, TK-GAR-3
        improvements = state.improvements
        garden = _Garden(n)
        for t in targets:
            garden.grow(t, growth_amount(improvements.get(t)))  # TK-IMP-4
        garden.close()


def _do_move_panda(state: State, n: _Fields, action: MovePanda) -> None:
    """Move the panda (panda action or storm); it eats one section (TK-PAN-2, TK-W-4)."""
    _panda_to(n, action.plot)
    n["phase"] = "actions"


def _do_claim(state: State, n: _Fields, action: Claim) -> None:
    """Complete an objective (TK-CMP-1)."""
    _claim(n, action.card)


def _do_place_channel(state: State, n: _Fields, action: PlaceChannel) -> None:
    """Place a stored channel (TK-IRR-2)."""
    p = state.player
    n["stored_channels"] = replace_at(state.stored_channels, p, state.stored_channels[p] - 1)
    _place_channel(n, action.edge)


def _do_end_turn(state: State, n: _Fields, action: EndTurn) -> None:
    """End the turn."""
    _end_turn(state, n)


def _do_roll(state: State, n: _Fields, action: Roll) -> None:
    """A face of the weather die (TK-TURN-1)."""
    _resolve_weather(state, n, action.face)


def _do_choose_weather(state: State, n: _Fields, action: ChooseWeather) -> None:
    """The face chosen on "?" or on clouds with no chip left (TK-W-5, TK-W-6)."""
    _resolve_weather(state, n, action.face)


def _do_keep_plot(state: State, n: _Fields, action: KeepPlot) -> None:
    """Keep one of the drawn plots (TK-PLOT-1)."""
    drawn = state.drawn
    i = action.index - 1
    n["kept"] = drawn[i]
    n["drawn"] = drawn[:i] + drawn[i + 1 :]
    n["phase"] = "place_plot"


def _do_place_plot(state: State, n: _Fields, action: PlacePlot) -> None:
    """Place the kept plot, maybe with a stored chip; return the other two (TK-PLOT-1/2)."""
    p = state.player
    chip = None
    if action.improvement is not None:
        chip = IMPROVEMENT_LETTERS[action.improvement]
        chips = state.stored_improvements[p]
        n["stored_improvements"] = replace_at(
            state.stored_improvements,
            p,
            replace_at(chips, IMPROVEMENT_INDEX[chip], chips[IMPROVEMENT_INDEX[chip]] - 1),
        )
    kept = state.kept
    assert kept is not None
    _place_plot(n, action.plot, kept, chip)
    n["kept"] = None
    rest = state.drawn
    if len(rest) == 2 and state.options.plot_return_order == "player_choice":
        n["phase"] = "return_plots"
    else:
        if len(rest) == 2:
            order, n["rng"] = vrng.shuffled(rest, state.rng)
            rest = tuple(order)
        _return_plots(n, rest)


def _do_return_plots(state: State, n: _Fields, action: ReturnPlots) -> None:
    """Return the two plots not kept in the chosen order (TK-PLOT-1)."""
    drawn = state.drawn
    _return_plots(n, tuple(drawn[i - 1] for i in action.order))


def _do_draw_objective(state: State, n: _Fields, action: DrawObjective) -> None:
    """Draw an objective from the chosen deck (TK-OBJ-1)."""
    _draw_objective(state, n, action.deck)
    n["phase"] = "actions"


def _do_place_improvement(state: State, n: _Fields, action: PlaceImprovement) -> None:
    """Place a stored chip on a plot without bamboo or improvement (TK-IMP-2)."""
    p = state.player
    letter = IMPROVEMENT_LETTERS[action.improvement]
    chips = state.stored_improvements[p]
    n["stored_improvements"] = replace_at(
        state.stored_improvements,
        p,
        replace_at(chips, IMPROVEMENT_INDEX[letter], chips[IMPROVEMENT_INDEX[letter]] - 1),
    )
    improvements = dict(state.improvements)
    improvements[action.plot] = letter
    n["improvements"] = improvements
    if improvement_irrigates(letter):  # TK-IMP-5: a watershed irrigates its plot
        garden = _Garden(n)
        garden.irrigate((action.plot,))
        garden.close()


def _do_grow(state: State, n: _Fields, action: Grow) -> None:
    """Rain: grow one irrigated plot (TK-W-2)."""
    h = action.plot
    garden = _Garden(n)
    garden.grow(h, growth_amount(state.improvements.get(h), state.options.fertilizer_on_rain))
    garden.close()
    n["phase"] = "actions"


def _do_take_improvement(state: State, n: _Fields, action: TakeImprovement) -> None:
    """Clouds: take a chip from the reserve to the board (TK-W-5)."""
    p = state.player
    i = IMPROVEMENT_INDEX[IMPROVEMENT_LETTERS[action.improvement]]
    n["improvement_reserve"] = replace_at(
        state.improvement_reserve, i, state.improvement_reserve[i] - 1
    )
    chips = state.stored_improvements[p]
    n["stored_improvements"] = replace_at(
        state.stored_improvements, p, replace_at(chips, i, chips[i] + 1)
    )
    n["phase"] = "actions"


def _do_pass(state: State, n: _Fields, action: Pass) -> None:
    """Decline the weather effect."""
    n["phase"] = "actions"


_HANDLERS: dict[type, Callable[[State, _Fields, Any], None]] = {
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


def apply_action(state: State, action: Action) -> State:
    """The state after ``action`` (assumed legal)."""
    n = state.fields()
    _HANDLERS[type(action)](state, n, action)
    return state.successor(n, action)


def _return_plots(n: dict[str, Any], tiles: tuple[str, ...]) -> None:
    """Put the plots not kept back under (or on) the pile, first one uppermost (TK-PLOT-1)."""
    if n["options"].plot_return_position == "bottom":
        n["plot_deck"] = n["plot_deck"] + tiles
    else:
        n["plot_deck"] = tiles + n["plot_deck"]
    n["drawn"] = ()
    n["phase"] = "actions"
