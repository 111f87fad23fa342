"""Tests of docs/rules/bamboo.md, section The spirits of the forest."""

from __future__ import annotations

import json

import pytest
from bamboo_helpers import (
    edited,
    hoarded,
    mine,
    plain_homes,
    play,
    to_winter,
    visit_position,
    with_board,
)

from bamboo_lab.core.errors import IllegalActionError, InvalidStateError
from bamboo_lab.games import bamboo


def _placing(*awake: str, shoots: tuple[str, ...] = ("Rc",), reserve: int = 1) -> bamboo.State:
    s = visit_position(temples=(shoots, (), (), ()), reserve=reserve, coins=0)
    s = with_board(s, s.player, awake=tuple(sorted(awake)))
    return play(s, "visit red")


def _after_refill() -> bamboo.State:
    s = _placing("tengu")
    s = bamboo.position(base=s, food_display=["tea", "rice", "rice", "ramen", "ramen"])
    return play(s, "use tengu", "refill")


def test_BB_SPI_5_bakeneko_only_in_the_offering_step() -> None:
    """R-EN: Bakeneko acts "During the make an offering step of the Summer"; it is not offered
    before the visit nor while placing shoots."""
    s = visit_position(temples=(("Rb", "Ri"), ("Yc",), (), ()), reserve=1, coins=0)
    p = s.player
    s = with_board(s, p, awake=("bakeneko",))
    assert bamboo.UseSpirit("bakeneko") not in s.legal_actions()
    s = play(s, "visit red")
    assert s.phase == "offer" and bamboo.UseSpirit("bakeneko") in s.legal_actions()
    s = play(s, "offer red")
    assert s.phase == "place" and bamboo.UseSpirit("bakeneko") not in s.legal_actions()


def test_BB_SPI_1_no_spirit_power_in_spring_or_winter_upkeep() -> None:
    """Catalog 1.10 and W-JI erratum: the powers are used in Summer (Ookami in feeding), so a
    Spring gift offers no spirit power."""
    s = bamboo.new_game(2, 0)
    while s.phase == "draft":
        s = s.apply(s.legal_actions()[0])
    summer = ("kappa", "tanuki", "rokurokubi", "tengu", "kitsune", "bakeneko")
    s = with_board(s, s.player, awake=tuple(sorted(summer)))
    assert s.phase == "gift"
    assert not any(isinstance(a, bamboo.UseSpirit) for a in s.legal_actions())
    for gift in s.gift_display:
        after = play(s, f"gift {gift}")
        if after.player == s.player:
            assert not any(isinstance(a, bamboo.UseSpirit) for a in after.legal_actions())


def test_BB_SPI_6_tengu_with_no_counter_anywhere_ends_without_refill() -> None:
    """R-EN Tengu "refill the 5 spaces ... You get 1 of the available counters": with every
    counter held, the power (still a choice to use) resolves with no one-option `refill`."""
    s = visit_position(temples=(("Rc", "Rb"), (), (), ()), reserve=1, coins=0, awake=("tengu",))
    s = hoarded(s)
    p = s.player
    t = play(s, "visit red", "use tengu")
    assert t.phase == "place" and t.boards[p].asleep == ("tengu",)
    assert t.history[len(s.history) :] == (bamboo.VisitTemple("red"), bamboo.UseSpirit("tengu"))


def test_BB_SPI_1_power_used_once_then_asleep() -> None:
    """R-EN: "the tile is turned 90 degrees ... (the Spirit falls asleep)"; B20: powers are used
    in one's own Summer turn."""
    s = _placing("rokurokubi")
    p = s.player
    assert bamboo.UseSpirit("rokurokubi") in s.legal_actions()
    s = play(s, "use rokurokubi")
    assert s.boards[p].asleep == ("rokurokubi",) and s.boards[p].awake == ()
    assert bamboo.UseSpirit("rokurokubi") not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.UseSpirit("rokurokubi"))


def test_BB_SPI_2_kappa_tanuki_rokurokubi_extra_actions() -> None:
    """R-EN table: Kappa "a Balance action", Tanuki "an Improve Your Home action", Rokurokubi
    "a Fund action", according to the usual rules."""
    s = _placing("kappa", "tanuki", "rokurokubi")
    p = s.player
    k = play(s, "use kappa")
    assert k.phase == "balance"
    k = play(k, "hp")
    assert k.phase == "place" and k.boards[p].hp == 6 and k.activations == 1
    t = play(s, "use tanuki")
    assert t.phase == "improve"
    assert play(t, "coin").boards[p].coins == 1
    r = play(s, "use rokurokubi")
    assert r.boards[p].coins == 2 and r.phase == "place"


def test_BB_SPI_2_spirit_after_last_shoot_needs_an_explicit_end() -> None:
    """A player holding an awake Summer spirit may still use it after the last shoot: the turn then
    ends with the explicit ``end`` decision."""
    s = _placing("kappa")
    p = s.player
    s = play(s, "activate Rc 1", "decline")
    assert s.phase == "end" and s.player == p
    assert {str(a) for a in s.legal_actions()} == {"end", "use kappa"}
    s = play(s, "use kappa", "hp")
    assert s.boards[p].hp == 6


def test_BB_SPI_3_kitsune_makes_every_activation_a_wildcard() -> None:
    """R-EN: Kitsune "all of the Bamboo Shoots that you activate during this turn are considered
    Wildcards"; B20: declared before activating shoots."""
    s = _placing("kitsune", shoots=("Rc", "Rf"), reserve=2)
    s = play(s, "use kitsune", "activate Rc 1")
    assert s.phase == "wildcard"
    s = play(s, "balance", "hp", "activate Rf 2")
    assert s.phase == "wildcard"
    late = play(_placing("kitsune", shoots=("Rc", "Rf"), reserve=2), "activate Rc 1", "decline")
    assert bamboo.UseSpirit("kitsune") not in late.legal_actions()


def test_BB_SPI_4_ookami_gives_four_food_units() -> None:
    """R-EN: Ookami "During the feed your family step of Winter you are given 4 units of food";
    catalog case 13: Ookami + 3 tiles + [tea] -> the tea is kept."""
    s = to_winter(home=plain_homes(3) + (-1,) * 12, food=(1, 0, 0), awake=("ookami",))
    p = s.player
    assert s.phase == "feed"
    assert [str(a) for a in s.legal_actions()] == ["use ookami", "feed tea"]
    s = play(s, "use ookami")
    assert s.boards[p].food == (1, 0, 0) and s.boards[p].hp == 5
    assert s.boards[p].asleep == ("ookami",)


def test_BB_SPI_5_bakeneko_redirects_for_free() -> None:
    """R-EN: Bakeneko "place the incense in the temple or temples you prefer without paying any
    coins"; catalog case 10 with Bakeneko -> 0 coins."""
    s = visit_position(temples=((), ("Yb", "Yi", "Yc"), (), ()), reserve=5, coins=0)
    p = s.player
    s = with_board(s, p, awake=("bakeneko",))
    s = play(s, "visit yellow")
    assert [str(a) for a in s.legal_actions()] == ["offer yellow", "use bakeneko"]
    s = play(s, "use bakeneko", "offer yellow", "offer yellow", "offer blue")
    assert s.boards[p].coins == 0 and mine(s, 3) == (p,)


def test_BB_SPI_6_tengu_take_before_or_after_refill() -> None:
    """R-EN: Tengu "discard all of the food counters and refill the 5 spaces with new ones. You get
    1 of the available counters, either before or after resetting"."""
    s = _placing("tengu")
    p = s.player
    q = 1 - p  # the other counters are held, so the pile is known
    s = bamboo.position(
        base=s,
        food_display=["tea", "tea", "rice", "rice", "ramen"],
        boards={q: {"food": {"tea": 4, "rice": 9, "ramen": 2}}},
    )
    s = edited(s, food_bag=[2, 2, 2, 2, 2, 1])
    before = play(s, "use tengu", "food tea")
    assert before.boards[p].food == (1, 0, 0)
    assert before.food_display == (2, 2, 2, 2, 2) and before.food_discard == (0, 1, 1, 2)
    after = play(s, "use tengu", "refill")
    assert after.phase == "tengu_take" and after.food_display == (2, 2, 2, 2, 2)
    after = play(after, "food ramen")
    assert after.boards[p].food == (0, 0, 1) and after.phase == "place"


def test_BB_SPI_6_tengu_after_refill_takes_one_counter_no_decline() -> None:
    """R-EN: Tengu "You get 1 of the available counters": after the refill only a take is
    legal; `decline` (legal in a Cook) is refused with BB-SPI-6 and changes nothing."""
    s = _after_refill()
    assert s.phase == "tengu_take" and s.context == "spirit" and s.resume == "place"
    kinds = sorted(set(s.food_display))
    assert s.legal_actions() == tuple(bamboo.TakeFood(("tea", "rice", "ramen")[f]) for f in kinds)
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as err:
        s.apply(bamboo.Choose("decline"))
    assert err.value.rule == "BB-SPI-6"
    assert s.to_dict() == before
    with pytest.raises(IllegalActionError) as err:
        bamboo.parse_action("refill", s)
    assert err.value.rule == "BB-SPI-6"
    for action in s.legal_actions():
        t = s.apply(action)
        assert sum(t.boards[s.player].food) == 1 and t.phase == "place"


def test_BB_SPI_6_explain_and_picture_know_the_take_after_refill() -> None:
    """`explain` refuses a decline after Tengu's refill with BB-SPI-6 and says why; the text
    picture names the decision."""
    s = _after_refill()
    why = bamboo.explain(s, "decline")
    assert not why.legal and why.rule == "BB-SPI-6" and "takes 1" in why.reason
    assert bamboo.explain(s, str(s.legal_actions()[0])).legal
    assert "Tengu (BB-SPI-6): after Tengu's refill the player takes 1" in str(s)
    assert "Tengu (BB-SPI-6)" not in str(play(s, str(s.legal_actions()[0])))


def test_BB_SPI_6_take_after_refill_phase_round_trips() -> None:
    """The `tengu_take` phase survives to_dict/from_dict (and JSON), and a dict in that phase
    that does not come from using Tengu (no spirit's action under way) is refused."""
    s = _after_refill()
    d = json.loads(json.dumps(s.to_dict()))
    t = bamboo.State.from_dict(d)
    assert t == s and t.phase == "tengu_take" and t.legal_actions() == s.legal_actions()
    bad = dict(d, phase="tengu_take", context="", resume="")
    with pytest.raises(InvalidStateError, match="not in 'tengu_take'"):
        bamboo.State.from_dict(bad)
    bad = dict(d, phase="tengu_take", context="shoot", activating=[0, 0], resume="")
    with pytest.raises(InvalidStateError, match="comes from using Tengu"):
        bamboo.State.from_dict(bad)


def test_BB_SPI_1_spirits_usable_at_any_moment_of_the_turn() -> None:
    """R-EN: "At any moment during that player's turn, they may activate the reward": before the
    visit (Kappa resumes the visit) or during the offering (Rokurokubi's coins pay redirects)."""
    s = visit_position(temples=(("Rb", "Ri"), (), (), ()), reserve=4, coins=0)
    p = s.player
    s = with_board(s, p, awake=("kappa", "rokurokubi"))
    assert {"use kappa", "use rokurokubi"} <= {str(a) for a in s.legal_actions()}
    k = play(s, "use kappa", "hp")
    assert k.phase == "visit" and k.player == p and k.boards[p].hp == 6
    r = play(s, "use rokurokubi", "visit red")
    assert r.phase == "offer" and bamboo.Offer("blue") in r.legal_actions()
    r = play(r, "offer blue", "offer red")
    assert r.boards[p].coins == 1 and mine(r, 3) == (p,)
