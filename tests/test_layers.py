"""Each layer finds its game by name (issue 24): every game has every piece its layers look up,
and a tiny game that lives only in tests/ (race_game) plays through every layer once
registered: simulate, the command line, the PettingZoo environment, viz and the play
controller, with no edit outside its folder."""

from __future__ import annotations

import ast
import random
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import race_game

from bamboo_lab import games
from bamboo_lab.bots import GreedyBot, heuristic_bot, make_bot
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import (
    GAMES,
    PIECES,
    check_game,
    layer,
    layer_piece,
    names,
    record_of,
    register,
    replay,
    unregister,
)


@pytest.fixture
def race() -> Iterator[str]:
    """The race game, registered for one test (and kept when the run registered it for all:
    ``BAMBOO_LAB_TEST_EXTRA_GAME``, tests/conftest.py)."""
    registered = race_game.NAME in names()
    name = register(race_game)
    yield name
    if not registered:
        unregister(name)


@pytest.mark.parametrize("game", names())
def test_every_game_has_every_piece_of_every_layer(game: str) -> None:
    assert check_game(game) == ()


def test_every_piece_names_a_known_layer_and_shape() -> None:
    assert {piece.layer for piece in PIECES} == {"game", "State", *games.LAYERS}
    assert all(piece.meaning for piece in PIECES)


@pytest.mark.parametrize("game", GAMES)
def test_each_layer_module_of_a_bundled_game_is_the_named_one(game: str) -> None:
    """Words and viz are required; bots, envs, sim and widgets are optional (a generic piece
    plays without them, docs/adding-a-game.md), and at their named place when present."""
    assert layer(game, "words").__name__ == f"bamboo_lab.games.{game}.words"  # type: ignore[union-attr]
    assert layer(game, "viz").__name__ == f"bamboo_lab.viz.{game}"  # type: ignore[union-attr]
    for name in ("bots", "envs", "sim", "widgets"):
        found = layer(game, name, required=False)
        assert found is None or found.__name__ == f"bamboo_lab.{name}.{game}"


def test_the_race_game_has_every_piece_and_its_layers_in_its_folder(race: str) -> None:
    assert race in names() and race not in GAMES
    assert check_game(race) == ()
    assert layer(race, "words") is sys.modules["race_game.words"]
    assert layer(race, "bots", required=False) is None  # optional: the generic one plays


def _broken(**without: Any) -> types.ModuleType:
    """A copy of the race game module under another name, lacking the names in ``without``."""
    module = types.ModuleType("broken_race")
    for key, value in vars(race_game).items():
        if not key.startswith("__") and key not in without:
            setattr(module, key, value)
    module.NAME = "broken_race"
    return module


def test_a_game_lacking_a_piece_fails_with_the_pieces_name() -> None:
    name = register(_broken(every_action=True))
    try:
        problems = check_game(name)
    finally:
        unregister(name)
    text = "\n".join(problems)
    assert "game.every_action: missing" in text
    assert "words.label: missing in broken_race.words" in text  # no words layer beside it
    assert "viz.figure: missing in broken_race.viz" in text
    assert "bots." not in text and "sim." not in text  # optional layers


def test_a_misshapen_piece_is_named_with_the_shape_it_needs(race: str) -> None:
    class Unnamed(race_game.State):
        drawn_by = "race_game.viz:no_such_function"

    module = _broken()
    module.State = Unnamed
    name = register(module)
    try:
        problems = check_game(name)
    finally:
        unregister(name)
    assert any(p.startswith("State.drawn_by: 'race_game.viz:no_such_function'") for p in problems)


def test_register_refuses_a_module_lacking_the_contract_and_taken_names() -> None:
    with pytest.raises(InvalidStateError, match="lacks new_game, explain"):
        register(_broken(explain=True, new_game=True))
    with pytest.raises(InvalidStateError, match="needs a game module"):
        register("race_game")  # type: ignore[arg-type]
    taken = _broken()
    taken.NAME = "takenoko"
    with pytest.raises(InvalidStateError, match="already called 'takenoko'"):
        register(taken)
    odd = _broken()
    odd.NAME = "two words"
    with pytest.raises(InvalidStateError, match="identifier"):
        register(odd)
    with pytest.raises(InvalidStateError, match="no game"):
        unregister("takenoko")


def test_register_twice_is_one_registration_and_a_second_module_is_refused(race: str) -> None:
    assert register(race_game) == race and names().count(race) == 1
    other = _broken()
    other.NAME = race
    with pytest.raises(InvalidStateError, match="already called 'race'"):
        register(other)


def test_a_missing_piece_is_refused_with_the_game_and_the_piece(race: str) -> None:
    with pytest.raises(InvalidStateError, match="'race' has no bots layer: add the module race_"):
        layer(race, "bots")
    with pytest.raises(InvalidStateError, match="'race' lacks button in its words layer"):
        layer_piece(race, "words", "button")
    assert layer_piece(race, "words", "button", None) is None
    with pytest.raises(InvalidStateError, match="unknown layer"):
        layer(race, "sound")
    with pytest.raises(InvalidStateError, match="unknown game 'chess'"):
        layer("chess", "viz")


def test_tables_by_game_look_each_game_up(race: str) -> None:
    from bamboo_lab.sim import STAT_COLUMNS
    from bamboo_lab.widgets.labels import SCORE_ROWS

    assert list(SCORE_ROWS) == list(names()) and len(SCORE_ROWS) == len(names())
    assert SCORE_ROWS["takenoko"] is layer_piece("takenoko", "words", "SCORE_ROWS")
    assert SCORE_ROWS["race"] == race_game.words.SCORE_ROWS
    assert STAT_COLUMNS["race"] == () and STAT_COLUMNS["bangkok"][0] == "objective_points"
    with pytest.raises(KeyError):
        SCORE_ROWS["chess"]


# ---------------------------------------------------------------- the race through every layer


def test_the_race_is_simulated_with_the_generic_bots(race: str) -> None:
    from bamboo_lab.sim import BASE_COLUMNS, simulate

    assert isinstance(heuristic_bot(race), GreedyBot)
    frame = simulate(race, "heuristic,random", 20, seed=1, progress=False)
    assert list(frame.columns) == list(BASE_COLUMNS)  # no sim layer: no extra columns
    assert len(frame) == 40 and frame.groupby("game_id")["winner"].sum().eq(1).all()
    again = simulate(race, "heuristic,random", 20, seed=1, progress=False)
    assert frame.equals(again)


def test_greedy_bot_takes_the_longest_move() -> None:
    state = race_game.new_game(2, 0).apply(race_game.Roll(3))
    action = make_bot("heuristic", "takenoko")  # a bundled game keeps its own heuristic
    assert type(action).__name__ == "TakenokoBot"
    assert GreedyBot().choose(state, state.legal_actions(), random.Random(0)) == race_game.Move(3)


def test_the_race_through_the_command_line(race: str, capsys: pytest.CaptureFixture[str]) -> None:
    from bamboo_lab.cli import main

    assert main(["games"]) == 0
    assert "race" in capsys.readouterr().out
    assert main(["new", "race", "-n", "3"]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == ["P0: 0", "P1: 0", "P2: 0"]
    assert main(["simulate", "race", "--games", "4", "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("race: 4 games, 2 players, seed 0")


def test_the_race_as_a_pettingzoo_environment(race: str) -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    from bamboo_lab.envs import action_table, env, observation_layout

    assert action_table(race) == ("move 1", "move 2", "move 3")
    assert [s.name for s in observation_layout(race, 2)][-2:] == ["pawns", "rolled"]
    environment = env(race, 2)
    environment.reset(seed=3)
    steps = 0
    for _agent in environment.agent_iter():
        observation, _reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        mask = observation["action_mask"]
        environment.step(int(np.flatnonzero(mask)[-1]))  # the longest legal move
        steps += 1
    assert 0 < steps <= race_game.GOAL * 2


def test_the_race_is_drawn_by_the_function_its_state_names(
    race: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pio = pytest.importorskip("plotly.io")
    from bamboo_lab import viz

    state = race_game.new_game(2, 0)
    figure = viz.figure(state)
    assert figure.layout.title.text == "<b>Race</b>"
    # a notebook cell showing the state shows that figure (core.display.RichDisplay)
    monkeypatch.setattr(pio.renderers, "default", "plotly_mimetype")
    bundle = state._repr_mimebundle_()
    assert "application/vnd.plotly.v1+json" in bundle and bundle["text/plain"] == str(state)
    with pytest.raises(InvalidStateError, match="no picture for int"):
        viz.figure(42)


def test_the_race_on_the_play_controller(race: str) -> None:
    pytest.importorskip("ipywidgets")
    from bamboo_lab.widgets.controller import PlayController

    controller = PlayController(race, players=2, bots="heuristic", seed=4)
    assert "move your pawn" in controller.status() or "roll" in controller.status()
    for _ in range(race_game.PLY_LIMIT):
        if controller.state.is_over():
            break
        if controller.is_person_to_play():
            groups = controller.grouped_actions()
            assert list(groups) == ["move your pawn"]
            words, action = groups["move your pawn"][0]
            assert words == "move 1 hex"
            assert controller.play(action)
        else:
            assert controller.bot_turn()
    assert "The game is over" in controller.status()
    assert any("move" in line for line in controller.log)
    pawns = tuple(str(hexes) for hexes in controller.state.pawns)
    assert ("hex reached", pawns) in controller.board().table
    assert replay(controller.record())[-1] == controller.state


def test_the_race_records_and_replays(race: str) -> None:
    state = race_game.new_game(2, 0)
    rng = random.Random(2)
    for _ in range(race_game.PLY_LIMIT):
        if state.is_over():
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    assert state.current_player != CHANCE
    assert replay(record_of(race, state, seed=0))[-1] == state


def test_the_race_on_the_play_board_and_the_replay_slider(race: str) -> None:
    pytest.importorskip("ipywidgets")
    from bamboo_lab import widgets

    board = widgets.play(race, players=2, bots="heuristic", seed=5)
    # the board names the game by its rulebook's title, not its registry name
    assert board.figure.layout.title.text.startswith("<b>Hex race</b>")
    for _ in range(race_game.PLY_LIMIT):
        if board.controller.state.is_over():
            break
        if board.controller.is_person_to_play():
            board.play(board.controller.legal_actions()[-1])
        else:
            board.bot_turn()
    assert "over" in board.status.value
    slider = widgets.replay(board.controller.record())
    assert slider.controller.states[-1] == board.controller.state


LOOKUP_MODULES = (
    "bots/__init__.py",
    "bots/search.py",
    "cli.py",
    "core/display.py",
    "envs/__init__.py",
    "envs/aec.py",
    "envs/observations.py",
    "envs/single.py",
    "envs/tables.py",
    "games/layers.py",
    "sim/bench.py",
    "sim/runner.py",
    "sim/simulate.py",
    "sim/stats.py",
    "sim/strength.py",
    "viz/__init__.py",
    "viz/stats.py",
    "widgets/__init__.py",
    "widgets/advice.py",
    "widgets/app.py",
    "widgets/board.py",
    "widgets/board_html.py",
    "widgets/board_lessons.py",
    "widgets/controller.py",
    "widgets/labels.py",
    "widgets/pictures.py",
    "widgets/places.py",
    "widgets/puzzles.py",
    "widgets/replay_app.py",
    "widgets/replay_controller.py",
    "widgets/takenoko_lessons.py",
    "widgets/words.py",
)
"""Shared modules that find each game by name: none may name a bundled game in its code."""

NAMING_MODULES = ("widgets/market_sandbox.py", "widgets/sandboxes.py")
"""Shared modules allowed to name their games: the teaching sandboxes (a Takenoko garden, a
Bamboo home, a Bangkok market built by hand, its controls in words) are each one game's."""


def game_names_in(source: str) -> list[str]:
    """The bundled games a module's code names: string constants (docstrings aside) and imports
    (those only the type checker reads, under ``if TYPE_CHECKING:``, aside)."""
    tree = ast.parse(source)
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skipped.add(id(first.value))
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            skipped.update(id(inner) for inner in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = set(node.value.lower().replace(":", ".").split("."))
            found += [game for game in GAMES if game in words]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            paths = [alias.name for alias in node.names]
            if isinstance(node, ast.ImportFrom):
                paths += [node.module or ""]
            found += [game for game in GAMES for path in paths if game in path.split(".")]
    return found


@pytest.mark.parametrize("path", LOOKUP_MODULES)
def test_a_shared_module_that_looks_games_up_names_none_of_them(path: str) -> None:
    source = (Path(games.__file__).parent.parent / path).read_text(encoding="utf-8")
    assert game_names_in(source) == []


def test_every_shared_widget_module_looks_its_games_up() -> None:
    folder = Path(games.__file__).parent.parent / "widgets"
    shared = {f"widgets/{p.name}" for p in folder.glob("*.py") if p.stem not in GAMES}
    assert shared == {p for p in (*LOOKUP_MODULES, *NAMING_MODULES) if p.startswith("widgets/")}


def test_the_game_name_finder_finds_names_in_code_not_in_docstrings() -> None:
    source = '''"""Takenoko and bangkok are named here."""
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from . import takenoko
from bamboo_lab.games import bangkok as bk
TABLE = {"bamboo": 1}
'''
    assert sorted(game_names_in(source)) == ["bamboo", "bangkok"]


def test_the_race_analysed_and_reviewed_with_the_generic_budgets(race: str) -> None:
    pytest.importorskip("pandas")
    from bamboo_lab.analysis import analyse, review

    position = race_game.new_game(2, 0).apply(race_game.Roll(3))
    table = analyse(position, 0, seed=1)
    assert sorted(table["move"]) == ["move 1", "move 2", "move 3"]
    assert table["visits"].sum() == 100  # analysis.OTHER_GAME_PLAYOUTS
    assert table["move"].iloc[0] == "move 3"  # the longest move wins the race most often
    state = position.apply(race_game.Move(3)).apply(race_game.Roll(1))
    reviewed = review(record_of(race, state, seed=0), seed=1)
    assert list(reviewed["move"]) == ["move 3"]  # the record's one decision (the rest: dice)


@pytest.mark.parametrize("players", race_game.PLAYER_COUNTS)
def test_the_race_passes_the_conformance_harness(race: str, players: int) -> None:
    from harness import check_game as conformance

    for seed in range(5):
        assert conformance(race_game, players, seed).is_over()


def test_the_race_on_the_play_board_gets_a_hint_and_a_win_bar(race: str) -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("pandas")
    from bamboo_lab import widgets
    from bamboo_lab.widgets.advice import (
        BAR_PLAYOUTS,
        HINT_PLAYOUTS,
        OTHER_BAR_PLAYOUTS,
        OTHER_HINT_PLAYOUTS,
    )

    assert HINT_PLAYOUTS[race] == OTHER_HINT_PLAYOUTS and BAR_PLAYOUTS[race] == OTHER_BAR_PLAYOUTS
    assert HINT_PLAYOUTS["bangkok"] == 200 and BAR_PLAYOUTS["bamboo"] == 8
    board = widgets.play(race, players=2, bots="heuristic", seed=6)
    assert board.controller.is_person_to_play()
    board.show_chances.value = True
    assert f"{OTHER_BAR_PLAYOUTS} playouts from what you see" in board.chances.value
    board.hint_button.click()
    assert "Hint for" in board.hint.value and "move 1 hex" in board.hint.value
    assert board.own is None and board.controller.clickable() == {}  # buttons only
    assert board.controller.targets() == () and board.click(0.0, 0.0) is False
