"""Rich display: the mixin draws the figure when plotly is there, the text picture if not; the
dispatcher picks the right picture for every kind of object."""

from __future__ import annotations

import builtins
import json
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("plotly")

import plotly.io as pio

from bamboo_lab import viz
from bamboo_lab.core.display import RichDisplay
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import takenoko as tk


def test_mimebundle_holds_the_plotly_figure_and_the_text(monkeypatch: Any) -> None:
    monkeypatch.setattr(pio.renderers, "default", "plotly_mimetype")
    s = tk.new_game(2, 3)
    bundle = s._repr_mimebundle_()
    assert bundle["text/plain"] == str(s)
    figure = bundle["application/vnd.plotly.v1+json"]
    assert figure["layout"]["title"]["text"].startswith("<b>Takenoko</b>")
    assert json.dumps(figure["data"]) == json.dumps(
        json.loads(viz.figure(tk.new_game(2, 3)).to_json())["data"]
    )


def test_without_plotly_the_text_picture_is_shown(monkeypatch: Any) -> None:
    real_import = builtins.__import__

    def no_viz(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("bamboo_lab.viz") or name.startswith("plotly"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_viz)
    monkeypatch.setattr("importlib.import_module", lambda name, package=None: no_viz(name))
    s = tk.new_game(2, 3)
    assert s._repr_mimebundle_() == {"text/plain": str(s)}


def test_importing_the_mixin_does_not_import_plotly() -> None:
    code = (
        "import sys; import bamboo_lab.core.display as d;"
        " print('plotly' in sys.modules, 'bamboo_lab.viz' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_figure_dispatches_on_the_object() -> None:
    s = tk.new_game(2, 1)
    assert viz.figure(s).layout.title.text.startswith("<b>Takenoko</b>")
    assert viz.figure(bb.new_game(2, 1)).layout.title.text.startswith("<b>Bamboo</b>")
    assert viz.figure(bk.new_game(2, 1)).layout.title.text.startswith("<b>Bangkok</b>")
    assert viz.figure("P13").layout.title.text.startswith("<b>P13</b>")
    assert viz.figure(tk.CARDS["A01"]).layout.title.text.startswith("<b>A01</b>")
    card = bk.parse_card_spec("C3:FB/B")
    assert "C3:FB/B" in viz.figure(card).layout.title.text
    market = [[card, None, None], [None] * 3, [None] * 3]
    assert "market" in viz.figure(market).layout.title.text
    home = bb.home_from_text("(0,0):G/2")
    assert "home" in viz.figure(home).layout.title.text
    for bad in (42, "X13", [1, 2, 3]):
        with pytest.raises(InvalidStateError):
            viz.figure(bad)


@pytest.mark.parametrize(
    ("obj", "title"),
    [
        (tk.new_game(3, 2), "<b>Takenoko</b>"),
        (tk.CARDS["P13"], "<b>P13</b>"),
        (bb.new_game(2, 2), "<b>Bamboo</b>"),
        (bk.new_game(2, 2), "<b>Bangkok</b>"),
        (bk.parse_card_spec("C3:FB/B"), "<b>C3:FB/B</b>"),
    ],
)
def test_the_mixin_on_each_game_class(obj: Any, title: str, monkeypatch: Any) -> None:
    """Each game's state and card classes draw themselves as a cell's last expression."""
    monkeypatch.setattr(pio.renderers, "default", "plotly_mimetype")
    assert isinstance(obj, RichDisplay)
    bundle = obj._repr_mimebundle_()
    assert bundle["text/plain"] == str(obj)
    assert bundle["application/vnd.plotly.v1+json"]["layout"]["title"]["text"].startswith(title)


# As in the browser (Pyodide): nbformat cannot be imported, and plotly's show() refuses.
_SHOW_WITHOUT_NBFORMAT = """
import sys
sys.modules["nbformat"] = None
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output
from bamboo_lab.games import bangkok, takenoko
from bamboo_lab.viz import takenoko as garden
from IPython.display import display
shell = InteractiveShell.instance()
figures = [garden.figure(takenoko.new_game(2, seed=3)), bangkok.new_game(2, seed=1)]
with capture_output() as captured:
    for figure in figures:
        display(figure)
print(sum("application/vnd.plotly.v1+json" in o.data for o in captured.outputs))
"""


def test_a_figure_shows_without_nbformat_as_in_the_browser() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _SHOW_WITHOUT_NBFORMAT], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-800:]
    assert out.stdout.split() == ["2"]  # a figure and a state drawn as a figure
