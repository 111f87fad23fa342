"""The public view ``view(None)``: what a spectator sees, the part every seat's view shares."""

from __future__ import annotations

import json
import random

import pytest
from takenoko_helpers import act

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import takenoko as tk

SECRET = ("hands", "decks", "plot_deck", "drawn", "kept", "viewer", "start")
"""The fields a view may change; every other field of the public view is the full state's."""


def _backs(hand: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(card[0] + "?" for card in hand)


def _states(players: int, seed: int, plies: int = 160) -> list[tk.State]:
    """Every 7th state of a seeded random game (and its last one)."""
    rng = random.Random(seed)
    s = tk.new_game(players, seed)
    seen = [s]
    for ply in range(plies):
        if s.is_over():
            break
        s = s.apply(rng.choice(s.legal_actions()))
        if ply % 7 == 0 or s.drawn or s.kept:
            seen.append(s)
    seen.append(s)
    return seen


def _check_public(s: tk.State) -> None:
    """The public view leaks nothing: it follows from every seat's view, every resampling of
    the hidden parts gives the same one, and what it shows openly is the full state's."""
    v = s.view(None)
    assert v.viewer == tk.PUBLIC and s.viewer is None
    for p in range(s.num_players):
        assert s.view(p).view(None) == v  # what any seat sees is enough to build it
        assert s.determinize(p, 5).view(None) == v  # nothing any seat cannot see decides it
        assert v.hidden_from_viewer(p) and v.visible_hand(p) == _backs(s.hands[p])
    assert s.determinize(None, 9).view(None) == v
    full, public = s.fields(), v.fields()
    for name in full.keys() - set(SECRET):
        assert public[name] == full[name], name
    assert [len(d) for d in v.decks] == [len(d) for d in s.decks]
    assert [_backs(h) for h in v.hands] == [_backs(h) for h in s.hands]
    assert v.plot_deck == tuple(sorted(v.plot_deck))  # the pile's order hidden
    assert len(v.drawn) == len(s.drawn) and (v.kept is None) == (s.kept is None)
    assert v.inventory() == s.inventory() and v.scores() == s.scores()
    picture = str(v)
    for p in range(s.num_players):
        for card in v.hands[p]:  # the placeholders are nowhere in the picture
            assert card not in picture


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 8), (4, 21)])
def test_TK_SET_4_public_view_leaks_nothing_in_random_games(players: int, seed: int) -> None:
    """TK-SET-4 ("keeps them hidden") and TK-PLOT-1 for a spectator: along seeded random games
    the public view shows every hand as backs, the drawn and kept plots and the pile's order
    hidden, the rest as in the full state, and equals every seat's view made public."""
    for s in _states(players, seed):
        _check_public(s)


def test_TK_SET_4_public_view_picture_shows_only_card_backs() -> None:
    """The picture of the public view shows each hand as backs, for every seat at once."""
    s = tk.new_game(3, 11)
    v = s.view(None)
    picture = str(v)
    assert "(as a spectator sees it)" in picture.splitlines()[0]
    for p in range(3):
        line = next(x for x in picture.splitlines() if x[1:].startswith(f"P{p}:"))
        assert "hand " + " ".join(_backs(s.hands[p])) + ";" in line
    assert "public view" in repr(v)


def test_TK_PLOT_1_public_view_hides_the_plots_drawn_and_kept() -> None:
    """TK-PLOT-1: only the drawer sees the plots drawn and kept; a spectator sees how many."""
    s = act(tk.new_game(2, 9), "action plot")
    assert "drawn: 1:? 2:? 3:?; kept: -" in str(s.view(None))
    kept = act(s, "keep 2")
    assert "drawn: 1:? 2:?; kept: ?" in str(kept.view(None))
    assert kept.view(None) == kept.view(0).view(None) == kept.view(1).view(None)


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
