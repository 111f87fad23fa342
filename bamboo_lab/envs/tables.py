"""Fixed action-index tables: every action that can ever be legal in a game, once, numbered.

RL agents answer with an integer; the table turns it into the game's action notation, and the
action mask marks which numbers are legal now. Each game builds its own table,
``every_action()`` in its ``actions.py`` (``every_action(options)`` when the table depends on
the options: Bangkok's custom deck), from its action classes and component lists (as
OpenSpiel's structured games number their actions), so index ``k`` means the same action in
every game with the same options. The games' docstrings say what their tables hold.

Chance outcomes (Takenoko's weather roll) are not agent actions: the environment samples them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bamboo_lab.games import every_action, load

__all__ = ["action_table"]


def action_table(game: str, options: Any = None) -> tuple[str, ...]:
    """The notations of every action of ``game`` that can ever be legal, each once, in order."""
    module = load(game)
    opts = module.Options.coerce(options)
    return _table(game, opts)


@lru_cache(maxsize=32)
def _table(game: str, options: Any) -> tuple[str, ...]:
    texts = tuple(str(action) for action in every_action(game, options))
    if len(set(texts)) != len(texts):  # the game's every_action() lists each action once
        raise AssertionError(f"the {game} action table repeats a notation")
    return texts
