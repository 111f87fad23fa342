"""Regenerate the Takenoko golden records: ``python tests/data/takenoko/make_golden.py``.

Each file holds a seeded uniformly random game (``record``) and what replaying it must give
(``expected``: the final scores and the sha256 of the final state's sorted JSON).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from bamboo_lab.games import record_of, takenoko

HERE = Path(__file__).parent
VARIANTS = {
    "bamboo_supply": "limited",
    "plot_return_position": "top",
    "final_round": "finish_round",
}
GAMES: tuple[tuple[str, int, int, dict[str, object]], ...] = (
    ("golden-2p.json", 2, 101, {}),
    ("golden-3p.json", 3, 202, {}),
    ("golden-4p-variants.json", 4, 303, VARIANTS),
)


def play(num_players: int, seed: int, options: dict[str, object]) -> takenoko.State:
    """A uniformly random game from ``seed`` (the die and the players share one Random)."""
    rng = random.Random(seed)
    state = takenoko.new_game(num_players, seed, options)
    while not state.is_over():
        legal = state.legal_actions()  # at a roll: the six faces, equally likely
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def digest(state: takenoko.State) -> str:
    """The sha256 of the state's sorted JSON form."""
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()


def main() -> None:
    """Write every golden file."""
    for name, players, seed, options in GAMES:
        final = play(players, seed, options)
        record = record_of("takenoko", final, seed, options)
        data = {
            "record": record.to_dict(),
            "expected": {"scores": list(final.scores()), "sha256": digest(final)},
        }
        (HERE / name).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(name, len(record.actions), "actions, scores", final.scores())


if __name__ == "__main__":
    main()
