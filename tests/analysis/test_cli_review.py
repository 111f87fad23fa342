"""bamboo-lab review: the review as a plain-text table, exit 0; bad input one line, exit 2."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from cli_refusals import Capture, refused

from bamboo_lab.cli import main
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import play, record_of, replay, start_here
from bamboo_lab.sim.runner import play_game


@cache
def records() -> tuple[GameRecord, GameRecord]:
    """The end of a seeded Bangkok game, and a won Bamboo position thrown away by declining
    the winning buy (test_analysis_review.blunder)."""
    record, _ = play_game("bangkok", "heuristic", 4)
    states = replay(record)
    late = record_of("bangkok", play(start_here(states[44]), *record.actions[44:]), 4)
    blunder = GameRecord.load(Path(__file__).parent / "data" / "bamboo_blunder.json")
    return late, blunder


def test_review_prints_one_row_per_decision(tmp_path: Path, capsys: Capture) -> None:
    late, _ = records()
    path = tmp_path / "game.json"
    late.save(path)
    assert main(["review", str(path), "--playouts", "4", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("bangkok, 2 players, seed 4: ") and "4 playouts each" in lines[0]
    assert lines[1].split() == [
        *("ply", "player", "move", "before", "after", "best", "loss", "interval", "flag")
    ]
    assert [line.split()[2] for line in lines[2:]] == list(late.actions)
    assert main(["review", str(path), "--playouts", "4", "--seed", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == lines  # deterministic for the seed


def test_review_header_states_the_flag_rule_and_each_row_its_interval(
    tmp_path: Path, capsys: Capture
) -> None:
    """A 0.24 loss unflagged beside a 0.20 flagged is explained: the header says a move is
    flagged when its loss reaches the threshold and its 95% interval lies above 0, and each
    row shows that interval (issue 44)."""
    _, blunder = records()
    path = tmp_path / "blunder.json"
    blunder.save(path)
    assert main(["review", str(path), "--playouts", "8", "--threshold", "0.2"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert "is at least 0.2 and its 95% interval lies above 0" in lines[0]
    for line in lines[2:]:
        low, high = (float(x) for x in line.split("[")[1].split("]")[0].split(","))
        loss = float(line.split("[")[0].split()[-1])
        assert low <= loss <= high or low == high == 0.0
        assert line.endswith("*") == (loss >= 0.2 and low > 0), line
    # progress on stderr (not a terminal here: a line at every tenth, the last one at the end)
    progress = captured.err.splitlines()
    assert progress and progress[-1] == f"reviewed {len(lines) - 2} of {len(lines) - 2} decisions"
    assert main(["review", str(path), "--playouts", "8", "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_review_flags_the_blunder_and_filters_a_seat(tmp_path: Path, capsys: Capture) -> None:
    _, blunder = records()
    path = tmp_path / "blunder.json"
    blunder.save(path)
    assert main(["review", str(path), "--playouts", "24"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("bamboo, 2 players") and "1 flagged" in lines[0]
    assert lines[2].split()[2:3] == ["decline"] and lines[2].endswith("*")
    assert main(["review", str(path), "--seat", "0", "--playouts", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and "0 decisions of player 0" in out[0]


def test_bad_files_and_arguments_are_one_line_and_status_2(tmp_path: Path, capsys: Capture) -> None:
    late, _ = records()
    good = tmp_path / "game.json"
    late.save(good)
    refused(capsys, ["review", str(tmp_path / "missing.json")], "cannot read")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    refused(capsys, ["review", str(broken)], "not valid JSON")
    other = tmp_path / "other.json"
    other.write_text('{"schema": "chess/1"}')
    refused(capsys, ["review", str(other)], "unsupported record schema")
    refused(capsys, ["review", str(good), "--seat", "5"], "seat must be in 0..1")
    refused(capsys, ["review", str(good), "--playouts", "0"], "n must be in 2..")
    refused(capsys, ["review", str(good), "--playouts", "many"], "not a whole number")
    refused(capsys, ["review", str(good), "--threshold", "2"], "threshold must be above 0")
    refused(capsys, ["review", str(good), "--seed", "-1"], "seed must be in")
    refused(capsys, ["review"], "record")
