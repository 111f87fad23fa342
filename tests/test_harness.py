"""The conformance harness catches each kind of broken game (tests/nim_game.py and variants)."""

from __future__ import annotations

import dataclasses
import random
import types
from dataclasses import dataclass, replace
from typing import Any

import nim_game
import pytest
from harness import check_game, check_position

from bamboo_lab.games import load, names


def variant(**overrides: Any) -> types.ModuleType:
    """A copy of the nim module whose State class has some methods replaced."""
    state_cls = dataclass(frozen=True)(type("State", (nim_game.State,), overrides))
    module = types.ModuleType("nim_variant")
    module.__dict__.update(vars(nim_game))
    module.State = state_cls

    def new_game(num_players: int, seed: int, options: Any = None) -> Any:
        base = nim_game.new_game(num_players, seed, options)
        return state_cls(
            **{f: getattr(base, f) for f in (x.name for x in dataclasses.fields(base))}
        )

    module.new_game = new_game
    return module


@pytest.mark.parametrize("num_players", nim_game.PLAYER_COUNTS)
@pytest.mark.parametrize("seed", range(5))
def test_harness_passes_a_correct_game(num_players: int, seed: int) -> None:
    final = check_game(nim_game, num_players, seed)
    assert final.is_over()


def _mutating_apply(self: Any, action: Any, check: bool = True) -> Any:
    out = nim_game.State.apply(self, action, check)
    object.__setattr__(self, "heap", out.heap)  # the bug: the input changes
    return out


def _lossy_to_dict(self: Any) -> dict[str, Any]:
    d = nim_game.State.to_dict(self)
    d["taken"] = [0] * self.num_players  # the bug: forgets who took what
    return d


def _losing_apply(self: Any, action: Any, check: bool = True) -> Any:
    out = nim_game.State.apply(self, action, check)
    return replace(out, box=out.box - 1) if isinstance(action, nim_game.Take) else out


def _leaky_view(self: Any, player: int) -> Any:
    return self  # the bug: shows every secret


def _unfair_die(self: Any) -> tuple[tuple[Any, float], ...]:
    return tuple((a, 0.2) for a in self.legal_actions()) if self.current_player == -1 else ()


def _duplicate_actions(self: Any) -> tuple[Any, ...]:
    legal = nim_game.State.legal_actions(self)
    return legal + legal[:1]


def _endless(self: Any) -> bool:
    return False


@pytest.mark.parametrize(
    ("bug", "overrides", "message"),
    [
        ("apply mutates", {"apply": _mutating_apply}, "mutated its input"),
        ("to_dict loses data", {"to_dict": _lossy_to_dict}, "from_dict"),
        ("a stone is lost", {"apply": _losing_apply}, "components not conserved"),
        ("view leaks", {"view": _leaky_view}, "leaks hidden information"),
        ("die sums to 1.2", {"chance_outcomes": _unfair_die}, "probabilities sum"),
        ("duplicate actions", {"legal_actions": _duplicate_actions}, "duplicate"),
        ("never ends", {"is_over": _endless}, "non-empty"),
    ],
)
def test_harness_catches(bug: str, overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_game(variant(**overrides), 2, 1)


def _start_not_saved(self: Any) -> dict[str, Any]:
    return {**nim_game.State.to_dict(self), "history": []}


def test_harness_catches_a_start_that_to_dict_forgets() -> None:
    broken = variant(start=property(_start_not_saved))
    with pytest.raises(AssertionError, match="to_dict loses start"):
        check_game(broken, 2, 1)


@pytest.mark.parametrize("name", names())
def test_check_position_plays_on_from_a_loaded_position(name: str) -> None:
    module = load(name)
    mid = module.new_game(module.PLAYER_COUNTS[0], 7)
    rng = random.Random(7)
    for _ in range(12):
        legal = mid.legal_actions()
        mid = mid.apply(legal[rng.randrange(len(legal))])
    data = mid.to_dict()
    data["history"] = []
    final = check_position(module.State.from_dict(data), games=2, seed=3, max_plies=60)
    assert len(final.history) == 60 or final.is_over()
    assert check_position(mid, games=1, seed=3, max_plies=60).history[:12] == mid.history


def test_check_position_refuses_a_state_of_no_registered_game() -> None:
    with pytest.raises(AssertionError, match="not the state of a registered game"):
        check_position(nim_game.new_game(2, 1))
