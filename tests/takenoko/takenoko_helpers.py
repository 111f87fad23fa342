"""Helpers shared by the Takenoko tests: small gardens, channel edges, actions written in
notation, played games, exercise answers and the sampled transitions of random games.

Positions are built with the public ``takenoko.position(...)`` builder (validated through
``State.from_dict``), never by hand.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from bamboo_lab import exercises
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import IMPROVEMENT_NAMES, MAX_HEIGHT
from bamboo_lab.games.takenoko.geometry import edge_between

# A small garden: the six pond plots (irrigated) and two dry outer plots (q, r, colour, height).
RING = (
    (1, 0, "G", 1),
    (1, -1, "G", 1),
    (0, -1, "Y", 1),
    (-1, 0, "P", 1),
    (-1, 1, "Y", 1),
    (0, 1, "G", 1),
    (2, -1, "G", 0),
    (2, 0, "Y", 0),
)


def channel(a: tuple[int, int], b: tuple[int, int]) -> Edge:
    """The edge between two adjacent hexes given as (q, r)."""
    return edge_between(Hex(*a), Hex(*b))


SETUP_FILLERS = {"P": "P14", "G": "G08", "A": "A12"}
"""Cards met in none of the small gardens here (a green-pink diamond, a yellow 4 with a
watershed, two pink sections), to stand for the setup cards a test's hand does not name."""


def dealt(*cards: str) -> tuple[str, ...]:
    """The hand ``cards`` plus a card of each deck it lacks (:data:`SETUP_FILLERS`): every
    player keeps the plot, gardener and panda objective dealt at setup (TK-SET-4)."""
    kinds = {card[0] for card in cards}
    return (*cards, *(filler for kind, filler in SETUP_FILLERS.items() if kind not in kinds))


def act(state: tk.State, *texts: str) -> tk.State:
    """Apply actions written in notation, each checked for legality."""
    for text in texts:
        state = state.apply(tk.parse_action(text, state))
    return state


def legal_texts(state: tk.State) -> list[str]:
    """The notation of every legal action."""
    return [str(a) for a in state.legal_actions()]


# The six pond plots, with two pink bamboos 3 high and a green one 4 high.
PANDA_RING = (
    (1, 0, "P", 3),
    (1, -1, "P", 3),
    (0, -1, "Y", 1),
    (-1, 0, "G", 4),
    (-1, 1, "Y", 1),
    (0, 1, "G", 1),
)


# plots east of the pond with a gap at (2, 0) on the line from (1, 0) to (3, 0)
BEYOND_GAP = (
    (1, 0, "G", 1),
    (1, -1, "G", 1),
    (2, -1, "Y", 0),
    (2, -2, "Y", 0),
    (3, -2, "P", 0),
    (3, -1, "P", 0),
    (4, -2, "G", 0),
    (4, -1, "G", 0),
    (3, 0, "Y", 0),
)


def played(plies: int, seed: int = 1) -> tk.State:
    """The state after ``plies`` random legal actions of a seeded 2-player game."""
    rng = random.Random(seed)
    state = tk.new_game(2, seed)
    for _ in range(plies):
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def truth(exercise_id: str) -> Any:
    """The engine's answer, read as answers are read."""
    e = exercises.get(exercise_id)
    return e.truth(e.position())


# The letter of each improvement (the inverse of IMPROVEMENT_NAMES).
IMPROVEMENT_LETTER = {name: letter for letter, name in IMPROVEMENT_NAMES.items()}


# The public rule helpers (growth_targets, growth_amount, panda_eats, newly_irrigated,
# watered_on_placement, improvement_irrigates, the objective helpers) are checked against
# ``apply`` itself on every transition of seeded random games under these options (the default
# rules and the fertilizer variants), so a bot that values moves with them sees the rules the
# engine plays.
SAMPLE_VARIANTS = (
    None,
    {"fertilizer_on_rain": False, "fertilizer_on_first_growth": False},
    {"gardener_height_match": "at_least", "plot_objective_mirror_allowed": True},
)


# One step of a sampled game: (state, action, next state).
Transition = tuple[tk.State, tk.Action, tk.State]


@cache
def sample_transitions(variant: int) -> tuple[Transition, ...]:
    """Every (state, action, next state) of a few seeded random games."""
    options = SAMPLE_VARIANTS[variant]
    rng = random.Random(variant)
    out = []
    for seed in range(6):
        state = tk.new_game(2, seed, options)
        while not state.is_over():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            after = state.apply(action, check=False)
            out.append((state, action, after))
            state = after
    return tuple(out)


def transitions_of(variant: int, kind: type) -> list[Transition]:
    """The sampled transitions of one action type (at least one, or the test fails)."""
    found = [t for t in sample_transitions(variant) if type(t[1]) is kind]
    assert found, f"no {kind.__name__} in the sample games"
    return found


def grown(before: tk.State, after: tk.State) -> dict[tk.Hex, int]:
    """How many sections each plot whose bamboo changed gained (negative: eaten)."""
    return {
        h: after.bamboo[h] - height
        for h, height in before.bamboo.items()
        if after.bamboo[h] != height
    }


def expected_growth(before: tk.State, plots: list[tk.Hex], fertilized: bool) -> dict:
    """The sections the rule helpers say ``plots`` gain, capped at the maximum height."""
    return {
        h: min(growth_amount, MAX_HEIGHT - before.bamboo[h])
        for h in plots
        if (growth_amount := tk.growth_amount(before.improvements.get(h), fertilized))
        and before.bamboo[h] < MAX_HEIGHT
    }


KEPT_VARIANTS = (*SAMPLE_VARIANTS, {"bamboo_supply": "limited"})
"""The sample variants and the limited bamboo supply: the options the kept answers depend on."""


def kept_states(variant: int, games: int = 4) -> list[tk.State]:
    """Every state of a few seeded random games of :data:`KEPT_VARIANTS`, each state's tall
    counts worked out before its successor is built (so the successor carries them)."""
    rng = random.Random(variant)
    states = []
    for seed in range(games):
        state = tk.new_game(2, seed, KEPT_VARIANTS[variant])
        while not state.is_over():
            state.tall_counts()
            states.append(state)
            legal_actions = state.legal_actions()
            state = state.apply(legal_actions[rng.randrange(len(legal_actions))], check=False)
        states.append(state)
    return states
