"""Tests of docs/rules/bamboo.md, section Summer."""

from __future__ import annotations

import random

import pytest
from bamboo_helpers import (
    State,
    code,
    finish_turn,
    home_id,
    kept_choices_match_fresh,
    last_turn,
    mine,
    plain_homes,
    play,
    played,
    refused,
    seeded_positions,
    to_summer,
    to_winter,
    visit_position,
    with_board,
    with_stalk,
)

from bamboo_lab import exercises
from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.exercises import bamboo as lesson
from bamboo_lab.games import bamboo
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo import (
    GHOST,
    harmony_penalty,
    home_from_text,
    legal,
    rules,
    temple_majority,
)


def test_BB_SUM_2_round_variant_frees_the_first_turn_of_each_round() -> None:
    """Option first_turn_free='round': in a new Summer the temple visited last is free again,
    unlike the default (B3) where the marker stays put."""
    for mode, free in (("game", False), ("round", True)):
        s = visit_position(temples=(("Rb",), ("Yc",), (), ()), reserve=1, coins=0)
        s = bamboo.position(base=s, options=bamboo.Options(first_turn_free=mode))
        p = s.player
        s = with_board(s, 1 - p, reserve=0)
        s = finish_turn(play(s, "visit red"))  # round 1 ends for everybody
        while s.phase != "visit":
            s = s.apply(s.legal_actions()[0])
        assert s.round == 2 and s.boards[p].marker == (-1 if free else 0)
        s = bamboo.position(base=s, player=p, boards={p: {"temples": [["Rb"], ["Yc"], [], []]}})
        assert (bamboo.VisitTemple("red") in s.legal_actions()) is free


def test_BB_SUM_1_a_player_with_no_temple_to_visit_passes_instead_of_a_dead_end() -> None:
    """No dead ends: Rb alone in the red temple once visited left seat 1 stuck in Summer."""
    start = bb.position(player=0, boards={1: {"temples": [["Rb"], [], [], []]}})
    for seed in range(30):
        rng = random.Random(seed)
        state = start
        while not state.is_over():
            legal = state.legal_actions()
            assert legal, (seed, state.phase, state.player)
            state = state.apply(legal[rng.randrange(len(legal))])


def test_BB_SUM_1_the_forced_pass_is_only_offered_when_no_temple_may_be_visited() -> None:
    state = bb.position(player=0)
    assert state.phase == "visit" and bb.Pass() not in state.legal_actions()


def test_BB_SUM_2_visit_the_temples_with_shoots_but_not_the_marker() -> None:
    """Green is empty and the marker stands on yellow (BB-SUM-2)."""
    assert exercises.get("bamboo-1").truth(exercises.get("bamboo-1").position()) == {"red", "blue"}


def test_BB_SUM_4_BB_ACT_4_BB_ACT_6_coins_after_the_turn() -> None:
    """3 coins - 1 for the blue stick + 2 fund + 1 improve's coin (BB-SUM-4, BB-ACT-6, BB-ACT-4)."""
    exercise = exercises.get("bamboo-2")
    assert exercise.truth(exercise.position()) == 3 - 1 + 2 + 1


def test_BB_SUM_6_the_two_top_shoots_of_stalk_2_come_back() -> None:
    exercise = exercises.get("bamboo-3")
    state = exercise.position()
    assert [bb.parse_action(t, state) for t in ("visit green",)]  # legal at the start
    assert exercise.truth(state) == {"Yf", "Rc"} and lesson.shoot_item("Yf") == "Yf"


def test_fr_faq_1_same_stock_twice_in_a_row() -> None:
    """« Peut-on choisir le même stock deux tours de suite ? Non. ... Le tout premier choix est
    libre parmi les stocks disponibles. »"""
    s = visit_position(temples=(("Rb",), ("Yb",), (), ()), reserve=4, coins=0)
    assert {str(a) for a in s.legal_actions()} == {"visit red", "visit yellow"}
    s = with_board(s, s.player, marker=0)
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.VisitTemple("red"))


def test_fr_faq_2_move_every_shoot_even_short_of_incense() -> None:
    """« Faut-il déplacer tous les bambous si l'encens ne suffit pas ? Oui. ... récupérez tout de
    même autant de nouvelles sections que vous en avez déplacées. »"""
    s = visit_position(temples=(("Rb", "Ri", "Rc"), ("Yb",), (), ()), reserve=1, coins=0)
    p = s.player
    s = play(s, "visit red")
    assert s.activations == 1 and len(s.pending) == 3
    s = finish_turn(s)
    assert s.boards[p].shoots == 4


def test_fr_faq_3_at_most_two_new_shoots_per_stalk() -> None:
    """« Une pousse peut recevoir au maximum deux nouvelles sections pendant ce placement. »"""
    s = visit_position(temples=(("Rb", "Ri", "Rc"), (), (), ()), reserve=3, coins=0)
    s = play(s, "visit red", "activate Rb 2", "hp", "activate Ri 2", "coin")
    assert {a.stalk for a in s.legal_actions() if isinstance(a, bamboo.Activate)} == {1, 3, 4}


def test_fr_faq_4_full_stock_shoot_joins_another() -> None:
    """« Placez la nouvelle section dans un emplacement disponible d'un autre stock. Elle est alors
    considérée comme faisant partie de ce stock pour tous les usages. »"""
    s = visit_position(temples=(("Rb", "Ri", "Rc", "Rf"), ("Yb",), (), ()), reserve=2, coins=0)
    p = s.player
    s = with_stalk(s, 0, ("Gb", "Gi", "Rw"))
    s = play(s, "visit yellow", "activate Yb 1", "hp", "receive blue")
    assert s.boards[p].temples[3] == (code("Rw"),)
    assert s.phase == "visit" and s.player != p  # p's turn is over
    s = bamboo.position(
        base=s, player=p
    )  # p's next turn: the red wildcard now belongs to the blue stock
    s = play(s, "visit blue")
    assert s.pending == (code("Rw"),) and s.activations == 1
    assert mine(s, 3) == (p,) and mine(s, 0) == ()  # the offering goes to the blue temple


def test_fr_faq_5_pattern_needs_a_balance_action() -> None:
    """« Réaliser le motif d'un objectif donne-t-il immédiatement ses points ? Non. Il faut
    effectuer une action Équilibre ... À la fin, ... la moitié de ses points, arrondie au
    supérieur. »"""
    s = visit_position(temples=(("Ri",), (), (), ()), reserve=1, coins=0)
    p = s.player
    tile = bamboo.HOME_TILES[home_id("D", 1)]
    s = bamboo.position(base=s, home_market=[[tile.name], []])
    s = with_board(s, p, balance=(bamboo.balance_tile("L01").id,))
    s = play(s, "visit red", "activate Ri 1")
    s = with_board(s, p, coins=5)
    s = play(s, f"buy {tile.name}", "home 0,0")
    assert s.boards[p].hp == 5 + tile.hp  # no balance points yet
    assert s.final_breakdown(p)["balance"] == 1  # 2 HP tile left unscored: half rounded up


def test_fr_faq_6_incense_tie_and_the_ghost() -> None:
    """« Le joueur à égalité qui a placé un bâton en dernier reçoit l'Esprit ... À deux, le joueur
    fantôme peut gagner ; l'Esprit obtenu par lui est alors retiré de la partie. »"""
    assert temple_majority([0, 1])[0] == 1
    assert temple_majority([GHOST, GHOST, 0])[0] == GHOST

    tiles = to_summer().temple_tiles
    zero, tie, lose = tiles.index(0), tiles.index(3), 3 - tiles[::-1].index(3)

    def main(s: bamboo.State, p: int) -> list[list[int]]:
        ghost = [[GHOST] * v for v in s.temple_tiles]
        ghost[tie] += [1 - p] * 3  # 3 against the ghost's 3, placed last: the player wins
        ghost[lose] += [1 - p]  # 1 against 3: the ghost wins
        return ghost

    s = last_turn(2, main, zero)
    p = s.player
    spirits = [st[0] for st in s.spirit_stacks]
    s = finish_turn(play(s, f"visit {bamboo.components.COLOURS[zero]}"))
    assert s.boards[1 - p].spirits == (spirits[tie],)
    assert sorted(s.spirit_out) == sorted(spirits[t] for t in range(4) if t not in (zero, tie))


def test_fr_faq_7_food_cannot_be_kept_to_lose_happiness() -> None:
    """« Peut-on garder sa nourriture et choisir de perdre du bonheur ? Non. ... Si vous payez plus
    que nécessaire, l'excédent est perdu. »"""
    s = to_winter(home=plain_homes(1) + (-1,) * 14, food=(0, 0, 1))
    p = s.player
    assert [str(a) for a in s.legal_actions()] == ["feed ramen"]
    s = play(s, "feed ramen")
    assert s.boards[p].food == (0, 0, 0) and s.boards[p].hp == 5


def test_fr_faq_8_harmony_uses_comfort_not_tile_count() -> None:
    """« L'équilibre de la demeure dépend-il du nombre de tuiles ... ? Il dépend du total de leurs
    points de confort. »"""
    assert harmony_penalty(home_from_text("(0,0):G/3 (0,3):D/1 (0,4):D/1 (1,4):F/1")) == 0
    assert harmony_penalty(home_from_text("(0,0):G/1 (0,4):D/1 (1,4):F/1")) == -2


def test_BB_SUM_6_shoots_in_hand_count_for_the_current_player() -> None:
    """Mid-turn the visited temple's shoots (``pending``), the shoot being activated and an
    ejected shoot waiting for a temple are the current player's: 6 in all, at every step."""
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = bamboo.new_game(2, seed)
        while not s.is_over() and s.round == 1:
            if s.pending or s.activating or s.receiving >= 0:
                held = s.boards[s.player].shoots + len(s.pending) + len(s.activating[:1])
                held += s.receiving >= 0
                assert held == 6
                assert State.from_dict(s.to_dict()) == s
                seen.add(s.phase)
            s = s.apply(rng.choice(s.legal_actions()), check=False)
    assert {"place", "receive"} <= seen
    s = played(2, 3, lambda s: s.phase == "place" and len(s.pending) >= 2)
    d = s.to_dict()
    d["pending"] = d["pending"][1:]
    d["shoot_box"] = sorted([*d["shoot_box"], s.pending[0]])
    refused(d, f"player {s.player} owns 5 shoots")


def test_BB_SUM_3_sticks_to_offer_come_from_the_reserve_while_offering() -> None:
    """Sticks still to offer lie in the reserve and are offered in phase ``offer`` (or in a
    spirit's action taken during it); shoots in hand need a visited temple (BB-SUM-2)."""
    s = played(2, 4, lambda s: s.phase == "offer" and s.boards[s.player].reserve < 4)
    d = s.to_dict()
    assert State.from_dict(d) == s
    refused({**d, "sticks": d["boards"][s.player]["reserve"] + 1}, "from the reserve")
    s = played(2, 4, lambda s: s.phase == "place")
    d = s.to_dict()
    refused({**d, "sticks": 1}, "while offering")
    refused({**d, "visited": -1}, "need a visited temple")
    s = played(2, 4, lambda s: s.phase == "visit" and s.round == 2)
    d = s.to_dict()
    refused({**d, "per_stalk": [1, 0, 0, 0]}, "within a Summer turn")
    refused({**d, "bakeneko": True}, "within a Summer turn")


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


def test_BB_SUM_5_bumped_per_stalk_is_one_more_shoot_in_that_stalk() -> None:
    """The table of ``per_stalk`` after a push holds every count a turn reaches, each right."""
    for per_stalk, bumped in rules._BUMPED.items():
        for stalk in range(4):
            expected = list(per_stalk)
            expected[stalk] += 1
            assert bumped[stalk] == tuple(expected)
    seen = {state.per_stalk for state in seeded_positions(2)}
    assert len(seen) >= 10 and seen <= set(rules._BUMPED), seen - set(rules._BUMPED)


def test_BB_SUM_5_kept_placements_equal_the_placements_worked_out_afresh() -> None:
    """The activations and placements read from the kept table equal those worked out with the
    table emptied, along whole seeded games."""
    assert kept_choices_match_fresh(("place",), legal._placements_of) >= 200


def test_BB_SUM_4_kept_summer_powers_equal_the_powers_worked_out_afresh() -> None:
    """The offers, visits and placements with spirits awake read from the kept powers equal
    those worked out with the table emptied, along whole seeded games."""
    assert kept_choices_match_fresh(("offer", "visit", "place"), legal._summer_powers) >= 200
