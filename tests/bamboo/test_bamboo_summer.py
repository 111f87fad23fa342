"""Bamboo Summer turns (BB-SUM-*), catalog 1.14 cases 4-10 and the French FAQ."""

from __future__ import annotations

import pytest
from bamboo_helpers import code, finish_turn, mine, play, visit_position, with_board, with_stalk

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.games import bamboo


def test_BB_SUM_1_no_incense_means_pass_and_summer_ends_when_all_passed() -> None:
    """R-EN step 1: "If a player has no more sticks of incense then that player has no choice but
    to Pass"; the phase ends when every player has passed (B10: no voluntary pass)."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    p = s.player
    q = 1 - p
    s = with_board(s, q, reserve=0)
    assert bamboo.Pass() not in s.legal_actions()  # B10
    s = finish_turn(play(s, "visit red"))
    assert s.boards[p].passed and s.boards[q].passed
    assert s.phase in ("wake", "feed", "gift")  # Summer is over; Autumn resolved
    assert s.boards[p].reserve == 4  # the offered stick (and the 3 on green) came back
    assert all(set(t) <= {bamboo.GHOST} for t in s.temples)  # Autumn took every stick back


def test_BB_SUM_1_voluntary_pass_variant() -> None:
    """Option voluntary_pass (B10 alternative): a player holding incense may pass."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=3)
    s = bamboo.position(base=s, options=bamboo.Options(voluntary_pass=True))
    p = s.player
    s = play(s, "pass")
    assert s.boards[p].passed and s.boards[p].reserve == 3


def test_BB_SUM_2_visit_non_empty_temple_other_than_last_case_9() -> None:
    """R-EN step 2 with R-FR FAQ ("Le marqueur Action doit toujours passer à un autre stock non
    vide"): last turn c2 -> c2 illegal; an empty temple is illegal; the first choice is free."""
    s = visit_position(temples=(("Rb",), (), ("Gc",), ("Bf",)), marker=-1)
    assert {str(a) for a in s.legal_actions()} == {"visit red", "visit green", "visit blue"}
    s2 = with_board(s, s.player, marker=2)
    with pytest.raises(IllegalActionError):
        s2.apply(bamboo.VisitTemple("green"))
    with pytest.raises(IllegalActionError):
        s2.apply(bamboo.VisitTemple("yellow"))


def test_BB_SUM_2_marker_carries_across_rounds() -> None:
    """B3: only the very first turn is free; the marker stays put between rounds."""
    s = visit_position(temples=(("Rb",), ("Yc",), (), ()), marker=1)
    s = bamboo.position(base=s, round=2)
    assert [str(a) for a in s.legal_actions()] == ["visit red"]


def test_BB_SUM_2_first_turn_free_each_round_variant() -> None:
    """Option first_turn_free='round': the marker is lifted at the start of every Summer."""
    s = bamboo.new_game(2, 0, {"first_turn_free": "round"})
    while s.phase != "visit":
        s = s.apply(s.legal_actions()[0])
    assert all(b.marker == -1 for b in s.boards)


def test_BB_SUM_3_offer_short_of_incense_case_4() -> None:
    """R-EN step 3: "If that is not possible, they place as many sticks of incense as they have";
    R-FR FAQ: all shoots move, as many come back. Case 4: 3 shoots, 2 sticks."""
    s = visit_position(temples=(("Rb", "Ri", "Rc"), (), (), ("Bf",)), reserve=2, coins=0)
    p = s.player
    s = play(s, "visit red")
    assert s.phase == "place" and s.activations == 2 and len(s.pending) == 3
    assert mine(s, 0) == (p, p)
    assert s.boards[p].reserve == 0
    s = play(s, "activate Rb 1", "hp", "activate Ri 2", "coin")
    assert s.activations == 0
    assert all(isinstance(a, bamboo.Place) for a in s.legal_actions())
    s = play(s, "place Rc 3")
    assert s.boards[p].shoots == 4  # 3 received + the blue one
    assert s.player != p and not s.boards[p].passed
    s = finish_turn(s)  # the other player's turn; then p, without incense, must pass
    assert s.boards[p].passed and s.player != p


def test_BB_SUM_3_sticks_stack_on_top() -> None:
    """R-EN step 3: "the new ones are placed on top of those present"."""
    s = visit_position(temples=(("Rb", "Ri"), (), (), ()), reserve=5, coins=0)
    p = s.player
    s = with_board(s, 1 - p, reserve=2)  # 2 of the other player's sticks on the green temple
    s = bamboo.position(base=s, temples=[[1 - p], [], [1 - p], []])
    s = play(s, "visit red")
    assert mine(s, 0) == (1 - p, p, p)


def test_BB_SUM_3_max_four_activations_case_5() -> None:
    """Case 5: 4 shoots and 6 incense -> 4 sticks, 4 actions."""
    s = visit_position(temples=(("Rb", "Ri", "Rc", "Rf"), (), (), ()), reserve=6, coins=0)
    s = play(s, "visit red")
    assert s.activations == 4 and s.boards[s.player].reserve == 2


def test_BB_SUM_4_redirect_costs_a_coin_case_10() -> None:
    """R-EN step 3: "paying 1 coin for each stick of incense that is placed in a temple other than
    the one where it was supposed to go". Case 10: 2 in c1 and 1 in c3 -> 1 coin."""
    s = visit_position(temples=((), ("Yb", "Yi", "Yc"), (), ()), reserve=5, coins=2)
    p = s.player
    s = play(s, "visit yellow", "offer yellow", "offer yellow", "offer blue")
    assert s.boards[p].coins == 1
    assert mine(s, 1) == (p, p) and mine(s, 3) == (p,)
    assert s.phase == "place" and s.activations == 3


def test_BB_SUM_4_no_coin_no_redirect() -> None:
    """R-EN step 3: a redirected stick costs 1 coin, so without coins (and no Bakeneko) every
    stick goes to the visited temple; with 1 coin only one stick can be redirected."""
    s = visit_position(temples=(("Rb", "Ri"), (), (), ()), reserve=5, coins=0)
    p = s.player
    broke = play(s, "visit red")
    assert broke.phase == "place" and mine(broke, 0) == (p, p)
    assert all(not isinstance(a, bamboo.Offer) for a in broke.legal_actions())
    s = with_board(s, p, coins=1)
    s = play(s, "visit red")
    assert {str(a) for a in s.legal_actions()} == {
        "offer red",
        "offer yellow",
        "offer green",
        "offer blue",
    }
    s = play(s, "offer green")  # pays the only coin; the last stick has no choice left
    assert s.phase == "place" and s.boards[p].coins == 0
    assert mine(s, 0) == (p,) and mine(s, 2) == (p,)


def test_BB_SUM_5_stalk_cap_case_6() -> None:
    """R-EN step 4: "Each bamboo stalk can receive a maximum of 2 new Shoots in this step";
    case 6: a third shoot on one stalk is illegal, 2+1+1 is legal."""
    s = visit_position(temples=(("Rb", "Ri", "Rc", "Rf"), (), (), ()), reserve=4, coins=0)
    s = play(s, "visit red", "activate Rb 1", "hp", "activate Ri 1", "coin")
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.Activate("Rc", 1))
    s = play(s, "activate Rc 2", "decline", "activate Rf 3")
    assert s.per_stalk == (0, 0, 0, 0)  # the turn is over, counters reset


def test_BB_SUM_5_player_chooses_which_shoots_to_activate() -> None:
    """B7: the player picks which shoots to activate and in what order."""
    s = visit_position(temples=(("Rb", "Ri", "Rc"), (), (), ()), reserve=1, coins=0)
    s = play(s, "visit red")
    shoots = {a.shoot for a in s.legal_actions() if isinstance(a, bamboo.Activate)}
    assert shoots == {"Rb", "Ri", "Rc"}


def test_BB_SUM_6_fifo_stalk_case_7() -> None:
    """R-EN step 5 and B5: a shoot enters at the base and ejects the top one, which the player
    takes. Case 7: [x1, x2, x3 top], push s1 -> x3 out, [s1, x1, x2]; push s2 -> x2 out."""
    s = visit_position(temples=(("Rb", "Ri"), (), (), ()), reserve=2, coins=0)
    p = s.player
    x1, x2, x3 = code("Yb"), code("Gi"), code("Bc")
    s = with_stalk(s, 0, ("Yb", "Gi", "Bc"))
    s = play(s, "visit red", "activate Rb 1", "hp")
    assert s.stalks[0] == (code("Rb"), x1, x2)
    assert s.boards[p].temples[3] == (x3,)
    s = play(s, "activate Ri 1", "coin")
    assert s.stalks[0] == (code("Ri"), code("Rb"), x1)
    assert s.boards[p].temples[2] == (x2,)
    assert code("Rb") not in [c for t in s.boards[p].temples for c in t]


def test_BB_SUM_6_overflow_to_a_temple_of_choice_case_8() -> None:
    """R-EN step 5: "place it in any other temple you choose and it will be considered part of
    it"; case 8: the c0 temple is full."""
    s = visit_position(temples=(("Rb", "Ri", "Rc", "Rf"), ("Yb",), (), ()), reserve=1, coins=0)
    p = s.player
    s = with_stalk(s, 0, ("Gb", "Gi", "Rw"))
    s = play(s, "visit yellow", "activate Yb 1", "hp")
    assert s.phase == "receive"
    assert [str(a) for a in s.legal_actions()] == [
        "receive yellow",
        "receive green",
        "receive blue",
    ]
    s = play(s, "receive green")
    assert s.boards[p].temples[2] == (code("Rw"),)
    assert s.boards[p].temples[0] == tuple(code(x) for x in ("Rb", "Ri", "Rc", "Rf"))


def test_BB_SUM_7_declined_action_still_places_the_shoot() -> None:
    """R-EN Shoot actions: "you are unable or you do not wish to perform it, but you must still
    place the Shoot"."""
    s = visit_position(temples=(("Rc",), (), (), ()), reserve=1, coins=0)
    p = s.player
    s = play(s, "visit red", "activate Rc 4", "decline")
    assert s.stalks[3][0] == code("Rc")
    assert s.boards[p].shoots == 1 and s.boards[p].food == (0, 0, 0)


def test_fr_faq_all_shoots_move_even_without_incense() -> None:
    """R-FR FAQ "Faut-il déplacer tous les bambous si l'encens ne suffit pas ? Oui"."""
    s = visit_position(temples=(("Rb", "Ri", "Rc", "Rf"), (), (), ()), reserve=1, coins=0)
    p = s.player
    s = finish_turn(play(s, "visit red"))
    assert s.boards[p].shoots == 4
    assert sum(len(st) for st in s.stalks) == 12


def test_BB_SUM_7_stop_activating_declines_the_rest() -> None:
    """R-EN: an action may be declined but the shoot is still placed; ``done`` in the placing
    step ends the activations, and the remaining shoots are placed without action."""
    s = visit_position(temples=(("Rb", "Ri", "Rc"), (), (), ()), reserve=3, coins=0)
    p = s.player
    s = play(s, "visit red", "activate Rb 1", "hp", "done")
    assert s.activations == 0 and s.phase == "place"
    assert all(isinstance(a, bamboo.Place) for a in s.legal_actions())
    s = play(s, "place Ri 2", "place Rc 3")
    assert s.boards[p].hp == 6 and s.boards[p].shoots == 3 and s.player != p
