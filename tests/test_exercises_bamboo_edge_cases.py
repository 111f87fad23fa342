"""bamboo_lab.exercises.bamboo_edge_cases: notebook 21's positions and tables, each checked
against the engine's own answers and the rule it illustrates."""

from __future__ import annotations

from bamboo_lab.core.table import MISSING, Table
from bamboo_lab.exercises import bamboo_edge_cases as edge
from bamboo_lab.exercises.bamboo import play, winter_example
from bamboo_lab.games import bamboo as bb


def _plain(table: Table) -> None:
    """A student's table: no missing cell, no list, tuple or dict in a cell."""
    for row in table.rows():
        for cell in row.values():
            assert cell is not None and cell != MISSING
            assert not isinstance(cell, list | tuple | dict | set)


def test_BB_SUM_2_verdicts_say_the_move_in_words_and_the_rule() -> None:
    table = edge.verdicts(edge.marker_on_red(), "visit red", "visit yellow")
    _plain(table)
    assert table.column("move") == ["visit the red temple", "visit the yellow temple"]
    assert table.column("allowed") == ["no", "yes"]
    assert table.column("why not")[0].endswith("(BB-SUM-2)")
    assert edge.verdicts(edge.blue_temple_empty(), "visit blue").column("allowed") == ["no"]


def test_BB_SUM_2_first_turn_readings_differ_only_by_the_option() -> None:
    table = edge.first_turn_readings()
    _plain(table)
    assert table.column("first_turn_free") == ["game", "round"]
    assert table.column("round") == [2, 2]
    assert table.column("visit green again") == ["no", "yes"]


def test_BB_SUM_3_and_BB_SUM_5_one_stick_activates_one_shoot() -> None:
    short = edge.one_stick_left()
    visiting = play(short, "visit red")
    table = edge.incense_table(short, visiting)
    _plain(table)
    assert table.rows() == [
        {
            "sticks in the reserve": 1,
            "shoots in the visited temple": 3,
            "shoots activated (one per stick)": 1,
        }
    ]
    one = play(visiting, "activate Rf 1")
    assert edge.verdicts(one, "activate Rb 2").column("why not")[0].endswith("(BB-SUM-5)")


def test_BB_SUM_1_passes_and_the_voluntary_pass_reading() -> None:
    done = play(edge.one_stick_left(), "visit red", "activate Rf 1", "place Rb 2", "place Ri 3")
    alone = play(done, "visit red", "offer red", "done", "place Rf 4")
    table = edge.passes(alone)
    assert table.column("player 0") == [0, "yes", "no"]
    assert table.column("player 1")[1:] == ["no", "yes"]
    readings = edge.voluntary_pass_readings()
    assert readings.column("pass while holding incense") == ["no", "yes"]
    assert readings.column("choices") == [4, 5]


def test_BB_SUM_5_at_most_two_new_shoots_per_stalk() -> None:
    two = play(edge.red_temple_of_four_shoots(), "visit red", "activate Rf 1", "activate Ri 1")
    two = play(two, "coin")
    assert edge.verdicts(two, "activate Rb 1", "activate Rb 2").column("allowed") == ["no", "yes"]


def test_BB_SUM_6_the_only_temple_with_room_takes_the_shoot() -> None:
    fuller = edge.temples_full_but_red()
    landed = play(fuller, "visit red", "activate Rf 1")
    assert landed.phase != "receive"
    assert len(landed.boards[0].temples[0]) == 1  # the yellow wildcard, in the emptied red


def test_BB_AUT_1_ties_go_to_the_highest_stick() -> None:
    table = edge.tied_stacks()
    _plain(table)
    for row in table.rows():
        top = row["sticks, bottom to top"].split(", ")
        counts = {who: top.count(who) for who in top}
        most = max(counts.values())
        tied = {who for who, n in counts.items() if n == most}
        highest = next(who for who in reversed(top) if who in tied)
        assert row["winner"] == highest


def test_BB_AUT_2_the_ghost_loses_every_tie() -> None:
    table = edge.ghost_stacks()
    assert table.column("winner") == ["player 0", "the ghost", "the ghost"]
    assert table.column("sticks, bottom to top")[0] == "the ghost, the ghost, player 0, player 0"


def test_BB_WIN_2_food_bills_give_no_change() -> None:
    table = edge.food_bills(edge.home_of_three_tiles())
    _plain(table)
    assert table.column("units wasted") == [0, 1, 0, 0, 1]
    assert table.column("HP lost") == [0, 0, 2, 3, 0]
    assert table.column("Ookami's units") == [0, 0, 0, 0, 4]


def test_BB_WIN_2_feeding_readings_side_by_side() -> None:
    paid = play(winter_example("choose"), "feed rice", "feed ramen", "feed tea")
    table = edge.feeding_readings(paid, winter_example("auto"))
    _plain(table)
    assert table.column("player 0") == [5, 5, "1 tea", "1 tea, 1 rice"]
    assert table.column("player 1")[:2] == [2, 2]


def test_BB_END_4_unscored_tiles_are_worth_half_when_met() -> None:
    table = edge.unscored_tiles(edge.home_for_unscored_tiles(), ["L05", "R13", "C13"])
    _plain(table)
    assert table.column("met") == ["yes", "yes", "no"]
    assert table.column("worth at the end") == [2, 3, 0]


def test_BB_PAT_1_a_left_tile_ignores_the_centre_column() -> None:
    centre = edge.decoration_in_the_centre()
    scoring = play(centre, "visit red", "activate Rb 1")
    assert edge.verdicts(scoring, "score L01").column("why not")[0].endswith("(BB-PAT-1)")
    assert edge.unscored_tiles(centre.boards[0].home, ["L01"]).column("worth at the end") == [0]


def test_BB_END_3_harmony_table_is_the_engines() -> None:
    table = edge.harmony_table()
    _plain(table)
    for name, text in edge.HARMONY_HOMES.items():
        home = bb.home_from_text(text)
        row = dict(zip(table.columns, _row(table, name), strict=True))
        assert (row["left comfort"], row["right comfort"]) == bb.harmony(home)
        assert row["harmony (HP)"] == bb.harmony_penalty(home)
    example = bb.home_from_text(edge.HARMONY_HOMES["the rulebook's example"])
    assert edge.rulebook_harmony_home() == example


def _row(table: Table, label: str) -> list[object]:
    """The cells of the row labelled ``label``."""
    position = table.index.index(label)
    return list(table.rows()[position].values())


def test_BB_END_2_spirits_count_two_per_kind() -> None:
    table = edge.spirit_kinds()
    assert table.rows()[0]["different kinds"] == 4 and table.rows()[0]["HP at the end"] == 8
    final = edge.spirits_at_the_end()
    assert final.final_breakdown(0)["spirits"] == 8


def test_BB_PL_5_draft_and_wildcard_readings() -> None:
    draft = edge.draft_order_readings()
    assert draft.column("seats picking in turn") == ["2, 0, 1, 2, 0, 1", "2, 0, 1, 1, 0, 2"]
    wildcards = edge.wildcard_readings()
    assert wildcards.column("wildcards on the stalks") == [0, 4]
    assert wildcards.column("wildcards in the draft")[1] == 0
