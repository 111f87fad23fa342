"""The work dict: a state's fields while the rules turn it into the next state.

``State.apply`` copies the state's fields into a :class:`Work`, the handlers of :mod:`.rules`
and :mod:`.seasons` replace its entries with new values (never editing a value in place), and
the result becomes the next state's fields; :func:`.serial.load_fields` builds one from a dict.
Its keys are exactly the :class:`~.state.State` dataclass fields (a test checks it); the personal
boards are one entry per field, a tuple indexed by seat (``work["coins"][seat]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .options import Options

__all__ = ["Market", "Rows", "Work"]

Rows = tuple[tuple[int, ...], ...]
"""Rows of tile ids: a market's face-up rows, or the face-down stacks beside them."""

Market = tuple[Rows, Rows, tuple[int, ...]]
"""A tile market: its face-up rows, its stacks (top first) and each stack's public bottom."""


class Work(TypedDict):
    """The fields of a Bamboo state being turned into the next state (see :class:`.State`)."""

    num_players: int
    options: Options
    rng: int
    round: int
    first_player: int
    phase: str
    player: int
    hp: tuple[int, ...]
    coins: tuple[int, ...]
    reserve: tuple[int, ...]
    track: tuple[int, ...]
    board_temples: tuple[tuple[tuple[int, ...], ...], ...]
    marker: tuple[int, ...]
    balance: tuple[tuple[int, ...], ...]
    scored: tuple[tuple[int, ...], ...]
    home: tuple[tuple[int, ...], ...]
    awake: tuple[tuple[str, ...], ...]
    asleep: tuple[tuple[str, ...], ...]
    food: tuple[tuple[int, ...], ...]
    passed: tuple[bool, ...]
    stalks: tuple[tuple[int, ...], ...]
    temples: tuple[tuple[int, ...], ...]
    spirit_stacks: tuple[tuple[str, ...], ...]
    spirit_box: tuple[str, ...]
    spirit_out: tuple[str, ...]
    temple_tiles: tuple[int, ...]
    balance_market: tuple[tuple[int, ...], ...]
    balance_stacks: tuple[tuple[int, ...], ...]
    home_market: tuple[tuple[int, ...], ...]
    home_stacks: tuple[tuple[int, ...], ...]
    home_box: tuple[int, ...]
    food_display: tuple[int, ...]
    food_bag: tuple[int, ...]
    food_discard: tuple[int, ...]
    gift_display: tuple[str, ...]
    gift_stack: tuple[str, ...]
    shoot_pool: tuple[int, ...]
    shoot_box: tuple[int, ...]
    visited: int
    sticks: int
    pending: tuple[int, ...]
    activations: int
    activated: int
    per_stalk: tuple[int, ...]
    kitsune: bool
    bakeneko: bool
    activating: tuple[int, ...]
    receiving: int
    context: str
    step: int
    buying: int
    resume: str
    balance_known: tuple[int, ...]
    home_known: tuple[int, ...]
    history: Any
    """A tuple of actions, or the shared link the next state extends (core.history)."""
    start: Mapping[str, Any] | None
