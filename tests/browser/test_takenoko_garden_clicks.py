"""The Takenoko garden in JupyterLab in chromium: a press anywhere on a ringed hex plays it, not
only at its centre (defect 6 of the 6 December review: only a small dot could be clicked).

The board of 12-takenoko-play is played (its buttons and the bots) to the person's plot
placements; on each, a ringed hex is pressed on its name label, then on another turn near a
corner, as a person would; the log must then say the plot went on that hex.
"""

from __future__ import annotations

from typing import Any

from lab import Lab
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_boards import BOARD_CELL, _board, _click, _move_button, _shot, _to_person, _wait_for_rings

# The page pixel of a point of the first ringed hex, ``dx``, ``dy`` layout units from its centre
# (the last click point of a hex is its centre), and the words a click there plays.
_RINGED_PIXEL = """([gd, dx, dy]) => {
  const c = gd.data.findIndex(t => t.name === 'click a ringed target' && t.visible !== false);
  if (c < 0) return null;
  const t = gd.data[c];
  const fl = gd._fullLayout;
  const r = gd.getBoundingClientRect();
  const centre = 18;  // 12 points at the reach, 6 at half of it, then the centre
  return {x: r.left + fl._size.l + fl.xaxis.l2p(t.x[centre] + dx),
          y: r.top + fl._size.t + fl.yaxis.l2p(t.y[centre] + dy),
          plays: String(t.hovertext[centre]).replace('click: ', '').split(' (or')[0]};
}"""

PRESSES = {"its name label": (0.0, -0.56), "near a corner": (0.72, 0.42)}
"""Where a ringed hex is pressed, from its centre (layout units: a hex's side is 1)."""


def _hovered(lab: Lab, figure: Any, timeout_ms: int) -> bool:
    """True once plotly hovers a point of ``figure`` under the mouse (within ``timeout_ms``)."""
    try:
        lab.page.wait_for_function(
            "([gd]) => (gd._hoverdata || []).length > 0",
            arg=[figure.element_handle()],
            timeout=timeout_ms,
            polling=20,
        )
    except PlaywrightTimeout:
        return False
    return True


def _press(lab: Lab, figure: Any, log: Any, at: dict[str, Any]) -> str:
    """Press the page at ``at`` once plotly hovers a point there; the log's new first line."""
    before = log.input_value()
    lab.page.mouse.move(at["x"], at["y"])
    assert _hovered(lab, figure, 60_000), f"no hover at {at}"
    lab.page.mouse.click(at["x"], at["y"])
    lab.page.wait_for_function(
        "([log, before]) => log.value !== before",
        arg=[log.element_handle(), before],
        timeout=120_000,
        polling=50,
    )
    return str(log.input_value().split("\n")[0])


def test_a_press_anywhere_on_a_ringed_hex_plays_it(lab: Lab) -> None:
    lab.open("notebooks/12-takenoko-play.ipynb", run_all=False)
    lab.run_through(BOARD_CELL)
    cell, figure, log = _board(lab)
    pressed: list[str] = []
    for _ in range(12):  # a turn may offer no plot (the pile ran out)
        if len(pressed) == len(PRESSES) or not _to_person(lab, cell, figure, log, "to play"):
            break
        bot = cell.locator("button", has_text="bot's turn").first
        ringed = False
        for _ in range(40):  # the person's first buttons (draw plots, keep one ...)
            first = _move_button(lab, cell)
            if not bot.is_disabled() or not first.count():
                break
            if first.inner_text().startswith("plot on"):
                _wait_for_rings(lab, cell, figure, first.inner_text())
                ringed = True
                break
            assert _click(lab, first, figure, log)["changed_log"]
        if not ringed:
            continue
        where = list(PRESSES)[len(pressed)]
        figure.evaluate("gd => gd.scrollIntoView({block: 'center'})")  # the garden in view
        lab.quiet()
        at = dict(lab.page.evaluate(_RINGED_PIXEL, [figure.element_handle(), *PRESSES[where]]))
        line = _press(lab, figure, log, at)
        shot = _shot(lab, cell, "board-takenoko-press-" + where.replace(" ", "-"))
        assert at["plays"] in line, f"pressed {where}: {at}, log {line!r} (screenshot {shot})"
        pressed.append(where)
    assert pressed == list(PRESSES), pressed
