"""The Takenoko lessons' tables (bamboo_lab.exercises.takenoko_lessons and
bamboo_lab.widgets.takenoko_lessons): the engine's answers, in words, no list in a cell."""

from __future__ import annotations

import random
import re

import pytest

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.core.table import Table
from bamboo_lab.exercises import takenoko_lessons as lessons
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.words import label

DONE = ["A01", "A02", "A03", "A06", "A07", "G01", "G02"]
LAST = {
    "num_players": 3,
    "plots": [(1, 0, "G", 1), (1, -1, "G", 1), (0, -1, "G", 1)],
    "completed": {1: DONE},
    "hands": {1: ["P02"]},
    "player": 1,
}


def _cells(table: Table) -> list[object]:
    return [value for row in table.rows() for value in row.values()]


def test_TK_END_2_TK_END_3_the_claimer_finishes_then_every_other_player_plays_once() -> None:
    claimed = lessons.play(tk.position(**LAST), "claim P02")
    over, turns = lessons.final_turns(claimed)
    assert over.is_over() and over.emperor == 1
    assert turns.column("player") == ["player 1", "player 2", "player 0"]
    assert "TK-END-2" in turns.column("why they play")[0]
    assert all("TK-END-3" in why for why in turns.column("why they play")[1:])


def test_final_turns_needs_the_emperor_taken() -> None:
    with pytest.raises(ValueError, match="Emperor"):
        lessons.final_turns(tk.position(**LAST))


def test_TK_END_3_the_finish_round_reading_stops_at_the_rounds_end() -> None:
    table = lessons.final_round_readings("claim P02", **LAST)
    assert table.column("turns played after the claim") == [
        "player 1, then player 2, then player 0",
        "player 1, then player 2",
    ]


def test_TK_END_5_panda_points_break_a_tie_then_the_victory_is_shared() -> None:
    nine = ["P01", "P02", "P03", "P05", "G01", "G02", "G03", "A01", "A02"]
    table = lessons.tie_breaks(
        nine,
        {
            "decided": ["P08", "G05", "G09", "A06", "A13"],
            "shared": ["P04", "P08", "G05", "G14", "A13"],
        },
    )
    assert table.column("total") == [28, 28, 28, 28]
    assert table.column("wins") == ["no", "yes", "yes", "yes"]


def test_TK_CMP_4_cards_met_in_full_words() -> None:
    tall = tk.position(
        plots=[
            (1, 0, "GF", 4),
            (1, -1, "G", 4),
            (0, -1, "GE", 3),
            (-1, 1, "P", 3),
            (0, 1, "PE", 3),
        ],
        hands={0: ["P01", "G01", "G04", "A01"]},
    )
    table = lessons.cards_met(tall, 0, ["G01", "G02"])
    assert table.column("met now") == ["yes", "no"]
    assert table.column("asks for")[0] == tk.CARDS["G01"].describe().split(": ", 1)[1]
    with pytest.raises(ValueError):
        lessons.cards_met(tall, 0, ["X99"])


def test_TK_PAN_3_TK_IMP_3_panda_trips() -> None:
    fence = tk.position(
        plots=[(1, 0, "G", 2, "E"), (1, -1, "Y", 1), (2, -1, "Y", 0), (2, 0, "G", 0)]
    )
    table = lessons.panda_trips(fence, ["2,0", "1,0", "1,-1"])
    assert table.column("sections eaten") == [0, 0, 1]
    assert table.column("bamboo there before") == [0, 2, 1]


def test_TK_IMP_1_TK_IMP_2_rule_checks_speak_words_not_notation() -> None:
    chips = tk.position(
        plots=[(1, 0, "GE", 0), (1, -1, "Y", 0), (2, -1, "P", 0), (0, -1, "Y", 2)],
        stored_improvements={0: (1, 0, 1)},
    )
    table = lessons.rule_checks(chips, ["improve watershed 1,0", "improve watershed 2,-1"])
    assert not any(str(move).startswith("improve ") for move in table.index)
    assert table.column("may it be played?") == ["no", "yes"]
    assert "(TK-IMP-1)" in table.column("why not")[0]


def test_TK_BAM_2_supply_readings() -> None:
    table = lessons.supply_rules("1,0")
    assert table.column("the rain may grow 1,0") == ["yes", "no"]
    assert not [cell for cell in _cells(table) if isinstance(cell, list | tuple | float)]


def test_the_board_lessons_tables() -> None:
    pytest.importorskip("ipywidgets")
    from bamboo_lab.widgets import PlayController
    from bamboo_lab.widgets import takenoko_lessons as board
    from bamboo_lab.widgets.board_lessons import buttons_table

    c = PlayController("takenoko", players=2, bots="heuristic", seed=7)
    buttons = buttons_table(c)
    assert buttons.index == tuple(c.grouped_actions())
    garden = board.garden_with([(1, -1, "G"), (1, 0, "G"), (0, 1, "G"), (-1, 1, "Y")])
    met = board.objectives_met_table(garden)
    assert dict(zip(met.index, met.column("placements"), strict=True)) == {
        card: len(places) for card, places in garden.sandbox.plot_objectives().items() if places
    }
    with pytest.raises(ValueError):
        board.garden_with([(3, 3, "G")])  # touches neither the pond nor two plots


def test_TK_TURN_1_the_first_moves_in_words() -> None:
    """The first turn offers the plot, irrigation and objective actions, said in words."""
    said = lessons.moves_in_words(tk.new_game(num_players=2, seed=7))
    assert said.startswith("player 0 may choose an action: plots: draw 3, keep 1")
    assert "action plot" not in said and "gardener" not in said


def test_TK_IRR_3_TK_IRR_4_channel_checks_list_the_engines_spots_then_the_refused() -> None:
    corner = tk.position(
        plots=[(1, 0, "G", 1), (1, -1, "Y", 1), (2, -1, "G", 0), (2, 0, "P", 0), (0, -1, "P", 1)],
        stored_channels={0: 2},
    )
    table = lessons.channel_checks(corner, ["channel 0,0/1,0", "channel 1,0/2,0"])
    legal = len(tk.legal_channel_edges(corner))
    assert table.column("may it be played?") == ["yes"] * legal + ["no", "no"]
    assert [why[-10:] for why in table.column("why not")[legal:]] == ["(TK-IRR-3)", "(TK-IRR-4)"]


def test_option_readings_of_the_storm_the_height_and_the_redraw() -> None:
    """TK-W-4, TK-CMP-5 and TK-CMP-7 under each reading of their option, in words."""
    storm = lessons.storm_readings(
        plots=[(1, 0, "GE", 3), (1, -1, "P", 2)], panda=(1, -1), phase="roll"
    )
    assert ["panda to 0,0" in moves for moves in storm.column("the player may")] == [False, True]
    greens = [(1, 0, "G", 3), (1, -1, "G", 3), (0, -1, "G", 3), (-1, 0, "G", 4)]
    assert lessons.height_match_readings(greens, "G05").column(
        "4 green bamboos of height 3: met"
    ) == ["no", "yes"]
    words = [f"green plot at {q},{r}, bamboo {height}" for q, r, _, height in greens]
    asks = "the gardener objective: 4 green bamboos of height 3"
    assert lessons.height_match_readings(words, asks) == lessons.height_match_readings(
        greens, "G05"
    )
    redraw = lessons.redraw_readings([(1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "GW", 1)])
    kept, redrawn = redraw.column("hand after the draw")
    assert kept.endswith("P03") and not redrawn.endswith("P03")


def test_TK_IMP_4_TK_CMP_3_TK_PLOT_1_readings_side_by_side() -> None:
    fertilizer = lessons.fertilizer_readings()
    assert fertilizer.column("first growth with a fertilizer") == [2, 1]
    assert fertilizer.column("rain on a fertilized 1") == [3, 2]
    mirror = lessons.mirror_readings()
    assert mirror.column("P13 met") == ["no", "yes"]  # A is the mirror image, B the card turned
    assert mirror.column("P13 met with mirror images allowed") == ["yes", "yes"]
    returned = lessons.return_readings(seed=7)
    drawn = returned.column("drawn")[0].split()
    bottom, top = returned.column("bottom of the pile")[0], returned.column("top of the pile")[1]
    assert bottom == top == f"{drawn[2]} {drawn[0]}"  # returned first to last: Y, then PW
    defaults = lessons.option_defaults()
    assert set(defaults.index) == set(tk.Options.__dataclass_fields__)


def test_TK_GAR_2_TK_IMP_3_growth_fertilizer_and_the_fenced_panda_in_words() -> None:
    dry = tk.position(
        plots=[(1, 0, "G", 1), (1, -1, "G", 1), (2, -1, "G", 0), (2, 0, "G", 0), (0, -1, "Y", 1)],
        gardener=(1, 0),
    )
    grown = lessons.growth_table(dry, lessons.play(dry, "action gardener", "gardener 2,-1"))
    assert dict(zip(grown.index, grown.column("after"), strict=True))["2,-1"] == 0  # dry
    assert dict(zip(grown.index, grown.column("after"), strict=True))["1,0"] == 2
    fertile = tk.position(plots=[(1, 0, "GF", 3), (1, -1, "YF", 1)], phase="roll")
    rain = lessons.bamboo_after(fertile, {"rain": ("1,-1", ["roll rain", "grow 1,-1"])})
    assert rain.column("after") == [3]  # doubled by the fertilizer (TK-IMP-4)
    fenced = tk.position(plots=[(1, 0, "GE", 3), (1, -1, "P", 2)], panda=(1, -1), phase="roll")
    storm = lessons.play(fenced, "roll storm")
    said = lessons.panda_meal(storm, lessons.play(storm, "panda 1,0"))
    assert said == "the panda on 1,0 ate no section; the bamboo there is 3 high"


def test_every_move_of_the_board_list_is_read_back_from_its_words() -> None:
    state = tk.new_game(2, seed=5)
    chooser = random.Random(5)
    for _ in range(60):
        if state.is_over():
            break
        if state.current_player == CHANCE:
            faces = [action for action, _ in state.chance_outcomes()]
            found = lessons.move(state, label(faces[0], state))
            assert found == faces[0]
            state = state.apply(chooser.choice(faces))
            continue
        for action in state.legal_actions():
            words = label(action, state)
            found = lessons.move(state, words)
            # two drawn plots alike are one move to a student: the same words, the same plot
            assert label(found, state) == words and found in state.legal_actions()
        state = state.apply(chooser.choice(state.legal_actions()))


def test_TK_TURN_3_an_illegal_move_in_words_is_refused_in_words_and_changes_nothing() -> None:
    state = tk.new_game(2, seed=7)
    with pytest.raises(IllegalActionError, match=r"'end the turn' is illegal .*\(TK-") as refused:
        lessons.play(state, "end the turn")
    assert refused.value.rule is not None and "end'" not in str(refused.value)
    with pytest.raises(InvalidActionError, match="names no Takenoko move: player 0 may"):
        lessons.move(state, "dance on the pond")
    assert state == tk.new_game(2, seed=7)


def test_TK_IRR_3_a_channel_along_the_pond_is_named_in_words_and_refused() -> None:
    dry = tk.position(plots=[(1, 0, "G", 1), (1, -1, "Y", 1)], stored_channels={0: 2})
    taken = lessons.play(dry, "irrigation: take a channel")
    table = str(lessons.rule_checks(taken, ["channel between 0,0 and 1,0"]))
    assert "TK-IRR-3" in table and "channel between 0,0 and 1,0" in table


def test_running_out_and_objective_rules_are_the_engines_answers() -> None:
    out = str(lessons.running_out())
    for rule in ("TK-PLOT-3", "TK-IRR-7", "TK-IRR-8", "TK-OBJ-2"):
        assert rule in out
    assert "stays at 0 sections" in out and "refused: no irrigation channel" in out
    tall = tk.position(
        plots=[(1, 0, "GF", 4), (1, -1, "G", 4), (0, -1, "GE", 3), (-1, 1, "P", 3)],
        hands={0: ["P01", "G01", "G04", "A01"]},
    )
    rules = str(lessons.objective_rules(tall))
    assert "met now: no; completed: G04" in rules and "completed: G01, G04" in rules
    moves = lessons.moves(tk.new_game(2, seed=7))
    assert "plots: draw 3, keep 1" in moves.column("move")


def test_TK_TURN_3_a_move_tried_on_the_board_in_words_is_refused_with_its_rule() -> None:
    pytest.importorskip("ipywidgets")
    from bamboo_lab import widgets
    from bamboo_lab.widgets import board_lessons

    controller = widgets.play("takenoko", players=2, bots="heuristic", seed=7).controller
    before = controller.state
    now = board_lessons.now_table(controller)
    assert now.index[0] == "now" and "Player 0" in now.column("it says")[0]
    refused = board_lessons.try_move(controller, "end the turn")
    assert refused.column("played?") == ["no"] and "(TK-TURN-3)" in refused.column("the board")[0]
    assert controller.state == before
    played = board_lessons.try_move(controller, "plots: draw 3, keep 1")
    assert played.column("played?") == ["yes"] and controller.state != before
    with pytest.raises(ValueError, match="names no move"):
        board_lessons.try_move(controller, "dance on the pond")


def test_TK_SET_2_TK_SET_3_the_box_counts_every_piece_by_colour_and_the_reserve() -> None:
    """27 plots (the pond aside), 90 bamboo sections, 20 channels and 3 chips of each kind."""
    start = tk.new_game(2, seed=7)
    box = lessons.the_box(start)
    rows = dict(zip(box.index, box.column("in all"), strict=True))
    plots = [count for piece, count in rows.items() if "plots" in piece]
    assert sum(plots) == len(tk.PLOT_TILES) == 27
    assert rows["bamboo sections"] == sum(start.bamboo_reserve) == 90
    assert box.column("green")[box.index.index("bamboo sections")] == 36
    assert rows["irrigation channels"] == 20
    assert [rows[f"{name} chips"] for name in ("watershed", "enclosure", "fertilizer")] == [3, 3, 3]
    assert not [piece for piece in box.index if re.search(r"\b[WEF]\b|/", piece)]


def test_TK_CMP_1_a_claim_says_what_the_card_asks_never_its_id() -> None:
    """Completing an objective reads as the card asks it, in the rulebook's words; cards alike
    (the panda copies) read alike and are the same move to a player."""
    assert label(tk.Claim("P02")) == "complete the green curve plot objective (2 points)"
    assert (
        label(tk.Claim("P13")) == "complete the green and yellow diamond plot objective (3 points)"
    )
    assert label(tk.Claim("G04")) == (
        "complete the gardener objective: green bamboo of height 4, no chip (5 points)"
    )
    assert label(tk.Claim("G05")) == (
        "complete the gardener objective: 4 green bamboos of height 3 (8 points)"
    )
    assert label(tk.Claim("A01")) == label(tk.Claim("A05"))
    assert label(tk.Claim("A01")) == "complete the panda objective: 2 green (3 points)"
    assert label(tk.Claim("A13")) == (
        "complete the panda objective: 1 green, 1 yellow, 1 pink (6 points)"
    )
    ids = re.compile(r"\b[PGA]\d\d\b")
    for card in tk.CARDS:
        assert not ids.search(label(tk.Claim(card))), card
    # the same words name the card of the mover's hand, legal now or not
    fed = tk.position(eaten={0: (2, 0, 0)}, hands={0: ["A04", "P01", "G01"]})
    assert lessons.move(fed, label(tk.Claim("A01"))) == tk.Claim("A04")
    hungry = tk.position(hands={0: ["A03", "P01", "G01"]})
    assert lessons.move(hungry, label(tk.Claim("A01"))) == tk.Claim("A03")
    with pytest.raises(IllegalActionError) as refused:
        lessons.play(hungry, "complete the panda objective: 2 green (3 points)")
    said = str(refused.value)
    assert "sections of the panda objective: 2 green" in said and "(TK-CMP-6)" in said
    assert not ids.search(said), said


def test_TK_CMP_3_TK_CMP_4_refusals_name_a_card_by_what_it_asks() -> None:
    garden = tk.position(hands={0: ["P13", "G04", "A01"]})
    table = lessons.rule_checks(
        garden,
        [label(tk.Claim("P13")), label(tk.Claim("G04")), label(tk.Claim("P02"))],
    )
    why = table.column("why not")
    assert why[0] == (
        "the garden does not show the shape of the green and yellow diamond plot objective"
        " with every plot irrigated (TK-CMP-3)"
    )
    assert why[1] == (
        "the garden does not show the bamboo of the gardener objective: green bamboo of"
        " height 4, no chip (TK-CMP-4)"
    )
    assert "the green curve plot objective is not in it (TK-CMP-1)" in why[2]


def test_TK_SET_2_a_garden_in_words_is_the_position_of_its_tuples() -> None:
    """The lessons build a position from words a student reads: plots as the board says them
    (colour, an improvement printed or a chip, the place, the bamboo) and cards by what they
    ask; the same position as ``tk.position``'s tuples and ids."""
    said = lessons.garden(
        "green plot with fertilizer at 1,0, bamboo 4",
        "Yellow plot at 1,-1",
        "green plot with an enclosure chip at 0,-1, bamboo 2",
        "pink plot with printed watershed at -1,1, bamboo 3",
        "pink (printed enclosure) plot at 0,1",
        hands={0: ["the green curve plot objective", "the panda objective: 2 green", "G01"]},
        completed={
            1: [
                "the panda objective: 2 green",
                "gardener objective: green bamboo of height 4, no chip",
                "The green line plot objective",
            ]
        },
        eaten={0: "1 green, 2 pink"},
        stored_improvements={0: "a watershed chip and a fertilizer chip"},
        gardener="1,0",
    )
    tuples = tk.position(
        plots=[(1, 0, "GF", 4), (1, -1, "Y", 0), (0, -1, "G", 2, "E"), (-1, 1, "PW", 3),
               (0, 1, "PE", 0)],
        hands={0: ["P02", "A01", "G01"]},
        completed={1: ["A02", "G04", "P01"]},
        eaten={0: (1, 0, 2)},
        stored_improvements={0: (1, 0, 1)},
        gardener=(1, 0),
    )  # fmt: skip
    assert said == tuples and said.to_dict() == tuples.to_dict()
    channels = lessons.garden(
        "green plot at 1,0", "green plot at 1,-1", channels=["between 1,0 and 1,-1"]
    )
    assert (
        channels.channels
        == tk.position(plots=[(1, 0, "G", 0), (1, -1, "G", 0)], channels=["1,0/1,-1"]).channels
    )


@pytest.mark.parametrize(
    ("plots", "parts", "refused"),
    [
        (["blue plot at 1,0"], {}, "'blue plot at 1,0' names no plot: a plot reads '<colour>"),
        (["green plot at one,zero"], {}, "names no plot"),
        (["green plot with gold at 1,0"], {}, "'with a fertilizer chip'"),
        (
            [(1, 0, "G", 1)],
            {"hands": {0: ["the moon objective"]}},
            "a card reads 'the <colour> <shape> plot objective'",
        ),
        ([], {"hands": {0: ["the panda objective: 2 pink"] * 4}}, "only 3 such cards"),
        ([], {"hands": {0: "the green line plot objective"}}, "a list of cards in words"),
        ([], {"eaten": {0: "2 purple"}}, "names no bamboo sections"),
        ([], {"stored_improvements": {0: "a green chip"}}, "names no improvement chips"),
        (["green plot at 5,5"], {}, "5,5"),
    ],
)
def test_TK_SET_2_words_a_garden_cannot_read_are_refused_saying_what_it_reads(
    plots: list[object], parts: dict[str, object], refused: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(refused)) as caught:
        lessons.garden(*plots, **parts)
    assert len(str(caught.value)) < 2000
    long = "green plot at 1,0 " * 50
    with pytest.raises(ValueError) as cut:
        lessons.garden(long)
    assert long not in str(cut.value)
