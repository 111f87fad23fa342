"""Tests of docs/rules/takenoko.md, section "A reading of our own: the dead garden".

A frozen garden is built with all 27 plots, all 20 channels and all 9 chips placed. Yellow and
pink plots never touch a plot of their own colour (a 3-colouring of the hex grid), so no plot
objective needing two adjacent yellow or pink plots (P05-P15) can ever be met. With both hands
full of those cards the garden is dead; each near-dead variant changes one thing the rules still
let a player use, and the test checks the game does not end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import HAND_LIMIT
from bamboo_lab.games.takenoko.geometry import EDGE_ENDS, POND, edge_info
from bamboo_lab.games.takenoko.legal import DECK_INDEX, drawable_decks
from bamboo_lab.games.takenoko.rules import card_reachable, growable_colours, is_dead_garden

_DEAD_HANDS = {0: ("P05", "P06", "P07", "P08", "P09"), 1: ("P10", "P11", "P12", "P13", "P14")}
_SETUP_DONE = {0: ("G10", "A14"), 1: ("G11", "A15")}
"""The gardener and panda cards dealt at setup (TK-SET-4), already completed: out of the hands."""


def _frozen_plots(skip: int = 0) -> tuple[tuple[Any, ...], ...]:
    """27 plots on rings 1-3: yellow on hex class 1, pink on class 2, green on class 0 and the
    rest of class 2, so no two yellow and no two pink plots are adjacent. The 9 chips sit on
    plain yellow and pink plots. ``skip`` leaves that many outer plots out for the pile."""
    ring12 = [Hex(q, r) for q in range(-2, 3) for r in range(-2, 3) if 0 < Hex(q, r).length() <= 2]
    ring3 = [
        Hex(q, r)
        for q in range(-3, 4)
        for r in range(-3, 4)
        if Hex(q, r).length() == 3 and 0 not in (q, r, -q - r)  # not a corner of ring 3
    ]
    by_class: dict[int, list[Hex]] = {0: [], 1: [], 2: []}
    for h in sorted(ring12) + sorted(ring3):
        by_class[(h.q - h.r) % 3].append(h)
    yellow = ["YW", "YE", "YF"] + ["Y"] * 6
    pink = ["PW", "PE", "PF"] + ["P"] * 4
    green = ["GW", "GW", "GE", "GE", "GF"] + ["G"] * 6
    cells = list(zip(by_class[1], yellow, strict=False))
    cells += list(zip(by_class[2], pink, strict=False))
    rest = by_class[2][len(pink) :] + by_class[0]
    cells += list(zip(rest, green, strict=False))
    assert len(cells) == 27
    chips = iter("WWWEEEFFF")
    rows: list[tuple[Any, ...]] = []
    for h, tile in cells:
        chip = next(chips, None) if len(tile) == 1 and tile[0] != "G" else None
        rows.append((h.q, h.r, tile, 0, chip) if chip else (h.q, h.r, tile, 0))
    outer = [k for k, row in enumerate(rows) if Hex(row[0], row[1]).length() == 3]
    dropped = set(outer[len(outer) - skip :]) if skip else set()
    return tuple(row for k, row in enumerate(rows) if k not in dropped)


def _channels(plots: tuple[tuple[Any, ...], ...], count: int) -> tuple[Edge, ...]:
    """``count`` channels forming one network from the pond corners, between placed plots."""
    placed = {Hex(p[0], p[1]) for p in plots}
    laid: list[Edge] = []
    candidates = sorted(e for e, (a, b) in EDGE_ENDS.items() if a in placed and b in placed)
    while len(laid) < count:
        for e in candidates:
            if e in laid:
                continue
            _, _, c1, c2, touching = edge_info(e)
            if POND in (c1, c2) or any(t in laid for t in touching):
                laid.append(e)
                break
    return tuple(laid)


def _garden(
    *,
    hands: dict[int, tuple[str, ...]] | None = None,
    skip_plots: int = 0,
    channels: int = 20,
    stored_channels: dict[int, int] | None = None,
    unplaced_chip: int | None = None,
    **kw: Any,
) -> tk.State:
    """A garden frozen except for what the arguments leave unused; player 0 ends the turn next.

    ``unplaced_chip``: the seat whose board keeps one watershed chip (``-1``: the reserve)."""
    plots = _frozen_plots(skip_plots)
    if unplaced_chip is not None:  # the first chip (a watershed) stays off the garden
        i = next(k for k, p in enumerate(plots) if len(p) == 5)
        plots = (*plots[:i], plots[i][:4], *plots[i + 1 :])
    s = tk.position(
        plots=plots,
        channels=_channels(plots, channels),
        hands=_DEAD_HANDS if hands is None else hands,
        completed=_SETUP_DONE,
        stored_channels=stored_channels,
        stored_improvements={unplaced_chip: (1, 0, 0)} if unplaced_chip in (0, 1) else None,
        used=("gardener", "panda"),
        **kw,
    )
    return s


def test_frozen_garden_with_full_hands_of_impossible_cards_is_dead() -> None:
    """The baseline: everything placed, every hand full of shapes that can never appear."""
    s = _garden()
    assert not s.plot_deck and s.channel_reserve == 0 and not any(s.improvement_reserve)
    assert not any(tk.objective_met(s, p, c) for p in (0, 1) for c in s.hands[p])
    assert is_dead_garden(s)
    end = s.apply(tk.EndTurn())
    assert end.is_over() and end.outcome() is not None
    assert "Dead garden" in end.outcome().reason  # type: ignore[union-attr]
    off = _garden(options={"end_on_dead_garden": False}).apply(tk.EndTurn())
    assert not off.is_over()


def test_dead_garden_not_while_a_channel_is_left() -> None:
    """TK-IRR-2: a stored channel (or one in the reserve) can still irrigate a plot."""
    for kw in ({"stored_channels": {1: 1}}, {}):
        s = _garden(channels=19, **kw)
        assert not is_dead_garden(s)
        assert not s.apply(tk.EndTurn()).is_over()


def test_dead_garden_not_while_a_chip_is_left() -> None:
    """TK-IMP-2: a chip on a board, or in the reserve for the clouds, can still change a plot."""
    for seat in (0, 1, -1):
        s = _garden(unplaced_chip=seat)
        assert not is_dead_garden(s)
        assert not s.apply(tk.EndTurn()).is_over()


def test_dead_garden_not_while_a_plot_is_left_in_the_pile() -> None:
    """TK-PLOT-1: a plot still in the pile can still complete a shape."""
    s = _garden(skip_plots=1)
    assert len(s.plot_deck) == 1
    assert not is_dead_garden(s)
    assert not s.apply(tk.EndTurn()).is_over()


def test_dead_garden_not_while_a_hand_has_room_to_draw() -> None:
    """TK-OBJ-1/TK-OBJ-2: a player with fewer than 5 cards can still draw a reachable card."""
    hands = {0: _DEAD_HANDS[0], 1: _DEAD_HANDS[1][:4]}
    s = _garden(hands=hands)
    assert not is_dead_garden(s)
    assert not s.apply(tk.EndTurn()).is_over()
    # only when every deck left is out of reach (objective action unavailable: one deck empty)
    d = s.to_dict()
    del d["start"]  # a changed position starts its own history
    d["options"] = {"objective_deck_empty": "action_unavailable"}
    spare = d["decks"]["plot"]
    d["decks"]["plot"] = []
    d["players"][0]["completed"] += spare
    assert is_dead_garden(tk.State.from_dict(d))


def test_dead_garden_not_while_a_gardener_card_can_grow() -> None:
    """TK-GAR-2 / TK-W-2: bamboo still grows on irrigated plots, so a gardener card with an
    irrigated plot of its colour and improvement is within reach even at height 0."""
    for card in ("G04", "G03", "G05", "G13", "G15"):
        hands = {0: (*_DEAD_HANDS[0][:4], card), 1: _DEAD_HANDS[1]}
        s = _garden(hands=hands)
        assert card_reachable(s, 0, card), card
        assert not is_dead_garden(s)
        assert not s.apply(tk.EndTurn()).is_over()


def test_dead_garden_not_while_a_panda_card_can_be_paid() -> None:
    """TK-PAN-2 / TK-CMP-6: bamboo can still be grown and eaten, or is already on the board."""
    hands = {0: (*_DEAD_HANDS[0][:4], "A13"), 1: _DEAD_HANDS[1]}
    s = _garden(hands=hands)
    assert not is_dead_garden(s)
    paid = _garden(hands=hands, eaten={0: (1, 1, 1)})
    assert tk.objective_met(paid, 0, "A13") and not is_dead_garden(paid)


def test_dead_garden_not_while_a_card_in_the_other_hand_is_reachable() -> None:
    """Every player's hand counts, not only the one whose turn ends."""
    hands = {0: _DEAD_HANDS[0], 1: (*_DEAD_HANDS[1][:4], "A06")}
    s = _garden(hands=hands)
    assert not is_dead_garden(s)
    assert not s.apply(tk.EndTurn()).is_over()
    # G09 (yellow, no improvement) is truly out of reach: every plain yellow plot has a chip
    hands = {0: _DEAD_HANDS[0], 1: (*_DEAD_HANDS[1][:4], "G09")}
    s = _garden(hands=hands)
    assert all(s.improvements.get(h) for h, c in s.colours.items() if c == "Y")
    assert is_dead_garden(s)


def test_card_reachable_multi_shoot_by_eating_a_four_down() -> None:
    """TK-CMP-5 (exactly 3): a bamboo of 4 can still be eaten down to 3 unless enclosed; with no
    growth left (limited supply, no pink anywhere to pay back) only eating helps."""
    limited = {"bamboo_supply": "limited"}
    full = {0: ("P01", "P02", "P03", "G01", "G15"), 1: ("P04", "P05", "P06", "G02", "A01")}
    done = {0: ("A02",)}  # player 0's panda card dealt at setup (TK-SET-4)
    both = ((1, 0, "P", 4), (1, -1, "P", 4), (0, -1, "Y", 1))
    s = tk.position(plots=both, hands=full, eaten={1: (0, 0, 16)}, completed=done, options=limited)
    assert s.bamboo_reserve[2] == 0 and "P" not in growable_colours(s)
    assert card_reachable(s, 0, "G15")  # eat both to 3
    one_enclosed = ((1, 0, "PE", 4), (1, -1, "P", 4), (0, -1, "Y", 1))
    s = tk.position(
        plots=one_enclosed, hands=full, eaten={1: (0, 0, 16)}, completed=done, options=limited
    )
    assert not card_reachable(s, 0, "G15")  # the enclosed 4 is stuck at 4
    lenient = tk.position(
        plots=one_enclosed,
        hands=full,
        eaten={1: (0, 0, 16)},
        completed=done,
        options={**limited, "gardener_height_match": "at_least"},
    )
    assert card_reachable(lenient, 0, "G15")  # "at least 3": 4 and 4 do


def test_card_reachable_limited_supply_refilled_by_a_drawable_panda_card() -> None:
    """TK-BAM-2 (limited) / TK-CMP-6: paying a panda card puts sections back in the reserve, so
    a colour with none left can grow again if someone can still draw and pay such a card."""
    limited = {"bamboo_supply": "limited"}
    plots = ((1, 0, "P", 1), (1, -1, "P", 1), (0, -1, "Y", 1))
    roomy = {0: ("P01", "G14"), 1: ("P04", "P05", "P06", "G02", "A01")}
    done = {0: ("A02",)}  # player 0's panda card dealt at setup (TK-SET-4)
    s = tk.position(
        plots=plots, hands=roomy, eaten={1: (0, 0, 22)}, completed=done, options=limited
    )
    assert s.bamboo_reserve[2] == 0
    # player 0 can draw A10-A15 and pay pink by eating the two pink sections
    assert "P" in growable_colours(s) and card_reachable(s, 0, "G14")
    full = {0: ("P01", "G14", "P02", "P03", "G01"), 1: ("P04", "P05", "P06", "G02", "A01")}
    s = tk.position(plots=plots, hands=full, eaten={1: (0, 0, 22)}, completed=done, options=limited)
    assert "P" not in growable_colours(s) and not card_reachable(s, 0, "G14")


def test_dead_garden_is_never_declared_while_playing_on_reaches_a_claim() -> None:
    """Soundness in play: from near-dead gardens, random legal play with the option off never
    completes an objective the prover called out of reach (a cheap empirical check)."""
    s = _garden(options={"end_on_dead_garden": False})
    assert is_dead_garden(s)
    rng = random.Random(3)
    for _ in range(400):
        legal = s.legal_actions()
        assert not any(isinstance(a, tk.Claim) for a in legal)
        s = s.apply(legal[rng.randrange(len(legal))], check=False)


def test_dead_garden_ends_the_game() -> None:
    """Options.end_on_dead_garden: a garden where no objective can ever be completed again ends
    the game (our reading; the rules are silent), and ``False`` plays on."""
    rng = random.Random(5)
    for seed in range(200):
        s = tk.new_game(2, seed)
        while not s.is_over():
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))], check=False)
        if s.emperor is None:
            break
    else:
        pytest.skip("no dead garden in these seeds")
    out = s.outcome()
    assert out is not None and "Dead garden" in out.reason
    assert is_dead_garden(s)
    assert not s.plot_deck and s.channel_reserve == 0 and not any(s.stored_channels)
    # the same position with the option off goes on
    d = s.to_dict()
    d["options"] = {"end_on_dead_garden": False}
    d["phase"] = "actions"
    d["used"] = ["irrigation", "objective"]
    d["allowed"] = 2
    d["history"] = []  # a changed position starts its own history (TK-TURN-1)
    again = tk.State.from_dict(d)
    nxt = again.apply(tk.EndTurn())
    assert not nxt.is_over()


def test_growable_colours_limited_supply() -> None:
    """TK-BAM-2 (limited): with no pink in the reserve and no panda card that could pay pink
    back, pink can never grow again; a payable pink panda card brings it back."""
    full = {
        0: ("P01", "P02", "P03", "G01", "A01"),
        1: ("P04", "P05", "P06", "G02", "A06"),
    }
    plots = ((1, 0, "P", 1), (1, -1, "P", 1))
    s = tk.position(
        plots=plots, hands=full, eaten={1: (0, 0, 22)}, options={"bamboo_supply": "limited"}
    )
    assert s.bamboo_reserve[2] == 0
    assert growable_colours(s) == frozenset({"G", "Y"})
    payer = dict(full)
    payer[1] = ("P04", "P05", "P06", "G02", "A10")  # two pink, and player 1 holds 22 pink
    s = tk.position(
        plots=plots, hands=payer, eaten={1: (0, 0, 22)}, options={"bamboo_supply": "limited"}
    )
    assert growable_colours(s) == frozenset({"G", "Y", "P"})
    assert growable_colours(tk.position(plots=plots)) == frozenset({"G", "Y", "P"})


def test_card_reachable_in_a_frozen_garden() -> None:
    """The dead-garden test: a missing plot shape is out of reach, a gardener card with an
    irrigated plot of its colour and improvement is not; a panda card needs an edible colour."""
    plots = ((1, 0, "G", 1), (1, -1, "G", 1), (0, -1, "YE", 1))
    s = tk.position(plots=plots)
    assert not card_reachable(s, 0, "P12")  # no pink at all
    assert card_reachable(s, 0, "G04")  # green, no improvement, irrigated
    assert not card_reachable(s, 0, "G12")  # pink with an enclosure: none
    assert not card_reachable(s, 0, "A10")  # two pink: nothing pink to eat
    assert card_reachable(s, 0, "A01")  # two green
    assert not card_reachable(s, 0, "A06")  # yellow only on an enclosure


def _dead_by_every_card(state: tk.State) -> bool:
    """The dead-garden answer worked out card by card in seat order (the reference)."""
    chips = any(any(stored) for stored in state.stored_improvements)
    if state.plot_deck or state.drawn or state.kept is not None or state.channel_reserve:
        return False
    if any(state.stored_channels) or any(state.improvement_reserve) or chips:
        return False
    growable = growable_colours(state)
    for seat in range(state.num_players):
        cards = list(state.hands[seat])
        if len(cards) < HAND_LIMIT:
            for kind in drawable_decks(state):
                cards.extend(state.decks[DECK_INDEX[kind]])
        if any(card_reachable(state, seat, card, growable) for card in cards):
            return False
    return True


def test_dead_garden_answer_is_the_same_whatever_card_was_asked_first() -> None:
    """The check asks first the card that last kept some garden alive (a hint carried from one
    call to the next): over the frozen gardens of seeded random games, in a shuffled order and
    from games of other player counts, its answer is the card-by-card answer."""
    frozen = []
    for players, seed in ((2, 1), (2, 2), (3, 3), (4, 4)):
        rng = random.Random(seed)
        state = tk.new_game(players, seed)
        while not state.is_over():
            if not state.plot_deck and not state.channel_reserve:
                frozen.append(state)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))], check=False)
    random.Random(0).shuffle(frozen)
    assert len(frozen) > 300
    for state in frozen:
        assert is_dead_garden(state) is _dead_by_every_card(state)
