"""Bamboo final scoring (BB-END-*), the night side (BB-ADV-*), catalog cases 1, 2, 27, 28."""

from __future__ import annotations

import random

import pytest
from bamboo_helpers import bal, home_id, play, visit_position, with_board

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.core.protocol import TERMINAL
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import (
    final_breakdown,
    harmony,
    harmony_penalty,
    home_from_text,
    rank_players,
    spirit_diversity,
)


def _finished(n: int = 2, seed: int = 0, options: object = None) -> bamboo.State:
    s = bamboo.new_game(n, seed, options)
    rng = random.Random(seed)
    while not s.is_over():
        legal = s.legal_actions()
        s = s.apply(legal[rng.randrange(len(legal))], check=False)
    return s


def test_BB_END_1_game_over_after_fourth_winter() -> None:
    """R-EN VI: "Once the Winter phase of the fourth round has been concluded, the game will have
    reached its end"."""
    s = _finished(3, 1)
    assert s.is_over() and s.round == 5 and s.current_player == TERMINAL
    assert s.legal_actions() == ()
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.EndTurn())


def test_BB_END_2_spirit_diversity_case_1() -> None:
    """R-EN VI: "a player who has gathered 5 Spirits of the Forest, 4 of those unique, gets 8 HP"
    (catalog case 1: Kappa, Kappa, Tanuki, Tengu, Kitsune -> +8)."""
    assert spirit_diversity(["kappa", "kappa", "tanuki", "tengu", "kitsune"]) == 8
    assert spirit_diversity([]) == 0


def test_BB_END_3_harmony_case_2() -> None:
    """R-EN VI: "5 comfort points on the left and 8 on the right is a 3-point difference, so the
    player loses 6 HP"; case 2 with the middle column ignored; equal sides -> 0. R-FR FAQ:
    harmony depends on comfort, not on the number of tiles."""
    home = home_from_text("(0,0):G/2 (1,1):F/3 | (0,2):D/3 | (0,3):T/3 (1,4):G/3 (2,3):D/2")
    assert harmony(home) == (5, 8) and harmony_penalty(home) == -6
    assert harmony_penalty(home_from_text("(0,0):G/3 (0,4):D/1 (1,4):D/2")) == 0


def test_BB_END_4_unscored_met_tiles_give_half() -> None:
    """R-EN VI: "If the indicated pattern has been correctly recreated, then half of the indicated
    HP are granted (rounding up)"; R-FR FAQ: scoring in full needs a Balance action."""
    home = home_from_text("(0,0):D/1")
    parts = final_breakdown(5, [], home, [bal("L01"), bal("L02")])
    assert parts["balance"] == 1  # L01 (2 HP, decoration) is met, L02 (faith) is not
    assert parts["total"] == 5 + 1 - 2  # harmony: 1 left against 0 right


def test_BB_END_5_tie_break_by_comfort_case_28() -> None:
    """R-EN VI: "If there is a tie, the one who has achieved the most total comfort points on their
    home tiles wins. If there is still a tie ... the players share the victory". Case 28."""
    assert rank_players([20, 20], [17, 15]) == (0,)
    assert rank_players([20, 20], [15, 15]) == (0, 1)
    assert rank_players([21, 20], [1, 15]) == (0,)


def test_BB_END_5_outcome_breakdown_per_player() -> None:
    """``outcome()`` returns the final scores, winners, a reason and one breakdown per player."""
    s = _finished(4, 3)
    out = s.outcome()
    assert out is not None and len(out.breakdown) == 4
    for p, parts in enumerate(out.breakdown):
        assert parts["total"] == out.scores[p] == s.scores()[p]
        assert parts["total"] == sum(
            parts[k] for k in ("happiness", "spirits", "harmony", "balance", "night")
        )
    assert set(out.winners) <= set(range(4)) and out.reason


def test_BB_END_5_tied_game_outcome() -> None:
    """A tie on HP and comfort gives a shared victory in the outcome."""
    s = _finished(2, 0)
    plain = {"hp": 10, "home": [None] * 15, "balance": [], "awake": [], "asleep": []}
    s = bamboo.position(base=s, boards=[plain, plain])
    out = s.outcome()
    assert out is not None and out.winners == (0, 1) and out.is_shared


def test_BB_ADV_1_night_space_demands_its_type_case_27() -> None:
    """R-EN Advanced: "the tile placed on top of the space must match the indications"; case 27:
    a tools tile on a garden space is illegal."""
    s = visit_position(temples=(("Ri",), (), (), ()), reserve=1, coins=0)
    s = bamboo.position(base=s, options=bamboo.Options(night_side=True))
    p = s.player
    spaces = bamboo.night_spaces(p)
    s = play(s, "visit red", "activate Ri 1")
    s = with_board(s, p, coins=9)
    tools = bamboo.HOME_TILES[home_id("T", 1)]
    s = bamboo.position(base=s, home_market=[[tools.name], []])
    s = play(s, f"buy {tools.name}")
    legal = {(a.row, a.col) for a in s.legal_actions()}
    for i, kind in spaces.items():
        assert ((i // 5, i % 5) in legal) == (kind == 3)
    garden = next(i for i, k in spaces.items() if k == 2)
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.PlaceHomeTile(garden // 5, garden % 5))


def test_BB_ADV_2_uncovered_special_spaces_cost_one_each_case_27() -> None:
    """R-EN Advanced: "players lose 1 HP for each space with special indications that they have
    not covered"; case 27: 2 uncovered -> -2."""
    spaces = bamboo.night_spaces(0)
    home = [-1] * 15
    covered = list(spaces.items())[:2]
    for i, kind in covered:
        home[i] = home_id("DFGT"[kind], 1)
    parts = final_breakdown(0, [], tuple(home), [], spaces)
    assert parts["night"] == -2


def test_night_side_game_scores_the_penalty() -> None:
    """A finished night-side game includes the penalty in every breakdown."""
    s = _finished(2, 5, {"night_side": True})
    out = s.outcome()
    assert out is not None
    for p, parts in enumerate(out.breakdown):
        uncovered = sum(1 for i in bamboo.night_spaces(p) if s.boards[p].home[i] < 0)
        assert parts["night"] == -uncovered


def _random_home(rng: random.Random) -> tuple[int, ...]:
    home = [-1] * 15
    ids = rng.sample(range(len(bamboo.HOME_TILES)), 15)
    for i in rng.sample(range(15), rng.randrange(16)):
        home[i] = ids[i]
    return tuple(home)


def test_BB_PAT_1_is_balance_met_agrees_with_every_placement() -> None:
    """`is_balance_met` stops at the first placement: it answers as `balance_matches` does for
    every tile (custom ones too) and region, and each placement lies in the tile's region."""
    rng = random.Random(5)
    tiles = bamboo.Options(custom_balance=("C21 5 (0,0):G (0,1):G", "L25 3 (2,1):*")).balance_table
    met = 0
    for _ in range(150):
        home = _random_home(rng)
        for tile in tiles:
            for region in (None, 0, 1, 2):
                matches = bamboo.balance_matches(tile, home, region)
                assert bamboo.is_balance_met(tile, home, region) == bool(matches)
                met += bool(matches)
                cols = ((0, 1), range(5), (3, 4))[tile.kind if region is None else region]
                assert all(i % 5 in cols for m in matches for i in m)  # BB-PAT-1
    assert met > 100


def test_BB_WIN_2_feeding_shortfall_is_the_bill_hp_lost() -> None:
    """`feeding_shortfall` is `feeding_bill(...)["hp_lost"]`: 1 HP per unit missing after
    Ookami's 4 units (BB-SPI-4) and every counter held."""
    rng = random.Random(8)
    for _ in range(300):
        home = _random_home(rng)
        food = tuple(rng.randrange(4) for _ in range(3))
        for ookami in (False, True):
            bill = bamboo.feeding_bill(home, food, ookami)
            assert bamboo.feeding_shortfall(home, food, ookami) == bill["hp_lost"]
    five = (0, 1, 2, 3, 4) + (-1,) * 10
    assert bamboo.feeding_shortfall(five, (1, 1, 0)) == 2
    assert bamboo.feeding_shortfall(five, (1, 1, 0), ookami=True) == 0
