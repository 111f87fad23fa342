"""The Takenoko state: an immutable value, its setup from a seed, views, JSON form and picture.

A state keeps its data in one private dict; :meth:`State.apply` builds a new state from a copy
in which only what changed is replaced, so unchanged garden dicts, sets and tuples are shared
between states. The incremental structures (legal plot positions, legal channel edges, the
irrigated set) are part of the data and are rebuilt and checked by :meth:`State.from_dict`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar, Self

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex, edge
from bamboo_lab.core.protocol import CHANCE, TERMINAL, Outcome, ensure_legal

from .actions import ACTION_TYPES, Action, action_from_text, intern
from .components import (
    ACTION_KINDS,
    BAMBOO_SUPPLY,
    CARDS,
    CHANNEL_SUPPLY,
    COLOUR_NAMES,
    COLOURS,
    DECK_KINDS,
    END_TRIGGER,
    HAND_LIMIT,
    IMPROVEMENT_CHIPS,
    IMPROVEMENT_NAMES,
    IMPROVEMENTS,
    MAX_HEIGHT,
    PLOT_TILES,
    WEATHER_FACES,
)
from .geometry import EDGE_ENDS, NEIGHBORS, POND, POND_RING, edge_info, hex_text
from .options import Options
from .rules import apply_action, figure_moves, legal_actions
from .scoring import rank_players, score_breakdown

__all__ = ["NAME", "PHASES", "PLAYER_COUNTS", "State", "new_game"]

NAME = "takenoko"
"""The registry name of the game."""

PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
"""Takenoko plays with 2 to 4 players."""

PHASES: tuple[str, ...] = (
    "roll",
    "choose_weather",
    "rain",
    "storm",
    "clouds",
    "actions",
    "keep_plot",
    "place_plot",
    "return_plots",
    "gardener",
    "panda",
    "objective",
    "over",
)
"""The pending-decision names a state's ``phase`` takes."""

_FIELDS: dict[str, str] = {
    "num_players": "The number of players (2 to 4).",
    "options": "The rule variants in force.",
    "start_player": "The seat that played the first turn.",
    "turn": "How many turns were begun before the current one (0: the game's first turn).",
    "player": "The seat whose turn it is (also during the weather roll and after the end).",
    "phase": "The pending decision (see PHASES).",
    "weather": "The weather face in effect this turn, or None.",
    "allowed": "How many actions the turn allows (2; 3 under the sun).",
    "used": "The actions chosen so far this turn, in order.",
    "tiles": "The placed plots: hex -> tile code (colour letter + printed improvement).",
    "colours": "The colour letter of every placed plot.",
    "improvements": "The improvement letter (W, E, F) of every improved plot, printed or chip.",
    "bamboo": "The bamboo height (0 to 4) on every placed plot.",
    "irrigated": "The irrigated plots.",
    "channels": "The edges holding an irrigation channel.",
    "channel_spots": "The edges where a channel may be placed now.",
    "plot_spots": "The hexes where a plot may be placed now.",
    "gardener": "The gardener's hex.",
    "panda": "The panda's hex.",
    "plot_deck": "The plot draw pile, top first (hidden order).",
    "drawn": "The plots drawn by the plot action and not yet kept or returned.",
    "kept": "The plot kept and not yet placed, or None.",
    "decks": "The plot, gardener and panda objective decks, top first (hidden order).",
    "hands": (
        "Each player's objective cards in hand (hidden from the others; in a view, the"
        " opponents' cards are placeholders: see visible_hand)."
    ),
    "completed": "Each player's completed objective cards, in order.",
    "eaten": "Each player's bamboo sections on their board, green/yellow/pink.",
    "stored_channels": "Each player's stored irrigation channels.",
    "stored_improvements": "Each player's stored chips, watershed/enclosure/fertilizer.",
    "channel_reserve": "Irrigation channels left in the reserve.",
    "improvement_reserve": "Chips left in the reserve, watershed/enclosure/fertilizer.",
    "bamboo_reserve": "Sections in the reserve, green/yellow/pink (negative: substitutes).",
    "emperor": "The seat holding the Emperor, or None.",
    "final_turns_left": "Turns left after the triggering turn, or None before it ends.",
    "rng": "The state of the value generator for mid-game chance (random return order).",
    "history": "The actions applied since setup.",
    "viewer": "The seat this state is a view for, or None for the full state.",
}

_set = object.__setattr__
_CI = {"G": 0, "Y": 1, "P": 2}
_II = {"W": 0, "E": 1, "F": 2}


class State:
    """A Takenoko position: an immutable value; ``apply`` returns a new state."""

    __slots__ = ("_d", "_legal", "_moves", "_plotmet", "_texts")
    game: ClassVar[str] = NAME

    # typed views of the fields (the properties below are generated from _FIELDS)
    num_players: int
    options: Options
    history: tuple[Action, ...]
    phase: str

    _d: dict[str, Any]
    _legal: tuple[Action, ...] | None
    _moves: dict[str, tuple[Hex, ...]]
    _plotmet: dict[str, bool]
    _texts: tuple[str, ...] | None

    def __init__(self, data: Mapping[str, Any]) -> None:
        """Build a state from its data dict (use :func:`new_game` or :meth:`from_dict`)."""
        _set(self, "_d", dict(data))
        _set(self, "_legal", None)
        _set(self, "_moves", {})
        _set(self, "_plotmet", {})
        _set(self, "_texts", None)

    def __setattr__(self, name: str, value: Any) -> None:
        """States are immutable."""
        raise AttributeError(f"a Takenoko State is immutable (cannot set {name!r})")

    def _next(self, data: dict[str, Any], garden_changed: bool) -> State:
        new = object.__new__(State)
        _set(new, "_d", data)
        _set(new, "_legal", None)
        _set(new, "_moves", {})
        _set(new, "_plotmet", {} if garden_changed else self._plotmet)
        texts = self._texts
        if texts is not None:  # the history's notation, kept up to date once asked for
            texts = (*texts, _text_of(data["history"][-1]))
        _set(new, "_texts", texts)
        return new

    def _history_texts(self) -> tuple[str, ...]:
        texts = self._texts
        if texts is None:
            texts = tuple(_text_of(a) for a in self._d["history"])
            _set(self, "_texts", texts)
        return texts

    def __eq__(self, other: object) -> bool:
        """Two states are equal when all their data is."""
        return isinstance(other, State) and self._d == other._d

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """A short description; ``str(state)`` gives the picture."""
        d = self._d
        seen = "" if d["viewer"] is None else f" view of player {d['viewer']}"
        return (
            f"<takenoko.State {d['num_players']}p turn {d['turn']} player {d['player']}"
            f" phase {d['phase']} plies {len(d['history'])}{seen}>"
        )

    # ------------------------------------------------------------------ contract

    @property
    def current_player(self) -> int:
        """The seat to act, CHANCE during the weather roll, TERMINAL once over."""
        phase = self._d["phase"]
        if phase == "over":
            return TERMINAL
        if phase == "roll":
            return CHANCE
        return self._d["player"]

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in a deterministic order, without duplicates."""
        legal = self._legal
        if legal is None:
            legal = legal_actions(self)
            _set(self, "_legal", legal)
        return legal

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """The six weather faces with probability 1/6 each at a roll, else ``()``."""
        if self._d["phase"] != "roll":
            return ()
        return tuple((a, 1 / 6) for a in self.legal_actions())

    def apply(self, action: Action, check: bool = True) -> State:
        """Return the state after ``action``; with ``check``, refuse an illegal one first."""
        if check:
            ensure_legal(self, action, ACTION_TYPES)
        return apply_action(self, action)

    def is_over(self) -> bool:
        """True once the final turns are played."""
        return self._d["phase"] == "over"

    def scores(self) -> tuple[int, ...]:
        """Each player's points so far: completed objectives plus the Emperor (TK-END-4)."""
        return tuple(row["total"] for row in self.breakdown())

    def breakdown(self) -> tuple[dict[str, int], ...]:
        """Per player: points by deck, the Emperor, the total and the number of objectives."""
        return score_breakdown(self._d["completed"], self._d["emperor"])

    def outcome(self) -> Outcome | None:
        """Scores, winners after the panda tie-break, and why the game ended (TK-END-5)."""
        if not self.is_over():
            return None
        d = self._d
        rows = self.breakdown()
        winners = rank_players(rows)
        scores = tuple(row["total"] for row in rows)
        trigger = END_TRIGGER[d["num_players"]]
        if d["emperor"] is None:
            reason = (
                "Dead garden: the plots, channels and chips are all used and no objective in"
                " any hand or deck can ever be completed again, so the game ends without the"
                " Emperor."
            )
        else:
            if d["options"].final_round == "others_one_turn_each":
                after = "every other player then played one more turn"
            else:
                after = "the round was then played to its end"
            reason = (
                f"Player {d['emperor']} completed objective number {trigger} and took the"
                f" Emperor (+2); {after}."
            )
        top = [row for row in rows if row["total"] == max(scores)]
        if len(winners) > 1:
            reason += (
                f" Players {', '.join(map(str, winners))} tie on {max(scores)} points and on"
                f" {rows[winners[0]]['panda']} panda-objective points: a shared victory."
            )
        elif len(top) > 1:
            reason += (
                f" Player {winners[0]} wins the tie on {max(scores)} points with the most"
                f" panda-objective points ({rows[winners[0]]['panda']})."
            )
        else:
            reason += f" Player {winners[0]} wins with {max(scores)} points."
        return Outcome(scores, winners, reason, rows)

    # ------------------------------------------------------------------ hidden information

    def view(self, player: int) -> State:
        """The state as ``player`` sees it (``viewer`` set): unseen cards and plots hidden.

        The hidden cards keep a canonical assignment (the lowest unseen ids) so the view stays a
        playable state, but its picture and :meth:`visible_hand` show them as backs. A view's
        view for the same seat is the view itself; for another seat it raises
        InvalidStateError, since a view cannot reveal more than its viewer saw.
        """
        if self._d["viewer"] == player:
            return self
        return self._refill(player, None)

    def determinize(self, player: int, seed: int) -> State:
        """A full state (``viewer`` None) ``player`` cannot tell from this one, the unseen parts
        reshuffled; on a view, only its viewer can be given."""
        return self._refill(player, vrng.derive_seed(seed, "determinize"))

    def visible_hand(self, player: int) -> tuple[str, ...]:
        """``player``'s hand as this state's viewer sees it: card ids, or only the card backs
        (``P?``, ``G?``, ``A?``) for an opponent's cards in a view (TK-SET-4)."""
        d = self._d
        viewer = d["viewer"]
        hand = d["hands"][_seat(player, d["num_players"])]
        if viewer is None or viewer == player:
            return hand
        return tuple(card[0] + "?" for card in hand)

    def hidden_from_viewer(self, player: int) -> bool:
        """True when this state is a view whose viewer cannot see ``player``'s hand."""
        viewer = self._d["viewer"]
        return viewer is not None and viewer != _seat(player, self._d["num_players"])

    def _refill(self, player: int, rng: int | None) -> State:
        d = self._d
        _seat(player, d["num_players"])
        viewer = d["viewer"]
        if viewer is not None and viewer != player:
            raise InvalidStateError(
                f"this state is player {viewer}'s view: it cannot show what player {player} sees"
            )
        n = dict(d)
        n["viewer"] = player if rng is None else None
        hands = [list(h) for h in d["hands"]]
        decks = [list(x) for x in d["decks"]]
        for k, prefix in enumerate("PGA"):
            # the backs of cards in hand are visible: only their faces are hidden
            slots = [
                (q, i)
                for q in range(d["num_players"])
                if q != player
                for i, card in enumerate(hands[q])
                if card[0] == prefix
            ]
            pool = [hands[q][i] for q, i in slots] + decks[k]
            pool.sort()
            if rng is not None:
                pool, rng = vrng.shuffled(pool, rng)
            for (q, i), card in zip(slots, pool, strict=False):
                hands[q][i] = card
            decks[k] = pool[len(slots) :]
        n["hands"] = tuple(tuple(h) for h in hands)
        n["decks"] = tuple(tuple(x) for x in decks)
        # the plots drawn and kept are seen by the player whose turn it is only
        secret = player != d["player"]
        kept = [d["kept"]] if secret and d["kept"] is not None else []
        drawn = list(d["drawn"]) if secret else []
        pool = sorted(kept + drawn + list(d["plot_deck"]))
        if rng is not None:
            pool, rng = vrng.shuffled(pool, rng)
        if kept:
            n["kept"] = pool.pop(0)
        if drawn:
            n["drawn"] = tuple(pool[: len(drawn)])
            pool = pool[len(drawn) :]
        n["plot_deck"] = tuple(pool)
        return State(n)

    def inventory(self) -> dict[str, int]:
        """Every physical component counted where it lies (constant through a game)."""
        d = self._d
        inv: dict[str, int] = {"pond": 1, "emperor": 1}
        tiles = [*d["tiles"].values(), *d["plot_deck"], *d["drawn"]]
        if d["kept"] is not None:
            tiles.append(d["kept"])
        for tile, count in Counter(tiles).items():
            inv["plot " + tile] = count
        sections = list(d["bamboo_reserve"])
        for e in d["eaten"]:
            for k in range(3):
                sections[k] += e[k]
        chips = list(d["improvement_reserve"])
        for stored in d["stored_improvements"]:
            for k in range(3):
                chips[k] += stored[k]
        colours, tiles_at, improvements = d["colours"], d["tiles"], d["improvements"]
        for h, height in d["bamboo"].items():
            sections[_CI[colours[h]]] += height
            imp = improvements.get(h)
            if imp is not None and len(tiles_at[h]) == 1:  # a chip, not a printed improvement
                chips[_II[imp]] += 1
        for k, colour in enumerate(COLOURS):
            inv["bamboo " + colour] = sections[k]
        for k, letter in enumerate(IMPROVEMENTS):
            inv["chip " + letter] = chips[k]
        inv["channel"] = d["channel_reserve"] + sum(d["stored_channels"]) + len(d["channels"])
        for group in (*d["decks"], *d["hands"], *d["completed"]):
            for card in group:
                key = "card " + card
                inv[key] = inv.get(key, 0) + 1
        return inv

    # ------------------------------------------------------------------ internal queries

    def _figure_moves(self, figure: str) -> tuple[Hex, ...]:
        moves = self._moves.get(figure)
        if moves is None:
            moves = self._moves[figure] = figure_moves(self, self._d[figure])
        return moves

    # ------------------------------------------------------------------ JSON

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict; :meth:`from_dict` rebuilds an equal state."""
        d = self._d
        plots = [
            [h.q, h.r, tile, d["bamboo"][h], d["improvements"].get(h)]
            for h, tile in sorted(d["tiles"].items())
        ]
        data = {
            "game": NAME,
            "num_players": d["num_players"],
            "options": _options_dict(d["options"]),
            "start_player": d["start_player"],
            "turn": d["turn"],
            "player": d["player"],
            "phase": d["phase"],
            "weather": d["weather"],
            "allowed": d["allowed"],
            "used": list(d["used"]),
            "plots": plots,
            "channels": sorted([e.hex.q, e.hex.r, e.side] for e in d["channels"]),
            "gardener": [d["gardener"].q, d["gardener"].r],
            "panda": [d["panda"].q, d["panda"].r],
            "plot_deck": list(d["plot_deck"]),
            "drawn": list(d["drawn"]),
            "kept": d["kept"],
            "decks": {kind: list(deck) for kind, deck in zip(DECK_KINDS, d["decks"], strict=True)},
            "players": [
                {
                    "hand": list(d["hands"][p]),
                    "completed": list(d["completed"][p]),
                    "eaten": list(d["eaten"][p]),
                    "channels": d["stored_channels"][p],
                    "improvements": list(d["stored_improvements"][p]),
                }
                for p in range(d["num_players"])
            ],
            "reserve": {
                "channels": d["channel_reserve"],
                "improvements": list(d["improvement_reserve"]),
                "bamboo": list(d["bamboo_reserve"]),
            },
            "emperor": d["emperor"],
            "final_turns_left": d["final_turns_left"],
            "rng": d["rng"],
            "history": list(self._history_texts()),
        }
        if d["viewer"] is not None:  # only views carry it, so full states keep their digests
            data["viewer"] = d["viewer"]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict`; raise InvalidStateError when inconsistent."""
        try:
            state = cls(_load(data))
        except InvalidStateError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise InvalidStateError(
                f"malformed Takenoko state: {type(exc).__name__}: {exc}"
            ) from exc
        texts = tuple(data["history"])
        if all(map(_ACTION_OF.__contains__, texts)):  # every text is canonical
            _set(state, "_texts", texts)
        return state  # type: ignore[return-value]

    # ------------------------------------------------------------------ picture

    def __str__(self) -> str:
        """A text picture of the garden, the reserves and every player's board."""
        return _picture(self)


def _field_property(name: str, doc: str) -> property:
    def get(self: State) -> Any:
        return self._d[name]

    get.__doc__ = doc
    return property(get, doc=doc)


for _name, _doc in _FIELDS.items():
    setattr(State, _name, _field_property(_name, _doc))


def new_game(
    num_players: int, seed: int, options: Options | Mapping[str, Any] | None = None
) -> State:
    """Set up a game: shuffled plot pile and objective decks, one card of each kind per player."""
    if num_players not in PLAYER_COUNTS or isinstance(num_players, bool):
        raise InvalidStateError(f"Takenoko plays with 2, 3 or 4 players, not {num_players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidStateError(f"the seed must be an int, not {seed!r}")
    opts = Options.coerce(options)
    if opts.start_player == "choose" and opts.first_player >= num_players:
        raise InvalidStateError(
            f"Options.first_player {opts.first_player} is not a seat of {num_players} players"
        )
    plot_deck, _ = vrng.shuffled(PLOT_TILES, vrng.derive_seed(seed, "plots"))  # TK-SET-2
    decks = []
    for kind, prefix in zip(DECK_KINDS, "PGA", strict=True):
        ids = [c for c in CARDS if c[0] == prefix]
        deck, _ = vrng.shuffled(ids, vrng.derive_seed(seed, "objectives", kind))  # TK-SET-4
        decks.append(deck)
    hands = []
    for _seat in range(num_players):
        hands.append(tuple(deck.pop(0) for deck in decks))  # one card of each kind, hidden
    rng = vrng.derive_seed(seed, "play")
    if opts.start_player == "random":
        start, rng = vrng.randbelow(rng, num_players)
    else:
        start = opts.first_player
    data = {
        "num_players": num_players,
        "options": opts,
        "start_player": start,
        "turn": 0,
        "player": start,
        "phase": "roll" if opts.first_round_weather else "actions",
        "weather": None,
        "allowed": 2,
        "used": (),
        "tiles": {},
        "colours": {},
        "improvements": {},
        "bamboo": {},
        "irrigated": frozenset(),
        "channels": frozenset(),
        "channel_spots": frozenset(),
        "plot_spots": POND_RING,
        "gardener": POND,
        "panda": POND,
        "plot_deck": tuple(plot_deck),
        "drawn": (),
        "kept": None,
        "decks": tuple(tuple(deck) for deck in decks),
        "hands": tuple(hands),
        "completed": ((),) * num_players,
        "eaten": ((0, 0, 0),) * num_players,
        "stored_channels": (0,) * num_players,
        "stored_improvements": ((0, 0, 0),) * num_players,
        "channel_reserve": CHANNEL_SUPPLY,
        "improvement_reserve": tuple(IMPROVEMENT_CHIPS[k] for k in IMPROVEMENTS),
        "bamboo_reserve": tuple(BAMBOO_SUPPLY[c] for c in COLOURS),
        "emperor": None,
        "final_turns_left": None,
        "rng": rng,
        "history": (),
        "viewer": None,
    }
    return State(data)


# ---------------------------------------------------------------------- loading and checking


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"invalid Takenoko state: {message}")


def _seat(player: Any, num: int) -> int:
    """``player`` when it is a seat of a ``num``-player game, else InvalidStateError."""
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < num:
        raise InvalidStateError(f"no seat {player!r} in a {num}-player game")
    return player


def _int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad(f"{what} must be an integer, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise _bad(f"{what} = {value} is out of range")
    return value


def _triple(value: Any, what: str, low: int | None = 0) -> tuple[int, int, int]:
    if not isinstance(value, list) or len(value) != 3:
        raise _bad(f"{what} must be a list of 3 integers, not {value!r}")
    a, b, c = (_int(v, what, low) for v in value)
    return (a, b, c)


def _hex(value: Any, what: str) -> Hex:
    if not isinstance(value, list) or len(value) != 2:
        raise _bad(f"{what} must be [q, r], not {value!r}")
    h = Hex(_int(value[0], what), _int(value[1], what))
    if h not in NEIGHBORS:
        raise _bad(f"{what} {value} is too far from the pond")
    return h


def _load(data: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise _bad(f"expected a mapping, not {type(data).__name__}")
    if data.get("game") != NAME:
        raise _bad(f"the 'game' field must be {NAME!r}, not {data.get('game')!r}")
    num = data["num_players"]
    if num not in PLAYER_COUNTS or isinstance(num, bool):
        raise _bad(f"num_players must be 2, 3 or 4, not {num!r}")
    opts = _options_from(data["options"])
    phase = data["phase"]
    if phase not in PHASES:
        raise _bad(f"unknown phase {phase!r}")
    weather = data["weather"]
    if weather is not None and weather not in WEATHER_FACES:
        raise _bad(f"unknown weather {weather!r}")
    used = tuple(data["used"])
    if any(u not in ACTION_KINDS for u in used):
        raise _bad(f"unknown action kinds in 'used': {used}")
    try:
        key = (
            tuple(tuple(row) for row in data["plots"]),
            tuple(tuple(row) for row in data["channels"]),
        )
        # only exact ints, strings and None may share the memo (True == 1, 1.0 == 1)
        if not all(type(v) in _KEY_TYPES for rows in key for row in rows for v in row):
            key = None
    except TypeError:
        key = None
    garden = (
        _load_garden(*key)
        if key is not None
        else _load_garden_rows(data["plots"], data["channels"])
    )
    tiles, colours, improvements, bamboo, channels, irrigated, channel_spots, plot_spots = garden
    players = data["players"]
    if not isinstance(players, list) or len(players) != num:
        raise _bad(f"'players' must list {num} players")
    decks_data = data["decks"]
    if not isinstance(decks_data, Mapping) or set(decks_data) != set(DECK_KINDS):
        raise _bad("'decks' must have the keys plot, gardener and panda")
    decks = tuple(tuple(decks_data[k]) for k in DECK_KINDS)
    for kind, prefix, deck in zip(DECK_KINDS, "PGA", decks, strict=True):
        if any(c not in CARDS or c[0] != prefix for c in deck):
            raise _bad(f"the {kind} deck holds cards of another deck: {deck}")
    hands = tuple(tuple(pl["hand"]) for pl in players)
    completed = tuple(tuple(pl["completed"]) for pl in players)
    all_cards = [c for group in (*decks, *hands, *completed) for c in group]
    if sorted(all_cards) != sorted(CARDS):
        counts = Counter(all_cards)
        wrong = sorted(c for c in set(CARDS) | set(counts) if counts.get(c, 0) != 1)
        raise _bad(f"every objective card must be somewhere exactly once; wrong: {wrong}")
    if any(len(h) > HAND_LIMIT for h in hands):
        raise _bad("a hand holds more than 5 cards")
    plot_deck = tuple(data["plot_deck"])
    drawn = tuple(data["drawn"])
    kept = data["kept"]
    all_tiles = [*tiles.values(), *plot_deck, *drawn, *([kept] if kept is not None else [])]
    if sorted(all_tiles) != sorted(PLOT_TILES):
        raise _bad("the plots in the garden, the pile and the hand are not the 27 plots")
    if len(drawn) > 3:
        raise _bad("more than 3 plots drawn")
    reserve = data["reserve"]
    state = {
        "num_players": num,
        "options": opts,
        "start_player": _int(data["start_player"], "start_player", 0, num - 1),
        "turn": _int(data["turn"], "turn", 0),
        "player": _int(data["player"], "player", 0, num - 1),
        "phase": phase,
        "weather": weather,
        "allowed": _int(data["allowed"], "allowed", 2, 3),
        "used": used,
        "tiles": tiles,
        "colours": colours,
        "improvements": improvements,
        "bamboo": bamboo,
        "irrigated": irrigated,
        "channels": channels,
        "channel_spots": channel_spots,
        "plot_spots": plot_spots,
        "gardener": _hex(data["gardener"], "gardener"),
        "panda": _hex(data["panda"], "panda"),
        "plot_deck": plot_deck,
        "drawn": drawn,
        "kept": kept,
        "decks": decks,
        "hands": hands,
        "completed": completed,
        "eaten": tuple(_triple(pl["eaten"], "eaten") for pl in players),
        "stored_channels": tuple(_int(pl["channels"], "stored channels", 0) for pl in players),
        "stored_improvements": tuple(
            _triple(pl["improvements"], "stored improvements") for pl in players
        ),
        "channel_reserve": _int(reserve["channels"], "channel reserve", 0),
        "improvement_reserve": _triple(reserve["improvements"], "improvement reserve"),
        "bamboo_reserve": _triple(
            reserve["bamboo"], "bamboo reserve", 0 if opts.bamboo_supply == "limited" else None
        ),
        "emperor": data["emperor"],
        "final_turns_left": data["final_turns_left"],
        "rng": _int(data["rng"], "rng", 0),
        "history": (),
        "viewer": _int(data["viewer"], "viewer", 0, num - 1) if "viewer" in data else None,
    }
    for who in (state["gardener"], state["panda"]):
        if who != POND and who not in tiles:
            raise _bad(f"a figure stands on {hex_text(who)}, which is not in the garden")
    if state["emperor"] is not None:
        _int(state["emperor"], "emperor", 0, num - 1)
    if state["final_turns_left"] is not None:
        _int(state["final_turns_left"], "final_turns_left", 0, num - 1)
    _check_counts(state)
    _check_turn(state)
    history = data["history"]
    if not isinstance(history, list):
        raise _bad("'history' must be a list of action strings")
    try:
        state["history"] = tuple(map(_ACTION_OF.__getitem__, history))
    except (KeyError, TypeError):
        try:
            state["history"] = tuple(_action_of(text) for text in history)
        except BambooLabError as exc:
            raise _bad(f"bad history entry: {exc}") from exc
    return state


_KEY_TYPES = (int, str, type(None))

_GardenData = tuple[
    dict[Hex, str],
    dict[Hex, str],
    dict[Hex, str],
    dict[Hex, int],
    frozenset[Edge],
    frozenset[Hex],
    frozenset[Edge],
    frozenset[Hex],
]


@lru_cache(maxsize=4096)
def _load_garden(plots: tuple[Any, ...], channel_rows: tuple[Any, ...]) -> _GardenData:
    """:func:`_load_garden_rows` with a memo: the dicts it returns are shared, never changed."""
    return _load_garden_rows(plots, channel_rows)


def _load_garden_rows(plots: Any, channel_rows: Any) -> _GardenData:
    """Check and rebuild the garden: plots, channels and the derived structures."""
    if not isinstance(plots, (list, tuple)) or not isinstance(channel_rows, (list, tuple)):
        raise _bad("'plots' and 'channels' must be lists")
    tiles: dict[Hex, str] = {}
    bamboo: dict[Hex, int] = {}
    improvements: dict[Hex, str] = {}
    for row in plots:
        if not isinstance(row, (list, tuple)) or len(row) != 5:
            raise _bad(f"a plot must be [q, r, tile, bamboo, improvement], not {row!r}")
        h = _hex(list(row[:2]), "plot position")
        if h == POND or h in tiles:
            raise _bad(f"plot {hex_text(h)} is on the pond or twice in the garden")
        tile = row[2]
        if tile not in PLOT_TILES:
            raise _bad(f"unknown plot tile {tile!r}")
        tiles[h] = tile
        bamboo[h] = _int(row[3], f"bamboo on {hex_text(h)}", 0, MAX_HEIGHT)
        imp = row[4]
        if len(tile) > 1 and imp != tile[1]:
            raise _bad(f"plot {hex_text(h)} shows {imp!r} but its tile prints {tile[1]!r}")
        if imp is not None:
            if imp not in IMPROVEMENTS:
                raise _bad(f"unknown improvement {imp!r}")
            improvements[h] = imp
    colours = {h: tile[0] for h, tile in tiles.items()}
    # the garden must have grown by the placement rule (TK-PLOT-2)
    _check_connected(tiles)
    channels: set[Edge] = set()
    for row in channel_rows:
        if not isinstance(row, (list, tuple)) or len(row) != 3:
            raise _bad(f"a channel must be [q, r, side], not {row!r}")
        e = Edge(_hex(list(row[:2]), "channel"), _int(row[2], "channel side", 0, 2))
        if e not in EDGE_ENDS or any(x not in tiles for x in EDGE_ENDS[e]):
            raise _bad(f"channel {row} is not between two plots")
        channels.add(e)
    _check_network(channels)
    irrigated, channel_spots, plot_spots = _derive(tiles, improvements, channels)
    for h in tiles:
        if h not in irrigated and bamboo[h]:
            raise _bad(f"plot {hex_text(h)} has bamboo but was never irrigated")
    return (
        tiles,
        colours,
        improvements,
        bamboo,
        frozenset(channels),
        irrigated,
        channel_spots,
        plot_spots,
    )


_ACTION_OF: dict[str, Action] = {}
_TEXT_OF: dict[Action, str] = {}
_OPTIONS_OF: dict[tuple[tuple[str, Any], ...], Options] = {}
_OPTIONS_DICT: dict[Options, dict[str, Any]] = {}


def _action_of(text: Any) -> Action:
    """``action_from_text`` with a memo of the canonical texts (``str(action) == text``)."""
    action = _ACTION_OF.get(text) if isinstance(text, str) else None
    if action is None:
        action = intern(action_from_text(text))
        if str(action) == text:
            _ACTION_OF[text] = action
    return action


def _text_of(action: Action) -> str:
    """``str(action)`` with a memo."""
    text = _TEXT_OF.get(action)
    if text is None:
        text = _TEXT_OF[action] = str(action)
    return text


def _options_from(data: Any) -> Options:
    """``Options.from_dict`` with a memo keyed by the (hashable) option values."""
    if isinstance(data, Mapping):
        try:
            key = tuple(sorted(data.items()))
            hash(key)
        except TypeError:
            return Options.from_dict(data)
        opts = _OPTIONS_OF.get(key)
        if opts is None:
            opts = _OPTIONS_OF[key] = Options.from_dict(data)
        return opts
    return Options.from_dict(data)


def _options_dict(opts: Options) -> dict[str, Any]:
    """``opts.to_dict()`` with a memo."""
    data = _OPTIONS_DICT.get(opts)
    if data is None:
        data = _OPTIONS_DICT[opts] = opts.to_dict()
    return dict(data)


def _check_connected(tiles: Mapping[Hex, str]) -> None:
    """Every plot must be reachable by the placement rule from the pond (TK-PLOT-2)."""
    placed = {POND}
    left = set(tiles)
    grew = True
    while left and grew:
        grew = False
        for h in sorted(left):
            if h in POND_RING or sum(1 for k in NEIGHBORS[h] if k in placed and k != POND) >= 2:
                placed.add(h)
                left.discard(h)
                grew = True
    if left:
        raise _bad(f"plots {sorted(hex_text(h) for h in left)} could never have been placed")


def _check_network(channels: set[Edge]) -> None:
    """Every channel must connect to a pond corner through other channels (TK-IRR-4)."""
    reached: set[Edge] = set()
    frontier = [e for e in channels if POND in edge_info(e)[2:4]]
    while frontier:
        e = frontier.pop()
        if e in reached:
            continue
        reached.add(e)
        frontier.extend(t for t in edge_info(e)[4] if t in channels and t not in reached)
    if reached != channels:
        loose = sorted(channels - reached)
        raise _bad(f"channels {loose} are not connected to the pond")


def _derive(
    tiles: Mapping[Hex, str], improvements: Mapping[Hex, str], channels: set[Edge]
) -> tuple[frozenset[Hex], frozenset[Edge], frozenset[Hex]]:
    """The irrigated plots, legal channel edges and legal plot positions of a garden."""
    irrigated = {h for h in tiles if h in POND_RING or improvements.get(h) == "W"}
    for e in channels:
        irrigated.update(EDGE_ENDS[e])
    channel_spots = set()
    for h in tiles:
        for i in range(3):
            e = edge(h, i)
            if e in channels or e not in EDGE_ENDS or EDGE_ENDS[e][1] not in tiles:
                continue
            _, _, c1, c2, touching = edge_info(e)
            if c1 == POND or c2 == POND or any(t in channels for t in touching):
                channel_spots.add(e)
    plot_spots = set()
    for h in [*tiles, POND]:
        for m in NEIGHBORS[h]:
            if m is None or m in tiles or m == POND:
                continue
            if m in POND_RING or sum(1 for k in NEIGHBORS[m] if k in tiles) >= 2:
                plot_spots.add(m)
    return frozenset(irrigated), frozenset(channel_spots), frozenset(plot_spots)


_WEATHER_PHASES: dict[str, tuple[str, ...]] = {
    "rain": ("rain",),
    "storm": ("storm",),
    "clouds": ("clouds",),
    "choose_weather": ("?", "clouds"),
}
_ACTION_PHASES: dict[str, str] = {
    "keep_plot": "plot",
    "place_plot": "plot",
    "return_plots": "plot",
    "gardener": "gardener",
    "panda": "panda",
    "objective": "objective",
}


def _check_turn(state: dict[str, Any]) -> None:
    """The phase, the weather, the actions used, the drawn plots and the Emperor must agree."""
    phase, weather, used = state["phase"], state["weather"], state["used"]
    opts, num = state["options"], state["num_players"]
    if opts.start_player == "choose" and opts.first_player >= num:
        raise _bad(f"Options.first_player {opts.first_player} is not a seat of {num} players")
    if state["player"] != (state["start_player"] + state["turn"]) % num:  # TK-SET-5
        raise _bad(
            f"player {state['player']} is not the seat of turn {state['turn']} from start"
            f" player {state['start_player']}"
        )
    if state["allowed"] != (3 if weather == "sun" else 2):
        raise _bad(f"{state['allowed']} actions allowed under the weather {weather!r}")
    if len(used) > state["allowed"]:
        raise _bad(f"{len(used)} actions used but only {state['allowed']} allowed")
    if len(set(used)) < len(used) and weather != "wind":
        raise _bad(f"the same action twice without the wind: {used}")
    weather_ok = {"roll": (None,), "over": (None,), **_WEATHER_PHASES}.get(phase)
    if weather_ok is not None and (weather not in weather_ok or used):
        raise _bad(f"phase {phase!r} with weather {weather!r} and actions {used}")
    if phase in _ACTION_PHASES and (not used or used[-1] != _ACTION_PHASES[phase]):
        raise _bad(f"phase {phase!r} but the last action chosen is not {_ACTION_PHASES[phase]!r}")
    drawn, kept = state["drawn"], state["kept"]
    plot_ok = {
        "keep_plot": bool(drawn) and kept is None,
        "place_plot": kept is not None,
        "return_plots": len(drawn) == 2 and kept is None,
    }.get(phase, not drawn and kept is None)
    if not plot_ok:
        raise _bad(f"phase {phase!r} with drawn plots {drawn} and kept plot {kept!r}")
    trigger = END_TRIGGER[num]
    emperor = state["emperor"]
    if emperor is None:
        if any(len(done) >= trigger for done in state["completed"]):
            raise _bad(f"a player completed {trigger} objectives but nobody holds the Emperor")
        if state["final_turns_left"] is not None:
            raise _bad("final turns are counted but nobody holds the Emperor")
    elif len(state["completed"][emperor]) < trigger:
        raise _bad(f"player {emperor} holds the Emperor with fewer than {trigger} objectives")


def _check_counts(state: dict[str, Any]) -> None:
    """Channels, chips and bamboo must add up to the box contents."""
    channels = state["channel_reserve"] + sum(state["stored_channels"]) + len(state["channels"])
    if channels != CHANNEL_SUPPLY:
        raise _bad(f"{channels} irrigation channels instead of {CHANNEL_SUPPLY}")
    for k, letter in enumerate(IMPROVEMENTS):
        placed = sum(
            1
            for h, imp in state["improvements"].items()
            if imp == letter and len(state["tiles"][h]) == 1
        )
        total = (
            state["improvement_reserve"][k]
            + sum(s[k] for s in state["stored_improvements"])
            + placed
        )
        if total != IMPROVEMENT_CHIPS[letter]:
            raise _bad(f"{total} {IMPROVEMENT_NAMES[letter]} chips instead of 3")
    for k, colour in enumerate(COLOURS):
        garden = sum(h for p, h in state["bamboo"].items() if state["colours"][p] == colour)
        total = state["bamboo_reserve"][k] + garden + sum(e[k] for e in state["eaten"])
        if total != BAMBOO_SUPPLY[colour]:
            raise _bad(
                f"{total} {COLOUR_NAMES[colour]} sections instead of {BAMBOO_SUPPLY[colour]}"
            )


# ---------------------------------------------------------------------- the text picture

_CELL = 6


def _picture(state: State) -> str:
    d = state._d
    lines = []
    over = " (game over)" if d["phase"] == "over" else ""
    seen = "" if d["viewer"] is None else f" (as player {d['viewer']} sees it)"
    lines.append(
        f"Takenoko, {d['num_players']} players: turn {d['turn'] + 1}, player {d['player']},"
        f" phase {d['phase']}{over}{seen}"
    )
    extra = ""
    if d["weather"]:
        extra = f"weather {d['weather']}, "
    lines.append(f"{extra}actions {', '.join(d['used']) or '-'} ({len(d['used'])}/{d['allowed']})")
    lines.append("")
    lines.extend(_garden_lines(d))
    lines.append("")
    lines.append(
        "cell: colour (lower case = dry), height, improvement (w/e/f), figures"
        " (g gardener, p panda); ~~ pond, .. free place"
    )
    chans = " ".join(
        f"{hex_text(e.hex)}/{hex_text(e.hex.neighbor(e.side))}" for e in sorted(d["channels"])
    )
    lines.append(f"channels: {chans or '-'}")
    plots = [f"{hex_text(h)}={_cell(d, h).strip()}" for h in sorted(d["tiles"])]
    for start in range(0, len(plots), 8):
        label = "plots:   " if start == 0 else "         "
        lines.append(label + " ".join(plots[start : start + 8]))
    res = d["bamboo_reserve"]
    chips = d["improvement_reserve"]
    lines.append(
        f"reserve: {d['channel_reserve']} channels, chips W{chips[0]} E{chips[1]} F{chips[2]},"
        f" bamboo G{res[0]} Y{res[1]} P{res[2]}; plot pile {len(d['plot_deck'])},"
        f" decks P{len(d['decks'][0])} G{len(d['decks'][1])} A{len(d['decks'][2])}"
    )
    if d["drawn"] or d["kept"]:
        if state.hidden_from_viewer(d["player"]):  # only the drawer sees them (TK-PLOT-1)
            drawn = " ".join(f"{i + 1}:?" for i in range(len(d["drawn"])))
            kept = "?" if d["kept"] else "-"
        else:
            drawn = " ".join(f"{i + 1}:{t}" for i, t in enumerate(d["drawn"]))
            kept = d["kept"] or "-"
        lines.append(f"drawn: {drawn or '-'}; kept: {kept}")
    rows = state.breakdown()
    for p in range(d["num_players"]):
        eaten = d["eaten"][p]
        chips = d["stored_improvements"][p]
        mark = ">" if p == d["player"] and d["phase"] != "over" else " "
        emperor = " +Emperor" if d["emperor"] == p else ""
        done = " ".join(d["completed"][p]) or "-"
        hand = " ".join(state.visible_hand(p)) or "-"
        lines.append(
            f"{mark}P{p}: {rows[p]['total']} pts{emperor}; done {done};"
            f" hand {hand}; eaten G{eaten[0]} Y{eaten[1]} P{eaten[2]};"
            f" stored {d['stored_channels'][p]} ch, W{chips[0]} E{chips[1]} F{chips[2]}"
        )
    return "\n".join(lines)


def _garden_lines(d: dict[str, Any]) -> list[str]:
    cells = {POND: "~~", **{h: "" for h in d["tiles"]}}
    spots = d["plot_spots"]
    shown = set(cells) | set(spots)
    rmin = min(h.r for h in shown)
    rmax = max(h.r for h in shown)
    xmin = min(2 * h.q + h.r for h in shown)
    lines = []
    for r in range(rmin, rmax + 1):
        row = sorted((2 * h.q + h.r, h) for h in shown if h.r == r)
        text = ""
        for x, h in row:
            col = (x - xmin) * (_CELL // 2)
            text = text.ljust(col) + _cell(d, h)
        lines.append(f"{r:>3} " + text.rstrip())
    return lines


def _cell(d: dict[str, Any], h: Hex) -> str:
    figures = ("g" if d["gardener"] == h else "") + ("p" if d["panda"] == h else "")
    if h == POND:
        return f"~~{figures}".ljust(_CELL - 1)
    if h not in d["tiles"]:
        return "..".ljust(_CELL - 1)
    colour = d["colours"][h]
    if h not in d["irrigated"]:
        colour = colour.lower()
    imp = d["improvements"].get(h, "").lower()
    return f"{colour}{d['bamboo'][h]}{imp}{figures}".ljust(_CELL - 1)
