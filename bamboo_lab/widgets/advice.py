"""The board's advice: a hint (the best moves here, with their chance to win) and the
win-probability bar (each seat's chance to win from here), both by playouts from what the board
shows only (``bamboo_lab.analysis``: ``analyse`` and ``outlook`` of the board's view).

The controller's board is drawn first; the advice is computed when asked (the hint button) or
after the redraw (the "show win chances" checkbox, off by default), so a click stays fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import ByGame

from .labels import label_of

__all__ = [
    "BAR_PLAYOUTS",
    "HINT_PLAYOUTS",
    "HINT_SECONDS",
    "OTHER_BAR_PLAYOUTS",
    "OTHER_HINT_PLAYOUTS",
    "Chances",
    "Hint",
    "chances",
    "hint",
]

OTHER_HINT_PLAYOUTS = 100
"""The hint's playouts for a game whose widgets layer names none (a registered one)."""
OTHER_BAR_PLAYOUTS = 30
"""The win-probability bar's playouts for a game whose widgets layer names none."""
HINT_PLAYOUTS: ByGame = ByGame("widgets", "HINT_PLAYOUTS", OTHER_HINT_PLAYOUTS)
"""The hint's playouts per game, its widgets layer's ``HINT_PLAYOUTS``: about 1 to 2 s on the
2-core machine here (a heuristic playout of a two-player game costs about 13 ms in Takenoko,
70-150 ms in Bamboo and 9 ms in Bangkok)."""
HINT_SECONDS = 2.0
"""The hint stops at this many seconds even when its playouts are not all played."""
BAR_PLAYOUTS: ByGame = ByGame("widgets", "BAR_PLAYOUTS", OTHER_BAR_PLAYOUTS)
"""The win-probability bar's playouts per game, its widgets layer's ``BAR_PLAYOUTS`` (about
half a second to a second here)."""


@dataclass(frozen=True)
class Hint:
    """The best moves of the decision shown, as ``analyse`` ranks them."""

    seat: int
    """The seat to move, whose moves they are."""
    rows: tuple[tuple[str, str, float, float, float], ...]
    """``(words, notation, win, win_low, win_high)`` per move, best first."""
    playouts: int
    """The playouts spent."""

    def text(self) -> str:
        """The hint in one line per move (``1. keep the green plot [keep 2]: 62% (48-75%)``)."""
        return "\n".join(
            f"{rank}. {words} [{notation}]: {win:.0%} ({low:.0%}-{high:.0%})"
            for rank, (words, notation, win, low, high) in enumerate(self.rows, start=1)
        )


@dataclass(frozen=True)
class Chances:
    """Each seat's chance to win from the position shown, as ``outlook`` estimates it."""

    rows: tuple[tuple[int, float, float, float], ...]
    """``(seat, win, win_low, win_high)`` per seat."""
    playouts: int
    """The playouts played."""


def hint(
    controller: Any,
    reveal: bool = True,
    *,
    top: int = 3,
    playouts: int | None = None,
    seconds: float | None = HINT_SECONDS,
    seed: int = 0,
) -> Hint:
    """The ``top`` best moves of the person to move with their win probability: ``analyse``
    of the board's view (``controller.board_state(reveal)``), never of the whole truth.
    Refused (InvalidStateError) when no person is to play."""
    if not controller.is_person_to_play():
        raise InvalidStateError("a hint is for a person's decision: nobody is to play now")
    from bamboo_lab.analysis.position import ranked_moves

    shown = controller.board_state(reveal)
    seat = shown.current_player
    budget = HINT_PLAYOUTS[controller.game] if playouts is None else playouts
    found = ranked_moves(shown, seat, playouts=budget, seconds=seconds, seed=seed)
    rows = tuple(
        (label_of(controller.game, action, shown), str(action), win, low, high)
        for action, win, low, high in zip(
            found.attrs["actions"][:top],
            found.column("win")[:top],
            found.column("win_low")[:top],
            found.column("win_high")[:top],
            strict=True,
        )
    )
    return Hint(seat, rows, int(found.attrs["playouts"]))


def chances(
    controller: Any, reveal: bool = True, *, playouts: int | None = None, seed: int = 0
) -> Chances | None:
    """Each seat's chance to win from the position shown: ``outlook`` of the board's view from
    its viewer's seat (the public view in hot-seat). None once the game is over."""
    shown = controller.board_state(reveal)
    if shown.is_over():
        return None
    from bamboo_lab.analysis.position import seat_chances

    n = BAR_PLAYOUTS[controller.game] if playouts is None else playouts
    found = seat_chances(shown, controller.viewer(reveal), n=n, seed=seed)
    rows = tuple(
        (int(seat), float(win), float(low), float(high))
        for seat, win, low, high in zip(
            *(found.column(name) for name in ("seat", "win", "win_low", "win_high")), strict=True
        )
    )
    return Chances(rows, n)
