"""Tests of docs/rules/bamboo.md that no one section holds: the teaching surface.

The position builder, explain, patterns as text, the exercises and the guide.
"""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path
from typing import Any

import pytest
from bamboo_helpers import play, to_summer
from harness import check_position
from notebook_tools import rule_ids

from bamboo_lab import exercises
from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.exercises import bamboo as lesson
from bamboo_lab.games import bamboo
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo import GHOST

IDS = [f"bamboo-{n}" for n in range(1, 11)]


def said(exercise_id: str, answer: Any) -> str:
    return exercises.feedback(exercise_id, answer)


RIGHT_FORMS: dict[str, list[Any]] = {
    "bamboo-1": [
        {"red", "blue"},
        ["Red", "Blue temple"],
        {"R", "b"},
        (0, 3),
        ["the red temple", 3],
    ],
    "bamboo-2": [5, "5", " 5 ", 5.0],
    "bamboo-3": [
        {"Yf", "Rc"},
        ["yf", "RC"],
        {"yellow fund", "red cook"},
        [("yellow", "fund"), "Rc"],
    ],
    "bamboo-4": [
        {"L09", "R02", "C13"},
        ["l09", " r02", "c13 "],
        [bb.balance_tile("L09").id, "R02", "C13"],
    ],
    "bamboo-5": [False, "no", "False", "n"],
    "bamboo-6": [
        [0, "ghost", 1, "nobody"],
        ("player 0", -1, "P1", "none"),
        ["0", "g", 1, "no one"],
    ],
    "bamboo-7": [-1, "-1", -1.0],
    "bamboo-8": [-4, "-4", -4.0],
    "bamboo-9": [28, "28"],
    "bamboo-10": [{"0,4", "1,2"}, [(0, 4), "(1, 2)"], [4, 7], ["row 0 col 4", " 1 , 2 "]],
}


WRONG: dict[str, Any] = {
    "bamboo-1": {"red", "yellow"},
    "bamboo-2": 6,
    "bamboo-3": {"Bf", "Yf"},
    "bamboo-4": {"L09", "R05"},
    "bamboo-5": True,
    "bamboo-6": [0, 1, 1, "nobody"],
    "bamboo-7": -7,
    "bamboo-8": -6,
    "bamboo-9": 24,
    "bamboo-10": {"0,0", "1,2"},
}


DIAGNOSED: list[tuple[str, Any, str]] = [
    ("bamboo-1", {"red", "yellow"}, "marker stands on yellow"),
    ("bamboo-1", {"red", "green", "blue"}, "green temple of player 0's board holds no shoot"),
    ("bamboo-2", 6, "coin paid to offer a stick at the blue temple"),
    ("bamboo-3", {"Bf", "Yf"}, "Bf is not pushed out"),
    ("bamboo-3", {"Gf", "Yf"}, "Gf goes into the stalk"),
    ("bamboo-4", {"L09", "R02", "C13", "R05"}, "R05"),
    ("bamboo-4", {"L09", "R02"}, "1 is missing"),
    ("bamboo-5", True, "L01 is a left tile"),
    ("bamboo-6", [0, 1, 1, "nobody"], "the yellow temple"),
    ("bamboo-6", [0, "ghost", 1], "Give four owners"),
    ("bamboo-7", -7, "food player 0 holds pays first"),
    ("bamboo-8", -2, "costs 2 HP, not 1"),
    ("bamboo-9", 24, "balance tiles count too"),
    ("bamboo-10", {"0,0", "1,2"}, "0,0: this night space accepts only a decoration tile"),
    ("bamboo-10", {"0,1"}, "0,1 is taken"),
]


GUIDE = Path(__file__).resolve().parents[2] / "docs" / "games" / "bamboo.md"


def _roundtrip(s: bamboo.State) -> None:
    again = bamboo.State.from_dict(json.loads(json.dumps(s.to_dict())))
    assert again == s and again.to_dict() == s.to_dict()


_REFUSALS = [
    # (rule, board changes for player 0, actions before, the refused action)
    ("BB-SUM-2", {"temples": [["Rb"], [], [], []]}, [], "visit yellow"),
    ("BB-SUM-1", {"temples": [["Rb"], [], [], []]}, [], "pass"),
    (
        "BB-SUM-4",
        {"temples": [["Rb", "Ri"], [], [], []], "coins": 0, "spirits": ["bakeneko"]},
        ["visit red"],
        "offer blue",
    ),
    ("BB-SUM-5", {"temples": [["Rb"], [], [], []]}, ["visit red"], "activate Ri 1"),
    ("BB-SUM-7", {"temples": [["Rb"], [], [], []]}, ["visit red"], "place Rb 1"),
    ("BB-ACT-1", {"temples": [["Rb"], [], [], []]}, ["visit red", "activate Rb 1"], "done"),
    (
        "BB-ACT-2",
        {"temples": [["Rb"], [], [], []], "balance": ["L01", "L02"]},
        ["visit red", "activate Rb 1"],
        "take {left}",
    ),
    (
        "BB-ACT-3",
        {"temples": [["Rb"], [], [], []], "balance": ["L01"]},
        ["visit red", "activate Rb 1"],
        "score L01",
    ),
    (
        "BB-PAT-1",
        {"temples": [["Rb"], [], [], []], "balance": ["L01"], "home": "(0,2):D"},
        ["visit red", "activate Rb 1"],
        "score L01",
    ),
    (
        "BB-ACT-4",
        {"temples": [["Ri"], [], [], []], "coins": 0},
        ["visit red", "activate Ri 1"],
        "buy {home}",
    ),
    (
        "BB-ACT-5",
        {"temples": [["Rc"], [], [], []]},
        ["visit red", "activate Rc 1"],
        "food {nofood}",
    ),
    ("BB-SPI-1", {"temples": [["Rb"], [], [], []]}, [], "use kappa"),
    ("BB-SPI-4", {"temples": [["Rb"], [], [], []], "spirits": ["ookami"]}, [], "use ookami"),
    ("BB-PL-5", None, [], "draft Rb"),
]


def test_the_bamboo_exercises_in_notebook_order() -> None:
    assert [e.id for e in exercises.all_exercises("bamboo")] == IDS
    known = {r.upper() for r in rule_ids("bamboo")}
    for exercise in exercises.all_exercises("bamboo"):
        assert set(exercise.rules) <= known, exercise.id
        assert len(exercise.hints) == 3 and exercise.explanation


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_answer_is_right_in_every_accepted_form(exercise_id: str) -> None:
    for form in RIGHT_FORMS[exercise_id]:
        assert said(exercise_id, form) == "right!", form
    assert said(exercise_id, None).startswith("no answer yet")


@pytest.mark.parametrize("exercise_id", IDS)
def test_hints_sharpen_with_each_wrong_try(exercise_id: str) -> None:
    exercise = exercises.get(exercise_id)
    lines = [said(exercise_id, WRONG[exercise_id]) for _ in range(3)]
    assert all(line.startswith("not yet") for line in lines)
    assert exercise.hints[0].rstrip(".") in lines[0]  # the general hint first, then hints computed
    assert all(exercise.hints[k] not in lines[k] for k in (1, 2)), lines
    assert len(set(lines)) == 3
    assert all(rule in lines[2] for rule in exercise.rules)


@pytest.mark.parametrize(("exercise_id", "answer", "words"), DIAGNOSED)
def test_diagnose_names_what_is_wrong(exercise_id: str, answer: Any, words: str) -> None:
    assert words in said(exercise_id, answer)


def test_unreadable_answers_say_so_and_do_not_count() -> None:
    for exercise_id, answer in (
        ("bamboo-1", "purple"),
        ("bamboo-3", "Xz"),
        ("bamboo-4", "L99"),
        ("bamboo-6", ["someone", 0, 1, 2]),
        ("bamboo-2", "five"),
    ):
        assert said(exercise_id, answer).startswith("not yet: I could not read")
    exercise = exercises.get("bamboo-1")
    assert exercise.hints[0] in said("bamboo-1", {"red"})  # still the first try


def test_answers_read_by_the_item_functions() -> None:
    assert lesson.colour_item("Green temple") == "green" and lesson.colour_item(1) == "yellow"
    assert lesson.owner_item(bb.GHOST) == "ghost" and lesson.owner_item("player 2") == 2
    assert lesson.tile_item(bb.balance_tile("C13")) == "C13"
    for bad, reader in ((4, lesson.colour_item), ("blue wish", lesson.shoot_item),
                        (True, lesson.owner_item), (3.5, lesson.tile_item)):  # fmt: skip
        with pytest.raises(ValueError):
            reader(bad)


def test_solutions_for_the_teacher() -> None:
    text = exercises.solution("bamboo-6")
    assert "answer: [0, ghost, 1, nobody]" in text and "BB-AUT-1" in text


def test_lesson_positions_and_tables() -> None:
    """The lessons' long positions are playable; their tables come from the engine."""
    autumn = lesson.autumn_example()
    assert autumn.phase == "visit" and [b.reserve for b in autumn.boards] == [1, 1]
    woken = lesson.play(
        lesson.autumn_example(),
        "visit red", "offer red", "activate Rb 1", "hp", "visit blue", "done", "place Bc 1",
        "place Bw 2", "wake tanuki",
    )  # fmt: skip
    rows = lesson.bill_rows(woken)
    assert [r["units needed (home tiles)"] for r in rows] == [3, 5]
    assert rows[1]["Ookami's units"] == 4 and rows[1]["units wasted"] == 2  # BB-SPI-4, BB-WIN-2
    assert lesson.winter_example("choose").phase == "feed"  # BB-WIN-2: the player pays
    assert lesson.winter_example("auto").round == 2  # the engine paid: the next Spring
    scores = lesson.score_rows(lesson.last_round())
    assert scores["player 0"]["total"] == lesson.last_round().final_breakdown(0)["total"]
    assert lesson.setup_rows(bb.new_game(2, seed=7))["face up"]["shoots in the stalks"] == 12
    assert lesson.player_rows(bb.new_game(2, seed=7))["player 1"]["HP"] == 5


def test_the_guide_examples_run() -> None:
    result = doctest.testfile(
        str(GUIDE),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.attempted > 20 and result.failed == 0, result


def test_position_defaults_to_the_first_summer_decision_and_records_its_start() -> None:
    s = bamboo.position()
    assert s.phase == "visit" and s.round == 1 and s.history == ()
    assert s.start is not None and s.start == {
        k: v for k, v in s.to_dict().items() if k != "start_position"
    }
    assert s.inventory() == bamboo.new_game(2, 0).inventory()
    _roundtrip(s)


def test_position_takes_what_a_teacher_asks_and_plays_on() -> None:
    s = bamboo.position(
        players=3,
        seed=5,
        round=2,
        player=1,
        first_player=2,
        boards={
            1: {
                "home": "(0,0):G/2 (1,0):F/3 (0,3):D",
                "balance": ["L03", "C05"],
                "scored": ["R01"],
                "food": {"rice": 2, "ramen": 1},
                "coins": 4,
                "hp": 11,
                "spirits": ["Kappa", "ookami"],
                "asleep": ["Tengu"],
                "temples": {"red": ["Rb", "Ri"], "blue": ["Bf"]},
                "marker": "yellow",
            }
        },
        temples=[[0, 0], [2], [], [1]],
        stalks=[["Yb", "Yi", "Gc"], ["Gf", "Rc", "Gi"], ["Bb", "Bi", "Yc"], ["Gb", "Yf", "Rf"]],
        food_display=["tea", "tea", "rice"],
    )
    b = s.boards[1]
    assert s.round == 2 and s.player == 1 and s.first_player == 2 and b.track == 2
    assert [bamboo.HOME_TILES[h].name[0] for h in b.home if h >= 0] == ["A", "A", "A"]
    assert b.balance == (bamboo.balance_tile("L03").id, bamboo.balance_tile("C05").id)
    assert b.food == (0, 2, 1) and b.coins == 4 and b.hp == 11 and b.marker == 1
    assert b.awake == ("kappa", "ookami") and b.asleep == ("tengu",)
    assert b.reserve == 7 - 2 - 1  # BB-PL-2: 7 sticks, 2 on the track, 1 on the blue temple
    assert s.food_display == (0, 0, 1)
    assert s.inventory() == bamboo.new_game(3, 5).inventory()
    _roundtrip(s)
    check_position(s, games=2, seed=3)


def test_position_with_a_base_keeps_the_phase_and_plays_on() -> None:
    six = [["Rb", "Ri"], ["Yb", "Yc"], ["Gb"], ["Bf"]]  # BB-PL-5: everyone holds 6 shoots
    s = play(bamboo.position(boards={0: {"temples": six}}, player=0), "visit red")
    assert s.phase in ("offer", "place")
    built = bamboo.position(base=s, boards={0: {"coins": 7}})
    assert built.phase == s.phase and built.boards[0].coins == 7
    check_position(built, games=2)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"boards": {0: {"spirits": ["kappa"] * 4}}}, "Kappa ran out"),
        ({"boards": {0: {"balance": ["L01", "L02", "L03"]}}}, "at most 2 balance tiles"),
        ({"boards": [{"balance": ["L01"]}, {"balance": ["L01"]}]}, "L01 ran out"),
        ({"boards": {0: {"home": ["A01"] * 2 + [None] * 13}}}, "A01 ran out"),
        ({"boards": {0: {"reserve": 7}}}, "7 incense sticks"),
        ({"boards": {0: {"food": {"tea": 7}}}}, "tea ran out"),
        ({"boards": {0: {"temples": [["Rw", "Rw"], [], [], []]}}}, "Rw ran out"),
        ({"boards": {0: {"gold": 3}}}, "unknown entries"),
        ({"boards": {0: {"spirits": ["OOKAMI"]}}}, "no spirit"),
        ({"temples": [[GHOST], [], [], []]}, "ghost's temple tiles"),
        ({"round": 5}, "round"),
        ({"players": 5}, "2 to 4 players"),
    ],
)
def test_position_refuses_impossible_requests_naming_what_ran_out(
    kwargs: dict[str, object], words: str
) -> None:
    with pytest.raises(InvalidStateError, match=words):
        bamboo.position(**kwargs)  # type: ignore[arg-type]


def test_two_homes_from_the_same_text_are_distinct_tiles() -> None:
    """Issue 8: home_from_text picked the same tile ids for two homes, which collided on load."""
    text = "(0,0):G/2 (1,1):F/3 (2,4):D"
    first = bamboo.home_from_text(text)
    second = bamboo.home_from_text(text, taken=first)
    assert not set(first) - {-1} & set(second) - {-1}
    s = bamboo.position(boards=[{"home": first}, {"home": first}])
    homes = [h for b in s.boards for h in b.home if h >= 0]
    assert len(homes) == len(set(homes)) == 6
    kinds = [
        [(bamboo.HOME_TILES[h].type, bamboo.HOME_TILES[h].comfort) for h in b.home if h >= 0]
        for b in s.boards
    ]
    assert kinds[0] == kinds[1]
    _roundtrip(s)


def test_random_built_positions_play_on_under_the_harness() -> None:
    rng = random.Random(7)
    for k in range(4):
        n = rng.choice((2, 3, 4))
        s = bamboo.position(
            players=n,
            seed=k,
            round=rng.randint(1, 4),
            boards={rng.randrange(n): {"home": "(0,0):G/2 (0,4):T/1", "coins": rng.randint(0, 9)}},
        )
        check_position(s, games=1, seed=k)


def test_pattern_look_up_by_printed_name_and_family() -> None:
    assert [t.name for t in bamboo.pattern("E3")] == ["L09", "R09"]
    assert [t.name for t in bamboo.pattern("E5")] == ["C01"]
    assert len(bamboo.pattern("v-pair")) == 8 and len(bamboo.pattern("diamond")) == 4
    assert set(bamboo.PATTERN_NAMES) == {f"E{k}" for k in range(1, 10)}
    for bad in ("e3", "E10", "V-PAIR", 3):
        with pytest.raises(InvalidStateError):
            bamboo.pattern(bad)  # type: ignore[arg-type]


def test_a_custom_balance_tile_is_data_in_the_options() -> None:
    """Issue 8: a teacher's own balance tile without patching a private table."""
    spec = "C21 7 (0,0):G (0,1):G (1,0):F"
    opts = bamboo.Options(custom_balance=(spec,))
    tile = bamboo.balance_tile("C21", opts)
    assert tile.spec == spec and tile.kind == 1 and tile.hp == 7
    s = bamboo.position(
        options=opts,
        player=0,
        boards={
            0: {
                "balance": ["C21"],
                "coins": 0,
                "home": "(0,0):G (0,1):G (1,0):F",
                "temples": [["Rb"], ["Yb", "Yc"], ["Gb", "Gi"], ["Bf"]],  # 6 shoots (BB-PL-5)
            }
        },
    )
    assert s.inventory()["balance_tile"] == 69
    _roundtrip(s)
    assert bamboo.pattern_report(s.boards[0].home, [tile])["C21"]["met"]
    assert s.final_breakdown(0)["balance"] == 4  # unscored and met: half of 7, rounded up
    s = play(s, "visit red", "activate Rb 1", "score C21")
    assert s.boards[0].hp == 5 + 7
    check_position(s, games=1)


@pytest.mark.parametrize(
    "spec",
    ["C01 5 (0,0):G", "X21 5 (0,0):G", "C21 0 (0,0):G", "C21 5 (0,0):Q", "C21 5", "C21 5 G>=99x"],
)
def test_a_bad_custom_tile_is_refused(spec: str) -> None:
    with pytest.raises(InvalidStateError):
        bamboo.Options(custom_balance=(spec,))


@pytest.mark.parametrize(
    ("rule", "board", "before", "text"), _REFUSALS, ids=[r[0] for r in _REFUSALS]
)
def test_explain_names_the_rule_of_each_refusal(
    rule: str, board: dict[str, object] | None, before: list[str], text: str
) -> None:
    if board is None:
        s = bamboo.new_game(2, 0)
    else:
        s = play(bamboo.position(player=0, boards={0: {"coins": 0, **board}}), *before)
    left = next(bamboo.BALANCE_TILES[t].name for t in s.balance_market[0])
    home = bamboo.HOME_TILES[s.home_market[1][0]].name
    nofood = (
        next(f for k, f in enumerate(bamboo.components.FOOD_KINDS) if k not in s.food_display)
        if len(set(s.food_display)) < 3
        else None
    )
    if nofood is None:
        s = bamboo.position(base=s, food_display=["tea"])
        nofood = "rice"
    text = text.format(left=left, home=home, nofood=nofood)
    why = bamboo.explain(s, text)
    assert not why.legal and why.rule == rule and why.reason, why
    with pytest.raises(IllegalActionError) as err:
        s.apply(bamboo.parse_text(text))
    assert err.value.rule == rule and f"({rule})" in str(err.value) and why.reason in str(err.value)
    assert f"phase {s.phase}" in str(err.value) and text in str(err.value)
    with pytest.raises(IllegalActionError) as err2:
        bamboo.parse_action(text, s)
    assert err2.value.rule == rule


def test_explain_legal_malformed_and_foreign() -> None:
    s = to_summer()
    legal = s.legal_actions()[0]
    assert bamboo.explain(s, legal).legal and bamboo.explain(s, str(legal)).rule is None
    with pytest.raises(InvalidActionError):
        bamboo.explain(s, "visit purple")
    with pytest.raises(InvalidActionError):
        bamboo.explain(s, object())


def test_explain_sweep_every_refusal_names_a_checklist_rule() -> None:
    """Illegal actions taken from other states' legal actions are each explained with a rule."""
    rng = random.Random(3)
    states = []
    for seed in range(6):
        s = bamboo.new_game(rng.choice((2, 3, 4)), seed)
        for _ in range(rng.randrange(10, 200)):
            if s.is_over():
                break
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))])
            if rng.random() < 0.2:
                states.append(s)
    pool = {str(a): a for st in states for a in st.legal_actions()}
    seen = 0
    for st in states:
        legal = set(st.legal_actions())
        for action in pool.values():
            if action in legal:
                continue
            why = bamboo.explain(st, action)
            assert why.rule and why.rule.startswith("BB-") and why.reason, (st.phase, action)
            seen += 1
    assert seen > 100
