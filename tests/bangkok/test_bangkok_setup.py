"""Tests of docs/rules/bangkok.md, section "Set-up"."""

from __future__ import annotations

import json
import random

import pytest
from bangkok_helpers import finished, moved_to_boat_pile, played_to_phase

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk


@pytest.mark.parametrize("n", [2, 3, 4])
def test_BK_SET_2_K15_pontoons_are_revealed_at_scoring(n: int) -> None:
    """BK-SET-2, K15: the objective is secret until scoring, when "the player turns over his
    pontoon tile": a view of a finished game shows every player's good (box tiles stay hidden)
    and gives the true outcome."""
    final = finished(n, seed=2)
    playing = bk.new_game(n, seed=2)
    for seat in range(n):
        view = final.view(seat)
        assert view.pontoons[:n] == final.pontoons[:n]
        assert all(g == -1 for g in view.pontoons[n:])
        assert view.outcome() == final.outcome()
        assert final.determinize(seat, 7).view(seat) == view
        assert [playing.view(seat).objective(p) is None for p in range(n)] == [
            p != seat for p in range(n)
        ]


def test_BK_SET_2_K15_box_pontoons_are_resampled_after_the_game() -> None:
    """K15: after scoring only the pontoons left in the box are still hidden."""
    final = finished(2, seed=5)
    seen = {final.determinize(0, k).pontoons for k in range(8)}
    assert all(p[:2] == final.pontoons[:2] for p in seen)
    assert len({p[2:] for p in seen}) == 2


@pytest.mark.parametrize("players", [1, 2, 4])
def test_BK_SET_2_a_view_redealt_gives_every_hidden_pontoon_an_unseen_good(players: int) -> None:
    """Search and analysis deal worlds from a seat's view: the hidden pontoons get the goods no
    one has shown (each tile once), and the view deals exactly what the real state deals."""
    state = bk.new_game(players, 5)
    for seat in range(players):
        view = state.view(seat)
        for seed in range(4):
            world = view.determinize(seat, seed)
            assert sorted(world.pontoons) == sorted(state.pontoons)
            assert world.pontoons[seat] == state.pontoons[seat]
            assert world == state.determinize(seat, seed)
    spectator = state.view(None).determinize(None, 1)
    assert sorted(spectator.pontoons) == sorted(state.pontoons)


@pytest.mark.parametrize("phase", ["act", "collect", "lay"])
def test_BK_SET_3_BK_MKT_1_a_hand_below_three_between_turns_is_refused(phase: str) -> None:
    """Between turns every hand holds at least 3 cards: a seat not to move with 2 is refused."""
    state = played_to_phase(2, 4, phase)
    other = 1 - state.player
    assert len(state.hands[other]) >= 3
    data = moved_to_boat_pile(state.to_dict(), other, len(state.hands[other]) - 2)
    with pytest.raises(InvalidStateError, match=rf"hand {other} holds 2 card\(s\) between"):
        bk.State.from_dict(data)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_BK_SET_1_one_to_four_players_first_player_is_seat_0(n: int) -> None:
    """BK-SET-1: "For 1 to 4 players"; the first player keeps the token and plays first."""
    state = bk.new_game(n, seed=5)
    assert state.num_players == n
    assert state.current_player == 0
    assert state.phase == "act"
    assert state.inventory()["first-player token"] == 1
    assert "Player 0 (first player)" in str(state)


@pytest.mark.parametrize("n", [0, 5, -1])
def test_BK_SET_1_other_player_counts_are_refused(n: int) -> None:
    """BK-SET-1: only 1 to 4 players."""
    with pytest.raises(InvalidStateError, match="1 to 4 players"):
        bk.new_game(n, seed=1)


def test_BK_SET_2_each_player_has_a_secret_pontoon_good() -> None:
    """BK-SET-2: "Each player secretly reads his personal objective" (one good per pontoon)."""
    state = bk.new_game(4, seed=11)
    goods = [state.objective(p) for p in range(4)]
    assert sorted(goods) == sorted(bk.GOODS)  # type: ignore[type-var]
    view = state.view(2)
    assert view.objective(2) == state.objective(2)
    assert [view.objective(p) for p in (0, 1, 3)] == [None, None, None]
    # Seeds deal the pontoons differently.
    deals = {tuple(bk.new_game(4, seed=s).pontoons) for s in range(12)}
    assert len(deals) > 3


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_BK_SET_3_initial_sets_by_seat(n: int) -> None:
    """BK-SET-3: "the 3 cards with one bamboo to the first player, ... 2 bamboos to the second"."""
    state = bk.new_game(n, seed=3)
    for seat in range(n):
        cards = [state.deck.cards[c] for c in state.hands[seat]]
        assert [c.initial_set for c in cards] == [seat + 1] * 3
        assert all(c.kind == "initial" for c in cards)


@pytest.mark.parametrize(("n", "boats"), [(1, 34), (2, 31), (3, 28), (4, 25)])
def test_BK_SET_4_two_piles(n: int, boats: int) -> None:
    """BK-SET-4: the chilli pile (16 - 2 = 14) and the boat pile (32 + undealt sets - 7)."""
    state = bk.new_game(n, seed=8)
    cards = state.deck.cards
    assert len(state.chilli_pile) == 14
    assert all(cards[c].is_chilli for c in state.chilli_pile)
    assert len(state.boat_pile) == boats
    assert not any(cards[c].is_chilli for c in state.boat_pile)
    undealt = {c for c in (*state.boat_pile, *state.port) if cards[c].kind == "initial"}
    assert {cards[c].initial_set for c in undealt} == set(range(n + 1, 5))
    assert len(undealt) == 3 * (4 - n)


def test_BK_SET_5_port_is_two_chilli_and_seven_boat_cards_shuffled() -> None:
    """BK-SET-5: "Draw the first 2 chilli cards and the first 7 boat cards. Shuffle these 9"."""
    layouts = set()
    for seed in range(20):
        state = bk.new_game(2, seed=seed)
        chillies = [i for i, c in enumerate(state.port) if state.deck.cards[c].is_chilli]
        assert len(state.port) == 9 and all(c >= 0 for c in state.port)
        assert len(chillies) == 2
        layouts.add(tuple(chillies))
    assert len(layouts) > 5  # the chilli cards land anywhere in the square


def test_setup_counts_sixty_cards_four_pontoons() -> None:
    """Materials: 60 cards (12 initial, 16 chilli, 32 boat), 4 pontoons, 1 token."""
    inv = bk.new_game(3, seed=2).inventory()
    assert inv == {
        "initial card": 12,
        "chilli card": 16,
        "boat card": 32,
        "distinct cards": 60,
        "pontoon": 4,
        "first-player token": 1,
    }


def test_setup_is_a_pure_function_of_seed_and_options() -> None:
    """Setup shuffles come only from the seed (docs/design.md, section 3)."""
    assert bk.new_game(3, seed=42) == bk.new_game(3, seed=42)
    assert bk.new_game(3, seed=42) != bk.new_game(3, seed=43)


def _played_out(state: bk.State, seed: int) -> bk.State:
    """``state`` played on with random legal actions to the scoring."""
    rng = random.Random(seed)
    while not state.is_over():
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("players", [1, 2, 4])
def test_BK_SET_2_K15_a_view_played_on_to_the_scoring_keeps_unseen_pontoons_hidden(
    players: int,
) -> None:
    """BK-SET-2, K15 (issue 44): a view made before the scoring and played on to it cannot
    turn over the tiles whose goods its viewer never saw: they stay hidden, and the finished
    view saves and loads back; a world dealt from it gives every hidden tile an unseen good."""
    state = bk.new_game(players, 3)
    for viewer in (*range(players), None):
        final = _played_out(state.view(viewer), seed=2)
        shown = set() if viewer is None else {viewer}
        assert {tile for tile, good in enumerate(final.pontoons) if good >= 0} == shown
        assert bk.State.from_dict(json.loads(json.dumps(final.to_dict()))) == final
        world = final.determinize(viewer, 1)
        assert sorted(world.pontoons) == sorted(state.pontoons)
        assert bk.State.from_dict(world.to_dict()) == world


def test_BK_SET_2_K15_pontoons_hidden_at_the_scoring_as_no_view_hides_them_are_refused() -> None:
    """BK-SET-2, K15: at the scoring a view hides the box's tiles (made then) or every tile but
    its viewer's (made before): a finished game hiding one player's tile alone is refused,
    with a clear error, and the dict is unchanged."""
    data = finished(2, seed=2).to_dict()
    data["pontoons"][1] = None
    before = json.dumps(data, sort_keys=True)
    with pytest.raises(InvalidStateError, match="no view hides them"):
        bk.State.from_dict(data)
    assert json.dumps(data, sort_keys=True) == before
    data["pontoons"][2:] = [None, None]
    assert bk.State.from_dict(data).pontoons[0] >= 0
