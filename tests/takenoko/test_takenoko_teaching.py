"""Takenoko teaching surface: the position builder, the garden text, explain with rule IDs and
the card look-up.
"""

from __future__ import annotations

import random

import pytest
from takenoko_helpers import act, legal_texts

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.games import takenoko as tk

Hex = tk.Hex


GARDEN = """
 -2          ..    ..
 -1 ..    Y1    P0e   y0
  0    G3F   ~~g   G2p   ..
  1       ..    Y1    ..
channels: 0,-1/1,-1
"""
"""A teacher's garden: a green fertilizer plot at height 3 beside the pond, and more."""


REFUSALS = [
    # (rule, position parts, actions to apply first, refused action)
    ("TK-TURN-1", {}, (), "roll sun"),
    ("TK-TURN-3", {}, ("action plot", "keep 1", "plot 1,0", "return 1,2"), "action plot"),
    (
        "TK-W-1",
        {"phase": "roll"},
        (
            "roll sun",
            "action plot",
            "keep 1",
            "plot 1,0",
            "return 1,2",
            "action irrigation",
            "action objective",
            "draw panda",
        ),
        "action gardener",
    ),
    ("TK-PLOT-2", {}, ("action plot", "keep 1"), "plot 2,0"),
    ("TK-PLOT-1", {}, ("action plot",), "end"),
    ("TK-IRR-3", {"plots": ((1, 0, "G", 1),), "stored_channels": {0: 1}}, (), "channel 0,0/1,0"),
    (
        "TK-IRR-4",
        {
            "plots": (
                (1, 0, "G", 1),
                (2, -1, "G", 0),
                (2, 0, "G", 0),
                (1, 1, "G", 0),
                (0, 1, "G", 1),
            ),
            "stored_channels": {0: 1},
        },
        (),
        "channel 2,0/2,-1",
    ),
    ("TK-IRR-2", {"plots": ((1, 0, "G", 1), (1, -1, "G", 1))}, (), "channel 1,0/1,-1"),
    ("TK-IRR-7", {"stored_channels": {0: 20}}, (), "action irrigation"),
    ("TK-GAR-1", {"plots": ((1, 0, "G", 1),)}, ("action gardener",), "gardener 2,0"),
    ("TK-PAN-1", {"plots": ((1, 0, "G", 1),)}, ("action panda",), "panda 0,0"),
    ("TK-OBJ-2", {"hands": {0: ("P01", "P02", "G01", "A01", "A02")}}, (), "action objective"),
    (
        "TK-IMP-2",
        {"plots": ((1, 0, "G", 1),), "stored_improvements": {0: (1, 0, 0)}},
        (),
        "improve watershed 1,0",
    ),
    (
        "TK-IMP-1",
        {"plots": ((1, 0, "GE", 0),), "stored_improvements": {0: (1, 0, 0)}},
        (),
        "improve watershed 1,0",
    ),
    ("TK-CMP-1", {}, (), "claim A15"),
    ("TK-CMP-3", {"hands": {0: ("P01", "G01", "A01")}}, (), "claim P01"),
    ("TK-CMP-4", {"hands": {0: ("P01", "G01", "A01")}}, (), "claim G01"),
    ("TK-CMP-6", {"hands": {0: ("P01", "G01", "A01")}}, (), "claim A01"),
    (
        "TK-W-2",
        {"phase": "roll", "plots": ((1, 0, "G", 1), (2, -1, "G", 0), (1, -1, "G", 1))},
        ("roll rain",),
        "grow 2,-1",
    ),
    ("TK-W-4", {"phase": "roll", "plots": ((1, 0, "G", 1),)}, ("roll storm",), "panda 0,0"),
    (
        "TK-W-5",
        {"phase": "roll", "stored_improvements": {1: (3, 0, 0)}},
        ("roll clouds",),
        "take watershed",
    ),
    ("TK-PLOT-3", {"phase": "keep_plot", "used": ("plot",), "drawn": ("G", "Y")}, (), "keep 3"),
    (
        "TK-OBJ-1",
        {
            "phase": "objective",
            "used": ("objective",),
            "hands": {
                0: ("P01", "P02", "P03", "G01"),  # room to draw (TK-OBJ-2), but no plot card left
                1: ("P05", "P06", "P07", "P08", "P09"),
            },
            "completed": {
                0: ("P04", "P10", "P11", "P12", "P13", "P14", "P15", "A01"),
                1: ("G02", "A02"),  # the setup cards (TK-SET-4)
            },
        },
        (),
        "draw plot",
    ),
    ("TK-BAM-1", {"phase": "rain", "weather": "rain", "plots": ((1, 0, "G", 4),)}, (), "grow 1,0"),
    ("TK-CMP-5", {"hands": {0: ("P01", "G05", "A01")}}, (), "claim G05"),
    ("TK-W-6", {"phase": "roll"}, ("roll ?",), "action plot"),
]


def test_teaching_helpers() -> None:
    """The helpers answer on their own: irrigation, channel edges, plot places, placements,
    objective checks and the score breakdown."""
    plots = ((1, 0, "G", 1), (1, -1, "G", 1), (0, 1, "G", 1), (2, -1, "G", 0))
    s = tk.position(plots=plots, hands={0: ("P01", "G04", "A01")}, eaten={0: (2, 0, 0)})
    assert tk.is_irrigated(s, tk.Hex(1, 0)) and not tk.is_irrigated(s, tk.Hex(2, -1))
    assert len(tk.legal_channel_edges(s)) == 2
    assert tk.Hex(2, 0) in tk.legal_plot_positions(s)
    assert tk.plot_objective_placements(s, "P02") != ()
    assert tk.objective_met(s, 0, "A01") and not tk.objective_met(s, 0, "G04")
    assert tk.met_objectives(s, 0) == ("A01",)
    assert tk.score_breakdown(s)[0]["total"] == 0
    with pytest.raises(ValueError):
        tk.plot_objective_placements(s, "G01")
    with pytest.raises(ValueError):
        tk.objective_met(s, 0, "Z01")
    assert tk.CARDS["P13"].describe().startswith("P13: DIAMOND_2C of green/yellow")
    assert "no improvement" in tk.CARDS["G04"].describe()
    assert "pay 2 green" in tk.CARDS["A01"].describe()
    assert legal_texts(s)[0] == "action plot"


def test_builder_takes_a_teachers_garden_and_completes_the_rest() -> None:
    """A green plot at height 3 with a printed fertilizer beside the pond, a chip enclosure on a
    plot without bamboo, channels, figures: everything else comes from the box."""
    s = tk.position(garden=GARDEN)
    assert s.tiles[Hex(-1, 0)] == "GF" and s.bamboo[Hex(-1, 0)] == 3
    assert s.improvements[Hex(1, -1)] == "E" and s.tiles[Hex(1, -1)] == "P"
    assert s.improvement_reserve == (3, 2, 3)  # the enclosure chip came from the reserve
    assert s.gardener == Hex(0, 0) and s.panda == Hex(1, 0)
    assert s.inventory() == tk.new_game(2, 0).inventory()
    assert tk.State.from_dict(s.to_dict()) == s
    assert s.start == {k: v for k, v in s.to_dict().items() if k != "start"}


def test_printed_garden_parses_back_to_the_same_garden() -> None:
    """str(state) of random positions, read back with garden_from_text, gives the same garden:
    plots, improvements (printed or chip), heights, channels and figures."""
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        s = tk.new_game(2, seed)
        for _ in range(rng.randrange(40, 160)):
            if s.is_over():
                break
            s = s.apply(rng.choice(s.legal_actions()))
        for text in (str(s), tk.garden_text(s)):
            back = tk.garden_from_text(text)
            assert back.tiles == s.tiles and back.bamboo == s.bamboo
            assert back.improvements == s.improvements and back.channels == s.channels
            assert back.irrigated == s.irrigated
            assert (back.gardener, back.panda) == (s.gardener, s.panda)
            assert tk.garden_text(back) == tk.garden_text(s)
            checked += 1
    assert checked == 12


@pytest.mark.parametrize(
    ("parts", "words"),
    [
        ({"plots": ((1, 0, "GF", 0), (1, -1, "GF", 0))}, "no GF plot is left"),
        ({"plots": [(1, 0, "G", 0, "W")] * 1, "stored_improvements": {0: (3, 0, 0)}}, "chips"),
        ({"garden": "  0 ~~    Q1"}, "not a cell"),
        ({"garden": "  0 ~~    g1"}, "written dry"),
        ({"garden": GARDEN.replace("y0", "Y0")}, "written irrigated"),
        ({"plots": ((2, 0, "G", 0),)}, "could never have been placed"),
        ({"hands": {0: ("P01",), 1: ("P01",)}}, "named twice"),
        ({"hands": {0: ("X99",)}}, "unknown objective card"),
        ({"stored_channels": {0: 21}}, "channels"),
        ({"player": 1, "turn": 2}, "not the seat of turn"),
        ({"hands": {0: ("P01", "P02", "P03")}}, "TK-SET-4"),
    ],
)
def test_builder_refuses_impossible_positions_saying_why(parts: dict, words: str) -> None:
    """An impossible request names the component that ran out or what conflicts."""
    with pytest.raises(InvalidStateError, match=words):
        tk.position(**parts)


def test_built_positions_play_on_at_random() -> None:
    """A built position is a normal state: random play from it reaches the end, round-tripping
    at every step."""
    s = tk.position(garden=GARDEN, hands={0: ("P01", "G03", "A01", "A02")}, eaten={0: (1, 2, 0)})
    rng = random.Random(1)
    while not s.is_over():
        assert tk.State.from_dict(s.to_dict()) == s
        s = s.apply(rng.choice(s.legal_actions()))
    assert s.outcome() is not None and s.start is not None


@pytest.mark.parametrize(("rule", "parts", "before", "text"), REFUSALS)
def test_every_refusal_names_its_rule(rule: str, parts: dict, before: tuple, text: str) -> None:
    """explain names the rule; apply and parse_action raise IllegalActionError carrying the
    rule ID, the sentence, the action, the phase and the player."""
    s = act(tk.position(**parts), *before)
    why = tk.explain(s, text)
    assert not why and why.rule == rule and why.reason, why
    action = tk.action_from_text(text) if hasattr(tk, "action_from_text") else None
    with pytest.raises(IllegalActionError) as caught:
        tk.parse_action(text, s)
    assert caught.value.rule == rule
    message = str(caught.value)
    assert f"({rule})" in message and why.reason in message and text in message
    assert f"phase {s.phase}" in message and f"player {s.player}" in message
    del action


def test_explain_says_legal_and_refuses_malformed_text() -> None:
    """A legal action is explained as legal; malformed text is an InvalidActionError."""
    s = tk.new_game(2, 0)
    assert tk.explain(s, "action plot") and tk.explain(s, tk.ChooseAction("plot")).rule is None
    with pytest.raises(InvalidActionError):
        tk.explain(s, "fly away")


def test_explain_names_a_rule_for_every_illegal_action_in_random_states() -> None:
    """Sweep: actions legal in other random states, explained in this one, always get a rule ID
    and a sentence, never a generic refusal."""
    rng = random.Random(11)
    states = []
    for seed in range(4):
        s = tk.new_game(3, seed)
        for _ in range(rng.randrange(10, 150)):
            if s.is_over():
                break
            states.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
    pool = sorted({str(a) for s in states for a in s.legal_actions()})
    explained = 0
    for s in rng.sample(states, 60):
        legal = {str(a) for a in s.legal_actions()}
        for text in rng.sample(pool, 25):
            if text in legal:
                continue
            why = tk.explain(s, text)
            assert not why.legal and why.rule and why.rule.startswith("TK-") and why.reason
            assert "not legal now" not in why.reason
            explained += 1
    assert explained > 1000


def test_cards_look_up_by_description() -> None:
    """cards(kind=, colour=, ...) finds cards by what they show; printed names are accepted."""
    green_gardener = tk.cards(kind="gardener", colour="green")
    assert [c.id for c in green_gardener] == ["G01", "G02", "G03", "G04", "G05"]
    assert tk.cards(kind="Gardener", colour="green") == green_gardener
    assert [c.id for c in tk.cards(kind="panda", colour="pink")] == [
        "A10",
        "A11",
        "A12",
        "A13",
        "A14",
        "A15",
    ]
    assert [c.id for c in tk.cards("gardener", improvement="none")] == ["G04", "G09", "G14"]
    assert [c.id for c in tk.cards(shape="DIAMOND_2C", colour="pink")] == ["P14", "P15"]
    assert len(tk.cards()) == 45


@pytest.mark.parametrize(
    "query",
    [
        {"kind": "GARDENER"},
        {"colour": "Green "},
        {"kind": "bamboo"},
        {"improvement": "fence"},
        {"points": 2.0},
        {"colour": 1},
    ],
)
def test_cards_refuse_unknown_names(query: dict) -> None:
    """Unknown names (or a case the rulebook never prints) are refused."""
    with pytest.raises(InvalidStateError):
        tk.cards(**query)


def test_objective_met_refuses_an_unknown_card_with_a_clear_error() -> None:
    """Found by the notebook writer: a bare ValueError before."""
    with pytest.raises(InvalidStateError, match="unknown objective card"):
        tk.objective_met(tk.new_game(2, 0), 0, "X99")
