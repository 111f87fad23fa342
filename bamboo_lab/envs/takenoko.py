"""Takenoko's observation vector for the RL environments (the envs layer, docs/adding-a-game.md):
after the common header, the weather and the turn, the garden place by place (in the order of
``garden_places``), its channels, the reserve, the drawn plots and every player's objectives.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import ACTION_KINDS, DECK_KINDS, WEATHER_FACES
from bamboo_lab.games.takenoko.geometry import edge_between, garden_edges, garden_places

from .observations import Vector, counts, header

__all__ = ["encode"]


def encode(out: Vector, view: GameState, observer: int, num_players: int) -> None:
    """Add the Takenoko sections of ``observer``'s vector, from their ``view``."""
    d = view.to_dict()
    seen: Any = view  # a Takenoko State
    header(out, view, observer, num_players, d["phase"])
    out.one_hot(
        "weather",
        WEATHER_FACES.index(d["weather"]) if d["weather"] in WEATHER_FACES else None,
        len(WEATHER_FACES),
        "the weather in effect this turn (one-hot over the die faces; zeros: none)",
    )
    out.add("allowed", [d["allowed"]], "how many actions this turn allows (2, 3 under the sun)")
    out.add("used", counts(d["used"], ACTION_KINDS), "actions chosen this turn, per kind")
    out.add("turn", [d["turn"]], "turns begun before this one")
    plots = {(p[0], p[1]): p for p in d["plots"]}
    gardener, panda = tuple(d["gardener"]), tuple(d["panda"])
    garden: list[float] = []
    for h in garden_places():
        plot = plots.get((h.q, h.r))
        colour = plot[2][0] if plot else None
        chip = plot[4] if plot else None
        garden += [
            1.0 if plot else 0.0,
            *(1.0 if colour == c else 0.0 for c in "GYP"),
            float(plot[3]) if plot else 0.0,
            *(1.0 if chip == c else 0.0 for c in "WEF"),
            1.0 if plot and tk.is_irrigated(seen, h) else 0.0,
            1.0 if gardener == (h.q, h.r) else 0.0,
            1.0 if panda == (h.q, h.r) else 0.0,
        ]
    out.add(
        "garden",
        garden,
        f"{len(garden_places())} places (pond first, by distance, q, r) x 11: plot placed,"
        " green, yellow, pink, bamboo height, watershed, enclosure, fertilizer, irrigated,"
        " gardener here, panda here",
    )
    channels = {tuple(c) for c in d["channels"]}
    flags = [1.0 if key in channels else 0.0 for key in _edge_keys()]
    out.add("channels", flags, "a channel on each edge of the action table's channel order")
    reserve = d["reserve"]
    out.add(
        "reserve",
        [
            reserve["channels"],
            *reserve["improvements"],
            *reserve["bamboo"],
            len(d["plot_deck"]),
            *(len(d["decks"][k]) for k in DECK_KINDS),
        ],
        "channels, watershed/enclosure/fertilizer chips, green/yellow/pink bamboo left;"
        " plots in the pile; cards in the plot, gardener, panda decks",
    )
    drawn: list[float] = []
    mine = view.current_player == observer
    for i in range(3):
        label = d["drawn"][i] if mine and i < len(d["drawn"]) else None
        drawn += [1.0 if label else 0.0]
        drawn += [1.0 if label and label[0] == c else 0.0 for c in "GYP"]
        drawn += [1.0 if label and c in label[1:] else 0.0 for c in "WEF"]
    out.add("drawn", drawn, "3 drawn plots (observer deciding only) x 7: present, colour, chip")
    cards = tk.CARDS
    for k in range(num_players):
        seat = (observer + k) % num_players
        p = d["players"][seat]
        hand = view.visible_hand(seat)  # type: ignore[attr-defined]
        done = p["completed"]
        out.add(
            f"player{k}",
            [
                *counts([c[0] for c in hand], "PGA"),
                *counts([cards[c].deck for c in done], DECK_KINDS),
                *(sum(cards[c].points for c in done if cards[c].deck == k2) for k2 in DECK_KINDS),
                *p["eaten"],
                p["channels"],
                *p["improvements"],
                1.0 if d["emperor"] == seat else 0.0,
            ],
            "cards in hand per deck (plot, gardener, panda), objectives done per deck, their"
            " points per deck, bamboo eaten (green, yellow, pink), stored channels, stored"
            " chips (watershed, enclosure, fertilizer), holds the Emperor",
        )
    own = set(view.visible_hand(observer))  # type: ignore[attr-defined]
    out.add("hand", [1.0 if c in own else 0.0 for c in cards], "the observer's objective cards")


@lru_cache(maxsize=1)
def _edge_keys() -> tuple[tuple[int, int, int], ...]:
    """The garden edges as ``(q, r, side)``, the form of a state's ``channels`` entries."""
    keys = []
    for a, b in garden_edges():
        e = edge_between(a, b)
        keys.append((e.hex.q, e.hex.r, e.side))
    return tuple(keys)
