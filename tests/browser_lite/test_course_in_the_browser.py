"""The course in the browser, offline: the JupyterLite site (``make lite``) served on 127.0.0.1,
driven in Debian's chromium with every other address refused. The kernel starts; Run All of each
rules lesson completes with no error; three moves are played on each board by clicking its
picture; one exercise per game is answered wrong, then right. Times and bytes are measured by
``make bench`` (``benchmarks/lite.py``), not asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest
import test_boards as boards  # the JupyterLab board tests' clicks, from tests/browser
from lab import Lab

from bamboo_lab import exercises

KERNEL_S = 300
"""The longest wait for the kernel (about 30 s on this machine; a busy CI machine is slower)."""

RULES = ["10-takenoko-rules.ipynb", "20-bamboo-rules.ipynb", "30-bangkok-rules.ipynb"]


@pytest.mark.parametrize("name", RULES)
def test_a_rules_lesson_runs_all_offline(lab: Lab, name: str) -> None:
    lab.open(name, timeout_s=900, kernel_s=KERNEL_S)
    shot = lab.screenshot(f"lite-{Path(name).stem}")
    unexpected = [e for e in lab.errors() if not e.expected]
    assert not unexpected, f"{name}: {unexpected} (screenshot {shot})"
    assert not lab.unexecuted_code_cells(), f"{name}: Run All stopped early (screenshot {shot})"


@pytest.mark.parametrize("game", sorted(boards.BOARDS))
def test_three_moves_by_clicking_the_board_offline(lab: Lab, game: str) -> None:
    lab.open(boards.BOARDS[game], run_all=False, kernel_s=KERNEL_S)
    lab.run_all(timeout_s=900)
    assert not [e for e in lab.errors() if not e.expected]
    if game == "bamboo":
        shop = lab.page.locator(".jp-Notebook .jp-Cell", has_text='shop = widgets.play("').first
        boards._shot(lab, shop, "lite-board-bamboo-first")  # a tall page, the shop in view
        boards._bamboo_clicks(lab)  # buy a tile on the market, place it in the home
        _visit_by_click(lab)  # then Summer: click a temple of one's own row
        kinds = ["bamboo market-tile click", "bamboo home-cell click", "bamboo temple click"]
    else:
        cell, figure, log = boards._board(lab)
        boards._shot(lab, cell, f"lite-board-{game}-first")  # a tall page, the board in view
        if game == "takenoko":
            boards._garden_click(lab, cell, figure, log)  # a kept plot on a ringed place
            kinds = ["takenoko garden click"]
        else:
            boards._bangkok_clicks(lab, cell, figure, log)  # a hand card, a slot, a port cell
            kinds = [kind for kind in boards.SAMPLES if kind.startswith("bangkok")]
    played = sum(len(boards.SAMPLES.get(kind, [])) for kind in kinds)
    shot = lab.screenshot(f"lite-board-{game}")
    assert played >= 3, f"{game}: {played} moves played by clicks (screenshot {shot})"


def _visit_by_click(lab: Lab) -> None:
    """On the shop board, when Summer asks for a visit: click one of the person's temples (in
    their row); a temple that may not be visited is refused with its rule, then the next."""
    cell, figure = boards._drawn(lab, 'shop = widgets.play("')
    log = cell.locator(".widget-textarea textarea").first
    if not boards._to_person(lab, cell, figure, log, "visit a temple"):
        return  # the game ended first: the count of moves played by clicks says so
    for colour in ("red", "yellow", "green", "blue"):
        place = f"Player 0's {colour} temple"
        target = lab.page.evaluate(boards._HOVER_PIXEL, [figure.element_handle(), place, 0])
        if target is None:
            continue
        result = boards._click_picture(lab, figure, log, target, root=cell)
        if result["changed_log"]:
            boards._played(lab, cell, result, "bamboo temple click", "visit")
            return
        assert result["refused"], result


EXERCISES = {
    "takenoko": ("13-takenoko-exercises.ipynb", "takenoko-1"),
    "bamboo": ("23-bamboo-exercises.ipynb", "bamboo-1"),
    "bangkok": ("33-bangkok-exercises.ipynb", "bangkok-1"),
}

_ANSWER = """([marker, source]) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const index = notebook.widgets.findIndex(c => c.model.type === 'code'
    && c.model.sharedModel.getSource().includes(marker));
  if (index < 0) return window.jupyterapp.shell.currentWidget.title.label + ' '
    + notebook.widgets.map(c => c.model.sharedModel.getSource().slice(0, 40)).join(' | ');
  notebook.widgets[index].model.sharedModel.setSource(source);
  notebook.widgets[index].model.outputs.clear();  // the next output is the answer's
  notebook.activeCellIndex = index;
  return index;
}"""

_OUTPUT = """([index]) => {
  const cell = window.jupyterapp.shell.currentWidget.content.widgets[index];
  const texts = [];
  for (let j = 0; j < cell.model.outputs.length; j++) {
    const data = cell.model.outputs.get(j).toJSON();
    texts.push(String(data.text || ''));
  }
  return texts.join('');
}"""


def _answer(lab: Lab, exercise: str, answer: str) -> str:
    """Write ``answer`` in the exercise's answer cell, run it, and return what it printed."""
    marker = f'exercises.check("{exercise}"'
    source = f"answer = {answer}\n{marker}, answer)"
    index = lab.page.evaluate(_ANSWER, [marker, source])
    assert isinstance(index, int), f"no answer cell for {exercise}: {index}"
    lab.page.evaluate("window.jupyterapp.commands.execute('notebook:run-cell')")
    lab.page.wait_for_function(
        f"([index]) => ({_OUTPUT})([index]).trim() !== ''", arg=[index], timeout=120_000
    )
    return str(lab.page.evaluate(_OUTPUT, [index]))


@pytest.mark.parametrize("game", sorted(EXERCISES))
def test_an_exercise_answered_wrong_then_right_offline(lab: Lab, game: str) -> None:
    name, exercise = EXERCISES[game]
    lab.open(name, kernel_s=KERNEL_S, timeout_s=900)
    found = exercises.get(exercise)
    truth = sorted(found.truth(found.position()))  # the engine's answer, worked out here
    wrong = "{" + repr(truth[0]) + "}"  # one right place of several: not yet
    right = "{" + ", ".join(repr(item) for item in truth) + "}"
    said = _answer(lab, exercise, wrong)
    assert said.startswith("not yet"), said
    said = _answer(lab, exercise, right)
    shot = lab.screenshot(f"lite-exercise-{game}")
    assert said.strip() == "right!", f"{said!r} (screenshot {shot})"
