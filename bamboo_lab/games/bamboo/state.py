"""The Bamboo state: an immutable value holding the whole position, with setup from a seed.

The state is a frozen dataclass whose fields are declared (and described) below. The rules
(:mod:`.rules`) work on a shallow copy of its fields and the result becomes the next state;
loading and checking dicts lives in :mod:`.serial`, the text picture in :mod:`.picture`, the
setup's pieces and random draws in :mod:`.deal`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.checks import check_setup, checked_int
from bamboo_lab.core.display import RichDisplay
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.history import LinkedHistory, written_fields
from bamboo_lab.core.protocol import Outcome
from bamboo_lab.core.step import Engine

from . import picture, rules, serial
from .board import SEAT_FIELDS, Board, board_of, seat_fields
from .components import FOOD_KINDS, GIFTS, TEMPLE_TILE_VALUES, shoot_name
from .deal import FOOD_COUNTERS, SPIRIT_TILES, SetupDraws, deal_rows, setup_pieces
from .info import GAME_INFO
from .options import Options
from .reconstructed import BOARD_SETUP_SHOOTS, PLAYER_SETS, UNMARKED_SHOOTS
from .refusals import RULEBOOK
from .rules import HANDLERS
from .scoring import GHOST, final_breakdown, home_comfort, rank_players

__all__ = ["NAME", "PHASES", "Board", "Options", "State", "new_game"]

NAME = GAME_INFO.name
"""The registry name of the game."""

PHASES: tuple[str, ...] = GAME_INFO.phases
"""The decision each phase asks for (see docs/decisions/bamboo.md)."""

SAVED_KEYS: dict[str, str] = {"first_player": "start", "start": "start_position"}
"""The to_dict key of each field saved under another name (the saved format is older)."""


@dataclass(frozen=True)
class State(Engine, RichDisplay):
    """A Bamboo position: the main board, every personal board and the turn in progress."""

    drawn_by = "bamboo_lab.viz.bamboo:figure"  # its picture (core.display)

    game: ClassVar[str] = NAME
    rulebook = RULEBOOK
    handlers = HANDLERS
    num_players: int
    """2 to 4 players."""
    options: Options
    """The rule variants in force."""
    rng: int
    """The 64-bit generator state of mid-game reshuffles (gifts, ghost tiles, food pile)."""
    round: int
    """The round, 1 to 4 (5 once the game is over)."""
    first_player: int
    """The start player of the round (BB-SET-7, BB-WIN-3); saved under the key ``start``."""
    phase: str
    """The pending decision (one of :data:`PHASES`)."""
    player: int
    """The seat to decide, or TERMINAL (-2) once the game is over (read as current_player)."""
    # each player's personal board, one tuple per field indexed by seat (read one seat's
    # as ``state.board(seat)``, every seat's as ``state.boards``)
    hp: tuple[int, ...]
    """Happiness points on the track (5 at setup, BB-PL-2)."""
    coins: tuple[int, ...]
    """Coins held (3 at setup, BB-PL-6; unlimited supply)."""
    reserve: tuple[int, ...]
    """Incense sticks in the reserve, ready to offer (3 at setup, BB-PL-2)."""
    track: tuple[int, ...]
    """Incense sticks still on the round track (4 at setup; one moves to the reserve each
    Spring, BB-SPR-3)."""
    board_temples: tuple[tuple[tuple[int, ...], ...], ...]
    """The shoots (codes 0..19) in the 4 temples of the personal board, by colour, in arrival
    order (a board's ``temples``)."""
    marker: tuple[int, ...]
    """The temple (colour index) of the action marker, -1 before the first visit (BB-SUM-2)."""
    balance: tuple[tuple[int, ...], ...]
    """Balance-tile ids held, unscored (at most 2 of a kind, BB-ACT-2)."""
    scored: tuple[tuple[int, ...], ...]
    """Balance-tile ids scored, in order (BB-ACT-3)."""
    home: tuple[tuple[int, ...], ...]
    """The 15 home spaces row by row: a home-tile id, or -1 when empty (BB-PAT-1)."""
    awake: tuple[tuple[str, ...], ...]
    """Spirits owned and awake (usable), sorted."""
    asleep: tuple[tuple[str, ...], ...]
    """Spirits owned and asleep (used; wake them in Winter, BB-WIN-1), sorted."""
    food: tuple[tuple[int, ...], ...]
    """Counters of tea, rice and ramen held."""
    passed: tuple[bool, ...]
    """Has passed for the rest of this Summer (BB-SUM-1)."""
    stalks: tuple[tuple[int, ...], ...]
    """The stalk field: 4 stalks of 3 shoot codes, base first (BB-SET-1, BB-SUM-6)."""
    temples: tuple[tuple[int, ...], ...]
    """The incense of the 4 main-board temples, owners bottom to top (-1 = the brown ghost)."""
    spirit_stacks: tuple[tuple[str, ...], ...]
    """The spirits on each temple, face-up tile first (BB-SET-5, BB-AUT-4)."""
    spirit_box: tuple[str, ...]
    """The 5 spirits that left the game at setup, face down (BB-SET-5)."""
    spirit_out: tuple[str, ...]
    """Spirits won by the ghost, out of the game (BB-AUT-2)."""
    temple_tiles: tuple[int, ...]
    """The ghost's temple tiles in temple order (2 players, BB-SET-8); empty otherwise."""
    balance_market: tuple[tuple[int, ...], ...]
    """The face-up balance tiles of each kind (left, center, right), lowest space first."""
    balance_stacks: tuple[tuple[int, ...], ...]
    """The face-down balance stacks of each kind, top first."""
    home_market: tuple[tuple[int, ...], ...]
    """The face-up home tiles of categories A and B, lowest space first."""
    home_stacks: tuple[tuple[int, ...], ...]
    """The face-down home stacks of categories A and B, top first."""
    home_box: tuple[int, ...]
    """The 3+ home tiles removed in a 2-player game (BB-SET-4)."""
    food_display: tuple[int, ...]
    """The face-up food counters (0 tea, 1 rice, 2 ramen), sorted."""
    food_bag: tuple[int, ...]
    """The face-down food pile, top first."""
    food_discard: tuple[int, ...]
    """Food counters paid or discarded, sorted."""
    gift_display: tuple[str, ...]
    """The gifts revealed this Spring (BB-SPR-2)."""
    gift_stack: tuple[str, ...]
    """The face-down gifts, top first."""
    shoot_pool: tuple[int, ...]
    """The unmarked shoots laid out for the set-up draft (BB-PL-5)."""
    shoot_box: tuple[int, ...]
    """Shoots out of play (unused player sets and unmarked shoots), sorted."""
    visited: int = -1
    """The temple visited this Summer turn, -1 when none."""
    sticks: int = 0
    """Incense sticks still to offer this turn (BB-SUM-3)."""
    pending: tuple[int, ...] = ()
    """The visited temple's shoots still to put into the stalk field (BB-SUM-5)."""
    activations: int = 0
    """Activations left this turn (as many as sticks offered, BB-SUM-5)."""
    activated: int = 0
    """Shoots activated so far this turn."""
    per_stalk: tuple[int, ...] = (0, 0, 0, 0)
    """New shoots pushed into each stalk this turn (at most 2, BB-SUM-5)."""
    kitsune: bool = False
    """Kitsune's power is on this turn (BB-SPI-3)."""
    bakeneko: bool = False
    """Bakeneko's power is on this turn (BB-SPI-5)."""
    activating: tuple[int, ...] = ()
    """``(shoot, stalk)`` of the shoot whose action is being performed, else empty."""
    receiving: int = -1
    """The ejected shoot waiting for a temple (phase ``receive``), else -1."""
    context: str = ""
    """Why an action is performed: ``gift``, ``shoot``, ``spirit`` (or empty)."""
    step: int = 0
    """Sub-actions done in a Balance action, or food units paid in Winter."""
    buying: int = -1
    """The home tile being placed (phase ``home``), else -1."""
    resume: str = ""
    """The phase a spirit's extra action returns to."""
    balance_known: tuple[int, ...] = (0, 0, 0)
    """How many tiles at the bottom of each balance stack everyone saw go under (BB-WIN-4)."""
    home_known: tuple[int, ...] = (0, 0)
    """How many tiles at the bottom of each home stack everyone saw go under (BB-WIN-4)."""
    history: LinkedHistory = LinkedHistory()
    """The actions applied since :attr:`start` (or since setup)."""
    start: Mapping[str, Any] | None = field(default=None, compare=False)
    """The to_dict (empty history) of the position the history begins at; None = new_game.

    Saved under the key ``start_position`` (the key ``start`` is the start player's)."""

    # -------------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        """The seat to act, or TERMINAL once the game is over (no chance nodes in Bamboo)."""
        return self.player

    def is_over(self) -> bool:
        """True once the round track is empty at the start of a Spring (BB-SPR-1)."""
        return self.phase == "over"

    @property
    def boards(self) -> tuple[Board, ...]:
        """Every player's personal board, in seat order (views of the per-seat fields)."""
        return tuple(board_of(self.__dict__, seat) for seat in range(self.num_players))

    def board(self, seat: int) -> Board:
        """The personal board of ``seat`` (a view of the per-seat fields)."""
        return board_of(self.__dict__, seat)

    legal_actions = rules.legal_actions
    """The legal actions, in a deterministic order (the rules' function, called as a method)."""

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """Always ``()``: reshuffles draw from the state's value generator (design 3)."""
        return ()

    def __getstate__(self) -> dict[str, Any]:
        """Copied and pickled with the history written out (see core.history)."""
        return written_fields(self.__dict__)

    def _evolve(self, **changes: Any) -> State:
        """A copy with some fields changed (views and determinization only)."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def scores(self) -> tuple[int, ...]:
        """Running happiness points; the final score (R-EN section VI) once over."""
        if self.phase != "over":
            return self.hp
        return tuple(self.final_breakdown(seat)["total"] for seat in range(self.num_players))

    def final_breakdown(self, player: int) -> dict[str, Any]:
        """The final-score breakdown of ``player`` as if the game ended now (R-EN section VI)."""
        board = self.board(player)
        night = rules.night_of(self, player) or None
        tiles = self.options.balance_table
        return final_breakdown(board.hp, board.spirits, board.home, board.balance, night, tiles)

    def outcome(self) -> Outcome | None:
        """Winners by final HP, then total home comfort, then shared (BB-END-5)."""
        if self.phase != "over":
            return None
        parts = tuple(self.final_breakdown(seat) for seat in range(self.num_players))
        totals = tuple(breakdown["total"] for breakdown in parts)
        comforts = tuple(home_comfort(home) for home in self.home)
        winners = rank_players(totals, comforts)
        best = max(totals)
        if len(winners) > 1:
            reason = f"shared victory at {best} HP and {comforts[winners[0]]} comfort"
        elif totals.count(best) > 1:
            reason = f"{best} HP tie broken by total home comfort ({comforts[winners[0]]})"
        else:
            reason = f"most happiness points ({best})"
        return Outcome(totals, winners, reason, parts)

    # -------------------------------------------------------------- hidden information

    def _with_hidden(self, order: Any, rng: int) -> State:
        hidden = [spirit for stack in self.spirit_stacks for spirit in stack[1:]] + list(
            self.spirit_box
        )
        spirits = order(hidden)
        stacks = []
        taken = 0
        for stack in self.spirit_stacks:
            count = max(0, len(stack) - 1)
            stacks.append(stack[:1] + tuple(spirits[taken : taken + count]))
            taken += count
        start = self.start
        if start is not None:  # the starting position is redacted the same way
            start = State.from_dict(start).view(0).to_dict()
        return self._evolve(
            rng=rng,
            spirit_stacks=tuple(stacks),
            spirit_box=tuple(spirits[taken:]),
            balance_stacks=_reorder(self.balance_stacks, self.balance_known, order),
            home_stacks=_reorder(self.home_stacks, self.home_known, order),
            food_bag=tuple(order(self.food_bag)),
            gift_stack=tuple(order(self.gift_stack)),
            start=start,
        )

    def view(self, player: int | None) -> State:
        """The state as ``player`` sees it: face-down piles in a canonical order, no generator.

        Hidden: the order of the balance and home stacks (except the tiles put under them in
        Winter), the food pile and the gift stack; the spirits under each temple's face-up tile
        and the 5 left in the box; the generator state (also in :attr:`start`).
        Nothing is secret to one seat, so every seat's view is the same, and so is ``None``,
        the public view (what a spectator sees).
        """
        self._check_viewer(player, "view")
        return self._with_hidden(sorted, 0)

    def determinize(self, player: int | None, seed: int) -> State:
        """A state ``player`` cannot tell from this one: hidden parts reshuffled from ``seed``."""
        self._check_viewer(player, "determinize")
        who = "public" if player is None else player
        box = [vrng.derive_seed(seed, "determinize", who)]

        def order(items: Any) -> list[Any]:
            out, box[0] = vrng.shuffled(list(items), box[0])
            return out

        state = self._with_hidden(order, 0)
        return state._evolve(rng=vrng.derive_seed(seed, "rng", who))

    def _check_viewer(self, player: Any, what: str) -> None:
        """InvalidStateError unless ``player`` is a seat of this game or None (the public)."""
        if player is not None:
            checked_int(player, f"Bamboo {what}: player", 0, self.num_players - 1)

    def inventory(self) -> dict[str, int]:
        """Every component counted where it lies (coins are unlimited and not counted)."""
        shoots: list[int] = [code for stack in self.stalks for code in stack]
        shoots += [*self.pending, *self.shoot_pool, *self.shoot_box, *self.activating[:1]]
        if self.receiving >= 0:
            shoots.append(self.receiving)
        for board in self.boards:
            for temple in board.temples:
                shoots += temple
        counts: dict[str, int] = {
            "shoot:" + shoot_name(code): count for code, count in Counter(shoots).items()
        }
        counts["shoot"] = len(shoots)
        homes = [tile for row in self.home_market for tile in row]
        homes += [tile for stack in self.home_stacks for tile in stack] + list(self.home_box)
        homes += [tile for board in self.boards for tile in board.home if tile >= 0]
        counts["home_tile"] = len(homes)
        counts["home_tile_distinct"] = len(set(homes))
        balance_tiles = [temple for row in self.balance_market for temple in row]
        balance_tiles += [temple for stack in self.balance_stacks for temple in stack]
        balance_tiles += [
            temple for board in self.boards for temple in board.balance + board.scored
        ]
        counts["balance_tile"] = len(balance_tiles)
        counts["balance_tile_distinct"] = len(set(balance_tiles))
        spirits = [spirit for stack in self.spirit_stacks for spirit in stack]
        spirits += [*self.spirit_box, *self.spirit_out]
        spirits += [spirit for board in self.boards for spirit in board.awake + board.asleep]
        counts.update(("spirit:" + kind, count) for kind, count in Counter(spirits).items())
        foods = Counter([*self.food_display, *self.food_bag, *self.food_discard])
        for food in range(3):
            counts["food:" + FOOD_KINDS[food]] = foods[food] + sum(
                board.food[food] for board in self.boards
            )
        gifts = Counter([*self.gift_display, *self.gift_stack])
        counts.update(("gift:" + gift, gifts[gift]) for gift in GIFTS)
        for seat, board in enumerate(self.boards):
            on_temples = sum(stack.count(seat) for stack in self.temples)
            counts[f"incense:{seat}"] = board.reserve + board.track + on_temples
        if self.num_players == 2:
            counts["incense:ghost"] = sum(stack.count(GHOST) for stack in self.temples)
            counts["temple_tile"] = len(self.temple_tiles)
        return counts

    # -------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict; :meth:`from_dict` rebuilds an equal state."""
        saved: dict[str, Any] = {}
        for declared in dataclasses.fields(self):
            name = declared.name
            value = getattr(self, name)
            key = SAVED_KEYS.get(name, name)
            if name == "options":
                saved[key] = {
                    option: list(chosen) if isinstance(chosen, tuple) else chosen
                    for option, chosen in value.to_dict().items()
                }
            elif name in _SEAT_KEYS:  # saved as the personal boards, where the first is
                if name == _FIRST_SEAT_KEY:
                    saved["boards"] = [board.to_dict() for board in self.boards]
            elif name == "history":
                saved[key] = [str(action) for action in value]
            elif name == "start":
                if value is not None:
                    saved[key] = dict(value)
            elif isinstance(value, tuple):
                saved[key] = [list(item) if isinstance(item, tuple) else item for item in value]
            else:
                saved[key] = value
        return saved

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`to_dict`; raise InvalidStateError when inconsistent.

        Checked (in :mod:`.serial`): every field's type and range, component conservation
        and the invariants of a reachable position; a ``start`` must load as a state
        with an empty history from which the history replays to this very state.
        """
        fields = serial.load_fields(data, PHASES)
        history = fields["history"]
        fields["history"] = ()  # replayed from the start, if any, before it is set
        state = cls(**fields)
        expected = expected_inventory(fields["num_players"], fields["options"])
        found = state.inventory()
        if found != expected:
            diff = ", ".join(
                f"{key} {found.get(key)} != {value}"
                for key, value in expected.items()
                if found.get(key) != value
            )
            raise InvalidStateError(f"components are not conserved: {diff}")
        serial.check_decision(state)
        if state.phase != "over" and not state.legal_actions():  # no dead end (issue 22)
            raise InvalidStateError(
                f"phase {state.phase!r} of a game not over offers no legal action"
                " (no game reaches it)"
            )
        if state.start is not None:
            _check_start(state, cls.from_dict(state.start), history)
        return state._evolve(history=history)

    # -------------------------------------------------------------- text picture

    def __str__(self) -> str:
        """The boards as text (see :func:`.picture.render`)."""
        return picture.render(self)


# ---------------------------------------------------------------- setup

_new_object = object.__new__

_SEAT_KEYS = frozenset(SEAT_FIELDS.values())
"""The per-seat fields: saved together as the list ``boards`` (one board per player)."""
_FIRST_SEAT_KEY = next(iter(SEAT_FIELDS.values()))
"""The first per-seat field: the saved ``boards`` stand where it is declared."""

_DEFAULT_OPTIONS = Options()
"""The recommended readings, built (and type-checked) once: most games use them."""

_START_BOARD = Board(
    hp=5,  # BB-PL-2
    coins=3,  # BB-PL-6
    reserve=3,
    track=4,
    temples=((), (), (), ()),
    marker=-1,
    balance=(),
    scored=(),
    home=(-1,) * 15,
    awake=(),
    asleep=(),
    food=(0, 0, 0),
    passed=False,
)
"""A personal board at setup before its shoots and its left balance tile (BB-PL-2..6)."""


def new_game(num_players: int, seed: int, options: Any = None) -> State:
    """Set up a game (R-EN sections I and III): a pure function of its arguments."""
    check_setup("Bamboo", num_players, seed, GAME_INFO.player_counts)
    opts = _DEFAULT_OPTIONS if options is None else Options.coerce(options)
    draws = SetupDraws(vrng.derive_seed(seed, NAME, "setup"))
    pieces = setup_pieces(num_players, opts)
    # BB-SET-1: board-setup shoots at random in the 12 shaded spaces
    setup = draws.shuffle(BOARD_SETUP_SHOOTS[opts.wildcards])
    # BB-SET-3: balance stacks, 3 face up per type (custom tiles join their kind's stack)
    bal_market, bal_stacks = deal_rows(draws, pieces.balance_tiles, 3)
    # BB-SET-4: home tiles by category, 3+ removed with 2 players, 4 face up per category
    home_market, home_stacks = deal_rows(draws, pieces.home_tiles, 4)
    spirits = draws.shuffle(SPIRIT_TILES)  # BB-SET-5: 4 stacks of 4, the other 5 leave
    food = draws.shuffle(FOOD_COUNTERS)  # BB-SET-6: food counters face down, 5 face up
    gifts = draws.shuffle(GIFTS)  # BB-SET-2: gifts face down
    first_player = draws.below(num_players)  # BB-SET-7: a random start player
    # BB-SET-8: the ghost's incense (2 players)
    temple_tiles = tuple(draws.shuffle(TEMPLE_TILE_VALUES)) if num_players == 2 else ()
    # BB-PL-4: one player-setup set each; BB-PL-5: 2 unmarked shoots per player laid out
    sets = draws.shuffle(range(4))
    unmarked = draws.shuffle(UNMARKED_SHOOTS[opts.wildcards])
    boards = _player_boards(num_players, sets, bal_stacks)
    shoot_box = [code for index in sets[num_players:] for code in PLAYER_SETS[index]] + unmarked[
        2 * num_players :
    ]  # B8
    state = _new_object(State)  # the fields set directly: the generated __init__ is slower
    state.__dict__.update(
        num_players=num_players,
        options=opts,
        rng=vrng.derive_seed(seed, NAME, "reshuffles"),
        round=1,
        first_player=first_player,
        phase="draft",
        player=first_player,
        **seat_fields(boards),
        stalks=tuple(tuple(setup[3 * index : 3 * index + 3]) for index in range(4)),
        temples=_ghost_incense(temple_tiles) if num_players == 2 else ((), (), (), ()),
        spirit_stacks=tuple(tuple(spirits[4 * index : 4 * index + 4]) for index in range(4)),
        spirit_box=tuple(spirits[16:]),
        spirit_out=(),
        temple_tiles=temple_tiles,
        balance_market=tuple(bal_market),
        balance_stacks=tuple(tuple(stack) for stack in bal_stacks),
        home_market=tuple(home_market),
        home_stacks=tuple(tuple(stack) for stack in home_stacks),
        home_box=pieces.home_box,
        food_display=tuple(sorted(food[:5])),
        food_bag=tuple(food[5:]),
        food_discard=(),
        gift_display=(),
        gift_stack=tuple(gifts),
        shoot_pool=tuple(unmarked[: 2 * num_players]),
        shoot_box=tuple(sorted(shoot_box)),
    )
    state.__dict__.update(_DEFAULT_FIELDS)
    return state


def _player_boards(
    num_players: int, sets: Sequence[int], balance_stacks: list[list[int]]
) -> tuple[Board, ...]:
    """Each seat's personal board with its player-setup set's shoots and a left balance tile."""
    boards = []
    for seat in range(num_players):
        temples: list[tuple[int, ...]] = [(), (), (), ()]
        for code in PLAYER_SETS[sets[seat]]:
            temples[code // 5] += (code,)
        left = balance_stacks[0].pop(0)  # BB-PL-3: one left tile from the stack, unseen
        boards.append(dataclasses.replace(_START_BOARD, temples=tuple(temples), balance=(left,)))
    return tuple(boards)


def _ghost_incense(temple_tiles: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The ghost's sticks on each temple, as many as its temple tile shows (BB-SET-8)."""
    return tuple((GHOST,) * sticks for sticks in temple_tiles)


_DEFAULT_FIELDS: dict[str, Any] = {
    declared.name: declared.default
    for declared in dataclasses.fields(State)
    if declared.default is not dataclasses.MISSING
}
"""The fields with a default (those of a turn in progress), as a new game holds them."""


@lru_cache(maxsize=64)
def expected_inventory(num_players: int, options: Options) -> dict[str, int]:
    """The component counts of every game with these players and options (read-only)."""
    return new_game(num_players, 0, options).inventory()


def _check_start(state: State, first: State, history: tuple[Any, ...]) -> None:
    """The history must replay from the starting position to ``state`` itself."""
    if first.history:
        raise InvalidStateError("start_position must have an empty history")
    try:
        for action in history:
            first = first.apply(action)
    except BambooLabError as exc:
        raise InvalidStateError(f"the history does not replay from start_position: {exc}") from exc
    mine, theirs = state.to_dict(), first.to_dict()
    for saved in (mine, theirs):
        saved.pop("history")
        saved.pop("start_position", None)
    if mine != theirs:
        raise InvalidStateError("the history replayed from start_position gives another state")


def _reorder(
    stacks: tuple[tuple[int, ...], ...], known: tuple[int, ...], order: Any
) -> tuple[tuple[int, ...], ...]:
    """Reorder the unknown top part of each stack; its public bottom part stays in place."""
    out = []
    for stack, known_count in zip(stacks, known, strict=True):
        cut = len(stack) - known_count
        out.append(tuple(order(stack[:cut])) + stack[cut:])
    return tuple(out)
