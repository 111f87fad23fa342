"""A puzzle's theme: what its answer does, computed from the game's own scoring functions on
the seat's view before and after the move (never typed by hand)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import layer_piece

__all__ = ["THEMES", "scoring_theme", "theme"]

THEMES: dict[str, tuple[str, ...]] = {
    "takenoko": ("completes an objective", "sets up an objective", "scores points now"),
    "bamboo": ("a majority in Autumn", "a balance pattern", "scores points now"),
    "bangkok": ("a chilli neighbourhood", "the pontoon's goods", "completes the market"),
}
"""The themes each game's :func:`theme` computes before falling back to the move's kind."""


def theme(view: GameState, seat: int, action: Any) -> str:
    """What ``action`` of ``seat`` does in ``view`` (the seat's view), in words: one of the
    game's :data:`THEMES` when its scoring says so, else the kind of move (the words layer's
    ``group``: "move the panda", "offer incense"...)."""
    found = scoring_theme(view, seat, action)
    if found:
        return found
    group: Callable[[Any], str] = layer_piece(view.game, "words", "group", lambda a: "a move")
    return group(action)


def scoring_theme(view: GameState, seat: int, action: Any) -> str | None:
    """One of the game's :data:`THEMES` that ``action`` of ``seat`` has in ``view``, or None."""
    after = view.apply(action, check=False)
    return _BY_GAME.get(view.game, _points)(view, after, seat, action)


def _points(before: GameState, after: GameState, seat: int, action: Any) -> str | None:
    """Points scored at once (the game's ``scores``)."""
    return "scores points now" if after.scores()[seat] > before.scores()[seat] else None


def _takenoko(before: Any, after: Any, seat: int, action: Any) -> str | None:
    """An objective completed (TK-CMP-1), or one made claimable for this turn."""
    if len(after.completed[seat]) > len(before.completed[seat]):
        return "completes an objective"
    mine_next = not after.is_over() and after.current_player == seat
    if mine_next and len(after.claimable()) > len(before.claimable()):
        return "sets up an objective"
    return _points(before, after, seat, action)


def _bamboo(before: Any, after: Any, seat: int, action: Any) -> str | None:
    """A temple's incense majority taken (BB-AUT-1), or a balance tile met or scored."""
    from bamboo_lab.games.bamboo.scoring import held_tiles_met, temple_majority

    for was, now in zip(before.temples, after.temples, strict=True):
        taken = now != was and now and temple_majority(now)[0] == seat
        if taken and (not was or temple_majority(was)[0] != seat):
            return "a majority in Autumn"
    table = before.options.balance_table
    was_board, now_board = before.board(seat), after.board(seat)
    met_before = held_tiles_met(table, tuple(was_board.balance), tuple(was_board.home))
    met_after = held_tiles_met(table, tuple(now_board.balance), tuple(now_board.home))
    kind = type(action).__name__
    if len(met_after) > len(met_before) or kind in ("ScoreBalanceTile", "TakeBalanceTile"):
        return "a balance pattern"
    return _points(before, after, seat, action)


def _bangkok(before: Any, after: Any, seat: int, action: Any) -> str | None:
    """Chilli cards' neighbourhoods scoring more (BK-SCORE-2), the seat's objective goods
    (BK-SCORE-1) or the complete market's bonus (BK-SCORE-7)."""
    was, now = before.market_score(seat), after.market_score(seat)
    if sum(chilli.points for chilli in now.chillies) > sum(c.points for c in was.chillies):
        return "a chilli neighbourhood"
    if now.objective_points > was.objective_points:
        return "the pontoon's goods"
    if now.complete_bonus > was.complete_bonus:
        return "completes the market"
    return None


_BY_GAME: dict[str, Callable[[Any, Any, int, Any], str | None]] = {
    "takenoko": _takenoko,
    "bamboo": _bamboo,
    "bangkok": _bangkok,
}
