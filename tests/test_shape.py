"""Every game in the one shape (docs/design.md, docs/adding-a-game.md): the same rooms with the
same jobs, the same names, refusals through the shared Rulebook, handlers named ``_do_<action>``,
and tests laid out as the rule pages are (one file per section of ``docs/rules/<game>.md``)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from bamboo_lab.core.refusals import Rulebook
from bamboo_lab.games import GAMES, load

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

RULE_ID = re.compile(r"test_([A-Z]{2})_([A-Z]+)_(\d+[a-z]?)")
"""A rule ID in a test name: ``test_TK_IRR_4_...`` is rule TK-IRR-4."""


def snake(name: str) -> str:
    """``PlaceAtPort`` -> ``place_at_port``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_rooms(game: str) -> None:
    folder = ROOT / "bamboo_lab" / "games" / game
    missing = [room for room in ROOMS if not (folder / f"{room}.py").is_file()]
    assert not missing, f"{game} lacks {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_refusals_go_through_the_shared_rulebook(game: str) -> None:
    refusals = importlib.import_module(f"bamboo_lab.games.{game}.refusals")
    assert callable(refusals.refusal)
    assert isinstance(refusals.RULEBOOK, Rulebook)
    assert refusals.RULEBOOK.game == game == load(game).State.game
    assert refusals.RULEBOOK.refusal is refusals.refusal
    state = load(game).new_game(2, 0)
    action = state.legal_actions()[0]
    assert load(game).explain(state, action).legal
    assert refusals.refusal(state, action) is None or game == "bamboo"  # asked only if illegal


@pytest.mark.parametrize("game", GAMES)
def test_the_seat_to_act_is_player_and_the_start_is_start(game: str) -> None:
    state = load(game).new_game(2, 0)
    assert state.player == state.current_player
    assert state.start is None  # a new game starts at setup, not at a built position
    built = load(game).position()  # every argument has a default
    assert isinstance(built.start, dict)


@pytest.mark.parametrize("game", GAMES)
def test_action_handlers_are_named_do_action(game: str) -> None:
    """Every function the rules dispatch an action to is ``_do_<action in snake case>``."""
    tree = ast.parse((ROOT / "bamboo_lab" / "games" / game / "rules.py").read_text())
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
