"""The Takenoko heuristic bot.

It owns no rule: which plots grow and by how much, where the panda eats, which plots a channel,
a watershed or a placement waters, and which bamboo counts toward a card all come from the
engine's helpers on plain garden data (``takenoko.growth_targets``, ``growth_amount``,
``panda_eats``, ``newly_irrigated``, ``watered_on_placement``, ``shoot_may_count``, ...).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import HAND_LIMIT, IMPROVEMENT_NAMES
from bamboo_lab.games.takenoko.geometry import NEIGHBORS
from bamboo_lab.games.takenoko.scoring import plot_objective_met

from .search import policy_hooks

__all__ = ["HEURISTIC_BOT", "SEARCH_SETTINGS", "TakenokoBot", "evaluate", "prior", "rollout_policy"]

_PLOT_CARD_CLOSENESS = 0.15
"""Plot cards are valued flat until their shape is in the garden (then they are claimed)."""

_LETTER = {name: letter for letter, name in IMPROVEMENT_NAMES.items()}
"""The improvement letter of each name of the action notation."""


def _closeness(distance: float) -> float:
    """1 when an objective is met, shrinking with the steps still missing."""
    return 1.0 / (1.0 + distance)


def _card_colours(card: Any) -> frozenset[str]:
    """The colours whose plots, bamboo or sections can change the card's value."""
    if card.deck == "gardener":
        return frozenset(card.colour)
    if card.deck == "plot":
        return frozenset(colour for _, colour in card.pattern)
    return frozenset(c for c, n in zip("GYP", card.sections, strict=True) if n)


_TOUCHED = {card_id: _card_colours(card) for card_id, card in tk.CARDS.items()}
"""The colours that can change each card's value, by card id."""


class _Garden:
    """The public garden as plain dicts, so candidate moves are valued without playing them.

    A gain tries a change on the dicts, values again only the cards whose colours it touches
    (the others keep their value) and restores the garden.
    """

    def __init__(self, view: Any, me: int) -> None:
        self.colours: Mapping[Any, str] = view.colours
        self.bamboo: dict[Any, int] = dict(view.bamboo)
        self.improvements: dict[Any, str] = dict(view.improvements)
        self.irrigated: set[Any] = set(view.irrigated)
        self.eaten: list[int] = list(view.eaten[me])
        options = view.options
        self.exact = options.gardener_height_match == "exact"
        self.mirror = options.plot_objective_mirror_allowed
        self.first_growth_fertilized = options.fertilizer_on_first_growth
        self.rain_fertilized = options.fertilizer_on_rain
        hand = view.hands[me]
        self.cards = [tk.CARDS[c] for c in hand]
        self._touched = [_TOUCHED[c] for c in hand]
        self._gardener_colours = {card.colour for card in self.cards if card.deck == "gardener"}
        self.by_colour: dict[str, list[Any]] = {"G": [], "Y": [], "P": []}
        for plot, colour in self.colours.items():
            self.by_colour[colour].append(plot)
        self._dirty: set[str] = set()
        """Colours of the plots whose irrigation a gain is trying out."""
        self.wanted_chips = {
            card.improvement for card in self.cards if card.deck == "gardener" and card.shoots == 1
        }
        self._base: list[float] | None = None
        """The unchanged garden's value of each card (every gain restores the garden)."""
        self._grown: dict[tuple[Any, ...], float] = {}
        """:meth:`grow_gain` by the plots grown (and fertilizer), as tried."""
        self._eaten: dict[Any, float] = {}
        """:meth:`panda_gain` by plot, as tried."""

    def card_value(self, card: Any) -> float:
        """Points times closeness: how much of the card's value the garden already holds."""
        if card.deck == "panda":
            return card.points * _closeness(tk.sections_missing(card, self.eaten))
        if card.deck == "plot":
            # A met card is claimed at once (the claim comes first), so only a garden being
            # tried out (irrigation added on some colours) can meet one here.
            met = bool(self._dirty) and any(colour in self._dirty for _, colour in card.pattern)
            met = met and plot_objective_met(card, self.colours, self.irrigated, self.mirror)
            return card.points * (1.0 if met else _PLOT_CARD_CLOSENESS)
        bamboo, irrigated, improvements, exact = (
            self.bamboo,
            self.irrigated,
            self.improvements,
            self.exact,
        )
        colour = card.colour
        # growth steps still missing on each plot whose bamboo can count (TK-CMP-4, TK-CMP-5),
        # one more while it is dry
        dists = [
            max(0, card.height - bamboo[plot]) + (0 if plot in irrigated else 1)
            for plot in self.by_colour[colour]
            if tk.shoot_may_count(card, colour, improvements.get(plot), bamboo[plot], exact)
        ]
        if card.shoots == 1:
            # no candidate plot yet: place, irrigate, grow four times
            return card.points * _closeness(min(dists, default=6))
        dists.sort()
        dists += [5] * card.shoots
        return card.points * _closeness(sum(dists[: card.shoots]))

    def base_values(self) -> list[float]:
        """Each card's value in the unchanged garden (computed once)."""
        base = self._base
        if base is None:
            base = self._base = [self.card_value(card) for card in self.cards]
        return base

    def _gain(self, base: list[float], decks: str, colours: Iterable[str]) -> float:
        """Value now minus ``base`` (:meth:`base_values`, taken before the change), over the
        cards of ``decks`` (id letters) that ``colours`` touch: the others keep their value."""
        touched = set(colours)
        gain = 0.0
        for card, value, card_colours in zip(self.cards, base, self._touched, strict=True):
            if card.id[0] in decks and not touched.isdisjoint(card_colours):
                gain += self.card_value(card) - value
        return gain

    def grow_gain(self, plots: Sequence[Any], fertilized: bool = True) -> float:
        """Value gained by one growth on each of ``plots`` (TK-IMP-4: fertilizer sections)."""
        key = (fertilized, *plots)
        gain = self._grown.get(key)
        if gain is None:
            gain = self._grown[key] = self._grow_gain(plots, fertilized)
        return gain

    def _grow_gain(self, plots: Sequence[Any], fertilized: bool) -> float:
        colours = {self.colours[p] for p in plots}
        if colours.isdisjoint(self._gardener_colours):
            return 0.0  # no gardener card of these colours in hand
        base = self.base_values()
        bamboo, improvements = self.bamboo, self.improvements
        saved = {p: bamboo[p] for p in plots}
        for p in plots:
            add = tk.growth_amount(improvements.get(p), fertilized)
            bamboo[p] = tk.grown_height(bamboo[p], add)
        gain = self._gain(base, "G", colours)
        bamboo.update(saved)
        return gain

    def has_gardener_cards(self) -> bool:
        """True when the hand holds a gardener card (growth can pay)."""
        return bool(self._gardener_colours)

    def gardener_growth(self, plot: Any) -> list[Any]:
        """The plots the gardener grows on ``plot`` (the engine's rule, TK-GAR-2)."""
        return tk.growth_targets(self.colours, self.irrigated, self.bamboo, plot)

    def panda_gain(self, plot: Any) -> float:
        """Value gained when the panda eats one section on ``plot`` (if it eats there)."""
        gain = self._eaten.get(plot)
        if gain is None:
            gain = self._eaten[plot] = self._panda_gain(plot)
        return gain

    def _panda_gain(self, plot: Any) -> float:
        if not tk.panda_eats(plot, self.bamboo, self.improvements):
            return 0.0
        colour = self.colours[plot]
        if not any(colour in touched for touched in self._touched):
            return 0.2  # no card of this colour in hand
        base = self.base_values()
        ci = "GYP".index(colour)
        self.bamboo[plot] -= 1
        self.eaten[ci] += 1
        gain = self._gain(base, "GA", colour)
        self.bamboo[plot] += 1
        self.eaten[ci] -= 1
        # A section on the board is worth a little even before a card asks for it.
        return gain + 0.2

    def _irrigate(self, plots: Sequence[Any]) -> tuple[list[Any], dict[Any, int]]:
        """Irrigate ``plots`` on the dicts (each fresh one grows once, TK-IRR-6); return the
        fresh plots and their bamboo before, for :meth:`_dry`."""
        fresh = tk.newly_irrigated(self.irrigated, plots)
        bamboo, improvements = self.bamboo, self.improvements
        saved = {p: bamboo[p] for p in fresh}
        self.irrigated.update(fresh)
        for p in fresh:
            self._dirty.add(self.colours[p])
            add = tk.growth_amount(improvements.get(p), self.first_growth_fertilized)
            bamboo[p] = tk.grown_height(bamboo[p], add)
        return fresh, saved

    def _dry(self, fresh: list[Any], saved: dict[Any, int]) -> None:
        """Undo :meth:`_irrigate`."""
        self.irrigated.difference_update(fresh)
        self._dirty.clear()
        self.bamboo.update(saved)

    def irrigate_gain(self, plots: Sequence[Any]) -> float:
        """Value gained when ``plots`` become irrigated (each fresh one grows once)."""
        base = self.base_values()
        fresh, saved = self._irrigate(plots)
        if not fresh:
            return 0.0
        gain = self._gain(base, "GP", {self.colours[p] for p in fresh})
        self._dry(fresh, saved)
        return gain + 0.05 * len(fresh)

    def improve_gain(self, chip: str, plot: Any) -> float:
        """Value gained by putting the chip ``chip`` (W, E, F) on ``plot``; a watershed also
        irrigates it (TK-IMP-5)."""
        base = self.base_values()
        old = self.improvements.get(plot)
        self.improvements[plot] = chip
        fresh, saved = self._irrigate((plot,) if tk.improvement_irrigates(chip) else ())
        gain = self._gain(base, "GP", self.colours[plot])
        if old is None:
            del self.improvements[plot]
        else:
            self.improvements[plot] = old
        self._dry(fresh, saved)
        return gain + 0.05 * len(fresh)

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

    def __init__(self) -> None:
        """A bot with no garden valued yet."""
        self._last: tuple[tuple[Any, ...], _Garden] | None = None
        """The garden of the last decision and the view objects it was built from: a
        decision on the same objects (the same garden, hand and board) reuses its values."""

    def __repr__(self) -> str:
        """``TakenokoBot()``."""
        return "TakenokoBot()"

    def _garden(self, view: Any, me: int) -> _Garden:
        """The valued garden of ``view``: the last one when nothing it reads has changed."""
        key = (
            view.colours,
            view.bamboo,
            view.improvements,
            view.irrigated,
            view.hands[me],
            view.eaten[me],
            view.options,
        )
        last = self._last
        if last is not None and all(a is b for a, b in zip(last[0], key, strict=True)):
            return last[1]
        garden = _Garden(view, me)
        self._last = (key, garden)
        return garden

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The action the strategy above prefers among ``legal_actions``."""
        claims = [a for a in legal_actions if isinstance(a, tk.Claim)]
        if claims:  # claim as soon as met, the richest first
            return max(claims, key=lambda a: tk.CARDS[a.card].points)
        me = view.current_player
        garden = self._garden(view, me)
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
        plot_cards = [
            c for c in garden.cards if c.deck == "plot" and any(k == colour for _, k in c.pattern)
        ]
        # a card met without the new plot, else met through it once it is watered (TK-CMP-3)
        met_before = [
            plot_objective_met(card, garden.colours, garden.irrigated, garden.mirror)
            for card in plot_cards
        ]
        colours, irrigated = dict(garden.colours), set(garden.irrigated)
        for action in legal:
            pos = action.plot
            chip = None if action.improvement is None else _LETTER[action.improvement]
            watered = tk.watered_on_placement(pos, tile, chip)
            value = 1.0 if watered else 0.0
            value += 0.3 * sum(1 for n in NEIGHBORS[pos] if garden.colours.get(n) == colour)
            if plot_cards:
                colours[pos] = colour
                if watered:
                    irrigated.add(pos)
                for card, met in zip(plot_cards, met_before, strict=True):
                    if met or (
                        watered
                        and tk.plot_objective_met_through(
                            card, colours, irrigated, pos, garden.mirror
                        )
                    ):
                        value += card.points
                del colours[pos]
                irrigated.discard(pos)
            if chip is not None:
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
        if isinstance(action, tk.MoveGardener):
            plots = garden.gardener_growth(action.plot)
            return garden.grow_gain(plots) + 0.01 * len(plots) + 0.001
        if isinstance(action, tk.Grow):  # rain (TK-W-2)
            return garden.grow_gain([action.plot], garden.rain_fertilized) + 0.011
        if isinstance(action, tk.MovePanda):
            return garden.panda_gain(action.plot) + 0.001
        if isinstance(action, tk.PlaceChannel):
            return garden.irrigate_gain(action.edge.hexes()) - 0.02
        if isinstance(action, tk.PlaceImprovement):
            chip = _LETTER[action.improvement]
            irrigates = tk.improvement_irrigates(chip) and action.plot not in garden.irrigated
            if chip not in garden.wanted_chips and not irrigates:
                return None  # this chip changes nothing the hand cares about here
            return garden.improve_gain(chip, action.plot) - 0.02
        if isinstance(action, tk.TakeImprovement):
            chip = _LETTER[action.improvement]
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
            strongest = max(
                (
                    value / c.points
                    for c, value in zip(garden.cards, garden.base_values(), strict=True)
                ),
                default=0,
            )
            if hand <= 1:
                return 3.0
            if hand == 2 or strongest < 0.2:
                return 1.2
            return 0.15
        if kind == "gardener":
            if not garden.has_gardener_cards():
                return 0.0
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


# What the search bot (``bots.search``) asks of Takenoko: the heuristic plays its rollouts and
# steers its tree, and a cut rollout is valued by the objectives each seat has nearly met.

SEARCH_SETTINGS = {
    "iterations": 150,
    "rollout_depth": 30,
    "epsilon": 0.1,
    "exploration": 1.0,
    "score_scale": 3.0,
}
"""The search bot's budget and constants in Takenoko (measured: docs/bots.md)."""

_HAND_SHARE = 0.6
"""Share of an objective's points-times-closeness that a position already holds."""
_PRIOR_SHARE = 0.5
"""The prior the heuristic's own choice gets in the search tree."""
_POLICY = TakenokoBot()


def evaluate(state: Any) -> list[float]:
    """Each seat's worth: its score plus part of every objective in hand, by closeness."""
    scores = state.scores()
    worth = []
    for seat in range(state.num_players):
        garden = _Garden(state, seat)
        worth.append(scores[seat] + _HAND_SHARE * sum(garden.base_values()))
    return worth


rollout_policy, prior = policy_hooks(_POLICY, _PRIOR_SHARE)
"""The heuristic plays the rollouts and gets half the prior (``search.policy_hooks``)."""


HEURISTIC_BOT = TakenokoBot
"""The bot ``make_bot("heuristic", "takenoko")`` makes (the bots layer, docs/adding-a-game.md)."""
