"""Tests of docs/rules/takenoko.md, section "Setup"."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from takenoko_helpers import act, played

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import PLOT_TILES
from bamboo_lab.games.takenoko.geometry import POND

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


def _hand_line(picture: str, seat: int) -> str:
    """The part of a picture's player line that lists ``seat``'s hand."""
    line = next(x for x in picture.splitlines() if x[1:].startswith(f"P{seat}:"))
    return line.split("hand ")[1].split(";")[0]


def test_TK_SET_1_pond_in_centre_figures_on_it_no_bamboo() -> None:
    """TK-SET-1: "The pond is in the centre; the gardener and the panda start on it; no bamboo
    grows on the pond."""
    s = tk.new_game(3, 1)
    assert s.gardener == POND and s.panda == POND
    assert s.tiles == {} and s.bamboo == {}
    assert POND not in s.plot_spots and len(s.plot_spots) == 6
    assert s.inventory()["pond"] == 1


def test_TK_SET_2_twenty_seven_plots_shuffled() -> None:
    """TK-SET-2: "The 27 coloured plots (11 green, 9 yellow, 7 pink, with printed improvements per
    cat §1.1) are shuffled face down as the draw pile." """
    s = tk.new_game(2, 1)
    assert len(s.plot_deck) == 27
    counts = Counter(s.plot_deck)
    assert counts == Counter(PLOT_TILES)
    assert {c: counts[c] for c in ("G", "GW", "GE", "GF")} == {"G": 6, "GW": 2, "GE": 2, "GF": 1}
    assert {c: counts[c] for c in ("Y", "YW", "YE", "YF")} == {"Y": 6, "YW": 1, "YE": 1, "YF": 1}
    assert {c: counts[c] for c in ("P", "PW", "PE", "PF")} == {"P": 4, "PW": 1, "PE": 1, "PF": 1}
    assert tk.new_game(2, 2).plot_deck != s.plot_deck


def test_TK_SET_3_reserves() -> None:
    """TK-SET-3: "20 irrigation channels and 9 improvement chips (3 enclosure, 3 fertilizer, 3
    watershed) form the reserve; bamboo 36 green, 30 yellow, 24 pink." """
    s = tk.new_game(4, 0)
    assert s.channel_reserve == 20
    assert s.improvement_reserve == (3, 3, 3)
    assert s.bamboo_reserve == (36, 30, 24)
    inv = s.inventory()
    assert (inv["bamboo G"], inv["bamboo Y"], inv["bamboo P"]) == (36, 30, 24)
    assert inv["channel"] == 20 and inv["chip W"] == inv["chip E"] == inv["chip F"] == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_TK_SET_4_one_card_of_each_kind_hidden(players: int) -> None:
    """TK-SET-4: "The Emperor is set aside; the plot, gardener and panda objective decks are
    shuffled separately; each player draws one card of each kind and keeps them hidden." """
    s = tk.new_game(players, 5)
    for hand in s.hands:
        assert sorted(c[0] for c in hand) == ["A", "G", "P"]
    assert [len(deck) for deck in s.decks] == [15 - players] * 3
    assert s.emperor is None
    # an opponent's view never shows the real cards behind the backs of player 0's hand
    views = {s.determinize(1, k).hands[0] for k in range(20)}
    assert len(views) > 1
    assert s.view(1).hands[1] == s.hands[1]


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


def test_TK_SET_4_views_of_a_built_position_hide_the_start_too() -> None:
    """A view's ``start`` is the start's view: the opponent's hand at the start is hidden as
    it is now; determinize resamples it; both load back."""
    s = tk.position(hands={1: ("P02", "G02", "A02")})
    view = s.view(0)
    assert view.start is not None and view.start["viewer"] == 0
    assert view.start["players"][1]["hand"] == list(view.hands[1])
    assert tk.State.from_dict(view.to_dict()) == view
    guess = s.determinize(0, seed=3)
    assert guess.viewer is None and guess.start is not None and "viewer" not in guess.start
    assert tk.State.from_dict(guess.to_dict()) == guess
    played = act(s, "action plot")
    assert played.start == s.start and tk.State.from_dict(played.to_dict()) == played


def test_TK_SET_4_a_starting_objective_put_back_in_its_deck_is_refused() -> None:
    data = played(3).to_dict()
    hand = data["players"][0]["hand"]
    gardener = next(card for card in hand if card.startswith("G"))
    data["players"][0]["hand"] = [card for card in hand if card != gardener]
    data["decks"]["gardener"] = [gardener, *data["decks"]["gardener"]]
    with pytest.raises(InvalidStateError, match="TK-SET-4"):
        tk.State.from_dict(data)


def test_TK_SET_4_a_position_missing_a_setup_card_is_refused_by_builder_and_loader() -> None:
    """TK-SET-4: every player is dealt one plot, gardener and panda objective and never gives
    one back, so a hand plus completed cards without one of each kind is no game's position
    (issue 44: it built, then one draw later could not be saved and loaded back)."""
    with pytest.raises(InvalidStateError, match=r"player 0 holds G03 P04: .*\(TK-SET-4\)"):
        tk.position(hands={0: ["G03", "P04"]}, phase="actions")
    with pytest.raises(InvalidStateError, match="TK-SET-4"):
        tk.position(hands={1: ["P01", "P02", "G01"]}, completed={1: ["G02"]})
    data = tk.position(hands={0: ["G03", "P04", "A01"]}).to_dict()
    data["players"][0]["hand"].remove("A01")  # the setup card moved to the top of its deck
    data["decks"]["panda"].insert(0, "A01")
    del data["start"]
    with pytest.raises(InvalidStateError, match="TK-SET-4"):
        tk.State.from_dict(data)
    # completed cards count: the panda card dealt at setup may have been completed
    kept = tk.position(hands={0: ["G03", "P04"]}, completed={0: ["A01"]})
    assert kept.hands[0] == ("G03", "P04") and kept.completed[0] == ("A01",)


def test_TK_SET_4_every_built_hand_saves_and_loads_back_after_a_draw() -> None:
    """The builder and the loader agree: what a position accepts still loads one draw later."""
    s = tk.position(hands={0: ["G03", "P04", "A01"]}, phase="actions")
    for deck in ("plot", "gardener", "panda"):
        drawn = act(s, "action objective", f"draw {deck}")
        assert tk.State.from_dict(drawn.to_dict()) == drawn


def test_TK_SET_4_a_deck_card_moved_into_a_saved_game_is_refused() -> None:
    """A saved game's objectives are those dealt at setup and drawn since (TK-SET-4, TK-OBJ-1):
    a deck card moved into a player's completed cards or hand is refused (issue 44)."""
    state = played(200)
    data = state.to_dict()
    assert data["history"] and "start" not in data and len(state.hands[0]) == 4
    for where in ("completed", "hand"):
        changed = state.to_dict()
        changed["players"][0][where].append(changed["decks"]["panda"].pop(0))
        with pytest.raises(InvalidStateError, match="TK-OBJ-1"):
            tk.State.from_dict(changed)
    assert tk.State.from_dict(data) == state


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


def test_TK_SET_5_turn_order_clockwise_from_start_player() -> None:
    """TK-SET-5: "Each player has a board and 2 action chips; play goes clockwise from the start
    player." """
    s = tk.new_game(3, 0)
    assert s.current_player == 0 and s.allowed == 2
    seats = []
    for _ in range(3):
        seats.append(s.current_player)
        s = act(s, "action irrigation", "action objective", "draw panda", "end")
    assert seats == [0, 1, 2]
    assert s.current_player == CHANCE  # the second round rolls the weather
    chosen = tk.new_game(3, 0, {"first_player": 2})
    assert chosen.current_player == 2 and chosen.start_player == 2
    starts = {tk.new_game(4, seed, {"start_player": "random"}).start_player for seed in range(30)}
    assert starts == {0, 1, 2, 3}


def test_bad_setup_arguments_raise_invalid_state() -> None:
    """Bad player counts, seeds and options are refused with InvalidStateError."""
    with pytest.raises(InvalidStateError):
        tk.new_game(5, 0)
    with pytest.raises(InvalidStateError):
        tk.new_game(2, "seed")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        tk.new_game(2, 0, {"bamboo_supply": "infinite"})
    with pytest.raises(InvalidStateError):
        tk.new_game(2, 0, {"no_such_option": True})
    with pytest.raises(InvalidStateError):
        tk.new_game(2, 0, {"first_player": 3})
    with pytest.raises(InvalidStateError):
        tk.Options(first_player=7)


def test_catalog_plot_tiles_per_colour() -> None:
    """Catalog 1.1 / TK-SET-2: green 6 plain + 2 W + 2 E + 1 F, yellow 6/1/1/1, pink 4/1/1/1."""
    assert Counter(PLOT_TILES) == {
        "G": 6,
        "GW": 2,
        "GE": 2,
        "GF": 1,
        "Y": 6,
        "YW": 1,
        "YE": 1,
        "YF": 1,
        "P": 4,
        "PW": 1,
        "PE": 1,
        "PF": 1,
    }
