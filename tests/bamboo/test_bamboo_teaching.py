"""The Bamboo teaching surface (issue 8): position builder, explain, look-ups, custom tiles."""

from __future__ import annotations

import json
import random

import pytest
from bamboo_helpers import play, to_summer
from harness import check_position

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import GHOST


def _roundtrip(s: bamboo.State) -> None:
    again = bamboo.State.from_dict(json.loads(json.dumps(s.to_dict())))
    assert again == s and again.to_dict() == s.to_dict()


# ---------------------------------------------------------------- the builder


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


# ---------------------------------------------------------------- worked examples (rule texts)


def test_BB_END_2_five_spirits_four_kinds_give_8() -> None:
    """R-EN VI: "a player who has gathered 5 Spirits of the Forest, 4 of those unique, gets 8"."""
    s = bamboo.position(
        boards={0: {"spirits": ["Kappa", "Tanuki", "Ookami"], "asleep": ["Kappa", "Tengu"]}}
    )
    assert len(s.boards[0].spirits) == 5
    assert s.final_breakdown(0)["spirits"] == 8


def test_BB_END_3_five_against_eight_costs_six() -> None:
    """R-EN VI: "5 comfort points on the left and 8 on the right ... the player loses 6 HP"."""
    s = bamboo.position(boards={0: {"home": "(0,0):G/2 (1,1):F/3 (0,3):D/3 (1,4):T/3 (2,3):G/2"}})
    part = s.final_breakdown(0)
    assert (part["left_comfort"], part["right_comfort"], part["harmony"]) == (5, 8, -6)


def test_BB_ADV_2_an_uncovered_garden_space_costs_one_hp() -> None:
    """R-EN Advanced: "a space indicating garden must be covered with a garden home tile or the
    player loses 1 HP at the end of the game"."""
    spaces = bamboo.night_spaces(0)
    garden = next(i for i, k in spaces.items() if k == 2)
    words = [f"({i // 5},{i % 5}):{'DFGT'[k]}" for i, k in spaces.items() if i != garden]
    s = bamboo.position(options={"night_side": True}, boards={0: {"home": " ".join(words)}})
    assert s.final_breakdown(0)["night"] == -1


def test_BB_ACT_3_a_tile_requiring_a_garden_is_scored_once_a_garden_is_home() -> None:
    """R-EN Balance: "a balance tile may require a garden type home tile in order to be scored;
    once this requirement is fulfilled the player receives the HP shown on it"."""
    garden = bamboo.pattern("single")[2]  # L03: one garden tile (left side)
    board = {"balance": [garden.name], "home": "(1,1):G", "coins": 0}
    s = bamboo.position(player=0, boards={0: {**board, "temples": [["Rb"], [], [], []]}})
    s = play(s, "visit red", "activate Rb 1", f"score {garden.name}")
    assert s.boards[0].hp == 5 + garden.hp and s.boards[0].scored == (garden.id,)


@pytest.mark.parametrize(
    ("example", "home"),
    [
        ("E1", "(0,1):D"),
        ("E2", "(1,0):G (1,1):F"),
        ("E3", "(0,0):D (1,0):F"),
        ("E4", "(0,1):G (1,1):F (2,1):D"),
        ("E5", "(0,2):F (1,3):G (2,2):D (1,1):T"),
        ("E6", "(1,0):D (1,1):T (1,2):G (1,3):G (1,4):F"),
        ("E7", "(0,1):F/3 (1,2):F/2 (2,3):F/2"),
        ("E8", "(1,0):T/2 (1,1):D/2"),
        ("E9", "(0,1):G/3 (0,2):F/2 (1,1):D/2 (1,2):T/2"),
    ],
)
def test_BB_PAT_3_printed_examples_built_with_the_builder(example: str, home: str) -> None:
    """Each printed example pattern (catalog 20-26) is met by a home built with position()."""
    s = bamboo.position(boards={0: {"home": home}})
    tile = bamboo.pattern(example)[0]
    assert bamboo.is_balance_met(tile, s.boards[0].home)


def test_pattern_look_up_by_printed_name_and_family() -> None:
    assert [t.name for t in bamboo.pattern("E3")] == ["L09", "R09"]
    assert [t.name for t in bamboo.pattern("E5")] == ["C01"]
    assert len(bamboo.pattern("v-pair")) == 8 and len(bamboo.pattern("diamond")) == 4
    assert set(bamboo.PATTERN_NAMES) == {f"E{k}" for k in range(1, 10)}
    for bad in ("e3", "E10", "V-PAIR", 3):
        with pytest.raises(InvalidStateError):
            bamboo.pattern(bad)  # type: ignore[arg-type]


def test_BB_END_2_spirit_names_as_printed_or_in_notation_and_unknown_refused() -> None:
    """Issue 8: spirit_diversity(["Ookami", "ookami"]) counted two kinds."""
    assert bamboo.spirit_diversity(["Ookami", "ookami"]) == 2
    assert bamboo.spirit_diversity(["Kappa", "Tanuki", "kappa"]) == 4
    for bad in (["OOKAMI"], ["wolf"], [3]):
        with pytest.raises(InvalidStateError):
            bamboo.spirit_diversity(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------- custom balance tiles


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


# ---------------------------------------------------------------- why not?

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
