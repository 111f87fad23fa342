"""Code shape (issues 14, 45): no module reads another's private names, no import cycle inside a
game, no module of 600 lines or more, no function of the engines (``core/``, ``games/``) over
60 lines (``make lint`` holds them to complexity 15 too: ruff's C901).

The private-name rule, precise enough to run over the whole package:

- a *private name* starts with one underscore (``_foo``; dunders such as ``__init__`` are not);
- a module *defines* a private name when it binds it at its top level, in a class body, as an
  attribute of ``self``/``cls`` (``self._x = ...``) or through ``object.__setattr__(obj, "_x",
  ...)`` inside one of its classes, or in ``__slots__``;
- a module *reads another module's private name* when it imports one (``from .m import _f``,
  ``from bamboo_lab.x import _f``), or accesses ``obj._x`` (also ``getattr(obj, "_x")``,
  ``setattr``, ``hasattr``, ``object.__setattr__``, ``obj.__dict__["_x"]``) where ``obj`` is not
  ``self`` or ``cls``, ``_x`` is not defined in the module itself, and some other module of the
  package defines it. Names no module of the package defines (``Hex._replace`` of a NamedTuple,
  ``sys._getframe``) are the standard library's business, not this rule's.

Import cycles: the graph of imports between the modules of one game package, counting imports
inside functions too (a local import hides a cycle, it does not remove it); imports under
``if TYPE_CHECKING:`` never run and are left out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import bamboo_lab
from bamboo_lab.games import GAMES

PACKAGE = Path(bamboo_lab.__file__).parent
MAX_LINES = 600
MAX_FUNCTION_LINES = 60
"""The longest function of core/ and games/, its def line to its last line (docstring too)."""
MODULES = sorted(PACKAGE.rglob("*.py"))
ACCESSORS = {"getattr", "setattr", "hasattr", "delattr"}


def is_private(name: str) -> bool:
    """``_foo`` is private; ``__foo__`` and ``foo`` are not."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id in ("self", "cls")


def _private_literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and is_private(node.value):
        return node.value
    return None


def defined_names(tree: ast.Module) -> set[str]:
    """The private names a module defines (see the module docstring)."""
    names: set[str] = set()

    def bind(target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            names.add(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for elt in target.elts:
                bind(elt)
        elif isinstance(target, ast.Starred):
            bind(target.value)

    def scope(body: list[ast.stmt]) -> None:
        """Bindings at a module's top level or in a class body (nested blocks included)."""
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(stmt.name)
                if isinstance(stmt, ast.ClassDef):
                    scope(stmt.body)
            elif isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    bind(target)
                if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in stmt.targets):
                    for node in ast.walk(stmt.value):
                        if (literal := _private_literal(node)) is not None:
                            names.add(literal)
            elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
                bind(stmt.target)
            elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
                names.update((a.asname or a.name).split(".")[0] for a in stmt.names)
            elif isinstance(stmt, (ast.If, ast.Try, ast.For, ast.While, ast.With)):
                for field in ("body", "orelse", "finalbody"):
                    scope(getattr(stmt, field, []))
                for handler in getattr(stmt, "handlers", []):
                    scope(handler.body)

    scope(tree.body)
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for node in ast.walk(cls):  # the attributes its methods set
            if isinstance(node, ast.Attribute) and _is_self(node.value):
                if isinstance(node.ctx, ast.Store):
                    names.add(node.attr)
            elif (
                isinstance(node, ast.Call)
                and _call_name(node) == "object.__setattr__"
                and len(node.args) >= 2
                and (literal := _private_literal(node.args[1])) is not None
            ):
                names.add(literal)
    return {n for n in names if is_private(n)}


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    return ""


def private_reads(tree: ast.Module, own: set[str], elsewhere: set[str]) -> Iterator[str]:
    """Each place a module reads a private name it does not define but another module does."""
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.ImportFrom) and (
            node.level > 0 or (node.module or "").startswith("bamboo_lab")
        ):
            for alias in node.names:
                if is_private(alias.name):
                    source = "." * node.level + (node.module or "")
                    yield f"line {line}: from {source} import {alias.name}"
            continue
        target, name = None, None
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            target, name = node.value, node.attr
        elif isinstance(node, ast.Call):
            call = _call_name(node)
            index = 1 if call in ACCESSORS or call == "object.__setattr__" else None
            if index is not None and len(node.args) > index:
                target, name = node.args[index - 1], _private_literal(node.args[index])
        elif isinstance(node, ast.Subscript):
            value = node.value
            if isinstance(value, ast.Attribute) and value.attr == "__dict__":
                target, name = value.value, _private_literal(node.slice)
        if target is None or name is None or _is_self(target):
            continue
        if name not in own and name in elsewhere:
            yield f"line {line}: {ast.unparse(target)}.{name}"


def _trees() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in MODULES}


def test_no_module_reads_another_modules_private_names() -> None:
    trees = _trees()
    defined = {path: defined_names(tree) for path, tree in trees.items()}
    problems = []
    for path, tree in trees.items():
        elsewhere = set().union(*(names for p, names in defined.items() if p != path))
        for where in private_reads(tree, defined[path], elsewhere):
            problems.append(f"{path.relative_to(PACKAGE.parent)} {where}")
    assert not problems, f"{len(problems)} private reads:\n" + "\n".join(problems)


def _runtime_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement except those under ``if TYPE_CHECKING:``."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def import_graph(folder: Path, package: str) -> dict[str, set[str]]:
    """module stem -> the stems of the same package it imports (``__init__`` for the package)."""
    stems = {p.stem for p in folder.glob("*.py")}
    graph: dict[str, set[str]] = {stem: set() for stem in stems}
    for stem in stems:
        tree = ast.parse((folder / f"{stem}.py").read_text(encoding="utf-8"))
        for node in _runtime_imports(tree):
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
                names: list[str] = []
            elif node.level == 1:
                modules = [f"{package}.{node.module}" if node.module else package]
                names = [a.name for a in node.names]
            elif node.level == 0 and node.module:
                modules, names = [node.module], [a.name for a in node.names]
            else:
                continue  # from .. import: outside the package
            for module in modules:
                if module == package:
                    subs = [n for n in names if n in stems]
                    graph[stem].update(subs or ["__init__"])
                    if len(subs) < len(names):
                        graph[stem].add("__init__")
                elif module.startswith(package + "."):
                    graph[stem].add(module[len(package) + 1 :].split(".")[0])
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with a cycle (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph[v]:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_import_cycle_inside_a_game(game: str) -> None:
    folder = PACKAGE / "games" / game
    found = cycles(import_graph(folder, f"bamboo_lab.games.{game}"))
    assert not found, f"{game}: import cycles between {found}"


def test_every_module_is_under_600_lines() -> None:
    sizes = {p: len(p.read_text(encoding="utf-8").splitlines()) for p in MODULES}
    big = sorted(
        (n, str(p.relative_to(PACKAGE.parent))) for p, n in sizes.items() if n >= MAX_LINES
    )
    assert not big, f"modules of {MAX_LINES} lines or more: {big}"


def long_functions(source: str, limit: int = MAX_FUNCTION_LINES) -> list[tuple[str, int]]:
    """The functions of ``source`` (methods and nested ones too) over ``limit`` lines."""
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > limit
    ]


def test_no_engine_function_is_over_60_lines() -> None:
    engines = [p for p in MODULES if p.relative_to(PACKAGE).parts[0] in ("core", "games")]
    long = [
        f"{p.relative_to(PACKAGE.parent)}: {name} ({lines} lines)"
        for p in engines
        for name, lines in long_functions(p.read_text(encoding="utf-8"))
    ]
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"


def test_the_long_function_finder() -> None:
    def body(lines: int) -> str:
        return "\n".join(f"        x{i} = {i}" for i in range(lines))

    assert long_functions(f"def f():\n{body(60)}\n") == [("f", 61)]
    assert long_functions(f"class A:\n    def g(self):\n{body(59)}\n") == []
    assert long_functions(f"class A:\n    def g(self):\n{body(60)}\n") == [("g", 61)]


# --- the checks themselves can fail, and only where they should ------------------------------

STATE = """
class State:
    __slots__ = ("_cache",)
    _FIELDS = {}
    def __init__(self):
        self._d = {}
        object.__setattr__(self, "_legal", None)
    def same(self, other):
        return other._d == self._d
"""


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("def f(state):\n    return state._d", ["state._d"]),
        ("def f(state):\n    state._legal = 1", ["state._legal"]),
        ("def f(state):\n    return getattr(state, '_cache')", ["state._cache"]),
        ("def f(state):\n    state.__dict__['_legal'] = 1", ["state._legal"]),
        ("def f(s):\n    object.__setattr__(s, '_d', 1)", ["s._d"]),
        ("from .state import _FIELDS", ["from .state import _FIELDS"]),
        ("from bamboo_lab.games.x.state import _FIELDS as F", ["import _FIELDS"]),
        ("def f(self):\n    return self._d", []),  # its own attribute
        ("def f(h):\n    return h._replace(q=1)", []),  # the standard library's NamedTuple
        ("_d = 1\ndef f(x):\n    return x._d", []),  # a name the module defines itself
        ("def f(state):\n    return state.public", []),
    ],
)
def test_the_private_name_rule(code: str, expected: list[str]) -> None:
    state = ast.parse(STATE)
    assert defined_names(state) == {"_cache", "_FIELDS", "_d", "_legal"}
    tree = ast.parse(code)
    found = list(private_reads(tree, defined_names(tree), defined_names(state)))
    assert len(found) == len(expected), found
    for where, part in zip(found, expected, strict=True):
        assert part in where


def test_the_cycle_finder(tmp_path: Path) -> None:
    (tmp_path / "__init__.py").write_text("from .rules import x\nfrom .state import y\n")
    (tmp_path / "state.py").write_text("def f():\n    from .rules import g\n")  # local: counts
    (tmp_path / "rules.py").write_text("from . import state\n")
    (tmp_path / "scoring.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .state import State\n"
    )
    (tmp_path / "picture.py").write_text("from pkg.scoring import z\n")
    graph = import_graph(tmp_path, "pkg")
    assert graph["rules"] == {"state"} and graph["scoring"] == set()
    assert graph["picture"] == {"scoring"}
    assert cycles(graph) == [["rules", "state"]]
    (tmp_path / "picture.py").write_text("import pkg\nfrom pkg import scoring, x\n")
    assert import_graph(tmp_path, "pkg")["picture"] == {"scoring", "__init__"}
