"""``bamboo-lab puzzles``: list, show, solve in the terminal; bad arguments get one clear line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from cli_refusals import Capture, refused

from bamboo_lab.cli import main
from bamboo_lab.games import GAMES
from bamboo_lab.puzzles import load_set


@pytest.mark.parametrize("game", GAMES)
def test_list_prints_one_line_a_puzzle(game: str, capsys: Capture) -> None:
    assert main(["puzzles", "list", game]) == 0
    lines = capsys.readouterr().out.splitlines()
    count = len(load_set(game).puzzles)
    assert lines[-1] == f"{count} {game} puzzles" and len(lines) == count + 1


@pytest.mark.parametrize("game", GAMES)
def test_show_prints_the_position_the_moves_in_words_and_the_answer(
    game: str, capsys: Capture
) -> None:
    puzzle = load_set(game).puzzles[0]
    assert main(["puzzles", "show", game, "1", "--answer"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{game} puzzle 1 ")
    assert f". {puzzle.answer_words}\n" in out and f". {puzzle.runner_up_words}\n" in out
    assert "Right: after " + puzzle.answer_words in out


def test_solve_reads_moves_by_number_and_keeps_the_score(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = load_set("bangkok").puzzles[0]
    legal = [str(action) for action in puzzle.position().legal_actions()]
    choice = legal.index(puzzle.answer) + 1
    monkeypatch.setattr("sys.stdin", io.StringIO(f"0\nfly\n{choice}\n"))
    assert main(["puzzles", "solve", "bangkok", "1"]) == 0
    out = capsys.readouterr().out
    assert "not a move here" in out and "Right: " in out
    assert out.rstrip().endswith("score: 1 of 1")


def test_solve_stops_on_q_with_the_score_so_far(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["puzzles", "solve", "takenoko"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("score: 0 of 0")


def test_bad_arguments_are_refused_on_one_line(capsys: Capture) -> None:
    refused(capsys, ["puzzles"], "required")
    refused(capsys, ["puzzles", "list", "chess"], "invalid choice")
    refused(capsys, ["puzzles", "show", "bamboo", "0"], "bamboo has puzzles 1 to")
    refused(capsys, ["puzzles", "show", "bamboo", "x"], "not a whole number")
    refused(capsys, ["puzzles", "list", "bamboo", "--difficulty", "tough"], "invalid choice")
    refused(capsys, ["puzzles", "list", "bamboo", "--theme", "nothing"], "themes:")
    refused(capsys, ["puzzles", "build", "chess"], "no puzzles for 'chess'")
    refused(capsys, ["puzzles", "build", "bamboo", "--count", "0"], "--count")
    refused(capsys, ["puzzles", "build", "bamboo", "--out", "/no/such/folder"], "--out")
    refused(capsys, ["puzzles", "build", "bangkok", "--count", "2", "--resume"], "larger --count")


def test_a_build_resumed_where_no_set_was_written_is_refused(
    capsys: Capture, tmp_path: Path
) -> None:
    refused(capsys, ["puzzles", "build", "bangkok", "--out", str(tmp_path), "--resume"], "no set")
    assert not list(tmp_path.iterdir())
