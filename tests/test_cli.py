"""The bamboo-lab command: list games, print a setup, replay a record, refuse a corrupt file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bamboo_lab.cli import main
from bamboo_lab.games import GAMES, new_game, record_of


def test_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in GAMES)


def test_new_prints_the_setup(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "bangkok", "-n", "2", "-s", "5"]) == 0
    assert capsys.readouterr().out.strip() == str(new_game("bangkok", 2, 5))


def test_replay_prints_the_final_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game("bangkok", 2, 5)
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    record_of("bangkok", state, seed=5).save(path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert str(state) in out and "6 actions; not finished" in out


def test_corrupt_record_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"schema": "bamboo_lab.record/1", "game": 3}')
    assert main(["replay", str(path)]) == 2
    assert "error" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
