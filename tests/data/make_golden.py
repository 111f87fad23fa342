"""Regenerate the golden records: ``.venv/bin/python tests/data/make_golden.py``.

Each ``tests/data/<game>/golden-*.json`` holds a seeded uniformly random game (``record``) and
what replaying it must give (``expected``: the final scores and the sha256 of the final state's
sorted JSON). ``tests/test_golden.py`` replays them; regenerate only on purpose, when a rule
change is meant to change games, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from bamboo_lab.games import load, record_of

HERE = Path(__file__).parent

GOLDEN: tuple[tuple[str, str, int, int, dict[str, Any]], ...] = (
    ("takenoko", "golden-2p", 2, 101, {}),
    ("takenoko", "golden-3p", 3, 202, {}),
    (
        "takenoko",
        "golden-4p-variants",
        4,
        303,
        {"bamboo_supply": "limited", "plot_return_position": "top", "final_round": "finish_round"},
    ),
    ("bamboo", "golden-2p", 2, 101, {}),
    ("bamboo", "golden-3p-night", 3, 202, {"night_side": True}),
    ("bamboo", "golden-4p", 4, 303, {}),
    ("bangkok", "golden-2p", 2, 11, {}),
    ("bangkok", "golden-4p-expert", 4, 23, {"expert": True}),
    ("bangkok", "golden-solo", 1, 5, {}),
)
"""(game, file stem, players, seed, options) of every golden record."""


def digest(state: Any) -> str:
    """The sha256 of a state's sorted JSON form."""
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()


def play(game: str, num_players: int, seed: int, options: dict[str, Any]) -> Any:
    """A uniformly random game from ``seed`` (dice and players share one ``random.Random``)."""
    rng = random.Random(seed)
    state = load(game).new_game(num_players, seed, options)
    while not state.is_over():
        legal = state.legal_actions()  # at a roll: the faces, equally likely
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def main() -> None:
    """Write every golden file."""
    for game, stem, players, seed, options in GOLDEN:
        final = play(game, players, seed, options)
        record = record_of(game, final, seed, options)
        data = {
            "record": record.to_dict(),
            "expected": {"scores": list(final.scores()), "sha256": digest(final)},
        }
        path = HERE / game / f"{stem}.json"
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(path.relative_to(HERE), len(record.actions), "actions, scores", final.scores())


if __name__ == "__main__":
    main()
