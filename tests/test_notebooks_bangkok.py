"""The Bangkok notebooks (30 rules, 31 edge cases, 33 exercises): committed executed and clean,
every rule of docs/rules/bangkok.md cited, the exercise checks right for the engine's answers.

The notebooks' code runs here in a plain namespace (no kernel): fast, and it lets the tests look
at the positions the notebooks build and call the exercise checks with other answers.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.games import bangkok as bk

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
RULES = ROOT / "docs" / "rules" / "bangkok.md"
BANGKOK = ["30-bangkok-rules", "31-bangkok-scoring-edge-cases", "33-bangkok-exercises"]
RULE_LINK = re.compile(r"\.\./docs/rules/bangkok\.md#([a-z0-9-]+)")


def load(name: str) -> dict[str, Any]:
    """The notebook ``name`` as JSON."""
    data: dict[str, Any] = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return data


def source(cell: dict[str, Any]) -> str:
    """A cell's source as one string."""
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def code_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    """The code cells, in order."""
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def rule_ids() -> list[str]:
    """Every rule ID of the rules page, from its heading anchors."""
    text = RULES.read_text(encoding="utf-8")
    return re.findall(r'^### <a id="(bk-[a-z]+-\d+)"></a>', text, flags=re.MULTILINE)


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


@pytest.mark.parametrize("name", BANGKOK)
def test_committed_executed_without_bloat(name: str) -> None:
    """Every code cell ran (outputs kept); no widget state, no execution timestamps."""
    nb = load(name)
    assert "widgets" not in nb["metadata"]
    for cell in code_cells(nb):
        assert cell["execution_count"] is not None, source(cell)[:60]
        assert "execution" not in cell["metadata"], source(cell)[:60]


@pytest.mark.parametrize("name", BANGKOK)
def test_errors_only_in_tagged_cells(name: str) -> None:
    """NBVAL_RAISES_EXCEPTION goes with the raises-exception tag (so Run All runs on), and only
    those cells show an error."""
    for cell in code_cells(load(name)):
        tagged = "raises-exception" in cell["metadata"].get("tags", [])
        marked = source(cell).startswith("# NBVAL_RAISES_EXCEPTION")
        errors = [o for o in cell["outputs"] if o["output_type"] == "error"]
        assert tagged == marked, source(cell)[:60]
        assert bool(errors) == tagged, source(cell)[:60]


@pytest.mark.parametrize("name", BANGKOK)
def test_outputs_hold_no_local_paths(name: str) -> None:
    """Outputs do not leak the machine's paths."""
    text = json.dumps([c["outputs"] for c in code_cells(load(name))])
    for path in ("/work/", "/home/", "/tmp/", "site-packages"):
        assert path not in text


@pytest.mark.parametrize("name", BANGKOK)
def test_rule_links_lead_to_rules(name: str) -> None:
    """Each link to docs/rules/bangkok.md names an existing rule anchor."""
    known = set(rule_ids())
    for cell in load(name)["cells"]:
        for anchor in RULE_LINK.findall(source(cell)):
            assert anchor in known, anchor


@pytest.mark.parametrize("name", BANGKOK)
def test_pictures_are_plotly_figures(name: str) -> None:
    """Each notebook draws with the viz figures (plotly output, no static images)."""
    outputs = [o for c in code_cells(load(name)) for o in c["outputs"]]
    plotly = [o for o in outputs if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert plotly
    assert not [o for o in outputs if "image/png" in o.get("data", {})]


def test_rules_walkthrough_cites_every_rule_in_order() -> None:
    """30-bangkok-rules links every rule ID of the rules page, first citations (after the
    introduction) in rulebook order, and shows every action kind working."""
    nb = load("30-bangkok-rules")
    text = "\n".join(source(c) for c in nb["cells"][1:] if c["cell_type"] == "markdown")
    cited = list(dict.fromkeys(RULE_LINK.findall(text)))
    assert set(cited) == set(rule_ids())
    assert cited == [i for i in rule_ids() if i in cited]
    code = "\n".join(source(c) for c in code_cells(nb))
    for action in ("place:", "take:", "lay:", "renew:", "bk.Pass()"):
        assert action in code


def test_every_cell_of_the_rules_walkthrough_checks_text_not_figures() -> None:
    """NBVAL_CHECK_OUTPUT cells print deterministic text; figures are never checked."""
    for name in BANGKOK:
        for cell in code_cells(load(name)):
            if source(cell).startswith("# NBVAL_CHECK_OUTPUT"):
                kinds = {o["output_type"] for o in cell["outputs"]}
                assert kinds <= {"stream", "execute_result"}, source(cell)[:60]
                for o in cell["outputs"]:
                    assert "application/vnd.plotly.v1+json" not in o.get("data", {})


@pytest.mark.parametrize("name", BANGKOK)
def test_positions_use_the_printed_deck(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No position of the notebooks silently turns a card into a custom card (a spec asked
    for more often than the deck holds it)."""
    built: list[bk.State] = []
    original = bk.position

    def recording(**kwargs: Any) -> bk.State:
        state = original(**kwargs)
        built.append(state)
        return state

    monkeypatch.setattr(bk, "position", recording)
    run(name)
    assert built or name == "30-bangkok-rules"
    assert all(state.options.deck == () for state in built)


def test_BK_ACT_4_edge_cases_refusal_raises_with_its_rule() -> None:
    """31: the deliberate error is the engine's IllegalActionError naming BK-ACT-4."""
    cells = [c for c in code_cells(load("31-bangkok-scoring-edge-cases"))]
    raised = [o for c in cells for o in c["outputs"] if o["output_type"] == "error"]
    assert [o["ename"] for o in raised] == ["IllegalActionError"]
    assert "(BK-ACT-4)" in raised[0]["evalue"]


def test_exercise_checks_say_right_only_for_the_engine_answer() -> None:
    """33: each check says "right" for the engine's answer, a hint otherwise, and the committed
    notebook shows no answer (every check cell still holds None)."""
    calls: list[tuple[Any, Any, str]] = []

    def recorder(check: Any) -> Any:
        def wrapped(answer: Any, truth: Any, hint: str) -> None:
            calls.append((answer, truth, hint))
            check(answer, truth, hint)

        wrapped.patched = True  # type: ignore[attr-defined]
        wrapped.original = check  # type: ignore[attr-defined]
        return wrapped

    ns = run("33-bangkok-exercises", patch={"check": recorder})
    check = ns["check"].original
    assert len(calls) == 6
    for answer, truth, hint in calls:
        assert answer is None
        wrong = truth + 1 if isinstance(truth, int) else frozenset({0})
        said = {}
        for label, given in (("right", truth), ("none", None), ("wrong", wrong)):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                check(set(given) if isinstance(given, frozenset) else given, truth, hint)
            said[label] = out.getvalue()
        assert said["right"] == "right!\n"
        assert said["none"].startswith("no answer yet")
        assert said["wrong"].startswith("not yet") and hint in said["wrong"]
    # the questions have one answer each: one way to collect, one best chilli card
    assert len(ns["placed"].legal_actions()) == 1
    points = sorted(c.points for c in ns["chillies"])
    assert points[-1] > points[-2]
    shown = [o for c in code_cells(load("33-bangkok-exercises")) for o in c["outputs"]]
    assert not any("right!" in "".join(o.get("text", "")) for o in shown)
