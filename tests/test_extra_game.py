"""A fourth game breaks no test (issue 45): the tests' own race game (tests/race_game, made by
docs/adding-a-game.md), registered for a whole run by ``BAMBOO_LAB_TEST_EXTRA_GAME=1``
(tests/conftest.py), passes the conformance, fuzz, layer, shape, environment, registry,
determinism and command-line suites with no change to any test: their per-game tables come from
the registry, and what they assume of a game they ask the game. And no test grows without bound:
the run is under a memory cap (tests/conftest.py)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from memory_cap import MEMORY_GB

TESTS = Path(__file__).parent

SUITES = (
    "test_conformance.py",
    "test_fuzz.py",
    "test_fuzz_bombs.py",
    "test_layers.py",
    "test_shape.py",
    "test_registry.py",
    "test_determinism.py",
    "test_harness.py",
    "test_cli.py",
    "envs",
)
"""The suites that take every registered game."""


@pytest.mark.slow
def test_every_registry_driven_suite_passes_with_the_race_game_registered() -> None:
    env = {**os.environ, "BAMBOO_LAB_TEST_EXTRA_GAME": "1"}
    command = [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-k", "race"]
    done = subprocess.run(
        [*command, *(str(TESTS / suite) for suite in SUITES)],
        capture_output=True,
        text=True,
        env=env,
        cwd=TESTS.parent,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    passed = [
        line
        for line in done.stdout.splitlines()
        if "PASSED" in line and "race" in line.split("[", 1)[-1].split("]")[0]
    ]
    assert len(passed) > 50, done.stdout[-4000:]


def test_the_run_is_under_its_memory_cap() -> None:
    """A test that grows without bound fails with a MemoryError instead of taking the machine."""
    soft, _ = resource.getrlimit(resource.RLIMIT_DATA)
    if MEMORY_GB > 0:
        assert soft != resource.RLIM_INFINITY and soft <= MEMORY_GB * 2**30
    code = "b = bytearray(2**31)"  # 2 GB, under a 1 GB cap
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_DATA, (2**30, 2**30)),
    )
    assert done.returncode != 0 and "MemoryError" in done.stderr
