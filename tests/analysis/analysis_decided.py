"""Positions whose best move is decided exactly, for the hint's tests (and how they were found).

A position is *decided* for the seat to move when one legal move wins whatever happens next and
beats every other move whatever happens next: every continuation to the end of the game (every
seat's every legal choice, every chance outcome) is enumerated after each move, in the real
state and in re-deals of the seat's view (what the seat cannot see dealt again), and the one
move's worst end (won, then margin) beats every other move's best end. So the best move is
proven for every player, not only for the bots that play the hint's playouts. Where, besides,
every other move loses whatever happens (``others_lose``), no playouts can make them look as
good, and the hint must call the move the best.

``tests/analysis/data/decided_positions.json`` holds at least ten such positions per game:
late decisions of seeded two-player heuristic games (``python tests/analysis/analysis_decided.py
GAME COUNT FIRST_SEED OUT.json`` finds them). The tests prove each one again, so a change of the
rules that undoes a position fails loudly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bamboo_lab.core.protocol import CHANCE, GameState
from bamboo_lab.games import load, replay
from bamboo_lab.sim import play_game

DATA = Path(__file__).parent / "data" / "decided_positions.json"
"""The decided positions: a list of ``{"game", "seed", "ply", "best", "others_lose",
"state"}``."""

NODES = 4000
"""The most states enumerated after one move in one world (a larger tree is not decided here)."""

DEPTH = 80
"""The most plies enumerated after one move (two Bangkok players may renew a row forever)."""

WORLDS = 8
"""The re-deals of the seat's view each position is proven in, beside the real state."""


class TooLarge(Exception):
    """The continuations of a move are too many to enumerate."""


def ends(state: GameState, seat: int, nodes: list[int], depth: int = 0) -> set[tuple[bool, int]]:
    """Every ``(won, margin)`` of ``seat`` at an end reachable from ``state`` (a shared win
    counts; margin: its score minus the best other seat's)."""
    nodes[0] += 1
    if nodes[0] > NODES or depth > DEPTH:
        raise TooLarge
    if state.is_over():
        outcome = state.outcome()
        assert outcome is not None
        best_other = max(score for p, score in enumerate(outcome.scores) if p != seat)
        return {(seat in outcome.winners, outcome.scores[seat] - best_other)}
    if state.current_player == CHANCE:
        actions = [action for action, _ in state.chance_outcomes()]
    else:
        actions = list(state.legal_actions())
    found: set[tuple[bool, int]] = set()
    for action in actions:
        found |= ends(state.apply(action, check=False), seat, nodes, depth + 1)
    return found


def decided_move(state: GameState, worlds: int = WORLDS) -> tuple[Any, bool] | None:
    """The move of the seat to move that wins whatever happens and beats every other move
    whatever happens (its worst end, won then margin, above every other move's best end), in
    the real state and in ``worlds`` re-deals of its view, with whether every other move then
    loses whatever happens; None when there is no such move. Raises :class:`TooLarge` when the
    continuations cannot all be enumerated."""
    seat = state.current_player
    view = state.view(seat)
    found = None
    others_lose = True
    for world in [state, *(view.determinize(seat, index) for index in range(worlds))]:
        results = {
            action: ends(world.apply(action, check=False), seat, [0])
            for action in world.legal_actions()
        }
        ranked = sorted(results, key=lambda action: min(results[action]), reverse=True)
        top, others = ranked[0], ranked[1:]
        worst = min(results[top])
        if not worst[0] or any(worst <= max(results[other]) for other in others):
            return None
        if found is not None and found != top:
            return None
        found = top
        others_lose = others_lose and not any(won for o in others for won, _ in results[o])
    return found, others_lose


def positions() -> list[dict[str, Any]]:
    """The decided positions of the data file, each with its state rebuilt."""
    entries = json.loads(DATA.read_text())
    for entry in entries:
        entry["position"] = load(entry["game"]).State.from_dict(entry["state"])
    return entries


def find(game: str, count: int, first_seed: int = 0, seeds: int = 400) -> list[dict[str, Any]]:
    """Up to ``count`` decided positions of ``game``: in each seeded heuristic game, the latest
    decided decision (with at least two moves) found walking back from the end."""
    found: list[dict[str, Any]] = []
    for seed in range(first_seed, first_seed + seeds):
        if len(found) >= count:
            break
        record, _ = play_game(game, "heuristic", seed=seed)
        states = replay(record)
        for ply in range(len(states) - 2, max(0, len(states) - 60), -1):
            state = states[ply]
            if state.current_player < 0 or len(state.legal_actions()) < 2:
                continue
            try:
                decided = decided_move(state)
            except TooLarge:
                break  # earlier decisions have more continuations still
            if decided is not None:
                best, others_lose = decided
                entry = {"game": game, "seed": seed, "ply": ply, "best": str(best)}
                entry["others_lose"] = others_lose
                found.append({**entry, "state": state.to_dict()})
                print(json.dumps(entry), flush=True)
                break
    return found


if __name__ == "__main__":
    game_name, wanted, start, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    Path(out).write_text(json.dumps(find(game_name, wanted, start)))
