"""The text picture of a Bamboo state (``str(state)``): main board, then every personal board."""

from __future__ import annotations

from typing import Any

from .components import COLOURS, FOOD_KINDS, TYPE_LETTERS, shoot_name
from .info import PHASE_RULES
from .reconstructed import HOME_TILES, night_spaces
from .scoring import GHOST

__all__ = ["render"]


def render(s: Any) -> str:
    """A text picture of the main board and every personal board."""
    lines = [
        f"Bamboo, {s.num_players} players - round {s.round}, phase {s.phase}, "
        f"player {s.current_player}, start player {s.first_player}"
    ]
    stalks = "  ".join(
        f"{k + 1}:[{' '.join(shoot_name(c) for c in reversed(st))}]"
        for k, st in enumerate(s.stalks)
    )
    lines.append(f"stalks (top first) {stalks}")
    for t in range(4):
        sticks = "".join("g" if o == GHOST else str(o) for o in s.temples[t])
        spirit = s.spirit_stacks[t][0] if s.spirit_stacks[t] else "-"
        lines.append(
            f"temple {COLOURS[t]:6} spirit {spirit:10} ({len(s.spirit_stacks[t])} left) "
            f"incense bottom->top [{sticks}]"
        )
    tiles = s.options.balance_table
    for k, row in enumerate(s.balance_market):
        shown = ", ".join(str(tiles[t]) for t in row)
        lines.append(f"balance {'LCR'[k]} ({len(s.balance_stacks[k])} in stack): {shown}")
    for k, row in enumerate(s.home_market):
        homes = ", ".join(str(HOME_TILES[h]) for h in row)
        lines.append(f"home {'AB'[k]} ({len(s.home_stacks[k])} in stack): {homes}")
    food = " ".join(FOOD_KINDS[f] for f in s.food_display)
    lines.append(
        f"food display: {food or '-'} (pile {len(s.food_bag)}, discards {len(s.food_discard)})"
    )
    if s.phase in ("tengu", "tengu_take"):
        lines.append(f"Tengu ({PHASE_RULES[s.phase][0]}): {PHASE_RULES[s.phase][1]}")
    if s.gift_display:
        lines.append(f"gifts revealed: {' '.join(s.gift_display)}")
    if s.shoot_pool:
        lines.append(f"draft pool: {' '.join(shoot_name(c) for c in s.shoot_pool)}")
    if s.pending:
        lines.append(
            f"in hand: {' '.join(shoot_name(c) for c in s.pending)}, "
            f"{s.activations} activation(s) left"
        )
    night = s.options.night_side
    for p, b in enumerate(s.boards):
        marker = COLOURS[b.marker] if b.marker >= 0 else "-"
        lines.append(
            f"-- player {p}{' *' if p == s.current_player else ''}: HP {b.hp}, coins {b.coins}, "
            f"incense {b.reserve} (+{b.track} on track), marker {marker}"
            f"{', passed' if b.passed else ''}"
        )
        temples = "  ".join(
            f"{COLOURS[t]}:[{' '.join(shoot_name(c) for c in b.temples[t])}]" for t in range(4)
        )
        lines.append(f"   temples {temples}")
        spaces = night_spaces(p) if night else {}
        for r in range(3):
            cells = []
            for c in range(5):
                h = b.home[r * 5 + c]
                if h >= 0:
                    tile = HOME_TILES[h]
                    cells.append(f"{TYPE_LETTERS[tile.type]}{tile.comfort}")
                elif r * 5 + c in spaces:
                    cells.append(f"{TYPE_LETTERS[spaces[r * 5 + c]].lower()}!")
                else:
                    cells.append("..")
            lines.append(
                "   home " + " ".join(cells[:2]) + " | " + cells[2] + " | " + " ".join(cells[3:])
            )
        balance = " ".join(tiles[t].name for t in b.balance) or "-"
        food = ", ".join(f"{n} {FOOD_KINDS[f]}" for f, n in enumerate(b.food) if n) or "-"
        awake = " ".join(b.awake) or "-"
        asleep = " ".join(b.asleep) or "-"
        lines.append(
            f"   balance {balance} (scored {len(b.scored)}), food {food}, "
            f"spirits awake {awake} / asleep {asleep}"
        )
    return "\n".join(lines)
