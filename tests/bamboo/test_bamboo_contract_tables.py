"""The engine's remembered answers (the tables behind its speed) agree with the rules computed
from scratch, over every position of whole seeded random games (the contract's speed side)."""

from __future__ import annotations

import pytest
from bamboo_helpers import reference_majority, seeded_positions

from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import legal, scoring
from bamboo_lab.games.bamboo.actions import Activate, Choose, Place, UseSpirit, VisitTemple
from bamboo_lab.games.bamboo.board import SEAT_FIELDS, board_of
from bamboo_lab.games.bamboo.components import COLOURS, SHOOT_NAMES, SUMMER_SPIRITS
from bamboo_lab.games.bamboo.seasons import gain, set_seat


def reference_summer_powers(state: bamboo.State) -> list[object]:
    """The spirit powers of a Summer turn, from the awake spirits (B20, Kitsune first-only)."""
    awake = state.boards[state.player].awake
    powers: list[object] = [UseSpirit(spirit) for spirit in SUMMER_SPIRITS if spirit in awake]
    if "kitsune" in awake and state.activated == 0 and not state.kitsune:
        powers.append(UseSpirit("kitsune"))
    return powers


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_remembered_answers_equal_the_rules_from_scratch(num_players: int) -> None:
    checked = {"place": 0, "visit": 0, "majority": 0}
    for state in seeded_positions(num_players):
        for stack in state.temples:
            assert scoring.temple_majority(stack) == reference_majority(stack)
            checked["majority"] += 1
        if state.phase == "place":
            board = state.boards[state.player]
            stalks = [s for s in range(4) if state.per_stalk[s] < legal.STALK_NEW_CAP]
            kind = Activate if state.activations > 0 else Place
            expected: list[object] = [
                kind(SHOOT_NAMES[code], stalk + 1)
                for code in sorted(set(state.pending))
                for stalk in stalks
            ]
            if state.activations > 0:
                expected.append(Choose("done"))
            assert list(state.legal_actions()) == expected + reference_summer_powers(state)
            checked["place"] += 1
        if state.phase == "visit":
            board = state.boards[state.player]
            visits: list[object] = [
                VisitTemple(COLOURS[temple])
                for temple in range(4)
                if board.temples[temple] and temple != board.marker
            ]
            actions = list(state.legal_actions())
            assert actions[: len(visits)] == visits
            checked["visit"] += 1
    assert min(checked.values()) >= 100, checked


def test_a_seat_write_changes_that_seat_alone() -> None:
    """``set_seat`` and ``gain`` change one player's value of one personal-board field: the
    board view shows it, every other seat's value and every other field stay the same objects,
    and the state written from is unchanged."""
    state = bamboo.new_game(3, 5)
    values = {"hp": 9, "coins": 0, "temples": ((), (1,), (), ()), "food": (1, 0, 2), "passed": True}
    for seat in range(3):
        for name, value in values.items():
            work = dict(state.__dict__)
            key = SEAT_FIELDS[name]
            set_seat(work, key, seat, value)  # type: ignore[arg-type]
            assert getattr(board_of(work, seat), name) == value
            assert all(work[field] is state.__dict__[field] for field in work if field != key)
            assert all(
                work[key][other] is state.__dict__[key][other]
                for other in (0, 1, 2)
                if other != seat
            )
        work = dict(state.__dict__)
        gain(work, "coins", seat, -2)  # type: ignore[arg-type]
        assert board_of(work, seat).coins == state.board(seat).coins - 2
    assert state == bamboo.new_game(3, 5)  # the state itself is unchanged
