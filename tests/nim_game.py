"""A tiny game to prove the conformance harness can fail: Nim with a die and secret numbers.

Setup deals each player a secret number (hidden in views); then a die (chance node) decides how
many stones start in the heap; players take 1 to 3 stones in turn; who takes the last one wins.
Stones are components: heap + taken stones + the box always make 20.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.errors import InvalidActionError, InvalidStateError
from bamboo_lab.core.options import GameOptions
from bamboo_lab.core.protocol import CHANCE, TERMINAL, Outcome, ensure_legal, find_legal

NAME = "nim"
RULES_VERSION = "1"
PLAYER_COUNTS = (2, 3)
PLY_LIMIT = 40
STONES = 20


@dataclass(frozen=True)
class Options(GameOptions):
    """Nim options."""

    max_take: int = 3


@dataclass(frozen=True)
class Take:
    """Take ``n`` stones from the heap."""

    n: int

    def __str__(self) -> str:
        return f"take{self.n}"


@dataclass(frozen=True)
class Roll:
    """The die decides the heap: 10 + face stones."""

    face: int

    def __str__(self) -> str:
        return f"roll{self.face}"


@dataclass(frozen=True)
class State:
    """A Nim position."""

    game: ClassVar[str] = NAME
    num_players: int
    options: Options
    heap: int
    box: int
    taken: tuple[int, ...]
    secrets: tuple[int | None, ...]
    player: int
    history: tuple[Any, ...] = ()

    @property
    def current_player(self) -> int:
        if self.is_over():
            return TERMINAL
        return CHANCE if self.box == STONES else self.player

    def is_over(self) -> bool:
        return self.box < STONES and self.heap == 0

    def legal_actions(self) -> tuple[Any, ...]:
        if self.is_over():
            return ()
        if self.current_player == CHANCE:
            return tuple(Roll(f) for f in range(1, 7))
        return tuple(Take(n) for n in range(1, min(self.options.max_take, self.heap) + 1))

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        if self.current_player != CHANCE:
            return ()
        return tuple((a, 1 / 6) for a in self.legal_actions())

    def apply(self, action: Any, check: bool = True) -> Self:
        if check:
            ensure_legal(self, action, (Take, Roll))
        hist = (*self.history, action)
        if isinstance(action, Roll):
            heap = 10 + action.face
            return replace(self, heap=heap, box=STONES - heap, history=hist)
        taken = list(self.taken)
        taken[self.player] += action.n
        return replace(
            self,
            heap=self.heap - action.n,
            taken=tuple(taken),
            player=(self.player + 1) % self.num_players,
            history=hist,
        )

    def scores(self) -> tuple[int, ...]:
        if not self.is_over():
            return (0,) * self.num_players
        last = (self.player - 1) % self.num_players
        return tuple(int(p == last) for p in range(self.num_players))

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        s = self.scores()
        return Outcome(s, (s.index(1),), "took the last stone")

    def view(self, player: int) -> Self:
        return replace(
            self, secrets=tuple(v if i == player else None for i, v in enumerate(self.secrets))
        )

    def determinize(self, player: int, seed: int) -> Self:
        return replace(
            self,
            secrets=tuple(v if i == player else (seed + i) % 7 for i, v in enumerate(self.secrets)),
        )

    def inventory(self) -> dict[str, int]:
        return {"stone": self.heap + self.box + sum(self.taken)}

    def to_dict(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players,
            "options": self.options.to_dict(),
            "heap": self.heap,
            "box": self.box,
            "taken": list(self.taken),
            "secrets": list(self.secrets),
            "player": self.player,
            "history": [str(a) for a in self.history],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        try:
            hist = tuple(
                Roll(int(t[4:])) if t.startswith("roll") else Take(int(t[4:]))
                for t in data["history"]
            )
            return cls(
                num_players=data["num_players"],
                options=Options.from_dict(data["options"]),
                heap=data["heap"],
                box=data["box"],
                taken=tuple(data["taken"]),
                secrets=tuple(data["secrets"]),
                player=data["player"],
                history=hist,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidStateError(f"bad nim state: {exc}") from exc


def new_game(num_players: int, seed: int, options: Any = None) -> State:
    """Deal the secret numbers; the heap waits for the die."""
    if num_players not in PLAYER_COUNTS:
        raise InvalidStateError(f"nim plays with {PLAYER_COUNTS} players")
    r = vrng.derive_seed(seed, "nim")
    secrets = []
    for _ in range(num_players):
        v, r = vrng.randbelow(r, 7)
        secrets.append(v)
    return State(
        num_players, Options.coerce(options), 0, STONES, (0,) * num_players, tuple(secrets), 0
    )


def parse_action(text: str, state: State) -> Any:
    """The legal action written ``text``."""
    if not isinstance(text, str) or not (text[:4] in ("take", "roll") and text[4:].isdigit()):
        raise InvalidActionError(f"not a nim action: {text!r}")
    return find_legal(state, text)
