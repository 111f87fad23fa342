"""Reading a puzzle set refuses bad data clearly (plain JSON, every field checked, no pickle or
eval), and the model's own checks: digest, seat, answer."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.record import state_digest
from bamboo_lab.games import new_game, record_of, start_here
from bamboo_lab.puzzles import Puzzle, PuzzleSet, read_set
from bamboo_lab.puzzles.model import SET_SCHEMA


def _puzzle() -> Puzzle:
    """A hand-made Bangkok puzzle at the start of a game (its numbers invented for the test)."""
    state = start_here(new_game("bangkok", 2, 3))
    seat = state.current_player
    legal = state.legal_actions()
    return Puzzle(
        game="bangkok",
        number=1,
        record=record_of("bangkok", state, 3),
        seat=seat,
        answer=str(legal[0]),
        answer_words="first",
        runner_up=str(legal[1]),
        runner_up_words="second",
        win=0.9,
        runner_up_win=0.2,
        margin=5.0,
        runner_up_margin=-3.0,
        theme="a chilli neighbourhood",
        difficulty="easy",
        closeness=0.1,
        missed=0.0,
        playouts=640,
        legal_moves=len(legal),
        source={"seed": 3},
        digest=state_digest(state),
    )


def _text(**changes: Any) -> str:
    """A one-puzzle set as JSON text, with the puzzle's fields changed."""
    data = PuzzleSet("bangkok", 0, {"count": 1}, (_puzzle(),)).to_dict()
    data["puzzles"][0].update(changes)
    return json.dumps(data)


def test_a_good_set_reads_back_as_it_was_written() -> None:
    written = PuzzleSet("bangkok", 0, {"count": 1}, (_puzzle(),))
    assert read_set(written.to_json(), "bangkok") == written


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "not valid JSON"),
        ("[]", "schema"),
        (json.dumps({"schema": "other"}), "schema"),
        (b"\x80\x04K\x01.", "not valid JSON"),  # a pickle is not read
        (f'{{"schema": "{SET_SCHEMA}", "game": "bangkok", "seed": NaN}}', "not valid JSON"),
        ("__import__('os')", "not valid JSON"),  # nothing is evaluated
    ],
)
def test_bad_set_text_is_refused_with_its_reason(text: Any, words: str) -> None:
    with pytest.raises(InvalidStateError, match=words):
        read_set(text, "bangkok")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"seat": "0"}, "'seat' must be a whole number"),
        ({"difficulty": "very"}, "difficulty must be one of"),
        ({"win": float("inf")}, "not valid JSON"),
        ({"theme": ""}, "'theme' must be a short text"),
        ({"answer": "fly away"}, "answer"),
        ({"runner_up": None}, "'runner_up' must be a short text"),
        ({"digest": "0" * 64}, "digest"),
        ({"number": 2}, "numbered 2"),
        ({"extra": 1}, "unknown field"),
        ({"game": "takenoko"}, "in the bangkok set"),
        ({"record": {"schema": "x"}}, "schema"),
    ],
)
def test_a_bad_puzzle_is_refused_naming_the_puzzle_and_the_field(
    changes: dict[str, Any], words: str
) -> None:
    with pytest.raises(InvalidStateError, match=words) as caught:
        read_set(_text(**changes), "bangkok")
    assert "\n" not in str(caught.value)


def test_a_puzzle_whose_seat_is_not_to_move_is_refused() -> None:
    puzzle = _puzzle()
    with pytest.raises(InvalidStateError, match="not the one to move"):
        read_set(_text(seat=1 - puzzle.seat), "bangkok")


def test_a_set_of_another_game_or_an_unknown_game_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="of 'bangkok', not bamboo"):
        read_set(_text(), "bamboo")
    with pytest.raises(InvalidStateError, match="no puzzle sets for 'chess'"):
        read_set(_text(), "chess")


def test_the_puzzles_package_imports_neither_plotly_ipywidgets_nor_pandas() -> None:
    probe = (
        "import sys, bamboo_lab.puzzles, bamboo_lab.puzzles.terminal, bamboo_lab.puzzles.session;"
        "print(sorted(m for m in ('plotly', 'ipywidgets', 'pandas') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
