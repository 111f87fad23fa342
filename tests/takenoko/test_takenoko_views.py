"""Views know their viewer: hidden cards show as backs, and a view stays a playable state."""

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


def _hand_line(picture: str, seat: int) -> str:
    """The part of a picture's player line that lists ``seat``'s hand."""
    line = next(x for x in picture.splitlines() if x[1:].startswith(f"P{seat}:"))
    return line.split("hand ")[1].split(";")[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_TK_SET_4_view_keeps_opponents_hands_hidden(players: int) -> None:
    """TK-SET-4: "each player draws one card of each kind and keeps them hidden." A view shows
    only the backs of an opponent's cards and the viewer's own cards in full."""
    s = tk.new_game(players, 11)
    for viewer in range(players):
        v = s.view(viewer)
        assert v.viewer == viewer and s.viewer is None
        picture = str(v)
        assert f"(as player {viewer} sees it)" in picture.splitlines()[0]
        for seat in range(players):
            if seat == viewer:
                assert _hand_line(picture, seat) == " ".join(s.hands[seat])
                assert v.visible_hand(seat) == s.hands[seat]
            else:
                backs = " ".join(c[0] + "?" for c in s.hands[seat])
                assert _hand_line(picture, seat) == backs
                assert v.visible_hand(seat) == tuple(c[0] + "?" for c in s.hands[seat])
                for card in v.hands[seat]:  # the placeholders are nowhere in the picture
                    assert card not in picture
    # the full state's picture is unchanged: every hand in full, no viewer
    full = str(s)
    assert "?" not in full and "sees it" not in full
    assert all(_hand_line(full, p) == " ".join(s.hands[p]) for p in range(players))
    assert s.visible_hand(0) == s.hands[0]


def test_TK_PLOT_1_view_hides_the_plots_another_player_drew() -> None:
    """TK-PLOT-1: "Draw 3 plots, keep 1, return the other 2 face down." Only the drawer sees
    them: another player's view shows how many were drawn, not which."""
    s = act(tk.new_game(3, 9), "action plot")
    assert s.player == 0
    drawer = str(s.view(0))
    assert "drawn: " + " ".join(f"{i + 1}:{t}" for i, t in enumerate(s.drawn)) in drawer
    other = str(s.view(1))
    assert "drawn: 1:? 2:? 3:?; kept: -" in other
    kept = act(s, "keep 2")
    assert f"kept: {kept.kept}" in str(kept.view(0))
    assert "drawn: 1:? 2:?; kept: ?" in str(kept.view(2))
    assert f"kept: {kept.kept}" in str(kept)  # the full state shows everything


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
