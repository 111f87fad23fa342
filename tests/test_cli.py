"""The bamboo-lab command: games, new, replay, play, simulate, bench; clean refusals."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from cli_refusals import Capture, refused

from bamboo_lab.cli import main
from bamboo_lab.core.record import GameRecord
from bamboo_lab.games import load, names, new_game, record_of, replay
from bamboo_lab.sim import play_game


def test_games_lists_every_game(capsys: Capture) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in names())


def test_new_prints_the_setup(capsys: Capture) -> None:
    assert main(["new", "bangkok", "-n", "2", "-s", "5"]) == 0
    assert capsys.readouterr().out.strip() == str(new_game("bangkok", 2, 5))


def test_new_refuses_zero_players(capsys: Capture) -> None:
    refused(capsys, ["new", "bangkok", "-n", "0"], "players")
    refused(capsys, ["new", "takenoko", "-n", "9"], "players")


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["dance"],
        ["new", "chess"],
        ["new", "bangkok", "-n", "two"],
        ["new", "bangkok", "-s", "9" * 5000],
        ["new", "bangkok", "-s", str(2**64)],
        ["new", "bangkok", "-s", "-1"],
        ["simulate", "bangkok", "--games", "-3"],
        ["simulate", "bangkok", "--jobs", "0"],
        ["simulate", "bangkok", "--bots", "wizard"],
        ["simulate", "bangkok", "--bots", "random,random", "-n", "3"],
        ["play", "bangkok", "--seat", "5"],
        ["play", "bangkok", "--bots", "wizard"],
        ["bench", "chess"],
        ["bench", "--seconds", "-1"],
    ],
)
def test_bad_arguments_are_one_line_and_status_2(capsys: Capture, argv: list[str]) -> None:
    refused(capsys, argv)


def test_a_broken_pipe_is_not_an_error(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    class ClosedPipe(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["new", "takenoko"]) == 0
    assert capsys.readouterr().err == ""


def test_a_closed_pipe_in_a_real_process_is_quiet() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "bamboo_lab.cli", "new", "takenoko"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader goes away, as ``| head`` does
    err = proc.stderr.read().decode()
    assert proc.wait() == 0
    assert "Broken pipe" not in err and err == ""


def test_replay_into_head_stops_quietly(tmp_path: Path) -> None:
    # ``bamboo-lab replay --step game.json | head -1``: far more output than a pipe holds.
    record, _ = play_game("takenoko", "random", seed=1)
    path = tmp_path / "long.json"
    record.save(path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "bamboo_lab.cli", "replay", str(path), "--step"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"takenoko, 2 players")
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 0 and err == ""


def _saved_game(tmp_path: Path, plies: int = 6) -> tuple[Path, object]:
    state = new_game("bangkok", 2, 5)
    for _ in range(plies):
        state = state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    record_of("bangkok", state, seed=5).save(path)
    return path, state


def test_replay_prints_the_game_move_by_move(tmp_path: Path, capsys: Capture) -> None:
    path, state = _saved_game(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert str(state) in out and "6 actions; not finished" in out
    moves = [line for line in out.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert len(moves) == 6
    first = new_game("bangkok", 2, 5)
    assert moves[0].split() == [
        "1.",
        "player",
        str(first.current_player) + ":",
        *str(first.legal_actions()[0]).split(),
    ]


def test_replay_step_prints_every_position(tmp_path: Path, capsys: Capture) -> None:
    path, _ = _saved_game(tmp_path, plies=3)
    states = replay(GameRecord.load(path))
    assert main(["replay", str(path), "--step"]) == 0
    out = capsys.readouterr().out
    assert all(str(state) in out for state in states)


def test_replay_of_a_finished_bot_game_names_the_winner(tmp_path: Path, capsys: Capture) -> None:
    record, outcome = play_game("takenoko", "random", seed=4)
    path = tmp_path / "done.json"
    record.save(path)
    assert main(["replay", str(path)]) == 0
    assert outcome.reason in capsys.readouterr().out


@pytest.mark.parametrize("game", names())
def test_new_simulate_and_replay_play_every_registered_game(
    game: str, tmp_path: Path, capsys: Capture
) -> None:
    """The command line takes every game of the registry, a registered one too (issue 45)."""
    players = str(min(count for count in load(game).PLAYER_COUNTS if count >= 2))
    assert main(["new", game, "-n", players, "-s", "3"]) == 0
    assert capsys.readouterr().out.strip() == str(new_game(game, int(players), 3))
    out = tmp_path / "results.csv"
    argv = ["simulate", game, "-n", players, "--games", "2", "--seed", "1", "--no-progress"]
    assert main([*argv, "--out", str(out)]) == 0
    assert "2 games" in capsys.readouterr().out
    assert len(pd.read_csv(out)) == 2 * int(players)
    record, outcome = play_game(game, "random", seed=2, num_players=int(players))
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["replay", str(path)]) == 0
    assert outcome.reason in capsys.readouterr().out


def test_corrupt_records_are_a_clean_error(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"schema": "bamboo_lab.record/1", "game": 3}')
    refused(capsys, ["replay", str(path)], "bad.json")
    refused(capsys, ["replay", str(tmp_path / "missing.json")])
    huge = tmp_path / "huge.json"
    good = json.loads(record_of("bangkok", new_game("bangkok", 2, 1), seed=1).to_json())
    huge.write_text(json.dumps(good).replace('"seed": 1', '"seed": ' + "7" * 5000))
    refused(capsys, ["replay", str(huge)])
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    refused(capsys, ["replay", str(deep)])
    folder = tmp_path / "folder.json"
    folder.mkdir()
    refused(capsys, ["replay", str(folder)])


def test_play_against_bots_from_stdin(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "mine.json"
    # A wrong number, a garbage notation, then always the first legal action.
    monkeypatch.setattr(sys, "stdin", io.StringIO("999\nfly away\n" + "1\n" * 2000))
    assert main(["play", "bangkok", "--bots", "random", "--seed", "3", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "there is no move 999" in out
    assert "    1. " in out  # the legal actions are listed and numbered
    final = replay(GameRecord.load(saved))[-1]
    assert final.is_over() and final.outcome().reason in out
    assert str(final.view(0)) in out  # the text picture after the last move


def test_play_quits_on_q_and_on_end_of_input(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "takenoko", "--seat", "1"]) == 0
    assert "game abandoned" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "bamboo"]) == 0
    assert "game abandoned" in capsys.readouterr().out


def test_play_accepts_a_notation(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game("bangkok", 2, 0)
    seat = state.current_player
    text = str(state.legal_actions()[-1])
    monkeypatch.setattr(sys, "stdin", io.StringIO(text + "\nq\n"))
    assert main(["play", "bangkok", "--seat", str(seat)]) == 0
    assert f"player {seat}: {text}" in capsys.readouterr().out


def test_simulate_prints_win_rates_and_writes_csv(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "results.csv"
    argv = ["simulate", "bangkok", "--bots", "random,random", "--games", "6", "--seed", "2"]
    assert main([*argv, "--out", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "win_rate" in text and "6 games" in text and "12 rows written" in text
    frame = pd.read_csv(out)
    assert len(frame) == 12 and {"game_id", "seat", "bot", "score", "winner"} <= set(frame)


def test_simulate_shows_a_progress_bar(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    assert main(["simulate", "bangkok", "--games", "3"]) == 0
    assert "bangkok games" in capsys.readouterr().err


def test_simulate_output_files_checked_first(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "bangkok", "--games", "2", "--no-progress", "--out"]
    refused(capsys, [*argv, str(tmp_path / "results.xlsx")], ".csv or .parquet")
    refused(capsys, [*argv, str(tmp_path / "nowhere" / "r.csv")], "does not exist")
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if pyarrow were not installed
    refused(capsys, [*argv, str(tmp_path / "r.parquet")], "pyarrow")
    assert not (tmp_path / "r.parquet").exists()


def test_bench_measures_random_self_play(capsys: Capture) -> None:
    assert main(["bench", "bangkok", "--seconds", "0.05"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    assert [row[:2] for row in rows] == [
        ["bangkok", "1"],
        ["bangkok", "2"],
        ["bangkok", "3"],
        ["bangkok", "4"],
    ]
    assert all(float(row[2]) > 0 for row in rows)


def test_replay_of_a_fifo_is_refused_instead_of_blocking(tmp_path: Path, capsys: Capture) -> None:
    """``bamboo-lab replay <a FIFO>`` blocked forever: only a regular file is read."""
    import os

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    refused(capsys, ["replay", str(fifo)], "is not a file")


def test_replay_refuses_a_record_whose_actions_miss_its_final_digest(
    tmp_path: Path, capsys: Capture
) -> None:
    """Integrity: a record carries the digest of its final position; a cut action list is
    refused with a clear error, and a record without a digest (older) still replays."""
    path, _ = _saved_game(tmp_path, plies=8)
    data = json.loads(path.read_text())
    assert len(data["final_digest"]) == 64
    data["actions"] = data["actions"][:-1]
    path.write_text(json.dumps(data))
    refused(capsys, ["replay", str(path)], "do not reach", "final_digest")
    del data["final_digest"]
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 0
