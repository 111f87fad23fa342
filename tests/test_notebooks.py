"""Every course notebook as committed: executed with its pictures, no bloat, errors only where
tagged (so Run All goes on), no machine paths, rule links that lead to a rule."""

from __future__ import annotations

import json

import pytest
from notebook_tools import ALL, code_cells, load, rule_ids, rule_links, source, tags

GAMES = ("takenoko", "bamboo", "bangkok")


@pytest.mark.parametrize("name", ALL)
def test_committed_executed_without_bloat(name: str) -> None:
    """Every code cell ran (outputs kept); no widget state, no execution timestamps."""
    nb = load(name)
    assert "widgets" not in nb["metadata"]
    for cell in code_cells(nb):
        assert cell["execution_count"] is not None, source(cell)[:60]
        assert "execution" not in cell["metadata"], source(cell)[:60]


@pytest.mark.parametrize("name", ALL)
def test_errors_only_in_tagged_cells(name: str) -> None:
    """Only cells tagged raises-exception show an error; no nbval marker is written in the
    code a student reads (markers are cell tags)."""
    for cell in code_cells(load(name)):
        tagged = "raises-exception" in tags(cell)
        errors = [o for o in cell["outputs"] if o["output_type"] == "error"]
        assert "NBVAL" not in source(cell), source(cell)[:60]
        assert bool(errors) == tagged, source(cell)[:60]


@pytest.mark.parametrize("name", ALL)
def test_outputs_hold_no_local_paths(name: str) -> None:
    """Outputs do not leak the machine's paths."""
    text = json.dumps([c["outputs"] for c in code_cells(load(name))])
    for path in ("/work/", "/home/", "/tmp/", "site-packages"):
        assert path not in text, path


@pytest.mark.parametrize("name", ALL)
def test_rule_links_lead_to_rules(name: str) -> None:
    """Each link to docs/rules/<game>.md names an existing rule anchor."""
    cells = [source(c) for c in load(name)["cells"]]
    for game in GAMES:
        known = set(rule_ids(game))
        for text in cells:
            assert set(rule_links(game, text)) <= known, rule_links(game, text)
    assert not [t for t in cells if "shared/" in t]


@pytest.mark.parametrize("name", ALL)
def test_pictures_are_plotly_figures(name: str) -> None:
    """Pictures are the viz figures (plotly output), never static images."""
    outputs = [o for c in code_cells(load(name)) for o in c["outputs"]]
    assert not [o for o in outputs if "image/png" in o.get("data", {})]
