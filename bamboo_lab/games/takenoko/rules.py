"""Takenoko rules: the legal actions of each phase and the effect of every action.

A state's data is one dict (``state._d``); :func:`apply_action` copies it, changes what the
action changes (copying a garden dict or set only when it changes) and builds the next state.
Comments cite the checklist IDs (``/work/shared/rules/takenoko-checklist.md``).

Phases: ``roll`` (chance: the weather die), ``choose_weather`` ("?" or clouds with no chip),
``rain``, ``storm``, ``clouds``, ``actions`` (choose an action, free actions, end the turn),
``keep_plot``, ``place_plot``, ``return_plots``, ``gardener``, ``panda``, ``objective``, ``over``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.hexgrid import Edge, Hex

from .actions import (
    Action,
    ChooseAction,
    ChooseWeather,
    Claim,
    DrawObjective,
    EndTurn,
    Grow,
    KeepPlot,
    MoveGardener,
    MovePanda,
    Pass,
    PlaceChannel,
    PlaceImprovement,
    PlacePlot,
    ReturnPlots,
    Roll,
    TakeImprovement,
    intern,
)
from .components import (
    ACTION_KINDS,
    CARDS,
    DECK_KINDS,
    END_TRIGGER,
    HAND_LIMIT,
    IMPROVEMENT_NAMES,
    IMPROVEMENTS,
    MAX_HEIGHT,
    WEATHER_FACES,
)
from .geometry import EDGES_OF, NEIGHBORS, POND, POND_RING, edge_info
from .scoring import gardener_objective_met, panda_objective_met, plot_objective_met

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "apply_action",
    "can_end_turn",
    "card_reachable",
    "feasible_actions",
    "figure_moves",
    "growable_colours",
    "improvement_spots",
    "is_dead_garden",
    "is_objective_met",
    "legal_actions",
    "rain_targets",
    "storm_targets",
]

_CI = {"G": 0, "Y": 1, "P": 2}
_II = {"W": 0, "E": 1, "F": 2}
_LETTER = {name: letter for letter, name in IMPROVEMENT_NAMES.items()}
_DECK_OF = {"plot": 0, "gardener": 1, "panda": 2}


class _Cache(dict):  # type: ignore[type-arg]
    """A dict that builds a missing action with ``factory(key)`` and keeps it."""

    def __init__(self, factory: Any) -> None:
        super().__init__()
        self.factory = factory

    def __missing__(self, key: Any) -> Any:
        value = self[key] = intern(self.factory(key))
        return value


_MOVE_GARDENER = _Cache(MoveGardener)
_MOVE_PANDA = _Cache(MovePanda)
_GROW = _Cache(Grow)
_CHANNEL = _Cache(PlaceChannel)
_PLOT = _Cache(lambda key: PlacePlot(*key))
_IMPROVE = _Cache(lambda key: PlaceImprovement(*key))
_CLAIM = _Cache(Claim)
_ROLLS = tuple(intern(Roll(face)) for face in WEATHER_FACES)
_CHOOSE = {kind: intern(ChooseAction(kind)) for kind in ACTION_KINDS}
_DRAW = {deck: intern(DrawObjective(deck)) for deck in DECK_KINDS}
_TAKE = {letter: intern(TakeImprovement(IMPROVEMENT_NAMES[letter])) for letter in IMPROVEMENTS}
_WEATHER5 = tuple(intern(ChooseWeather(face)) for face in WEATHER_FACES[:5])
_WEATHER4 = _WEATHER5[:4]
_KEEP = tuple(intern(KeepPlot(i)) for i in (1, 2, 3))
_RETURN = (intern(ReturnPlots((1, 2))), intern(ReturnPlots((2, 1))))
_PASS = intern(Pass())
_END = intern(EndTurn())


# ---------------------------------------------------------------- queries used by legal actions


def figure_moves(state: State, start: Hex) -> tuple[Hex, ...]:
    """Destinations of the gardener or panda from ``start``: straight lines over plots, at least
    one step, never over a gap; across and onto the pond per the options (TK-GAR-1, TK-PAN-1)."""
    d = state._d
    tiles = d["tiles"]
    opts = d["options"]
    cross, stop = opts.figures_may_cross_pond, opts.figures_may_stop_on_pond
    out = []
    for direction in range(6):
        h = NEIGHBORS[start][direction]
        while h is not None:
            if h in tiles:
                out.append(h)
            elif h == POND:
                if stop:
                    out.append(h)
                if not cross:
                    break
            else:
                break
            h = NEIGHBORS[h][direction]
    return tuple(sorted(out))


def rain_targets(state: State) -> tuple[Hex, ...]:
    """Irrigated plots where rain can add a section (TK-W-2)."""
    d = state._d
    bamboo = d["bamboo"]
    limited = d["options"].bamboo_supply == "limited"
    reserve, colours = d["bamboo_reserve"], d["colours"]
    return tuple(
        sorted(
            h
            for h in d["irrigated"]
            if bamboo[h] < MAX_HEIGHT and (not limited or reserve[_CI[colours[h]]] > 0)
        )
    )


def storm_targets(state: State) -> tuple[Hex, ...]:
    """Plots the storm may send the panda to: any plot but its own (TK-W-4)."""
    d = state._d
    panda = d["panda"]
    out = [h for h in d["tiles"] if h != panda]
    if d["options"].storm_target_includes_pond and panda != POND:
        out.append(POND)
    return tuple(sorted(out))


def improvement_spots(state: State) -> tuple[Hex, ...]:
    """Plots that can take an improvement chip: no bamboo, no improvement (TK-IMP-2)."""
    d = state._d
    bamboo, improvements = d["bamboo"], d["improvements"]
    return tuple(sorted(h for h, height in bamboo.items() if not height and h not in improvements))


def is_objective_met(state: State, player: int, card: str) -> bool:
    """True when ``player`` could complete ``card`` now (TK-CMP-3 to TK-CMP-6)."""
    d = state._d
    kind = card[0]
    if kind == "P":
        cache = state._plotmet
        met = cache.get(card)
        if met is None:
            met = cache[card] = plot_objective_met(
                card, d["colours"], d["irrigated"], d["options"].plot_objective_mirror_allowed
            )
        return met
    if kind == "G":
        return gardener_objective_met(
            card,
            d["colours"],
            d["bamboo"],
            d["improvements"],
            d["options"].gardener_height_match == "exact",
        )
    return panda_objective_met(card, d["eaten"][player])


def _drawable_decks(d: dict[str, Any]) -> tuple[str, ...]:
    decks = d["decks"]
    if d["options"].objective_deck_empty == "action_unavailable" and not all(decks):
        return ()
    return tuple(kind for kind, deck in zip(DECK_KINDS, decks, strict=True) if deck)


def feasible_actions(state: State) -> tuple[str, ...]:
    """The actions the player may still choose this turn (TK-TURN-3, TK-W-1, TK-W-3)."""
    d = state._d
    used = d["used"]
    if len(used) >= d["allowed"]:
        return ()
    repeat = d["weather"] == "wind"
    out = []
    for kind in ACTION_KINDS:
        if kind in used and not repeat:
            continue
        if kind == "plot":
            ok = bool(d["plot_deck"])  # TK-PLOT-3
        elif kind == "irrigation":
            ok = d["channel_reserve"] > 0  # TK-IRR-7
        elif kind == "gardener":
            ok = bool(state._figure_moves("gardener"))
        elif kind == "panda":
            ok = bool(state._figure_moves("panda"))
        else:
            ok = len(d["hands"][d["player"]]) < HAND_LIMIT and bool(_drawable_decks(d))  # TK-OBJ-2
        if ok:
            out.append(kind)
    return tuple(out)


def can_end_turn(state: State) -> bool:
    """True when the player has taken the actions the turn requires (or can take no more)."""
    d = state._d
    required = d["allowed"]
    if d["weather"] == "sun" and d["options"].weather_optional:
        required = 2
    return len(d["used"]) >= required or not feasible_actions(state)


def _free_actions(state: State, out: list[Action]) -> None:
    """Placing stored channels and chips and completing objectives (TK-TURN-5)."""
    d = state._d
    p = d["player"]
    if d["stored_channels"][p]:
        out.extend(_CHANNEL[e] for e in sorted(d["channel_spots"]))  # TK-IRR-2
    chips = d["stored_improvements"][p]
    if any(chips):
        spots = improvement_spots(state)
        for letter, count in zip(IMPROVEMENTS, chips, strict=True):
            if count:
                name = IMPROVEMENT_NAMES[letter]
                out.extend(_IMPROVE[name, h] for h in spots)  # TK-IMP-2
    for card in d["hands"][p]:
        if is_objective_met(state, p, card):
            out.append(_CLAIM[card])  # TK-CMP-1


def _has_free_action(state: State) -> bool:
    """True when the player to move has a free action available (TK-TURN-5)."""
    out: list[Action] = []
    _free_actions(state, out)
    return bool(out)


def legal_actions(state: State) -> tuple[Action, ...]:
    """The legal actions of ``state`` in a fixed order."""
    d = state._d
    phase = d["phase"]
    out: list[Action] = []
    if phase == "actions":
        out.extend(_CHOOSE[kind] for kind in feasible_actions(state))
        _free_actions(state, out)
        if can_end_turn(state):
            out.append(_END)
        return tuple(out)
    if phase == "roll":
        return _ROLLS
    if phase == "over":
        return ()
    if phase == "keep_plot":
        return _KEEP[: len(d["drawn"])]
    if phase == "place_plot":
        p = d["player"]
        chips = d["stored_improvements"][p]
        attach = (
            d["options"].improvement_on_placement and len(d["kept"]) == 1 and any(chips)
        )  # catalog 7.8: a chip may be attached to a plot as it is placed
        for h in sorted(d["plot_spots"]):
            out.append(_PLOT[h, None])
            if attach:
                for letter, count in zip(IMPROVEMENTS, chips, strict=True):
                    if count:
                        out.append(_PLOT[h, IMPROVEMENT_NAMES[letter]])
        return tuple(out)
    if phase == "return_plots":
        return _RETURN
    if phase == "gardener":
        return tuple(_MOVE_GARDENER[h] for h in state._figure_moves("gardener"))
    if phase == "panda":
        return tuple(_MOVE_PANDA[h] for h in state._figure_moves("panda"))
    if phase == "objective":
        return tuple(_DRAW[kind] for kind in _drawable_decks(d))
    # weather decisions, with the free actions available around them
    optional = d["options"].weather_optional
    if phase == "rain":
        targets = rain_targets(state)
        out.extend(_GROW[h] for h in targets)
        optional = optional or not targets  # waiting for a plot (TK-TURN-5): may give up
    elif phase == "storm":
        out.extend(_MOVE_PANDA[h] for h in storm_targets(state))
    elif phase == "clouds":
        out.extend(
            _TAKE[letter]
            for letter, count in zip(IMPROVEMENTS, d["improvement_reserve"], strict=True)
            if count
        )
    elif phase == "choose_weather":
        out.extend(_WEATHER5 if d["weather"] == "?" else _WEATHER4)
    if phase != "choose_weather" and optional:
        out.append(_PASS)
    _free_actions(state, out)
    return tuple(out)


# ---------------------------------------------------------------- effects


def _with(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*seq[:i], value, *seq[i + 1 :])


class _Garden:
    """Copy-on-write access to the bamboo and the bamboo reserve while an action resolves."""

    __slots__ = ("bamboo", "copied", "limited", "n", "reserve")

    def __init__(self, n: dict[str, Any]) -> None:
        self.n = n
        self.bamboo: dict[Hex, int] = n["bamboo"]
        self.reserve: list[int] = list(n["bamboo_reserve"])
        self.copied = False
        self.limited = n["options"].bamboo_supply == "limited"

    def grow(self, h: Hex, amount: int) -> None:
        """Add up to ``amount`` sections to the bamboo on ``h`` (cap 4, TK-BAM-1, TK-BAM-2)."""
        height = self.bamboo[h]
        add = min(amount, MAX_HEIGHT - height)
        ci = _CI[self.n["colours"][h]]
        if self.limited:
            add = min(add, self.reserve[ci])
        if add <= 0:
            return
        if not self.copied:
            self.bamboo = dict(self.bamboo)
            self.copied = True
        self.bamboo[h] = height + add
        self.reserve[ci] -= add

    def irrigate(self, hexes: tuple[Hex, ...]) -> None:
        """Irrigate plots; each one irrigated for the first time grows once (TK-IRR-6)."""
        n = self.n
        irrigated = n["irrigated"]
        fresh = [h for h in hexes if h not in irrigated]
        if not fresh:
            return
        n["irrigated"] = irrigated.union(fresh)
        fert = 2 if n["options"].fertilizer_on_first_growth else 1
        improvements = n["improvements"]
        for h in fresh:
            self.grow(h, fert if improvements.get(h) == "F" else 1)  # TK-IMP-4

    def close(self) -> None:
        """Write the changed bamboo back into the new state's data."""
        if self.copied:
            self.n["bamboo"] = self.bamboo
            self.n["bamboo_reserve"] = tuple(self.reserve)


def _resolve_weather(state: State, n: dict[str, Any], face: str) -> None:
    """Apply a weather face before the actions (TK-TURN-2, TK-W-1 to TK-W-6)."""
    n["weather"] = face
    n["phase"] = "actions"
    if face == "sun":
        n["allowed"] = 3  # TK-W-1
    elif face == "rain":
        # TK-W-2; TK-TURN-5: with no plot to grow yet, the rain waits while a free action
        # (a stored channel or chip, a claim paying sections back) could still give it one
        if rain_targets(state) or _has_free_action(state):
            n["phase"] = "rain"
    elif face == "storm":
        if storm_targets(state):
            n["phase"] = "storm"  # TK-W-4
    elif face == "clouds":
        # TK-W-5: a chip from the reserve, or another face when the reserve is empty
        n["phase"] = "clouds" if any(n["improvement_reserve"]) else "choose_weather"
    elif face == "?":
        n["phase"] = "choose_weather"  # TK-W-6


def _panda_to(n: dict[str, Any], h: Hex) -> None:
    """Move the panda to ``h``; it eats one section unless enclosed (TK-PAN-2 to TK-PAN-4)."""
    n["panda"] = h
    bamboo = n["bamboo"]
    if h == POND or not bamboo[h] or n["improvements"].get(h) == "E":
        return
    bamboo = dict(bamboo)
    bamboo[h] -= 1
    n["bamboo"] = bamboo
    p = n["player"]
    eaten = n["eaten"]
    ci = _CI[n["colours"][h]]
    n["eaten"] = _with(eaten, p, _with(eaten[p], ci, eaten[p][ci] + 1))


def _place_plot(n: dict[str, Any], h: Hex, tile: str, chip: str | None) -> None:
    """Put a plot into the garden and update the incremental structures (TK-PLOT-2, TK-PLOT-4)."""
    tiles = dict(n["tiles"])
    tiles[h] = tile
    n["tiles"] = tiles
    colours = dict(n["colours"])
    colours[h] = tile[0]
    n["colours"] = colours
    bamboo = dict(n["bamboo"])
    bamboo[h] = 0
    n["bamboo"] = bamboo
    improvement = tile[1] if len(tile) > 1 else chip
    if improvement is not None:
        improvements = dict(n["improvements"])
        improvements[h] = improvement
        n["improvements"] = improvements
    # legal plot positions: next to the pond or next to two plots (TK-PLOT-2)
    spots = set(n["plot_spots"])
    spots.discard(h)
    for m in NEIGHBORS[h]:
        if m is None or m in tiles or m == POND or m in spots:
            continue
        if sum(1 for k in NEIGHBORS[m] if k in tiles) >= 2:
            spots.add(m)
    n["plot_spots"] = frozenset(spots)
    # legal channel edges: between two plots, touching a pond corner or a channel (TK-IRR-3/4)
    channels = n["channels"]
    new_spots = []
    for direction, m in enumerate(NEIGHBORS[h]):
        if m is None or m not in tiles:
            continue
        e = EDGES_OF[h][direction]
        _, _, c1, c2, touching = edge_info(e)
        if c1 == POND or c2 == POND or any(t in channels for t in touching):
            new_spots.append(e)
    if new_spots:
        n["channel_spots"] = n["channel_spots"].union(new_spots)
    # irrigation next to the pond or from a watershed (TK-IRR-5, TK-IMP-5)
    if h in POND_RING or improvement == "W":
        garden = _Garden(n)
        garden.irrigate((h,))
        garden.close()


def _place_channel(n: dict[str, Any], e: Edge) -> None:
    """Lay a channel; both plots of its edge become irrigated (TK-IRR-3 to TK-IRR-6)."""
    channels = n["channels"] | {e}
    n["channels"] = channels
    tiles = n["tiles"]
    a, b, _, _, touching = edge_info(e)
    spots = set(n["channel_spots"])
    spots.discard(e)
    for t in touching:
        if t not in channels:
            x, y = t.hexes()
            if x in tiles and y in tiles:
                spots.add(t)
    n["channel_spots"] = frozenset(spots)
    garden = _Garden(n)
    garden.irrigate((a, b))
    garden.close()


def _draw_objective(state: State, n: dict[str, Any], kind: str) -> None:
    """Draw one card from the chosen deck into the hand (TK-OBJ-1, TK-CMP-7)."""
    k = _DECK_OF[kind]
    deck = n["decks"][k]
    p = n["player"]
    if n["options"].redraw_if_already_complete and kind != "panda":
        # variant: a card already met goes to the bottom and the player draws again
        for _ in range(len(deck)):
            if not is_objective_met(state, p, deck[0]):
                break
            deck = (*deck[1:], deck[0])
    card = deck[0]
    n["decks"] = _with(n["decks"], k, deck[1:])
    n["hands"] = _with(n["hands"], p, (*n["hands"][p], card))


def _claim(n: dict[str, Any], card: str) -> None:
    """Complete an objective; pay panda sections back; maybe take the Emperor (TK-CMP, TK-END-1)."""
    p = n["player"]
    hand = list(n["hands"][p])
    hand.remove(card)
    n["hands"] = _with(n["hands"], p, tuple(hand))
    done = (*n["completed"][p], card)
    n["completed"] = _with(n["completed"], p, done)
    info = CARDS[card]
    if info.deck == "panda":  # TK-CMP-6: the sections go back to the reserve
        eaten = n["eaten"][p]
        n["eaten"] = _with(
            n["eaten"],
            p,
            tuple(have - need for have, need in zip(eaten, info.sections, strict=True)),
        )
        n["bamboo_reserve"] = tuple(
            r + need for r, need in zip(n["bamboo_reserve"], info.sections, strict=True)
        )
    if n["emperor"] is None and len(done) >= END_TRIGGER[n["num_players"]]:
        n["emperor"] = p  # TK-END-1


def growable_colours(state: State) -> frozenset[str]:
    """The colours whose bamboo can still grow: all with the unlimited supply; with the limited
    one, those with sections in the reserve or that a payable panda card could pay back."""
    d = state._d
    if d["options"].bamboo_supply == "unlimited":
        return frozenset(_CI)
    grow = {c for c, ci in _CI.items() if d["bamboo_reserve"][ci] > 0}
    colours, bamboo, improvements, irrigated = (
        d["colours"],
        d["bamboo"],
        d["improvements"],
        d["irrigated"],
    )
    drawable = "panda" in _drawable_decks(d)
    holders = []
    for p in range(d["num_players"]):
        cards = [c for c in d["hands"][p] if c[0] == "A"]
        if drawable and len(d["hands"][p]) < HAND_LIMIT:
            cards.extend(d["decks"][2])
        holders.append(cards)
    changed = True
    while changed:  # a fixed point: paying a card returns its colours to the reserve
        changed = False
        edible = {
            colours[h]
            for h in colours
            if improvements.get(h) != "E"
            and (bamboo[h] > 0 or (colours[h] in grow and h in irrigated))
        }
        for p, cards in enumerate(holders):
            eaten = d["eaten"][p]
            for card in cards:
                need = CARDS[card].sections
                payable = all(
                    eaten[ci] >= n or colour in edible
                    for colour, ci in _CI.items()
                    if (n := need[ci])
                )
                returned = {colour for colour, ci in _CI.items() if need[ci]}
                if payable and not returned <= grow:
                    grow |= returned
                    changed = True
    return frozenset(grow)


def card_reachable(
    state: State, player: int, card: str, growable: frozenset[str] | None = None
) -> bool:
    """False only when ``card`` can provably never be completed by ``player``, assuming the
    garden is frozen (no plot, channel or chip left to place): used by :func:`is_dead_garden`.

    With a frozen garden the plots, their colours, improvements and irrigation never change;
    bamboo grows only on irrigated plots (and, with the limited supply, only while sections can
    come back to the reserve), and the panda eats only where there is bamboo and no enclosure.
    The test errs on the side of "reachable". ``growable`` is :func:`growable_colours`.
    """
    d = state._d
    if growable is None:
        growable = growable_colours(state)
    if is_objective_met(state, player, card):
        return True
    info = CARDS[card]
    colours, irrigated, improvements = d["colours"], d["irrigated"], d["improvements"]
    bamboo = d["bamboo"]
    if info.deck == "plot":
        return False  # the shape depends only on colours and irrigation, which are frozen
    if info.deck == "gardener":
        grow = info.colour in growable
        if info.shoots == 1:
            wanted = None if info.improvement == "none" else info.improvement
            # not met now: the plot must still grow to 4
            return grow and any(
                colours[h] == info.colour and improvements.get(h) == wanted for h in irrigated
            )
        # plots that can be brought to 3: growable ones (irrigated), or by eating a 4 down
        exact = d["options"].gardener_height_match == "exact"
        count = 0
        for h, colour in colours.items():
            if colour != info.colour:
                continue
            height, enclosed = bamboo[h], improvements.get(h) == "E"
            if exact and height == MAX_HEIGHT and enclosed:
                continue  # stuck at 4
            if (grow and h in irrigated) or height >= 3:
                count += 1
        return count >= info.shoots
    eaten = d["eaten"][player]
    for ci, need in enumerate(info.sections):
        if eaten[ci] >= need:
            continue
        colour = "GYP"[ci]
        grow = colour in growable
        if not any(
            colours[h] == colour
            and improvements.get(h) != "E"
            and ((grow and h in irrigated) or bamboo[h] > 0)
            for h in colours
        ):
            return False
    return True


def is_dead_garden(state: State) -> bool:
    """True when no objective can ever be completed again, so the game could never end.

    The garden is frozen (no plot drawn or left in the pile, no channel and no chip in any
    reserve or on any board) and, for every player, every card in hand and every card they
    could still draw is out of reach (see :func:`card_reachable`). The rules are silent on
    such a position; ``Options.end_on_dead_garden`` ends the game there.
    """
    d = state._d
    if (
        d["plot_deck"]
        or d["drawn"]
        or d["kept"] is not None
        or d["channel_reserve"]
        or any(d["stored_channels"])
        or any(d["improvement_reserve"])
        or any(any(chips) for chips in d["stored_improvements"])
    ):
        return False
    growable = growable_colours(state)
    for p in range(d["num_players"]):
        if any(card_reachable(state, p, card, growable) for card in d["hands"][p]):
            return False
        if len(d["hands"][p]) < HAND_LIMIT:
            for kind in _drawable_decks(d):
                deck = d["decks"][_DECK_OF[kind]]
                if any(card_reachable(state, p, card, growable) for card in deck):
                    return False
    return True


def _end_turn(state: State, n: dict[str, Any]) -> None:
    """Pass to the next player, or end the game after the final turns (TK-END-2, TK-END-3)."""
    num = n["num_players"]
    p = n["player"]
    if n["emperor"] is None and n["options"].end_on_dead_garden and is_dead_garden(state):
        _game_over(n)
        return
    if n["emperor"] is not None:
        left = n["final_turns_left"]
        if left is None:
            if n["options"].final_round == "others_one_turn_each":
                left = num - 1  # TK-END-3: every other player exactly one more turn
            else:
                left = (n["start_player"] - p - 1) % num
        else:
            left -= 1
        n["final_turns_left"] = left
        if left == 0:
            _game_over(n)
            return
    n["player"] = (p + 1) % num
    n["turn"] += 1
    n["used"] = ()
    n["allowed"] = 2
    n["weather"] = None
    weather = n["turn"] >= num or n["options"].first_round_weather  # TK-TURN-1
    n["phase"] = "roll" if weather else "actions"


def _game_over(n: dict[str, Any]) -> None:
    n["phase"] = "over"
    n["used"] = ()
    n["allowed"] = 2
    n["weather"] = None


def apply_action(state: State, action: Action) -> State:
    """The state after ``action`` (assumed legal)."""
    d = state._d
    n = d.copy()
    n["history"] = (*d["history"], action)
    kind = type(action)
    garden_changed = False
    p = d["player"]
    if kind is ChooseAction:
        what = action.kind
        n["used"] = (*d["used"], what)
        if what == "plot":
            deck = d["plot_deck"]
            n["drawn"] = deck[:3]  # TK-PLOT-1, TK-PLOT-3
            n["plot_deck"] = deck[3:]
            n["phase"] = "keep_plot"
        elif what == "irrigation":
            n["channel_reserve"] -= 1  # TK-IRR-1: taken to the board, placed when the player likes
            n["stored_channels"] = _with(d["stored_channels"], p, d["stored_channels"][p] + 1)
        else:
            n["phase"] = what
    elif kind is MoveGardener:
        h = action.plot
        n["gardener"] = h
        n["phase"] = "actions"
        if h != POND:  # TK-GAR-2, TK-GAR-3
            colours, irrigated, improvements = d["colours"], d["irrigated"], d["improvements"]
            colour = colours[h]
            garden = _Garden(n)
            for t in (h, *NEIGHBORS[h]):
                if t in irrigated and colours.get(t) == colour:
                    garden.grow(t, 2 if improvements.get(t) == "F" else 1)
            garden.close()
    elif kind is MovePanda:
        _panda_to(n, action.plot)
        n["phase"] = "actions"
    elif kind is Claim:
        _claim(n, action.card)
    elif kind is PlaceChannel:
        n["stored_channels"] = _with(d["stored_channels"], p, d["stored_channels"][p] - 1)
        _place_channel(n, action.edge)
        garden_changed = True
    elif kind is EndTurn:
        _end_turn(state, n)
    elif kind is Roll:
        _resolve_weather(state, n, action.face)
    elif kind is KeepPlot:
        drawn = d["drawn"]
        i = action.index - 1
        n["kept"] = drawn[i]
        n["drawn"] = drawn[:i] + drawn[i + 1 :]
        n["phase"] = "place_plot"
    elif kind is PlacePlot:
        chip = None
        if action.improvement is not None:
            chip = _LETTER[action.improvement]
            chips = d["stored_improvements"][p]
            n["stored_improvements"] = _with(
                d["stored_improvements"], p, _with(chips, _II[chip], chips[_II[chip]] - 1)
            )
        _place_plot(n, action.plot, d["kept"], chip)
        n["kept"] = None
        garden_changed = True
        rest = d["drawn"]
        if len(rest) == 2 and d["options"].plot_return_order == "player_choice":
            n["phase"] = "return_plots"
        else:
            if len(rest) == 2:
                rest, n["rng"] = vrng.shuffled(rest, d["rng"])
                rest = tuple(rest)
            _return_plots(n, rest)
    elif kind is ReturnPlots:
        drawn = d["drawn"]
        _return_plots(n, tuple(drawn[i - 1] for i in action.order))
    elif kind is DrawObjective:
        _draw_objective(state, n, action.deck)
        n["phase"] = "actions"
    elif kind is PlaceImprovement:
        letter = _LETTER[action.improvement]
        chips = d["stored_improvements"][p]
        n["stored_improvements"] = _with(
            d["stored_improvements"], p, _with(chips, _II[letter], chips[_II[letter]] - 1)
        )
        improvements = dict(d["improvements"])
        improvements[action.plot] = letter
        n["improvements"] = improvements
        if letter == "W":  # TK-IMP-5: a watershed irrigates its plot
            garden = _Garden(n)
            garden.irrigate((action.plot,))
            garden.close()
            garden_changed = True
    elif kind is Grow:
        h = action.plot
        fert = 2 if d["options"].fertilizer_on_rain else 1
        garden = _Garden(n)
        garden.grow(h, fert if d["improvements"].get(h) == "F" else 1)  # TK-W-2
        garden.close()
        n["phase"] = "actions"
    elif kind is TakeImprovement:
        letter = _LETTER[action.improvement]
        i = _II[letter]
        n["improvement_reserve"] = _with(
            d["improvement_reserve"], i, d["improvement_reserve"][i] - 1
        )
        chips = d["stored_improvements"][p]
        n["stored_improvements"] = _with(d["stored_improvements"], p, _with(chips, i, chips[i] + 1))
        n["phase"] = "actions"
    elif kind is ChooseWeather:
        _resolve_weather(state, n, action.face)
    elif kind is Pass:
        n["phase"] = "actions"
    return state._next(n, garden_changed)


def _return_plots(n: dict[str, Any], tiles: tuple[str, ...]) -> None:
    """Put the plots not kept back under (or on) the pile, first one uppermost (TK-PLOT-1)."""
    if n["options"].plot_return_position == "bottom":
        n["plot_deck"] = n["plot_deck"] + tiles
    else:
        n["plot_deck"] = tiles + n["plot_deck"]
    n["drawn"] = ()
    n["phase"] = "actions"
