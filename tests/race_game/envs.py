"""Race's observation: every pawn's hex and the rolled face, after the common header."""

from __future__ import annotations

from typing import Any

from bamboo_lab.envs.observations import Vector, header


def encode(out: Vector, view: Any, observer: int, num_players: int) -> None:
    """The header, then the pawns from the observer's and the die."""
    header(out, view, observer, num_players, view.phase)
    pawns = [view.pawns[(observer + k) % num_players] for k in range(num_players)]
    out.add("pawns", pawns, "each pawn's hex, from the observer's")
    out.add("rolled", [view.rolled], "the die's face (0 before the roll)")
