"""sample_chance draws exactly what ``rng.choices(faces, weights)[0]`` draws, for the same rng."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bamboo_lab.bots import sample_chance
from bamboo_lab.games import takenoko as tk


class _Chance:
    """A stand-in state whose chance outcomes are the given tuple."""

    def __init__(self, outcomes: tuple[tuple[Any, float], ...]) -> None:
        self.outcomes = outcomes

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        return self.outcomes


def _reference(state: Any, rng: random.Random) -> Any:
    """The draw sample_chance made before it kept the cumulative weights."""
    faces, weights = zip(*state.chance_outcomes(), strict=True)
    return rng.choices(faces, weights)[0]


def test_sample_chance_draws_as_random_choices_for_the_takenoko_die() -> None:
    state = tk.new_game(2, 0)
    while state.phase != "roll":
        state = state.apply(state.legal_actions()[-1])  # to the next turn's weather roll
    mine, theirs = random.Random(5), random.Random(5)
    for _ in range(2000):
        assert sample_chance(state, mine) is _reference(state, theirs)
    assert mine.random() == theirs.random()  # one draw of the generator each, no more


def test_sample_chance_follows_outcomes_that_change_between_calls() -> None:
    """Uneven weights, integer weights, outcomes built afresh or shared, alternating."""
    shared = _Chance((("a", 0.1), ("b", 0.6), ("c", 0.3)))
    other = _Chance((("x", 1), ("y", 3)))
    mine, theirs = random.Random(11), random.Random(11)
    for index in range(3000):
        state = (shared, other, _Chance((("p", 2.0), ("q", 0.5), ("r", index % 7))))[index % 3]
        assert sample_chance(state, mine) == _reference(state, theirs)


@pytest.mark.parametrize(
    "outcomes", [(("a", 0.0), ("b", 0.0)), (("a", float("inf")),), (("a", float("nan")),)]
)
def test_sample_chance_refuses_weights_that_cannot_be_drawn(
    outcomes: tuple[tuple[Any, float], ...],
) -> None:
    with pytest.raises(ValueError, match="Total of weights"):
        sample_chance(_Chance(outcomes), random.Random(0))
