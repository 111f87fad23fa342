"""bamboo_lab.exercises.bamboo_year: the named positions and the tables of the Bamboo year
lesson (notebook 20) and its going-further part (notebook 24), each checked against the
engine's own answers."""

from __future__ import annotations

import re

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.table import MISSING, Table
from bamboo_lab.exercises import bamboo_year as year
from bamboo_lab.exercises.bamboo import autumn_example, first_turn, last_round, play
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import TYPES

_HOME_TILE_ID = re.compile(r"\b[AB]\d\d\b")


def _over() -> bb.State:
    """The last round of the lesson, played to the end."""
    turns = play(last_round(), "visit red", "done", "place Rb 1", "end")
    turns = play(turns, "visit red", "offer red", "done", "place Ri 1")
    return play(turns, "feed ramen", "feed ramen", "use ookami", "feed ramen")


def _readable(table: Table) -> None:
    """A student's table: no missing cell, no list or dict in a cell, no home tile ID."""
    for row in table.rows():
        for cell in row.values():
            assert cell is not None and cell != MISSING
            assert not isinstance(cell, list | tuple | dict | set)
            assert not _HOME_TILE_ID.search(str(cell)), cell
    assert not _HOME_TILE_ID.search(table.to_text())


def test_BB_PL_5_choices_names_the_draft_in_words() -> None:
    state = bb.new_game(num_players=2, seed=7)
    table = year.choices(state)
    _readable(table)
    assert len(table) == len(state.legal_actions())
    assert table.column("what you may do") == [
        "draft the red balance shoot",
        "draft the yellow improve shoot",
        "draft the green cook shoot",
        "draft the green wildcard shoot",
    ]


def test_BB_ACT_7_choices_of_a_wildcard_are_the_four_actions() -> None:
    offered = play(first_turn(), "visit green", "offer green", "offer green")
    said = year.choices(play(offered, "activate Gw 1")).column("what you may do")
    basics = [words.split(":")[0] for words in said if words.startswith("use it as ")]
    assert sorted(basics) == [
        f"use it as {basic}" for basic in ("balance", "cook", "fund", "improve")
    ]


def test_home_tile_words_say_what_the_tile_is() -> None:
    assert year.home_tile_words("B16") == "the 5-coin faith home tile (comfort 3, 6 HP)"
    assert year.home_tile_words(bb.HOME_TILES[0].id).startswith("the 1-coin decoration home tile")
    with pytest.raises(InvalidStateError, match="no home tile"):
        year.home_tile_words("Z99")


def _improving() -> bb.State:
    """The lesson's improve step: player 0 with 3 coins, to buy a home tile or take a coin."""
    start = year.red_temple_of_four_actions()
    four = play(start, "visit red", *["offer red"] * 4)
    return play(four, "activate Rb 1", "score L02", "take C13", "activate Ri 2")


def test_BB_ACT_4_home_market_says_which_tiles_the_player_can_pay() -> None:
    state = _improving()
    table = year.home_market(state)
    _readable(table)
    coins = state.boards[0].coins
    tiles = [bb.HOME_TILES[t] for market in state.home_market for t in market]
    assert table.column("cost (coins)") == [tile.cost for tile in tiles]
    assert table.column("player 0 can pay") == [
        "yes" if tile.cost <= coins else "no" for tile in tiles
    ]
    legal = {str(action) for action in state.legal_actions()}
    for tile, can in zip(tiles, table.column("player 0 can pay"), strict=True):
        assert (f"buy {tile.name}" in legal) == (can == "yes"), tile.name


def test_BB_ACT_4_buy_home_tile_buys_by_type_and_cost_and_places_it() -> None:
    state = _improving()
    bought = year.buy_home_tile(state, "faith", cost=1, row=1, column=0)
    tile = bb.HOME_TILES[bought.boards[0].home[5]]
    assert tile.cost == 1 and TYPES[tile.type] == "faith"
    assert bought.boards[0].coins == state.boards[0].coins - 1
    assert bought.boards[0].hp == state.boards[0].hp + tile.hp
    only_bought = year.buy_home_tile(state, "faith", cost=1)
    assert only_bought.phase == "home"


def test_buy_home_tile_refuses_what_is_not_there_and_changes_nothing() -> None:
    state = _improving()
    before = state.to_dict()
    with pytest.raises(InvalidStateError, match="no face-up tools home tile costs 9"):
        year.buy_home_tile(state, "tools", cost=9)
    with pytest.raises(InvalidStateError, match="type is one of"):
        year.buy_home_tile(state, "kitchen", cost=1)
    assert state.to_dict() == before


def test_BB_WIN_2_bill_table_is_the_engines_feeding_bill() -> None:
    last = play(autumn_example(), "visit red", "offer red", "activate Rb 1", "hp", "visit blue")
    woken = play(last, "done", "place Bc 1", "place Bw 2", "wake tanuki")
    table = year.bill_table(woken)
    _readable(table)
    assert table.columns == ("player 0", "player 1")
    for seat, board in enumerate(woken.boards):
        bill = bb.feeding_bill(board.home, board.food, ookami="ookami" in board.awake)
        need, ookami, _, waste, hp_lost = table.column(f"player {seat}")
        assert (need, ookami, waste, hp_lost) == (
            bill["need"],
            bill["ookami"],
            bill["waste"],
            bill["hp_lost"],
        )


def test_BB_END_2_to_BB_END_4_score_table_adds_up_to_the_outcome() -> None:
    over = _over()
    table = year.score_table(over)
    _readable(table)
    outcome = over.outcome()
    assert outcome is not None
    for seat, score in enumerate(outcome.scores):
        column = table.column(f"player {seat}")
        assert column[-1] == score == sum(column[:-1])


def test_BB_END_5_tie_breaks_rank_by_hp_then_comfort() -> None:
    table = year.tie_breaks(_over())
    _readable(table)
    assert table.column("winners") == ["player 0", "player 0", "player 0 and player 1"]
    with pytest.raises(InvalidStateError, match="finished game"):
        year.tie_breaks(last_round())


def test_BB_PAT_2_left_tile_met_and_its_mirror_not() -> None:
    home = year.home_for_left_and_right_patterns()
    assert bb.is_balance_met(bb.balance_tile("L05"), home)
    assert not bb.is_balance_met(bb.balance_tile("R05"), home)


def test_BB_PAT_3_one_tile_per_family() -> None:
    names = year.one_tile_per_family()
    assert len(names) == len(set(names)) == len(year.PATTERN_FAMILIES)
    for family, name in zip(year.PATTERN_FAMILIES, names, strict=True):
        assert bb.balance_tile(name) in bb.pattern(family)


def test_BB_SUM_6_crowded_yellow_temple_asks_where_the_shoot_goes() -> None:
    popped = play(year.crowded_yellow_temple(), "visit red", "activate Rf 1")
    assert popped.phase == "receive"
    assert year.choices(popped).column("what you may do") == [
        "receive into the red temple",
        "receive into the green temple",
        "receive into the blue temple",
    ]


def test_BB_SPI_1_spirit_positions_are_awake_and_usable() -> None:
    spirits = year.five_awake_spirits()
    assert len(spirits.boards[0].awake) == 5
    legal = {str(action) for action in spirits.legal_actions()}
    assert {"use kappa", "use tanuki", "use rokurokubi"} <= legal
    assert "use tengu" in {str(action) for action in year.tengu_awake().legal_actions()}


def test_BB_ADV_1_night_side_refuses_a_faith_tile_on_the_decoration_space() -> None:
    night = year.night_side_market()
    improving = play(night, "visit red", "offer red", "activate Ri 1")
    buying = year.buy_home_tile(improving, "faith", cost=1)
    said = str(bb.explain(buying, "home 0,0"))
    assert "(BB-ADV-1)" in said and not _HOME_TILE_ID.search(said)


def test_setup_and_player_tables_are_readable() -> None:
    state = bb.new_game(num_players=2, seed=7)
    for table in (year.setup_table(state), year.player_table(state)):
        _readable(table)
    assert year.player_table(state).columns == ("player 0", "player 1")
