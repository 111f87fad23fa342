"""``make pictures``: render a PNG of each main figure to ``docs/img/`` with kaleido, and a
print copy (vector PDF) of each player aid.

Run ``python -m bamboo_lab.viz.pictures [directory]``. Kaleido drives a Chromium browser; this
uses Debian's ``chromium`` (``apt-get install chromium``) through ``BROWSER_PATH``. The
positions are fixed (seeded random play), so the pictures only change when the drawing does.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import plotly.graph_objects as go

from bamboo_lab.games import bamboo as bb
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import takenoko as tk

from . import bamboo, bangkok, stats, takenoko

__all__ = ["PICTURES", "PRINTS", "main", "played", "use_chromium", "write", "write_print"]


def use_chromium() -> str | None:
    """Point kaleido at Debian's chromium (``BROWSER_PATH``) unless a browser is already set."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found and not os.environ.get("BROWSER_PATH"):
        os.environ["BROWSER_PATH"] = found
    return os.environ.get("BROWSER_PATH")


def played(module: Any, num_players: int, seed: int, plies: int) -> Any:
    """The state after ``plies`` seeded random actions from ``new_game(num_players, seed)``."""
    rng = random.Random(seed)
    s = module.new_game(num_players, seed)
    for _ in range(plies):
        if s.is_over():
            break
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def _garden() -> go.Figure:
    return takenoko.figure(played(tk, 3, 5, 300), highlight="gardener")


def _players() -> go.Figure:
    return takenoko.players(played(tk, 3, 5, 300), player=1)


def _matches() -> go.Figure:
    s = played(tk, 3, 5, 300)
    card = next(c for c in tk.CARDS if c.startswith("P") and tk.plot_objective_placements(s, c))
    return takenoko.matches(s, card)


def _home() -> go.Figure:
    """A night-side home (its special spaces starred) with three balance tiles."""
    s = bb.position(
        players=2,
        options={"night_side": True},
        boards={
            0: {
                "home": "(0,0):D/2 (1,1):F/3 (0,2):D/3 (0,3):T/3 (1,4):G/3 (2,3):D/2"
                " (1,0):F/1 (2,0):G/1",
                "balance": ["L10", "L05", "R13"],
            }
        },
    )
    return bamboo.home(s, 0)


def _market() -> go.Figure:
    c = bk.parse_card_spec
    rows = [
        [c("C4:BZ/P"), c("B"), c("BZ")],
        [c("FF"), c("C3:FB/B"), c("BBF")],
        [c("ZF"), c("BP"), c("C1:P/Z")],
    ]
    return bangkok.market(rows, objective="blue_peas")


def _frame() -> Any:
    from bamboo_lab.sim import simulate

    return simulate("takenoko", "heuristic,random", 30, seed=1, progress=False)


PICTURES: dict[str, Callable[[], go.Figure]] = {
    "takenoko_garden": _garden,
    "takenoko_players": _players,
    "takenoko_card": lambda: takenoko.card("P14"),
    "takenoko_matches": _matches,
    "takenoko_player_aid": takenoko.player_aid,
    "bamboo_board": lambda: bamboo.figure(played(bb, 2, 8, 70)),
    "bamboo_home": _home,
    "bamboo_player_aid": bamboo.player_aid,
    "bangkok_port": lambda: bangkok.figure(played(bk, 3, 5, 40)),
    "bangkok_market": _market,
    "bangkok_player_aid": bangkok.player_aid,
}
"""The main pictures by file name (without ``.png``)."""

PRINTS = ("takenoko_player_aid", "bamboo_player_aid", "bangkok_player_aid")
"""The pictures a teacher prints: each also written as a vector PDF (``<name>.pdf``), sharp at
any printer's resolution (the PNG has about 100 pixels per inch across an A4 page)."""

_PDF_DATE = re.compile(rb"/(CreationDate|ModDate) \(D:\d{14}")
"""The dates Chromium stamps in a PDF (same length replaced: the file's offsets stay right)."""


def write_print(figure: go.Figure, path: Path) -> Path:
    """Write ``figure`` as a vector PDF page of its own size at ``path``, without the render's
    date, so that the same drawing gives the same file."""
    figure.write_image(path, format="pdf")
    data = path.read_bytes()
    path.write_bytes(_PDF_DATE.sub(lambda found: found.group(0)[:-14] + b"20000101000000", data))
    return path


def write(directory: Path, names: list[str] | None = None) -> list[Path]:
    """Render the pictures (all, or ``names``) and the statistics plots into ``directory``."""
    use_chromium()
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    for name, build in PICTURES.items():
        if names and name not in names:
            continue
        path = directory / f"{name}.png"
        figure = build()
        figure.write_image(path)
        out.append(path)
        if name in PRINTS:
            out.append(write_print(figure, directory / f"{name}.pdf"))
    if not names or any(n.startswith("stats") for n in names):
        frame = _frame()
        for name, fig in (
            ("stats_win_rates", stats.win_rates(frame)),
            ("stats_scores", stats.scores(frame)),
            ("stats_mix", stats.mix(frame)),
        ):
            path = directory / f"{name}.png"
            fig.write_image(path)
            out.append(path)
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m bamboo_lab.viz.pictures [directory] [name ...]``."""
    args = sys.argv[1:] if argv is None else argv
    directory = Path(args[0]) if args else Path("docs/img")
    for path in write(directory, args[1:] or None):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
