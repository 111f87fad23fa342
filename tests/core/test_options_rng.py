"""GameOptions validation and the value RNG (deterministic, unbiased enough, JSON-sized)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

import pytest

from bamboo_lab.core import rng
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.options import GameOptions


@dataclass(frozen=True)
class Demo(GameOptions):
    """A demo options class."""

    flag: bool = False
    count: int = 3
    mode: Literal["a", "b"] = "a"
    deck: tuple[str, ...] = ()

    def validate(self) -> None:
        """Count is positive."""
        if self.count < 1:
            raise InvalidStateError("Demo.count must be at least 1")


def test_defaults_serialise_to_an_empty_dict() -> None:
    assert Demo().to_dict() == {}
    assert Demo(flag=True, deck=("x",)).to_dict() == {"flag": True, "deck": ("x",)}


def test_round_trip_and_lists_become_tuples() -> None:
    assert Demo.from_dict({"mode": "b", "deck": ["x", "y"]}) == Demo(mode="b", deck=("x", "y"))
    assert Demo.coerce(None) == Demo()
    assert Demo.coerce({"count": 2}) == Demo(count=2)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"flag": 1}, "Demo.flag must be"),
        ({"count": True}, "Demo.count must be"),
        ({"count": "3"}, "Demo.count must be"),
        ({"mode": "c"}, "Demo.mode must be one of"),
        ({"colour": "red"}, "unknown Demo field"),
        ({"count": 0}, "at least 1"),
    ],
)
def test_bad_options_raise_a_clear_error(data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        Demo.from_dict(data)


@dataclass(frozen=True)
class Other(GameOptions):
    """Another options class, with its own defaults."""

    flag: bool = True


def test_the_defaults_are_one_shared_instance_per_class() -> None:
    """Options are frozen, so every game built with the defaults shares one instance."""
    default = Demo.coerce(None)
    assert default is Demo.from_dict(None) is Demo.from_dict({}) is Demo.coerce({})
    assert default == Demo() and Demo.coerce({"count": 2}) is not default
    assert Other.coerce(None) == Other() and Other.coerce(None).flag is True
    for bad in (0, "", []):  # empty, but not a mapping
        with pytest.raises(InvalidStateError, match="must be a mapping"):
            Demo.from_dict(bad)  # type: ignore[arg-type]


def test_coerce_refuses_other_types() -> None:
    with pytest.raises(InvalidStateError):
        Demo.coerce(42)  # type: ignore[arg-type]


def test_splitmix64_reference_values() -> None:
    # SplitMix64 seeded with 0 (Vigna's reference implementation)
    first, state = rng.next_u64(0)
    second, _ = rng.next_u64(state)
    assert first == 0xE220A8397B1DCDAF
    assert second == 0x6E789E6AA1B965F4


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    items = list(range(20))
    a, s1 = rng.shuffled(items, 123)
    b, s2 = rng.shuffled(items, 123)
    assert a == b and s1 == s2
    assert sorted(a) == items and a != items
    assert rng.shuffled(items, 124)[0] != a


def test_randbelow_is_roughly_uniform() -> None:
    state, counts = 5, Counter()
    for _ in range(6000):
        k, state = rng.randbelow(state, 6)
        counts[k] += 1
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())
    with pytest.raises(ValueError):
        rng.randbelow(state, 0)


def test_derive_seed_separates_paths() -> None:
    seeds = {rng.derive_seed(7, i) for i in range(100)} | {rng.derive_seed(7, "setup")}
    assert len(seeds) == 101
    assert rng.derive_seed(7, 3) == rng.derive_seed(7, 3)
    assert all(0 <= s < 2**64 for s in seeds)


def test_shuffled_is_fisher_yates_over_randbelow() -> None:
    """The inlined shuffle draws exactly the stream of one ``randbelow`` per swap."""
    for size in (0, 1, 2, 3, 7, 30, 81, 255, 256, 300):  # below and beyond the limit table
        for seed in (0, 1, 2**63 + 5, rng.MASK64):
            expected, state = list(range(size)), seed
            for top in range(size - 1, 0, -1):
                other, state = rng.randbelow(state, top + 1)
                expected[top], expected[other] = expected[other], expected[top]
            assert rng.shuffled(range(size), seed) == (expected, state)


def test_derive_seed_is_splitmix64_over_the_path_bytes() -> None:
    """The inlined derivation: each byte of the path mixed in by one ``next_u64`` step."""
    for seed in (0, 7, -3, 2**70 + 1):
        for path in ((), ("bamboo", "setup"), (3, "rng", -1)):
            state = seed & rng.MASK64
            for part in path:
                data = (
                    part.encode()
                    if isinstance(part, str)
                    else part.to_bytes(8, "little", signed=True)
                )
                for byte in data:
                    state, _ = rng.next_u64(state ^ byte)
            assert rng.derive_seed(seed, *path) == rng.next_u64(state)[0]


def _seed_whose_next_output_is(value: int) -> int:
    """The generator state whose next SplitMix64 output is ``value`` (the mix inverted)."""

    def unshift(mixed: int, shift: int) -> int:  # the inverse of x ^ (x >> shift) on 64 bits
        result = mixed
        for _ in range(64 // shift + 1):
            result = mixed ^ (result >> shift)
        return result & rng.MASK64

    mixed = unshift(value, 31) * pow(0x94D049BB133111EB, -1, 1 << 64) & rng.MASK64
    mixed = unshift(mixed, 27) * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & rng.MASK64
    return (unshift(mixed, 30) - 0x9E3779B97F4A7C15) & rng.MASK64


def test_shuffled_draws_again_where_randbelow_rejects() -> None:
    """A first output that ``randbelow`` rejects (the largest one) is drawn again, in short
    shuffles (one by one) and in long ones (mixed side by side, then one by one)."""
    seed = _seed_whose_next_output_is(rng.MASK64)
    assert rng.next_u64(seed)[0] == rng.MASK64
    for size in (3, 7, 12, 25, 100):  # 2**64 % size != 0: the largest output is rejected
        expected, state = list(range(size)), seed
        for top in range(size - 1, 0, -1):
            other, state = rng.randbelow(state, top + 1)
            expected[top], expected[other] = expected[other], expected[top]
        assert state != (seed + (size - 1) * 0x9E3779B97F4A7C15) & rng.MASK64  # one redraw
        assert rng.shuffled(range(size), seed) == (expected, state)


def test_long_shuffles_match_one_by_one_over_many_seeds() -> None:
    """The side-by-side mix gives the one-by-one stream for every length it is used for."""
    for size in range(2, 70):
        for seed in range(0, 2**64, 2**64 // 37 + 12345):
            expected, state = list(range(size)), seed
            for top in range(size - 1, 0, -1):
                other, state = rng.randbelow(state, top + 1)
                expected[top], expected[other] = expected[other], expected[top]
            assert rng.shuffled(list(range(size)), seed) == (expected, state)
