"""Bamboo conformance: the harness over every player count and option, the shoot invariants,
bad input, determinism and hidden information."""

from __future__ import annotations

import json
import random

import pytest
from bamboo_helpers import play, visit_position
from harness import check_game, random_playout

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.games import bamboo, load


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
