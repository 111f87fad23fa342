"""A tiny counter-based random generator whose whole state is one int.

Game states are values that round-trip through JSON, so their generator must be a plain value
too: ``random.Random`` carries 625 words of state and its algorithms may change between Python
versions. SplitMix64 gives the same stream on every machine and Python version.
"""

from __future__ import annotations

import sys
from array import array
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

    The same stream as calling :func:`randbelow` for each swap: shuffling is the hottest loop of
    a random playout, so SplitMix64 is written inline, and a long shuffle mixes all its outputs
    at once (:func:`_outputs`).
    """
    out = list(items)
    swaps = len(out) - 1
    if swaps < _PACKED_FROM:
        return _shuffled_one_by_one(out, rng)
    values = _outputs(rng, swaps)
    if max(values) >= _NEVER_REJECTED:  # randbelow might reject one: draw one by one instead
        return _shuffled_one_by_one(out, rng)
    top = swaps
    for value in values:  # the k-th output picks the swap of position swaps - k
        other = value % (top + 1)
        out[top], out[other] = out[other], out[top]
        top -= 1
    return out, (rng + swaps * _GOLDEN) & MASK64


def _shuffled_one_by_one(out: list[T], rng: int) -> tuple[list[T], int]:
    """Fisher-Yates on ``out`` in place, one :func:`randbelow` per swap, written inline."""
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


def _outputs(rng: int, count: int) -> list[int]:
    """The next ``count`` outputs of SplitMix64 from ``rng``, mixed side by side.

    Each output sits in its own 128-bit lane of one Python int, so every step of the mix is one
    operation on that int: a product of two 64-bit values fits its lane, and the bits a shift
    brings down from the lane above are masked off before they can reach a product.
    """
    lanes = _LANES.get(count)
    if lanes is None:
        ones = sum(1 << (128 * lane) for lane in range(count))
        steps = sum((lane + 1) << (128 * lane) for lane in range(count)) * _GOLDEN
        lanes = _LANES[count] = (ones, steps, ones * MASK64)
    ones, steps, mask = lanes
    mixed = (rng * ones + steps) & mask  # the states rng + k * _GOLDEN, k = 1 .. count
    mixed = ((mixed ^ (mixed >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    mixed = ((mixed ^ (mixed >> 27)) & mask) * 0x94D049BB133111EB & mask
    mixed = (mixed ^ (mixed >> 31)) & mask
    words = array("Q", mixed.to_bytes(16 * count, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    return words[::2].tolist()  # the low word of each lane


_PACKED_FROM = 4 if array("Q").itemsize == 8 else 1 << 62  # 64-bit words, else one by one
"""The fewest swaps :func:`shuffled` mixes side by side (below it, one by one is faster)."""
_NEVER_REJECTED = (1 << 64) - (1 << 32)
"""No output below this is rejected by :func:`randbelow` for any ``n`` up to ``2**32``."""
_LANES: dict[int, tuple[int, int, int]] = {}
"""Per count of outputs: the lane constants of :func:`_outputs` (ones, steps, mask)."""
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
