"""Heavier Bangkok sweeps (``make soak``): many checked random games over players and options."""

from __future__ import annotations

from typing import Any

import pytest
from harness import check_game, random_playout

from bamboo_lab.games import bangkok as bk

OPTIONS: list[dict[str, Any]] = [
    {},
    {"expert": True},
    {"collect": "any", "goods_count": "distinct"},
    {"refill": "once", "clamp_type1": True},
]


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_soak_checked_games(n: int, options: dict[str, Any]) -> None:
    """Every invariant of the harness on 5 games per player count and option set."""
    for seed in range(100, 105):
        assert check_game(bk, n, seed, options).is_over()


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_soak_random_games_end_well_within_the_ply_limit(n: int) -> None:
    """BK-END-1: 300 random games per player count end, far below PLY_LIMIT."""
    for seed in range(300):
        final, plies = random_playout(bk, n, seed, {"collect": "any"})
        assert final.is_over() and plies < bk.PLY_LIMIT // 4
        assert final.inventory() == bk.new_game(n, seed).inventory()
