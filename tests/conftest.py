"""Test set-up: make the helpers in tests/ importable; report the fuzz suite's counts."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))


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
