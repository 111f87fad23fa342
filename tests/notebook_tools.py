"""Reading and running the course notebooks in tests (no kernel): one set of helpers for all."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bamboo_lab.core.errors import IllegalActionError

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ALL = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
"""Every notebook of the course, by file stem."""

_PREFIX = {"takenoko": "tk", "bamboo": "bb", "bangkok": "bk"}


def load(name: str) -> dict[str, Any]:
    """The notebook ``name`` as JSON."""
    data: dict[str, Any] = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return data


def source(cell: dict[str, Any]) -> str:
    """A cell's source as one string."""
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def tags(cell: dict[str, Any]) -> list[str]:
    """A cell's metadata tags (nbval's markers among them)."""
    found: list[str] = cell.get("metadata", {}).get("tags", [])
    return found


def code_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    """The code cells, in order."""
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def rule_ids(game: str) -> list[str]:
    """Every rule ID of ``docs/rules/<game>.md``, from its heading anchors, in page order."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    pattern = rf'^### <a id="({_PREFIX[game]}-[a-z]+-\d+)"></a>'
    return re.findall(pattern, text, flags=re.MULTILINE)


def rule_links(game: str, text: str) -> list[str]:
    """The rule anchors ``text`` links to in ``docs/rules/<game>.md``."""
    return re.findall(rf"\.\./docs/rules/{game}\.md#([a-z0-9-]+)", text)


def run(name: str, patch: dict[str, Any] | None = None) -> dict[str, Any]:
    """Execute the notebook's code cells in one namespace (output captured); cells tagged
    raises-exception must raise. ``patch`` names are replaced after the cell defining them."""
    ns: dict[str, Any] = {"__name__": "__notebook__"}
    for cell in code_cells(load(name)):
        code = source(cell)
        with contextlib.redirect_stdout(io.StringIO()):
            if "raises-exception" in cell["metadata"].get("tags", []):
                with pytest.raises(IllegalActionError):
                    exec(compile(code, name, "exec"), ns)  # our own notebooks, nothing foreign
                continue
            exec(compile(code, name, "exec"), ns)  # our own notebooks, nothing foreign
        for key, wrap in (patch or {}).items():
            if key in ns and not getattr(ns[key], "patched", False):
                ns[key] = wrap(ns[key])
    return ns


def exercise_calls(
    name: str,
) -> tuple[list[tuple[Any, Any, str]], Callable[..., None], dict[str, Any]]:
    """Run an exercise notebook recording every ``check(answer, truth, hint)`` it makes; return
    the calls, the notebook's own ``check`` and the notebook's namespace."""
    calls: list[tuple[Any, Any, str]] = []

    def recorder(check: Any) -> Any:
        def wrapped(answer: Any, truth: Any, hint: str) -> None:
            calls.append((answer, truth, hint))
            check(answer, truth, hint)

        wrapped.patched = True  # type: ignore[attr-defined]
        wrapped.original = check  # type: ignore[attr-defined]
        return wrapped

    ns = run(name, patch={"check": recorder})
    return calls, ns["check"].original, ns


def assert_check_says_right_only_for(
    check: Callable[..., None], right: Any, wrong: Any, truth: Any, hint: str
) -> None:
    """``check`` says "right!" for ``right``, "no answer yet" for None, and "not yet" with the
    hint for ``wrong``."""
    said = {}
    for label, given in (("right", right), ("none", None), ("wrong", wrong)):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            check(given, truth, hint)
        said[label] = out.getvalue()
    assert said["right"] == "right!\n", (truth, said)
    assert said["none"].startswith("no answer yet")
    assert said["wrong"].startswith("not yet") and hint in said["wrong"]


def assert_no_answer_shown(name: str) -> None:
    """The committed notebook shows no "right!": every exercise cell still holds None."""
    shown = [o for c in code_cells(load(name)) for o in c["outputs"]]
    assert not any("right!" in "".join(o.get("text", "")) for o in shown)
