"""Histories shared, not copied: the states of one game point to their parent's history."""

from __future__ import annotations

import copy
import itertools
import random

import pytest

from bamboo_lab.core.history import CHUNK, History, actions_between, written
from bamboo_lab.games import GAMES, load, record_of, replay
from bamboo_lab.games import actions_between as states_between


def _random_line(name: str, plies: int, seed: int = 3) -> list:
    """The states of a uniformly random line of play of ``plies`` actions (or to the end)."""
    rng = random.Random(seed)
    state = load(name).new_game(2, seed)
    states = [state]
    while not state.is_over() and len(states) <= plies:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))], check=False)
        states.append(state)
    return states


def test_a_history_writes_out_as_the_tuple_of_its_actions_at_every_length() -> None:
    base = ("a", "b", "c")  # a line of play that began at a loaded history
    node: tuple | History = base
    expected = list(base)
    for i in range(3 * CHUNK + 5):
        node = History(node, i)
        expected.append(i)
        assert len(node) == len(expected)
        assert written(node) == tuple(expected)
    assert node == tuple(expected) and node == History(node.before, node.action)
    assert copy.deepcopy(node) == tuple(expected)


@pytest.mark.parametrize("name", GAMES)
def test_states_of_one_game_share_their_history(name: str) -> None:
    """Each state stores its parent's history and one action: nothing is copied."""
    states = _random_line(name, 300)
    for before, after in itertools.pairwise(states):
        stored = after.__dict__["history"]
        assert isinstance(stored, History) and stored.before is before.__dict__["history"]
    last = states[-1]
    assert isinstance(last.history, tuple) and len(last.history) == len(states) - 1
    assert last.history[:10] == states[10].history


@pytest.mark.parametrize("name", GAMES)
def test_replayed_states_share_their_history_and_keep_no_tuple(name: str) -> None:
    """replay builds one shared chain; reading every state's history keeps no copy of it."""
    line = _random_line(name, 400)
    states = replay(record_of(name, line[-1], 3))
    assert [len(s.history) for s in states] == list(range(len(states)))
    for before, after in itertools.pairwise(states):
        assert states_between(before, after) == (after.history[-1],)
        assert after.__dict__["history"].before is before.__dict__["history"]
    assert all(isinstance(s.__dict__["history"], (tuple, History)) for s in states)
    assert all(s.__dict__["history"].__class__ is not tuple for s in states[1:])


def test_actions_between_walks_one_line_and_compares_others() -> None:
    states = _random_line("takenoko", 200)
    assert states_between(states[5], states[9]) == states[9].history[5:]
    assert states_between(states[9], states[5]) is None
    assert states_between(states[3], states[3]) == ()
    other = _random_line("takenoko", 20, seed=4)
    assert states_between(other[10], states[10]) is None  # another line of play
    assert states_between(states[0], _random_line("bamboo", 5)[-1]) is None
    loaded = type(states[10]).from_dict(states[10].to_dict())  # a written-out history
    assert states_between(loaded, states[12]) == states[12].history[10:]
    assert actions_between(("x",), History(("x",), "y")) == ("y",)
    assert actions_between(("x",), History(("z",), "y")) is None
