"""Tests of docs/rules/bamboo.md that no one section holds: the game contract.

Conformance, determinism, views, records, robustness, the action table and the work dict; bad
input and fuzzing are in test_bamboo_contract_bad_input.py.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import random
from typing import Any

import pytest
from bamboo_helpers import (
    State,
    midgame,
    play,
    played,
    refused,
    rejected,
    to_summer,
    visit_position,
)
from harness import check_game, random_playout

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.envs.tables import action_table
from bamboo_lab.games import bamboo, load
from bamboo_lab.games.bamboo.work import Work


def _dict(plies: int, n: int = 2, seed: int = 0) -> dict[str, Any]:
    s = bamboo.new_game(n, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        legal = s.legal_actions()
        s = s.apply(legal[rng.randrange(len(legal))])
    d = json.loads(json.dumps(s.to_dict()))
    d["history"] = []
    return d


def test_every_action_is_the_environment_table_in_order() -> None:
    """``every_action()`` is the envs action table, each action once, in the order the table had
    before it moved into the game (pinned: an index must mean the same action for RL agents)."""
    actions = bamboo.every_action()
    texts = tuple(str(action) for action in actions)
    assert len(set(actions)) == len(actions) == 442
    assert texts == action_table("bamboo")
    assert texts[:2] == ("draft Rb", "draft Ri") and texts[-2:] == ("feed ramen", "end")
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
    assert digest == "3c833e58666476f1d18445c09f08f5fd1fdf5c2ca2a90c839add41ad3526d886"


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_every_action_holds_every_legal_action_of_random_games(num_players: int) -> None:
    """Every action legal in seeded random games (every player count) is in ``every_action()``."""
    everything = frozenset(bamboo.every_action())
    generator = random.Random(num_players)
    for seed in range(3):
        state = bamboo.new_game(num_players, seed)
        while not state.is_over():
            legal = state.legal_actions()
            assert everything.issuperset(legal), sorted(map(str, set(legal) - everything))
            state = state.apply(legal[generator.randrange(len(legal))], check=False)


def test_from_dict_rejects_unknown_board_fields() -> None:
    """A board dict with a field it does not have is refused, like the state's own fields."""
    d = midgame()
    rejected(d, lambda d: d["boards"][1].update(gold=3), "gold")


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_check_game_every_player_count(n: int, seed: int) -> None:
    """The conformance harness passes for 2 to 4 players."""
    final = check_game(bamboo, n, seed)
    assert final.is_over()


@pytest.mark.parametrize(
    "options",
    [
        {"night_side": True},
        {"wildcards": "board"},
        {"draft_order": "snake"},
        {"first_turn_free": "round"},
        {"feeding": "auto"},
        {"voluntary_pass": True},
    ],
)
def test_check_game_every_option(options: dict[str, object]) -> None:
    """Every non-default option plays conformant games."""
    check_game(bamboo, 2, 3, options)


def test_registry_loads_bamboo() -> None:
    """The registry finds the module under its name."""
    assert load("bamboo") is bamboo and bamboo.NAME == "bamboo"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_shoot_invariants_every_player_six_field_twelve(n: int) -> None:
    """Catalog 1.3 INF: a turn moves k shoots in and brings k back, so after the draft each player
    always owns 6 shoots and the field always holds 12."""
    rng = random.Random(n)
    for seed in range(3):
        s = bamboo.new_game(n, seed)
        while not s.is_over():
            assert sum(len(st) for st in s.stalks) == 12
            if s.phase != "draft":
                for p, b in enumerate(s.boards):
                    owned = b.shoots
                    if p == s.player:
                        owned += len(s.pending) + len(s.activating[:1]) + (s.receiving >= 0)
                    assert owned == 6
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))], check=False)


def test_random_games_end_within_ply_limit() -> None:
    """A uniformly random player finishes within PLY_LIMIT (with room to spare)."""
    for n in (2, 3, 4):
        for seed in range(5):
            final, plies = random_playout(bamboo, n, seed)
            assert final.is_over() and plies < bamboo.PLY_LIMIT // 4


def test_illegal_action_leaves_state_unchanged() -> None:
    """A well-formed but illegal action raises IllegalActionError and changes nothing."""
    s = visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0)
    before = s.to_dict()
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.VisitTemple("blue"))
    with pytest.raises(IllegalActionError):
        bamboo.parse_action("visit blue", s)
    with pytest.raises(InvalidActionError):
        s.apply("visit red")  # type: ignore[arg-type]
    assert s.to_dict() == before


@pytest.mark.parametrize(
    "text",
    ["", "visit", "visit purple", "activate Rb 5", "activate Zb 1", "home 3,0", "hp now", 7, "use"],
)
def test_malformed_action_text(text: object) -> None:
    """Malformed notation raises InvalidActionError."""
    s = bamboo.new_game(2, 0)
    with pytest.raises(InvalidActionError):
        bamboo.parse_action(text, s)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: d.pop("stalks"),
        lambda d: d.update(phase="lunch"),
        lambda d: d.update(num_players=7),
        lambda d: d["stalks"][0].pop(),
        lambda d: d["boards"][0]["temples"][0].append(3),
        lambda d: d["boards"][0].update(coins=-1),
        lambda d: d["boards"][0].update(hp="five"),
        lambda d: d.update(food_bag=d["food_bag"][1:]),
        lambda d: d.update(history=["dance"]),
        lambda d: d.update(options={"night_side": "yes"}),
        lambda d: d.update(boards="none"),
        lambda d: d.update(extra=1),
        lambda d: d.update(phase="receive"),
        lambda d: d.update(phase="place"),
        lambda d: d.update(context="shoot"),
    ],
)
def test_corrupt_dict_raises_invalid_state(corrupt: object) -> None:
    """from_dict refuses a malformed or inconsistent dict with InvalidStateError."""
    s = bamboo.new_game(2, 0)
    d = json.loads(json.dumps(s.to_dict()))
    corrupt(d)  # type: ignore[operator]
    with pytest.raises(InvalidStateError):
        bamboo.State.from_dict(d)
    assert bamboo.State.from_dict(s.to_dict()) == s


@pytest.mark.parametrize("bad", [{"night_side": 1}, {"wildcards": "sky"}, {"colour": "red"}, 5])
def test_bad_options(bad: object) -> None:
    """A bad option raises InvalidStateError and builds no game."""
    with pytest.raises(InvalidStateError):
        bamboo.new_game(2, 0, bad)


@pytest.mark.parametrize("n", [1, 5, True])
def test_bad_player_count(n: object) -> None:
    """Bamboo plays with 2 to 4 players."""
    with pytest.raises(InvalidStateError):
        bamboo.new_game(n, 0)  # type: ignore[arg-type]


def test_determinism_same_seed_same_game() -> None:
    """Same seed, options and actions give the same state; another seed another setup."""
    a = bamboo.new_game(3, 42)
    b = bamboo.new_game(3, 42)
    assert a == b and a != bamboo.new_game(3, 43)
    rng = random.Random(0)
    for _ in range(60):
        action = a.legal_actions()[rng.randrange(len(a.legal_actions()))]
        a, b = a.apply(action), b.apply(bamboo.parse_action(str(action), b))
    assert a == b


def test_view_hides_pile_orders_and_determinize_resamples() -> None:
    """view() hides the face-down piles' order, the spirits under the top ones and the generator;
    determinize() reshuffles them into a state with the same view."""
    s = bamboo.new_game(4, 5)
    v = s.view(0)
    assert v.balance_stacks == tuple(tuple(sorted(x)) for x in s.balance_stacks)
    assert v.rng == 0 and v.boards == s.boards and v.stalks == s.stalks
    assert [st[0] for st in v.spirit_stacks] == [st[0] for st in s.spirit_stacks]
    d = s.determinize(0, 1)
    assert d.view(0) == v and d != s
    assert d.home_stacks != s.home_stacks and d.inventory() == s.inventory()


def test_text_picture() -> None:
    """str(state) draws the main board and every personal board."""
    s = play(visit_position(temples=(("Rb",), (), (), ()), reserve=1, coins=0), "visit red")
    text = str(s)
    assert "stalks" in text and "temple red" in text and "player 1" in text
    assert "in hand: Rb" in text and text.count("home ") >= 6


def test_action_context_and_phase_must_agree() -> None:
    """A shoot's, gift's or spirit's action is under way exactly in an action phase: a Summer
    decision with a context, a wildcard without a shoot, or a spirit without its resume step is
    refused."""
    s = played(2, 5, lambda s: s.phase == "visit" and s.round == 2)
    d = s.to_dict()
    refused({**d, "context": "spirit", "resume": "visit"}, "exactly in phases")
    s = played(2, 2, lambda s: s.phase in ("balance", "cook") and s.context == "gift")
    d = s.to_dict()
    assert State.from_dict(d) == s
    refused({**d, "phase": "wildcard"}, "wildcard shoot's action")
    refused({**d, "resume": "visit"}, "names its resume step")


@pytest.mark.parametrize(
    "make",
    [
        lambda: bamboo.Choose(["done"]),  # issue 9: crashed while building the message
        lambda: bamboo.Choose(True),
        lambda: bamboo.Choose("nope"),
        lambda: bamboo.PlaceHomeTile(True, 0),
        lambda: bamboo.PlaceHomeTile(1.0, 0),
        lambda: bamboo.PlaceHomeTile(0, 10**50),
        lambda: bamboo.Activate("Rb", 1.0),
        lambda: bamboo.Activate(("R", "b"), 1),
        lambda: bamboo.VisitTemple(None),
        lambda: bamboo.TakeBalanceTile(7),
        lambda: bamboo.UseSpirit("Kappa"),
        lambda: bamboo.BuyHomeTile("A99"),
    ],
)
def test_wrongly_typed_action_fields_are_refused_naming_the_field(make: Any) -> None:
    with pytest.raises(InvalidActionError, match=r"\.\w+ must"):
        make()


def test_apply_refuses_foreign_objects() -> None:
    s = to_summer()
    for thing in (None, "visit red", 3, object()):
        with pytest.raises(InvalidActionError):
            s.apply(thing)


def test_spirit_taken_out_of_the_box_onto_a_board_is_refused() -> None:
    """Issue 9: from_dict accepted a spirit moved from the box (out of the game) to a board."""
    d = _dict(40)
    d["boards"][0]["awake"] = sorted([*d["boards"][0]["awake"], d["spirit_box"].pop()])
    with pytest.raises(InvalidStateError, match="spirit box"):
        bamboo.State.from_dict(d)


@pytest.mark.parametrize("plies", [0, 3, 5, 6])
def test_a_changed_start_player_is_refused_in_the_draft_and_spring(plies: int) -> None:
    """Issue 9: a start player changed so the game later reaches a decision with no action."""
    d = _dict(plies, n=3, seed=4)
    assert d["phase"] in ("draft", "gift", "balance", "improve", "cook", "home")
    d["start"] = (d["start"] + 1) % 3
    with pytest.raises(InvalidStateError):
        bamboo.State.from_dict(d)


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: d.update(balance_market=d["balance_market"][:2]),
        lambda d: d.update(balance_stacks=d["balance_stacks"] + [[]]),
        lambda d: d.update(home_market=[d["home_market"][0]]),
        lambda d: d.update(home_stacks=7),
        lambda d: d.update(spirit_stacks=d["spirit_stacks"][:3]),
        lambda d: d.update(spirit_stacks=["abc", [], [], []]),
        lambda d: d.update(stalks=[[0, 1], *d["stalks"][1:]]),
        lambda d: d.update(temples=[[], [], []]),
        lambda d: d.update(per_stalk=[0, 0, 0]),
        lambda d: d.update(balance_known=[0, 0]),
        lambda d: d.update(food_display=[2, 1]),
        lambda d: d.update(boards=d["boards"][:1]),
        lambda d: d["boards"][0].update(temples=[[], [], []]),
        lambda d: d["boards"][0].update(home=[-1] * 14),
        lambda d: d.update(round=10**60),
        lambda d: d.update(rng=2**64),
        lambda d: d.update(surprise=1),
        lambda d: d.update(history=[["visit red"]]),
        lambda d: d.update(start_position={"start_position": {}}),
    ],
)
def test_malformed_markets_and_stacks_are_invalid_state_errors(corrupt: Any) -> None:
    """Issue 9: some malformed markets and stacks crashed with ValueError/IndexError."""
    for plies in (0, 30, 120):
        d = _dict(plies)
        corrupt(d)
        with pytest.raises(InvalidStateError):
            bamboo.State.from_dict(d)


def test_option_validation_does_not_depend_on_history() -> None:
    """Issue 9: an option value equal across types (1 == True) was accepted once cached."""
    d = _dict(10)
    good = copy.deepcopy(d)
    good["options"] = {"night_side": False, "voluntary_pass": True}
    assert bamboo.State.from_dict(good).options.voluntary_pass is True
    bad = copy.deepcopy(d)
    bad["options"] = {"voluntary_pass": 1}
    with pytest.raises(InvalidStateError):
        bamboo.State.from_dict(bad)
    bad["options"] = {"voluntary_pass": 1.0}
    with pytest.raises(InvalidStateError):
        bamboo.State.from_dict(bad)


@pytest.mark.parametrize(
    ("n", "seed"), [(2.0, 0), (True, 0), (0, 0), (5, 0), (2, -1), (2, 2**64), (2, True), (2, "0")]
)
def test_new_game_arguments_are_checked(n: Any, seed: Any) -> None:
    with pytest.raises(InvalidStateError):
        bamboo.new_game(n, seed)


def test_start_position_must_replay_to_the_state() -> None:
    s = bamboo.position()
    t = s.apply(s.legal_actions()[0])
    d = json.loads(json.dumps(t.to_dict()))
    assert bamboo.State.from_dict(d) == t
    d["boards"][t.player]["hp"] += 1  # the history no longer leads here
    with pytest.raises(InvalidStateError, match="replay"):
        bamboo.State.from_dict(d)


def test_view_redacts_the_start_position() -> None:
    s = bamboo.position(players=3)
    v = s.view(1)
    assert v.start is not None and v.start["rng"] == 0
    assert v.start["food_bag"] == sorted(s.start["food_bag"])


def test_public_view_is_every_seats_view_and_a_non_seat_is_refused() -> None:
    """Nothing in Bamboo is secret to one seat: ``view(None)`` (a spectator) equals each seat's
    view; a player that is no seat is refused, the state unchanged."""
    from bamboo_lab.core.errors import InvalidStateError
    from bamboo_lab.games import bamboo as bb

    state = bb.new_game(3, 11)
    before = state.to_dict()
    assert all(state.view(p) == state.view(None) for p in range(3))
    assert state.determinize(None, 5).inventory() == state.inventory()
    for bad in (3, -1, "0", True, 1.5):
        with pytest.raises(InvalidStateError, match="player"):
            state.view(bad)
        with pytest.raises(InvalidStateError, match="player"):
            state.determinize(bad, 5)
    assert state.to_dict() == before


def test_the_work_dict_keys_are_the_state_fields() -> None:
    """The rules' TypedDict ``Work`` has exactly the State's dataclass fields, in order, and a
    state's stored fields (what ``apply`` copies into a Work) are those keys."""
    declared = [declared.name for declared in dataclasses.fields(bamboo.State)]
    assert list(Work.__annotations__) == declared
    state = bamboo.new_game(3, 1)
    played = state.apply(state.legal_actions()[0])
    assert list(state.__dict__) == declared and list(played.__dict__) == declared
