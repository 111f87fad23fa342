"""Tests of docs/rules/takenoko.md, section "Objectives"."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from takenoko_helpers import (
    KEPT_VARIANTS,
    RING,
    SAMPLE_VARIANTS,
    act,
    channel,
    dealt,
    kept_states,
    legal_texts,
    sample_transitions,
)

from bamboo_lab.core.errors import IllegalActionError, InvalidStateError
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import CARDS, COLOURS, MAX_HEIGHT
from bamboo_lab.games.takenoko.legal import drawable_decks, feasible_actions
from bamboo_lab.games.takenoko.rules import card_reachable, growable_colours, is_objective_met
from bamboo_lab.games.takenoko.scoring import (
    gardener_objective_met,
    panda_objective_met,
    plot_objective_met,
    shoot_may_count,
    tall_counts,
)
from bamboo_lab.games.takenoko.state import State

Hex = tk.Hex


PLOT_CARDS = [card for card in tk.CARDS if card[0] == "P"]


GARDENER_CARDS = [card for card in tk.CARDS if card[0] == "G"]


def _positions(seed: int, every: int = 10) -> list[State]:
    """Every ``every``-th position of a seeded random two-player game."""
    rng = random.Random(seed)
    state = tk.new_game(2, seed)
    out = []
    while not state.is_over():
        if len(state.history) % every == 0:
            out.append(state)
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))], check=False)
    return out


def _fresh(state: State) -> State:
    """The same position with empty caches."""
    return State(state.fields())


def test_TK_OBJ_1_draw_from_the_chosen_deck() -> None:
    """TK-OBJ-1: "The objective action draws one card from the deck of the player's choice." """
    s = act(tk.position(plots=RING), "action objective")
    assert legal_texts(s) == ["draw plot", "draw gardener", "draw panda"]
    top = s.decks[1][0]
    s = act(s, "draw gardener")
    assert s.hands[0][-1] == top and len(s.decks[1]) == 12


def test_TK_OBJ_1_an_objective_completed_at_the_start_cannot_go_back_in_a_deck() -> None:
    start = tk.position(completed={0: ("A01",)})
    later = start
    rng = random.Random(2)
    for _ in range(12):
        legal = later.legal_actions()
        later = later.apply(legal[rng.randrange(len(legal))])
    data = later.to_dict()
    data["players"][0]["completed"].remove("A01")
    data["decks"]["panda"].insert(0, "A01")
    with pytest.raises(InvalidStateError, match="TK-OBJ-1"):
        tk.State.from_dict(data)
    assert tk.State.from_dict(later.to_dict()) == later


def test_TK_OBJ_2_hand_of_five_at_most() -> None:
    """TK-OBJ-2: "A hand holds at most 5 cards; with 5 in hand a player cannot draw." """
    s = tk.position(plots=RING, hands={0: ("P01", "P02", "P03", "G01", "A01")})
    assert "action objective" not in legal_texts(s)
    four = tk.position(plots=RING, hands={0: ("P01", "P02", "G01", "A01")})
    assert "action objective" in legal_texts(four)


def test_TK_OBJ_2_no_objective_draw_is_pending_with_five_in_hand() -> None:
    """TK-OBJ-2: with 5 in hand the objective action cannot be chosen, so no builder or saved
    game holds a pending draw with 5 cards in hand (issue 44: the draw made a hand of 6)."""
    five = {0: ("P01", "P02", "G01", "G02", "A01")}
    with pytest.raises(InvalidStateError, match=r"5 cards in hand.*\(TK-OBJ-2\)"):
        tk.position(phase="objective", used=["objective"], hands=five)
    data = tk.position(phase="objective", used=["objective"]).to_dict()
    del data["start"]
    data["players"][0]["hand"] += ["P02", "G02"]  # 5 in hand, taken from the decks
    data["decks"]["plot"].remove("P02")
    data["decks"]["gardener"].remove("G02")
    with pytest.raises(InvalidStateError, match="TK-OBJ-2"):
        tk.State.from_dict(data)
    four = tk.position(phase="objective", used=["objective"], hands={0: five[0][1:]})
    drawn = act(four, "draw plot")
    assert len(drawn.hands[0]) == 5 and tk.State.from_dict(drawn.to_dict()) == drawn


def test_TK_CMP_1_complete_for_free_several_per_turn() -> None:
    """TK-CMP-1: "A player completes objectives during their own turn, for free, as many as they
    like, by showing the card." """
    s = tk.position(plots=RING, hands={0: ("A01", "A06", "P01", "G01")}, eaten={0: (2, 2, 0)})
    s = act(s, "claim A01", "claim A06")
    assert s.completed[0] == ("A01", "A06") and s.hands[0] == ("P01", "G01")
    assert s.used == () and s.scores() == (7, 0)


def test_TK_CMP_2_completed_objective_never_lost() -> None:
    """TK-CMP-2: "A completed objective is never lost, whatever happens to the garden later." """
    plots = ((1, 0, "G", 4), *RING[1:])
    s = act(tk.position(plots=plots, hands={0: dealt("G04")}), "claim G04")
    s = act(s, "action panda", "panda 1,0")
    assert s.bamboo[Hex(1, 0)] == 3 and s.completed[0] == ("G04",) and s.scores()[0] == 5


def test_TK_CMP_3_plot_shape_rotations_not_mirror_irrigated() -> None:
    """TK-CMP-3: "A plot objective is met when the garden shows the card's shape and colours, in
    any rotation (not mirrored), every plot of it irrigated." """
    # P13 two-colour diamond in card orientation, shifted by (1, 0): green on (2,-1) top and
    # (2,0) middle-right, yellow on (1,0) middle-left and (1,1) bottom.
    card = {Hex(2, -1): "G", Hex(2, 0): "G", Hex(1, 0): "Y", Hex(1, 1): "Y"}
    mirror = {Hex(2, -1): "Y", Hex(2, 0): "G", Hex(1, 0): "Y", Hex(1, 1): "G"}
    everything = set(card)
    assert plot_objective_met("P13", card, everything)
    assert not plot_objective_met("P13", mirror, everything)  # the mirror image does not count
    assert plot_objective_met("P13", mirror, everything, mirror=True)
    for steps in range(6):  # every rotation counts
        turned = {h.rotate(steps): c for h, c in card.items()}
        assert plot_objective_met("P13", turned, set(turned))
        turned_mirror = {h.rotate(steps): c for h, c in mirror.items()}
        assert not plot_objective_met("P13", turned_mirror, set(turned_mirror))
    assert not plot_objective_met("P13", card, everything - {Hex(1, 1)})  # one plot dry
    # in a real garden: the ring plots are irrigated, (2,-1) is dry until a channel reaches it
    plots = ((1, 0, "G", 1), (1, -1, "G", 1), (0, 1, "G", 1), (2, -1, "G", 0), (-1, 1, "Y", 1))
    s = tk.position(
        plots=plots, hands={0: dealt("P01", "P02", "P03", "G01")}, stored_channels={0: 2}
    )
    texts = legal_texts(s)
    assert "claim P02" in texts  # curve (1,-1), (1,0), (0,1)
    assert "claim P01" not in texts and "claim P03" not in texts
    assert tk.plot_objective_placements(s, "P01") == ()
    s = act(s, "channel 1,0/1,-1", "channel 1,0/2,-1")
    texts = legal_texts(s)
    assert "claim P01" in texts and "claim P03" in texts  # line and triangle through (2,-1)
    assert [set(p) for p in tk.plot_objective_placements(s, "P01")] == [
        {Hex(0, 1), Hex(1, 0), Hex(2, -1)}
    ]


def test_TK_CMP_3_mirrored_two_colour_diamond_in_a_garden() -> None:
    """TK-CMP-3 / catalog 10-D2: a mirrored two-colour diamond in a real garden does not count,
    the card's own orientation does."""
    # diamond on (1,-1) top, (1,0) middle-right, (0,... the card shape anchored at (0,0) would
    # use the pond; anchored at (1,-1): cells (2,-2) top, (2,-1) mid-right, (1,-1) mid-left,
    # (1,0) bottom.
    base = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    colours_card = {(2, -2): "G", (2, -1): "G", (1, -1): "Y", (1, 0): "Y"}
    colours_mirror = {(2, -2): "Y", (2, -1): "G", (1, -1): "Y", (1, 0): "G"}
    for colours, met in ((colours_card, True), (colours_mirror, False)):
        plots = []
        for q, r in base:
            plots.append((q, r, colours.get((q, r), "P"), 1))
        plots.append((2, -1, colours[(2, -1)], 1))
        plots.append((2, -2, colours[(2, -2)], 1))
        s = tk.position(
            plots=tuple(plots),
            channels=(
                channel((1, 0), (1, -1)),
                channel((1, -1), (2, -1)),
                channel((2, -1), (2, -2)),
            ),
            hands={0: dealt("P13")},
        )
        assert ("claim P13" in legal_texts(s)) is met
        assert bool(tk.plot_objective_placements(s, "P13")) is met


@pytest.mark.parametrize("seed", [1, 2])
def test_TK_CMP_3_a_successor_never_changes_its_parents_plot_objective_answers(
    seed: int,
) -> None:
    """A parent with an empty cache used to lend it to a successor whose irrigation changed:
    the successor's "met" answers then showed in the parent (and in its claims)."""
    checked = 0
    for position in _positions(seed):
        for action in position.legal_actions():
            parent = _fresh(position)
            child = parent.apply(action, check=False)
            if child.irrigated is parent.irrigated:
                continue
            for card in PLOT_CARDS:
                assert child.plot_card_met(card) == _fresh(child).plot_card_met(card)
            for card in PLOT_CARDS:
                assert parent.plot_card_met(card) == _fresh(position).plot_card_met(card), card
            checked += 1
    assert checked


@pytest.mark.parametrize("variant", range(len(SAMPLE_VARIANTS)))
def test_TK_CMP_3_cached_objective_checks_follow_the_garden(variant: int) -> None:
    """The objective answers a state carries over from its parent (plot cards updated through
    the newly irrigated plots, gardener cards while the bamboo is unchanged) equal a fresh check
    of the whole garden, and plot_objective_met_through finds every new placement."""
    mirror = variant == 2
    exact = not mirror
    for before, _, after in sample_transitions(variant)[::5]:
        fresh = after.irrigated - before.irrigated
        for card in tk.CARDS:
            if card[0] == "P":
                full = plot_objective_met(card, after.colours, after.irrigated, mirror)
                assert after.plot_card_met(card) is full
                through = any(
                    tk.plot_objective_met_through(card, after.colours, after.irrigated, h, mirror)
                    for h in fresh
                )
                assert full is (before.plot_card_met(card) or through)
            elif card[0] == "G":
                full = gardener_objective_met(
                    card, after.colours, after.bamboo, after.improvements, exact
                )
                assert after.gardener_card_met(card) is full


def test_TK_CMP_4_single_shoot_gardener_cards() -> None:
    """TK-CMP-4: "A single-shoot gardener objective needs a bamboo of its colour 4 high on a plot
    with the card's improvement, or with no improvement for the crossed-out card." """
    plots = ((1, 0, "PF", 4), (1, -1, "P", 4), (0, -1, "PE", 3))
    s = tk.position(
        plots=plots, hands={0: ("G11", "G14", "G12", "G13", "P14")}, completed={0: ("A12",)}
    )
    texts = legal_texts(s)
    assert "claim G11" in texts and "claim G14" in texts
    assert "claim G12" not in texts and "claim G13" not in texts
    improved = tk.position(plots=((1, 0, "PF", 4), (1, -1, "PE", 4)), hands={0: dealt("G14")})
    assert "claim G14" not in legal_texts(improved)


def test_TK_CMP_4_ja_worked_example_fertilizer_gardener_completes_five_points() -> None:
    """Worked example 2 (ja): an irrigated pink fertilizer plot with 2 sections; the gardener
    reaches it in a straight line, it grows by 2 to 4, and the 5-point card (pink, height 4,
    fertilizer) is completed in that turn with no extra action or payment."""
    s = tk.position(garden="  0 ~~g   P2F", hands={0: ("G11", "P01", "A01")}, phase="roll")
    s = act(s.apply(tk.Roll("wind")), "action gardener", "gardener 1,0")
    assert s.bamboo[Hex(1, 0)] == 4
    s = act(s, "claim G11")
    assert s.scores()[0] == 5 and s.used == ("gardener",)


@pytest.mark.parametrize("seed", [3, 4])
def test_TK_CMP_4_TK_CMP_5_gardener_answers_carried_to_a_successor_are_its_own(seed: int) -> None:
    """Answers kept across a change of bamboo (only cards of an unchanged colour keep theirs)
    are those a fresh state computes, for the successor and for its parent."""
    checked = 0
    for position in _positions(seed):
        parent = _fresh(position)
        for card in GARDENER_CARDS[::2]:
            parent.gardener_card_met(card)  # a partly filled cache, shared or carried
        for action in position.legal_actions():
            child = parent.apply(action, check=False)
            for card in GARDENER_CARDS:
                assert child.gardener_card_met(card) == _fresh(child).gardener_card_met(card)
            checked += child.bamboo is not parent.bamboo
        for card in GARDENER_CARDS:
            assert parent.gardener_card_met(card) == _fresh(position).gardener_card_met(card)
    assert checked


def test_TK_CMP_4_TK_CMP_5_shoot_helpers() -> None:
    """Single shoot: colour, exactly the improvement, 4 high; multi-shoot: colour, exactly 3
    (at least 3 with the variant); an overgrown bamboo may no longer count when exact."""
    fertilized = tk.CARDS["G01"]  # green, 4 high, fertilizer
    assert tk.shoot_counts(fertilized, "G", "F", 4)
    assert not tk.shoot_counts(fertilized, "G", "E", 4)
    assert not tk.shoot_counts(fertilized, "G", "F", 3)
    assert tk.shoot_may_count(fertilized, "G", "F", 0)
    assert not tk.shoot_may_count(fertilized, "Y", "F", 4)
    bare = tk.CARDS["G04"]  # green, crossed-out improvement
    assert tk.shoot_counts(bare, "G", None, 4) and not tk.shoot_counts(bare, "G", "W", 4)
    three = tk.CARDS["G05"]  # green, 4 bamboos of 3
    assert three.shoots > 1
    assert tk.shoot_counts(three, "G", "E", 3) and not tk.shoot_counts(three, "G", None, 4)
    assert tk.shoot_counts(three, "G", None, 4, exact=False)
    assert not tk.shoot_may_count(three, "G", None, 4)
    assert tk.shoot_may_count(three, "G", None, 4, exact=False)


def test_TK_CMP_5_multi_shoot_exactly_three() -> None:
    """TK-CMP-5: "A multi-shoot gardener objective needs that many bamboos of its colour exactly
    3 high, anywhere, any improvement." """
    plots = ((1, 0, "P", 3), (1, -1, "Y", 1), (0, -1, "PE", 4), (-1, 0, "Y", 1), (-1, 1, "P", 2))
    s = tk.position(plots=plots, hands={0: dealt("G15")})
    assert "claim G15" not in legal_texts(s)  # a 4 is not a 3
    lenient = tk.position(
        plots=plots, hands={0: dealt("G15")}, options={"gardener_height_match": "at_least"}
    )
    assert "claim G15" in legal_texts(lenient)
    plots3 = ((1, 0, "P", 3), (1, -1, "Y", 1), (0, -1, "PE", 3), (-1, 0, "Y", 1))
    assert "claim G15" in legal_texts(tk.position(plots=plots3, hands={0: dealt("G15")}))


def test_TK_CMP_6_panda_payment_back_to_reserve() -> None:
    """TK-CMP-6: "A panda objective is paid with sections from the player's board, which go back
    to the reserve; a section pays for one card only; bamboo in the garden or on other boards
    cannot pay." """
    s = tk.position(plots=RING, hands={0: dealt("A13", "A01")}, eaten={0: (2, 1, 1), 1: (5, 5, 5)})
    reserve = s.bamboo_reserve
    s = act(s, "claim A13")
    assert s.eaten[0] == (1, 0, 0)
    assert s.bamboo_reserve == (reserve[0] + 1, reserve[1] + 1, reserve[2] + 1)
    assert "claim A01" not in legal_texts(s)  # one green left; the other board cannot pay
    with pytest.raises(IllegalActionError):
        s.apply(tk.Claim("A01"))


def test_TK_CMP_6_sections_missing() -> None:
    """The sections a board still lacks for a panda card; 0 when it pays."""
    card = tk.CARDS["A13"]  # one of each colour
    assert card.sections == (1, 1, 1)
    assert tk.sections_missing(card, (0, 0, 0)) == 3
    assert tk.sections_missing(card, (5, 0, 1)) == 1
    assert tk.sections_missing(card, (1, 1, 1)) == 0


def test_TK_CMP_7_card_met_when_drawn_or_redrawn() -> None:
    """TK-CMP-7: "A card already met when drawn may be completed at once (variant: it goes to the
    bottom and the player draws again)." """
    plots = ((1, 0, "G", 4), *RING[1:])
    s = tk.position(plots=plots)
    top = s.decks[1][0]
    met_top = {c for c in s.decks[1] if tk.objective_met(s, 0, c)}
    s = act(s, "action objective", "draw gardener")
    assert s.hands[0][-1] == top
    if top in met_top:
        assert f"claim {top}" in legal_texts(s)
    # force the order: the met G04 on top of the deck, then play the redraw variant
    d = tk.position(plots=plots, options={"redraw_if_already_complete": True}).to_dict()
    del d["start"]  # a changed position starts its own history
    deck = d["decks"]["gardener"]
    holder = next(p for p in d["players"] if "G04" in p["hand"]) if "G04" not in deck else None
    if holder is not None:
        holder["hand"][holder["hand"].index("G04")] = deck[0]
        deck[0] = "G04"
    else:
        deck.remove("G04")
        deck.insert(0, "G04")
    s = tk.State.from_dict(d)
    after = act(s, "action objective", "draw gardener")
    assert after.hands[0][-1] != "G04" and after.decks[1][-1] == "G04"
    old = dict(d, options={})
    plain = act(tk.State.from_dict(old), "action objective", "draw gardener")
    assert plain.hands[0][-1] == "G04" and "claim G04" in legal_texts(plain)


def test_TK_CMP_8_gardener_need_not_stand_on_the_plot() -> None:
    """TK-CMP-8: "The gardener need not stand on the plot to complete a gardener objective." """
    plots = ((1, 0, "G", 4), *RING[1:])
    s = tk.position(plots=plots, hands={0: dealt("G04")}, gardener=(-1, 0))
    assert "claim G04" in legal_texts(s)


def test_ja_example_fertilizer_turn_completes_five_point_card() -> None:
    """seed-JA worked example 2: an irrigated pink fertilizer plot with 2 sections; the gardener
    reaches it in a straight line, it grows 2 to reach 4, and the 5-point card (pink, 4,
    fertilizer) is completed that turn with no extra action or payment."""
    plots = ((1, 0, "PF", 2), (1, -1, "G", 1), (0, -1, "Y", 1))
    s = tk.position(plots=plots, hands={0: dealt("G11")}, phase="roll")
    s = act(s.apply(tk.Roll("wind")), "action gardener", "gardener 1,0")
    assert s.bamboo[Hex(1, 0)] == 4
    s = act(s, "claim G11")
    assert s.scores()[0] == 5 and s.used == ("gardener",) and s.eaten[0] == (0, 0, 0)


@pytest.mark.parametrize("variant", range(len(SAMPLE_VARIANTS)))
def test_TK_CMP_1_answers_carried_along_whole_games_equal_a_fresh_state(variant: int) -> None:
    """Along whole seeded games, what each state carries from its parent (the claimable
    cards, the gardener and plot answers kept through the plots an action changed, the plots in
    order, the figure moves, the rain's growths) equals what a state with empty caches works
    out, at every position."""
    checked = 0
    for before, action, after in sample_transitions(variant):
        fresh = _fresh(after)
        assert after.claimable() == fresh.claimable(), action
        assert after.legal_actions() == fresh.legal_actions(), action
        assert after.plots_in_order() == fresh.plots_in_order()
        assert after.chip_spots() == fresh.chip_spots() == tk.rules.improvement_spots(fresh)
        grows = tuple(tk.Grow(plot) for plot in tk.rules.rain_targets(fresh))
        assert after.rain_actions() == fresh.rain_actions() == grows, action  # TK-W-2
        for figure in ("gardener", "panda"):  # kept through a plot off the figure's lines
            assert after.moves(figure) == fresh.moves(figure), (action, figure)
            assert after.move_actions(figure) == fresh.move_actions(figure), (action, figure)
        for card in GARDENER_CARDS:
            assert after.gardener_card_met(card) is fresh.gardener_card_met(card), (action, card)
        for card in PLOT_CARDS:
            assert after.plot_card_met(card) is fresh.plot_card_met(card), (action, card)
        checked += after.bamboo is not before.bamboo
    assert checked > 200  # hundreds of positions where the bamboo changed


@pytest.mark.parametrize("variant", range(len(SAMPLE_VARIANTS)))
def test_TK_CMP_1_claimable_cards_equal_the_reference_forms_along_whole_games(variant: int) -> None:
    """The claimable cards (``State.claimable``: kept answers, the tall-count table, the panda
    card's sections inlined) equal the rules' reference forms, card by card, at every position
    of whole seeded games: the plot pattern on the irrigated plots (TK-CMP-3), the bamboos
    counted one by one (TK-CMP-4, TK-CMP-5), the sections on the player's board (TK-CMP-6)."""
    claimed = 0
    for _, _, state in sample_transitions(variant):
        opts = state.options
        seat = state.player
        expected = []
        for card in state.hands[seat]:
            if card[0] == "P":
                met = plot_objective_met(
                    card, state.colours, state.irrigated, opts.plot_objective_mirror_allowed
                )
            elif card[0] == "G":
                exact = opts.gardener_height_match == "exact"
                met = gardener_objective_met(
                    card, state.colours, state.bamboo, state.improvements, exact
                )
            else:
                met = panda_objective_met(card, state.eaten[seat])
            if met:
                expected.append(card)
        assert state.claimable() == tuple(expected)
        claimed += bool(expected)
    assert claimed > 20


@pytest.mark.parametrize("variant", range(len(SAMPLE_VARIANTS)))
def test_TK_CMP_1_each_rule_changes_only_the_fields_it_declares(variant: int) -> None:
    """The kept answers are shared while the fields they read stay the same objects, and the
    step looks only at the fields a handler declares (``core.step.writes``): along whole
    seeded games, every other field of the successor is the state's own object."""
    changed = 0
    kept_names = {kept.name for kept in tk.State.kept_values}
    seen: set[str] = set()
    for before, action, after in sample_transitions(variant):
        declared = tk.State.handlers[type(action)].writes  # type: ignore[attr-defined]
        for name, value in after.fields().items():
            if name not in declared and name not in ("history", "start"):
                assert value is before.__dict__[name], (action, name)
        changed += after.bamboo is not before.bamboo
        seen.update(before.__dict__["_kept"])  # every value kept is declared (else never dropped)
    assert changed > 50
    assert seen <= kept_names and len(seen) >= 4, seen


@pytest.mark.parametrize("variant", range(len(KEPT_VARIANTS)))
def test_TK_CMP_4_TK_CMP_5_tall_counts_carried_along_whole_games_equal_a_fresh_count(
    variant: int,
) -> None:
    """The tall bamboo counts a state carries from its parent (updated on the plots the action
    changed) equal a count over the whole garden, at every position."""
    states = kept_states(variant)
    changed = 0
    for before, after in pairwise(states):
        kept = after.tall_counts()
        assert kept == tall_counts(after.colours, after.bamboo, after.improvements)
        changed += kept != before.tall_counts()
    assert changed > 50


def _reachable_plot_by_plot(state: tk.State, player: int, card: str) -> bool:
    """card_reachable's reading, plot by plot (the rules of its docstring, from scratch)."""
    growable = growable_colours(state)
    if is_objective_met(state, player, card):
        return True
    info = CARDS[card]
    colours, irrigated, improvements, bamboo = (
        state.colours,
        state.irrigated,
        state.improvements,
        state.bamboo,
    )
    if info.deck == "plot":
        return False
    if info.deck == "gardener":
        grow = info.colour in growable
        if info.shoots == 1:
            return grow and any(
                colours[place] == info.colour
                and shoot_may_count(info, info.colour, improvements.get(place), bamboo[place])
                for place in irrigated
            )
        exact = state.options.gardener_height_match == "exact"
        count = 0
        for place, colour in colours.items():
            if colour != info.colour:
                continue
            height, enclosed = bamboo[place], improvements.get(place) == "E"
            if exact and height == MAX_HEIGHT and enclosed:
                continue
            if (grow and place in irrigated) or height >= 3:
                count += 1
        return count >= info.shoots
    eaten = state.eaten[player]
    for colour_index, need in enumerate(info.sections):
        if eaten[colour_index] >= need:
            continue
        colour = COLOURS[colour_index]
        grow = colour in growable
        if not any(
            colours[place] == colour
            and improvements.get(place) != "E"
            and ((grow and place in irrigated) or bamboo[place] > 0)
            for place in colours
        ):
            return False
    return True


@pytest.mark.parametrize("variant", range(len(KEPT_VARIANTS)))
def test_TK_CMP_4_TK_CMP_6_dead_garden_reachability_from_the_garden_summary_is_plot_by_plot(
    variant: int,
) -> None:
    """card_reachable, read from a summary of the garden kept per garden (the cheaper test
    first), answers as the plot-by-plot reading for every card and seat, at positions of whole
    games (frozen gardens or not)."""
    for state in kept_states(variant, 3)[::9]:
        for player in range(state.num_players):
            for card in CARDS:
                expected = _reachable_plot_by_plot(state, player, card)
                assert card_reachable(state, player, card) is expected, (card, player)


@pytest.mark.parametrize(
    ("empty_deck_option", "offered"), [("choose_other_deck", True), ("action_unavailable", False)]
)
def test_TK_OBJ_2_catalog_8_one_empty_deck_leaves_the_action_as_the_option_says(
    empty_deck_option: str, offered: bool
) -> None:
    """TK-OBJ-1/2, catalog 8: with the plot deck empty, the objective action is still offered
    (drawing from the other decks) or not at all, as the option reads; the turn's choices and
    the decks offered for the draw agree."""
    data = tk.position(plots=RING, hands={0: ("P01", "G01", "A01")}).to_dict()
    del data["start"]  # a changed position starts its own history
    data["options"] = {"objective_deck_empty": empty_deck_option}
    spare = data["decks"]["plot"]  # out of the deck, still counted: completed by both players
    data["players"][0]["completed"] += spare[::2]
    data["players"][1]["completed"] += spare[1::2]
    data["decks"]["plot"] = []
    state = tk.State.from_dict(data)
    assert ("action objective" in legal_texts(state)) is offered
    assert ("objective" in feasible_actions(state)) is offered
    assert drawable_decks(state) == (("gardener", "panda") if offered else ())
