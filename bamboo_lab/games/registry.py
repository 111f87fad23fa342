"""Which games exist: the bundled ``GAMES``, the games registered at run time, ``load(name)``.

``register(module)`` makes a game module known by its ``NAME`` to ``load`` and so to every layer
(docs/adding-a-game.md); the bundled games are ``bamboo_lab.games.<name>``.
"""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType
from typing import Any, cast

from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import GameModule

__all__ = ["CONTRACT", "GAMES", "every_action", "load", "names", "register", "unregister"]

GAMES: tuple[str, ...] = ("takenoko", "bamboo", "bangkok")
"""The games bundled with bamboo_lab (``bamboo_lab.games.<name>``), in the order docs list them;
:func:`names` adds the games registered at run time."""

CONTRACT: tuple[str, ...] = (
    "NAME",
    "RULES_VERSION",
    "PLAYER_COUNTS",
    "PLY_LIMIT",
    "Options",
    "State",
    "new_game",
    "parse_action",
    "explain",
)
"""The names every game module exposes (docs/design.md, section 3); ``register`` checks them."""

_REGISTERED: dict[str, ModuleType] = {}
"""The game modules registered at run time, by name."""


def names() -> tuple[str, ...]:
    """Every game :func:`load` knows: the bundled :data:`GAMES`, then those registered."""
    return GAMES + tuple(_REGISTERED)


def load(name: str) -> GameModule:
    """Return the game module called ``name`` (``bamboo_lab.games.<name>`` or registered)."""
    if isinstance(name, str) and name in _REGISTERED:
        return cast(GameModule, _REGISTERED[name])
    if not isinstance(name, str) or name not in GAMES:
        shown = repr(name) if isinstance(name, str) and len(name) < 60 else type(name).__name__
        raise InvalidStateError(f"unknown game {shown}; known games: {', '.join(names())}")
    return cast(GameModule, importlib.import_module(f"bamboo_lab.games.{name}"))


def register(module: ModuleType) -> str:
    """Make the game module ``module`` known by its ``NAME`` (to ``load``, the layers, the
    command line, ``simulate``...); return the name. A module that lacks a name of
    :data:`CONTRACT`, or a name taken by another game, is refused with InvalidStateError."""
    if not isinstance(module, ModuleType):
        raise InvalidStateError(f"register needs a game module, not {short_repr(module)}")
    missing = [piece for piece in CONTRACT if not hasattr(module, piece)]
    if missing:
        raise InvalidStateError(
            f"game module {module.__name__[:60]} lacks {', '.join(missing)}"
            " (the contract: docs/adding-a-game.md)"
        )
    name = module.NAME
    if not isinstance(name, str) or not name.isidentifier():
        raise InvalidStateError(f"a game's NAME is a Python identifier, not {short_repr(name)}")
    if name in GAMES or _REGISTERED.get(name, module) is not module:
        raise InvalidStateError(f"another game is already called {name!r}")
    _REGISTERED[name] = module
    return name


def unregister(name: str) -> None:
    """Forget a game registered at run time (the bundled games stay)."""
    if not isinstance(name, str) or name not in _REGISTERED:
        raise InvalidStateError(f"no game {short_repr(name)} was registered")
    del _REGISTERED[name]


def every_action(name: str, options: Any = None) -> tuple[Any, ...]:
    """Every action game ``name`` can ever have, once, in its fixed order (the game module's
    ``every_action()``, given ``options`` when its table depends on them)."""
    module = load(name)
    build = getattr(module, "every_action", None)
    if not callable(build):
        raise InvalidStateError(
            f"the game {name!r} lacks every_action() (the environments' action table;"
            " docs/adding-a-game.md)"
        )
    if inspect.signature(build).parameters:
        return tuple(build(options))
    return tuple(build())
