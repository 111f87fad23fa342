"""The Bangkok text picture: the port with its edge slots, then each seat's hand and market."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import SOLO_TRACK, SOLO_TURNS

if TYPE_CHECKING:
    from .state import State

__all__ = ["picture"]


def picture(state: State) -> str:
    """The text picture of ``state`` (what ``str(state)`` prints)."""
    cards = state.deck.cards

    def face(card: int) -> str:
        """A card's spec, "." for an empty place."""
        return "." if card < 0 else cards[card].spec

    width = max(7, *(len(face(card)) for card in state.port))
    lines = [
        f"Bangkok, {state.num_players} player(s){' (solo)' if state.is_solo else ''}"
        f"{' expert' if state.options.expert else ''}: turn {state.turn + 1},"
        + (" game over" if state.phase == "over" else f" player {state.player} to {state.phase}"),
        f"Port (boat pile {len(state.boat_pile)}, chilli pile {len(state.chilli_pile)}):",
    ]
    if state.is_solo:
        token = SOLO_TRACK[min(state.turn, SOLO_TURNS - 1)]
        lines.append(f"  piles above columns 1 and 3; token at {token}")
    lines.append(" " * 5 + " ".join(f"T{column + 1}".center(width) for column in range(3)))
    for row in range(3):
        shown = " ".join(face(state.port[3 * row + column]).center(width) for column in range(3))
        lines.append(f"  L{row + 1} {shown} R{row + 1}")
    lines.append(" " * 5 + " ".join(f"B{column + 1}".center(width) for column in range(3)))
    if state.placed >= 0:
        lines.append(f"  placed at {state.slot}: {cards[state.placed]}")
    for seat in range(state.num_players):
        goal = state.objective(seat) or "hidden"
        first = " (first player)" if seat == 0 else ""
        hand = ", ".join(str(cards[card]) for card in state.hands[seat]) or "-"
        lines.append(f"Player {seat}{first}: objective {goal}; hand {hand}")
        market = state.markets[seat]
        cell_width = max(4, *(len(face(card)) for card in market))
        for row in range(3):
            cells = " | ".join(
                face(market[3 * row + column]).ljust(cell_width) for column in range(3)
            )
            lines.append(f"  | {cells} |")
    return "\n".join(lines)
