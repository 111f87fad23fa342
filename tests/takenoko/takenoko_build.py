"""Test helper: build a Takenoko position from a short description (through ``State.from_dict``).

Plots, channels and hands are taken from the pile, the reserve and the decks of a fresh game, so
every component count stays right and ``from_dict`` validates the result.
"""

from __future__ import annotations

from typing import Any

from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.geometry import edge_between

_CI = {"G": 0, "Y": 1, "P": 2}
_II = {"W": 0, "E": 1, "F": 2}


# A small garden: the six pond plots (irrigated) and two dry outer plots (q, r, colour, height).
RING = (
    (1, 0, "G", 1),
    (1, -1, "G", 1),
    (0, -1, "Y", 1),
    (-1, 0, "P", 1),
    (-1, 1, "Y", 1),
    (0, 1, "G", 1),
    (2, -1, "G", 0),
    (2, 0, "Y", 0),
)


def channel(a: tuple[int, int], b: tuple[int, int]) -> Edge:
    """The edge between two adjacent hexes given as (q, r)."""
    return edge_between(Hex(*a), Hex(*b))


def position(
    num_players: int = 2,
    *,
    plots: tuple[tuple[Any, ...], ...] = (),
    channels: tuple[Edge, ...] = (),
    hands: dict[int, tuple[str, ...]] | None = None,
    completed: dict[int, tuple[str, ...]] | None = None,
    eaten: dict[int, tuple[int, int, int]] | None = None,
    stored_channels: dict[int, int] | None = None,
    stored_chips: dict[int, tuple[int, int, int]] | None = None,
    player: int = 0,
    turn: int | None = None,
    phase: str = "actions",
    weather: str | None = None,
    used: tuple[str, ...] = (),
    allowed: int = 2,
    gardener: tuple[int, int] = (0, 0),
    panda: tuple[int, int] = (0, 0),
    options: dict[str, Any] | None = None,
    emperor: int | None = None,
    seed: int = 0,
) -> tk.State:
    """A position; ``plots`` rows are ``(q, r, tile, height)`` or ``(q, r, tile, height, chip)``."""
    d = tk.new_game(num_players, seed, options).to_dict()
    deck = list(d["plot_deck"])
    rows = []
    reserve_bamboo = list(d["reserve"]["bamboo"])
    reserve_chips = list(d["reserve"]["improvements"])
    for q, r, tile, height, *chip in plots:
        deck.remove(tile)
        improvement = tile[1] if len(tile) > 1 else (chip[0] if chip else None)
        if chip:
            reserve_chips[_II[chip[0]]] -= 1
        rows.append([q, r, tile, height, improvement])
        reserve_bamboo[_CI[tile[0]]] -= height
    d["plots"] = rows
    d["plot_deck"] = deck
    d["channels"] = [[e.hex.q, e.hex.r, e.side] for e in channels]
    d["reserve"]["channels"] -= len(channels)
    for p, n in (stored_channels or {}).items():
        d["players"][p]["channels"] = n
        d["reserve"]["channels"] -= n
    for p, chips in (stored_chips or {}).items():
        d["players"][p]["improvements"] = list(chips)
        for k in range(3):
            reserve_chips[k] -= chips[k]
    for p, sections in (eaten or {}).items():
        d["players"][p]["eaten"] = list(sections)
        for k in range(3):
            reserve_bamboo[k] -= sections[k]
    d["reserve"]["bamboo"] = reserve_bamboo
    d["reserve"]["improvements"] = reserve_chips
    wanted = {**(hands or {})}
    done = {**(completed or {})}
    if wanted or done:
        decks = {k: list(v) for k, v in d["decks"].items()}
        kind_of = {"P": "plot", "G": "gardener", "A": "panda"}
        taken = {c for cards in (*wanted.values(), *done.values()) for c in cards}
        for k in decks:
            decks[k] = [c for c in decks[k] if c not in taken]
        for p in range(num_players):
            for key, chosen in (("hand", wanted), ("completed", done)):
                if p in chosen:
                    for c in d["players"][p][key]:
                        if c not in taken:
                            decks[kind_of[c[0]]].append(c)
                    d["players"][p][key] = list(chosen[p])
                else:
                    d["players"][p][key] = [c for c in d["players"][p][key] if c not in taken]
        d["decks"] = decks
    d["player"] = player
    d["turn"] = num_players if turn is None else turn
    d["phase"] = phase
    d["weather"] = weather
    d["used"] = list(used)
    d["allowed"] = allowed
    d["gardener"] = list(gardener)
    d["panda"] = list(panda)
    d["emperor"] = emperor
    return tk.State.from_dict(d)


def act(state: tk.State, *texts: str) -> tk.State:
    """Apply actions written in notation, each checked for legality."""
    for text in texts:
        state = state.apply(tk.parse_action(text, state))
    return state


def legal_texts(state: tk.State) -> list[str]:
    """The notation of every legal action."""
    return [str(a) for a in state.legal_actions()]
