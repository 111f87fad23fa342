"""What ``State.from_dict`` refuses beyond types and conservation: the shoots each player owns
(BB-PL-5, BB-SUM-6) and whose action is under way (context, resume, sticks, shoots in hand)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bamboo

State = bamboo.State


def _played(n: int, seed: int, until: Any) -> State:
    """A seeded random game from ``new_game`` played until ``until(state)`` holds."""
    rng = random.Random(seed)
    s = bamboo.new_game(n, seed)
    while not until(s):
        s = s.apply(rng.choice(s.legal_actions()), check=False)
    return s


def _refused(d: dict[str, Any], match: str) -> None:
    before = copy.deepcopy(d)
    with pytest.raises(InvalidStateError, match=match):
        State.from_dict(d)
    assert d == before  # nothing changed


def _move_shoot(d: dict[str, Any], src: int, dst: int) -> None:
    """Move one shoot from player ``src``'s temples to the same temple of player ``dst``."""
    t = next(t for t in range(4) if d["boards"][src]["temples"][t])
    if len(d["boards"][dst]["temples"][t]) >= 4:
        t = next(t for t in range(4) if len(d["boards"][dst]["temples"][t]) < 4)
        src_t = next(k for k in range(4) if d["boards"][src]["temples"][k])
        d["boards"][dst]["temples"][t].append(d["boards"][src]["temples"][src_t].pop())
        return
    d["boards"][dst]["temples"][t].append(d["boards"][src]["temples"][t].pop())


@pytest.mark.parametrize("n", [2, 3, 4])
def test_BB_PL_5_saved_game_with_a_shoot_moved_between_players_is_refused(n: int) -> None:
    """Each player owns 6 shoots ("everyone ends with 6 shoots"; a turn takes back as many as it
    pushes, BB-SUM-6): a saved game whose players hold 7 and 5 is refused, though every shoot
    is still there (conservation alone misses it)."""
    s = _played(n, n, lambda s: s.phase == "visit" and s.round == 2)
    d = s.to_dict()
    assert all(b.shoots == 6 for b in s.boards)
    _move_shoot(d, 0, 1)
    _refused(d, "player 0 owns 5 shoots .* not 6")


def test_BB_PL_5_shoot_from_the_box_onto_a_board_is_refused() -> None:
    """A shoot taken out of the box (2 players: unused sets) gives its new owner 7 shoots."""
    s = _played(2, 1, lambda s: s.phase == "visit")
    d = s.to_dict()
    c = d["shoot_box"].pop()
    t = next(t for t in range(4) if len(d["boards"][1]["temples"][t]) < 4)
    d["boards"][1]["temples"][t].append(c)
    _refused(d, "player 1 owns 7 shoots")


def test_BB_SUM_6_shoots_in_hand_count_for_the_current_player() -> None:
    """Mid-turn the visited temple's shoots (``pending``), the shoot being activated and an
    ejected shoot waiting for a temple are the current player's: 6 in all, at every step."""
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = bamboo.new_game(2, seed)
        while not s.is_over() and s.round == 1:
            if s.pending or s.activating or s.receiving >= 0:
                held = s.boards[s.player].shoots + len(s.pending) + len(s.activating[:1])
                held += s.receiving >= 0
                assert held == 6
                assert State.from_dict(s.to_dict()) == s
                seen.add(s.phase)
            s = s.apply(rng.choice(s.legal_actions()), check=False)
    assert {"place", "receive"} <= seen
    s = _played(2, 3, lambda s: s.phase == "place" and len(s.pending) >= 2)
    d = s.to_dict()
    d["pending"] = d["pending"][1:]
    d["shoot_box"] = sorted([*d["shoot_box"], s.pending[0]])
    _refused(d, f"player {s.player} owns 5 shoots")


@pytest.mark.parametrize("order", ["clockwise", "snake"])
def test_BB_PL_5_draft_counts_follow_the_picks(order: str) -> None:
    """In the draft each player holds 4 set-up shoots plus their picks so far (B9 order); a
    drafted shoot on the wrong player's board is refused."""
    s = bamboo.new_game(3, 7, {"draft_order": order})
    for _ in range(4):
        s = s.apply(s.legal_actions()[0])
        if s.phase == "draft":
            assert State.from_dict(s.to_dict()) == s
    assert s.phase == "draft"
    d = s.to_dict()
    counts = [b.shoots for b in s.boards]
    rich = max(range(3), key=lambda p: counts[p])
    poor = min(range(3), key=lambda p: counts[p])
    _move_shoot(d, rich, poor)
    _refused(d, "owns .* shoots")


def test_BB_PL_5_built_positions_may_hold_other_counts() -> None:
    """``position`` documents that a teacher may give a board fewer (or more) than 6 shoots; such
    a position, and a game played on from it, still load (each count is kept by play)."""
    s = bamboo.position(player=0, boards={0: {"temples": [["Rb"], ["Yc"], [], []]}})
    assert s.boards[0].shoots == 2
    t = s.apply(bamboo.parse_action("visit red", s))
    assert State.from_dict(t.to_dict()) == t
    assert t.boards[0].shoots + len(t.pending) == 2


def test_action_context_and_phase_must_agree() -> None:
    """A shoot's, gift's or spirit's action is under way exactly in an action phase: a Summer
    decision with a context, a wildcard without a shoot, or a spirit without its resume step is
    refused."""
    s = _played(2, 5, lambda s: s.phase == "visit" and s.round == 2)
    d = s.to_dict()
    _refused({**d, "context": "spirit", "resume": "visit"}, "exactly in phases")
    s = _played(2, 2, lambda s: s.phase in ("balance", "cook") and s.context == "gift")
    d = s.to_dict()
    assert State.from_dict(d) == s
    _refused({**d, "phase": "wildcard"}, "wildcard shoot's action")
    _refused({**d, "resume": "visit"}, "names its resume step")


def test_BB_SUM_3_sticks_to_offer_come_from_the_reserve_while_offering() -> None:
    """Sticks still to offer lie in the reserve and are offered in phase ``offer`` (or in a
    spirit's action taken during it); shoots in hand need a visited temple (BB-SUM-2)."""
    s = _played(2, 4, lambda s: s.phase == "offer" and s.boards[s.player].reserve < 4)
    d = s.to_dict()
    assert State.from_dict(d) == s
    _refused({**d, "sticks": d["boards"][s.player]["reserve"] + 1}, "from the reserve")
    s = _played(2, 4, lambda s: s.phase == "place")
    d = s.to_dict()
    _refused({**d, "sticks": 1}, "while offering")
    _refused({**d, "visited": -1}, "need a visited temple")
    s = _played(2, 4, lambda s: s.phase == "visit" and s.round == 2)
    d = s.to_dict()
    _refused({**d, "per_stalk": [1, 0, 0, 0]}, "within a Summer turn")
    _refused({**d, "bakeneko": True}, "within a Summer turn")
