"""The examples of docs/games/takenoko.md run, and the results their comments state hold."""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

import pytest

from bamboo_lab.core import errors

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "games" / "takenoko.md"
BLOCKS = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)


def _comment(source: str, node: ast.stmt) -> str:
    line = source.splitlines()[(node.end_lineno or node.lineno) - 1]
    return line.split("#", 1)[1].strip() if "#" in line else ""


def test_the_guide_has_examples() -> None:
    """The guide shows the builder, the garden text, explain and the card look-up."""
    text = "\n".join(BLOCKS)
    for name in (
        "tk.position(",
        "tk.garden_text(",
        "tk.garden_from_text(",
        "tk.explain(",
        "tk.cards(",
    ):
        assert name in text


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_guide_example_runs(number: int) -> None:
    """Every statement runs; one whose comment names an error raises it; an expression whose
    comment is a Python literal evaluates to it; a print's comment is what it prints."""
    namespace: dict = {"tk": __import__("bamboo_lab.games.takenoko", fromlist=["x"])}
    for previous in BLOCKS[:number]:
        with contextlib.suppress(errors.BambooLabError):
            for node in ast.parse(previous).body:
                with contextlib.suppress(errors.BambooLabError):
                    exec(compile(ast.Module([node], []), "guide", "exec"), namespace)
    source = BLOCKS[number]
    for node in ast.parse(source).body:
        comment = _comment(source, node)
        code = compile(ast.Module([node], []), "guide", "exec")
        error = getattr(errors, comment.split(":")[0], None) if comment else None
        if isinstance(error, type):
            with pytest.raises(error):
                exec(code, namespace)
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(code, namespace)
        if isinstance(node, ast.Expr) and comment:
            call = node.value
            if isinstance(call, ast.Call) and ast.unparse(call.func) == "print":
                assert out.getvalue().strip() == comment, ast.unparse(node)
                continue
            try:
                expected = ast.literal_eval(comment)
            except (ValueError, SyntaxError):
                continue
            assert eval(ast.unparse(node.value), namespace) == expected, ast.unparse(node)
