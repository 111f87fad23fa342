"""The Takenoko heuristic bot."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import HAND_LIMIT, MAX_HEIGHT
from bamboo_lab.games.takenoko.scoring import plot_objective_met

__all__ = ["TakenokoBot"]

_PLOT_CARD_CLOSENESS = 0.15
"""Plot cards are valued flat until their shape is in the garden (then they are claimed)."""


@functools.cache
def _neighbours(plot: Any) -> tuple[Any, ...]:
    """The six hexes around ``plot`` (cached: the garden's hexes are few)."""
    return tuple(plot.neighbors())


def _closeness(distance: float) -> float:
    """1 when an objective is met, shrinking with the steps still missing."""
    return 1.0 / (1.0 + distance)


class _Garden:
    """The public garden as plain dicts, so candidate moves are valued without playing them."""

    def __init__(self, view: Any, me: int) -> None:
        self.colours: Mapping[Any, str] = view.colours
        self.bamboo: dict[Any, int] = dict(view.bamboo)
        self.improvements: dict[Any, str] = dict(view.improvements)
        self.irrigated: set[Any] = set(view.irrigated)
        self.eaten: list[int] = list(view.eaten[me])
        self.exact = view.options.gardener_height_match == "exact"
        self.mirror = view.options.plot_objective_mirror_allowed
        self.cards = [tk.CARDS[c] for c in view.hands[me]]
        self.by_colour: dict[str, list[Any]] = {"G": [], "Y": [], "P": []}
        for plot, colour in self.colours.items():
            self.by_colour[colour].append(plot)
        self._dirty: set[str] = set()
        """Colours of the plots whose irrigation a gain is trying out."""
        self.wanted_chips = {
            card.improvement for card in self.cards if card.id[0] == "G" and card.shoots == 1
        }
        self._base: dict[str, float] = {}
        """The unchanged garden's value, by the decks counted."""

    def card_value(self, card: Any) -> float:
        """Points times closeness: how much of the card's value the garden already holds."""
        if card.deck == "panda":
            missing = sum(
                max(0, need - have) for need, have in zip(card.sections, self.eaten, strict=True)
            )
            return card.points * _closeness(missing)
        if card.deck == "plot":
            # A met card is claimed at once (the claim comes first), so only a garden being
            # tried out (irrigation added on some colours) can meet one here.
            met = bool(self._dirty) and any(colour in self._dirty for _, colour in card.pattern)
            met = met and plot_objective_met(card, self.colours, self.irrigated, self.mirror)
            return card.points * (1.0 if met else _PLOT_CARD_CLOSENESS)
        if card.shoots == 1:
            wanted = None if card.improvement == "none" else card.improvement
            best = 6.0  # no candidate plot yet: place, irrigate, grow four times
            for plot in self.by_colour[card.colour]:
                if self.improvements.get(plot) != wanted:
                    continue
                dist = card.height - self.bamboo[plot] + (0 if plot in self.irrigated else 1)
                best = min(best, dist)
            return card.points * _closeness(best)
        dists = []
        for plot in self.by_colour[card.colour]:
            height = self.bamboo[plot]
            if height > card.height and self.exact:
                continue  # overgrown: this bamboo can no longer count
            dists.append(max(0, card.height - height) + (0 if plot in self.irrigated else 1))
        dists.sort()
        dists += [5] * card.shoots
        return card.points * _closeness(sum(dists[: card.shoots]))

    def value(self, decks: str = "PGA") -> float:
        """The hand's value here, counting the cards whose id starts with a letter of ``decks``."""
        return sum(self.card_value(card) for card in self.cards if card.id[0] in decks)

    def base(self, decks: str) -> float:
        """``value(decks)`` of the unchanged garden (cached: every gain restores the garden)."""
        value = self._base.get(decks)
        if value is None:
            value = self._base[decks] = self.value(decks)
        return value

    def grow_gain(self, plots: Sequence[Any]) -> float:
        """Value gained by one growth on each of ``plots`` (fertilizer: two sections)."""
        if not plots:
            return 0.0
        saved = {p: self.bamboo[p] for p in plots}
        for p in plots:
            add = 2 if self.improvements.get(p) == "F" else 1
            self.bamboo[p] = min(MAX_HEIGHT, self.bamboo[p] + add)
        after = self.value("G")
        self.bamboo.update(saved)
        return after - self.base("G")

    def gardener_growth(self, plot: Any) -> list[Any]:
        """The plots the gardener grows on ``plot``: it and its irrigated same-colour neighbours."""
        colour = self.colours.get(plot)
        if colour is None:
            return []
        out = [plot] if plot in self.irrigated and self.bamboo[plot] < MAX_HEIGHT else []
        for n in _neighbours(plot):
            if (
                self.colours.get(n) == colour
                and n in self.irrigated
                and self.bamboo[n] < MAX_HEIGHT
            ):
                out.append(n)
        return out

    def panda_gain(self, plot: Any) -> float:
        """Value gained when the panda eats one section on ``plot`` (nothing under an enclosure)."""
        colour = self.colours.get(plot)
        if colour is None or self.bamboo[plot] == 0 or self.improvements.get(plot) == "E":
            return 0.0
        ci = "GYP".index(colour)
        self.bamboo[plot] -= 1
        self.eaten[ci] += 1
        after = self.value("GA")
        self.bamboo[plot] += 1
        self.eaten[ci] -= 1
        # A section on the board is worth a little even before a card asks for it.
        return after - self.base("GA") + 0.2

    def irrigate_gain(self, plots: Sequence[Any]) -> float:
        """Value gained when ``plots`` become irrigated (each fresh one grows once)."""
        fresh = [p for p in plots if p in self.colours and p not in self.irrigated]
        if not fresh:
            return 0.0
        saved = {p: self.bamboo[p] for p in fresh}
        self.irrigated.update(fresh)
        self._dirty.update(self.colours[p] for p in fresh)
        for p in fresh:
            self.bamboo[p] = min(MAX_HEIGHT, self.bamboo[p] + 1)
        after = self.value("GP")
        self.irrigated.difference_update(fresh)
        self._dirty.clear()
        self.bamboo.update(saved)
        return after - self.base("GP") + 0.05 * len(fresh)

    def improve_gain(self, chip: str, plot: Any) -> float:
        """Value gained by putting the chip ``chip`` (W, E, F) on ``plot``."""
        old = self.improvements.get(plot)
        self.improvements[plot] = chip
        added = chip == "W" and plot not in self.irrigated
        if added:
            self.irrigated.add(plot)
            self._dirty.add(self.colours[plot])
        after = self.value("GP")
        if old is None:
            del self.improvements[plot]
        else:
            self.improvements[plot] = old
        if added:
            self.irrigated.discard(plot)
            self._dirty.clear()
        return after - self.base("GP") + (0.05 if added else 0.0)

    def colour_need(self) -> dict[str, float]:
        """How much the hand wants more plots of each colour."""
        need = {c: 0.1 for c in "GYP"}
        for card in self.cards:
            if card.deck == "gardener":
                need[card.colour] += card.points / 4
            elif card.deck == "plot":
                for _, colour in card.pattern:
                    need[colour] += card.points / 8
            else:
                for colour, n, have in zip("GYP", card.sections, self.eaten, strict=True):
                    need[colour] += 0.3 * max(0, n - have)
        return need


class TakenokoBot:
    """Takenoko heuristic: chase the cheapest objectives in the hand.

    Every objective in hand is valued as its points times its closeness (1 when met, less for
    each missing growth, irrigation or section). The bot claims a met objective at once; picks
    the action (gardener, panda, irrigation, plot) whose best move raises that value most;
    irrigates and places plots next to what its cards need; takes the sun on "?", improvements
    its gardener cards ask for on clouds; and draws objectives when its hand is weak (few cards,
    or none close to completion).
    """

    name = "heuristic"

    def __repr__(self) -> str:
        """``TakenokoBot()``."""
        return "TakenokoBot()"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The action the strategy above prefers among ``legal_actions``."""
        claims = [a for a in legal_actions if isinstance(a, tk.Claim)]
        if claims:  # claim as soon as met, the richest first
            return max(claims, key=lambda a: tk.CARDS[a.card].points)
        me = view.current_player
        garden = _Garden(view, me)
        kinds = {type(a) for a in legal_actions}
        if tk.ChooseWeather in kinds:
            faces = {a.face: a for a in legal_actions if isinstance(a, tk.ChooseWeather)}
            return faces.get("sun") or faces.get("rain") or next(iter(faces.values()))
        if tk.KeepPlot in kinds:
            keeps = [a for a in legal_actions if isinstance(a, tk.KeepPlot)]
            return self._keep(keeps, view.drawn, garden.colour_need())
        if tk.ReturnPlots in kinds:
            return next(a for a in legal_actions if isinstance(a, tk.ReturnPlots))
        if tk.DrawObjective in kinds:
            draws = [a for a in legal_actions if isinstance(a, tk.DrawObjective)]
            return self._draw(view, draws, garden)
        if tk.PlacePlot in kinds:
            plots = [a for a in legal_actions if isinstance(a, tk.PlacePlot)]
            return self._place_plot(view, plots, garden)
        return self._free_or_main(view, legal_actions, garden)

    @staticmethod
    def _keep(legal: Sequence[Any], drawn: Sequence[str], need: Mapping[str, float]) -> Any:
        """Keep the drawn plot of the colour the hand needs most."""
        return max(legal, key=lambda a: (need[drawn[a.index - 1][0]], -a.index))

    @staticmethod
    def _draw(view: Any, legal: Sequence[Any], garden: _Garden) -> Any:
        """Panda cards when sections are on the board, gardener cards in a grown garden."""
        grown = sum(1 for p, h in garden.bamboo.items() if h >= 2 and p in garden.irrigated)
        score = {
            "panda": 1.0 + 0.3 * sum(garden.eaten),
            "gardener": 0.6 + 0.2 * grown,
            "plot": 0.5 + 0.05 * len(garden.colours),
        }
        return max(legal, key=lambda a: score.get(a.deck, 0.0))

    @staticmethod
    def _place_plot(view: Any, legal: Sequence[Any], garden: _Garden) -> Any:
        """Place where the plot is irrigated, joins its colour and completes plot cards."""
        tile = view.kept
        colour = tile[0]
        need = garden.colour_need()
        best, best_value = legal[0], -1e9
        pond = tk.POND
        plot_cards = [
            c for c in garden.cards if c.deck == "plot" and any(k == colour for _, k in c.pattern)
        ]
        for action in legal:
            pos = action.plot
            watered = (
                pos.distance(pond) == 1 or "W" in tile[1:] or action.improvement == "watershed"
            )
            value = 1.0 if watered else 0.0
            value += 0.3 * sum(1 for n in _neighbours(pos) if garden.colours.get(n) == colour)
            if plot_cards:
                colours = dict(garden.colours)
                colours[pos] = colour
                irrigated = garden.irrigated | {pos} if watered else garden.irrigated
                for card in plot_cards:
                    if plot_objective_met(card, colours, irrigated, garden.mirror):
                        value += card.points
            if action.improvement is not None:
                chip = action.improvement[0].upper()
                wants = any(
                    c.deck == "gardener"
                    and c.shoots == 1
                    and c.colour == colour
                    and c.improvement == chip
                    for c in garden.cards
                )
                value += 1.0 if wants else -0.5
            value += 0.01 * need[colour]
            if value > best_value:
                best, best_value = action, value
        return best

    def _free_or_main(self, view: Any, legal: Sequence[Any], garden: _Garden) -> Any:
        """Free actions that pay, then the best main action, weather decision or move."""
        best: Any = None
        best_value = 0.0
        for action in legal:
            value = self._value(view, action, garden)
            if value is not None and value > best_value:
                best, best_value = action, value
        if best is not None:
            return best
        stored = self._lay_stored(legal, garden)
        if stored is not None:  # nothing pays: use up stored channels and chips, so no stall
            return stored
        for action in legal:  # nothing pays: stop (end the turn, pass the weather)
            if isinstance(action, (tk.EndTurn, tk.Pass)):
                return action
        choices = [a for a in legal if isinstance(a, tk.ChooseAction)]
        if choices:
            return choices[0]
        return legal[0]

    @staticmethod
    def _lay_stored(legal: Sequence[Any], garden: _Garden) -> Any:
        """A stored channel toward the nearest dry plot, else a stored chip, else None.

        Laid only when nothing else pays: two bots whose hands wait on a dry plot would
        otherwise move the figures back and forth for ever, and a garden whose items are all
        laid can end as a dead garden (TK-END-3 reading, ``end_on_dead_garden``).
        """
        dry = [p for p in garden.colours if p not in garden.irrigated]
        channels = [a for a in legal if isinstance(a, tk.PlaceChannel)]
        if channels:
            return min(
                channels,
                key=lambda a: min((h.distance(p) for h in a.edge.hexes() for p in dry), default=0),
            )
        chips = [a for a in legal if isinstance(a, tk.PlaceImprovement)]
        return chips[0] if chips else None

    def _value(self, view: Any, action: Any, garden: _Garden) -> float | None:
        """The worth of one action, or None when it is a stop or not worth considering."""
        if isinstance(action, (tk.MoveGardener, tk.Grow)):
            plots = (
                garden.gardener_growth(action.plot)
                if isinstance(action, tk.MoveGardener)
                else [action.plot]
            )
            return garden.grow_gain(plots) + 0.01 * len(plots) + 0.001
        if isinstance(action, tk.MovePanda):
            return garden.panda_gain(action.plot) + 0.001
        if isinstance(action, tk.PlaceChannel):
            return garden.irrigate_gain(action.edge.hexes()) - 0.02
        if isinstance(action, tk.PlaceImprovement):
            chip = action.improvement[0].upper()
            if chip not in garden.wanted_chips and (chip != "W" or action.plot in garden.irrigated):
                return None  # this chip changes nothing the hand cares about here
            return garden.improve_gain(chip, action.plot) - 0.02
        if isinstance(action, tk.TakeImprovement):
            chip = action.improvement[0].upper()
            wanted = any(
                c.deck == "gardener" and c.shoots == 1 and c.improvement == chip
                for c in garden.cards
            )
            return 0.5 if wanted else 0.1
        if isinstance(action, tk.ChooseAction):
            return self._action_value(view, action.kind, garden)
        return None

    def _action_value(self, view: Any, kind: str, garden: _Garden) -> float:
        """How much choosing the action ``kind`` now is worth."""
        hand = len(garden.cards)
        if kind == "objective":
            if hand >= HAND_LIMIT:
                return 0.0
            strongest = max((garden.card_value(c) / c.points for c in garden.cards), default=0)
            if hand <= 1:
                return 3.0
            if hand == 2 or strongest < 0.2:
                return 1.2
            return 0.15
        if kind == "gardener":
            return max(
                (
                    garden.grow_gain(garden.gardener_growth(p))
                    for p in tk.gardener_destinations(view)
                ),
                default=0.0,
            )
        if kind == "panda":
            return max((garden.panda_gain(p) for p in tk.panda_destinations(view)), default=0.0)
        if kind == "irrigation":
            thirsty = sum(
                1
                for c in garden.cards
                if c.deck == "gardener"
                for p in garden.colours
                if garden.colours[p] == c.colour and p not in garden.irrigated
            )
            return 0.4 if thirsty else 0.05
        if kind == "plot":
            return 0.5 if len(garden.colours) < 10 else 0.25
        return 0.0
