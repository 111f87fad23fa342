"""Puzzles: "find the best move" positions mined from bot games and proved by analysis.

A puzzle is a position from a game between the bundled bots where, from the mover's view, one
legal move is clearly best (``analysis.ranked_moves`` at a large budget, twice with different
seeds, and the search bot agrees); it carries the position as a record, the answer, the
runner-up and by how much it loses, a theme computed from what the move does and a difficulty.
The shipped sets are ``bamboo_lab/puzzles/data/<game>.json`` (``bamboo-lab puzzles build``).
"""

from __future__ import annotations

from .mine import Settings, build, settings_for
from .model import DIFFICULTIES, Puzzle, PuzzleSet, load_set, read_set, set_path
from .solve import Verdict, check_answer, resolve
from .themes import THEMES, theme

__all__ = [
    "DIFFICULTIES",
    "THEMES",
    "Puzzle",
    "PuzzleSet",
    "Settings",
    "Verdict",
    "build",
    "check_answer",
    "load_set",
    "read_set",
    "resolve",
    "set_path",
    "settings_for",
    "theme",
]
