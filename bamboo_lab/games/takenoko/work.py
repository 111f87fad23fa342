"""The rules' work: a state's fields as a typed dict, copied from a state and changed by the rules.

``state.State`` declares the same fields with a docstring each; a test checks the two agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.core.history import Link

from .actions import Action
from .options import Options

__all__ = ["Work"]


class Work(TypedDict):
    """A state's fields as the rules copy and change them (``State.fields()``): the State's
    fields (see their docstrings there) and ``history``, the actions applied since ``start``
    (possibly a :data:`~bamboo_lab.core.history.Link` not yet written out)."""

    num_players: int
    options: Options
    start_player: int
    turn: int
    player: int
    phase: str
    weather: str | None
    allowed: int
    used: tuple[str, ...]
    tiles: dict[Hex, str]
    colours: dict[Hex, str]
    improvements: dict[Hex, str]
    bamboo: dict[Hex, int]
    irrigated: frozenset[Hex]
    channels: frozenset[Edge]
    channel_spots: frozenset[Edge]
    plot_spots: frozenset[Hex]
    gardener: Hex
    panda: Hex
    plot_deck: tuple[str, ...]
    drawn: tuple[str, ...]
    kept: str | None
    decks: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...], ...]
    completed: tuple[tuple[str, ...], ...]
    eaten: tuple[tuple[int, int, int], ...]
    stored_channels: tuple[int, ...]
    stored_improvements: tuple[tuple[int, int, int], ...]
    channel_reserve: int
    improvement_reserve: tuple[int, int, int]
    bamboo_reserve: tuple[int, int, int]
    emperor: int | None
    final_turns_left: int | None
    rng: int
    history: Link | tuple[Action, ...]
    viewer: int | str | None
    start: Mapping[str, Any] | None
    _kept: NotRequired[dict[str, Any]]
    """Not a field: what the state works out once (``State.kept``), written by the step's last
    part (``State.carry``), absent from ``State.fields()``."""
    _legal: NotRequired[tuple[Action, ...] | None]
    """Not a field: the legal actions once worked out, absent from ``State.fields()``."""
