"""Bamboo input hardening (issue 9): typed actions, strict positions, history-free checks."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any

import pytest
from bamboo_helpers import to_summer

from bamboo_lab.core.errors import InvalidActionError, InvalidStateError
from bamboo_lab.games import bamboo
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
