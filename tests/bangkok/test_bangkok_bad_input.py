"""Issue 22 for Bangkok: views and determinize take the public view and refuse a seat that does
not exist; unreachable markets and pontoons are refused; record_of keeps a custom deck."""

from __future__ import annotations

import random

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import record_of, replay

EIGHT = ["P", "Z", "B", "F", "PZ", "ZB", "BF", "PF"]


def _played(plies: int = 12, players: int = 2) -> bk.State:
    rng = random.Random(4)
    state = bk.new_game(players, 4)
    for _ in range(plies):
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def test_determinize_takes_none_the_public_view() -> None:
    state = _played()
    seen = state.determinize(None, 3)
    assert seen.view(None) == state.view(None)
    assert state.determinize(None, 3) == seen  # deterministic for a seed


@pytest.mark.parametrize("seat", [7, -1, 2, "0", True])
def test_determinize_refuses_a_seat_that_does_not_exist_as_view_does(seat: object) -> None:
    state = _played()
    with pytest.raises(InvalidStateError):
        state.view(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        state.determinize(seat, 0)  # type: ignore[arg-type]


def test_BK_MKT_1_a_market_no_game_can_reach_by_its_turn_is_refused() -> None:
    """A seat lays at most 2 cards per turn it has begun: 8 cards at turn 0 are refused."""
    data = bk.position(markets=[[*EIGHT, None], [None] * 9], turn=6).to_dict()
    data.update(turn=0, to_move=0)
    with pytest.raises(InvalidStateError, match="BK-MKT-1"):
        bk.State.from_dict(data)
    with pytest.raises(InvalidStateError, match="BK-MKT-1"):
        bk.position(markets=[[*EIGHT, None], [None] * 9], turn=0)


def test_position_defaults_to_the_first_turn_by_which_its_markets_could_be_laid() -> None:
    state = bk.position(markets=[[*EIGHT, None], [None] * 9])
    assert state.turn == 6 and state.player == 0  # seat 0 begins turns 0, 2, 4 and 6
    assert bk.position().turn == 0


def test_pontoons_hidden_as_no_view_hides_them_are_refused() -> None:
    data = _played().to_dict()
    data["pontoons"][0] = None  # seat 0's own pontoon hidden, the others shown
    with pytest.raises(InvalidStateError, match="no view hides them"):
        bk.State.from_dict(data)
    public = _played().view(None).to_dict()
    assert bk.State.from_dict(public).pontoons == (-1, -1, -1, -1)


def test_record_of_a_custom_card_position_keeps_its_deck_without_the_options() -> None:
    state = bk.position(hands=[["C4:PZ/FF", "B", "Z"], ["P", "F", "ZB"]])
    later = state.apply(state.legal_actions()[0])
    record = record_of("bangkok", later, 0)
    assert replay(record)[-1] == later
