"""Plain-Python controllers behind the boards: a game in play and a replay.

The ipywidgets views (``bamboo_lab.widgets.app``) only call these methods and redraw, so every
behaviour a person sees (undo, bot steps, refusals with their reason, hidden cards) is tested
without a browser. The controller decides; :mod:`bamboo_lab.widgets.words` says it in the
rulebook's words (the board's text, the list of moves, refusals, who is to play, the points).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bamboo_lab.bots import Bot, make_bot
from bamboo_lab.core.checks import check_setup, forged_action, own_action
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.protocol import CHANCE, GameState
from bamboo_lab.core.record import GameRecord
from bamboo_lab.core.rng import derive_seed
from bamboo_lab.core.table import Table
from bamboo_lab.games import layer_piece, load, record_of

from .labels import label_of, log_line, season_events, short_text, state_notes
from .places import board_piece, places_of, refusal
from .words import (
    NOT_YOUR_DECISION,
    BoardText,
    Step,
    bot_failed_words,
    bot_stale_words,
    button_groups,
    click_words,
    miss_words,
    moves_in_words,
    moves_table,
    offer_words,
    place_name,
    refused_words,
    score_table,
    scores_words,
    status_words,
)

__all__ = ["BoardText", "PlayController", "Step"]


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


_MAX_BOT_TURN = 400
"""Decisions one bot turn may take before the board stops it (no turn of the games is longer)."""


class PlayController:
    """A game in play: the list of states (for undo), the log, the bots and the refusals.

    ``bots`` is None (hot-seat: every seat is a person), a bot name or object (every seat but
    ``human`` plays it), or one entry per seat (None where a person plays; two people or more
    share the screen as in hot-seat). Chance nodes (the Takenoko weather die) are rolled at once
    with a generator derived from the seed and the ply, so undoing and replaying a move rolls
    the same face. Everything shown is computed from a seat's view (:meth:`board`).
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
        self._games = 0
        """How many games this controller started (a bot's decision is for one of them)."""
        self.new_game(seed)

    # ------------------------------------------------------------------ setup and state

    def new_game(self, seed: int | None = None) -> None:
        """Start again from ``seed`` (a fresh random seed when None); bots keep their seats."""
        if seed is None:
            seed = random.Random().randrange(2**31)  # a fresh seed, short enough to read and type
        check_setup(self.game, self.players, seed, self.module.PLAYER_COUNTS)
        self.seed = seed
        self.start(self.module.new_game(self.players, seed, self.options))

    def start(self, state: GameState) -> None:
        """Play on from ``state`` (a new game's first position, or one given: a puzzle's)."""
        self._games += 1
        self.states: list[GameState] = [state]
        self.steps: list[Step] = []
        self.message = ""
        self.selected: int | None = None
        """The hand card picked (clicked or its button), whose places are offered: a game
        whose widgets layer has ``CARD_BOUND`` actions (a hand of cards placed one by one)."""
        self.offer: tuple[tuple[Any, ...], tuple[Any, ...]] | None = None
        """A place clicked whose moves wait for the person to pick one (``(place, actions)``):
        several moves there, or a kind the game's ``CONFIRM_KINDS`` never plays at once (a
        Bangkok port cell: the cells a collect takes are shown before it is played)."""
        self._resolve_chance()

    @property
    def state(self) -> GameState:
        """The current state (the whole truth: never shown as it is, see :meth:`board_state`)."""
        return self.states[-1]

    @property
    def log(self) -> list[str]:
        """Every applied action in rulebook words, oldest first, each followed by what the
        rules then did by themselves (lines starting with ``·``)."""
        return [line for step in self.steps for line in (step.line, *step.events)]

    @property
    def persons(self) -> tuple[int, ...]:
        """The seats played by people."""
        return tuple(seat for seat, bot in enumerate(self.seats) if bot is None)

    @property
    def hot_seat(self) -> bool:
        """True when more than one person shares the screen (secret cards behind a toggle)."""
        return len(self.persons) > 1

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
        """Whose secrets the board may show: the person's seat against bots, the person to
        move in hot-seat (behind the reveal toggle; None while a bot or nobody is to move)."""
        if not self.hot_seat:
            return self.persons[0] if self.persons else None
        seat = self.state.current_player
        if self.state.is_over() or seat < 0 or self.seats[seat] is not None:
            return None
        return seat

    def viewer(self, reveal: bool = False) -> int | None:
        """The seat whose view the board draws: :meth:`shown_seat`, or None (the public view)
        in hot-seat until the seat to move presses the reveal toggle."""
        seat = self.shown_seat()
        return None if self.hot_seat and not reveal else seat

    def board_state(self, reveal: bool = False) -> GameState:
        """The state the board draws: the view of :meth:`viewer`, so hidden cards stay hidden
        (``view(None)``, the public view, in hot-seat before the reveal and with bots only)."""
        return self._view(self.state, self.viewer(reveal))

    def spectator_view(self) -> GameState:
        """What everybody at the table sees, no seat's secrets: the public view ``view(None)``
        (Takenoko: every hand as card backs, the drawn plots and the pile's order hidden;
        Bangkok: only the pontoon goods every seat knows, none until scoring, BK-SET-2, K15;
        Bamboo: the face-down piles in a canonical order, the same for every seat)."""
        return self._view(self.state, None)

    def log_viewer(self) -> int | None:
        """Whose view the log is written from: the person's against bots, the public's in
        hot-seat (the log stays on screen for everybody)."""
        return None if self.hot_seat else (self.persons[0] if self.persons else None)

    @staticmethod
    def _view(state: GameState, seat: int | None) -> GameState:
        viewed: Any = state  # GameState.view's protocol names a seat only
        return viewed.view(seat)

    # ------------------------------------------------------------------ what the board shows

    def board(self, reveal: bool = False) -> BoardText:
        """The board's words, every one computed from :meth:`board_state` and the log."""
        shown: Any = self.board_state(reveal)
        seat = self.viewer(reveal)
        return BoardText(
            seat=seat,
            status=status_words(self.game, shown, self.seats, self.seat_name),
            scores=scores_words(self.game, shown, self.players, self.seat_name),
            table=score_table(self.game, shown),
            notes=state_notes(self.game, shown, self.seat_name),
            buttons=tuple(
                (group, tuple((label, str(action)) for label, action in items))
                for group, items in self._groups(shown, seat).items()
            ),
            clicks=self.clicks_text(reveal),
            log=tuple(self.log),
            last_turn=tuple(
                line for step in self.last_turn() for line in (step.line, *step.events)
            ),
            moves=tuple(
                (where, tuple(label for label, _action in items))
                for where, items in self._moves(shown, reveal).items()
            ),
            turn_heading=self.turn_heading(),
        )

    def turn_heading(self) -> str:
        """``This turn so far`` once the seat to play has decided in its turn, else ``Last
        turn`` (the previous seat's whole turn): the heading of :meth:`last_turn`."""
        return "This turn so far" if self._shown_turn()[2] else "Last turn"

    def _turn_start(self, end: int, seat: int | None) -> int:
        """Where the turn of ``seat`` ending at step ``end`` began: its decisions and the dice
        rolled before and among them (the Takenoko weather is rolled as a turn begins, TK-TURN-1:
        a roll belongs to the turn of the seat deciding after it)."""
        first = end
        while first > 0 and self.steps[first - 1].player in (seat, CHANCE):
            first -= 1
        return first

    def _decider(self, end: int) -> int | None:
        """The seat of the last decision before step ``end`` (None: none yet)."""
        return next((step.player for step in reversed(self.steps[:end]) if step.player >= 0), None)

    def _shown_turn(self) -> tuple[int, int, bool]:
        """The steps :meth:`last_turn` lists (``first``, ``end``) and whether they are the turn
        going on (its seat has decided in it)."""
        end = len(self.steps)
        if self.state.is_over():
            return self._turn_start(end, self._decider(end)), end, False
        first = self._turn_start(end, self.state.current_player)
        if any(step.player >= 0 for step in self.steps[first:end]):
            return first, end, True
        return self._turn_start(first, self._decider(first)), first, False  # its weather only

    def last_turn(self) -> list[Step]:
        """The steps the board lists under :meth:`turn_heading`: the turn going on once its
        seat has decided in it (its weather first), else the previous seat's whole turn (a
        bot's, with its own weather), never the next turn's weather."""
        first, end, _going_on = self._shown_turn()
        return self.steps[first:end]

    def before_last_turn(self, reveal: bool = False) -> GameState | None:
        """The position before :meth:`last_turn`, as the board's viewer saw it (None when it
        lists nothing): the pictures mark what changed since."""
        first, end, _going_on = self._shown_turn()
        return None if first == end else self._view(self.states[first], self.viewer(reveal))

    # ------------------------------------------------------------------ the decision

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions of the decision pending (empty when over or at a chance node)."""
        if self.state.is_over() or self.state.current_player == CHANCE:
            return ()
        return tuple(self.state.legal_actions())

    def grouped_actions(self, reveal: bool = True) -> dict[str, list[tuple[str, Any]]]:
        """The person's legal actions as ``group -> [(label, action)]`` in the engine's order,
        named from what the board shows (in hot-seat, ``reveal=False`` is the public board)."""
        return self._groups(self.board_state(reveal), self.viewer(reveal))

    def _groups(self, shown: Any, seat: int | None) -> dict[str, list[tuple[str, Any]]]:
        """The buttons: the legal actions with no place on the pictures (a port cell, a hand
        card, a stalk ... is clicked instead, see :meth:`clickable`)."""
        if not self.is_person_to_play():
            return {}
        if seat != shown.current_player and board_piece(self.game, "SECRET_BOARD", False):
            return {}  # the hand and the drawn plots are secret: reveal them first
        return button_groups(self.game, shown, self._offered(), self.place_name)

    def _offered(self) -> tuple[tuple[Any, ...], tuple[Any, ...]] | None:
        """:attr:`offer` while its moves are still legal (None once played or stale)."""
        if self.offer is None:
            return None
        legal = set(self.legal_actions())
        place, actions = self.offer
        kept = tuple(a for a in actions if a in legal)
        return (place, kept) if kept else None

    def place_name(self, place: tuple[Any, ...], shown: Any = None) -> str:
        """A place in words as the board says it: the game's ``place_name`` (Bangkok names a
        hand card by its goods), else :func:`~bamboo_lab.widgets.places.place_words`."""
        return place_name(self.game, place, self.board_state(True) if shown is None else shown)

    def move_list(self, reveal: bool = True) -> dict[str, list[tuple[str, Any]]]:
        """Every move played on the pictures now, in words, grouped by the place it is
        clicked (a Bangkok hand card, a Bamboo stalk), so a newcomer finds each move without
        guessing a click; the moves that are buttons are not repeated. Each entry is
        ``(words, action)``: :meth:`play` plays it as the click would."""
        return self._moves(self.board_state(reveal), reveal)

    def moves_table(self, reveal: bool = True, first: int | None = None) -> Table:
        """Every move the person may make now, in words, one row each: where it is played
        (the place clicked on the picture, or the button's group) and the move (``first``:
        only that many rows, then one saying how many more)."""
        return moves_table(self.move_list(reveal), self.grouped_actions(reveal), first)

    def _moves(self, shown: Any, reveal: bool) -> dict[str, list[tuple[str, Any]]]:
        """:meth:`move_list` of the board's view ``shown``."""
        if not self._may_click(shown, reveal):
            return {}
        return moves_in_words(self.game, shown, self.place_name)

    def clickable(self, reveal: bool = True) -> dict[tuple[Any, ...], list[Any]]:
        """The places of the pictures a click plays now, each with the legal actions played
        there (a Bangkok hand card: the actions that play it, once picked)."""
        shown: Any = self.board_state(reveal)
        found: dict[tuple[Any, ...], list[Any]] = {}
        if not self._may_click(shown, reveal):
            return found
        for a in shown.legal_actions():
            for place in places_of(self.game, a, shown.current_player):
                found.setdefault(place, []).append(a)
        return found

    def _may_click(self, shown: Any, reveal: bool) -> bool:
        """A person is to play, on a board that shows what they decide with (a Takenoko hand
        and drawn plots are secret: revealed first; Bamboo and Bangkok decide in public)."""
        secret = board_piece(self.game, "SECRET_BOARD", False)
        mine = self.viewer(reveal) == shown.current_player or not secret
        return self.is_person_to_play() and mine

    def clicks_text(self, reveal: bool = True) -> str:
        """What to click on the pictures now, in words (empty when nothing is clicked)."""
        kinds = dict.fromkeys(place[0] for place in self.clickable(reveal))
        if "hand" in kinds and self.selected is not None:
            del kinds["hand"]
        return click_words(self.game, tuple(kinds))

    def targets(self, reveal: bool = True) -> tuple[tuple[Any, ...], ...]:
        """The places to ring on the pictures: the game's ``ring`` of the clickable places
        (Bangkok: those of the picked hand card, else none of the hand, slots and market
        cells), every clickable place for a game without one."""
        places = self.clickable(reveal)
        offered = self._offered()
        if offered:  # a place clicked: the places its moves would use (the cells collected)
            seat = self.state.current_player
            used = (p for a in offered[1] for p in places_of(self.game, a, seat))
            return tuple(dict.fromkeys(p for p in used if p[0] != "hand"))
        ring = board_piece(self.game, "ring", None)  # default: every clickable place
        return tuple(places) if ring is None else tuple(ring(places, self.selected))

    def choose_card(self, card: int) -> bool:
        """Bangkok: pick hand card ``card`` (-1: none); its places are offered next. Refused
        (False, :attr:`message` says why) when no legal action plays it now."""
        shown: Any = self._view(self.state, self.state.current_player)
        card_bound = board_piece(self.game, "CARD_BOUND", ())
        if not self.is_person_to_play() or not card_bound:
            self.message = "no hand card to pick now"
            return False
        bound = [a for a in shown.legal_actions() if type(a).__name__ in card_bound]
        if card == -1:  # no card picked: back to every choice
            self.selected = None
            self.message = ""
            return True
        if not any(a.card == card for a in bound):
            hand = shown.hands[shown.current_player]
            if card not in hand:
                self.message = "That card is not in your hand."
            else:
                name = self.place_name(("hand", card), shown)
                self.message = f"Your {name} cannot be played now: no legal place takes it."
            return False
        self.selected = card
        self.offer = None
        self.message = ""
        return True

    def click(self, place: tuple[Any, ...], reveal: bool = True) -> list[Any]:
        """A click on a place of the picture (see :mod:`bamboo_lab.widgets.places`). A
        Bangkok hand card is picked (clicked again: put back). One legal action there: it is
        played and returned alone; several: they are returned (the board offers them as
        buttons); none: [] and :attr:`message` holds the rule that forbids it, from
        ``explain``."""
        shown: Any = self.board_state(reveal)
        if not self._may_click(shown, reveal):
            self.message = NOT_YOUR_DECISION
            return []
        if place[0] == "hand":
            self.choose_card(-1 if place[1] == self.selected else place[1])
            return []
        found = self.clickable(reveal).get(tuple(place), [])
        if len(found) > 1 and self.selected is not None:
            found = [a for a in found if a.card == self.selected] or found
        confirm = place[0] in board_piece(self.game, "CONFIRM_KINDS", ())
        if len(found) == 1 and not confirm:
            self.play(found[0])
            return found
        if not found:
            self.offer = None
            self.message = refusal(self.module, shown, place, self.selected, self.place_name)
            return found
        self.offer = (tuple(place), tuple(found))
        self.message = offer_words(self.place_name(tuple(place), shown), len(found))
        return found

    def miss(self) -> str:
        """What a click on nothing playable says: what may be clicked now (set as
        :attr:`message`, and returned)."""
        self.message = miss_words(self.is_person_to_play(), self.clicks_text())
        return self.message

    def play(self, action: Any) -> bool:
        """A person's move: an action or its notation. Refused: False and :attr:`message`
        holds the reason from ``explain`` (the rule ID and a sentence); nothing changes."""
        if not isinstance(action, str) and not _readable(action):
            # fields changed past the frozen constructor: refused before anything reads them
            self.message = str(forged_action(action, self.module.RULEBOOK.title))
            return False
        if not self.is_person_to_play():
            who = "the game is over" if self.state.is_over() else "it is a bot's turn"
            self.message = f"{self._words(action)} was not played: {who}."
            return False
        mine = self._view(self.state, self.state.current_player)  # the mover's own knowledge
        try:
            verdict = self.module.explain(mine, action)
        except BambooLabError as exc:  # malformed notation: the parser says what is wrong
            self.message = f"{short_text(action)} is not an action: {exc}"
            return False
        except (TypeError, ValueError, AttributeError, KeyError, IndexError):
            self.message = str(forged_action(action, self.module.RULEBOOK.title))
            return False
        if not verdict.legal:
            # typed notation may be quoted back; a button or a click is refused in words
            typed = isinstance(action, str)
            self.message = (
                str(verdict) if typed else refused_words(self.game, self._words(action), verdict)
            )
            return False
        if isinstance(action, str):
            action = self.module.parse_action(action.strip(), self.state)
        own = self._legal_twin(action)
        if own is None:
            self.message = f"{self._words(action)} is not a legal action now"
            return False
        self._apply(own)
        self.message = ""
        return True

    def _words(self, action: Any) -> str:
        """An action in words (typed text as it was typed, cut when long)."""
        if isinstance(action, str):
            return short_text(action)
        try:
            shown = self._view(self.state, self.viewer(True))
            return short_text(label_of(self.game, action, shown))
        except Exception:  # an action the words cannot name: its own text, cut
            return short_text(action)

    def _legal_twin(self, action: Any) -> Any:
        """The engine's own legal action equal to ``action`` (never the caller's object)."""
        return own_action(tuple(self.legal_actions()), action)

    def bot_move(self) -> bool:
        """Let the bot to move take one decision (then roll any die); False if not a bot's
        turn, or when the bot fails (:attr:`message` says why and nothing changes)."""
        if not self.is_bot_to_play():
            return False
        seat = self.state.current_player
        bot = self.seats[seat]
        assert bot is not None
        legal = self.legal_actions()
        before, games = self.state, self._games
        rng = random.Random(derive_seed(self.seed, "widget-bot", seat, len(self.states)))
        try:
            action = bot.choose(self._view(before, seat), legal, rng)
        except Exception as exc:  # a custom bot's bug: reported, the game goes on unchanged
            self.message = bot_failed_words(self.seat_name(seat), exc)
            return False
        if self._games != games or self.state is not before:
            # the bot started a new game or moved inside choose: its decision is stale
            self.message = bot_stale_words(self.seat_name(seat))
            return False
        own = self._legal_twin(action)
        if own is None:
            self.message = f"{self.seat_name(seat)} chose {short_text(action)}, not a legal action"
            return False
        self._apply(own)
        return True

    def bot_turn(self) -> bool:
        """Let the bot to move play its whole turn (every decision until another seat is to
        play, dice included); False if no bot is to play or it failed on the first one."""
        if not self.is_bot_to_play():
            return False
        seat = self.state.current_player
        played = 0
        while self.is_bot_to_play() and self.state.current_player == seat:
            if not self.bot_move():
                return played > 0
            played += 1
            if played >= _MAX_BOT_TURN:
                self.message = f"{self.seat_name(seat)} took {played} decisions: stopped"
                break
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
        self.selected = None
        self.offer = None
        return True

    def record(self) -> GameRecord:
        """The game so far as a record (save it, or give it to ``widgets.replay``)."""
        return record_of(self.game, self.state, self.seed, self.options)

    def scores_text(self, reveal: bool = False) -> str:
        """The running scores as the board's seat can count them, the outcome once over."""
        return scores_words(self.game, self.board_state(reveal), self.players, self.seat_name)

    def status(self, reveal: bool = False) -> str:
        """Who is to play and what to decide, in one sentence of rulebook words."""
        return status_words(self.game, self.board_state(reveal), self.seats, self.seat_name)

    # ------------------------------------------------------------------ internals

    def _apply(self, action: Any) -> None:
        seat = self.state.current_player
        before = self.state
        after = before.apply(action)
        self.states.append(after)
        self.selected = None
        self.offer = None
        line = self._line(seat, action, before)
        self.steps.append(Step(seat, action, line, self._events(before, after)))
        self._resolve_chance()

    def _events(self, before: GameState, after: GameState) -> tuple[str, ...]:
        """What happened by itself between two states, from the log's view (the game's
        ``events`` words: Bamboo's)."""
        if layer_piece(self.game, "words", "events", None) is None:
            return ()  # the game's rules do nothing by themselves
        viewer = self.log_viewer()
        return season_events(self._view(before, viewer), self._view(after, viewer), self.seat_name)

    def _line(self, seat: int, action: Any, before: GameState) -> str:
        """The log line of ``action`` from the log's viewer's view of ``before``."""
        seen = self._view(before, self.log_viewer())
        return log_line(self.game, seat, action, seen, self.seat_name(seat) if seat >= 0 else "")

    def _resolve_chance(self) -> None:
        """Roll every pending die with a generator derived from the seed and the ply."""
        while not self.state.is_over() and self.state.current_player == CHANCE:
            rng = random.Random(derive_seed(self.seed, "widget-chance", len(self.states)))
            faces, weights = zip(*self.state.chance_outcomes(), strict=True)
            face = rng.choices(faces, weights)[0]
            before = self.state
            self.states.append(before.apply(face))
            self.steps.append(Step(CHANCE, face, self._line(CHANCE, face, before)))


def _readable(action: Any) -> bool:
    """True when ``action`` can be written and hashed, as every action the engine builds can
    (one whose fields were set past its frozen constructor may raise on either)."""
    try:
        str(action)
        hash(action)
    except Exception:
        return False
    return True
