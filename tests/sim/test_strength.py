"""A modest, deterministic strength check: the heuristic bots beat random play."""

from __future__ import annotations

import pytest

from bamboo_lab.games import GAMES
from bamboo_lab.sim import play_game

GAMES_PER_MATCH = 30


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_beats_random_in_most_two_player_games(game: str) -> None:
    wins = 0
    for seed in range(GAMES_PER_MATCH):
        heuristic_seat = seed % 2  # seats alternate
        bots = ["random", "random"]
        bots[heuristic_seat] = "heuristic"
        _, outcome = play_game(game, bots, seed)
        wins += heuristic_seat in outcome.winners
    assert wins >= 0.8 * GAMES_PER_MATCH, f"{game}: heuristic won {wins} of {GAMES_PER_MATCH}"


def test_measure_strength_repeats_and_reports_an_interval() -> None:
    pytest.importorskip("pandas")
    from bamboo_lab.sim.strength import measure_strength

    first = measure_strength("bangkok", "heuristic", "random", n_games=6, seed=3)
    again = measure_strength("bangkok", "heuristic", "random", n_games=6, seed=3)
    assert (first.games, first.wins) == (again.games, again.wins) == (6, first.wins)
    assert 0 <= first.low <= first.win_rate <= first.high <= 1
    assert "bangkok: heuristic vs random" in str(first)


def test_measure_strength_needs_two_different_bots() -> None:
    pytest.importorskip("pandas")
    from bamboo_lab.core.errors import InvalidStateError
    from bamboo_lab.sim.strength import measure_strength

    with pytest.raises(InvalidStateError, match="different names"):
        measure_strength("bangkok", "random", "random", n_games=2)


def test_strength_command_prints_the_search_table(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pandas")
    from bamboo_lab.sim.strength import main

    main(["--games", "2", "--budget", "2", "--game", "bangkok"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| game | match | wins | 95% interval | CPU s per decision |")
    assert lines[2].startswith("| bangkok | search vs heuristic | ")
    assert lines[2].endswith("| 2 iterations |") and "at most" in lines[2]


def test_measure_strength_times_the_first_bots_decisions() -> None:
    pytest.importorskip("pandas")
    from bamboo_lab.bots.search import SearchBot
    from bamboo_lab.sim.strength import measure_strength

    result = measure_strength("bangkok", SearchBot(iterations=2), "heuristic", n_games=2)
    assert result.decisions > 10  # about ten decisions with a choice per seat and game
    assert 0 < result.mean_decision <= result.max_decision


def test_playout_speed_counts_both_kinds_of_playout() -> None:
    from bamboo_lab.sim.strength import playout_speed

    rates = playout_speed("bamboo", seconds=0.05)
    assert set(rates) == {"random_per_s", "search_per_s"}
    assert min(rates.values()) > 0
