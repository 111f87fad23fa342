"""Plain-Python controllers behind the boards: a game in play and a replay.

The ipywidgets views (``bamboo_lab.widgets.app``) only call these methods and redraw, so every
behaviour a person sees (undo, bot steps, refusals with their reason, hidden cards) is tested
without a browser.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bamboo_lab.bots import Bot, make_bot
from bamboo_lab.core.checks import check_setup
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.protocol import CHANCE, GameState
from bamboo_lab.core.record import GameRecord
from bamboo_lab.core.rng import derive_seed
from bamboo_lab.games import load, record_of
from bamboo_lab.games import replay as replay_record

from .labels import button_label, group_of, log_line

__all__ = ["PlayController", "ReplayController", "Step"]


@dataclass(frozen=True)
class Step:
    """One applied action: who played it, the action and its log line."""

    player: int
    action: Any
    line: str


def _seat_bots(game: str, players: int, bots: Any, human: int) -> tuple[Bot | None, ...]:
    """One bot per seat, None where a person plays (see :func:`PlayController`)."""
    if bots is None:
        return (None,) * players
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        if human not in range(players):
            raise InvalidStateError(f"human must be a seat 0..{players - 1}, not {human!r}")
        return tuple(None if seat == human else make_bot(bots, game) for seat in range(players))
    specs = list(bots)
    if len(specs) != players:
        raise InvalidStateError(
            f"{len(specs)} seats given for {players} players: give one bot name, None for"
            " hot-seat, or one entry per seat (None where a person plays)"
        )
    return tuple(None if s is None else make_bot(s, game) for s in specs)


class PlayController:
    """A game in play: the list of states (for undo), the log, the bots and the refusals.

    ``bots`` is None (hot-seat: every seat is a person), a bot name or object (every seat but
    ``human`` plays it), or one entry per seat (None where a person plays). Chance nodes (the
    Takenoko weather die) are rolled at once with a generator derived from the seed and the
    ply, so undoing and replaying a move rolls the same face.
    """

    def __init__(
        self,
        game: str,
        players: int = 2,
        bots: Any = "heuristic",
        seed: int | None = None,
        options: Any = None,
        human: int = 0,
    ) -> None:
        """Start a game (``seed=None`` draws a fresh seed, shown so it can be replayed)."""
        self.module = load(game)
        self.game = game
        self.options = options
        self.seats = _seat_bots(game, players, bots, human)
        self.players = players
        self.message = ""
        """The last refusal or notice, in rulebook words (empty when all went well)."""
        self.new_game(seed)

    # ------------------------------------------------------------------ setup and state

    def new_game(self, seed: int | None = None) -> None:
        """Start again from ``seed`` (a fresh random seed when None); bots keep their seats."""
        if seed is None:
            seed = random.Random().randrange(2**31)  # a fresh seed, short enough to read and type
        check_setup(self.game, self.players, seed, self.module.PLAYER_COUNTS)
        self.seed = seed
        self.states: list[GameState] = [self.module.new_game(self.players, seed, self.options)]
        self.steps: list[Step] = []
        self.message = ""
        self._resolve_chance()

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.states[-1]

    @property
    def log(self) -> list[str]:
        """Every applied action in rulebook words, oldest first."""
        return [s.line for s in self.steps]

    @property
    def hot_seat(self) -> bool:
        """True when every seat is played by a person."""
        return all(b is None for b in self.seats)

    def is_person_to_play(self) -> bool:
        """True when the game is on and the seat to move is a person's."""
        seat = self.state.current_player
        return not self.state.is_over() and seat >= 0 and self.seats[seat] is None

    def is_bot_to_play(self) -> bool:
        """True when the game is on and the seat to move is a bot's."""
        seat = self.state.current_player
        return not self.state.is_over() and seat >= 0 and self.seats[seat] is not None

    def seat_name(self, seat: int) -> str:
        """``Player 1 (heuristic bot)`` or ``Player 0 (you)``."""
        bot = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if bot is not None:
            return f"Player {seat} ({getattr(bot, 'name', 'bot')} bot)"
        return f"Player {seat}" if self.hot_seat else f"Player {seat} (you)"

    def shown_seat(self) -> int | None:
        """Whose secrets the board may show: the person's seat against bots, the seat to
        move in hot-seat (behind the reveal toggle), None once the game is over."""
        if self.state.is_over():
            return None
        if self.hot_seat:
            seat = self.state.current_player
            return seat if seat >= 0 else None
        return self.seats.index(None) if None in self.seats else None

    def board_state(self, reveal: bool = False) -> GameState:
        """The state the board draws: the shown seat's view, so hidden cards stay hidden.

        Against bots only the person's seat shows. In hot-seat the seat to move sees its
        secrets only with ``reveal``; otherwise the board is :meth:`spectator_view`. With bots
        only, and once the game is over, the whole state is public.
        """
        seat = self.shown_seat()
        if seat is None:
            return self.state
        if self.hot_seat and not reveal:
            return self.spectator_view()
        return self.state.view(seat)

    def spectator_view(self) -> GameState:
        """What everybody at the table sees, no seat's secrets: the public view ``view(None)``
        of Takenoko (every hand as card backs, the drawn plots and the pile's order hidden) and
        Bangkok (only the pontoon goods every seat knows: none until scoring, BK-SET-2, K15);
        Bamboo's view of any seat (it hides only face-down piles, the same for all).
        """
        state: Any = self.state  # GameState.view's protocol names a seat only
        if self.game == "bamboo":
            return state.view(max(state.current_player, 0))
        return state.view(None)

    # ------------------------------------------------------------------ the decision

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions of the decision pending (empty when over or at a chance node)."""
        if self.state.is_over() or self.state.current_player == CHANCE:
            return ()
        return tuple(self.state.legal_actions())

    def grouped_actions(self) -> dict[str, list[tuple[str, Any]]]:
        """The person's legal actions as ``group -> [(label, action)]`` in the engine's order."""
        groups: dict[str, list[tuple[str, Any]]] = {}
        if not self.is_person_to_play():
            return groups
        for a in self.legal_actions():
            groups.setdefault(group_of(self.game, a), []).append(
                (button_label(self.game, a, self.state), a)
            )
        return groups

    def play(self, action: Any) -> bool:
        """A person's move: an action or its notation. Refused: False and :attr:`message`
        holds the reason from ``explain`` (the rule ID and a sentence); nothing changes."""
        if not self.is_person_to_play():
            who = "the game is over" if self.state.is_over() else "it is a bot's turn"
            self.message = f"{action} was not played: {who}."
            return False
        try:
            verdict = self.module.explain(self.state, action)
        except BambooLabError as exc:  # malformed notation: the parser says what is wrong
            self.message = f"{action!r} is not an action: {exc}"
            return False
        if not verdict.legal:
            self.message = str(verdict)
            return False
        if isinstance(action, str):
            action = self.module.parse_action(action.strip(), self.state)
        self._apply(action)
        self.message = ""
        return True

    def bot_move(self) -> bool:
        """Let the bot to move take one decision (then roll any die); False if not a bot's turn."""
        if not self.is_bot_to_play():
            return False
        seat = self.state.current_player
        bot = self.seats[seat]
        assert bot is not None
        legal = self.legal_actions()
        rng = random.Random(derive_seed(self.seed, "widget-bot", seat, len(self.states)))
        action = bot.choose(self.state.view(seat), legal, rng)
        self._apply(action)
        return True

    def undo(self) -> bool:
        """Take back to the last decision a person took (bot moves and dice after it too)."""
        if not self.steps:
            self.message = "nothing to undo"
            return False
        while self.steps:
            self.states.pop()
            step = self.steps.pop()
            if step.player >= 0 and self.seats[step.player] is None:
                break
        self.message = ""
        return True

    def record(self) -> GameRecord:
        """The game so far as a record (save it, or give it to ``widgets.replay``)."""
        return record_of(self.game, self.state, self.seed, self.options)

    def scores_text(self) -> str:
        """The running scores, one per seat, and the outcome once over."""
        scores = self.state.scores()
        parts = [f"{self.seat_name(p)}: {s}" for p, s in enumerate(scores)]
        text = " · ".join(parts)
        outcome = self.state.outcome()
        if outcome is not None:
            won = " and ".join(self.seat_name(p) for p in outcome.winners) or "nobody"
            text += f"  —  game over: {won} won"
        return text

    def status(self) -> str:
        """Who is to play and what to do, in one sentence."""
        state = self.state
        if state.is_over():
            return "The game is over."
        seat = state.current_player
        phase = getattr(state, "phase", "")
        if self.is_bot_to_play():
            return f"{self.seat_name(seat)} is to play ({phase}): press “bot move” or auto-play."
        return f"{self.seat_name(seat)} to play ({phase}): pick an action."

    # ------------------------------------------------------------------ internals

    def _apply(self, action: Any) -> None:
        seat = self.state.current_player
        before = self.state
        after = before.apply(action)
        line = log_line(self.game, seat, action, before, self.seat_name(seat))
        self.states.append(after)
        self.steps.append(Step(seat, action, line))
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        """Roll every pending die with a generator derived from the seed and the ply."""
        while not self.state.is_over() and self.state.current_player == CHANCE:
            rng = random.Random(derive_seed(self.seed, "widget-chance", len(self.states)))
            faces, weights = zip(*self.state.chance_outcomes(), strict=True)
            face = rng.choices(faces, weights)[0]
            before = self.state
            self.states.append(before.apply(face))
            self.steps.append(Step(CHANCE, face, log_line(self.game, CHANCE, face, before, "")))


class ReplayController:
    """A finished or saved game to step through: its states and log, and a position index."""

    def __init__(self, record_or_states: Any) -> None:
        """Take a GameRecord (replayed by the engine) or a non-empty list of states."""
        if isinstance(record_or_states, GameRecord):
            self.states = list(replay_record(record_or_states))
            self.game = record_or_states.game
        else:
            try:
                states = list(record_or_states)
            except TypeError:
                raise InvalidStateError(
                    f"replay needs a GameRecord or a list of states, not"
                    f" {type(record_or_states).__name__}"
                ) from None
            if not states or not all(isinstance(getattr(s, "game", None), str) for s in states):
                raise InvalidStateError("replay needs a non-empty list of game states")
            self.states = states
            self.game = states[0].game
        self.lines = self._lines()
        self.index = 0

    def _lines(self) -> list[str]:
        lines = []
        for before, after in zip(self.states, self.states[1:], strict=False):
            new = after.history[len(before.history) :]
            seat = before.current_player
            for action in new:
                who = f"Player {seat}" if seat >= 0 else ""
                lines.append(log_line(self.game, seat, action, before, who))
        return lines

    def go(self, index: int) -> GameState:
        """Move to position ``index`` (0 = the start) and return its state."""
        if not isinstance(index, int) or not 0 <= index < len(self.states):
            raise InvalidStateError(f"position must be 0..{len(self.states) - 1}, not {index!r}")
        self.index = index
        return self.states[index]

    @property
    def state(self) -> GameState:
        """The state at the current position."""
        return self.states[self.index]

    @property
    def log(self) -> list[str]:
        """The log up to the current position."""
        return self.lines[: self.index]
