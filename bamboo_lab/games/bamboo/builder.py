"""The Bamboo position builder: any position from what a teacher cares about, validated.

:func:`position` starts from a fresh game (or a given state), takes every requested component
from the supply, keeps the incense, the round track and the markets coherent, and loads the
result through ``State.from_dict``, so a built position is a normal, playable state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bamboo_lab.core.checks import checked_int, refusing_malformed, short_repr
from bamboo_lab.core.errors import InvalidStateError

from .actions import Choose
from .builder_tiles import place_balance, place_homes, take_from
from .components import (
    COLOUR_INDEX,
    COLOURS,
    FOOD_INDEX,
    FOOD_KINDS,
    SHOOT_CODE,
    SHOOT_NAMES,
    spirit_kind,
)
from .options import Options
from .scoring import GHOST
from .state import State, new_game

__all__ = ["position"]

# ---------------------------------------------------------------- the position builder

_BOARD_KEYS = frozenset(
    (
        "home",
        "balance",
        "scored",
        "food",
        "coins",
        "hp",
        "awake",
        "asleep",
        "spirits",
        "temples",
        "reserve",
        "marker",
        "passed",
    )
)
_TOTAL_INCENSE = 7  # BB-PL-2: 3 in reserve and 4 on the round track


@refusing_malformed("bamboo.position")
def position(
    *,
    players: int = 2,
    seed: int = 0,
    options: Options | Mapping[str, Any] | None = None,
    base: State | None = None,
    round: int | None = None,
    player: int | None = None,
    first_player: int | None = None,
    boards: Mapping[int, Mapping[str, Any]] | Sequence[Mapping[str, Any] | None] | None = None,
    temples: Sequence[Sequence[int | str]] | None = None,
    stalks: Sequence[Sequence[str]] | None = None,
    food_display: Sequence[str] | None = None,
    balance_market: Sequence[Sequence[str]] | None = None,
    home_market: Sequence[Sequence[str]] | None = None,
) -> State:
    """A validated, playable position built from what a teacher cares about.

    Without ``base`` the game starts from ``new_game(players, seed, options)`` played to the
    first Summer decision (drafting the first shoot offered, declining every gift); with
    ``base`` that state is the starting point (its phase is kept). Then:

    - ``round`` (1-4, Summer only): the round tracks hold ``4 - round`` sticks each;
    - ``player`` (the seat to decide, Summer only) and ``first_player`` (the start player);
    - ``boards``: per seat (a list, or a dict seat -> changes) any of ``home`` (text
      ``"(0,0):G/2 (1,1):F"`` or 15 entries: None, a tile name ``"A05"``, ``"G2"`` for a type
      and comfort, or a tile id, as :func:`.teaching.home_from_text` gives, which stands for
      any tile just like it when that one is taken), ``balance`` and ``scored`` (tile
      names), ``food`` (``{"rice": 2}`` or 3 counts), ``coins``, ``hp``,
      ``awake``/``asleep``/``spirits`` (names as printed or in notation; ``spirits`` =
      awake), ``temples`` (4 lists of shoot names, by colour, or a dict colour -> shoots),
      ``reserve``, ``marker`` (a colour or None), ``passed``;
    - ``temples``: the 4 main-board incense stacks bottom to top (seats, ``"ghost"`` or -1); with
      2 players the ghost's sticks are put at the bottom when none are given;
    - ``stalks``: 4 stalks of 3 shoot names, base first; ``food_display``: food names;
    - ``balance_market`` (3 rows: left, center, right) and ``home_market`` (2 rows: A, B): tile
      names put face up first in their row, the rest of the row from its stack;
    - ``options`` with ``base``: other rule variants for the same components.

    Every component is taken from the supply (market rows refill from their stacks), so
    ``inventory()`` is unchanged; an impossible request raises InvalidStateError saying which
    component ran out or what conflicts. The state's ``start`` is its own dict.
    """
    state = _starting_state(base, players, seed, options)
    data = _start_data(state)
    opts = _chosen_options(data, state.options, base, options)
    num_players = state.num_players
    changes = _board_changes(boards, num_players)
    _set_round_and_seats(data, state.phase, num_players, round, player, first_player)
    if temples is not None:
        _set_main_temples(data, temples, num_players)
    _place_shoots(data, changes, stalks)
    place_homes(data, changes, home_market)
    place_balance(data, changes, opts, balance_market)
    _place_food(data, changes, food_display)
    _place_spirits(data, changes)
    _set_board_counters(data, changes)
    _balance_incense(data, changes, round is not None or temples is not None)
    data["start_position"] = {field: value for field, value in data.items()}
    return State.from_dict(data)


def _starting_state(
    base: State | None, players: int, seed: int, options: Options | Mapping[str, Any] | None
) -> State:
    """The state to build from: ``base``, or a fresh game played to the first Summer decision."""
    if base is None:
        return _to_summer(new_game(players, seed, options))
    if isinstance(base, State):
        return base
    raise InvalidStateError(f"base must be a Bamboo State, not {type(base).__name__}")


def _start_data(state: State) -> dict[str, Any]:
    """The state's fields as a dict, with no start position and no history yet."""
    data = state.to_dict()
    data.pop("start_position", None)
    data["history"] = []
    return data


def _chosen_options(
    data: dict[str, Any],
    opts: Options,
    base: State | None,
    options: Options | Mapping[str, Any] | None,
) -> Options:
    """The rule variants: ``options`` given with ``base`` replace the base's own."""
    if base is not None and options is not None:
        opts = Options.coerce(options)
        data["options"] = opts.to_dict()
    return opts


def _set_round_and_seats(
    data: dict[str, Any],
    phase: str,
    num_players: int,
    round: int | None,
    player: int | None,
    first_player: int | None,
) -> None:
    """The round (and its round tracks), the seat to decide and the start player."""
    if (round is not None or player is not None) and phase != "visit":
        raise InvalidStateError("round and player are set at a Summer decision (phase visit)")
    if round is not None:
        data["round"] = checked_int(round, "round", 1, 4)
        for board in data["boards"]:
            board["track"] = 4 - data["round"]  # BB-SPR-3: one stick leaves the track each Spring
    if player is not None:
        data["player"] = checked_int(player, "player", 0, num_players - 1)
    if first_player is not None:
        data["start"] = checked_int(first_player, "first_player", 0, num_players - 1)


def _set_main_temples(data: dict[str, Any], temples: Any, num_players: int) -> None:
    """The main-board incense stacks, and with 2 players the ghost's sticks on each temple."""
    data["temples"] = _main_temples(temples, num_players, data["temples"])
    data["temple_tiles"] = (
        [sum(owner == GHOST for owner in temple) for temple in data["temples"]]
        if num_players == 2
        else []
    )


def _set_board_counters(data: dict[str, Any], changes: dict[int, dict[str, Any]]) -> None:
    """Each changed board's coins, HP, passed flag and temple marker."""
    for seat, board_changes in changes.items():
        board = data["boards"][seat]
        for key in ("coins", "hp", "passed"):
            if key in board_changes:
                board[key] = board_changes[key]
        if "marker" in board_changes:
            marker = board_changes["marker"]
            board["marker"] = -1 if marker is None else _colour(marker, f"boards[{seat}].marker")


def _to_summer(state: State) -> State:
    """Play a fresh game to the first Summer decision: first draft offered, gifts declined."""
    decline = Choose("decline")
    while state.phase != "visit":
        legal = state.legal_actions()
        state = state.apply(decline if decline in legal else legal[0])
    return state


def _board_changes(boards: Any, num_players: int) -> dict[int, dict[str, Any]]:
    if boards is None:
        return {}
    if isinstance(boards, Mapping):
        items = list(boards.items())
    elif isinstance(boards, (list, tuple)):
        items = list(enumerate(boards))
    else:
        raise InvalidStateError(
            "boards must be a list (one entry per seat) or a dict seat -> board"
        )
    out: dict[int, dict[str, Any]] = {}
    for seat, board_changes in items:
        checked_int(seat, "a board's seat", 0, num_players - 1)
        if board_changes is None:
            continue
        if not isinstance(board_changes, Mapping) or set(board_changes) - _BOARD_KEYS:
            unknown = (
                sorted(set(board_changes) - _BOARD_KEYS)
                if isinstance(board_changes, Mapping)
                else board_changes
            )
            raise InvalidStateError(f"boards[{seat}]: unknown entries {short_repr(unknown)}")
        out[seat] = dict(board_changes)
    return out


def _colour(value: Any, name: str) -> int:
    if isinstance(value, str) and value in COLOURS:
        return COLOUR_INDEX[value]
    raise InvalidStateError(f"{name} must be one of {list(COLOURS)}, not {short_repr(value)}")


def _shoot(name: Any, where: str) -> int:
    if isinstance(name, str) and name in SHOOT_CODE:
        return SHOOT_CODE[name]
    raise InvalidStateError(
        f"{where}: {short_repr(name)} is not a shoot (colour letter + action, 'Rb')"
    )


def _main_temples(temples: Any, num_players: int, old: list[list[int]]) -> list[list[int]]:
    if not isinstance(temples, (list, tuple)) or len(temples) != 4:
        raise InvalidStateError("temples must be 4 incense stacks, bottom to top")
    out = []
    for temple, stack in enumerate(temples):
        if not isinstance(stack, (list, tuple)):
            raise InvalidStateError(f"temples[{temple}] must be a list of seats")
        owners = [
            GHOST
            if owner in ("ghost", GHOST)
            else checked_int(owner, f"temples[{temple}]", 0, num_players - 1)
            for owner in stack
        ]
        out.append(owners)
    if num_players == 2 and not any(
        GHOST in sticks for sticks in out
    ):  # BB-SET-8: the ghost's sticks stay
        out = [[GHOST] * old[temple].count(GHOST) + sticks for temple, sticks in enumerate(out)]
    return out


def _place_shoots(data: dict[str, Any], changes: dict[int, dict[str, Any]], stalks: Any) -> None:
    """Board temples and stalks from the shoots out of play (and those they replace)."""
    pool = list(data["shoot_box"])
    wanted = {
        seat: board_changes["temples"]
        for seat, board_changes in changes.items()
        if "temples" in board_changes
    }
    for seat in wanted:
        pool += [code for temple in data["boards"][seat]["temples"] for code in temple]
    new_stalks = None
    if stalks is not None:
        pool += [code for stalk_names in data["stalks"] for code in stalk_names]
        if not isinstance(stalks, (list, tuple)) or len(stalks) != 4:
            raise InvalidStateError("stalks must be 4 stalks of 3 shoots, base first")
        new_stalks = []
        for stalk, stalk_names in enumerate(stalks):
            if not isinstance(stalk_names, (list, tuple)) or len(stalk_names) != 3:
                raise InvalidStateError(f"stalks[{stalk}] must hold 3 shoots, base first")
            new_stalks.append([_shoot(name, f"stalks[{stalk}]") for name in stalk_names])
    new_temples: dict[int, list[list[int]]] = {}
    for seat, spec in wanted.items():
        if isinstance(spec, Mapping):
            spec = [spec.get(code, ()) for code in COLOURS]
        if not isinstance(spec, (list, tuple)) or len(spec) != 4:
            raise InvalidStateError(f"boards[{seat}].temples: 4 lists of shoots, by colour")
        new_temples[seat] = [
            [_shoot(name, f"boards[{seat}].temples[{temple}]") for name in names]
            for temple, names in enumerate(spec)
        ]
    asked = [code for temples in new_temples.values() for temple in temples for code in temple]
    asked += [code for stalk_names in new_stalks or [] for code in stalk_names]
    _borrow(data, pool, Counter(asked), stalks is None, set(wanted))
    for code in asked:
        take_from(pool, code, "shoot " + SHOOT_NAMES[code])
    for seat, temples in new_temples.items():
        data["boards"][seat]["temples"] = temples
    if new_stalks is not None:
        data["stalks"] = new_stalks
    data["shoot_box"] = sorted(pool)


def _borrow(
    data: dict[str, Any], pool: list[int], need: Counter[int], stalks: bool, kept: Any
) -> None:
    """Shoots short in the supply are swapped out of the stalks (or others' temples)."""
    have = Counter(pool)
    spare = list((have - need).elements())
    places = [stack for stack in data["stalks"]] if stalks else []
    places += [
        temple
        for seat, board in enumerate(data["boards"])
        if seat not in kept
        for temple in board["temples"]
    ]
    for code, missing in (need - have).items():
        for _ in range(missing):
            spot = next((stack for stack in places if code in stack), None)
            if spot is None or not spare:
                raise InvalidStateError(f"shoot {SHOOT_NAMES[code]} ran out: none left to take")
            swapped = spare.pop(0)
            spot[spot.index(code)] = swapped
            pool.remove(swapped)
            pool.append(code)


def _food_counts(value: Any, where: str) -> list[int]:
    if isinstance(value, Mapping):
        unknown = set(value) - set(FOOD_KINDS)
        if unknown:
            raise InvalidStateError(f"{where}: unknown food {sorted(map(str, unknown))}")
        value = [value.get(food, 0) for food in FOOD_KINDS]
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        raise InvalidStateError(f"{where}: a dict food -> count or 3 counts (tea, rice, ramen)")
    return [checked_int(count, f"{where}[{index}]", 0, 26) for index, count in enumerate(value)]


def _place_food(data: dict[str, Any], changes: dict[int, dict[str, Any]], display: Any) -> None:
    """Food held and the display from the pile, the discards and the display."""
    wanted = {
        seat: _food_counts(board_changes["food"], f"boards[{seat}].food")
        for seat, board_changes in changes.items()
        if "food" in board_changes
    }
    if not wanted and display is None:
        return
    left = Counter(data["food_display"] + data["food_bag"] + data["food_discard"])
    for seat in wanted:
        left.update({food: count for food, count in enumerate(data["boards"][seat]["food"])})
    for seat, counts in wanted.items():
        for food, count in enumerate(counts):
            if left[food] < count:
                raise InvalidStateError(
                    f"food {FOOD_KINDS[food]} ran out (boards[{seat}] wants {count})"
                )
            left[food] -= count
        data["boards"][seat]["food"] = counts
    if display is not None:
        if not isinstance(display, (list, tuple)) or len(display) > 5:
            raise InvalidStateError("food_display: at most 5 food names")
        shown = [FOOD_INDEX.get(food, -1) if isinstance(food, str) else -1 for food in display]
        if -1 in shown:
            raise InvalidStateError(f"food_display: food names are {list(FOOD_KINDS)}")
    else:
        shown = [food for food in data["food_display"]]
    new_display = []
    for food in shown:
        if left[food] == 0:
            raise InvalidStateError(f"food {FOOD_KINDS[food]} ran out for the display")
        left[food] -= 1
        new_display.append(food)
    rest = [food for food in data["food_bag"] + data["food_discard"] + data["food_display"]]
    bag = []
    for food in rest:
        if left[food] > 0:
            left[food] -= 1
            bag.append(food)
    while display is None and len(new_display) < 5 and bag:  # BB-ACT-5: the display refills
        new_display.append(bag.pop(0))
    if not new_display and bag:
        raise InvalidStateError("food_display: an empty display is refilled from the pile")
    data["food_display"], data["food_bag"], data["food_discard"] = sorted(new_display), bag, []


def _place_spirits(data: dict[str, Any], changes: dict[int, dict[str, Any]]) -> None:
    """Spirits owned come off the temples' spirit stacks (a hidden copy first)."""
    wanted = {}
    for seat, board_changes in changes.items():
        if {"awake", "asleep", "spirits"} & set(board_changes):
            awake = list(
                board_changes.get(
                    "awake", board_changes.get("spirits", data["boards"][seat]["awake"])
                )
            )
            asleep = list(
                board_changes.get(
                    "asleep",
                    data["boards"][seat]["asleep"]
                    if "awake" not in board_changes and "spirits" not in board_changes
                    else [],
                )
            )
            wanted[seat] = (
                [spirit_kind(spirit) for spirit in awake],
                [spirit_kind(spirit) for spirit in asleep],
            )
    if not wanted:
        return
    stacks = [list(stack) for stack in data["spirit_stacks"]]
    box = list(data["spirit_box"])
    for seat in wanted:  # the spirits they replace go back on top of the smallest stacks
        for spirit in data["boards"][seat]["awake"] + data["boards"][seat]["asleep"]:
            min(stacks, key=len).append(spirit)
    for seat, (awake, asleep) in wanted.items():
        for spirit in awake + asleep:
            hidden = [stack for stack in stacks if spirit in stack[1:]] or [
                stack for stack in stacks if spirit in stack
            ]
            if hidden:
                stack = max(hidden, key=len)
                del stack[len(stack) - 1 - stack[::-1].index(spirit)]
            elif spirit in box:  # swap: a stack's last tile takes its place in the box
                donors = [stack for stack in stacks if stack]
                if not donors:
                    raise InvalidStateError(
                        f"spirit {spirit} ran out: no spirit left on the temples"
                    )
                box[box.index(spirit)] = max(donors, key=len).pop()
            else:
                raise InvalidStateError(f"spirit {spirit.capitalize()} ran out (3 tiles of each)")
        data["boards"][seat]["awake"], data["boards"][seat]["asleep"] = (
            sorted(awake),
            sorted(asleep),
        )
    data["spirit_stacks"], data["spirit_box"] = stacks, box


def _balance_incense(data: dict[str, Any], changes: dict[int, dict[str, Any]], moved: bool) -> None:
    """Each player's 7 sticks: reserve + round track + main-board temples (BB-PL-2)."""
    for seat, board in enumerate(data["boards"]):
        on_temples = sum(temple.count(seat) for temple in data["temples"])
        want = changes.get(seat, {}).get("reserve")
        free = _TOTAL_INCENSE - board["track"] - on_temples
        if want is None:
            if moved:
                board["reserve"] = free
            want = board["reserve"]
        else:
            checked_int(want, f"boards[{seat}].reserve", 0, _TOTAL_INCENSE)
        if want != free or free < 0:
            raise InvalidStateError(
                f"player {seat}'s 7 incense sticks: {board['track']} on the round track"
                f" and {on_temples} on the main-board temples leave {free} for the reserve,"
                f" not {want}"
            )
        board["reserve"] = want
