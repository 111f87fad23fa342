"""The Takenoko state: an immutable value with typed fields, its cached queries, and views.

The fields are declared below with a docstring each. They live in the instance's ``__dict__``,
so the engine step (``core.step``) builds the next state from a copy in which the rule's handler
replaces only what changed: unchanged garden dicts, sets and tuples are shared between states.
What a state works out once lives beside the fields, under ``_kept`` (``core.step.Keeping``:
each value is declared beside its rule, with the fields it reads). The
derived garden structures (legal plot positions, legal channel edges, the irrigated set) are
fields too; :meth:`State.from_dict` rebuilds and checks them (``serial.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from bamboo_lab.core import rng as vrng
from bamboo_lab.core.checks import short_repr
from bamboo_lab.core.display import RichDisplay
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.core.history import length, written, written_fields
from bamboo_lab.core.protocol import CHANCE, TERMINAL, Outcome
from bamboo_lab.core.step import Keeping, Kept

from . import picture, rules, serial
from .actions import Action
from .components import COLOUR_INDEX, COLOURS, DECK_PREFIXES, IMPROVEMENT_INDEX, IMPROVEMENTS
from .deal import dealt_by_new_game
from .geometry import figure_moves
from .info import GAME_INFO
from .legal import CHIP_SPOTS, FIGURE_MOVES, RAIN, actions_legal, rain_actions
from .options import Options
from .refusals import RULEBOOK
from .rules import HANDLERS
from .scoring import (
    CLAIMS,
    GARDENER_SLICES,
    PANDA_SECTIONS,
    PLOT_ANSWERS,
    TALL,
    TallCounts,
    end_reason,
    gardener_met_in,
    plot_objective_met,
    rank_players,
    score_breakdown,
    tall_counts,
)
from .work import Work

__all__ = ["NAME", "PHASES", "PLAYER_COUNTS", "PUBLIC", "State"]

NAME = GAME_INFO.name
"""The registry name of the game."""

PLAYER_COUNTS: tuple[int, ...] = GAME_INFO.player_counts
"""Takenoko plays with 2 to 4 players."""

PHASES: tuple[str, ...] = GAME_INFO.phases
"""The pending-decision names a state's ``phase`` takes."""

PUBLIC = "public"
"""The ``viewer`` of the public view (``view(None)``): what a spectator sees, no seat's secrets."""


SEEN = Kept("seen", ())
"""Kept along a line of play: per viewer (a seat or PUBLIC), the hands and decks of the last
view and what the viewer saw of them (key -1: the plot pile and its sorted order), used while
they are the same objects."""

TEXTS = Kept("texts", ())
"""Kept: a loaded state's history and its notation, used while the history is the same object."""


class State(Keeping, RichDisplay):
    """A Takenoko position: an immutable value; ``apply`` returns a new state."""

    drawn_by = "bamboo_lab.viz.takenoko:figure"  # its picture (core.display)

    __slots__ = ("__dict__",)
    game: ClassVar[str] = NAME
    rulebook = RULEBOOK
    handlers = HANDLERS
    kept_values = (FIGURE_MOVES, PLOT_ANSWERS, TALL, CLAIMS, CHIP_SPOTS, RAIN, SEEN, TEXTS)

    num_players: int
    """The number of players (2 to 4)."""
    options: Options
    """The rule variants in force."""
    start_player: int
    """The seat that played the first turn."""
    turn: int
    """How many turns were begun before the current one (0: the game's first turn)."""
    player: int
    """The seat whose turn it is (also during the weather roll and after the end)."""
    phase: str
    """The pending decision (see PHASES)."""
    weather: str | None
    """The weather face in effect this turn, or None."""
    allowed: int
    """How many actions the turn allows (2; 3 under the sun)."""
    used: tuple[str, ...]
    """The actions chosen so far this turn, in order."""
    tiles: dict[Hex, str]
    """The placed plots: hex -> tile code (colour letter + printed improvement)."""
    colours: dict[Hex, str]
    """The colour letter of every placed plot."""
    improvements: dict[Hex, str]
    """The improvement letter (W, E, F) of every improved plot, printed or chip."""
    bamboo: dict[Hex, int]
    """The bamboo height (0 to 4) on every placed plot."""
    irrigated: frozenset[Hex]
    """The irrigated plots."""
    channels: frozenset[Edge]
    """The edges holding an irrigation channel."""
    channel_spots: frozenset[Edge]
    """The edges where a channel may be placed now."""
    plot_spots: frozenset[Hex]
    """The hexes where a plot may be placed now."""
    gardener: Hex
    """The gardener's hex."""
    panda: Hex
    """The panda's hex."""
    plot_deck: tuple[str, ...]
    """The plot draw pile, top first (hidden order)."""
    drawn: tuple[str, ...]
    """The plots drawn by the plot action and not yet kept or returned."""
    kept: str | None
    """The plot kept and not yet placed, or None."""
    decks: tuple[tuple[str, ...], ...]
    """The plot, gardener and panda objective decks, top first (hidden order)."""
    hands: tuple[tuple[str, ...], ...]
    """Each player's objective cards in hand (hidden from the others; in a view, the
    opponents' cards are placeholders: see visible_hand)."""
    completed: tuple[tuple[str, ...], ...]
    """Each player's completed objective cards, in order."""
    eaten: tuple[tuple[int, int, int], ...]
    """Each player's bamboo sections on their board, green/yellow/pink."""
    stored_channels: tuple[int, ...]
    """Each player's stored irrigation channels."""
    stored_improvements: tuple[tuple[int, int, int], ...]
    """Each player's stored chips, watershed/enclosure/fertilizer."""
    channel_reserve: int
    """Irrigation channels left in the reserve."""
    improvement_reserve: tuple[int, int, int]
    """Chips left in the reserve, watershed/enclosure/fertilizer."""
    bamboo_reserve: tuple[int, int, int]
    """Sections in the reserve, green/yellow/pink (negative: substitutes)."""
    emperor: int | None
    """The seat holding the Emperor, or None."""
    final_turns_left: int | None
    """Turns left after the triggering turn, or None before it ends."""
    rng: int
    """The state of the value generator for mid-game chance (random return order)."""
    viewer: int | str | None
    """The seat this state is a view for, :data:`PUBLIC` for the public view, or None for the
    full state."""
    start: Mapping[str, Any] | None
    """The to_dict (empty history, no start) of the position ``history`` begins at, or None
    when it begins at :func:`new_game`."""

    _kept: dict[str, Any]
    """What a state works out once, by the name of its declaration in ``kept_values``; not a field:
    never compared, saved or copied."""
    _legal: tuple[Action, ...] | None
    """The legal actions once worked out; not a field."""

    def __init__(self, fields: Mapping[str, Any], texts: tuple[str, ...] | None = None) -> None:
        """Build a state from its fields (use :func:`new_game`, :meth:`from_dict` or
        ``takenoko.position``, which check them); ``texts``: the history's notation, if known."""
        data = self.__dict__
        data.update(fields)
        data.setdefault("start", None)  # fields written before positions carried a start
        data["_kept"] = {} if texts is None else {"texts": (data["history"], texts)}
        data["_legal"] = None

    def __setattr__(self, name: str, value: Any) -> None:
        """States are immutable."""
        raise AttributeError(f"a Takenoko State is immutable (cannot set {name!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as its fields with the history written out (see core.history);
        the copy works its answers out afresh."""
        return (type(self), (_saved(self.__dict__), self._texts()))

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied since ``start`` (or since setup)."""
        return written(self.__dict__["history"])

    def fields(self) -> Work:
        """A fresh dict of every field (the rules change a copy to build the next state); its
        ``history`` may be an unwritten extension: read the history as ``state.history``."""
        fields = self.__dict__.copy()
        del fields["_kept"], fields["_legal"]
        return fields  # type: ignore[return-value]

    def history_texts(self) -> tuple[str, ...]:
        """The notation of every action of ``history``."""
        texts = self._texts()
        return tuple(map(serial.text_of, self.history)) if texts is None else texts

    def _texts(self) -> tuple[str, ...] | None:
        """The notation of a loaded state's history, None for a successor (:data:`TEXTS`)."""
        texts = self._kept.get("texts")
        return texts[1] if texts is not None and texts[0] is self.__dict__["history"] else None

    def __eq__(self, other: object) -> bool:
        """Two states are equal when all their fields are."""
        return isinstance(other, State) and _saved(self.__dict__) == _saved(other.__dict__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """A short description; ``str(state)`` gives the picture. Turns count from 1, as in
        the picture and the rules' "first turn" (TK-TURN-1)."""
        seen = "" if self.viewer is None else f" view of player {self.viewer}"
        seen = " public view" if self.viewer == PUBLIC else seen
        return (
            f"<takenoko.State {self.num_players}p turn {self.turn + 1} player {self.player}"
            f" phase {self.phase} plies {length(self.__dict__['history'])}{seen}>"
        )

    # ------------------------------------------------------------------ contract

    @property
    def current_player(self) -> int:
        """The seat to act, CHANCE during the weather roll, TERMINAL once over."""
        phase = self.phase
        if phase == "over":
            return TERMINAL
        if phase == "roll":
            return CHANCE
        return self.player

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in a deterministic order, without duplicates."""
        fields = self.__dict__
        legal: tuple[Action, ...] | None = fields["_legal"]
        if legal is None:  # the most asked phases without the dispatch
            phase = fields["phase"]
            if phase == "actions":
                legal = actions_legal(self, fields["_kept"])
            elif phase == "gardener" or phase == "panda":
                legal = self.move_actions(phase)
            else:
                legal = rules.legal_actions(self)
            fields["_legal"] = legal
        return legal

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """The six weather faces with probability 1/6 each at a roll, else ``()``."""
        if self.phase != "roll":
            return ()
        return rules.ROLL_OUTCOMES  # TK-TURN-1: a fair six-sided die

    def begin_history(self, fields: Work) -> None:  # type: ignore[override]
        """A position played on without a history or a start becomes the start of the
        history, unless a new game deals it (issue 44)."""
        if self.start is None:
            fields["start"] = None if dealt_by_new_game(self.__dict__) else self.to_dict()

    def is_over(self) -> bool:
        """True once the final turns are played."""
        return self.phase == "over"

    def scores(self) -> tuple[int, ...]:
        """Each player's points so far: completed objectives plus the Emperor (TK-END-4)."""
        return tuple(row["total"] for row in self.breakdown())

    def breakdown(self) -> tuple[dict[str, int], ...]:
        """Per player: points by deck, the Emperor, the total and the number of objectives."""
        return score_breakdown(self.completed, self.emperor)

    def outcome(self) -> Outcome | None:
        """Scores, winners after the panda tie-break, and why the game ended (TK-END-5)."""
        if not self.is_over():
            return None
        rows = self.breakdown()
        winners = rank_players(rows)
        reason = end_reason(rows, winners, self.emperor, self.options.final_round)
        return Outcome(tuple(row["total"] for row in rows), winners, reason, rows)

    # ------------------------------------------------------------------ cached queries

    def moves(self, figure: str) -> tuple[Hex, ...]:
        """Where the ``"gardener"`` or the ``"panda"`` can move now (TK-GAR-1, TK-PAN-1)."""
        start = self.gardener if figure == "gardener" else self.panda
        cache = self._kept.setdefault("moves", {})
        moves: tuple[Hex, ...] | None = cache.get(start)
        if moves is None:
            opts = self.options
            moves = cache[start] = figure_moves(
                self.tiles, start, opts.figures_may_cross_pond, opts.figures_may_stop_on_pond
            )
        return moves

    def rain_actions(self) -> tuple[Action, ...]:
        """The rain's Grow actions, one per irrigated plot it can grow, in hex order (TK-W-2);
        kept while the garden stays the same (with the unlimited bamboo supply)."""
        kept = self._kept
        grows: tuple[Action, ...] | None = kept.get("rain")
        if grows is None:
            grows = rain_actions(self)
            if self.options.bamboo_supply != "limited":  # the limited one reads the reserve
                kept["rain"] = grows
        return grows

    def storm_actions(self) -> tuple[Action, ...]:
        """The storm's MovePanda actions, one per plot it may send the panda to (TK-W-4); kept
        with the figure moves while the plots stay the same."""
        key = ("storm", self.panda)
        cache = self._kept.setdefault("moves", {})
        actions: tuple[Action, ...] | None = cache.get(key)
        if actions is None:
            actions = cache[key] = rules.storm_actions(self)
        return actions

    def plots_in_order(self) -> tuple[Hex, ...]:
        """The placed plots in hex order; kept while the plots stay the same."""
        cache = self._kept.setdefault("moves", {})
        plots: tuple[Hex, ...] | None = cache.get("plots")
        if plots is None:
            plots = cache["plots"] = tuple(sorted(self.tiles))
        return plots

    def move_actions(self, figure: str) -> tuple[Action, ...]:
        """The moves of the ``"gardener"`` or the ``"panda"`` as actions (TK-GAR-1, TK-PAN-1);
        kept with the figure moves while the plots stay the same."""
        key = (figure, self.gardener if figure == "gardener" else self.panda)
        cache = self._kept.setdefault("moves", {})
        actions: tuple[Action, ...] | None = cache.get(key)
        if actions is None:
            actions = cache[key] = rules.figure_move_actions(figure, self.moves(figure))
        return actions

    def claimable(self) -> tuple[str, ...]:
        """The cards in the hand of the player to move that they can complete now, in hand
        order (TK-CMP-1, TK-CMP-3 to TK-CMP-6); kept while the garden, the hand and the
        player's board stay the same."""
        kept = self._kept
        claims: tuple[str, ...] | None = kept.get("claims")
        if claims is None:
            seat = self.player
            eaten = self.eaten[seat]
            plotmet, tall = kept.get("plot answers") or {}, kept.get("tall")
            slices = GARDENER_SLICES[self.options.gardener_height_match == "exact"]
            out = []
            for card in self.hands[seat]:
                kind = card[0]  # the answers kept, else worked out (TK-CMP-3 to TK-CMP-6)
                if kind == "P":
                    met = plotmet.get(card)
                    if met is None:
                        met = self.plot_card_met(card)
                elif kind == "G":  # as gardener_met_in
                    if tall is None:
                        tall = self.tall_counts()
                    colour, start, stop, need = slices[card]
                    row = tall[colour]  # one slot for a single shoot (TK-CMP-4)
                    met = (row[start] if need == 1 else sum(row[start:stop])) >= need
                else:  # as panda_objective_met
                    green, yellow, pink = PANDA_SECTIONS[card]
                    met = eaten[0] >= green and eaten[1] >= yellow and eaten[2] >= pink
                if met:
                    out.append(card)
            claims = kept["claims"] = tuple(out)
        return claims

    def chip_spots(self) -> tuple[Hex, ...]:
        """The plots that can take an improvement chip, in hex order (TK-IMP-2); kept while the
        garden stays the same."""
        kept = self._kept
        spots: tuple[Hex, ...] | None = kept.get("spots")
        if spots is None:
            spots = kept["spots"] = rules.improvement_spots(self)
        return spots

    def plot_card_met(self, card: str) -> bool:
        """True when the garden shows plot objective ``card`` (TK-CMP-3); kept per garden."""
        cache = self._kept.setdefault("plot answers", {})
        met: bool | None = cache.get(card)
        if met is None:
            met = cache[card] = plot_objective_met(
                card, self.colours, self.irrigated, self.options.plot_objective_mirror_allowed
            )
        return met

    def gardener_card_met(self, card: str) -> bool:
        """True when the garden shows gardener objective ``card`` (TK-CMP-4, TK-CMP-5); read
        from :meth:`tall_counts`."""
        exact = self.options.gardener_height_match == "exact"
        return gardener_met_in(card, self.tall_counts(), exact)

    def tall_counts(self) -> TallCounts:
        """The bamboos at least 3 high by colour, height and improvement (``scoring.TallCounts``):
        all the gardener cards read; kept, and updated by the actions that change the bamboo or
        the improvements (:data:`scoring.TALL`)."""
        kept = self._kept
        tall: TallCounts | None = kept.get("tall")
        if tall is None:
            tall = kept["tall"] = tall_counts(self.colours, self.bamboo, self.improvements)
        return tall

    # ------------------------------------------------------------------ hidden information

    def view(self, player: int | None) -> State:
        """The state as ``player`` sees it (``viewer`` set): unseen cards and plots hidden.

        None: the public view, what a spectator sees (``viewer`` :data:`PUBLIC`): hidden as for
        an opponent of every seat at once, so ``state.view(p).view(None) == state.view(None)``.

        The hidden cards keep a canonical assignment (the lowest unseen ids) so the view stays a
        playable state, but its picture and :meth:`visible_hand` show them as backs. A view's
        view for the same seat is the view itself, its public view is allowed; for another seat
        it raises InvalidStateError, since a view cannot reveal more than its viewer saw. The
        starting position (``start``) is replaced by its own view.
        """
        if player is not None:
            _seat(player, self.num_players)
        if self.viewer == (PUBLIC if player is None else player):
            return self
        return self._refill(player, None)

    def determinize(self, player: int | None, seed: int) -> State:
        """A full state (``viewer`` None) ``player`` (None: a spectator) cannot tell from this
        one, the unseen parts reshuffled; on a view, only its viewer can be given."""
        return self._refill(player, vrng.derive_seed(seed, "determinize"))

    def visible_hand(self, player: int) -> tuple[str, ...]:
        """``player``'s hand as this state's viewer sees it: card ids, or only the card backs
        (``P?``, ``G?``, ``A?``) when :meth:`hidden_from_viewer` (TK-SET-4)."""
        hand = self.hands[_seat(player, self.num_players)]
        if self.hidden_from_viewer(player):
            return tuple(card[0] + "?" for card in hand)
        return hand

    def hidden_from_viewer(self, player: int) -> bool:
        """True when this is a view hiding ``player``'s hand (the public view hides them all)."""
        viewer = self.viewer
        return viewer is not None and viewer != _seat(player, self.num_players)

    def _refill(self, player: int | None, rng: int | None) -> State:
        if player is not None:
            _seat(player, self.num_players)
        mark = PUBLIC if player is None else player
        viewer = self.viewer
        if viewer is not None and viewer != mark and (rng is not None or player is not None):
            # a seat's view may still be made public: that shows less, never more
            whose = "the public view" if viewer == PUBLIC else f"player {viewer}'s view"
            wanted = "a spectator" if player is None else f"player {player}"
            raise InvalidStateError(f"this state is {whose}: it cannot show what {wanted} sees")
        work = self.fields()
        work["viewer"] = mark if rng is None else None
        views = self._kept.setdefault("seen", {})
        seen = views.get(mark) if rng is None else None
        if seen is not None and seen[0] is self.hands and seen[1] is self.decks:
            work["hands"], work["decks"] = seen[2], seen[3]  # the same cards as the last view
        else:
            rng = self._refill_cards(work, player, rng)
            if rng is None:
                views[mark] = (self.hands, self.decks, work["hands"], work["decks"])
        # the plots drawn and kept are seen by the player whose turn it is only
        secret = player != self.player
        if not secret and rng is None:  # the pile alone is hidden: its sorted order, kept
            pile = views.get(-1)
            if pile is None or pile[0] is not self.plot_deck:
                pile = views[-1] = (self.plot_deck, tuple(sorted(self.plot_deck)))
            work["plot_deck"] = pile[1]
            return self._viewed(work, player, rng)
        kept = [self.kept] if secret and self.kept is not None else []
        drawn = list(self.drawn) if secret else []
        pool = sorted(kept + drawn + list(self.plot_deck))
        if rng is not None:
            pool, rng = vrng.shuffled(pool, rng)
        if kept:
            work["kept"] = pool.pop(0)
        if drawn:
            work["drawn"] = tuple(pool[: len(drawn)])
            pool = pool[len(drawn) :]
        work["plot_deck"] = tuple(pool)
        return self._viewed(work, player, rng)

    def _viewed(self, work: Work, player: int | None, rng: int | None) -> State:
        """The state of the refilled fields ``work``, its start refilled alike."""
        mark = PUBLIC if player is None else player
        if self.start is not None and (rng is not None or self.start.get("viewer") != mark):
            # the starting position shows no more than the viewer saw then
            first = State.from_dict(self.start)
            first = first.view(player) if rng is None else first.determinize(player, rng)
            work["start"] = first.to_dict()
        return State(work)

    def _refill_cards(self, work: Work, player: int | None, rng: int | None) -> int | None:
        """Set the hands and decks of ``work`` as ``player`` (None: a spectator) sees them, or
        reshuffled with ``rng``; return the generator's next state."""
        num = self.num_players
        hands = [list(hand) for hand in self.hands]
        decks = [list(deck) for deck in self.decks]
        for deck_index, prefix in enumerate(DECK_PREFIXES):
            # the backs of cards in hand are visible: only their faces are hidden
            slots = [
                (seat, i)
                for seat in range(num)
                if seat != player
                for i, card in enumerate(hands[seat])
                if card[0] == prefix
            ]
            pool = [hands[seat][i] for seat, i in slots] + decks[deck_index]
            pool.sort()
            if rng is not None:
                pool, rng = vrng.shuffled(pool, rng)
            for (seat, i), card in zip(slots, pool, strict=False):
                hands[seat][i] = card
            decks[deck_index] = pool[len(slots) :]
        work["hands"] = tuple(tuple(hand) for hand in hands)
        work["decks"] = tuple(tuple(deck) for deck in decks)
        return rng

    def inventory(self) -> dict[str, int]:
        """Every physical component counted where it lies (constant through a game)."""
        inv: dict[str, int] = {"pond": 1, "emperor": 1}
        tiles = [*self.tiles.values(), *self.plot_deck, *self.drawn]
        if self.kept is not None:
            tiles.append(self.kept)
        for tile, count in Counter(tiles).items():
            inv["plot " + tile] = count
        sections = list(self.bamboo_reserve)
        for eaten in self.eaten:
            for index in range(3):
                sections[index] += eaten[index]
        chips = list(self.improvement_reserve)
        for stored in self.stored_improvements:
            for index in range(3):
                chips[index] += stored[index]
        colours, tiles_at, improvements = self.colours, self.tiles, self.improvements
        for place, height in self.bamboo.items():
            sections[COLOUR_INDEX[colours[place]]] += height
            imp = improvements.get(place)
            if imp is not None and len(tiles_at[place]) == 1:  # a chip, not a printed improvement
                chips[IMPROVEMENT_INDEX[imp]] += 1
        for index, colour in enumerate(COLOURS):
            inv["bamboo " + colour] = sections[index]
        for index, letter in enumerate(IMPROVEMENTS):
            inv["chip " + letter] = chips[index]
        inv["channel"] = self.channel_reserve + sum(self.stored_channels) + len(self.channels)
        for group in (*self.decks, *self.hands, *self.completed):
            for card in group:
                key = "card " + card
                inv[key] = inv.get(key, 0) + 1
        return inv

    # ------------------------------------------------------------------ JSON and picture

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict; :meth:`from_dict` rebuilds an equal state."""
        return serial.to_dict(self.__dict__, self.history_texts())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict`; raise InvalidStateError when inconsistent."""
        fields, texts = serial.load(data)
        state = cls(fields, texts)
        if state.phase != "over" and not state.legal_actions():  # no dead end (issue 22)
            raise InvalidStateError(
                f"invalid Takenoko state: phase {state.phase} offers no legal action"
            )
        return state

    def __str__(self) -> str:
        """A text picture of the garden, the reserves and every player's board."""
        return picture.picture(self)


def _saved(fields: dict[str, Any]) -> dict[str, Any]:
    """A state's ``fields`` with the history written out and without its caches: what is
    compared, copied or pickled (core.history)."""
    saved = written_fields(fields)
    del saved["_kept"], saved["_legal"]
    return saved


def _seat(player: Any, num: int) -> int:
    """``player`` when it is a seat of a ``num``-player game, else InvalidStateError."""
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < num:
        raise InvalidStateError(f"no seat {short_repr(player)} in a {num}-player game")
    return player
