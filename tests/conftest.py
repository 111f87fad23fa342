"""Test set-up: make the helpers in tests/ importable, cap the suite's memory, register the
tests' own game on request, and report the fuzz suite's counts.

- ``BAMBOO_LAB_TEST_EXTRA_GAME=1`` registers ``tests/race_game`` (a small game made by
  docs/adding-a-game.md) before any test module is collected, so every suite whose per-game
  tables come from the registry (``bamboo_lab.games.names()``) runs it too: a fourth game must
  pass them with no change to any test (``tests/test_extra_game.py`` runs them so).
- ``BAMBOO_LAB_TEST_MEMORY_GB`` (default 6; ``0`` for none) caps the data memory of the test
  process and what it starts, so a test that grows without bound fails with a MemoryError
  naming the cap instead of taking the machine (``RLIMIT_DATA``: chromium's address-space
  reservations, which ``RLIMIT_AS`` would count, stay free).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from memory_cap import MEMORY_GB, cap_memory

EXTRA_GAME = os.environ.get("BAMBOO_LAB_TEST_EXTRA_GAME", "") not in ("", "0")
"""Whether the tests' own race game is registered for this run."""

if EXTRA_GAME:
    import race_game

    from bamboo_lab import games

    if race_game.NAME not in games.names():
        games.register(race_game)


cap_memory(MEMORY_GB)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test that runs out of memory under the cap fails saying so."""
    try:
        return (yield)
    except MemoryError as exc:
        raise MemoryError(
            f"{item.nodeid} went over the suite's memory cap of {MEMORY_GB:g} GB"
            " (BAMBOO_LAB_TEST_MEMORY_GB, tests/conftest.py): does it grow without bound?"
        ) from exc


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """After a run that fuzzed: print the counts; write them and the findings where asked."""
    fuzz = sys.modules.get("fuzz_strategies")
    if fuzz is None or not fuzz.COUNTS:
        return
    rows = sorted(fuzz.COUNTS.items())
    terminalreporter.section("fuzz inputs (tried / refused / accepted / crashed / corrupt)")
    for (game, kind), t in rows:
        terminalreporter.write_line(
            f"{game:9} {kind:13} {t['tried']:7} {t['refused']:7} {t['accepted']:7}"
            f" {t.get('crashed', 0):5} {t.get('corrupt', 0):5}"
        )
    total = {k: sum(t.get(k, 0) for _, t in rows) for k in ("tried", "refused", "accepted")}
    terminalreporter.write_line(f"total: {total}")
    report = os.environ.get("BAMBOO_LAB_FUZZ_REPORT")
    if report:
        data = [{"game": g, "kind": k, **t} for (g, k), t in rows]
        Path(report).write_text(json.dumps(data, indent=1) + "\n")
    folder = os.environ.get("BAMBOO_LAB_FUZZ_FINDINGS")
    if folder:
        fuzz.flush_findings(folder)


@pytest.fixture(autouse=True)
def _fresh_exercise_tries() -> Iterator[None]:
    """Each test starts with no wrong exercise try counted (tries are kept per kernel)."""
    from bamboo_lab import exercises

    exercises.reset()
    yield
    exercises.reset()
