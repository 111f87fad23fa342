"""Determinism: the same seed, options and actions give the same game in any process."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from harness import random_playout

from bamboo_lab.games import load, names

SCRIPT = """
import hashlib, importlib, json, sys
sys.path.insert(0, {tests!r})
from harness import random_playout
from bamboo_lab.games import GAMES, load, register
if {name!r} not in GAMES:
    register(importlib.import_module({module!r}))
final, plies = random_playout(load({name!r}), {n}, 11)
print(hashlib.sha256(json.dumps(final.to_dict(), sort_keys=True).encode()).hexdigest(), plies)
"""


@pytest.mark.parametrize("name", names())
def test_same_game_under_every_hash_seed(name: str) -> None:
    """Set and dict iteration order must never leak into the game (PYTHONHASHSEED varies)."""
    module = load(name)
    n = module.PLAYER_COUNTS[-1]
    final, plies = random_playout(module, n, 11)
    here = hashlib.sha256(json.dumps(final.to_dict(), sort_keys=True).encode()).hexdigest()
    code = SCRIPT.format(tests=str(Path(__file__).parent), name=name, module=module.__name__, n=n)
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
        ).stdout.split()
        assert out == [here, str(plies)], f"{name}: PYTHONHASHSEED={hash_seed} changes the game"


@pytest.mark.parametrize("name", names())
def test_different_seeds_give_different_setups(name: str) -> None:
    module = load(name)
    if not getattr(module, "RANDOM_SETUP", True):
        pytest.skip(f"{name} declares RANDOM_SETUP = False: every seed deals the same setup")
    n = module.PLAYER_COUNTS[-1]
    setups = {json.dumps(module.new_game(n, s).to_dict(), sort_keys=True) for s in range(5)}
    assert len(setups) == 5
