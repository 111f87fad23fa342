"""Regenerate the Bamboo golden records: ``python tests/data/bamboo/make_golden.py``.

Each file wraps a seeded random game's record with its expected final scores and the sha256 of
``json.dumps(final.to_dict(), sort_keys=True)``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from bamboo_lab.games import bamboo, record_of

HERE = Path(__file__).parent
GAMES = [
    ("golden-2p.json", 2, 101, {}),
    ("golden-3p-night.json", 3, 202, {"night_side": True}),
    ("golden-4p.json", 4, 303, {}),
]


def digest(state: bamboo.State) -> str:
    """The sha256 of the state's canonical JSON."""
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()


def main() -> None:
    """Play and write every golden game."""
    for name, n, seed, options in GAMES:
        rng = random.Random(seed)
        state = bamboo.new_game(n, seed, options)
        while not state.is_over():
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        record = record_of("bamboo", state, seed, options)
        wrapper = {
            "record": record.to_dict(),
            "expected": {"scores": list(state.scores()), "sha256": digest(state)},
        }
        (HERE / name).write_text(json.dumps(wrapper, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
