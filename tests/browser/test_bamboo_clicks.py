"""The Bamboo board in JupyterLab in chromium: a temple, a stalk, a tile is clicked anywhere on
its shape, not only on a spot at its centre (REVIEW.md defect 2).

On the hot-seat board of notebook 22, the buttons play the set-up draft and Spring; then the
picture is clicked as a person would, near an edge of each shape: a temple of player 0's board
(visit), temples of the main board near their top and their bottom (offer, one stick per shoot
taken), then a stalk (the shoots for it are offered, or the one shoot is played). Each click
must reach the board: the log changes or the board offers the moves of the place. Screenshots
of the board with the shoots in hand and after the stalk's click are saved.
"""

from __future__ import annotations

from typing import Any

import pytest
from lab import Lab

NOTEBOOK = "notebooks/22-bamboo-play.ipynb"
"""The Bamboo play notebook; its hot-seat board is dealt with ``bots=None``."""
HOT_SEAT = "table = widgets.play("
"""The source of the notebook's hot-seat board."""

_POINT = """([gd, start]) => {
  for (let c = 0; c < gd.data.length; c++) {
    const t = gd.data[c];
    const texts = t.hovertext || [];
    if (typeof texts === 'string') continue;
    for (let i = 0; i < texts.length; i++) {
      if (String(texts[i]) .startsWith(start)) return {x: t.x[i], y: t.y[i]};
    }
  }
  return null;
}"""
"""The data position of the first hover point whose text starts with ``start`` (its centre)."""

_PIXEL = """([gd, x, y]) => {
  const fl = gd._fullLayout;
  const r = gd.getBoundingClientRect();
  return {x: r.left + fl._size.l + fl.xaxis.l2p(x), y: r.top + fl._size.t + fl.yaxis.l2p(y)};
}"""
"""The page pixel of a data position of the picture."""

_HOVERED = """([gd, start]) => (gd._hoverdata || []).some(
  p => String((p.data.hovertext || [])[p.pointNumber] || '').startsWith(start))"""
"""True when plotly found, under the mouse, a point whose hover text starts with ``start``."""


def _board(lab: Lab) -> tuple[Any, Any, Any]:
    """The hot-seat board's cell, its main picture and its log."""
    cell = lab.page.locator(".jp-Notebook .jp-Cell", has_text=HOT_SEAT).first
    cell.scroll_into_view_if_needed()
    picture = cell.locator(".js-plotly-plot").first
    picture.wait_for(timeout=120_000)
    return cell, picture, cell.locator(".widget-textarea textarea").first


def _press_first_button(lab: Lab, cell: Any, log: Any) -> None:
    """Press the board's first move button and wait for the log to change."""
    before = log.input_value()
    cell.locator("button.mod-info").first.click()
    lab.page.wait_for_function(
        "([log, before]) => log.value !== before", arg=[log.element_handle(), before]
    )


def _click_near_edge(
    lab: Lab, cell: Any, picture: Any, log: Any, start: str, dx: float, dy: float
) -> bool:
    """Click the picture at the centre of the place whose hover text starts with ``start``,
    moved by ``dx, dy`` data units (near its edge); True when the board answered (its log
    changed, or it offers the moves of the place as buttons)."""
    gd = picture.element_handle()
    lab.page.wait_for_function(f"([gd, s]) => ({_POINT})([gd, s]) !== null", arg=[gd, start])
    centre = lab.page.evaluate(_POINT, [gd, start])
    pixel = lab.page.evaluate(_PIXEL, [gd, centre["x"] + dx, centre["y"] + dy])
    unscrolled = pixel
    lab.page.mouse.wheel(0, pixel["y"] - 700)  # the place in the middle of the page
    previous = None
    for _ in range(200):  # until the scroll began (if any) and came to rest there
        lab.quiet()
        pixel = lab.page.evaluate(_PIXEL, [gd, centre["x"] + dx, centre["y"] + dy])
        if pixel == previous and (pixel != unscrolled or abs(unscrolled["y"] - 700) < 2):
            break
        previous = pixel
    lab.page.mouse.move(pixel["x"], pixel["y"])
    try:
        lab.page.wait_for_function(_HOVERED, arg=[gd, start], timeout=30_000)
    except Exception:
        shot = lab.screenshot("board-bamboo-click-missed")
        raise AssertionError(f"no hover on {start!r} at {pixel} (screenshot {shot})") from None
    before = log.input_value()
    lab.page.mouse.click(pixel["x"], pixel["y"])
    lab.page.wait_for_function(
        "([log, before, root]) => log.value !== before"
        " || root.textContent.includes('ways to play') || root.textContent.includes('pick one')",
        arg=[log.element_handle(), before, cell.element_handle()],
        timeout=60_000,
    )
    return True


@pytest.mark.browser
def test_BB_SUM_2_a_click_near_the_edge_of_a_temple_or_a_stalk_plays_there(lab: Lab) -> None:
    lab.page.set_viewport_size({"width": 1280, "height": 1400})
    lab.open(NOTEBOOK, run_all=False)
    lab.run_through(HOT_SEAT)
    assert not [e for e in lab.errors() if not e.expected]
    cell, picture, log = _board(lab)
    status = cell.locator(".widget-html").first
    for _ in range(12):  # the set-up draft and Spring, by the buttons
        if "visit a temple" in status.inner_text():
            break
        _press_first_button(lab, cell, log)
    assert "visit a temple" in status.inner_text()
    # a temple of player 0's board (1.75 x 0.85 units): near its top right corner
    _click_near_edge(lab, cell, picture, log, "Player 0's red temple", 0.7, 0.3)
    assert "visit the red temple" in log.input_value()
    # a temple of the main board (2.2 x 4.75 units): near its top, far from the centre
    _click_near_edge(lab, cell, picture, log, "red temple ·", 0.8, 2.0)
    assert "offer a stick to the red temple" in log.input_value()
    for _ in range(4):  # as many sticks as the temple visited held shoots (BB-SUM-3)
        if "offer incense" not in status.inner_text():
            break
        _click_near_edge(lab, cell, picture, log, "yellow temple ·", -0.8, -2.0)
    cell.locator(".jp-OutputArea").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    lab.screenshot("board-bamboo-shoots-in-hand")
    assert "offer a stick to the yellow temple" in log.input_value()
    # a stalk (2.0 units wide): near the left end of its top shoot
    _click_near_edge(lab, cell, picture, log, "stalk 1:", -0.8, 0.75)
    lab.screenshot("board-bamboo-stalk-clicked")
    offered = "pick one" in cell.inner_text() or "ways to play" in cell.inner_text()
    assert "stalk 1" in log.input_value().split("\n")[0] or offered
