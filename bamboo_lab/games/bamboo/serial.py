"""Loading and checking Bamboo dicts: every field's type and range, and reachable invariants.

:func:`load_fields` turns a ``State.to_dict()`` into checked constructor arguments (or raises
InvalidStateError naming the field); :func:`check_position` refuses pieces that break the set-up
rules or a turn order no game reaches; :func:`check_decision` refuses a pending decision without
any legal action. Component conservation is checked by ``State.from_dict`` itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.checks import checked_bool, checked_int, checked_ints, listed, short_repr
from bamboo_lab.core.errors import BambooLabError, InvalidStateError

from .actions import parse_text
from .board import Board, seat_fields, spirit_names
from .components import CATEGORY_LETTERS, GIFTS, KINDS, TEMPLE_TILE_VALUES, TYPES, BalanceTile
from .legal import night_of
from .options import Options
from .reconstructed import HOME_TILES
from .scoring import GHOST
from .work import Work

__all__ = ["FIELDS", "check_decision", "check_position", "load_fields"]

FIELDS: tuple[str, ...] = (
    "num_players",
    "options",
    "rng",
    "round",
    "start",
    "phase",
    "player",
    "boards",
    "stalks",
    "temples",
    "spirit_stacks",
    "spirit_box",
    "spirit_out",
    "temple_tiles",
    "balance_market",
    "balance_stacks",
    "home_market",
    "home_stacks",
    "home_box",
    "food_display",
    "food_bag",
    "food_discard",
    "gift_display",
    "gift_stack",
    "shoot_pool",
    "shoot_box",
    "visited",
    "sticks",
    "pending",
    "activations",
    "activated",
    "per_stalk",
    "kitsune",
    "bakeneko",
    "activating",
    "receiving",
    "context",
    "step",
    "buying",
    "resume",
    "balance_known",
    "home_known",
    "history",
)
"""The keys of a Bamboo state dict (plus ``start_position`` when the history does not begin
at ``new_game``)."""

_CONTEXTS = ("", "gift", "shoot", "spirit")
_RESUMES = ("", "visit", "offer", "place", "end")
_MAX_HISTORY = 4000


def _rows(value: Any, name: str, count: int, low: int, high: int) -> tuple[tuple[int, ...], ...]:
    """Exactly ``count`` lists of ints in ``lo..hi``."""
    if not isinstance(value, (list, tuple)) or len(value) != count:
        raise InvalidStateError(f"{name} must be a list of {count} lists")
    return tuple(
        checked_ints(item, f"{name}[{index}]", low, high) for index, item in enumerate(value)
    )


def _name(value: Any, name: str, allowed: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise InvalidStateError(f"{name} must be one of {list(allowed)}, not {short_repr(value)}")
    return value


def _names(value: Any, name: str, allowed: Sequence[str]) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)):
        raise InvalidStateError(f"{name} must be a list of names")
    return tuple(_name(item, f"{name}[{index}]", allowed) for index, item in enumerate(value))


def load_fields(data: Any, phases: Sequence[str]) -> Work:
    """Checked constructor arguments of a state from its dict (history as parsed actions)."""
    _check_keys(data)
    num_players = checked_int(data["num_players"], "num_players", 2, 4)
    options = Options.from_dict(data["options"])
    tiles = options.balance_table
    bal_hi = len(tiles) - 1
    boards = _boards(data["boards"], num_players, tiles)
    loaded: dict[str, Any] = {  # a Work (the personal boards: one entry per field)
        "num_players": num_players,
        "options": options,
        "rng": checked_int(data["rng"], "rng", 0, vrng.MASK64),
        "round": checked_int(data["round"], "round", 1, 5),
        "first_player": checked_int(data["start"], "start", 0, num_players - 1),
        "phase": _name(data["phase"], "phase", phases),
        "player": checked_int(data["player"], "player", -2, num_players - 1),
        **seat_fields(boards),
        "stalks": _rows(data["stalks"], "stalks", 4, 0, 19),
        "temples": _incense_stacks(data["temples"], num_players),
        "spirit_stacks": _spirit_stacks(data["spirit_stacks"]),
        "spirit_box": spirit_names(data["spirit_box"], "spirit_box"),
        "spirit_out": spirit_names(data["spirit_out"], "spirit_out"),
        "temple_tiles": checked_ints(data["temple_tiles"], "temple_tiles", 0, 3),
        "balance_market": _rows(data["balance_market"], "balance_market", 3, 0, bal_hi),
        "balance_stacks": _rows(data["balance_stacks"], "balance_stacks", 3, 0, bal_hi),
        "home_market": _rows(data["home_market"], "home_market", 2, 0, 63),
        "home_stacks": _rows(data["home_stacks"], "home_stacks", 2, 0, 63),
        "home_box": checked_ints(data["home_box"], "home_box", 0, 63),
        "food_display": checked_ints(data["food_display"], "food_display", 0, 2),
        "food_bag": checked_ints(data["food_bag"], "food_bag", 0, 2),
        "food_discard": checked_ints(data["food_discard"], "food_discard", 0, 2),
        "gift_display": _names(data["gift_display"], "gift_display", GIFTS),
        "gift_stack": _names(data["gift_stack"], "gift_stack", GIFTS),
        "shoot_pool": checked_ints(data["shoot_pool"], "shoot_pool", 0, 19),
        "shoot_box": checked_ints(data["shoot_box"], "shoot_box", 0, 19),
        "visited": checked_int(data["visited"], "visited", -1, 3),
        "sticks": checked_int(data["sticks"], "sticks", 0, 4),
        "pending": checked_ints(data["pending"], "pending", 0, 19),
        "activations": checked_int(data["activations"], "activations", 0, 4),
        "activated": checked_int(data["activated"], "activated", 0, 4),
        "per_stalk": _rows([data["per_stalk"]], "per_stalk", 1, 0, 2)[0],
        "kitsune": checked_bool(data["kitsune"], "kitsune"),
        "bakeneko": checked_bool(data["bakeneko"], "bakeneko"),
        "activating": checked_ints(data["activating"], "activating", 0, 19),
        "receiving": checked_int(data["receiving"], "receiving", -1, 19),
        "context": _name(data["context"], "context", _CONTEXTS),
        "step": checked_int(data["step"], "step", 0, 99),
        "buying": checked_int(data["buying"], "buying", -1, 63),
        "balance_known": checked_ints(data["balance_known"], "balance_known", 0, 99),
        "home_known": checked_ints(data["home_known"], "home_known", 0, 99),
        "resume": _name(data["resume"], "resume", _RESUMES),
        "history": (),
        "start": data.get("start_position"),
    }
    fields = cast(Work, loaded)
    fields["history"] = _history(data["history"])
    _check_start_position(fields["start"])
    check_position(fields)
    return fields


def _check_keys(data: Any) -> None:
    """A state dict is a mapping holding every field of :data:`FIELDS` and no other."""
    if not isinstance(data, Mapping):
        raise InvalidStateError("a Bamboo state must be a mapping")
    keys = set(data)
    missing = [index for index in FIELDS if index not in keys]
    extra = keys - set(FIELDS) - {"start_position"}
    if missing or extra:
        raise InvalidStateError(f"Bamboo state fields: missing {missing}, unknown {listed(extra)}")


def _boards(boards: Any, num_players: int, tiles: Sequence[BalanceTile]) -> list[Board]:
    """The saved personal boards loaded: a list of exactly one per player."""
    if not isinstance(boards, (list, tuple)) or len(boards) != num_players:
        raise InvalidStateError(f"boards must be a list of {num_players} boards, one per player")
    return [Board.from_dict(board, tiles, f"boards[{seat}]") for seat, board in enumerate(boards)]


def _incense_stacks(value: Any, num_players: int) -> tuple[tuple[int, ...], ...]:
    """The 4 temples' incense sticks by seat (-1 the ghost's, with 2 players only)."""
    return _rows(value, "temples", 4, -1 if num_players == 2 else 0, num_players - 1)


def _spirit_stacks(value: Any) -> tuple[tuple[str, ...], ...]:
    """The 4 temples' spirit stacks as spirit names."""
    return tuple(
        spirit_names(item, f"spirit_stacks[{index}]")
        for index, item in enumerate(_list(value, "spirit_stacks", 4))
    )


def _history(value: Any) -> tuple[Any, ...]:
    """The history's action texts parsed (at most :data:`_MAX_HISTORY` of them)."""
    texts = _list(value, "history", None)
    if len(texts) > _MAX_HISTORY:
        raise InvalidStateError(f"history holds at most {_MAX_HISTORY} actions")
    try:
        return tuple(parse_text(text) for text in texts)
    except BambooLabError as exc:
        raise InvalidStateError(f"history: {exc}") from exc


def _check_start_position(start: Any) -> None:
    """A start position is a state dict that has no start of its own."""
    if start is not None and (not isinstance(start, Mapping) or "start_position" in start):
        raise InvalidStateError("start_position must be a state dict without its own start")


def _list(value: Any, name: str, count: int | None) -> list[Any] | tuple[Any, ...]:
    if not isinstance(value, (list, tuple)) or (count is not None and len(value) != count):
        raise InvalidStateError(f"{name} must be a list" + (f" of {count}" if count else ""))
    return value


def check_position(fields: Work) -> None:
    """Raise InvalidStateError when the pieces of a position break the set-up rules."""
    if len(fields["per_stalk"]) != 4 or any(len(stalk) != 3 for stalk in fields["stalks"]):
        raise InvalidStateError("each of the 4 stalks holds exactly 3 shoots (BB-SET-1)")
    _check_balance_rows(fields)
    _check_home_rows(fields)
    _check_known_stacks(fields)
    _check_home_box_and_food(fields)
    _check_spirits(fields)
    _check_ghost(fields)
    if fields["options"].night_side:  # BB-ADV-1
        _check_night_spaces(fields)
    _check_turn(fields)


def _check_balance_rows(fields: Work) -> None:
    """Each balance row: at most 3 face-up tiles of its type, refilled from its stack."""
    tiles = fields["options"].balance_table
    for index, (row, stack) in enumerate(
        zip(fields["balance_market"], fields["balance_stacks"], strict=True)
    ):
        if len(row) > 3 or any(tiles[tile].kind != index for tile in row + stack):  # BB-SET-3
            raise InvalidStateError(
                f"balance row {KINDS[index]} must hold at most 3 face-up tiles, all of its type"
            )
        if len(row) < 3 and stack:  # BB-ACT-2: the row refills from its stack
            raise InvalidStateError(f"balance row {KINDS[index]} has an empty space and a stack")


def _check_home_rows(fields: Work) -> None:
    """Each home row: at most 4 face-up tiles of its category, refilled from its stack."""
    for index, (row, stack) in enumerate(
        zip(fields["home_market"], fields["home_stacks"], strict=True)
    ):
        if len(row) > 4 or any(
            HOME_TILES[home_tile].category != index for home_tile in row + stack
        ):  # BB-SET-4
            raise InvalidStateError(
                f"home row {CATEGORY_LETTERS[index]} must hold at most 4 face-up tiles,"
                " all of its category"
            )
        if len(row) < 4 and stack:  # BB-ACT-4: the row refills from its stack
            raise InvalidStateError(
                f"home row {CATEGORY_LETTERS[index]} has an empty space and a stack"
            )


def _check_known_stacks(fields: Work) -> None:
    """The known tiles of each balance and home stack are a bottom part of it."""
    for name, rows, known, stacks in (
        ("balance", 3, fields["balance_known"], fields["balance_stacks"]),
        ("home", 2, fields["home_known"], fields["home_stacks"]),
    ):
        if len(known) != rows or any(
            index > len(stack) for index, stack in zip(known, stacks, strict=True)
        ):
            raise InvalidStateError(f"{name}_known must count a bottom part of each stack")


def _check_home_box_and_food(fields: Work) -> None:
    """The home box as the player count sets it, and the food display's 5 sorted spaces."""
    box = sorted(tile.id for tile in HOME_TILES if fields["num_players"] == 2 and tile.three_plus)
    if sorted(fields["home_box"]) != box:  # BB-SET-4
        raise InvalidStateError("the home box holds exactly the 3+ tiles, with 2 players only")
    if len(fields["food_display"]) > 5:  # BB-SET-6
        raise InvalidStateError("the food display has 5 spaces")
    if not fields["food_display"] and (fields["food_bag"] or fields["food_discard"]):  # BB-ACT-5
        raise InvalidStateError("an empty food display is refilled while counters are left")
    if list(fields["food_display"]) != sorted(fields["food_display"]):
        raise InvalidStateError("the food display is kept sorted")


def _check_spirits(fields: Work) -> None:
    """The temples' spirit stacks, the spirit box and the spirits sent out of the game."""
    if any(len(stack) > 4 for stack in fields["spirit_stacks"]):  # BB-SET-5
        raise InvalidStateError("a temple's spirit stack holds at most 4 tiles")
    if len(fields["spirit_box"]) != 5:  # BB-SET-5: the other 5 leave the game for good
        raise InvalidStateError("the spirit box holds the 5 spirits set aside at setup")
    if fields["spirit_out"] and fields["num_players"] != 2:  # BB-AUT-2
        raise InvalidStateError("only the 2-player ghost sends spirits out of the game")


def _check_night_spaces(fields: Work) -> None:
    """Each night-side special space holds only a home tile of its type (BB-ADV-1)."""
    for seat, home in enumerate(fields["home"]):
        for space, kind in night_of(fields, seat).items():
            if home[space] >= 0 and HOME_TILES[home[space]].type != kind:
                raise InvalidStateError(
                    f"player {seat}'s night space {space // 5},{space % 5}"
                    f" needs a {TYPES[kind]} tile"
                )


def _check_ghost(fields: Work) -> None:
    tiles = fields["temple_tiles"]
    if fields["num_players"] == 2:  # BB-SET-8, BB-AUT-3, B18
        if sorted(tiles) != sorted(TEMPLE_TILE_VALUES):
            raise InvalidStateError(f"the ghost's temple tiles are {list(TEMPLE_TILE_VALUES)}")
        for sticks, stack in zip(tiles, fields["temples"], strict=True):
            if stack[:sticks] != (GHOST,) * sticks or GHOST in stack[sticks:]:
                raise InvalidStateError("each temple holds its tile's ghost sticks, at the bottom")
    elif tiles:
        raise InvalidStateError("the ghost's temple tiles are used only with 2 players")


def _check_turn(fields: Work) -> None:
    """Whose turn it is and each phase's data, as the turn order and the season allow."""
    _check_phase_data(fields)
    _check_gift_display(fields)
    tracks = _round_tracks(fields)
    if list(fields["track"]) != tracks:
        raise InvalidStateError(
            f"round {fields['round']}, phase {fields['phase']!r}:"
            f" the round tracks must hold {tracks} (BB-SPR-3)"
        )
    _check_action(fields)
    if fields["history"] and fields["start"] is None:
        _check_shoots(fields)  # a saved game: its history begins at new_game


def _check_phase_data(fields: Work) -> None:
    """The player, the tile bought, the shoots received, in hand and activated, by phase."""
    phase, player = fields["phase"], fields["player"]
    if (phase == "over") != (player == -2) or (phase != "over" and player < 0):
        raise InvalidStateError("player is -2 exactly when the game is over")
    if (phase == "home") != (fields["buying"] >= 0):
        raise InvalidStateError("a home tile is being bought exactly in phase 'home'")
    if (phase == "receive") != (fields["receiving"] >= 0):
        raise InvalidStateError("a shoot is being received exactly in phase 'receive'")
    if phase == "place" and not fields["pending"]:
        raise InvalidStateError("phase 'place' needs shoots in hand")
    if (
        (fields["context"] == "shoot") != (len(fields["activating"]) == 2)
        or (len(fields["activating"]) == 2 and fields["activating"][1] > 3)
        or len(fields["activating"]) not in (0, 2)
    ):
        raise InvalidStateError("an activated shoot is (shoot, stalk) in context 'shoot'")


def _check_gift_display(fields: Work) -> None:
    """The revealed gifts are those not chosen yet this Spring (BB-SPR-2, BB-SPR-3)."""
    num_players, player, first_player = (
        fields["num_players"],
        fields["player"],
        fields["first_player"],
    )
    gifts = 0
    if fields["phase"] == "gift":
        gifts = num_players - (player - first_player) % num_players
    elif fields["context"] == "gift":
        gifts = num_players - 1 - (player - first_player) % num_players
    if len(fields["gift_display"]) != gifts:
        raise InvalidStateError(
            f"{gifts} gift(s) must be revealed now, not {fields['gift_display']}"
        )


def _round_tracks(fields: Work) -> list[int]:
    """Each round track's sticks now, checking the draft and the round against the phase.

    BB-PL-5, BB-SPR-1, BB-SPR-3: the round track and the draft follow the round and turn order.
    """
    num_players, phase, player = fields["num_players"], fields["phase"], fields["player"]
    first_player, round_number = fields["first_player"], fields["round"]
    if phase == "draft":
        _check_draft(fields)
        return [4] * num_players
    if fields["shoot_pool"]:
        raise InvalidStateError("the draft pool is empty after the draft (BB-PL-5)")
    if phase == "over":
        if round_number != 5:
            raise InvalidStateError("the game ends after the fourth Winter (BB-END-1)")
        return [0] * num_players
    done = (
        (player - first_player) % num_players
        if "gift" in (phase, fields["context"])
        else num_players - 1
    )
    tracks = [
        4 - round_number + (((seat - first_player) % num_players) > done)
        for seat in range(num_players)
    ]
    if round_number > 4:
        raise InvalidStateError("round must be 1..4 before the game is over")
    return tracks


def _check_draft(fields: Work) -> None:
    """The draft is in round 1, with shoots left, and the seat the draft order names picks."""
    picks = 2 * fields["num_players"] - len(fields["shoot_pool"])
    if fields["round"] != 1 or not fields["shoot_pool"] or picks < 0:
        raise InvalidStateError("the draft happens in round 1 with shoots to draft (BB-PL-5)")
    expected = _drafting_seat(fields, picks)
    if fields["player"] != expected:
        raise InvalidStateError(
            f"in the draft player {expected} picks, not {fields['player']} (BB-PL-5)"
        )


def _drafting_seat(fields: Work, pick: int) -> int:
    """The seat making pick ``pick`` (from 0) of the draft: clockwise or snake (BB-PL-5)."""
    num_players = fields["num_players"]
    snake = fields["options"].draft_order == "snake"
    return (
        fields["first_player"]
        + (2 * num_players - 1 - pick if snake and pick >= num_players else pick)
    ) % num_players


_ACTION_PHASES = ("balance", "improve", "home", "cook", "wildcard", "tengu", "tengu_take")
"""The phases of an action being performed (a gift's, a shoot's or a spirit's)."""


def _check_action(fields: Work) -> None:
    """Whose action is being performed, and the Summer turn's data, as the phase allows."""
    phase, context, resume = fields["phase"], fields["context"], fields["resume"]
    if (context != "") != (phase in _ACTION_PHASES):
        raise InvalidStateError(
            f"context {context!r}: an action is performed (context gift, shoot or spirit)"
            f" exactly in phases {list(_ACTION_PHASES)}, not in {phase!r}"
        )
    if phase == "wildcard" and context != "shoot":  # BB-ACT-7
        raise InvalidStateError("phase 'wildcard' is a wildcard shoot's action (context 'shoot')")
    if phase in ("tengu", "tengu_take") and context != "spirit":  # BB-SPI-6
        raise InvalidStateError(f"phase {phase!r} comes from using Tengu (context 'spirit')")
    if (context == "spirit") != (resume != ""):  # BB-SPI-1, B20
        raise InvalidStateError("a spirit's extra action (context 'spirit') names its resume step")
    player = fields["player"]
    if fields["sticks"] and (
        player < 0 or fields["sticks"] > fields["reserve"][player] or "offer" not in (phase, resume)
    ):
        raise InvalidStateError(
            "sticks still to offer come from the reserve while offering (BB-SUM-3)"
        )
    in_hand = fields["pending"] or fields["activating"] or fields["receiving"] >= 0
    if (in_hand or fields["sticks"]) and fields["visited"] < 0:
        raise InvalidStateError(
            "shoots in hand and sticks to offer need a visited temple (BB-SUM-2)"
        )
    if (any(fields["per_stalk"]) or fields["activated"] or fields["bakeneko"]) and fields[
        "visited"
    ] < 0:
        raise InvalidStateError(
            "new shoots per stalk, activations and Bakeneko's power count within a Summer turn,"
            " after its visit (BB-SUM-5, BB-SPI-5)"
        )


def _check_shoots(fields: Work) -> None:
    """Each player owns 6 shoots once drafted (BB-PL-5): a turn takes back as many as it
    pushes into the stalks (BB-SUM-6); the current player's shoots in hand count as theirs.

    Checked for a saved game (a history from ``new_game``). A position that begins at a start
    of its own (``position`` builds them; a record's start) may give a player other counts, as
    ``position`` documents; play from it keeps each count (the replay from the start shows it).
    """
    num_players, player = fields["num_players"], fields["player"]
    held = [sum(map(len, temples)) for temples in fields["board_temples"]]
    in_hand = len(fields["pending"]) + len(fields["activating"][:1]) + (fields["receiving"] >= 0)
    if in_hand and player < 0:
        raise InvalidStateError("shoots are in hand only during a player's Summer turn")
    if in_hand:
        held[player] += in_hand
    expected = [6] * num_players
    if fields["phase"] == "draft":  # 4 set-up shoots, plus the picks made (the draft order)
        expected = [4] * num_players
        for pick in range(2 * num_players - len(fields["shoot_pool"])):
            expected[_drafting_seat(fields, pick)] += 1
    for seat in range(num_players):
        if held[seat] != expected[seat]:
            raise InvalidStateError(
                f"player {seat} owns {held[seat]} shoots (temples and hand), not {expected[seat]}:"
                " each player has 4 set-up shoots and drafts 2 (BB-PL-5), and a turn takes back"
                " as many shoots as it puts into the stalks (BB-SUM-6)"
            )


def check_decision(state: Any) -> None:
    """Refuse a pending decision without any legal action (no game reaches one)."""
    try:
        legal = state.legal_actions()
    except (IndexError, KeyError, ValueError) as exc:
        raise InvalidStateError(f"phase {state.phase!r} lacks its data: {exc!r}") from exc
    if not state.is_over() and not legal:
        raise InvalidStateError(
            f"player {state.player} has no legal action in phase {state.phase!r}"
        )
