"""The shape of the Takenoko package (issue 14): no private doors, no cycle, short modules."""

from __future__ import annotations

import ast
from pathlib import Path

import bamboo_lab.games.takenoko as tk

PACKAGE = Path(tk.__file__).parent
MODULES = {path.stem: ast.parse(path.read_text()) for path in sorted(PACKAGE.glob("*.py"))}


def _runtime_imports(tree: ast.Module) -> set[str]:
    """The sibling modules a module imports when it runs (not under ``if TYPE_CHECKING``)."""
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.ImportFrom) and sub.level == 1:
                if sub.module:
                    out.add(sub.module.split(".")[0])
                else:
                    out.update(alias.name for alias in sub.names)
    return out & set(MODULES)


def test_no_module_reads_another_modules_private_names() -> None:
    """No ``from .m import _x`` and no ``obj._x`` on anything but ``self``/``cls``."""
    offences = []
    for name, tree in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                offences += [f"{name}: import {a.name}" for a in node.names if a.name[0] == "_"]
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                offences.append(f"{name}: {ast.unparse(node)}")
    assert offences == []


def test_no_import_cycle_between_the_modules_of_the_game() -> None:
    """The runtime imports between the package's modules form no cycle."""
    graph = {name: _runtime_imports(tree) for name, tree in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' -> '.join((*path, name))}"
        if name in done:
            return
        for nxt in sorted(graph[name]):
            visit(nxt, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())


def test_largest_module_is_under_600_lines() -> None:
    """Every module of the package stays readable: under 600 lines."""
    sizes = {path.name: len(path.read_text().splitlines()) for path in PACKAGE.glob("*.py")}
    assert max(sizes.values()) < 600, sizes


def test_rules_dispatch_through_one_handler_per_action_type() -> None:
    """apply_action looks its handler up by the action's type; every action type has one."""
    from bamboo_lab.games.takenoko import rules

    handlers = vars(rules)["_HANDLERS"]
    assert set(handlers) == set(tk.ACTION_TYPES)


def test_the_rules_work_dict_has_exactly_the_state_fields() -> None:
    """``state.Fields`` (the rules' typed work dict) names every State field and ``history``,
    with the same types, and a state's ``fields()`` has exactly those keys."""
    from typing import get_type_hints

    from bamboo_lab.games.takenoko.fields import Fields

    own = vars(tk.State)["__annotations__"]  # not RichDisplay's
    state_fields = {
        name: hint
        for name, hint in get_type_hints(tk.State).items()
        if name in own and name not in ("game", "rulebook", "_caches")  # constants, caches
    }
    work_fields = get_type_hints(Fields)
    assert set(work_fields) == {*state_fields, "history"}
    assert {name: work_fields[name] for name in state_fields} == state_fields
    assert set(tk.new_game(2, 0).fields()) == set(work_fields)
    assert set(tk.position(3, plots=((1, 0, "G", 1),)).fields()) == set(work_fields)
