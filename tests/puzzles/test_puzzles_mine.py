"""Mining's quality filter: a puzzle's answer must win clearly more often than every other move
(never by the points alone), and the screen's pre-filter skips positions that look level."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bamboo_lab.analysis.position import Answer, Arm, is_separated, ranked_moves
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import GameState
from bamboo_lab.games import new_game, start_here
from bamboo_lab.puzzles import load_set, mine
from bamboo_lab.puzzles.mine import clearly_best, lead, settings_for, wins_more
from bamboo_lab.puzzles.solve import STANDING_SEED, analysed, stands


def _arm(order: int, won: list[bool], margins: list[float]) -> Arm:
    """A move's playouts, world by world."""
    return Arm(f"move {order}", order, list(won), list(margins))


def test_a_proof_where_answer_and_runner_up_win_the_same_worlds_is_rejected() -> None:
    """The "+1 point" case: take 1 HP against decline, both winning on the same 30 worlds."""
    won = [True] * 25 + [False] * 5
    answer = _arm(0, won, [4.0] * 30)
    runner_up = _arm(1, won, [3.0] * 30)
    assert is_separated(answer, runner_up)  # the board hint's test tells them apart by points
    assert not wins_more(answer, runner_up)
    assert not clearly_best([answer, runner_up])


def test_a_real_win_gap_is_accepted() -> None:
    answer = _arm(0, [True] * 28 + [False] * 2, [5.0] * 30)
    runner_up = _arm(1, [True] * 10 + [False] * 20, [-2.0] * 30)
    assert clearly_best([answer, runner_up])


def test_a_win_gap_seen_only_world_by_world_is_accepted_by_the_sign_test() -> None:
    """Overlapping Wilson intervals, but the answer won 8 worlds the runner-up lost and lost
    none it won: the exact sign test separates them."""
    answer = _arm(0, [True] * 16 + [False] * 14, [1.0] * 30)
    runner_up = _arm(1, [True] * 8 + [False] * 22, [0.0] * 30)
    assert answer.win_interval()[0] <= runner_up.win_interval()[1]
    assert wins_more(answer, runner_up) and clearly_best([answer, runner_up])


def test_a_win_gap_with_a_margin_below_the_runner_ups_is_rejected() -> None:
    answer = _arm(0, [True] * 28 + [False] * 2, [1.0] * 30)
    runner_up = _arm(1, [True] * 10 + [False] * 20, [2.0] * 30)
    assert wins_more(answer, runner_up) and not clearly_best([answer, runner_up])


def test_the_answer_must_win_more_than_every_other_move_not_only_the_runner_up() -> None:
    answer = _arm(0, [True] * 28 + [False] * 2, [5.0] * 30)
    runner_up = _arm(1, [True] * 10 + [False] * 20, [-2.0] * 30)
    level = _arm(2, [True] * 28 + [False] * 2, [-3.0] * 30)  # wins as often, fewer points
    assert not clearly_best([answer, runner_up, level])


def test_a_puzzle_stands_only_when_its_answer_is_first_and_clearly_best() -> None:
    """The soak's test is the mining test: the answer first and clearly best; first by the
    points alone on the same worlds won, or another move first, and the puzzle has fallen."""
    puzzle = load_set("bangkok").puzzles[0]
    wins, losses = [True] * 24 + [False] * 6, [True] * 6 + [False] * 24

    def arm(action: str, won: list[bool], margin: float) -> Arm:
        return Arm(action, 0, list(won), [margin] * len(won))

    assert stands(puzzle.answer, [arm(puzzle.answer, wins, 3.0), arm("other", losses, 1.0)])
    assert not stands(puzzle.answer, [arm(puzzle.answer, wins, 3.0), arm("other", wins, 2.0)])
    assert not stands(puzzle.answer, [arm("other", wins, 3.0), arm(puzzle.answer, losses, 1.0)])
    assert not stands(puzzle.answer, [arm(puzzle.answer, wins, 3.0)])


def _bangkok_start() -> GameState:
    """A two-player Bangkok game's first position."""
    return start_here(new_game("bangkok", 2, 3))


def test_the_proof_table_is_ranked_moves_table() -> None:
    state = _bangkok_start()
    seat = state.current_player
    found, arms = analysed(state, seat, 24, 5)
    expected = ranked_moves(state, seat, playouts=24, seed=5)
    for column in ("move", "win", "margin", "visits", "words"):
        assert found.column(column) == expected.column(column)
    assert found.attrs["best"] == expected.attrs["best"]
    assert [str(arm.action) for arm in arms] == found.column("move")


def test_the_lead_is_the_first_moves_win_chance_above_the_seconds() -> None:
    state = _bangkok_start()
    screen = ranked_moves(state, state.current_player, playouts=24, seed=5)
    wins = screen.column("win")
    assert lead(screen) == pytest.approx(wins[0] - wins[1])


def test_the_pre_filter_skips_the_large_proofs_when_the_screen_lead_is_small(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("a large proof was run after a level screen")

    monkeypatch.setattr(mine, "analysed", refuse)
    state = _bangkok_start()
    settings = replace(settings_for("bangkok"), screen=24, gap=1.01)  # no lead reaches it
    assert mine.prove(state, state.current_player, settings, 5) is None


@pytest.mark.parametrize("third_stands", [True, False])
def test_a_proof_must_stand_a_third_analysis_at_twice_the_budget(
    monkeypatch: pytest.MonkeyPatch, third_stands: bool
) -> None:
    """Two proofs and the search bot agree; the third analysis (twice the budget, the
    standing seed) decides: a move still clearly best makes the puzzle, one caught up not."""
    state = _bangkok_start()
    seat = state.current_player
    legal = state.legal_actions()
    wins, losses = [True] * 24 + [False] * 6, [True] * 6 + [False] * 24
    asked: list[tuple[int, int]] = []

    def analysed(position: GameState, at: int, playouts: int, seed: int) -> tuple[Any, list[Arm]]:
        asked.append((playouts, seed))
        found = Answer(("move",), ((str(legal[0]),),), {"actions": [legal[0], legal[1]]})
        first = wins if len(asked) < 3 or third_stands else losses
        arms = [
            Arm(legal[0], 0, first, [3.0] * 30),
            Arm(legal[1], 1, wins if first is losses else losses, [1.0] * 30),
        ]
        return found, arms

    class Search:
        def choose(self, *args: object) -> Any:
            return legal[0]

    monkeypatch.setattr(mine, "analysed", analysed)
    monkeypatch.setattr(mine, "SearchBot", Search)
    settings = replace(settings_for("bangkok"), screen=24, gap=0.0)
    proof = mine.prove(state, seat, settings, 5)
    large = settings.large
    assert asked == [(large, 6), (large, 7), (2 * large, STANDING_SEED)]
    assert (proof is not None) == third_stands


def _every_fifth(position: GameState, seat: int, settings: Any, seed: int) -> Answer | None:
    """A cheap stand-in for the proof: a small analysis of one position in five (by seed)."""
    if seed % 5:
        return None
    found = ranked_moves(position, seat, playouts=4, seed=seed)
    return Answer(found.columns, found.rows, {**found.attrs, "screen": found})


def test_a_resumed_build_writes_the_set_a_build_from_the_start_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(mine, "prove", _every_fifth)
    settings = replace(settings_for("bangkok", 3), games=6, search_every=10**6)
    whole = mine.build("bangkok", 7, settings)
    assert len(whole.puzzles) == 3
    stopped = mine.build("bangkok", 7, replace(settings, count=1))
    proved: list[int] = []

    def counting(position: GameState, seat: int, settings: Any, seed: int) -> Answer | None:
        proved.append(seed)
        return _every_fifth(position, seat, settings, seed)

    monkeypatch.setattr(mine, "prove", counting)
    resumed = mine.build("bangkok", 7, settings, resume=stopped)
    assert resumed.to_json() == whole.to_json()
    assert stopped.puzzles[0].source["proof_seed"] not in proved  # its positions not proved again
    assert len(proved) == whole.settings["screened"] - stopped.settings["screened"]


def test_a_build_refuses_to_resume_a_set_it_did_not_write(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(mine, "prove", _every_fifth)
    settings = replace(settings_for("bangkok", 2), games=6, search_every=10**6)
    stopped = mine.build("bangkok", 7, replace(settings, count=1))
    with pytest.raises(InvalidStateError, match="not built for bangkok with seed 8"):
        mine.build("bangkok", 8, settings, resume=stopped)
    with pytest.raises(InvalidStateError, match="these settings"):
        mine.build("bangkok", 7, replace(settings, gap=0.5), resume=stopped)
    with pytest.raises(InvalidStateError, match="has 1 puzzles already"):
        mine.build("bangkok", 7, replace(settings, count=1), resume=stopped)
    moved = dict(stopped.puzzles[0].source, ply=999)
    edited = replace(stopped, puzzles=(replace(stopped.puzzles[0], source=moved),))
    with pytest.raises(InvalidStateError, match="ends on another position"):
        mine.build("bangkok", 7, settings, resume=edited)
