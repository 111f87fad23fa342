"""Each layer finds its game by name: ``layer(name, "viz")`` is game ``name``'s picture module.

A game has, beside its rules, one module per layer (:data:`LAYERS`), each exporting fixed names
(:data:`PIECES`): the shared code of a layer looks a game's piece up by name and never lists the
games. A bundled game's layers are ``bamboo_lab.<layer>.<name>`` (its words:
``bamboo_lab.games.<name>.words``); a registered game's are ``<its package>.<layer>``.
:func:`check_game` says which piece a game lacks (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, cast

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import InvalidStateError

from .registry import GAMES, load, names

__all__ = [
    "LAYERS",
    "PIECES",
    "ByGame",
    "Piece",
    "check_game",
    "layer",
    "layer_path",
    "layer_piece",
]


LAYERS: dict[str, str] = {
    "words": "the rulebook words of the actions (button labels, log lines, status)",
    "viz": "the pictures (plotly): the state's figure, a card, a market...",
    "bots": "the heuristic bot and what the search bot knows of the game",
    "envs": "the observation vector of the reinforcement-learning environments",
    "sim": "the statistics ``simulate`` adds for the game",
    "widgets": "the play board's pieces: places to click, its pictures, hint budgets",
}
"""The layers a game module has beside its rules, each a module of fixed names."""


def layer_path(name: str, layer_name: str) -> str:
    """Where game ``name``'s ``layer_name`` module lives: for a bundled game
    ``bamboo_lab.<layer>.<name>`` (its words: ``bamboo_lab.games.<name>.words``), for a
    registered one ``<its package>.<layer>``."""
    module = load(name)
    if layer_name not in LAYERS:
        raise InvalidStateError(f"unknown layer {short_repr(layer_name)}: {', '.join(LAYERS)}")
    if name not in GAMES:  # a registered game: its package holds every layer
        return f"{cast(ModuleType, module).__name__}.{layer_name}"
    if layer_name == "words":
        return f"bamboo_lab.games.{name}.words"
    return f"bamboo_lab.{layer_name}.{name}"


def layer(name: str, layer_name: str, *, required: bool = True) -> ModuleType | None:
    """Game ``name``'s module of ``layer_name`` (one of :data:`LAYERS`); a game without one
    raises InvalidStateError naming the module to add, or gives None when not ``required``."""
    path = layer_path(name, layer_name)
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name is None or not f"{path}.".startswith(f"{exc.name}."):
            raise  # the module exists but needs what is missing (plotly...)
        if not required:
            return None
        raise InvalidStateError(
            f"the game {name!r} has no {layer_name} layer: add the module {path}"
            " (docs/adding-a-game.md)"
        ) from None


_MISSING: Any = object()


def layer_piece(name: str, layer_name: str, piece: str, default: Any = _MISSING) -> Any:
    """The fixed name ``piece`` of game ``name``'s ``layer_name`` module; when it is absent,
    ``default`` if given (an optional piece), else InvalidStateError naming the piece."""
    module = layer(name, layer_name, required=default is _MISSING)
    if module is not None and hasattr(module, piece):
        return getattr(module, piece)
    if default is not _MISSING:
        return default
    raise InvalidStateError(
        f"the game {name!r} lacks {piece} in its {layer_name} layer"
        f" ({layer_path(name, layer_name)}; docs/adding-a-game.md)"
    )


class ByGame(Mapping[str, Any]):
    """A read-only mapping ``game -> piece`` over every known game, looked up on access (what
    a ``{"takenoko": ..., "bamboo": ...}`` table was: ``SCORE_ROWS["bamboo"]``)."""

    def __init__(self, layer_name: str, piece: str, default: Any = _MISSING) -> None:
        """The mapping of ``piece`` in each game's ``layer_name`` module (``default``: when a
        game lacks it)."""
        self.layer_name, self.piece, self.default = layer_name, piece, default

    def __getitem__(self, name: str) -> Any:
        """The piece of game ``name``; KeyError for an unknown game."""
        if not isinstance(name, str) or name not in names():
            raise KeyError(name)
        return layer_piece(name, self.layer_name, self.piece, self.default)

    def __iter__(self) -> Iterator[str]:
        """The known games, bundled first."""
        return iter(names())

    def __len__(self) -> int:
        """How many games are known."""
        return len(names())

    def __repr__(self) -> str:
        """``ByGame('words', 'SCORE_ROWS')``."""
        return f"ByGame({self.layer_name!r}, {self.piece!r})"


@dataclass(frozen=True)
class Piece:
    """One fixed name a layer looks up in a game: where, what shape, whether it must exist."""

    layer: str
    """``game`` (the game module itself), ``State`` (its state class) or one of LAYERS."""
    name: str
    """The fixed name (``label``)."""
    shape: str
    """``callable``, ``class``, ``mapping``, ``tuple``, ``str``, ``int``, ``bool`` or
    ``picture`` (a ``"module:function"`` naming a function)."""
    required: bool
    """False for an optional piece: the layer's generic one stands in for it."""
    meaning: str
    """What it is for, in a few words."""


PIECES: tuple[Piece, ...] = (
    Piece("game", "NAME", "str", True, "the registry name"),
    Piece("game", "RULES_VERSION", "str", True, "records of another version are refused"),
    Piece("game", "PLAYER_COUNTS", "tuple", True, "the player counts the rules allow"),
    Piece("game", "PLY_LIMIT", "int", True, "where the runner truncates a game"),
    Piece("game", "PHASES", "tuple", True, "the pending-decision phases, in order"),
    Piece("game", "Options", "class", True, "the rule variants (a GameOptions)"),
    Piece("game", "State", "class", True, "the position (docs/design.md, section 3)"),
    Piece("game", "new_game", "callable", True, "new_game(num_players, seed, options)"),
    Piece("game", "parse_action", "callable", True, "parse_action(text, state)"),
    Piece("game", "explain", "callable", True, "explain(state, action_or_text)"),
    Piece("game", "every_action", "callable", True, "the environments' action table"),
    Piece("game", "TURN_END", "class", False, "the action ending a turn (bench, stats)"),
    Piece("State", "drawn_by", "picture", True, "the function that draws a state"),
    Piece("words", "label", "callable", True, "label(action, state): an action in words"),
    Piece("words", "group", "callable", True, "group(action): its button group"),
    Piece("words", "DECISIONS", "mapping", True, "phase -> the pending decision in words"),
    Piece("words", "SCORE_ROWS", "mapping", True, "breakdown key -> final score row"),
    Piece("words", "button", "callable", False, "button(action, state); default: label"),
    Piece("words", "events", "callable", False, "events(before, after, name); default: none"),
    Piece("words", "notes", "callable", False, "notes(state, name): lines under the status"),
    Piece("viz", "figure", "callable", True, "figure(state): the main picture"),
    Piece("viz", "picture_of", "callable", False, "a bare value's picture, or None"),
    Piece("bots", "HEURISTIC_BOT", "class", False, "the heuristic bot; default: GreedyBot"),
    Piece("bots", "SEARCH_SETTINGS", "mapping", False, "the search bot's budget, constants"),
    Piece("bots", "evaluate", "callable", False, "the search bot's evaluation"),
    Piece("bots", "rollout_policy", "callable", False, "the search bot's playouts"),
    Piece("bots", "prior", "callable", False, "the search bot's move prior"),
    Piece("bots", "determinize", "callable", False, "the search bot's deal of hidden parts"),
    Piece("envs", "encode", "callable", False, "the observation; default: the header"),
    Piece("sim", "TRACKER", "class", False, "simulate's tracker; default: none"),
    Piece("sim", "STAT_COLUMNS", "tuple", False, "simulate's extra columns; default: none"),
    Piece("sim", "MIX_COLUMNS", "tuple", False, "the columns viz.stats.mix charts"),
    Piece("widgets", "main_figure", "callable", False, "the board's picture; default: viz"),
    Piece("widgets", "own_figure", "callable", False, "one's own board; default: none"),
    Piece("widgets", "PLACE_PATTERNS", "tuple", False, "hover text -> place; default: none"),
    Piece("widgets", "places_of", "callable", False, "places_of(action, seat): its places"),
    Piece("widgets", "CLICK_WORDS", "mapping", False, "place kind -> what to click, in words"),
    Piece("widgets", "probe", "callable", False, "a click's notation, for explain to refuse"),
    Piece("widgets", "click_refusal", "callable", False, "a click refused before probing"),
    Piece("widgets", "ring", "callable", False, "the places to ring; default: every one"),
    Piece("widgets", "CARD_BOUND", "tuple", False, "actions offered once a card is picked"),
    Piece("widgets", "click_targets", "callable", False, "points clicked by nearness"),
    Piece("widgets", "target_point", "callable", False, "where such a point is drawn"),
    Piece("widgets", "SECRET_BOARD", "bool", False, "the mover decides with secret cards"),
    Piece("widgets", "SECRET_CARDS", "bool", False, "the hot-seat hidden-cards note; True"),
    Piece("widgets", "score_note", "callable", False, "what the running points leave out"),
    Piece("widgets", "HINT_PLAYOUTS", "int", False, "the hint's playouts; default: 100"),
    Piece("widgets", "BAR_PLAYOUTS", "int", False, "the win bar's playouts; default: 30"),
)
"""Every fixed name a layer looks up in a game (docs/adding-a-game.md lists them)."""

_SHAPES: dict[str, Callable[[Any], bool]] = {
    "callable": callable,
    "class": lambda value: isinstance(value, type),
    "mapping": lambda value: isinstance(value, Mapping),
    "tuple": lambda value: isinstance(value, tuple),
    "str": lambda value: isinstance(value, str),
    "int": lambda value: isinstance(value, int),
    "bool": lambda value: isinstance(value, bool),
    "picture": lambda value: isinstance(value, str) and ":" in value,
}


def _where(name: str, piece: Piece) -> Any:
    """The object ``piece`` is looked up on, or None when that layer module is absent."""
    if piece.layer == "game":
        return load(name)
    if piece.layer == "State":
        return load(name).State
    return layer(name, piece.layer, required=False)


def _drawing_function(spec: str) -> bool:
    """True when ``"module:function"`` names a callable that can be imported."""
    module_name, _, function_name = spec.partition(":")
    try:
        return callable(getattr(importlib.import_module(module_name), function_name, None))
    except ImportError:
        return False


def check_game(name: str) -> tuple[str, ...]:
    """What game ``name`` lacks for its layers, one line per missing or misshapen piece (empty
    when every layer finds what it looks up): ``"words.label: missing (label(action, ...))"``."""
    problems = []
    for piece in PIECES:
        where = _where(name, piece)
        value = getattr(where, piece.name, None) if where is not None else None
        where_text = f"{piece.layer}.{piece.name}"
        if value is None:
            if piece.required:
                path = (
                    ""
                    if piece.layer in ("game", "State")
                    else f" in {layer_path(name, piece.layer)}"
                )
                problems.append(f"{where_text}: missing{path} ({piece.meaning})")
            continue
        if not _SHAPES[piece.shape](value):
            problems.append(f"{where_text}: not a {piece.shape} ({piece.meaning})")
        elif piece.shape == "picture" and not _drawing_function(value):
            problems.append(f"{where_text}: {value[:80]!r} names no function to import")
    return tuple(problems)
