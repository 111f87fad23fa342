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
one-line reproducer. The play boards are fuzzed too (forged actions, near-miss texts, clicks at
any float): a refusal must leave the game, its log and its undo list unchanged. And every state
a builder, ``from_dict`` or a record accepts must be a game's (issue 44): it and the states
:data:`WALK` legal decisions on save and load back equal. ``tests/test_fuzz_bombs.py`` measures
the largest input under each limit. Runs are deterministic (``derandomize=True``). Knobs:

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
    SANDBOX_CALLS,
    Case,
    action_cases,
    board_cases,
    cli_cases,
    count,
    derived_cases,
    dict_cases,
    env_cases,
    explain_play_cases,
    foreign_cases,
    hand_cases,
    position_cases,
    record_cases,
    record_finding,
    record_text_cases,
    sample_state,
    sandbox_cases,
    setup_cases,
    text_cases,
)
from harness import play_on
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bamboo_lab.core.errors import BambooLabError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import load, names

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


MESSAGE_LIMIT = 1000
"""The longest refusal message (it quotes at most ~80 characters of the input)."""

DEAD_END_WALK = 40
"""Random decisions walked from every accepted state, each position checked for a dead end."""


def check_no_dead_end(state: Any) -> None:
    """No dead ends: every position on a short random walk is over or has a legal action."""
    rng = random.Random(1)
    for ply in range(DEAD_END_WALK):
        if state.is_over():
            return
        if state.current_player == CHANCE:
            actions = [a for a, _ in state.chance_outcomes()]
        else:
            actions = list(state.legal_actions())
        assert actions, f"dead end after {ply} plies: not over, no legal action ({state!r})"
        state = state.apply(actions[rng.randrange(len(actions))], check=False)


def check_accepted(state: Any) -> None:
    """An accepted state round-trips through JSON, prints, plays on keeping every invariant and
    reaches no dead end."""
    module = load(state.game)
    check_no_dead_end(state)
    text = json.dumps(state.to_dict(), sort_keys=True)
    again = type(state).from_dict(json.loads(text))
    assert again == state, "accepted, but from_dict(to_dict(s)) != s"
    assert json.dumps(again.to_dict(), sort_keys=True) == text, "accepted, but to_dict not stable"
    assert isinstance(str(state), str)
    play_on(module, state, random.Random(0), check=True, max_plies=PLAY_ON)


def judge(case: Case) -> None:
    """Run one input: refused with a BambooLabError, or accepted into a sound state."""
    before = case.snapshot() if case.snapshot is not None else None
    try:
        state = case.run()
    except BambooLabError as exc:
        count(case, "refused")
        assert len(str(exc)) <= MESSAGE_LIMIT, f"a {len(str(exc))}-character message: {case}"
        if case.snapshot is not None:
            assert case.snapshot() == before, f"refused, but the input changed: {case}"
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
    "forged_actions_in_explain_and_play": explain_play_cases,
}
"""The kinds of bad input, each a strategy of cases for one game."""


@pytest.mark.parametrize("game", names())
@pytest.mark.parametrize("inputs", list(INPUTS.values()), ids=list(INPUTS))
@FUZZ
@given(data=st.data())
def test_bad_input(
    game: str, inputs: Callable[[str], st.SearchStrategy[Case]], data: st.DataObject
) -> None:
    judge(data.draw(inputs(game)))


@pytest.mark.parametrize("game", names())
@settings(FUZZ, max_examples=max(5, EXAMPLES // 5))
@given(data=st.data())
def test_command_line_arguments_and_record_files(game: str, data: st.DataObject) -> None:
    judge(data.draw(cli_cases(game)))


SURFACES: dict[str, Callable[[str], st.SearchStrategy[Case]]] = {
    "environment": env_cases,
    "sandbox": sandbox_cases,
    "board": board_cases,
}
"""Inputs through the PettingZoo env, the scoring sandboxes and the play boards (a forged
action, a near-miss text, a click at any float: a refusal leaves the game, its log and its undo
list unchanged), all optional extras."""


SURFACE_CASES = [
    pytest.param(inputs, game, id=f"{kind}-{game}")
    for kind, inputs in SURFACES.items()
    for game in names()
    if inputs is not sandbox_cases or game in SANDBOX_CALLS  # the games with a scoring sandbox
]


@pytest.mark.parametrize(("inputs", "game"), SURFACE_CASES)
@settings(FUZZ, max_examples=max(5, EXAMPLES // 4))
@given(data=st.data())
def test_bad_input_through_envs_and_sandboxes(
    game: str, inputs: Callable[[str], st.SearchStrategy[Case]], data: st.DataObject
) -> None:
    pytest.importorskip("pettingzoo" if inputs is env_cases else "ipywidgets")
    judge(data.draw(inputs(game)))


WALK = max(10, min(40, EXAMPLES // 2))
"""Legal decisions walked from every accepted state (``make soak``: 40 from each of 3,000 per
source and game, about 1.8 million at most)."""

SOURCES: dict[str, Callable[[str], st.SearchStrategy[Case]]] = {
    "mutated_state_dicts": dict_cases,
    "views_and_saved_positions": derived_cases,
    "position_builder_arguments": position_cases,
    "builder_hands": hand_cases,
    "mutated_records": record_cases,
}
"""Where an accepted state comes from: the loader, the builder, a record."""


def check_reachable(state: Any, rng: random.Random, plies: int) -> None:
    """An accepted state is a game's: it and every state ``plies`` legal decisions on save
    and load back equal (a position the rules could not reach breaks here, issue 44)."""
    kind = type(state)
    for ply in range(plies + 1):
        text = json.dumps(state.to_dict(), sort_keys=True)
        try:
            again = kind.from_dict(json.loads(text))
        except BambooLabError as exc:
            message = f"after {ply} legal decisions the state does not load: {exc}"
            raise AssertionError(message) from exc
        assert again == state, f"after {ply} legal decisions from_dict(to_dict(s)) != s"
        if state.is_over():
            return
        if state.current_player == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(actions, weights)[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)


@pytest.mark.parametrize("game", names())
@pytest.mark.parametrize("source", list(SOURCES.values()), ids=list(SOURCES))
@FUZZ
@given(data=st.data())
def test_every_accepted_state_saves_and_loads_back_after_legal_actions(
    game: str, source: Callable[[str], st.SearchStrategy[Case]], data: st.DataObject
) -> None:
    """What a builder, ``from_dict`` or a record accepts is reachable: after any sequence of
    legal decisions it still saves and loads back equal (issue 44)."""
    case = data.draw(source(game))
    try:
        state = case.run()
    except BambooLabError:
        return
    if state is None:
        return
    seed = data.draw(st.integers(0, 2**32 - 1))
    try:
        check_reachable(state, random.Random(seed), WALK)
    except Exception as exc:
        line = record_finding(case, exc, f"accepted but unreachable (walk seed {seed})")
        if not COLLECT:
            raise AssertionError(f"{type(exc).__name__}: {exc!s:.300}\n{line}") from exc


def test_a_takenoko_position_loaded_without_its_start_plays_on_into_states_that_load() -> None:
    """Found by the property above (issue 44): ``from_dict`` of a Takenoko position saved
    without history or start accepts it, and its successors begin their history at it (their
    ``start``, as ``start_here`` makes it), so they load again (TK-TURN-1); a new game's
    position keeps its successors' history beginning at ``new_game``."""
    module = load("takenoko")
    data = {**sample_state("takenoko", 2, 9, 40).to_dict(), "history": []}
    data.pop("start", None)
    check_reachable(module.State.from_dict(data), random.Random(1), 5)


def test_a_bangkok_view_plays_on_into_states_that_load() -> None:
    """Found by the property above (issue 44): a seat's view of a Bangkok game, played on to
    the scoring, still hides the other seats' pontoons (it never saw them), and loads: at the
    scoring the loader accepts what a view made before it hides (BK-SET-2, K15)."""
    state = sample_state("bangkok", 2, 9, 40)
    view = load("bangkok").State.from_dict(state.view(0).to_dict())
    check_reachable(view, random.Random(1), 300)


def test_collected_findings_fail_the_run() -> None:
    """With BAMBOO_LAB_FUZZ_COLLECT the tests above go on after a crash: fail here instead."""
    assert not FINDINGS, "fuzz findings:\n" + "\n".join(sorted(FINDINGS.values()))


def test_the_fuzz_counts_add_up() -> None:
    """Every input tried was refused, accepted or crashed (counted), none silently skipped."""
    for (game, kind), tally in COUNTS.items():
        outcomes = tally["refused"] + tally["accepted"] + tally.get("crashed", 0)
        assert tally["tried"] == outcomes, (game, kind, tally)
