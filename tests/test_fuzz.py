"""Fuzz suite (issue 9): bad input never crashes and never corrupts, in every registered game.

Hypothesis draws inputs a user might type or load (tests/fuzz_strategies.py): wrongly typed action
fields, near-miss action texts (``parse_action`` and ``explain`` must agree), mutated ``to_dict``
outputs, mutated and damaged records, odd ``new_game`` and ``position`` arguments, objects that
are not actions, and the command line (``new`` with odd numbers, ``replay`` of damaged files:
exit status 0, or 2 with one line). Every outcome must be one of two:

- refused with a :class:`BambooLabError` (InvalidActionError, IllegalActionError,
  InvalidStateError), or
- accepted into a state that round-trips through JSON (``from_dict(to_dict(s)) == s``), prints,
  and plays on: a few random decisions with every harness invariant checked at every step.

Any other exception, or an accepted state that breaks an invariant, fails the test with a
one-line reproducer. Runs are deterministic (``derandomize=True``). Knobs:

- ``BAMBOO_LAB_FUZZ_EXAMPLES``: examples per strategy and game (default 40, a fifth of it for
  the command line; ``make soak`` runs thousands);
- ``BAMBOO_LAB_FUZZ_COLLECT=1``: record every crash and go on (exploration), then fail once at
  the end listing them, instead of stopping at the first;
- ``BAMBOO_LAB_FUZZ_FINDINGS=<dir>``: append each distinct crash's reproducer to
  ``<dir>/fuzz_findings_<game>.txt``;
- ``BAMBOO_LAB_FUZZ_REPORT=<file>``: write the counts (inputs tried, refused, accepted) as JSON.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from typing import Any

import pytest
from fuzz_strategies import (
    COUNTS,
    FINDINGS,
    Case,
    action_cases,
    cli_cases,
    count,
    dict_cases,
    foreign_cases,
    position_cases,
    record_cases,
    record_finding,
    record_text_cases,
    setup_cases,
    text_cases,
)
from harness import play_on
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bamboo_lab.core.errors import BambooLabError
from bamboo_lab.games import GAMES, load

EXAMPLES = int(os.environ.get("BAMBOO_LAB_FUZZ_EXAMPLES", "40"))
COLLECT = os.environ.get("BAMBOO_LAB_FUZZ_COLLECT", "") not in ("", "0")
PLAY_ON = 4
"""Random decisions played (and checked) on from every accepted state."""

FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=False,
    suppress_health_check=list(HealthCheck),
)


def check_accepted(state: Any) -> None:
    """An accepted state round-trips through JSON, prints, and plays on keeping every invariant."""
    module = load(state.game)
    text = json.dumps(state.to_dict(), sort_keys=True)
    again = type(state).from_dict(json.loads(text))
    assert again == state, "accepted, but from_dict(to_dict(s)) != s"
    assert json.dumps(again.to_dict(), sort_keys=True) == text, "accepted, but to_dict not stable"
    assert isinstance(str(state), str)
    play_on(module, state, random.Random(0), check=True, max_plies=PLAY_ON)


def judge(case: Case) -> None:
    """Run one input: refused with a BambooLabError, or accepted into a sound state."""
    try:
        state = case.run()
    except BambooLabError:
        count(case, "refused")
        return
    except Exception as exc:
        line = record_finding(case, exc, "crash")
        count(case, "crashed")
        if not COLLECT:
            raise AssertionError(f"{type(exc).__name__}: {exc!s:.300}\n{line}") from exc
        return
    count(case, "accepted")
    if state is None:
        return
    try:
        check_accepted(state)
    except Exception as exc:
        line = record_finding(case, exc, "accepted but corrupt")
        count(case, "corrupt")
        if not COLLECT:
            raise AssertionError(f"{type(exc).__name__}: {exc!s:.300}\n{line}") from exc


INPUTS: dict[str, Callable[[str], st.SearchStrategy[Case]]] = {
    "wrongly_typed_action_fields": action_cases,
    "near_miss_action_texts": text_cases,
    "mutated_state_dicts": dict_cases,
    "mutated_records": record_cases,
    "damaged_record_texts": record_text_cases,
    "new_game_arguments": setup_cases,
    "objects_that_are_not_actions": foreign_cases,
    "position_builder_arguments": position_cases,
}
"""The kinds of bad input, each a strategy of cases for one game."""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("inputs", list(INPUTS.values()), ids=list(INPUTS))
@FUZZ
@given(data=st.data())
def test_bad_input(
    game: str, inputs: Callable[[str], st.SearchStrategy[Case]], data: st.DataObject
) -> None:
    judge(data.draw(inputs(game)))


@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=max(5, EXAMPLES // 5))
@given(data=st.data())
def test_command_line_arguments_and_record_files(game: str, data: st.DataObject) -> None:
    judge(data.draw(cli_cases(game)))


def test_collected_findings_fail_the_run() -> None:
    """With BAMBOO_LAB_FUZZ_COLLECT the tests above go on after a crash: fail here instead."""
    assert not FINDINGS, "fuzz findings:\n" + "\n".join(sorted(FINDINGS.values()))


def test_the_fuzz_counts_add_up() -> None:
    """Every input tried was refused, accepted or crashed (counted), none silently skipped."""
    for (game, kind), tally in COUNTS.items():
        outcomes = tally["refused"] + tally["accepted"] + tally.get("crashed", 0)
        assert tally["tried"] == outcomes, (game, kind, tally)
