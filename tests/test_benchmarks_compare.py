"""``benchmarks/compare.py``: this checkout's random self-play against another's, side by side."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPARE = ROOT / "benchmarks" / "compare.py"


def compare(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run the comparison with ``argv``."""
    command = [sys.executable, str(COMPARE), *argv]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_a_checkout_against_itself_plays_the_same_games_and_reports_both_ratios() -> None:
    finished = compare(str(ROOT), "bangkok", "takenoko", "--players", "2", "--games", "3")
    assert finished.returncode == 0, finished.stderr
    rows = [line for line in finished.stdout.splitlines() if line.startswith("| bangkok")]
    rows += [line for line in finished.stdout.splitlines() if line.startswith("| takenoko")]
    assert len(rows) == 2
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert cells[1:4] == ["2", "3", "6"]  # players, games per run, the default 6 pairs
        for summary in cells[4:]:  # "median [95% interval] (min-max), speed-up"
            median = float(summary.split()[0])
            speed_up = float(summary.rsplit(" ", 1)[1].rstrip("x"))
            assert median > 0 and abs(speed_up - 1 / median) < 0.01
            low, high = map(float, summary.split()[1].strip("[]").split("-"))
            assert low <= median <= high


def test_a_directory_without_the_package_is_refused_before_any_game() -> None:
    finished = compare("/nonexistent-checkout", "bangkok")
    assert finished.returncode == 2 and finished.stdout == ""
    assert "no bamboo_lab package in '/nonexistent-checkout'" in finished.stderr


def test_an_unknown_game_and_a_bad_count_are_refused() -> None:
    unknown = compare(str(ROOT), "chess")
    assert unknown.returncode == 2 and "not one of takenoko, bamboo, bangkok: 'chess'" in (
        unknown.stderr
    )
    zero = compare(str(ROOT), "bangkok", "--pairs", "0")
    assert zero.returncode == 2 and "not a whole number of at least 1: '0'" in zero.stderr


def test_a_checkout_without_the_modules_it_runs_is_refused(tmp_path: Path) -> None:
    """A directory with only ``bamboo_lab/__init__.py`` fails to import the games, or, beside an
    editable install, imports them from that install: either way one error line, no row."""
    (tmp_path / "bamboo_lab").mkdir()
    (tmp_path / "bamboo_lab" / "__init__.py").write_text('"""Not the package."""\n')
    finished = compare(str(tmp_path), "bangkok", "--games", "1", "--pairs", "1")
    assert finished.returncode == 2 and "| bangkok" not in finished.stdout
    error = finished.stderr.strip().splitlines()
    assert len(error) == 1 and error[0].startswith("compare.py: error: "), error
    failed = f"bangkok failed in {tmp_path}: ModuleNotFoundError" in error[0]
    assert failed or f"{tmp_path} lacks modules it ran: bamboo_lab.bots" in error[0]


def test_an_impossible_player_count_is_named_in_the_error() -> None:
    finished = compare(str(ROOT), "bangkok", "--players", "9", "--games", "1", "--pairs", "1")
    assert finished.returncode == 2
    assert "Bangkok plays with 1 to 4 players, not 9" in finished.stderr


def _compare_module(monkeypatch: pytest.MonkeyPatch) -> object:
    """``compare.py`` imported as a module."""
    spec = importlib.util.spec_from_file_location("compare", COMPARE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "compare", module)  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_the_interval_of_the_median_is_the_binomial_order_statistics(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ranks of the distribution-free 95% interval of a median (at least 95% coverage):
    1 and 6 of 6, 2 and 9 of 10, 6 and 15 of 20, 10 and 21 of 30; none below 6 ratios."""
    module: Any = _compare_module(monkeypatch)
    for count, ranks in ((6, (1, 6)), (10, (2, 9)), (20, (6, 15)), (30, (10, 21))):
        ratios = [rank / 100 for rank in range(count, 0, -1)]  # unsorted on purpose
        assert module.median_interval(ratios) == (ranks[0] / 100, ranks[1] / 100)
    assert module.median_interval([0.5] * 5) is None
    assert module._summary([0.5, 0.6, 0.7]) == "0.600 (0.500-0.700), 1.67x"


def test_two_checkouts_that_play_different_games_are_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The ratio of two different workloads means nothing: the comparison stops, naming both."""
    module: Any = _compare_module(monkeypatch)

    def play_pair(
        trees: tuple[Path, Path], game: str, players: int, games: int, slices: int
    ) -> tuple[object, object]:
        played = f"{games} games, 79 decisions"  # another final score on the other side
        return module.Run((played, "1"), 1.0, 1.1), module.Run((played, "2"), 1.0, 1.1)

    monkeypatch.setattr(module, "play_pair", play_pair)
    with pytest.raises(module.CompareError, match=r"bangkok played .* here, .* there"):
        module.compare(Path("/elsewhere"), "bangkok", 2, 3, 2, 4)
    (tmp_path / "bamboo_lab").mkdir()
    (tmp_path / "bamboo_lab" / "__init__.py").write_text('"""Another checkout."""\n')
    with pytest.raises(SystemExit) as stopped:
        module.main([str(tmp_path), "bangkok", "--pairs", "1"])
    assert stopped.value.code == 2


def test_the_workload_played_in_slices_plays_the_same_games_as_in_one_run() -> None:
    """``selfplay.py --slices`` plays a slice per line it reads, the same games as one run."""
    script = [sys.executable, str(ROOT / "benchmarks" / "selfplay.py"), "bangkok", "2"]

    def sliced(lines: str) -> subprocess.CompletedProcess[str]:
        """Five games in three slices, with ``lines`` on standard input."""
        command = [*script, "--games", "5", "--slices", "3"]
        return subprocess.run(command, input=lines, capture_output=True, text=True, timeout=60)

    whole = subprocess.run([*script, "--games", "5"], capture_output=True, text=True, timeout=60)
    played = sliced("\n\n\n")
    assert whole.returncode == played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert [line.split(" CPU")[0] for line in lines[:3]] == ["slice 1", "slice 2", "slice 3"]
    same = [line for line in whole.stdout.splitlines() if "decisions" in line or "digest" in line]
    assert len(same) == 2 and set(same) <= set(lines)
    stopped = sliced("\n")  # the caller went away after one slice: nothing more is played
    assert stopped.returncode == 0 and len(stopped.stdout.splitlines()) == 1
