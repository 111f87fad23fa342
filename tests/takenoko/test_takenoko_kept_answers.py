"""The answers the engine keeps or reads from tables, against the same answers worked out from
scratch along seeded games: the tall bamboo counts (gardener cards), the dead-garden
reachability read from a garden summary, and the legal actions built from kept tuples."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from takenoko_helpers import SAMPLE_VARIANTS

from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko import legal
from bamboo_lab.games.takenoko.actions import PlaceImprovement, PlacePlot
from bamboo_lab.games.takenoko.components import (
    CARDS,
    COLOURS,
    IMPROVEMENT_NAMES,
    IMPROVEMENTS,
    MAX_HEIGHT,
)
from bamboo_lab.games.takenoko.rules import card_reachable, growable_colours, is_objective_met
from bamboo_lab.games.takenoko.scoring import shoot_may_count, tall_counts

VARIANTS = (*SAMPLE_VARIANTS, {"bamboo_supply": "limited"})


def _games(variant: int, games: int = 4) -> list[tk.State]:
    """Every state of a few seeded random games, each state's tall counts worked out before its
    successor is built (so the successor carries them)."""
    rng = random.Random(variant)
    states = []
    for seed in range(games):
        state = tk.new_game(2, seed, VARIANTS[variant])
        while not state.is_over():
            state.tall_counts()
            states.append(state)
            legal_actions = state.legal_actions()
            state = state.apply(legal_actions[rng.randrange(len(legal_actions))], check=False)
        states.append(state)
    return states


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_TK_CMP_4_TK_CMP_5_tall_counts_carried_along_whole_games_equal_a_fresh_count(
    variant: int,
) -> None:
    """The tall bamboo counts a state carries from its parent (updated on the plots the action
    changed) equal a count over the whole garden, at every position."""
    states = _games(variant)
    changed = 0
    for before, after in pairwise(states):
        kept = after.tall_counts()
        assert kept == tall_counts(after.colours, after.bamboo, after.improvements)
        changed += kept != before.tall_counts()
    assert changed > 50


def _reachable_plot_by_plot(state: tk.State, player: int, card: str) -> bool:
    """card_reachable's reading, plot by plot (the rules of its docstring, from scratch)."""
    growable = growable_colours(state)
    if is_objective_met(state, player, card):
        return True
    info = CARDS[card]
    colours, irrigated, improvements, bamboo = (
        state.colours,
        state.irrigated,
        state.improvements,
        state.bamboo,
    )
    if info.deck == "plot":
        return False
    if info.deck == "gardener":
        grow = info.colour in growable
        if info.shoots == 1:
            return grow and any(
                colours[place] == info.colour
                and shoot_may_count(info, info.colour, improvements.get(place), bamboo[place])
                for place in irrigated
            )
        exact = state.options.gardener_height_match == "exact"
        count = 0
        for place, colour in colours.items():
            if colour != info.colour:
                continue
            height, enclosed = bamboo[place], improvements.get(place) == "E"
            if exact and height == MAX_HEIGHT and enclosed:
                continue
            if (grow and place in irrigated) or height >= 3:
                count += 1
        return count >= info.shoots
    eaten = state.eaten[player]
    for colour_index, need in enumerate(info.sections):
        if eaten[colour_index] >= need:
            continue
        colour = COLOURS[colour_index]
        grow = colour in growable
        if not any(
            colours[place] == colour
            and improvements.get(place) != "E"
            and ((grow and place in irrigated) or bamboo[place] > 0)
            for place in colours
        ):
            return False
    return True


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_TK_CMP_4_TK_CMP_6_dead_garden_reachability_from_the_garden_summary_is_plot_by_plot(
    variant: int,
) -> None:
    """card_reachable, read from a summary of the garden kept per garden (the cheaper test
    first), answers as the plot-by-plot reading for every card and seat, at positions of whole
    games (frozen gardens or not)."""
    for state in _games(variant, 3)[::9]:
        for player in range(state.num_players):
            for card in CARDS:
                expected = _reachable_plot_by_plot(state, player, card)
                assert card_reachable(state, player, card) is expected, (card, player)


def _actions_phase_from_scratch(state: tk.State) -> tuple[tk.Action, ...]:
    """The actions phase's legal actions from feasible_actions, free_actions and can_end_turn
    (TK-TURN-3 to TK-TURN-5)."""
    feasible = legal.feasible_actions(state)
    out: list[tk.Action] = [tk.ChooseAction(kind) for kind in feasible]
    legal.free_actions(state, out)
    if legal.can_end_turn(state, feasible):
        out.append(tk.EndTurn())
    return tuple(out)


def _place_plot_from_scratch(state: tk.State) -> tuple[tk.Action, ...]:
    """The place-plot phase's legal actions spot by spot (TK-PLOT-2, catalog 7.8)."""
    chips = state.stored_improvements[state.player]
    attach = state.options.improvement_on_placement and len(state.kept or "") == 1
    out: list[tk.Action] = []
    for place in sorted(state.plot_spots):
        out.append(PlacePlot(place))
        if attach:
            out += [
                PlacePlot(place, IMPROVEMENT_NAMES[letter])
                for letter, count in zip(IMPROVEMENTS, chips, strict=True)
                if count
            ]
    return tuple(out)


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_TK_TURN_3_TK_TURN_5_legal_actions_from_kept_tuples_equal_ones_built_from_scratch(
    variant: int,
) -> None:
    """The actions phase's legal actions (the feasible actions as bits, the chip actions kept
    per spots and chips) and the place-plot phase's (kept per spots) equal the ones built from
    their rules at every such position of whole games."""
    checked = 0
    for state in _games(variant, 3):
        if state.phase == "actions":
            assert state.legal_actions() == _actions_phase_from_scratch(state)
            checked += any(type(action) is PlaceImprovement for action in state.legal_actions())
        elif state.phase == "place_plot":
            assert state.legal_actions() == _place_plot_from_scratch(state)
    assert checked
