"""The text picture of a Bamboo state (``str(state)``): main board, then every personal board."""

from __future__ import annotations

from typing import Any

from .components import (
    CATEGORY_LETTERS,
    COLOURS,
    FOOD_KINDS,
    KIND_LETTERS,
    TYPE_LETTERS,
    shoot_name,
)
from .info import PHASE_RULES
from .reconstructed import HOME_TILES, night_spaces
from .scoring import GHOST

__all__ = ["render"]


def render(state: Any) -> str:
    """A text picture of the main board and every personal board."""
    lines = [
        f"Bamboo, {state.num_players} players - round {state.round}, phase {state.phase}, "
        f"player {state.current_player}, start player {state.first_player}"
    ]
    stalks = "  ".join(
        f"{index + 1}:[{' '.join(shoot_name(code) for code in reversed(stalk))}]"
        for index, stalk in enumerate(state.stalks)
    )
    lines.append(f"stalks (top first) {stalks}")
    for temple in range(4):
        sticks = "".join("g" if owner == GHOST else str(owner) for owner in state.temples[temple])
        spirit = state.spirit_stacks[temple][0] if state.spirit_stacks[temple] else "-"
        lines.append(
            f"temple {COLOURS[temple]:6} spirit {spirit:10}"
            f" ({len(state.spirit_stacks[temple])} left) "
            f"incense bottom->top [{sticks}]"
        )
    tiles = state.options.balance_table
    for index, row in enumerate(state.balance_market):
        shown = ", ".join(str(tiles[temple]) for temple in row)
        lines.append(
            f"balance {KIND_LETTERS[index]} ({len(state.balance_stacks[index])} in stack): {shown}"
        )
    for index, row in enumerate(state.home_market):
        homes = ", ".join(str(HOME_TILES[home_tile]) for home_tile in row)
        lines.append(
            f"home {CATEGORY_LETTERS[index]} ({len(state.home_stacks[index])} in stack): {homes}"
        )
    food = " ".join(FOOD_KINDS[kind] for kind in state.food_display)
    lines.append(
        f"food display: {food or '-'} (pile {len(state.food_bag)},"
        f" discards {len(state.food_discard)})"
    )
    if state.phase in ("tengu", "tengu_take"):
        lines.append(f"Tengu ({PHASE_RULES[state.phase][0]}): {PHASE_RULES[state.phase][1]}")
    if state.gift_display:
        lines.append(f"gifts revealed: {' '.join(state.gift_display)}")
    if state.shoot_pool:
        lines.append(f"draft pool: {' '.join(shoot_name(code) for code in state.shoot_pool)}")
    if state.pending:
        lines.append(
            f"in hand: {' '.join(shoot_name(code) for code in state.pending)}, "
            f"{state.activations} activation(s) left"
        )
    night = state.options.night_side
    for seat, board in enumerate(state.boards):
        marker = COLOURS[board.marker] if board.marker >= 0 else "-"
        lines.append(
            f"-- player {seat}{' *' if seat == state.current_player else ''}: HP {board.hp},"
            f" coins {board.coins}, "
            f"incense {board.reserve} (+{board.track} on track), marker {marker}"
            f"{', passed' if board.passed else ''}"
        )
        temples = "  ".join(
            f"{COLOURS[temple]}:[{' '.join(map(shoot_name, board.temples[temple]))}]"
            for temple in range(4)
        )
        lines.append(f"   temples {temples}")
        spaces = night_spaces(seat) if night else {}
        for home_row in range(3):
            cells = []
            for home_col in range(5):
                home_tile = board.home[home_row * 5 + home_col]
                if home_tile >= 0:
                    tile = HOME_TILES[home_tile]
                    cells.append(f"{TYPE_LETTERS[tile.type]}{tile.comfort}")
                elif home_row * 5 + home_col in spaces:
                    cells.append(f"{TYPE_LETTERS[spaces[home_row * 5 + home_col]].lower()}!")
                else:
                    cells.append("..")
            lines.append(
                "   home " + " ".join(cells[:2]) + " | " + cells[2] + " | " + " ".join(cells[3:])
            )
        balance = " ".join(tiles[temple].name for temple in board.balance) or "-"
        food = (
            ", ".join(
                f"{count} {FOOD_KINDS[kind]}" for kind, count in enumerate(board.food) if count
            )
            or "-"
        )
        awake = " ".join(board.awake) or "-"
        asleep = " ".join(board.asleep) or "-"
        lines.append(
            f"   balance {balance} (scored {len(board.scored)}), food {food}, "
            f"spirits awake {awake} / asleep {asleep}"
        )
    return "\n".join(lines)
