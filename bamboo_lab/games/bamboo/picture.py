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
    lines += _stalk_and_temple_lines(state)
    lines += _market_lines(state)
    lines += _display_lines(state)
    for seat, board in enumerate(state.boards):
        lines += _personal_board_lines(state, seat, board)
    return "\n".join(lines)


def _stalk_and_temple_lines(state: Any) -> list[str]:
    """The bamboo stalks, then each temple's spirit stack and incense sticks."""
    stalks = "  ".join(
        f"{index + 1}:[{' '.join(shoot_name(code) for code in reversed(stalk))}]"
        for index, stalk in enumerate(state.stalks)
    )
    lines = [f"stalks (top first) {stalks}"]
    for temple in range(4):
        sticks = "".join("g" if owner == GHOST else str(owner) for owner in state.temples[temple])
        spirit = state.spirit_stacks[temple][0] if state.spirit_stacks[temple] else "-"
        lines.append(
            f"temple {COLOURS[temple]:6} spirit {spirit:10}"
            f" ({len(state.spirit_stacks[temple])} left) "
            f"incense bottom->top [{sticks}]"
        )
    return lines


def _market_lines(state: Any) -> list[str]:
    """The balance tile market rows, then the home tile market rows."""
    tiles = state.options.balance_table
    lines = []
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
    return lines


def _display_lines(state: Any) -> list[str]:
    """The food display, then the Tengu, gifts, draft pool and hand when there are any."""
    food = " ".join(FOOD_KINDS[kind] for kind in state.food_display)
    lines = [
        f"food display: {food or '-'} (pile {len(state.food_bag)},"
        f" discards {len(state.food_discard)})"
    ]
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
    return lines


def _personal_board_lines(state: Any, seat: int, board: Any) -> list[str]:
    """One player's personal board: counters, temples, home grid, balance, food and spirits."""
    marker = COLOURS[board.marker] if board.marker >= 0 else "-"
    lines = [
        f"-- player {seat}{' *' if seat == state.current_player else ''}: HP {board.hp},"
        f" coins {board.coins}, "
        f"incense {board.reserve} (+{board.track} on track), marker {marker}"
        f"{', passed' if board.passed else ''}"
    ]
    temples = "  ".join(
        f"{COLOURS[temple]}:[{' '.join(map(shoot_name, board.temples[temple]))}]"
        for temple in range(4)
    )
    lines.append(f"   temples {temples}")
    spaces = night_spaces(seat) if state.options.night_side else {}
    lines += [_home_row_line(board, home_row, spaces) for home_row in range(3)]
    tiles = state.options.balance_table
    balance = " ".join(tiles[temple].name for temple in board.balance) or "-"
    food = (
        ", ".join(f"{count} {FOOD_KINDS[kind]}" for kind, count in enumerate(board.food) if count)
        or "-"
    )
    awake = " ".join(board.awake) or "-"
    asleep = " ".join(board.asleep) or "-"
    lines.append(
        f"   balance {balance} (scored {len(board.scored)}), food {food}, "
        f"spirits awake {awake} / asleep {asleep}"
    )
    return lines


def _home_row_line(board: Any, home_row: int, spaces: dict[int, int]) -> str:
    """One row of the home grid: tiles, empty night-side spaces (lower case, ``!``) or ``..``."""
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
    return "   home " + " ".join(cells[:2]) + " | " + cells[2] + " | " + " ".join(cells[3:])
