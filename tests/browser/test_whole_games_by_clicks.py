"""Whole two-player games against the heuristic bot by clicks alone, in JupyterLab in chromium:
the Takenoko and the Bamboo boards of the play notebooks, as a newcomer plays them (issue 43).

Each decision of the person is what a student would click, chosen deterministically: on the
Takenoko garden the first ringed place (clicked on the picture; where several moves share it,
the first of those offered), else the first move button; on the Bamboo board the first move of
the list of every move ("play the chosen move"), else the first move button. The bot's turns
are played by "bot's turn". Every click waits for the board's answer (the log changed, the
kernel idle again, the page drawn), never for a fixed time. At the end the board says who won
and shows the final score in the rulebook's words; no click was refused, no cell failed, the
page logged no error, and a screenshot of the end is saved in the artifacts folder.
"""

from __future__ import annotations

import re
from typing import Any

from lab import Lab
from test_boards import (
    _CLICK_AND_WAIT,
    BOARD_CELL,
    BOARDS,
    _board,
    _choose_and_play,
    _click,
    _shot,
)

REFUSAL = "span[style*='b00020']"
"""The board's red line: a click refused, with its rule."""

FINAL_ROWS = {
    "takenoko": ["plot objectives", "gardener objectives", "panda objectives", "the Emperor"],
    "bamboo": ["happiness track (HP)", "spirits", "harmony", "balance tiles", "comfort"],
}
"""Rows of the final score each board shows once over, in the rulebook's words."""

LITE_EXTENSION = "@jupyterlite/"
"""Errors naming it come from the JupyterLite kernel's lab extension (the course-in-the-browser
toolchain installed beside JupyterLab), which JupyterLab loads and cannot run; not the board's."""

MAX_CLICKS = 600
"""More clicks than a whole game takes (Takenoko: about 145, Bamboo: about 125)."""

# The first ringed place on the garden: the words of what a click there plays and the page
# pixels of its click points (a hex: 19, the centre last; an edge: 5, the centre last), the
# centre and the points nearest it first.
_FIRST_RING = """([gd]) => {
  const c = gd.data.findIndex(t => t.name === 'click a ringed target' && t.visible !== false);
  if (c < 0 || !gd.data[c].x || !gd.data[c].x.length) return null;
  const t = gd.data[c];
  const words = String(t.hovertext[0]);
  let run = 0;
  while (run < t.hovertext.length && String(t.hovertext[run]) === words) run++;
  const order = run >= 19 ? [18, 12, 13, 14, 15, 16, 17] : [4, 2, 1];
  const fl = gd._fullLayout;
  const r = gd.getBoundingClientRect();
  const points = order.map(i => ({
    x: r.left + fl._size.l + fl.xaxis.l2p(t.x[i]), y: r.top + fl._size.t + fl.yaxis.l2p(t.y[i]),
    dx: t.x[i], dy: t.y[i]}));
  return {words: words, points: points,
          plays: words.replace('click: ', '').split(' (or')[0]};
}"""

# What plotly hovers under the mouse once it hovers a point near the data position (x, y):
# the hover texts of the points hovered (null until then).
_HOVERED_NEAR = """([gd, x, y]) => {
  const found = (gd._hoverdata || []).filter(p => Math.hypot(p.x - x, p.y - y) < 0.7);
  return found.length ? found.map(
    p => String(p.hovertext || (p.data.hovertext || [])[p.pointNumber] || '')) : null;
}"""


class Game:
    """The board of a play notebook against the bot, and what was clicked on it."""

    def __init__(self, lab: Lab, game: str) -> None:
        """Open the play notebook of ``game``, run it through its board against the bot, find
        the board."""
        lab.open(f"notebooks/{BOARDS[game]}", run_all=False)
        lab.run_through(BOARD_CELL)
        unexpected = [error for error in lab.errors() if not error.expected]
        assert not unexpected, unexpected
        self.lab, self.game = lab, game
        self.cell, self.figure, self.log = _board(lab)
        self.status = self.cell.locator(".widget-html").first
        self.bot = self.cell.locator("button", has_text="bot's turn").first
        self.clicks: dict[str, int] = {}
        """How many clicks of each kind were made."""

    def over(self) -> bool:
        """Whether the board says the game is over."""
        return "The game is over" in self.status.inner_text()

    def check(self, result: dict[str, Any], kind: str) -> None:
        """A click was answered and nothing was refused; counted as ``kind``."""
        said = [line for line in self.cell.locator(REFUSAL).all_inner_texts() if line.strip()]
        if said or result["refused"] or not (result["changed_log"] or result["ways"]):
            shot = _shot(self.lab, self.cell, f"whole-game-{self.game}-stuck")
            raise AssertionError(f"{kind}: {result}, refused {said} (screenshot {shot})")
        line = result["last_line"]
        assert "[" not in line and "#" not in line, f"the log speaks notation: {line!r}"
        self.clicks[kind] = self.clicks.get(kind, 0) + 1

    def logged(self, words: str) -> bool:
        """Whether one of the log's newest lines holds ``words`` (a move may be followed by
        what it set off: a die rolled, a season's end)."""
        return any(words in line for line in self.log.input_value().split("\n")[:8])

    def press(self, button: Any, kind: str) -> dict[str, Any]:
        """Press ``button`` and wait for the board's answer."""
        result = _click(self.lab, button, self.figure, self.log)
        self.check(result, kind)
        return result

    def first_button(self) -> Any:
        """The first move button (the board's action buttons are drawn in the engine's order)."""
        return self.cell.locator("button.mod-info").first

    def bot_turn(self) -> bool:
        """Press "bot's turn" when it is the bot's; whether it was."""
        if self.bot.is_disabled():
            return False
        self.press(self.bot, "bot's turn")
        return True

    def end(self) -> None:
        """The board shows the end: the winner, the final score in the rulebook's words; no
        cell failed and the page logged no error. A screenshot of the end is saved."""
        shot = _shot(self.lab, self.cell, f"whole-game-{self.game}-end")
        status = self.status.inner_text()
        assert re.search(r"The game is over: .+ won\.", status), f"{status!r} (screenshot {shot})"
        shown = self.cell.inner_text()
        assert "Final score" in shown, f"no final score (screenshot {shot})"
        missing = [row for row in FINAL_ROWS[self.game] if row not in shown]
        assert not missing, f"the final score lacks {missing} (screenshot {shot})"
        assert not [error for error in self.lab.errors() if not error.expected]
        logged = [line for line in self.lab.console if LITE_EXTENSION not in line]
        assert not logged, f"the page logged errors: {logged[:5]}"
        print(f"{self.game}: {self.clicks} (screenshot {shot})")


def _in_view(lab: Lab, figure: Any, ring: dict[str, Any]) -> dict[str, Any]:
    """``ring`` (from _FIRST_RING) brought into the page's view: the picture scrolled to the
    middle when its centre is off screen, then measured again."""
    height = lab.page.viewport_size["height"]
    if 40 < ring["points"][0]["y"] < height - 40:
        return ring
    figure.evaluate("gd => gd.scrollIntoView({block: 'center'})")
    lab.quiet()
    return dict(lab.page.evaluate(_FIRST_RING, [figure.element_handle()]))


def _click_ring(board: Game, ring: dict[str, Any]) -> dict[str, Any]:
    """Click the garden on the first ringed place, at the first of its points where plotly
    hovers that place (not a neighbour's point drawn over it), and wait for the board's
    answer (the move played, or the moves there offered)."""
    lab, figure = board.lab, board.figure
    ring = _in_view(lab, figure, ring)
    seen = []
    for point in ring["points"]:
        lab.page.mouse.move(point["x"], point["y"])
        hovered = lab.page.wait_for_function(
            _HOVERED_NEAR,
            arg=[figure.element_handle(), point["dx"], point["dy"]],
            timeout=60_000,
            polling=20,
        ).json_value()
        seen.append(hovered)
        if ring["words"] in hovered:
            break
    else:
        shot = lab.screenshot(f"whole-game-{board.game}-no-hover")
        raise AssertionError(f"{ring['words']!r} hovered nowhere: {seen} (screenshot {shot})")
    handles = [figure.element_handle(), board.log.element_handle(), board.cell.element_handle()]
    lab.page.evaluate(
        f"([gd, log, root]) => {{ window.__boardClick = ({_CLICK_AND_WAIT})"
        "([null, gd, log, 'log', root]); }",
        handles,
    )
    lab.page.mouse.click(point["x"], point["y"])
    return dict(lab.page.evaluate("() => window.__boardClick"))


def test_a_whole_takenoko_game_is_played_by_clicks(lab: Lab) -> None:
    """The person clicks the first ringed place of the garden whenever places are ringed (the
    first of the moves offered there when several share it), else the first move button."""
    board = Game(lab, "takenoko")
    for _ in range(MAX_CLICKS):
        if board.over():
            break
        if board.bot_turn():
            continue
        ring = lab.page.evaluate(_FIRST_RING, [board.figure.element_handle()])
        if ring is None:
            board.press(board.first_button(), "move button")
            continue
        result = _click_ring(board, ring)
        board.check(result, "garden click")
        if result["ways"]:  # several moves at the place: the first offered
            board.press(board.first_button(), "move offered at the place")
        else:
            assert board.logged(ring["plays"]), (ring["plays"], result)
    board.end()
    assert board.clicks.get("garden click", 0) >= 10, board.clicks


def test_a_whole_bamboo_game_is_played_by_clicks(lab: Lab) -> None:
    """The person plays the first move of the list of every move whenever it lists some, else
    presses the first move button."""
    board = Game(lab, "bamboo")
    moves = board.cell.locator("select").first
    for _ in range(MAX_CLICKS):
        if board.over():
            break
        if board.bot_turn():
            continue
        entries = moves.locator("option").all_inner_texts() if moves.is_visible() else []
        if entries:
            result = _choose_and_play(lab, board.cell, moves, 0, board.figure, board.log)
            board.check(result, "move chosen in the list")
            words = entries[0].replace("\xa0", " ").split(": ", 1)[-1]
            assert board.logged(words), (words, result)
        else:
            board.press(board.first_button(), "move button")
    board.end()
    assert board.clicks.get("move chosen in the list", 0) >= 20, board.clicks
