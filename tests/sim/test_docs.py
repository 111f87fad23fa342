"""The Python examples of docs/simulation.md run as written (with fewer games)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "simulation.md"


def _examples() -> list[str]:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    return [b for b in blocks if "Client(" not in b]  # the cluster example needs a scheduler


def test_the_guide_has_examples() -> None:
    assert len(_examples()) >= 3


@pytest.mark.parametrize("index", range(3))
def test_guide_example_runs(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TQDM_DISABLE", "1")
    code = _examples()[index].replace("n_games=200", "n_games=6")
    if "bamboo_lab.envs" in code:
        pytest.importorskip("pettingzoo")
    exec(compile(code, f"docs/simulation.md example {index}", "exec"), {})
