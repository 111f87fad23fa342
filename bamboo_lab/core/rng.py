"""A tiny counter-based random generator whose whole state is one int.

Game states are values that round-trip through JSON, so their generator must be a plain value
too: ``random.Random`` carries 625 words of state and its algorithms may change between Python
versions. SplitMix64 gives the same stream on every machine and Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["MASK64", "derive_seed", "next_u64", "randbelow", "shuffled"]

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def next_u64(rng: int) -> tuple[int, int]:
    """Return ``(value, new_rng)``: one 64-bit output of SplitMix64 and the advanced state."""
    rng = (rng + _GOLDEN) & MASK64
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), rng


def randbelow(rng: int, n: int) -> tuple[int, int]:
    """Return ``(k, new_rng)`` with ``k`` uniform in ``range(n)`` (rejection sampling, no bias)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, rng = next_u64(rng)
        if value < limit:
            return value % n, rng


def shuffled(items: Sequence[T], rng: int) -> tuple[list[T], int]:
    """Return ``(a shuffled copy of items, new_rng)`` by Fisher-Yates.

    The same stream as calling :func:`randbelow` for each swap, with SplitMix64 written inline:
    shuffling is the hottest loop of a random playout.
    """
    out = list(items)
    limits = _LIMITS
    for top in range(len(out) - 1, 0, -1):
        size = top + 1
        limit = limits[size] if size < _LIMITED else (1 << 64) - ((1 << 64) % size)
        while True:  # the constants written out: MASK64, then _GOLDEN and the two multipliers
            rng = (rng + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            mixed = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            mixed = ((mixed ^ (mixed >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            value = mixed ^ (mixed >> 31)
            if value < limit:
                break
        other = value % size
        out[top], out[other] = out[other], out[top]
    return out, rng


_LIMITED = 256
_LIMITS = (0, *((1 << 64) - ((1 << 64) % size) for size in range(1, _LIMITED)))
"""The rejection bound of :func:`randbelow` for each ``n`` below ``_LIMITED`` (used by shuffled)."""


def derive_seed(seed: int, *path: int | str) -> int:
    """Return a 64-bit seed derived from ``seed`` and a path (a game index, a purpose name)."""
    state = seed & MASK64
    for part in path:
        data = part.encode() if isinstance(part, str) else part.to_bytes(8, "little", signed=True)
        for byte in data:  # state = next_u64(state ^ byte)[0], written inline
            mixed = ((state ^ byte) + _GOLDEN) & MASK64
            mixed = ((mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            mixed = ((mixed ^ (mixed >> 27)) * 0x94D049BB133111EB) & MASK64
            state = mixed ^ (mixed >> 31)
    value, _ = next_u64(state)
    return value
