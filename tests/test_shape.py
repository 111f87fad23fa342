"""Every game in the one shape (docs/design.md, docs/adding-a-game.md): a small game is one module
of at most :data:`ONE_FILE` lines, a larger one has the same rooms with the same jobs; the same
names, refusals through the shared Rulebook, handlers named ``_do_<action>``, and the bundled
games' tests laid out as their rule pages are (one file per section of ``docs/rules/<game>.md``).
Every registered game is checked (``BAMBOO_LAB_TEST_EXTRA_GAME=1`` adds the tests' race game)."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.core.refusals import Rulebook
from bamboo_lab.games import GAMES, load, names

ROOT = Path(__file__).resolve().parents[1]

ROOMS = (
    "info",
    "components",
    "options",
    "actions",
    "state",
    "legal",
    "rules",
    "refusals",
    "scoring",
    "serial",
    "picture",
    "builder",
    "teaching",
    "words",
)
"""The modules every game folder has, each with the same job (docs/adding-a-game.md)."""

ONE_FILE = 600
"""The most lines of a game written as one module (the cap on every module)."""

RULE_ID = re.compile(r"test_([A-Z]{2})_([A-Z]+)_(\d+[a-z]?)")
"""A rule ID in a test name: ``test_TK_IRR_4_...`` is rule TK-IRR-4."""


def snake(name: str) -> str:
    """``PlaceAtPort`` -> ``place_at_port``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def one_file(game: str) -> bool:
    """Whether the game is written as one module: its State is defined in the game module."""
    module: Any = load(game)
    return inspect.getsourcefile(module.State) == inspect.getsourcefile(module)


def room(game: str, name: str) -> ModuleType:
    """The game's room ``name`` (``refusals``, ``rules``...): the game module itself when the
    game is one module."""
    module: Any = load(game)
    return module if one_file(game) else importlib.import_module(f"{module.__name__}.{name}")


@pytest.mark.parametrize("game", names())
def test_a_game_is_one_small_module_or_has_every_room(game: str) -> None:
    path = Path(inspect.getsourcefile(load(game)) or "")
    if one_file(game):
        lines = len(path.read_text().splitlines())
        assert lines <= ONE_FILE, f"{game}: one module of {lines} lines: split it into the rooms"
        return
    missing = [room for room in ROOMS if not (path.parent / f"{room}.py").is_file()]
    assert not missing, f"{game} lacks {missing}"


@pytest.mark.parametrize("game", names())
def test_refusals_go_through_the_shared_rulebook(game: str) -> None:
    refusals: Any = room(game, "refusals")
    assert callable(refusals.refusal)
    assert isinstance(refusals.RULEBOOK, Rulebook)
    assert refusals.RULEBOOK.game == game == load(game).State.game
    assert refusals.RULEBOOK.refusal is refusals.refusal
    state = load(game).new_game(2, 0)
    action = state.legal_actions()[0]
    assert load(game).explain(state, action).legal
    assert refusals.RULEBOOK.check(state, action) is action  # refusal() is asked only if illegal


@pytest.mark.parametrize("game", names())
def test_the_seat_to_act_is_player_and_the_start_is_start(game: str) -> None:
    state = load(game).new_game(2, 0)
    assert state.player == state.current_player or state.current_player == CHANCE  # a die first
    assert state.start is None  # a new game starts at setup, not at a built position
    built = load(game).position()  # every argument has a default
    assert isinstance(built.start, dict)


@pytest.mark.parametrize("game", [game for game in names() if not one_file(game)])
def test_action_handlers_are_named_do_action(game: str) -> None:
    """Every function the rules dispatch an action to is ``_do_<action in snake case>``."""
    tree = ast.parse(inspect.getsource(room(game, "rules")))
    tables = [
        node.value
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        and isinstance(node.value, ast.Dict)
        and any(
            isinstance(target, ast.Name) and target.id == "HANDLERS"
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
    ]
    assert len(tables) == 1, f"{game}/rules.py has no single HANDLERS table"
    pairs = [
        (ast.unparse(key), ast.unparse(value))
        for key, value in zip(tables[0].keys, tables[0].values, strict=True)
        if key is not None
    ]
    assert pairs
    wrong = [(kind, handler) for kind, handler in pairs if handler != f"_do_{snake(kind)}"]
    assert not wrong, f"{game}: handlers not named _do_<action>: {wrong}"


def _sections(game: str) -> dict[str, str]:
    """Rule ID -> the ``## `` section of ``docs/rules/<game>.md`` that defines it."""
    section, found = "", {}
    for line in (ROOT / "docs" / "rules" / f"{game}.md").read_text().splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            found[section] = section  # a section with no rule of its own is a section too
        for rule in re.findall(r'<a id="([a-z]{2}-[a-z]+-\d+[a-z]?)"></a>', line):
            found[rule.upper()] = section
    return found


def _named_section(docstring: str) -> str | None:
    """The section a test file's docstring says it tests (``section "The panda"`` or
    ``section Autumn.``), if any."""
    match = re.search(r'section (?:"([^"]+)"|([^".\n]+))', docstring)
    return (match.group(1) or match.group(2)).strip() if match else None


@pytest.mark.parametrize("game", GAMES)
def test_tests_mirror_the_rule_page(game: str) -> None:
    """One test file per section of the rule page (its docstring names the section), plus the
    contract and teaching files; every test of a rule ID sits in its section's file."""
    sections = _sections(game)
    titles = set(sections.values())
    misplaced, unnamed = [], []
    for path in sorted((ROOT / "tests" / game).glob("test_*.py")):
        tree = ast.parse(path.read_text())
        docstring = ast.get_docstring(tree) or ""
        kind = path.stem.removeprefix(f"test_{game}_")
        section = _named_section(docstring)
        if kind.startswith(("contract", "teaching")):
            section = "the contract or the teaching surface"  # holds no rule's own tests
        elif section not in titles:
            unnamed.append(path.name)
            continue
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef):
                continue
            match = RULE_ID.match(node.name)
            if match is None:
                continue
            rule = "-".join(match.groups())
            if rule in sections and sections[rule] != section:
                misplaced.append(f"{path.name}::{node.name} ({sections[rule]})")
    assert not unnamed, f"test files that name no section of docs/rules/{game}.md: {unnamed}"
    assert not misplaced, f"tests outside their rule's section file: {misplaced[:8]}"
