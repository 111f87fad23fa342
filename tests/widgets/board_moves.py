"""The first move a person sees on a board: the first place to click, else its first button."""

from __future__ import annotations

from typing import Any


def first_move(controller: Any, reveal: bool = True) -> Any:
    """The first action of the first clickable place, else the first button's action."""
    places = controller.clickable(reveal)
    if places:
        return next(iter(places.values()))[0]
    groups = controller.grouped_actions(reveal)
    assert groups, "a person to play is offered places to click or buttons"
    return next(iter(groups.values()))[0][1]
