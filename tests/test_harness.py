"""The conformance harness catches each kind of broken game (tests/nim_game.py and variants)."""

from __future__ import annotations

import dataclasses
import types
from dataclasses import dataclass, replace
from typing import Any

import nim_game
import pytest
from harness import check_game


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
