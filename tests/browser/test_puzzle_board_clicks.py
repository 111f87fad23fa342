"""The puzzle board of 47-puzzles in JupyterLab in chromium: a Takenoko puzzle's move is pressed
on a ringed hex of the garden, as on the play board, and the board judges it (right or not the
best, with the score) without a button pressed."""

from __future__ import annotations

from lab import Lab
from test_boards import _drawn, _shot
from test_takenoko_garden_clicks import _RINGED_PIXEL, _hovered

from bamboo_lab.puzzles import load_set

NOTEBOOK = "notebooks/47-puzzles.ipynb"
"""Run all here, so the notebook test leaves it out."""


def test_a_puzzle_move_pressed_on_the_garden_is_judged(lab: Lab) -> None:
    lab.open(NOTEBOOK, run_all=False)
    lab.run_all()
    # the notebook's run: only cells tagged raises-exception fail, Run All reaches the last
    assert not [e for e in lab.errors() if not e.expected]
    assert not lab.unexecuted_code_cells(), "Run All stopped early"
    cell, figure = _drawn(lab, 'puzzle_board("takenoko")')
    title = cell.locator("h3").first
    at = None
    for _ in load_set("takenoko").puzzles:  # to the first puzzle whose moves are ringed
        at = lab.page.evaluate(_RINGED_PIXEL, [figure.element_handle(), 0.0, 0.0])
        if at:
            break
        before = title.inner_text()  # "Takenoko puzzle 4 (hard)"
        cell.locator("button", has_text="Next puzzle").first.click()
        lab.page.wait_for_function(  # the heading is drawn anew: read it from the cell
            "([cell, before]) => !cell.innerText.includes(before)",
            arg=[cell.element_handle(), before],
            timeout=120_000,
            polling=50,
        )
    assert at, "no shipped Takenoko puzzle has a move on the garden"
    lab.page.set_viewport_size({"width": 1280, "height": 1500})
    figure.evaluate("el => el.scrollIntoView({block: 'start'})")  # the ring on the screen
    for _ in range(60):  # the picture may still be drawing: move onto the ring until it hovers
        at = lab.page.evaluate(_RINGED_PIXEL, [figure.element_handle(), 0.0, 0.0])
        lab.page.mouse.move(at["x"], at["y"] + 1)
        lab.page.mouse.move(at["x"], at["y"])
        if _hovered(lab, figure, 2_000):
            break
    lab.page.mouse.click(at["x"], at["y"])
    lab.page.wait_for_function(
        "([cell]) => /of 1 answered/.test(cell.innerText)",
        arg=[cell.element_handle()],
        timeout=120_000,
        polling=50,
    )
    shot = _shot(lab, cell, "puzzle-board-takenoko-press")
    text = cell.inner_text()
    assert "Right" in text or "Not the best" in text, f"no verdict (screenshot {shot})"
    assert at["plays"] in text, f"the verdict names another move than {at['plays']!r} ({shot})"
    # another game in the menu: the same picture widget draws that game's board
    cell.locator("select").first.select_option("bangkok")
    lab.page.wait_for_function(
        "([cell, gd]) => cell.innerText.includes('Bangkok puzzle 1 (')"
        " && String((gd.layout.title || {}).text).includes('Bangkok')",
        arg=[cell.element_handle(), figure.element_handle()],
        timeout=120_000,
        polling=50,
    )
    shot = _shot(lab, cell, "puzzle-board-bangkok")
    assert "0 right of 0 answered" not in cell.inner_text(), f"the score was lost ({shot})"
