"""A PNG render with kaleido and Debian's chromium (skipped only when chromium is absent)."""

from __future__ import annotations

import os
import shutil

import pytest

pytest.importorskip("plotly")
pytest.importorskip("kaleido")

from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import takenoko as tk
from bamboo_lab.viz import bangkok as vb
from bamboo_lab.viz import pictures
from bamboo_lab.viz import takenoko as vt

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian chromium is not installed")

PNG = b"\x89PNG\r\n\x1a\n"


def test_png_render_of_the_garden_and_a_market(tmp_path) -> None:
    pictures.use_chromium()
    assert os.environ["BROWSER_PATH"]
    fig = vt.figure(tk.new_game(2, 1), highlight="plot")
    data = fig.to_image(format="png")
    assert data.startswith(PNG) and len(data) > 5000
    C = bk.parse_card_spec
    market = vb.market([[C("C3:FB/B")] + [None] * 2, [None] * 3, [None] * 3])
    out = tmp_path / "market.png"
    market.write_image(out)
    assert out.read_bytes().startswith(PNG)
