"""Tests of docs/rules/takenoko.md that no one section holds: the contract's views.

Views know their viewer: hidden cards show as backs, a view stays a playable state, and the
public view ``view(None)`` shows a spectator what every seat's view shares (a sub-topic split
from test_takenoko_contract.py).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
from takenoko_helpers import act

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import replay
from bamboo_lab.games import takenoko as tk

GOLDEN = sorted((Path(__file__).parent.parent / "data" / "takenoko").glob("golden-*.json"))


def test_view_hides_hands_deck_order_and_drawn_plots() -> None:
    """view(p) hides opponents' cards, the piles' order and the plots another player drew; it
    never changes what p sees."""
    s = act(tk.new_game(3, 9), "action plot")
    v1 = s.view(1)
    assert v1.hands[1] == s.hands[1]
    assert sorted(v1.plot_deck) == v1.plot_deck or v1.drawn != s.drawn
    assert v1 == s.determinize(1, 5).view(1)
    assert s.view(0).drawn == s.drawn  # the drawer sees the plots
    seen = {s.determinize(1, k).drawn for k in range(10)}
    assert len(seen) > 1  # player 1 cannot know them
    hands = {s.determinize(2, k).hands[0] for k in range(10)}
    assert len(hands) > 1
    for k in range(5):
        other = s.determinize(2, k)
        assert other.inventory() == s.inventory()
        assert [c[0] for c in other.hands[0]] == [c[0] for c in s.hands[0]]  # the backs show
    with pytest.raises(InvalidStateError):
        s.view(3)


def test_history_notation_reveals_no_hidden_plot() -> None:
    """Drawn plots are named by position, so the record shows no plot another player drew."""
    s = act(tk.new_game(2, 1), "action plot", "keep 2", "plot 1,0", "return 2,1")
    texts = [str(a) for a in s.history]
    assert texts == ["action plot", "keep 2", "plot 1,0", "return 2,1"]


def test_view_round_trips_with_its_viewer() -> None:
    """to_dict carries the viewer of a view (and only of a view); from_dict rebuilds it."""
    s = act(tk.new_game(3, 4), "action objective")
    assert "viewer" not in s.to_dict()
    for p in range(3):
        v = s.view(p)
        data = json.loads(json.dumps(v.to_dict(), sort_keys=True))
        assert data["viewer"] == p
        again = tk.State.from_dict(data)
        assert again == v and again.viewer == p
        assert str(again) == str(v)


def test_view_equality_includes_the_viewer() -> None:
    """Two states differing only in their viewer are not equal."""
    s = tk.new_game(2, 3)
    data = s.to_dict()
    data["viewer"] = 0
    marked = tk.State.from_dict(data)
    assert marked != s and marked.viewer == 0
    assert s.view(0) != s.view(1)


@pytest.mark.parametrize("bad", [2, -1, True, "1", None, 1.0, [0]])
def test_corrupt_viewer_is_refused(bad: object) -> None:
    """A viewer must be a seat of the game or absent; anything else is InvalidStateError."""
    data = tk.new_game(2, 3).view(1).to_dict()
    data["viewer"] = bad
    before = json.dumps(data, sort_keys=True)
    with pytest.raises(InvalidStateError, match="viewer"):
        tk.State.from_dict(data)
    assert json.dumps(data, sort_keys=True) == before


def test_view_of_a_view_and_determinize_of_a_view() -> None:
    """A view's own view is itself; it cannot show another seat's view or deal another seat's
    hidden cards; determinizing it for its viewer gives the same full states as the real game."""
    s = act(tk.new_game(3, 9), "action plot")
    v = s.view(1)
    assert v.view(1) is v
    for other in (0, 2):
        with pytest.raises(InvalidStateError, match="player 1's view"):
            v.view(other)
        with pytest.raises(InvalidStateError, match="player 1's view"):
            v.determinize(other, 0)
    with pytest.raises(InvalidStateError):
        v.view(3)
    for k in range(4):
        d = v.determinize(1, k)
        assert d.viewer is None and d == s.determinize(1, k)
        assert d.view(1) == v


def test_determinize_gives_a_full_state() -> None:
    """determinize returns a full state (viewer None) whose picture shows every card."""
    s = act(tk.new_game(4, 2), "action plot")
    for p in range(4):
        d = s.determinize(p, 7)
        assert d.viewer is None and "viewer" not in d.to_dict()
        assert "?" not in str(d)
        assert d.inventory() == s.inventory()


def test_view_is_playable_when_the_viewer_is_to_play() -> None:
    """A view of the player to act offers the same actions as the real game and plays on,
    keeping its viewer and round-tripping through to_dict at every step."""
    rng = random.Random(5)
    for players in (2, 3, 4):
        s = tk.new_game(players, 20 + players)
        for _ in range(60):
            if s.is_over():
                break
            p = s.current_player
            if p >= 0:
                v = s.view(p)
                assert [str(a) for a in v.legal_actions()] == [str(a) for a in s.legal_actions()]
            s = s.apply(rng.choice(s.legal_actions()))
        p = s.current_player if s.current_player >= 0 else s.player
        v = s.view(p)
        for _ in range(400):
            if v.is_over():
                break
            v = v.apply(rng.choice(v.legal_actions()))
            assert v.viewer == p
            assert tk.State.from_dict(json.loads(json.dumps(v.to_dict()))) == v
        assert v.inventory() == s.inventory()


def test_met_objectives_refuses_a_hidden_hand() -> None:
    """met_objectives on a view answers for the viewer only: an opponent's hand there holds
    placeholders, so it refuses with a clear message instead of presenting them as real."""
    s = tk.new_game(3, 1)
    v = s.view(1)
    assert tk.met_objectives(v, 1) == tk.met_objectives(s, 1)
    with pytest.raises(ValueError, match="player 1's view: player 0's hand is hidden"):
        tk.met_objectives(v, 0)
    assert v.hidden_from_viewer(0) and not v.hidden_from_viewer(1)
    assert not s.hidden_from_viewer(0)
    assert tk.met_objectives(s, 0) == ()
    # public questions stay open: a named card, and the completed objectives and scores
    assert tk.objective_met(v, 0, "A01") == tk.objective_met(s, 0, "A01")
    assert tk.score_breakdown(v) == tk.score_breakdown(s)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_digests_unchanged_by_the_viewer(path: Path) -> None:
    """Full states carry no viewer key, so the golden records keep their sha256 digests."""
    wrapper = json.loads(path.read_text(encoding="utf-8"))
    final = replay(GameRecord.from_dict(wrapper["record"]))[-1]
    data = final.to_dict()
    assert "viewer" not in data
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
    assert digest == wrapper["expected"]["sha256"]


def test_public_view_is_stable_and_round_trips() -> None:
    """view(None) of the public view is itself; to_dict carries viewer "public" and loads back."""
    s = act(tk.new_game(3, 4), "action objective")
    v = s.view(None)
    assert v.view(None) is v and v != s and v != s.view(0)
    data = json.loads(json.dumps(v.to_dict(), sort_keys=True))
    assert data["viewer"] == "public"
    again = tk.State.from_dict(data)
    assert again == v and again.viewer == tk.PUBLIC and str(again) == str(v)
    assert "viewer" not in s.to_dict()  # full states keep their digests


def test_public_view_of_a_built_position_hides_the_start_too() -> None:
    """The public view's ``start`` is the start's public view (no hand there either); a seat's
    view made public gives the same, and both load back."""
    s = act(tk.position(hands={1: ("P02", "G02", "A02")}), "action plot")
    v = s.view(None)
    assert v.start is not None and v.start["viewer"] == "public"
    first = tk.State.from_dict(v.start)
    assert first == tk.State.from_dict(s.start or {}).view(None)
    assert all(first.hidden_from_viewer(p) for p in range(first.num_players))
    assert s.view(0).view(None) == v == s.view(1).view(None)
    assert tk.State.from_dict(json.loads(json.dumps(v.to_dict()))) == v


@pytest.mark.parametrize("bad", [7, 2, -1, "x", "public", True, 1.0, [0]])
def test_view_refuses_a_bad_seat_as_before(bad: object) -> None:
    """Only None or a seat is a viewer: anything else is the same clear InvalidStateError."""
    s = tk.new_game(2, 3)
    with pytest.raises(InvalidStateError, match=r"no seat .* in a 2-player game"):
        s.view(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"no seat .* in a 2-player game"):
        s.determinize(bad, 0)  # type: ignore[arg-type]
    for view in (s.view(None), s.view(1)):  # not even a view's own viewer in another form
        with pytest.raises(InvalidStateError, match=r"no seat .* in a 2-player game"):
            view.view(bad)  # type: ignore[arg-type]


def test_public_view_reveals_no_seat() -> None:
    """A public view cannot be turned into a seat's view nor determinized for a seat; it is
    determinized for a spectator, which views back to itself."""
    s = act(tk.new_game(3, 9), "action plot")
    v = s.view(None)
    for p in range(3):
        with pytest.raises(InvalidStateError, match="the public view"):
            v.view(p)
        with pytest.raises(InvalidStateError, match="the public view"):
            v.determinize(p, 0)
        with pytest.raises(InvalidStateError, match="the public view"):
            tk.met_objectives(v, p)
    with pytest.raises(InvalidStateError, match="player 1's view"):
        s.view(1).determinize(None, 0)
    d = v.determinize(None, 4)
    assert d.viewer is None and d.view(None) == v and d.inventory() == s.inventory()


@pytest.mark.parametrize("bad", ["Public", "spectator", "", None])
def test_corrupt_public_viewer_is_refused(bad: object) -> None:
    """Only the exact word "public" marks a public view in a dict."""
    data = tk.new_game(2, 3).view(None).to_dict()
    data["viewer"] = bad
    with pytest.raises(InvalidStateError, match="viewer"):
        tk.State.from_dict(data)
