"""Takenoko objectives, completion, end of game and scoring (TK-OBJ-*, TK-CMP-*, TK-END-*)."""

from __future__ import annotations

import pytest
from takenoko_helpers import RING, act, channel, legal_texts

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.scoring import plot_objective_met

H = tk.Hex


def test_TK_OBJ_1_draw_from_the_chosen_deck() -> None:
    """TK-OBJ-1: "The objective action draws one card from the deck of the player's choice." """
    s = act(tk.position(plots=RING), "action objective")
    assert legal_texts(s) == ["draw plot", "draw gardener", "draw panda"]
    top = s.decks[1][0]
    s = act(s, "draw gardener")
    assert s.hands[0][-1] == top and len(s.decks[1]) == 12


def test_TK_OBJ_2_hand_of_five_at_most() -> None:
    """TK-OBJ-2: "A hand holds at most 5 cards; with 5 in hand a player cannot draw." """
    s = tk.position(plots=RING, hands={0: ("P01", "P02", "P03", "G01", "A01")})
    assert "action objective" not in legal_texts(s)
    four = tk.position(plots=RING, hands={0: ("P01", "P02", "P03", "G01")})
    assert "action objective" in legal_texts(four)


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
    s = act(tk.position(plots=plots, hands={0: ("G04",)}), "claim G04")
    s = act(s, "action panda", "panda 1,0")
    assert s.bamboo[H(1, 0)] == 3 and s.completed[0] == ("G04",) and s.scores()[0] == 5


def test_TK_CMP_3_plot_shape_rotations_not_mirror_irrigated() -> None:
    """TK-CMP-3: "A plot objective is met when the garden shows the card's shape and colours, in
    any rotation (not mirrored), every plot of it irrigated." """
    # P13 two-colour diamond in card orientation, shifted by (1, 0): green on (2,-1) top and
    # (2,0) middle-right, yellow on (1,0) middle-left and (1,1) bottom.
    card = {H(2, -1): "G", H(2, 0): "G", H(1, 0): "Y", H(1, 1): "Y"}
    mirror = {H(2, -1): "Y", H(2, 0): "G", H(1, 0): "Y", H(1, 1): "G"}
    everything = set(card)
    assert plot_objective_met("P13", card, everything)
    assert not plot_objective_met("P13", mirror, everything)  # the mirror image does not count
    assert plot_objective_met("P13", mirror, everything, mirror=True)
    for steps in range(6):  # every rotation counts
        turned = {h.rotate(steps): c for h, c in card.items()}
        assert plot_objective_met("P13", turned, set(turned))
        turned_mirror = {h.rotate(steps): c for h, c in mirror.items()}
        assert not plot_objective_met("P13", turned_mirror, set(turned_mirror))
    assert not plot_objective_met("P13", card, everything - {H(1, 1)})  # one plot dry
    # in a real garden: the ring plots are irrigated, (2,-1) is dry until a channel reaches it
    plots = ((1, 0, "G", 1), (1, -1, "G", 1), (0, 1, "G", 1), (2, -1, "G", 0), (-1, 1, "Y", 1))
    s = tk.position(plots=plots, hands={0: ("P01", "P02", "P03", "G01")}, stored_channels={0: 2})
    texts = legal_texts(s)
    assert "claim P02" in texts  # curve (1,-1), (1,0), (0,1)
    assert "claim P01" not in texts and "claim P03" not in texts
    assert tk.plot_objective_placements(s, "P01") == ()
    s = act(s, "channel 1,0/1,-1", "channel 1,0/2,-1")
    texts = legal_texts(s)
    assert "claim P01" in texts and "claim P03" in texts  # line and triangle through (2,-1)
    assert [set(p) for p in tk.plot_objective_placements(s, "P01")] == [
        {H(0, 1), H(1, 0), H(2, -1)}
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
            hands={0: ("P13",)},
        )
        assert ("claim P13" in legal_texts(s)) is met
        assert bool(tk.plot_objective_placements(s, "P13")) is met


def test_TK_CMP_4_single_shoot_gardener_cards() -> None:
    """TK-CMP-4: "A single-shoot gardener objective needs a bamboo of its colour 4 high on a plot
    with the card's improvement, or with no improvement for the crossed-out card." """
    plots = ((1, 0, "PF", 4), (1, -1, "P", 4), (0, -1, "PE", 3))
    s = tk.position(plots=plots, hands={0: ("G11", "G14", "G12", "G13")})
    texts = legal_texts(s)
    assert "claim G11" in texts and "claim G14" in texts
    assert "claim G12" not in texts and "claim G13" not in texts
    improved = tk.position(plots=((1, 0, "PF", 4), (1, -1, "PE", 4)), hands={0: ("G14",)})
    assert "claim G14" not in legal_texts(improved)


def test_TK_CMP_5_multi_shoot_exactly_three() -> None:
    """TK-CMP-5: "A multi-shoot gardener objective needs that many bamboos of its colour exactly
    3 high, anywhere, any improvement." """
    plots = ((1, 0, "P", 3), (1, -1, "Y", 1), (0, -1, "PE", 4), (-1, 0, "Y", 1), (-1, 1, "P", 2))
    s = tk.position(plots=plots, hands={0: ("G15",)})
    assert "claim G15" not in legal_texts(s)  # a 4 is not a 3
    lenient = tk.position(
        plots=plots, hands={0: ("G15",)}, options={"gardener_height_match": "at_least"}
    )
    assert "claim G15" in legal_texts(lenient)
    plots3 = ((1, 0, "P", 3), (1, -1, "Y", 1), (0, -1, "PE", 3), (-1, 0, "Y", 1))
    assert "claim G15" in legal_texts(tk.position(plots=plots3, hands={0: ("G15",)}))


def test_TK_CMP_6_panda_payment_back_to_reserve() -> None:
    """TK-CMP-6: "A panda objective is paid with sections from the player's board, which go back
    to the reserve; a section pays for one card only; bamboo in the garden or on other boards
    cannot pay." """
    s = tk.position(plots=RING, hands={0: ("A13", "A01")}, eaten={0: (2, 1, 1), 1: (5, 5, 5)})
    reserve = s.bamboo_reserve
    s = act(s, "claim A13")
    assert s.eaten[0] == (1, 0, 0)
    assert s.bamboo_reserve == (reserve[0] + 1, reserve[1] + 1, reserve[2] + 1)
    assert "claim A01" not in legal_texts(s)  # one green left; the other board cannot pay
    with pytest.raises(IllegalActionError):
        s.apply(tk.Claim("A01"))


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
    s = tk.position(plots=plots, hands={0: ("G04",)}, gardener=(-1, 0))
    assert "claim G04" in legal_texts(s)


# ---------------------------------------------------------------- end of the game


def _finish_turn(s: tk.State) -> tk.State:
    """Play a quick legal turn for the player to move (roll wind, two irrigations, end)."""
    if s.phase == "roll":
        s = s.apply(tk.Roll("wind"))
    return act(s, "action irrigation", "action irrigation", "end")


@pytest.mark.parametrize(("players", "trigger"), [(2, 9), (3, 8), (4, 7)])
def test_TK_END_1_trigger_gives_the_emperor(players: int, trigger: int) -> None:
    """TK-END-1: "The 9th (2 players), 8th (3) or 7th (4) completed objective triggers the end;
    that player takes the Emperor (2 points)." """
    done = tuple(f"A{i:02d}" for i in range(2, trigger + 1))
    s = tk.position(
        num_players=players,
        plots=RING,
        completed={0: done},
        hands={0: ("A01",)},
        eaten={0: (2, 0, 0)},
    )
    before = s.scores()[0]
    s = act(s, "claim A01")
    assert s.emperor == 0 and len(s.completed[0]) == trigger
    assert s.scores()[0] == before + 3 + 2


def test_TK_END_2_trigger_player_finishes_the_turn_and_may_claim() -> None:
    """TK-END-2: "That player finishes the turn and may still complete objectives in it." """
    done = tuple(f"A{i:02d}" for i in range(3, 11))
    s = tk.position(
        num_players=2,
        plots=RING,
        completed={0: done},
        hands={0: ("A01", "A02")},
        eaten={0: (4, 0, 0)},
    )
    s = act(s, "claim A01")
    assert s.emperor == 0 and not s.is_over()
    s = act(s, "claim A02", "action gardener", "gardener 1,0")
    assert len(s.completed[0]) == 10 and s.current_player == 0
    s = act(s, "action irrigation", "end")
    assert not s.is_over() and s.current_player != 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_TK_END_3_every_other_player_one_more_turn(players: int) -> None:
    """TK-END-3: "Every other player then plays exactly one more turn, and the game ends (not
    "finish the round")." """
    trigger = {2: 9, 3: 8, 4: 7}[players]
    done = tuple(f"A{i:02d}" for i in range(2, trigger + 1))
    seat = 1  # not the start player: "finish the round" would end sooner

    def turns_after_the_emperor(options: dict[str, str]) -> tuple[list[int], tk.State]:
        s = tk.position(
            num_players=players,
            plots=RING,
            completed={seat: done},
            hands={seat: ("A01",)},
            eaten={seat: (2, 0, 0)},
            player=seat,
            turn=players + seat,
            options=options,
        )
        s = act(s, "claim A01", "action irrigation", "action objective", "draw plot", "end")
        order = []
        while not s.is_over():
            order.append(s.player)
            s = _finish_turn(s)
        return order, s

    order, final = turns_after_the_emperor({})
    assert order == [(seat + k) % players for k in range(1, players)]
    assert final.outcome() is not None and "Emperor" in final.outcome().reason
    rest, _ = turns_after_the_emperor({"final_round": "finish_round"})
    assert rest == list(range(seat + 1, players))


def test_TK_END_4_score_is_completed_cards_plus_emperor() -> None:
    """TK-END-4: "The score is the sum of completed objectives plus the Emperor; cards in hand,
    bamboo, channels and chips score nothing." """
    s = tk.position(
        num_players=4,
        plots=RING,
        completed={0: ("P12", "G05", "A13", "P01", "G01", "A02", "A03"), 1: ("A01",)},
        hands={0: ("G14", "P15")},
        eaten={0: (3, 3, 3)},
        stored_channels={0: 3},
        stored_improvements={0: (1, 1, 1)},
        emperor=0,
    )
    rows = tk.score_breakdown(s)
    assert rows[0] == {
        "plot": 5 + 2,
        "gardener": 8 + 3,
        "panda": 6 + 3 + 3,
        "emperor": 2,
        "total": 32,
        "objectives": 7,
    }
    assert s.scores() == (32, 3, 0, 0)


def test_TK_END_5_ties_by_panda_points_then_shared() -> None:
    """TK-END-5: "Ties go to the most points on panda objectives, then the victory is shared." """
    s = tk.position(plots=RING, completed={0: ("A13", "A12"), 1: ("G05", "A01")}, phase="over")
    out = s.outcome()
    assert out is not None and out.scores == (11, 11) and out.winners == (0,)
    assert "panda" in out.reason
    shared = tk.position(plots=RING, completed={0: ("A13", "A12"), 1: ("A14", "A10")}, phase="over")
    out = shared.outcome()
    assert out is not None and out.winners == (0, 1) and out.is_shared
    # points, not the number of cards: two panda cards (3 + 3) tie with one card of 6
    cards = tk.position(
        plots=RING, completed={0: ("A01", "A02", "P01"), 1: ("A13", "P02")}, phase="over"
    )
    out = cards.outcome()
    assert out is not None and out.scores == (8, 8) and out.winners == (0, 1)


# ---------------------------------------------------------------- worked examples (seed-JA)


def test_ja_example_first_turn_plot_then_panda() -> None:
    """seed-JA worked example 1: no weather on the first turn; a plain plot chosen from three is
    placed next to the pond, irrigated with one section; the other two go to the bottom; the
    panda then steps from the pond onto it and eats that section onto the board."""
    seed = next(k for k in range(100) if any(len(t) == 1 for t in tk.new_game(2, k).plot_deck[:3]))
    s = tk.new_game(2, seed)
    assert s.phase == "actions"  # no weather roll
    s = act(s, "action plot")
    index = next(i for i, t in enumerate(s.drawn) if len(t) == 1) + 1
    others = tuple(t for i, t in enumerate(s.drawn) if i != index - 1)
    s = act(s, f"keep {index}", "plot 1,0", "return 1,2")
    assert tk.is_irrigated(s, H(1, 0)) and s.bamboo[H(1, 0)] == 1
    assert s.plot_deck[-2:] == others
    colour = s.colours[H(1, 0)]
    s = act(s, "action panda", "panda 1,0")
    assert s.bamboo[H(1, 0)] == 0
    assert s.eaten[0][("G", "Y", "P").index(colour)] == 1
    assert s.used == ("plot", "panda") and "end" in legal_texts(s)


def test_ja_example_fertilizer_turn_completes_five_point_card() -> None:
    """seed-JA worked example 2: an irrigated pink fertilizer plot with 2 sections; the gardener
    reaches it in a straight line, it grows 2 to reach 4, and the 5-point card (pink, 4,
    fertilizer) is completed that turn with no extra action or payment."""
    plots = ((1, 0, "PF", 2), (1, -1, "G", 1), (0, -1, "Y", 1))
    s = tk.position(plots=plots, hands={0: ("G11",)}, phase="roll")
    s = act(s.apply(tk.Roll("wind")), "action gardener", "gardener 1,0")
    assert s.bamboo[H(1, 0)] == 4
    s = act(s, "claim G11")
    assert s.scores()[0] == 5 and s.used == ("gardener",) and s.eaten[0] == (0, 0, 0)
