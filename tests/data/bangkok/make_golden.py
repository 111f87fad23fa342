"""Regenerate the Bangkok golden records: ``.venv/bin/python tests/data/bangkok/make_golden.py``.

Each file holds a GameRecord of a seeded uniformly random game and the expected final scores
and sha256 of ``json.dumps(final.to_dict(), sort_keys=True)``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from bamboo_lab.games import bangkok, record_of

HERE = Path(__file__).parent

GAMES: tuple[tuple[str, int, int, dict[str, Any]], ...] = (
    ("golden-2p", 2, 11, {}),
    ("golden-4p-expert", 4, 23, {"expert": True}),
    ("golden-solo", 1, 5, {}),
)


def play(num_players: int, seed: int, options: dict[str, Any]) -> Any:
    """Play one uniformly random game (choices from ``random.Random(seed)``)."""
    rng = random.Random(seed)
    state = bangkok.new_game(num_players, seed, options)
    while not state.is_over():
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def digest(state: Any) -> str:
    """The sha256 of the final state's canonical JSON."""
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()


def main() -> None:
    """Write every golden file."""
    for name, n, seed, options in GAMES:
        final = play(n, seed, options)
        record = record_of("bangkok", final, seed, options)
        data = {
            "record": record.to_dict(),
            "expected": {"scores": list(final.scores()), "sha256": digest(final)},
        }
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
