"""The engine step (core.step): one ``apply`` for every game, checked on each registered game."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError
from bamboo_lab.core.history import LinkedHistory, length
from bamboo_lab.core.refusals import Rulebook
from bamboo_lab.core.step import Engine, Fields, Handler, dict_setter
from bamboo_lab.games import load, names


def _line(name: str, seed: int, plies: int = 120) -> list[Any]:
    """The states of a seeded random line of play (to the end or ``plies`` actions)."""
    rng = random.Random(seed)
    state = load(name).new_game(2, seed)
    states = [state]
    while not state.is_over() and len(states) <= plies:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


@pytest.mark.parametrize("name", names())
def test_every_game_applies_through_the_one_engine_step(name: str) -> None:
    """Each game's State is an Engine with a handler for every action type of its rulebook,
    and takes ``apply`` from it (no game writes its own)."""
    state_class = type(load(name).new_game(2, 0))
    assert issubclass(state_class, Engine)
    assert "apply" not in vars(state_class)
    assert set(state_class.handlers) == set(state_class.rulebook.action_types)


@pytest.mark.parametrize("name", names())
def test_a_step_changes_nothing_of_the_state_before(name: str) -> None:
    """Along a seeded game: the state before a step saves as it did, and the successor's
    history is the state's plus the action; the successor saves and loads as itself (what a
    state kept is worked out again, equal, after loading)."""
    module = load(name)
    states = _line(name, seed=5)
    for before, after in itertools.pairwise(states):
        saved = before.to_dict()
        assert after.history[:-1] == before.history
        assert before.to_dict() == saved
        loaded = type(after).from_dict(after.to_dict())
        assert loaded == after
        assert loaded.legal_actions() == after.legal_actions()
    assert isinstance(states[-1], type(module.new_game(2, 0)))


@pytest.mark.parametrize("name", names())
def test_a_refused_step_raises_and_changes_nothing(name: str) -> None:
    """A foreign object and an action legal elsewhere but not now are refused by the step's
    check, and the state is as it was."""
    states = _line(name, seed=2, plies=40)
    state, later = states[0], states[-1]
    saved = state.to_dict()
    with pytest.raises(InvalidActionError):
        state.apply("not an action")
    illegal = [action for action in later.legal_actions() if action not in state.legal_actions()]
    for action in illegal[:3]:
        with pytest.raises(IllegalActionError):
            state.apply(action)
    assert state.to_dict() == saved


@dataclass(frozen=True)
class _Add:
    """Add ``amount`` to the counter."""

    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


def _add(state: _Counter, fields: Fields, action: _Add) -> None:
    fields["total"] = state.total + action.amount


def _refusal(state: Any, action: Any) -> tuple[str, str]:
    return "C-1", "add 1 or 2"


@dataclass(frozen=True)
class _Counter(Engine):
    """A counter game of one rule, to read the step alone."""

    rulebook = Rulebook("Counter", "counter", (_Add,), lambda text: _Add(int(text)), _refusal)
    handlers: ClassVar[dict[type, Handler]] = {_Add: _add}
    game = "counter"
    phase = "add"
    current_player = 0
    total: int = 0
    history: LinkedHistory = LinkedHistory()

    def legal_actions(self) -> tuple[_Add, ...]:
        return (_Add(1), _Add(2))

    def is_over(self) -> bool:
        return False


def test_the_step_calls_the_handler_extends_the_history_and_builds_a_new_state() -> None:
    """The handler's writes make the successor; the history is a link that reads as the tuple;
    the state is unchanged; the step hands on the engine's own action object."""
    start = _Counter()
    mine = _Add(2)
    after = start.apply(mine).apply(_Add(1))
    assert (start.total, after.total) == (0, 3)
    assert after.history == (_Add(2), _Add(1)) and start.history == ()
    assert after.history[0] is not mine  # the legal action's own object (issue 22)
    with pytest.raises(IllegalActionError, match=r"add 1 or 2 \(C-1\)"):
        start.apply(_Add(3))
    assert start.apply(_Add(3), check=False).total == 3  # unchecked: the handler alone


def test_the_step_hands_the_successors_fields_to_carry() -> None:
    """``carry`` sees the state before and the successor's fields after the handler and the
    history, and what it writes is the successor's."""
    seen: list[Any] = []

    @dataclass(frozen=True)
    class Keeping(_Counter):
        def carry(self, fields: Fields, action: Any) -> None:
            seen.append((self.total, fields["total"], length(fields["history"]), action))
            fields["_kept"] = action

    after = Keeping().apply(_Add(2))
    assert seen == [(0, 2, 1, _Add(2))]
    assert after.__dict__["_kept"] == _Add(2) and after.total == 2


def test_the_step_asks_where_the_history_begins_only_from_a_position_without_history() -> None:
    """``begin_history`` is called for the first action played from a position without
    history, and what it writes is the successor's; later steps do not call it."""
    begun: list[int] = []

    @dataclass(frozen=True)
    class Started(_Counter):
        def begin_history(self, fields: Fields) -> None:
            begun.append(self.total)
            fields["_start"] = self.total

    first = Started(total=5).apply(_Add(1))
    later = first.apply(_Add(2)).apply(_Add(1))
    assert begun == [5]
    assert first.__dict__["_start"] == 5 and later.__dict__["_start"] == 5


def test_dict_setter_fills_a_frozen_instance_and_refuses_a_class_without_dict() -> None:
    """``dict_setter(cls)(instance, fields)`` makes ``fields`` the instance's own dict, past a
    frozen class's ``__setattr__``; a class whose instances have no ``__dict__`` is refused."""
    counter = object.__new__(_Counter)
    fields = {"total": 7, "history": ()}
    dict_setter(_Counter)(counter, fields)
    assert counter.total == 7 and counter.__dict__ is fields
    with pytest.raises(TypeError, match="no __dict__"):
        dict_setter(Engine)
