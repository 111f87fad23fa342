"""The shared refusal pipeline (core.refusals): check, explain, parse_action and the message."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.core.refusals import Refusal, Rulebook, illegal_message


@dataclass(frozen=True)
class Step:
    """Move along a line by ``length``."""

    length: int

    def __str__(self) -> str:
        return f"step {self.length}"


@dataclass(frozen=True)
class Line:
    """A one-player race: step 1 or 2 towards 5."""

    game: ClassVar[str] = "race"
    place: int = 0
    phase: str = "move"

    @property
    def current_player(self) -> int:
        return -2 if self.is_over() else 0

    def is_over(self) -> bool:
        return self.place >= 5

    def legal_actions(self) -> tuple[Step, ...]:
        return () if self.is_over() else (Step(1), Step(2))


def parse(text: str) -> Step:
    if not text.startswith("step ") or not text[5:].isdigit():
        raise InvalidActionError(f"{text[:20]!r} is not a step")
    return Step(int(text[5:]))


def refusal(state: Line, action: Step) -> Refusal | None:
    if state.is_over():
        return "RACE-END", "the race is over"
    if action.length > 2:
        return "RACE-1", "a step is 1 or 2 long"
    return None


RULEBOOK = Rulebook("Race", "race", (Step,), parse, refusal)


def test_check_returns_the_engines_own_action() -> None:
    own = RULEBOOK.check(Line(), Step(2))
    assert own == Step(2) and type(own.length) is int


def test_check_refuses_with_the_rule_and_the_one_message() -> None:
    with pytest.raises(IllegalActionError) as caught:
        RULEBOOK.check(Line(), Step(3))
    assert caught.value.rule == "RACE-1"
    assert str(caught.value) == (
        "'step 3' is illegal for player 0 in phase move: a step is 1 or 2 long (RACE-1)"
    )


def test_a_finished_game_names_no_player() -> None:
    message = illegal_message(Line(place=5, phase="over"), "step 1", "RACE-END", "over")
    assert message == "'step 1' is illegal in phase over: over (RACE-END)"


def test_explain_says_legal_or_the_rule() -> None:
    assert RULEBOOK.explain(Line(), "step 1").legal
    refused = RULEBOOK.explain(Line(), Step(7))
    assert (refused.legal, refused.rule) == (False, "RACE-1")
    assert RULEBOOK.explain(Line(place=5), "step 1").rule == "RACE-END"


def test_parse_action_reads_text_and_refuses_what_is_illegal() -> None:
    assert RULEBOOK.parse_action("step 2", Line()) == Step(2)
    with pytest.raises(IllegalActionError, match="RACE-1"):
        RULEBOOK.parse_action("step 4", Line())
    with pytest.raises(InvalidActionError):
        RULEBOOK.parse_action("jump", Line())
    with pytest.raises(InvalidActionError):
        RULEBOOK.parse_action(3, Line())  # type: ignore[arg-type]


def test_objects_that_are_not_actions_or_states_are_refused() -> None:
    with pytest.raises(InvalidActionError):
        RULEBOOK.check(Line(), "step 1")
    with pytest.raises(InvalidActionError):
        RULEBOOK.explain(Line(), 1.5)
    with pytest.raises(InvalidStateError):
        RULEBOOK.explain("a line", "step 1")  # type: ignore[arg-type]


def test_an_action_whose_notation_cannot_be_written_is_reported_as_forged() -> None:
    class Broken(Step):
        def __str__(self) -> str:
            raise TypeError("no notation")

    with pytest.raises(InvalidActionError, match="well-formed Race action"):
        RULEBOOK.check(Line(), Broken(9))


def test_an_action_no_rule_refuses_is_reported_as_forged() -> None:
    forged = Step(1)
    object.__setattr__(forged, "length", 1.0)
    assert RULEBOOK.check(Line(), forged) == Step(1)  # equal to a legal one: the engine's own
    odd = Step(0)
    with pytest.raises(InvalidActionError, match="well-formed Race action"):
        RULEBOOK.check(Line(), odd)
