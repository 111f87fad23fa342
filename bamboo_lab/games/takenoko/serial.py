"""Takenoko states as JSON-safe dicts: writing them, and loading them with every check.

:func:`load` checks types, ranges, component conservation and the invariants of a reachable
position (whose turn it is, the phase's data, hands consistent with setup), and rebuilds the
derived garden structures; every failure is an :class:`InvalidStateError` naming the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from bamboo_lab.core.checks import listed, short_repr
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.rng import MASK64

from .actions import Action, action_from_text, intern
from .components import (
    ACTION_KINDS,
    CARDS,
    CHANNEL_SUPPLY,
    DECK_KINDS,
    DECK_PREFIXES,
    HAND_LIMIT,
    PLOT_TILES,
    WEATHER_FACES,
)
from .garden import (
    GardenData,
    invalid_state,
    load_garden,
    load_garden_rows,
    saved_int,
    saved_place,
)
from .geometry import POND, hex_text
from .info import GAME_INFO
from .invariants import check_counts, check_hands, check_history, check_turn
from .options import Options

__all__ = ["KEYS", "load", "text_of", "to_dict"]

NAME = GAME_INFO.name
PLAYER_COUNTS = GAME_INFO.player_counts
PHASES = GAME_INFO.phases

KEYS: frozenset[str] = frozenset(
    [
        "game",
        "num_players",
        "options",
        "start_player",
        "turn",
        "player",
        "phase",
        "weather",
        "allowed",
        "used",
        "plots",
        "channels",
        "gardener",
        "panda",
        "plot_deck",
        "drawn",
        "kept",
        "decks",
        "players",
        "reserve",
        "emperor",
        "final_turns_left",
        "rng",
        "history",
        "viewer",
        "start",
    ]
)
"""Every key a state dict may have (``viewer`` and ``start`` only when set)."""

_PLAYER_KEYS = frozenset(("hand", "completed", "eaten", "channels", "improvements"))
_RESERVE_KEYS = frozenset(("channels", "improvements", "bamboo"))
_MAX_TURN = 10**6

_Cards = tuple[tuple[str, ...], ...]
"""Objective card ids by deck or by seat."""


def to_dict(fields: Mapping[str, Any], history: tuple[str, ...]) -> dict[str, Any]:
    """The JSON-safe dict of a state's fields ``fields`` whose history is written ``history``."""
    plots = [
        [place.q, place.r, tile, fields["bamboo"][place], fields["improvements"].get(place)]
        for place, tile in sorted(fields["tiles"].items())
    ]
    data = {
        "game": NAME,
        "num_players": fields["num_players"],
        "options": _options_dict(fields["options"]),
        "start_player": fields["start_player"],
        "turn": fields["turn"],
        "player": fields["player"],
        "phase": fields["phase"],
        "weather": fields["weather"],
        "allowed": fields["allowed"],
        "used": list(fields["used"]),
        "plots": plots,
        "channels": sorted([edge.hex.q, edge.hex.r, edge.side] for edge in fields["channels"]),
        "gardener": [fields["gardener"].q, fields["gardener"].r],
        "panda": [fields["panda"].q, fields["panda"].r],
        "plot_deck": list(fields["plot_deck"]),
        "drawn": list(fields["drawn"]),
        "kept": fields["kept"],
        "decks": {kind: list(deck) for kind, deck in zip(DECK_KINDS, fields["decks"], strict=True)},
        "players": [
            {
                "hand": list(fields["hands"][seat]),
                "completed": list(fields["completed"][seat]),
                "eaten": list(fields["eaten"][seat]),
                "channels": fields["stored_channels"][seat],
                "improvements": list(fields["stored_improvements"][seat]),
            }
            for seat in range(fields["num_players"])
        ],
        "reserve": {
            "channels": fields["channel_reserve"],
            "improvements": list(fields["improvement_reserve"]),
            "bamboo": list(fields["bamboo_reserve"]),
        },
        "emperor": fields["emperor"],
        "final_turns_left": fields["final_turns_left"],
        "rng": fields["rng"],
        "history": list(history),
    }
    if fields["viewer"] is not None:  # only views carry it, so full states keep their digests
        data["viewer"] = fields["viewer"]
    if fields["start"] is not None:  # only built or loaded positions carry it
        data["start"] = _copy_json(fields["start"])
    return data


def load(data: Any) -> tuple[dict[str, Any], tuple[str, ...] | None]:
    """The fields of the state ``data`` describes, and its history's texts when canonical;
    InvalidStateError (naming the field) when anything is wrong."""
    try:
        fields = _load(data)
    except BambooLabError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        raise InvalidStateError(f"malformed Takenoko state: {type(exc).__name__}: {exc}") from exc
    texts = tuple(data["history"])
    canonical = all(isinstance(text, str) and text in _ACTION_OF for text in texts)
    return fields, texts if canonical else None


def _copy_json(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _copy_json(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy_json(item) for item in value]
    return value


def _viewer(value: Any, num: int) -> int | str:
    """A view's viewer: a seat, or ``"public"`` for the public view (``view(None)``)."""
    if value == "public":
        return "public"
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < num:
        raise invalid_state(
            f"viewer must be a seat 0..{num - 1} or 'public', not {short_repr(value)}"
        )
    return value


def _triple(value: Any, what: str, low: int | None = 0) -> tuple[int, int, int]:
    if not isinstance(value, list) or len(value) != 3:
        raise invalid_state(f"{what} must be a list of 3 integers, not {short_repr(value)}")
    first, second, third = (saved_int(item, what, low) for item in value)
    return (first, second, third)


def _keys(value: Any, what: str, required: frozenset[str], optional: frozenset[str]) -> None:
    """``value`` must be a mapping with the ``required`` keys and no others but ``optional``."""
    if not isinstance(value, Mapping):
        raise invalid_state(f"{what} must be a mapping, not {type(value).__name__}")
    keys = set(value)
    missing, unknown = required - keys, keys - required - optional
    if missing:
        raise invalid_state(f"{what} lacks the key(s) {sorted(missing)}")
    if unknown:
        raise invalid_state(f"{what} has unknown key(s) {listed(unknown)}")


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise invalid_state(f"{what} must be a list of strings")
    return tuple(value)


def _load(data: Any) -> dict[str, Any]:
    """The fields of the state ``data``, every part checked (:func:`load`'s work)."""
    _keys(data, "a Takenoko state", KEYS - {"viewer", "start"}, frozenset(("viewer", "start")))
    num, opts, phase, weather, used = _load_decision(data)
    garden = _load_garden(data)
    tiles, colours, improvements, bamboo, channels, irrigated, channel_spots, plot_spots = garden
    players = _load_players(data, num)
    decks, hands, completed = _load_objectives(data, players)
    plot_deck, drawn, kept = _load_plots(data, tiles)
    reserve = data["reserve"]
    _keys(reserve, "'reserve'", _RESERVE_KEYS, frozenset())
    state = {
        "num_players": num,
        "options": opts,
        "start_player": saved_int(data["start_player"], "start_player", 0, num - 1),
        "turn": saved_int(data["turn"], "turn", 0, _MAX_TURN),
        "player": saved_int(data["player"], "player", 0, num - 1),
        "phase": phase,
        "weather": weather,
        "allowed": saved_int(data["allowed"], "allowed", 2, 3),
        "used": used,
        "tiles": tiles,
        "colours": colours,
        "improvements": improvements,
        "bamboo": bamboo,
        "irrigated": irrigated,
        "channels": channels,
        "channel_spots": channel_spots,
        "plot_spots": plot_spots,
        "gardener": saved_place(data["gardener"], "gardener"),
        "panda": saved_place(data["panda"], "panda"),
        "plot_deck": plot_deck,
        "drawn": drawn,
        "kept": kept,
        "decks": decks,
        "hands": hands,
        "completed": completed,
        **_board_fields(players, reserve, opts),
        "emperor": data["emperor"],
        "final_turns_left": data["final_turns_left"],
        "rng": saved_int(data["rng"], "rng", 0, MASK64),
        "history": (),
        "viewer": _viewer(data["viewer"], num) if "viewer" in data else None,
        "start": None,
    }
    _check_figures_and_emperor(state)
    check_counts(state)
    check_turn(state)
    check_hands(state)
    state["history"] = _load_history(data["history"])
    if "start" in data:
        state["start"] = _load_start(data["start"], state)
    _check_late_turn(state)
    check_history(state)
    return state


def _load_decision(data: Mapping[str, Any]) -> tuple[int, Options, str, Any, tuple[str, ...]]:
    """The game, the player count, the options, and the pending decision: its phase, the
    weather and the actions used this turn."""
    if data["game"] != NAME:
        raise invalid_state(f"the 'game' field must be {NAME!r}, not {short_repr(data['game'])}")
    num = data["num_players"]
    if num not in PLAYER_COUNTS or type(num) is not int:
        raise invalid_state(f"num_players must be 2, 3 or 4, not {short_repr(num)}")
    opts = _options_from(data["options"])
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise invalid_state(f"unknown phase {short_repr(phase)}")
    weather = data["weather"]
    if weather is not None and (not isinstance(weather, str) or weather not in WEATHER_FACES):
        raise invalid_state(f"unknown weather {short_repr(weather)}")
    used = _strings(data["used"], "'used'")
    if any(action_kind not in ACTION_KINDS for action_kind in used):
        raise invalid_state(f"unknown action kinds in 'used': {used}")
    return num, opts, phase, weather, used


def _load_garden(data: Mapping[str, Any]) -> GardenData:
    """The garden's plots and channels rebuilt, through the memo when the rows allow it."""
    key: tuple[Any, ...] | None
    try:
        key = (
            tuple(tuple(row) for row in data["plots"]),
            tuple(tuple(row) for row in data["channels"]),
        )
        # only exact ints, strings and None may share the memo (True == 1, 1.0 == 1)
        if not all(type(item) in _KEY_TYPES for rows in key for row in rows for item in row):
            key = None
    except TypeError:
        key = None
    return (
        load_garden(*key) if key is not None else load_garden_rows(data["plots"], data["channels"])
    )


def _load_players(data: Mapping[str, Any], num: int) -> list[Any]:
    """The players' records, one per seat, each with its keys."""
    players = data["players"]
    if not isinstance(players, list) or len(players) != num:
        raise invalid_state(f"'players' must list {num} players")
    for seat, player in enumerate(players):
        _keys(player, f"players[{seat}]", _PLAYER_KEYS, frozenset())
    return players


def _load_objectives(data: Mapping[str, Any], players: list[Any]) -> tuple[_Cards, _Cards, _Cards]:
    """The objective decks, the hands and the completed cards: each of the 45 cards once,
    each deck its own kind, no hand over the limit (TK-OBJ-2)."""
    _keys(data["decks"], "'decks'", frozenset(DECK_KINDS), frozenset())
    decks = tuple(
        _strings(data["decks"][deck_kind], f"the {deck_kind} deck") for deck_kind in DECK_KINDS
    )
    for kind, prefix, deck in zip(DECK_KINDS, DECK_PREFIXES, decks, strict=True):
        if any(card not in CARDS or card[0] != prefix for card in deck):
            raise invalid_state(f"the {kind} deck holds cards of another deck: {deck}")
    hands = tuple(
        _strings(player["hand"], f"players[{seat}].hand") for seat, player in enumerate(players)
    )
    completed = tuple(
        _strings(player["completed"], f"players[{seat}].completed")
        for seat, player in enumerate(players)
    )
    all_cards = [card for group in (*decks, *hands, *completed) for card in group]
    if sorted(all_cards) != sorted(CARDS):
        counts = Counter(all_cards)
        wrong = sorted(card for card in set(CARDS) | set(counts) if counts.get(card, 0) != 1)
        raise invalid_state(
            f"every objective card must be somewhere exactly once; wrong: {wrong[:8]}"
        )
    if any(len(hand) > HAND_LIMIT for hand in hands):
        raise invalid_state("a hand holds more than 5 cards (TK-OBJ-2)")
    return decks, hands, completed


def _load_plots(
    data: Mapping[str, Any], tiles: Mapping[Any, str]
) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    """The plot pile, the drawn plots and the kept one: with the garden's, the 27 plots."""
    plot_deck = _strings(data["plot_deck"], "'plot_deck'")
    drawn = _strings(data["drawn"], "'drawn'")
    kept = data["kept"]
    if kept is not None and not isinstance(kept, str):
        raise invalid_state(f"'kept' must be a plot tile or null, not {short_repr(kept)}")
    all_tiles = [*tiles.values(), *plot_deck, *drawn, *([kept] if kept is not None else [])]
    if sorted(all_tiles) != sorted(PLOT_TILES):
        raise invalid_state("the plots in the garden, the pile and the hand are not the 27 plots")
    if len(drawn) > 3:
        raise invalid_state("more than 3 plots drawn")
    return plot_deck, drawn, kept


def _board_fields(players: list[Any], reserve: Mapping[str, Any], opts: Options) -> dict[str, Any]:
    """The sections eaten and the channels and chips stored on each board, and the reserves."""
    return {
        "eaten": tuple(_triple(player["eaten"], "eaten") for player in players),
        "stored_channels": tuple(
            saved_int(player["channels"], "stored channels", 0, CHANNEL_SUPPLY)
            for player in players
        ),
        "stored_improvements": tuple(
            _triple(player["improvements"], "stored improvements") for player in players
        ),
        "channel_reserve": saved_int(reserve["channels"], "channel reserve", 0, CHANNEL_SUPPLY),
        "improvement_reserve": _triple(reserve["improvements"], "improvement reserve"),
        "bamboo_reserve": _triple(  # TK-BAM-2: substitutes have no bound (check_counts counts them)
            reserve["bamboo"], "bamboo reserve", 0 if opts.bamboo_supply == "limited" else None
        ),
    }


def _check_figures_and_emperor(state: Mapping[str, Any]) -> None:
    """The gardener and the panda stand in the garden; the Emperor's holder and the final
    turns left are within the seats."""
    for who in (state["gardener"], state["panda"]):
        if who != POND and who not in state["tiles"]:
            raise invalid_state(f"a figure stands on {hex_text(who)}, which is not in the garden")
    num = state["num_players"]
    if state["emperor"] is not None:
        saved_int(state["emperor"], "emperor", 0, num - 1)
    if state["final_turns_left"] is not None:
        saved_int(state["final_turns_left"], "final_turns_left", 0, num - 1)


def _load_history(history: Any) -> tuple[Action, ...]:
    """The history's actions: a list of at most the ply limit of action texts."""
    if not isinstance(history, list) or len(history) > GAME_INFO.ply_limit:
        raise invalid_state(
            f"'history' must be a list of {GAME_INFO.ply_limit} action strings at most"
        )
    try:
        return tuple(map(_ACTION_OF.__getitem__, history))
    except (KeyError, TypeError):
        try:
            return tuple(_action_of(text) for text in history)
        except BambooLabError as exc:
            raise invalid_state(f"bad history entry: {exc}") from exc


def _check_late_turn(state: Mapping[str, Any]) -> None:
    """A position's turn leaves room for its game's ply limit (its later states load)."""
    if not state["history"] and state["turn"] > _MAX_TURN - GAME_INFO.ply_limit:
        raise invalid_state(
            f"turn {state['turn']} is too late for a position: its game could play past"
            f" turn {_MAX_TURN}, and its later states would not load (at most"
            f" {_MAX_TURN - GAME_INFO.ply_limit})"
        )


def _load_start(start: Any, state: Mapping[str, Any]) -> dict[str, Any]:
    """Check the starting position of a state: a position with empty history and no start,
    of the same game (player count and options)."""
    if not isinstance(start, Mapping) or "start" in start:
        raise invalid_state("'start' must be a state dict without a 'start' of its own")
    if start.get("history") != []:
        raise invalid_state("'start' must have an empty history")
    first = _load(start)
    if first["num_players"] != state["num_players"] or first["options"] != state["options"]:
        raise invalid_state("'start' has another player count or other options than the state")
    if first["viewer"] != state["viewer"]:
        raise invalid_state("'start' must be seen by the same viewer as the state")
    copied: dict[str, Any] = _copy_json(start)
    return copied


_KEY_TYPES = (int, str, type(None))

_ACTION_OF: dict[str, Action] = {}
_TEXT_OF: dict[Action, str] = {}
_OPTIONS_OF: dict[tuple[tuple[str, str, Any], ...], Options] = {}
_OPTIONS_DICT: dict[Options, dict[str, Any]] = {}


def _action_of(text: Any) -> Action:
    """``action_from_text`` with a memo of the canonical texts (``str(action) == text``)."""
    action = _ACTION_OF.get(text) if isinstance(text, str) else None
    if action is None:
        action = intern(action_from_text(text))
        if str(action) == text:
            _ACTION_OF[text] = action
    return action


def text_of(action: Action) -> str:
    """``str(action)`` with a memo."""
    text = _TEXT_OF.get(action)
    if text is None:
        text = _TEXT_OF[action] = str(action)
    return text


def _options_from(data: Any) -> Options:
    """``Options.from_dict`` with a memo keyed by the (hashable) option values."""
    if isinstance(data, Mapping):
        try:
            # the key holds each value's type: True == 1 == 1.0 must not share an entry
            key = tuple(sorted((name, type(item).__name__, item) for name, item in data.items()))
            hash(key)
        except TypeError:
            return Options.from_dict(data)
        opts = _OPTIONS_OF.get(key)
        if opts is None:
            opts = _OPTIONS_OF[key] = Options.from_dict(data)
        return opts
    return Options.from_dict(data)


def _options_dict(opts: Options) -> dict[str, Any]:
    """``opts.to_dict()`` with a memo."""
    data = _OPTIONS_DICT.get(opts)
    if data is None:
        data = _OPTIONS_DICT[opts] = opts.to_dict()
    return dict(data)
