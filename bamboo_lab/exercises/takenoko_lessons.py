"""The longer plays and tables of the Takenoko lessons (notebooks 10 and 11), built here so that a
notebook cell stays one call and a picture or a table.

Every answer is the engine's own: moves are played through ``tk.parse_action`` (an illegal one is
refused with its rule), and the tables read the state's fields and teaching helpers
(``objective_met``, ``explain``); nothing here decides a rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bamboo_lab.core.errors import InvalidActionError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.core.table import Table
from bamboo_lab.exercises.lesson_moves import play_in_words
from bamboo_lab.exercises.takenoko_gardens import card_named, garden
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import (
    COLOUR_NAMES,
    COLOURS,
    IMPROVEMENT_NAMES,
    IMPROVEMENTS,
)
from bamboo_lab.games.takenoko.refusals import RULEBOOK
from bamboo_lab.games.takenoko.words import group, label, objective_words, reason_words

__all__ = [
    "bamboo_after",
    "cards_met",
    "channel_checks",
    "fertilizer_readings",
    "final_round_readings",
    "final_turns",
    "garden",
    "growth_table",
    "height_match_readings",
    "mirror_readings",
    "move",
    "moves",
    "moves_in_words",
    "objective_rules",
    "option_defaults",
    "p13_garden",
    "panda_meal",
    "panda_trips",
    "play",
    "redraw_readings",
    "return_readings",
    "rule_checks",
    "running_out",
    "storm_readings",
    "supply_rules",
    "the_box",
    "tie_breaks",
]


def _said(text: str) -> str:
    """Words compared as a student types them: case and spacing do not matter."""
    return " ".join(str(text).split()).lower()


def move(state: tk.State, words: str) -> tk.Action:
    """The move named by ``words``, the label the board's move list gives it (``gardener: grow
    bamboo``, ``gardener to 1,0``, ``the weather die shows rain``); a move not legal now is
    found too, so that :func:`play` and :func:`rule_checks` can name the rule it breaks.
    Words the board never shows are read as the game's notation (older cells); neither raises
    InvalidActionError listing the moves of the moment in words."""
    if state.current_player == CHANCE:
        now: tuple[tk.Action, ...] = tuple(action for action, _ in state.chance_outcomes())
    else:
        now = state.legal_actions()
    rolls = tuple(tk.Roll(face) for face in tk.WEATHER_FACES)
    # cards alike read alike: a claim not legal now names a card of the mover's hand first
    hand = state.hands[state.player] if 0 <= state.player < len(state.hands) else ()
    held = tuple(tk.Claim(card) for card in hand if card in tk.CARDS)
    for action in (*now, *held, *tk.every_action(), *rolls):
        if _said(label(action, state)) == _said(words):
            return action
    # a channel along the pond is in no table of actions: the words name its two places
    if found := re.fullmatch(r"channel between (\S+) and (\S+)", _said(words)):
        words = f"channel {found[1]}/{found[2]}"
    try:
        return RULEBOOK.parse(words)
    except InvalidActionError:
        raise InvalidActionError(
            f"{words!r} names no Takenoko move: {moves_in_words(state)}"
        ) from None


def play(state: tk.State, *moves: str) -> tk.State:
    """The position after ``moves`` (each in the words of the board's move list, in order);
    an illegal one raises IllegalActionError saying, in words, the move and the rule."""
    return play_in_words(state, moves, move, tk.explain, reason_words)


def moves_in_words(state: tk.State) -> str:
    """What the player to move may do now, in the rulebook's words: each legal action's
    label, grouped by kind (``player 0 may: choose an action: plots: draw 3, keep 1 · ...``)."""
    kinds: dict[str, list[str]] = {}
    for action in state.legal_actions():
        kinds.setdefault(group(action), []).append(label(action, state))
    said = "; ".join(f"{kind}: {' · '.join(words)}" for kind, words in kinds.items())
    return f"player {state.player} may {said}"


def final_turns(claimed: tk.State) -> tuple[tk.State, Table]:
    """Play the game on from ``claimed`` (the Emperor just taken) to its end, each decision the
    first legal action, and say who played a turn after the claim and why: the claimer finishes
    their turn (TK-END-2), then every other player plays exactly one more (TK-END-3).

    Returns the finished game and a table with one row per turn played after the claim.
    """
    if claimed.emperor is None:
        raise ValueError("final_turns starts from a position where the Emperor has been taken")
    state = claimed
    rows: list[dict[str, object]] = []
    while not state.is_over():
        starts_turn = state.phase in ("roll", "actions")
        if starts_turn and (not rows or rows[-1]["player"] != f"player {state.player}"):
            finishing = not rows and state.player == claimed.emperor
            rows.append(
                {
                    "player": f"player {state.player}",
                    "why they play": (
                        "finishes the turn in which they took the Emperor (TK-END-2)"
                        if finishing
                        else "one more turn, then the game ends for them (TK-END-3)"
                    ),
                }
            )
        state = state.apply(state.legal_actions()[0])
    return state, Table(rows, index=range(1, len(rows) + 1), index_name="turn after the claim")


def final_round_readings(claim: str, *plots: Any, **position: Any) -> Table:
    """Each reading of the final round (``tk.Options(final_round=...)``): the position built
    by ``garden(*plots, **position)`` (plots and cards in words), ``claim`` played there (it
    takes the Emperor), then the game played on to its end; who took the Emperor and who
    played after the claim, in order (TK-END-2, TK-END-3)."""
    rows = []
    for final_round in ("others_one_turn_each", "finish_round"):
        start = garden(*plots, **position, options=tk.Options(final_round=final_round))
        over, turns = final_turns(play(start, claim))
        order = ", then ".join(str(player) for player in turns.column("player"))
        rows.append(
            {
                "final round": final_round,
                "the Emperor goes to": f"player {over.emperor}",
                "turns played after the claim": order,
            }
        )
    return Table(rows).set_index("final round")


def tie_breaks(emperor_cards: list[str], others: dict[str, list[str]]) -> Table:
    """Finished two-player games: player 0 completed ``emperor_cards`` and took the Emperor,
    player 1 completed each list of ``others``; each player's total, panda points and whether
    they win (the highest total, then the most panda points, then a shared win: TK-END-5)."""
    rows = []
    for name, cards in others.items():
        over = tk.position(
            completed={0: emperor_cards, 1: cards}, emperor=0, final_turns_left=0, phase="over"
        )
        outcome = over.outcome()
        assert outcome is not None  # built over: its outcome is final
        for player, total in enumerate(outcome.scores):
            rows.append(
                {
                    "game": name,
                    "player": f"player {player}",
                    "total": total,
                    "panda points": outcome.breakdown[player]["panda"],
                    "wins": "yes" if player in outcome.winners else "no",
                }
            )
    return Table(rows)


def cards_met(state: tk.State, player: int, cards: Iterable[str]) -> Table:
    """Each objective card of ``cards``: what it asks for, in full, and whether ``player``'s
    garden meets it now (``tk.objective_met``)."""
    rows = []
    for card in cards:
        if card not in tk.CARDS:
            raise ValueError(f"unknown objective card {card!r:.20}")
        rows.append(
            {
                "card": card,
                "asks for": tk.CARDS[card].describe().split(": ", 1)[-1],
                "met now": "yes" if tk.objective_met(state, player, card) else "no",
            }
        )
    return Table(rows).set_index("card")


def panda_trips(state: tk.State, targets: Iterable[str]) -> Table:
    """Player 0's panda sent to each place of ``targets`` (``"2,0"``) from ``state``: the bamboo
    there before and the sections it ate (an enclosure or no bamboo: none, TK-PAN-3, TK-IMP-3)."""
    rows = []
    for target in targets:
        after = play(state, "action panda", f"panda {target}")
        rows.append(
            {
                "the panda goes to": target,
                "bamboo there before": state.bamboo.get(after.panda, 0),
                "sections eaten": sum(after.eaten[0]) - sum(state.eaten[0]),
            }
        )
    return Table(rows).set_index("the panda goes to")


def rule_checks(state: tk.State, moves: Iterable[str]) -> Table:
    """Each move of ``moves`` (in the board's words, see :func:`move`) asked of ``tk.explain``,
    in the rulebook's words: may it be played, and if not the rule it breaks."""
    rows = []
    for words in moves:
        action = move(state, words)
        answer = tk.explain(state, action)
        rows.append(
            {
                "move": label(action, state),
                "may it be played?": "yes" if answer.legal else "no",
                "why not": "" if answer.legal else f"{reason_words(answer.reason)} ({answer.rule})",
            }
        )
    return Table(rows).set_index("move")


def channel_checks(state: tk.State, tried: Iterable[str] = ()) -> Table:
    """Every edge where a channel may go now (``tk.legal_channel_edges``), then the channels of
    ``tried`` (notation), each with the rule that refuses it (TK-IRR-3, TK-IRR-4)."""
    legal = [str(tk.PlaceChannel(edge)) for edge in tk.legal_channel_edges(state)]
    return rule_checks(state, [*legal, *(move for move in tried if move not in legal)])


def supply_rules(place: str = "1,0") -> Table:
    """The rain on a pink plot when the box holds no pink section left, under each reading of
    the bamboo supply (``tk.Options(bamboo_supply=...)``): may it grow there?"""
    rows = []
    for rule in ("unlimited", "limited"):
        options = tk.Options(bamboo_supply=rule)
        pink_out = tk.position(
            plots=[(1, 0, "P", 1)], eaten={1: (0, 0, 23)}, phase="roll", options=options
        )
        rained = play(pink_out, "roll rain")
        rows.append(
            {
                "bamboo supply": rule,
                "pink sections left in the box": pink_out.bamboo_reserve[2],
                f"the rain may grow {place}": (
                    "yes" if tk.explain(rained, f"grow {place}").legal else "no"
                ),
            }
        )
    return Table(rows).set_index("bamboo supply")


def storm_readings(*plots: Any, **position: Any) -> Table:
    """Where the storm may send the panda (TK-W-4), in words, under each reading of
    ``tk.Options(storm_target_includes_pond=...)``, from ``garden(*plots, **position)`` (a
    position about to roll the die)."""
    rows = []
    for pond in (False, True):
        start = garden(*plots, **position, options=tk.Options(storm_target_includes_pond=pond))
        stormy = play(start, "roll storm")
        rows.append(
            {
                "storm_target_includes_pond": str(pond),
                "the player may": " · ".join(label(a, stormy) for a in stormy.legal_actions()),
            }
        )
    return Table(rows).set_index("storm_target_includes_pond")


def height_match_readings(plots: list[Any], card: str) -> Table:
    """Whether gardener objective ``card`` (its words or id) is met by the garden of ``plots``
    (in words, see :func:`garden`) under each reading of ``tk.Options(gardener_height_match=...)``
    (TK-CMP-5: exactly the height, or at least)."""
    card = card_named(card)
    asks = objective_words(card).split(": ", 1)[-1]
    rows = []
    for match in ("exact", "at_least"):
        grove = garden(*plots, options=tk.Options(gardener_height_match=match))
        met = tk.objective_met(grove, 0, card)
        rows.append({"gardener_height_match": match, f"{asks}: met": "yes" if met else "no"})
    return Table(rows).set_index("gardener_height_match")


def redraw_readings(plots: list[Any]) -> Table:
    """Player 0 draws a plot objective in the garden of ``plots`` (in words, see
    :func:`garden`) under each reading of ``tk.Options(redraw_if_already_complete=...)``
    (TK-CMP-7): the top card of the plot deck and the hand after the draw."""
    rows = []
    for redraw in (False, True):
        options = tk.Options(redraw_if_already_complete=redraw)
        start = garden(*plots, options=options)
        drawn = play(start, "action objective", "draw plot")
        rows.append(
            {
                "redraw_if_already_complete": str(redraw),
                "top plot card": start.decks[0][0],
                "hand after the draw": " ".join(drawn.hands[0]),
            }
        )
    return Table(rows).set_index("redraw_if_already_complete")


def fertilizer_readings() -> Table:
    """A fertilized first growth and a fertilized rain under each reading of the fertilizer
    (``tk.Options(fertilizer_on_first_growth=..., fertilizer_on_rain=...)``, TK-IMP-4): a pink
    plot placed at -1,1 with a fertilizer chip, and the rain on the fertilized yellow 1,-1."""
    rows = []
    for doubled in (True, False):
        options = tk.Options(fertilizer_on_first_growth=doubled, fertilizer_on_rain=doubled)
        placing = tk.position(
            plots=[(1, 0, "GF", 3), (1, -1, "YF", 1)],
            phase="place_plot",
            used=["plot"],
            drawn=["Y", "G"],
            kept="P",
            stored_improvements={0: (0, 0, 1)},
            options=options,
        )
        first = play(placing, "plot -1,1 +fertilizer").bamboo[tk.Hex(-1, 1)]
        wet = tk.position(plots=[(1, -1, "YF", 1)], phase="roll", options=options)
        rain = play(wet, "roll rain", "grow 1,-1").bamboo[tk.Hex(1, -1)]
        rows.append(
            {
                "the fertilizer doubles": "every growth" if doubled else "not these two",
                "first growth with a fertilizer": first,
                "rain on a fertilized 1": rain,
            }
        )
    return Table(rows).set_index("the fertilizer doubles")


_P13_GREENS = {"A": [(1, -1), (1, 0)], "B": [(1, -1), (2, -1)]}
"""Notebook 11's two gardens of four irrigated plots: which two are green (the rest yellow)."""


def p13_garden(name: str, mirror: bool = False) -> tk.State:
    """Garden ``"A"`` (the mirror image of ``P13``) or ``"B"`` (``P13`` turned): four irrigated
    plots, two green, player 0 holding ``P13``; ``mirror`` allows mirrored shapes."""
    greens = _P13_GREENS[name]
    plots = [
        (q, r, "G" if (q, r) in greens else "Y", 1) for q, r in [(1, -1), (1, 0), (2, -1), (2, 0)]
    ]
    return tk.position(
        plots=plots,
        channels=["1,0/1,-1", "1,0/2,-1", "2,-1/2,0"],
        hands={0: ["P13", "G01", "A01"]},
        options=tk.Options(plot_objective_mirror_allowed=mirror),
    )


def mirror_readings() -> Table:
    """Whether ``P13`` is met in gardens A and B, with and without mirrored shapes allowed
    (``tk.Options(plot_objective_mirror_allowed=...)``, TK-CMP-3)."""
    rows = []
    for name in _P13_GREENS:
        met = {
            mirror: tk.objective_met(p13_garden(name, mirror), 0, "P13") for mirror in (False, True)
        }
        rows.append(
            {
                "garden": name,
                "P13 met": "yes" if met[False] else "no",
                "P13 met with mirror images allowed": "yes" if met[True] else "no",
            }
        )
    return Table(rows).set_index("garden")


def return_readings(seed: int = 7) -> Table:
    """Player 0's first plot action of the game dealt by ``seed`` (keep the second plot drawn,
    place it at 1,-1, return the others first to last) under each reading of
    ``tk.Options(plot_return_position=...)`` (TK-PLOT-1): the pile's two top and bottom plots."""
    rows = []
    for where_to in ("bottom", "top"):
        start = tk.new_game(2, seed=seed, options=tk.Options(plot_return_position=where_to))
        drawing = play(start, "action plot")
        after = play(drawing, "keep 2", "plot 1,-1", "return 2,1")
        rows.append(
            {
                "plot_return_position": where_to,
                "drawn": " ".join(drawing.drawn),
                "top of the pile": " ".join(after.plot_deck[:2]),
                "bottom of the pile": " ".join(after.plot_deck[-2:]),
            }
        )
    return Table(rows).set_index("plot_return_position")


def option_defaults() -> Table:
    """Every rule variant of ``tk.Options`` with the reading the engine plays by default."""
    defaults = tk.Options()
    rows = [
        {"option": field, "default": str(getattr(defaults, field))}
        for field in tk.Options.__dataclass_fields__
    ]
    return Table(rows).set_index("option")


def growth_table(before: tk.State, after: tk.State) -> Table:
    """Each plot of ``before``: its colour, whether it is irrigated, and its bamboo before and
    after (what a move grew, TK-GAR-2)."""
    rows = [
        {
            "plot": f"{plot.q},{plot.r}",
            "colour": COLOUR_NAMES[before.colours[plot]],
            "irrigated": "yes" if tk.is_irrigated(before, plot) else "no",
            "bamboo before": before.bamboo.get(plot, 0),
            "after": after.bamboo.get(plot, 0),
        }
        for plot in sorted(before.tiles)
    ]
    return Table(rows).set_index("plot")


def bamboo_after(state: tk.State, cases: dict[str, tuple[str, list[str]]]) -> Table:
    """For each case ``name: (place, moves)``: the bamboo on ``place`` before and after the
    moves (notation) are played from ``state``."""
    rows = []
    for name, (place, moves) in cases.items():
        plot = tk.Hex(*(int(part) for part in place.split(",")))
        rows.append(
            {
                "case": name,
                "before": state.bamboo.get(plot, 0),
                "after": play(state, *moves).bamboo.get(plot, 0),
            }
        )
    return Table(rows).set_index("case")


def panda_meal(before: tk.State, after: tk.State) -> str:
    """What the panda ate between ``before`` and ``after``, and the bamboo left where it stands,
    in one sentence."""
    eaten = sum(after.eaten[before.player]) - sum(before.eaten[before.player])
    where = after.panda
    sections = {0: "no section", 1: "one section"}.get(eaten, f"{eaten} sections")
    return (
        f"the panda on {where.q},{where.r} ate {sections}; the bamboo there is"
        f" {after.bamboo.get(where, 0)} high"
    )


def moves(state: tk.State) -> Table:
    """What the player to move may do now, one move a row, as the board's move list says it:
    the kind of move and its words (what :func:`play` reads back)."""
    return Table([{"kind": group(a), "move": label(a, state)} for a in state.legal_actions()])


def _refusal(state: tk.State, words: str) -> str:
    """``allowed``, or ``refused: <reason> (<rule>)`` for the move ``words`` in ``state``."""
    answer = tk.explain(state, move(state, words))
    return "allowed" if answer.legal else f"refused: {reason_words(answer.reason)} ({answer.rule})"


def _tile_words(tile: str) -> str:
    """A plot tile in words: ``yellow (printed fertilizer)``."""
    printed = f" (printed {IMPROVEMENT_NAMES[tile[1]]})" if len(tile) > 1 else ""
    return f"{COLOUR_NAMES[tile[0]]}{printed}"


def running_out() -> Table:
    """What happens when something runs out, each asked of the engine: the plot pile
    (TK-PLOT-3), the channels (TK-IRR-7), the bamboo of a plot eaten bare (TK-IRR-8) and the
    hand of objectives (TK-OBJ-2)."""
    ring = sorted(
        (tk.Hex(q, r) for r in range(-3, 4) for q in range(-3, 4) if tk.Hex(q, r).length() > 0),
        key=lambda place: (place.length(), place.r, place.q),
    )
    tiles = sorted(tk.PLOT_TILES)[:25]
    full = tk.position(plots=[(h.q, h.r, tile, 0) for h, tile in zip(ring, tiles, strict=False)])
    drawn = play(full, "plots: draw 3, keep 1").drawn
    bare = tk.position(
        plots=[(1, 0, "G", 1), (1, -1, "Y", 1), (2, -1, "G", 0)], stored_channels={0: 1}
    )
    bare = play(bare, "panda: eat bamboo", "panda to 1,0", "channel between 1,0 and 1,-1")
    no_channel = tk.position(stored_channels={1: 20})
    full_hand = tk.position(hands={0: ["P01", "P02", "G01", "G02", "A01"]})
    rows = [
        ("TK-PLOT-3", "2 plots left in the pile", "the plot action draws "
         + " and ".join(_tile_words(tile) for tile in drawn)),
        ("TK-IRR-7", "no channel left in the reserve",
         _refusal(no_channel, "irrigation: take a channel")),
        ("TK-IRR-8", "a plot eaten bare, then a channel along it",
         f"its bamboo stays at {bare.bamboo[tk.Hex(1, 0)]} sections"),
        ("TK-OBJ-2", "five objectives in hand", _refusal(full_hand, "objective: draw a card")),
    ]  # fmt: skip
    return Table(rows, columns=["rule", "when", "the engine"]).set_index("rule")


def _claim_words(card: str) -> str:
    """The board's words for completing ``card``."""
    return label(tk.Claim(card))


def objective_rules(tall: tk.State) -> Table:
    """Three rules about completing objectives, each played out: a completed card stays
    completed (TK-CMP-2), a card met when drawn is completed at once (TK-CMP-7), and a gardener
    card needs no gardener on its bamboo (TK-CMP-8, in ``tall``, the gardener on the pond)."""
    four = tk.position(plots=[(1, 0, "G", 4)], hands={0: ["P01", "G04", "A01"]})
    eaten = play(four, _claim_words("G04"), "panda: eat bamboo", "panda to 1,0")
    triangle = tk.position(plots=[(1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "GW", 1)])
    drawn = play(triangle, "objective: draw a card", "draw a plot objective")
    card = drawn.hands[0][-1]
    now = play(drawn, _claim_words(card))
    both = play(tall, _claim_words("G01"), _claim_words("G04"))
    on_pond = "on the pond" if both.gardener == tk.POND else "off the pond"
    rows = [
        ("TK-CMP-2", "G04 completed, then the panda eats there",
         f"met now: {'yes' if tk.objective_met(eaten, 0, 'G04') else 'no'};"
         f" completed: {', '.join(eaten.completed[0])}"),
        ("TK-CMP-7", f"{card} drawn, already met", f"completed: {', '.join(now.completed[0])}"),
        ("TK-CMP-8", f"the gardener {on_pond}", f"completed: {', '.join(both.completed[0])}"),
    ]  # fmt: skip
    return Table(rows, columns=["rule", "when", "the engine"]).set_index("rule")


def the_box(state: tk.State) -> Table:
    """What is in the box at the set-up, one kind of piece a row: the plots of each colour,
    plain or with an improvement printed (TK-SET-2), the bamboo sections, and the reserve's
    irrigation channels and improvement chips, which have no colour (TK-SET-3)."""
    colours = [COLOUR_NAMES[colour] for colour in COLOURS]

    def by_colour(piece: str, counts: list[int]) -> dict[str, object]:
        return {"piece": piece, **dict(zip(colours, counts, strict=True)), "in all": sum(counts)}

    rows = [by_colour("plain plots", [tk.PLOT_TILES.count(colour) for colour in COLOURS])]
    for letter in IMPROVEMENTS:
        counts = [tk.PLOT_TILES.count(colour + letter) for colour in COLOURS]
        rows.append(by_colour(f"plots with {IMPROVEMENT_NAMES[letter]} printed", counts))
    rows.append(by_colour("bamboo sections", list(state.bamboo_reserve)))
    rows.append({"piece": "irrigation channels", "in all": state.channel_reserve})
    for letter, chips in zip(IMPROVEMENTS, state.improvement_reserve, strict=True):
        rows.append({"piece": f"{IMPROVEMENT_NAMES[letter]} chips", "in all": chips})
    return Table(rows, columns=["piece", *colours, "in all"]).set_index("piece")
