"""How a picture is layered: shapes below, traces, shapes above (as filled traces), labels."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("plotly")

from bamboo_lab.viz._common import LABEL_PAD, LABELS, SHAPES, canvas, hover_trace, label, rect


def sketch() -> Any:
    """A small picture with one thing on each layer."""
    fig = canvas("layers", height=300, width=420)  # margins 10/10 and 56/10: 400 x 234 px
    fig.update_xaxes(range=[0, 4])  # 100 px per unit
    fig.update_yaxes(range=[0, 2.34])  # 100 px per unit
    rect(fig, 0, 0, 1, 1, "#FFFFFF")  # below the traces
    rect(fig, 1, 1, 2, 2, "#000000", layer="above")
    fig.add_shape(type="circle", x0=2, x1=3, y0=0, y1=1, fillcolor="#FF0000")  # above by default
    fig.add_trace(hover_trace([0.5], [0.5], ["a tile"], 20))
    label(fig, 1, 1, "centred")
    label(fig, 2, 1, "from the left, top", anchor="left", valign="top", size=10, color="#123456")
    return fig.figure()


def test_words_are_the_last_trace_over_the_shapes_drawn_above_the_traces() -> None:
    fig = sketch()
    assert [t.name for t in fig.data] == ["", SHAPES, SHAPES, LABELS]
    assert [s.type for s in fig.layout.shapes] == ["rect"]  # only the shape below stays one
    assert fig.layout.annotations == ()
    square, circle = fig.data[1], fig.data[2]
    assert (square.fill, square.fillcolor, list(square.x)) == (
        "toself",
        "#000000",
        [1, 2, 2, 1, 1, None],
    )
    assert circle.fillcolor == "#FF0000" and len(circle.x) == 34  # 32 sides, closed, then a gap
    assert {square.hoverinfo, fig.data[3].hoverinfo} == {"skip"}


def test_a_label_is_placed_by_the_side_its_position_is_on() -> None:
    words = sketch().data[-1]
    assert list(words.text) == ["centred", "from the left, top"]
    assert list(words.textposition) == ["middle center", "bottom right"]
    assert list(words.textfont.size) == [13, 10] and words.textfont.color[1] == "#123456"
    assert (words.x[0], words.y[0]) == (1, 1)  # a centred label is not moved
    # an anchored one stands LABEL_PAD pixels off its side, as an annotation's box pads it
    assert words.x[1] == pytest.approx(2 + LABEL_PAD / 100)
    assert words.y[1] == pytest.approx(1 - LABEL_PAD / 100)
    assert words.cliponaxis is False
