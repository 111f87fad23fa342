"""Histories shared, not copied: the states of one game point to their parent's history."""

from __future__ import annotations

import copy
import itertools
import random
from dataclasses import dataclass, replace

import pytest

from bamboo_lab.core.history import (
    CHUNK,
    LinkedHistory,
    actions_between,
    extended,
    length,
    written,
)
from bamboo_lab.games import actions_between as states_between
from bamboo_lab.games import load, names, record_of, replay


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
    node: tuple | list = base
    expected = list(base)
    for i in range(3 * CHUNK + 5):
        node = extended(node, i)
        expected.append(i)
        assert length(node) == len(expected)
        assert written(node) == tuple(expected)
    assert written(node) == written(extended(node[0], node[1])) == tuple(expected)
    assert written(base) is base and length(base) == 3


@pytest.mark.parametrize("name", names())
def test_states_of_one_game_share_their_history(name: str) -> None:
    """Each state stores its parent's history and one action: nothing is copied."""
    states = _random_line(name, 300)
    for before, after in itertools.pairwise(states):
        stored = after.__dict__["history"]
        assert type(stored) is list and stored[0] is before.__dict__["history"]
    last = states[-1]
    assert isinstance(last.history, tuple) and len(last.history) == len(states) - 1
    assert last.history[:10] == states[10].history


@pytest.mark.parametrize("name", names())
def test_replayed_states_share_their_history_and_keep_no_tuple(name: str) -> None:
    """replay builds one shared chain; reading every state's history keeps no copy of it."""
    line = _random_line(name, 400)
    states = replay(record_of(name, line[-1], 3))
    assert [len(s.history) for s in states] == list(range(len(states)))
    for before, after in itertools.pairwise(states):
        assert states_between(before, after) == (after.history[-1],)
        assert after.__dict__["history"][0] is before.__dict__["history"]
    assert all(type(s.__dict__["history"]) is list for s in states[1:])


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
    assert actions_between(("x",), extended(("x",), "y")) == ("y",)
    assert actions_between(("x",), extended(("z",), "y")) is None


@pytest.mark.parametrize("name", names())
def test_states_copy_pickle_and_compare_with_their_history_written_out(name: str) -> None:
    """A state deep in a game copies (and so pickles: both reduce it the same way) and compares
    as its fields with the history written out: the chain of links it shares is never nested
    into the copy (it would be as deep as the game is long), and the copy plays on alike."""
    states = _random_line(name, 3000)
    last = states[-1]
    assert type(last.__dict__["history"]) is list and len(last.history) == len(states) - 1
    assert "[[" not in repr(last.__reduce_ex__(4))  # what pickle and copy save: no link
    for copied in (copy.deepcopy(last), copy.copy(last)):
        assert type(copied.__dict__["history"]) is tuple
        assert copied == last and last == copied and copied.history == last.history
        assert copied.legal_actions() == last.legal_actions()
        assert copied.to_dict() == last.to_dict()
    loaded = type(last).from_dict(last.to_dict())  # the same position, its history a tuple
    assert loaded == last and loaded.history == last.history
    assert states[-2] != last


def test_a_linked_history_field_stores_a_link_and_reads_the_tuple() -> None:
    """The dataclass field every dataclass state declares (docs/adding-a-game.md)."""

    @dataclass(frozen=True)
    class Line:
        moves: int
        history: LinkedHistory = LinkedHistory()

    empty = Line(0)
    assert empty.history == () and empty.__dict__["history"] == ()
    link = extended(extended((), "a"), "b")
    line = Line(2, link)  # type: ignore[arg-type]
    assert line.__dict__["history"] is link  # stored as is, not written out
    assert line.history == ("a", "b")
    assert line == Line(2, ("a", "b")) and hash(line) == hash(Line(2, ("a", "b")))
    assert repr(line).endswith("Line(moves=2, history=('a', 'b'))")
    assert replace(line, moves=3).history == ("a", "b")


def test_a_linked_history_is_the_history_field_only() -> None:
    with pytest.raises((TypeError, RuntimeError)) as caught:

        class Wrong:
            moves = LinkedHistory()

    error = caught.value.__cause__ or caught.value  # Python 3.11 wraps it in a RuntimeError
    assert "the history field, not 'moves'" in str(error)
