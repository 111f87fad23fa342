"""The Bamboo state: an immutable value holding the whole position, with setup from a seed.

Fields follow the table: the stalk field (4 stalks of 3 shoots, base first), the main-board
temples (incense owners bottom to top, -1 = the brown ghost), the spirit stacks (face-up first),
the markets (lowest space first) and their face-down stacks (top first), the food display, pile
and discards, the gifts, and one :class:`Board` per player. The fields ``visited`` ... ``buying``
describe the turn in progress. ``rng`` is the value generator of mid-game reshuffles.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.protocol import TERMINAL, Outcome, ensure_legal

from . import rules
from .actions import ACTION_TYPES, parse_text
from .components import (
    COLOURS,
    FOOD_COUNTS,
    FOOD_KINDS,
    GIFTS,
    KINDS,
    SPIRITS,
    TEMPLE_TILE_VALUES,
    TYPE_LETTERS,
    TYPES,
    shoot_name,
)
from .options import Options
from .reconstructed import (
    BALANCE_TILES,
    BOARD_SETUP_SHOOTS,
    HOME_TILES,
    PLAYER_SETS,
    UNMARKED_SHOOTS,
)
from .scoring import GHOST, final_breakdown, home_comfort, rank_players

__all__ = ["NAME", "PHASES", "Board", "Options", "State", "new_game"]

NAME = "bamboo"
"""The registry name of the game."""

PHASES: tuple[str, ...] = (
    "draft",
    "gift",
    "visit",
    "offer",
    "place",
    "receive",
    "balance",
    "improve",
    "home",
    "cook",
    "wildcard",
    "tengu",
    "end",
    "wake",
    "feed",
    "over",
)
"""The decision each phase asks for (see docs/decisions/bamboo.md)."""


@dataclass(frozen=True)
class Board:
    """One player's personal board and belongings (R-EN section III; catalog 1.5)."""

    hp: int
    coins: int
    reserve: int
    track: int
    temples: tuple[tuple[int, ...], ...]
    marker: int
    balance: tuple[int, ...]
    scored: tuple[int, ...]
    home: tuple[int, ...]
    awake: tuple[str, ...]
    asleep: tuple[str, ...]
    food: tuple[int, ...]
    passed: bool

    def _evolve(self, **changes: Any) -> Board:
        new = object.__new__(Board)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        return new

    @property
    def spirits(self) -> tuple[str, ...]:
        """Every spirit tile the player owns, awake or asleep."""
        return tuple(sorted(self.awake + self.asleep))

    @property
    def shoots(self) -> int:
        """How many shoots lie in the temples of this board."""
        return sum(len(t) for t in self.temples)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict."""
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        d["temples"] = [list(t) for t in self.temples]
        for k in ("balance", "scored", "home", "awake", "asleep", "food"):
            d[k] = list(d[k])
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Board:
        """Rebuild a board; raise InvalidStateError when malformed."""
        if not isinstance(d, Mapping):
            raise InvalidStateError(f"a Bamboo board must be a mapping, not {d!r}")
        unknown = sorted(set(d) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise InvalidStateError(f"unknown Bamboo board fields {unknown}")
        try:
            board = cls(
                hp=_int(d["hp"]),
                coins=_int(d["coins"]),
                reserve=_int(d["reserve"]),
                track=_int(d["track"]),
                temples=tuple(_ints(t, 0, 19) for t in d["temples"]),
                marker=_int(d["marker"], -1, 3),
                balance=_ints(d["balance"], 0, len(BALANCE_TILES) - 1),
                scored=_ints(d["scored"], 0, len(BALANCE_TILES) - 1),
                home=_ints(d["home"], -1, len(HOME_TILES) - 1),
                awake=_names(d["awake"], SPIRITS),
                asleep=_names(d["asleep"], SPIRITS),
                food=_ints(d["food"], 0, 99),
                passed=_bool(d["passed"]),
            )
        except (KeyError, TypeError) as exc:
            raise InvalidStateError(f"bad Bamboo board: {exc!r}") from exc
        if len(board.temples) != 4 or any(len(t) > 4 for t in board.temples):
            raise InvalidStateError("a board has 4 temples of at most 4 shoots")
        if len(board.home) != 15 or len(board.food) != 3:
            raise InvalidStateError("a board has a 15-space home and 3 food counts")
        if min(board.coins, board.reserve, board.track) < 0:
            raise InvalidStateError("coins, incense and track sticks cannot be negative")
        kinds = Counter(BALANCE_TILES[t].kind for t in board.balance)
        if any(k > 2 for k in kinds.values()):  # BB-ACT-2
            raise InvalidStateError("a board holds at most 2 balance tiles of each type")
        return board


@dataclass(frozen=True)
class State:
    """A Bamboo position (see the module docstring for the fields)."""

    game: ClassVar[str] = NAME
    num_players: int
    options: Options
    rng: int
    round: int
    start: int
    phase: str
    player: int
    boards: tuple[Board, ...]
    stalks: tuple[tuple[int, ...], ...]
    temples: tuple[tuple[int, ...], ...]
    spirit_stacks: tuple[tuple[str, ...], ...]
    spirit_box: tuple[str, ...]
    spirit_out: tuple[str, ...]
    temple_tiles: tuple[int, ...]
    balance_market: tuple[tuple[int, ...], ...]
    balance_stacks: tuple[tuple[int, ...], ...]
    home_market: tuple[tuple[int, ...], ...]
    home_stacks: tuple[tuple[int, ...], ...]
    home_box: tuple[int, ...]
    food_display: tuple[int, ...]
    food_bag: tuple[int, ...]
    food_discard: tuple[int, ...]
    gift_display: tuple[str, ...]
    gift_stack: tuple[str, ...]
    shoot_pool: tuple[int, ...]
    shoot_box: tuple[int, ...]
    visited: int = -1
    sticks: int = 0
    pending: tuple[int, ...] = ()
    activations: int = 0
    activated: int = 0
    per_stalk: tuple[int, ...] = (0, 0, 0, 0)
    kitsune: bool = False
    bakeneko: bool = False
    activating: tuple[int, ...] = ()
    receiving: int = -1
    context: str = ""
    step: int = 0
    buying: int = -1
    resume: str = ""
    balance_known: tuple[int, ...] = (0, 0, 0)
    home_known: tuple[int, ...] = (0, 0)
    history: tuple[Any, ...] = ()

    # -------------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        """The seat to act, or TERMINAL once the game is over (Bamboo has no chance nodes)."""
        return TERMINAL if self.phase == "over" else self.player

    def is_over(self) -> bool:
        """True once the round track is empty at the start of a Spring (BB-SPR-1)."""
        return self.phase == "over"

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions, in a deterministic order."""
        return rules.legal_actions(self)

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """Always ``()``: reshuffles draw from the state's value generator (DESIGN.md 3)."""
        return ()

    def apply(self, action: Any, check: bool = True) -> State:
        """The state after ``action``; with ``check``, an illegal action raises, nothing changes."""
        if check:
            ensure_legal(self, action, ACTION_TYPES)
        w = dict(self.__dict__)
        w["history"] = (*self.history, action)
        rules.apply_action(w, action)
        new = object.__new__(State)
        new.__dict__.update(w)
        return new

    def _evolve(self, **changes: Any) -> State:
        """A copy with some fields changed (used by tests and helpers to build positions)."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def scores(self) -> tuple[int, ...]:
        """Running happiness points; the final score (R-EN section VI) once over."""
        if self.phase != "over":
            return tuple(b.hp for b in self.boards)
        return tuple(self.final_breakdown(p)["total"] for p in range(self.num_players))

    def final_breakdown(self, player: int) -> dict[str, Any]:
        """The final-score breakdown of ``player`` as if the game ended now (R-EN section VI)."""
        b = self.boards[player]
        return final_breakdown(
            b.hp, b.spirits, b.home, b.balance, rules.night_of(self, player) or None
        )

    def outcome(self) -> Outcome | None:
        """Winners by final HP, then total home comfort, then shared (BB-END-5)."""
        if self.phase != "over":
            return None
        parts = tuple(self.final_breakdown(p) for p in range(self.num_players))
        totals = tuple(d["total"] for d in parts)
        comforts = tuple(home_comfort(b.home) for b in self.boards)
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

    def _hidden_spirits(self) -> list[str]:
        return [s for st in self.spirit_stacks for s in st[1:]] + list(self.spirit_box)

    def _with_hidden(self, order: Any, rng: int) -> State:
        spirits = order(self._hidden_spirits())
        stacks = []
        k = 0
        for st in self.spirit_stacks:
            n = max(0, len(st) - 1)
            stacks.append(st[:1] + tuple(spirits[k : k + n]))
            k += n
        return self._evolve(
            rng=rng,
            spirit_stacks=tuple(stacks),
            spirit_box=tuple(spirits[k:]),
            balance_stacks=_reorder(self.balance_stacks, self.balance_known, order),
            home_stacks=_reorder(self.home_stacks, self.home_known, order),
            food_bag=tuple(order(self.food_bag)),
            gift_stack=tuple(order(self.gift_stack)),
        )

    def view(self, player: int) -> State:
        """The state as ``player`` sees it: face-down piles in a canonical order, no generator.

        Hidden: the order of the balance and home stacks (except the tiles put under them in
        Winter), the food pile and the gift stack; the spirits under each temple's face-up tile
        and the 5 left in the box; the generator state.
        """
        return self._with_hidden(sorted, 0)

    def determinize(self, player: int, seed: int) -> State:
        """A state ``player`` cannot tell from this one: hidden parts reshuffled from ``seed``."""
        box = [vrng.derive_seed(seed, "determinize", player)]

        def order(items: Any) -> list[Any]:
            out, box[0] = vrng.shuffled(list(items), box[0])
            return out

        state = self._with_hidden(order, 0)
        return state._evolve(rng=vrng.derive_seed(seed, "rng", player))

    def inventory(self) -> dict[str, int]:
        """Every component counted where it lies (coins are unlimited and not counted)."""
        shoots: list[int] = [c for st in self.stalks for c in st]
        shoots += [*self.pending, *self.shoot_pool, *self.shoot_box, *self.activating[:1]]
        if self.receiving >= 0:
            shoots.append(self.receiving)
        for b in self.boards:
            for t in b.temples:
                shoots += t
        inv: dict[str, int] = {"shoot:" + shoot_name(c): n for c, n in Counter(shoots).items()}
        inv["shoot"] = len(shoots)
        homes = [h for row in self.home_market for h in row]
        homes += [h for st in self.home_stacks for h in st] + list(self.home_box)
        homes += [h for b in self.boards for h in b.home if h >= 0]
        inv["home_tile"] = len(homes)
        inv["home_tile_distinct"] = len(set(homes))
        bal = [t for row in self.balance_market for t in row]
        bal += [t for st in self.balance_stacks for t in st]
        bal += [t for b in self.boards for t in b.balance + b.scored]
        inv["balance_tile"] = len(bal)
        inv["balance_tile_distinct"] = len(set(bal))
        spirits = [s for st in self.spirit_stacks for s in st]
        spirits += [*self.spirit_box, *self.spirit_out]
        spirits += [s for b in self.boards for s in b.awake + b.asleep]
        inv.update(("spirit:" + k, n) for k, n in Counter(spirits).items())
        foods = Counter([*self.food_display, *self.food_bag, *self.food_discard])
        for f in range(3):
            inv["food:" + FOOD_KINDS[f]] = foods[f] + sum(b.food[f] for b in self.boards)
        gifts = Counter([*self.gift_display, *self.gift_stack])
        inv.update(("gift:" + g, gifts[g]) for g in GIFTS)
        for p, b in enumerate(self.boards):
            on_temples = sum(st.count(p) for st in self.temples)
            inv[f"incense:{p}"] = b.reserve + b.track + on_temples
        if self.num_players == 2:
            inv["incense:ghost"] = sum(st.count(GHOST) for st in self.temples)
            inv["temple_tile"] = len(self.temple_tiles)
        return inv

    # -------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict; :meth:`from_dict` rebuilds an equal state."""
        d: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "options":
                d[f.name] = _options_dict(value)
            elif f.name == "boards":
                d[f.name] = [b.to_dict() for b in value]
            elif f.name == "history":
                d[f.name] = [str(a) for a in value]
            elif isinstance(value, tuple):
                d[f.name] = [list(v) if isinstance(v, tuple) else v for v in value]
            else:
                d[f.name] = value
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`to_dict`; raise InvalidStateError when inconsistent."""
        if not isinstance(data, Mapping):
            raise InvalidStateError("a Bamboo state must be a mapping")
        names = {f.name for f in dataclasses.fields(cls)}
        missing = sorted(names - set(data))
        extra = sorted(set(data) - names)
        if missing or extra:
            raise InvalidStateError(f"Bamboo state fields: missing {missing}, unknown {extra}")
        try:
            n = _int(data["num_players"], 2, 4)
            kw: dict[str, Any] = {
                "num_players": n,
                "options": _options(data["options"]),
                "rng": _int(data["rng"], 0, vrng.MASK64),
                "round": _int(data["round"], 1, 5),
                "start": _int(data["start"], 0, n - 1),
                "phase": _name(data["phase"], PHASES),
                "player": _int(data["player"], -2, n - 1),
                "boards": tuple(Board.from_dict(b) for b in data["boards"]),
                "stalks": tuple(_ints(s, 0, 19) for s in data["stalks"]),
                "temples": tuple(_ints(s, -1, n - 1) for s in data["temples"]),
                "spirit_stacks": tuple(_names(s, SPIRITS) for s in data["spirit_stacks"]),
                "spirit_box": _names(data["spirit_box"], SPIRITS),
                "spirit_out": _names(data["spirit_out"], SPIRITS),
                "temple_tiles": _ints(data["temple_tiles"], 0, 3),
                "balance_market": tuple(_ints(r, 0, 67) for r in data["balance_market"]),
                "balance_stacks": tuple(_ints(r, 0, 67) for r in data["balance_stacks"]),
                "home_market": tuple(_ints(r, 0, 63) for r in data["home_market"]),
                "home_stacks": tuple(_ints(r, 0, 63) for r in data["home_stacks"]),
                "home_box": _ints(data["home_box"], 0, 63),
                "food_display": _ints(data["food_display"], 0, 2),
                "food_bag": _ints(data["food_bag"], 0, 2),
                "food_discard": _ints(data["food_discard"], 0, 2),
                "gift_display": _names(data["gift_display"], GIFTS),
                "gift_stack": _names(data["gift_stack"], GIFTS),
                "shoot_pool": _ints(data["shoot_pool"], 0, 19),
                "shoot_box": _ints(data["shoot_box"], 0, 19),
                "visited": _int(data["visited"], -1, 3),
                "sticks": _int(data["sticks"], 0, 4),
                "pending": _ints(data["pending"], 0, 19),
                "activations": _int(data["activations"], 0, 4),
                "activated": _int(data["activated"], 0, 4),
                "per_stalk": _ints(data["per_stalk"], 0, 2),
                "kitsune": _bool(data["kitsune"]),
                "bakeneko": _bool(data["bakeneko"]),
                "activating": _ints(data["activating"], 0, 19),
                "receiving": _int(data["receiving"], -1, 19),
                "context": _name(data["context"], ("", "gift", "shoot", "spirit")),
                "step": _int(data["step"], 0, 99),
                "buying": _int(data["buying"], -1, 63),
                "balance_known": _ints(data["balance_known"], 0, 24),
                "home_known": _ints(data["home_known"], 0, 32),
                "resume": _name(data["resume"], ("", "visit", "offer", "place", "end")),
            }
            history = tuple(parse_text(t) for t in data["history"])
        except (KeyError, TypeError, BambooLabError) as exc:
            raise InvalidStateError(f"bad Bamboo state: {exc}") from exc
        if len(kw["boards"]) != n or len(kw["stalks"]) != 4 or len(kw["temples"]) != 4:
            raise InvalidStateError(
                "a Bamboo state needs one board per player, 4 stalks, 4 temples"
            )
        if any(len(s) != 3 for s in kw["stalks"]) or len(kw["per_stalk"]) != 4:
            raise InvalidStateError("each of the 4 stalks holds exactly 3 shoots")
        if kw["phase"] == "over" and kw["player"] != TERMINAL:
            raise InvalidStateError("a finished game has player -2")
        if kw["phase"] != "over" and kw["player"] < 0:
            raise InvalidStateError("an unfinished game needs a player to act")
        if (kw["phase"] == "home") != (kw["buying"] >= 0):
            raise InvalidStateError("a home tile is being bought exactly in phase 'home'")
        if (kw["phase"] == "receive") != (kw["receiving"] >= 0):
            raise InvalidStateError("a shoot is being received exactly in phase 'receive'")
        if kw["phase"] == "place" and not kw["pending"]:
            raise InvalidStateError("phase 'place' needs shoots in hand")
        if (kw["context"] == "shoot") != (len(kw["activating"]) == 2) or (
            kw["activating"] and kw["activating"][1] > 3
        ):
            raise InvalidStateError("an activated shoot is (shoot, stalk) in context 'shoot'")
        for name, rows in (("balance", 3), ("home", 2)):
            known, stacks = kw[name + "_known"], kw[name + "_stacks"]
            if (
                len(known) != rows
                or len(stacks) != rows
                or any(k > len(st) for k, st in zip(known, stacks, strict=True))
            ):
                raise InvalidStateError(f"{name}_known must count a bottom part of each stack")
        if n > 2 and any(GHOST in t for t in kw["temples"]):
            raise InvalidStateError("the ghost plays only in 2-player games")
        _check_position(kw)
        state = cls(history=history, **kw)
        expected = _expected_inventory(n, kw["options"])
        if state.inventory() != expected:
            raise InvalidStateError(
                "components are not conserved: "
                + ", ".join(
                    f"{k} {state.inventory().get(k)} != {v}"
                    for k, v in expected.items()
                    if state.inventory().get(k) != v
                )
            )
        return state

    # -------------------------------------------------------------- text picture

    def __str__(self) -> str:
        """The boards as text."""
        return render(self)


def render(s: State) -> str:
    """A text picture of the main board and every personal board."""
    lines = [
        f"Bamboo, {s.num_players} players - round {s.round}, phase {s.phase}, "
        f"player {s.current_player}, start player {s.start}"
    ]
    stalks = "  ".join(
        f"{k + 1}:[{' '.join(shoot_name(c) for c in reversed(st))}]"
        for k, st in enumerate(s.stalks)
    )
    lines.append(f"stalks (top first) {stalks}")
    for t in range(4):
        sticks = "".join("g" if o == GHOST else str(o) for o in s.temples[t])
        spirit = s.spirit_stacks[t][0] if s.spirit_stacks[t] else "-"
        lines.append(
            f"temple {COLOURS[t]:6} spirit {spirit:10} ({len(s.spirit_stacks[t])} left) "
            f"incense bottom->top [{sticks}]"
        )
    for k, row in enumerate(s.balance_market):
        tiles = ", ".join(str(BALANCE_TILES[t]) for t in row)
        lines.append(f"balance {'LCR'[k]} ({len(s.balance_stacks[k])} in stack): {tiles}")
    for k, row in enumerate(s.home_market):
        tiles = ", ".join(str(HOME_TILES[h]) for h in row)
        lines.append(f"home {'AB'[k]} ({len(s.home_stacks[k])} in stack): {tiles}")
    food = " ".join(FOOD_KINDS[f] for f in s.food_display)
    lines.append(
        f"food display: {food or '-'} (pile {len(s.food_bag)}, discards {len(s.food_discard)})"
    )
    if s.gift_display:
        lines.append(f"gifts revealed: {' '.join(s.gift_display)}")
    if s.shoot_pool:
        lines.append(f"draft pool: {' '.join(shoot_name(c) for c in s.shoot_pool)}")
    if s.pending:
        lines.append(
            f"in hand: {' '.join(shoot_name(c) for c in s.pending)}, "
            f"{s.activations} activation(s) left"
        )
    night = s.options.night_side
    for p, b in enumerate(s.boards):
        marker = COLOURS[b.marker] if b.marker >= 0 else "-"
        lines.append(
            f"-- player {p}{' *' if p == s.current_player else ''}: HP {b.hp}, coins {b.coins}, "
            f"incense {b.reserve} (+{b.track} on track), marker {marker}"
            f"{', passed' if b.passed else ''}"
        )
        temples = "  ".join(
            f"{COLOURS[t]}:[{' '.join(shoot_name(c) for c in b.temples[t])}]" for t in range(4)
        )
        lines.append(f"   temples {temples}")
        spaces = rules.night_of(s, p) if night else {}
        for r in range(3):
            cells = []
            for c in range(5):
                h = b.home[r * 5 + c]
                if h >= 0:
                    tile = HOME_TILES[h]
                    cells.append(f"{TYPE_LETTERS[tile.type]}{tile.comfort}")
                elif r * 5 + c in spaces:
                    cells.append(f"{TYPE_LETTERS[spaces[r * 5 + c]].lower()}!")
                else:
                    cells.append("..")
            lines.append(
                "   home " + " ".join(cells[:2]) + " | " + cells[2] + " | " + " ".join(cells[3:])
            )
        balance = " ".join(BALANCE_TILES[t].name for t in b.balance) or "-"
        food = ", ".join(f"{n} {FOOD_KINDS[f]}" for f, n in enumerate(b.food) if n) or "-"
        awake = " ".join(b.awake) or "-"
        asleep = " ".join(b.asleep) or "-"
        lines.append(
            f"   balance {balance} (scored {len(b.scored)}), food {food}, "
            f"spirits awake {awake} / asleep {asleep}"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- setup


def new_game(num_players: int, seed: int, options: Any = None) -> State:
    """Set up a game (R-EN sections I and III): a pure function of its arguments."""
    if num_players not in (2, 3, 4) or isinstance(num_players, bool):
        raise InvalidStateError(f"Bamboo plays with 2 to 4 players, not {num_players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidStateError(f"the seed must be an int, not {seed!r}")
    opts = Options.coerce(options)
    r = vrng.derive_seed(seed, NAME, "setup")

    def shuffle(items: Any) -> list[Any]:
        nonlocal r
        out, r = vrng.shuffled(list(items), r)
        return out

    n = num_players
    # BB-SET-1: board-setup shoots at random in the 12 shaded spaces
    setup = shuffle(BOARD_SETUP_SHOOTS[opts.wildcards])
    stalks = tuple(tuple(setup[3 * k : 3 * k + 3]) for k in range(4))
    # BB-SET-3: balance stacks, 3 face up per type
    bal_stacks, bal_market = [], []
    for kind in range(3):
        st = shuffle(t.id for t in BALANCE_TILES if t.kind == kind)
        bal_market.append(tuple(st[:3]))
        bal_stacks.append(st[3:])
    # BB-SET-4: home tiles by category, 3+ removed with 2 players, 4 face up per category
    home_box = tuple(t.id for t in HOME_TILES if n == 2 and t.three_plus)
    home_stacks, home_market = [], []
    for cat in range(2):
        st = shuffle(t.id for t in HOME_TILES if t.category == cat and t.id not in home_box)
        home_market.append(tuple(st[:4]))
        home_stacks.append(tuple(st[4:]))
    # BB-SET-5: spirits in 4 stacks of 4, the other 5 leave the game
    spirits = shuffle(s for s in SPIRITS for _ in range(3))
    spirit_stacks = tuple(tuple(spirits[4 * k : 4 * k + 4]) for k in range(4))
    # BB-SET-6: food counters face down, 5 face up
    food = shuffle(f for f in range(3) for _ in range(FOOD_COUNTS[f]))
    # BB-SET-2: gifts face down
    gifts = shuffle(GIFTS)
    # BB-SET-7: a random start player
    start, r = vrng.randbelow(r, n)
    # BB-SET-8: the ghost's incense (2 players)
    temple_tiles = tuple(shuffle(TEMPLE_TILE_VALUES)) if n == 2 else ()
    temples = tuple((GHOST,) * v for v in temple_tiles) if n == 2 else ((), (), (), ())
    # BB-PL-4: one player-setup set each; BB-PL-5: 2 unmarked shoots per player laid out
    sets = shuffle(range(4))
    unmarked = shuffle(UNMARKED_SHOOTS[opts.wildcards])
    boards = []
    for p in range(n):
        temples_p: list[tuple[int, ...]] = [(), (), (), ()]
        for c in PLAYER_SETS[sets[p]]:
            temples_p[c // 5] += (c,)
        left = bal_stacks[0].pop(0)  # BB-PL-3: one left tile from the stack, unseen
        boards.append(
            Board(
                hp=5,  # BB-PL-2
                coins=3,  # BB-PL-6
                reserve=3,
                track=4,
                temples=tuple(temples_p),
                marker=-1,
                balance=(left,),
                scored=(),
                home=(-1,) * 15,
                awake=(),
                asleep=(),
                food=(0, 0, 0),
                passed=False,
            )
        )
    shoot_box = [c for k in sets[n:] for c in PLAYER_SETS[k]] + unmarked[2 * n :]  # B8
    return State(
        num_players=n,
        options=opts,
        rng=vrng.derive_seed(seed, NAME, "reshuffles"),
        round=1,
        start=start,
        phase="draft",
        player=start,
        boards=tuple(boards),
        stalks=stalks,
        temples=temples,
        spirit_stacks=spirit_stacks,
        spirit_box=tuple(spirits[16:]),
        spirit_out=(),
        temple_tiles=temple_tiles,
        balance_market=tuple(bal_market),
        balance_stacks=tuple(tuple(st) for st in bal_stacks),
        home_market=tuple(home_market),
        home_stacks=tuple(home_stacks),
        home_box=home_box,
        food_display=tuple(sorted(food[:5])),
        food_bag=tuple(food[5:]),
        food_discard=(),
        gift_display=(),
        gift_stack=tuple(gifts),
        shoot_pool=tuple(unmarked[: 2 * n]),
        shoot_box=tuple(sorted(shoot_box)),
    )


def _check_position(kw: Mapping[str, Any]) -> None:
    """Raise InvalidStateError when the pieces of a position break the set-up rules."""
    n = kw["num_players"]
    for k, (row, st) in enumerate(zip(kw["balance_market"], kw["balance_stacks"], strict=True)):
        if len(row) > 3 or any(BALANCE_TILES[t].kind != k for t in row + st):  # BB-SET-3
            raise InvalidStateError(
                f"balance row {KINDS[k]} must hold at most 3 face-up tiles, all of its type"
            )
    for k, (row, st) in enumerate(zip(kw["home_market"], kw["home_stacks"], strict=True)):
        if len(row) > 4 or any(HOME_TILES[h].category != k for h in row + st):  # BB-SET-4
            raise InvalidStateError(
                f"home row {'AB'[k]} must hold at most 4 face-up tiles, all of its category"
            )
    box = sorted(t.id for t in HOME_TILES if n == 2 and t.three_plus)
    if sorted(kw["home_box"]) != box:  # BB-SET-4
        raise InvalidStateError("the home box holds exactly the 3+ tiles, with 2 players only")
    if len(kw["food_display"]) > 5:  # BB-SET-6
        raise InvalidStateError("the food display has 5 spaces")
    if any(len(st) > 4 for st in kw["spirit_stacks"]):  # BB-SET-5
        raise InvalidStateError("a temple's spirit stack holds at most 4 tiles")
    tiles = kw["temple_tiles"]
    if n == 2:  # BB-SET-8, BB-AUT-3, B18
        if sorted(tiles) != sorted(TEMPLE_TILE_VALUES) or len(tiles) != 4:
            raise InvalidStateError(f"the ghost's temple tiles are {list(TEMPLE_TILE_VALUES)}")
        for v, stack in zip(tiles, kw["temples"], strict=True):
            if stack[:v] != (GHOST,) * v or GHOST in stack[v:]:
                raise InvalidStateError("each temple holds its tile's ghost sticks, at the bottom")
    elif tiles:
        raise InvalidStateError("the ghost's temple tiles are used only with 2 players")
    if kw["options"].night_side:  # BB-ADV-1
        for p, b in enumerate(kw["boards"]):
            for i, kind in rules.night_of(kw, p).items():
                if b.home[i] >= 0 and HOME_TILES[b.home[i]].type != kind:
                    raise InvalidStateError(
                        f"player {p}'s night space {i // 5},{i % 5} needs a {TYPES[kind]} tile"
                    )
    phase = kw["phase"]
    if phase == "gift" and not kw["gift_display"]:  # BB-SPR-3
        raise InvalidStateError("phase 'gift' needs revealed gifts")
    if phase == "draft" and not kw["shoot_pool"]:  # BB-PL-5
        raise InvalidStateError("phase 'draft' needs shoots to draft")
    if phase == "over" and any(b.track for b in kw["boards"]):  # BB-SPR-1
        raise InvalidStateError("the game ends only with an empty round track")


def _reorder(
    stacks: tuple[tuple[int, ...], ...], known: tuple[int, ...], order: Any
) -> tuple[tuple[int, ...], ...]:
    """Reorder the unknown top part of each stack; its public bottom part stays in place."""
    out = []
    for st, k in zip(stacks, known, strict=True):
        cut = len(st) - k
        out.append(tuple(order(st[:cut])) + st[cut:])
    return tuple(out)


_OPTIONS_CACHE: dict[tuple[tuple[str, Any], ...], Options] = {}


def _options_dict(options: Options) -> dict[str, Any]:
    """``options.to_dict()``, memoised (options are frozen values)."""
    if options not in _OPTIONS_DICTS:
        _OPTIONS_DICTS[options] = options.to_dict()
    return dict(_OPTIONS_DICTS[options])


_OPTIONS_DICTS: dict[Options, dict[str, Any]] = {}


def _options(data: Any) -> Options:
    """Options from a dict, memoised on its (hashable) items."""
    if not isinstance(data, Mapping):
        return Options.from_dict(data)
    try:
        key = tuple(sorted(data.items()))
        hash(key)
    except TypeError:
        return Options.from_dict(data)
    if key not in _OPTIONS_CACHE:
        _OPTIONS_CACHE[key] = Options.from_dict(data)
    return _OPTIONS_CACHE[key]


_INVENTORY_CACHE: dict[tuple[int, Options], dict[str, int]] = {}


def _expected_inventory(n: int, options: Options) -> dict[str, int]:
    key = (n, options)
    if key not in _INVENTORY_CACHE:
        _INVENTORY_CACHE[key] = new_game(n, 0, options).inventory()
    return _INVENTORY_CACHE[key]


# ---------------------------------------------------------------- validation helpers


def _int(v: Any, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidStateError(f"expected an integer, got {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise InvalidStateError(f"{v} is out of range [{lo}, {hi}]")
    return v


def _ints(v: Any, lo: int, hi: int) -> tuple[int, ...]:
    if not isinstance(v, (list, tuple)):
        raise InvalidStateError(f"expected a list of integers, got {v!r}")
    return tuple(_int(x, lo, hi) for x in v)


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise InvalidStateError(f"expected a bool, got {v!r}")
    return v


def _name(v: Any, allowed: tuple[str, ...]) -> str:
    if v not in allowed:
        raise InvalidStateError(f"{v!r} is not one of {list(allowed)}")
    return str(v)


def _names(v: Any, allowed: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(v, (list, tuple)):
        raise InvalidStateError(f"expected a list of names, got {v!r}")
    return tuple(_name(x, allowed) for x in v)
