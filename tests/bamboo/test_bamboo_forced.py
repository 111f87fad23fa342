"""Bamboo one-option decisions: a stop with nothing left to do is no decision (BB-ACT-1/5, SPI-6).

docs/design.md, section 3: "ending a turn is an explicit action where the player has a real
choice to stop".
"""

from __future__ import annotations

import pytest
from bamboo_helpers import bal, home_id, only_market, play, visit_position, with_board

from bamboo_lab.core.rng import randbelow
from bamboo_lab.games import bamboo

_NON_CHOICES = (bamboo.Choose, bamboo.Pass, bamboo.EndTurn)


def _balance(**board: object) -> bamboo.State:
    """The Balance step of a red balance shoot's activation, the player's board set."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    s = with_board(s, s.player, **board)
    s = play(s, "visit red", "activate Rb 1")
    assert s.phase == "balance" and s.step == 0
    return s


def _met_home() -> tuple[int, ...]:
    """A home whose top-left space holds a dwelling: L01 (one dwelling, left side) is met."""
    home = [-1] * 15
    home[0] = home_id("D", 1)
    return tuple(home)


def test_BB_ACT_1_balance_ends_without_done_after_an_obtain_when_nothing_is_left() -> None:
    """R-EN Balance: "perform 2 of these actions": with no tile left to obtain or score after
    the first, the action ends by itself; no one-option `done` is asked."""
    s = _balance(balance=())
    p = s.player
    s = only_market(s, (("L02",), (), ()))
    s = play(s, "take L02")  # an empty home does not meet L02 (one faith tile)
    assert s.boards[p].balance == (bal("L02"),) and s.balance_market == ((), (), ())
    assert s.phase != "balance" and s.step == 0
    assert s.history[-1] == bamboo.TakeBalanceTile("L02")


def test_BB_ACT_1_balance_ends_without_done_after_a_score_when_nothing_is_left() -> None:
    """R-EN Score Balance then nothing to obtain (an empty market) nor score: the action ends."""
    s = _balance(balance=(bal("L01"),), home=_met_home())
    p = s.player
    s = only_market(s, ((), (), ()))
    s = play(s, "score L01")
    assert s.boards[p].scored == (bal("L01"),) and s.boards[p].hp == 7
    assert s.phase != "balance" and s.history[-1] == bamboo.ScoreBalanceTile("L01")


def test_BB_ACT_1_balance_ends_when_the_only_tiles_left_exceed_two_of_a_type() -> None:
    """BB-ACT-2 "You cannot have more than 2 tiles of the same type": left tiles on the market
    are no alternative once two are held, so the action ends after the obtain."""
    s = _balance(balance=(bal("L02"),))
    s = only_market(s, (("L03", "L04"), (), ()))
    s = play(s, "take L03")
    assert s.phase != "balance" and s.balance_market == ((bal("L04"),), (), ())


def test_BB_ACT_1_done_offered_while_an_obtain_remains() -> None:
    """R-EN Balance "in the combination you prefer": stopping after one sub-action is a real
    choice while another tile can be obtained."""
    s = _balance(balance=())
    s = only_market(s, (("L02", "L03"), (), ()))
    s = play(s, "take L02")
    assert s.phase == "balance"
    assert [str(a) for a in s.legal_actions()] == ["done", "take L03"]
    p = s.player
    s = play(s, "done")
    assert s.phase != "balance" and s.boards[p].balance == (bal("L02"),)


def test_BB_ACT_1_done_offered_while_a_score_remains() -> None:
    """R-EN Balance (B13: obtain then score the same tile): after obtaining a met tile with the
    market empty, scoring it or stopping is a real choice."""
    s = _balance(balance=(), home=_met_home())
    s = only_market(s, (("L01",), (), ()))
    s = play(s, "take L01")
    assert [str(a) for a in s.legal_actions()] == ["done", "score L01"]


def _hoarded(s: bamboo.State) -> bamboo.State:
    """``s`` with every food counter on the current player's board: the display cannot refill."""
    counters = (*s.food_display, *s.food_bag, *s.food_discard)
    held = tuple(counters.count(f) for f in range(3))
    return bamboo.position(base=s, food_display=[], boards={s.player: {"food": held}})


def test_BB_ACT_5_cook_with_no_counter_anywhere_ends_without_decline() -> None:
    """R-EN Cook "choose 1 of the food counters": with none on display and none in the pile or
    discards (all held), Cook ends at once instead of asking a one-option `decline`."""
    s = visit_position(temples=(("Rc",), (), (), ()), reserve=1, coins=0)
    s = _hoarded(s)
    p = s.player
    food = s.boards[p].food
    t = play(s, "visit red", "activate Rc 1")
    assert t.phase != "cook" and t.boards[p].food == food
    assert t.history[len(s.history) :] == (bamboo.VisitTemple("red"), bamboo.Activate("Rc", 1))


def test_BB_SPI_6_tengu_with_no_counter_anywhere_ends_without_refill() -> None:
    """R-EN Tengu "refill the 5 spaces ... You get 1 of the available counters": with every
    counter held, the power (still a choice to use) resolves with no one-option `refill`."""
    s = visit_position(temples=(("Rc", "Rb"), (), (), ()), reserve=1, coins=0, awake=("tengu",))
    s = _hoarded(s)
    p = s.player
    t = play(s, "visit red", "use tengu")
    assert t.phase == "place" and t.boards[p].asleep == ("tengu",)
    assert t.history[len(s.history) :] == (bamboo.VisitTemple("red"), bamboo.UseSpirit("tengu"))


def _one_option_non_choices(n: int, seed: int, night: bool) -> list[tuple[str, str]]:
    """The (phase, action) of every one-option pass/done/decline/end state of a random game."""
    s = bamboo.new_game(n, seed, {"night_side": night})
    rng = seed * 7919 + n
    found = []
    while not s.is_over():
        legal = s.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], _NON_CHOICES):
            found.append((s.phase, str(legal[0])))
        k, rng = randbelow(rng + 1, len(legal))
        s = s.apply(legal[k], check=False)
    return found


@pytest.mark.parametrize("night", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_BB_ACT_1_sweep_no_one_option_done_in_random_games(n: int, night: bool) -> None:
    """BB-ACT-1, BB-ACT-5, BB-SPI-6 and "a real choice to stop" (design 3): over seeded random games
    no state offers only a `done` (Balance), `decline` (Cook), `refill` (Tengu), pass or end."""
    for seed in range(12):
        assert _one_option_non_choices(n, seed, night) == [], (n, seed, night)
