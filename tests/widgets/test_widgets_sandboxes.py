"""The scoring sandboxes: their scores are the engine's, and refused parts change nothing."""

from __future__ import annotations

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")

from bamboo_lab import widgets
from bamboo_lab.core.hexgrid import Edge, Hex
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.words import objective_words


def _triangle_garden() -> widgets.GardenSandbox:
    s = widgets.GardenSandbox()
    assert s.place_plot(Hex(1, 0), "G", bamboo=3)
    assert s.place_plot(Hex(0, 1), "G")
    assert s.place_plot(Hex(1, -1), "G")
    assert s.place_plot(Hex(1, 1), "G")
    return s


def test_garden_sandbox_objectives_are_the_engines() -> None:
    s = _triangle_garden()
    same = tk.position(2, plots=[(1, 0, "G", 3), (0, 1, "G", 0), (1, -1, "G", 0), (1, 1, "G", 0)])
    got = s.plot_objectives()
    assert got == {
        c: tk.plot_objective_placements(same, c) for c, k in tk.CARDS.items() if k.deck == "plot"
    }
    assert any(got.values()), "green plots around the pond meet a plot objective"
    assert s.gardener_objectives() == {
        c: tk.objective_met(same, 0, c) for c, k in tk.CARDS.items() if k.deck == "gardener"
    }


def test_garden_sandbox_refuses_a_detached_plot_and_keeps_the_garden() -> None:
    s = _triangle_garden()
    before = s.state
    assert not s.set_bamboo(Hex(1, 1), 2) and "irrigated" in s.message
    assert not s.place_plot(Hex(5, 0), "Y")
    assert s.message.startswith("refused:") and s.state is before and Hex(5, 0) not in s.plots
    assert not s.set_bamboo(Hex(4, 4), 2) and "no plot" in s.message


def test_garden_sandbox_channels_chips_and_the_view() -> None:
    s = _triangle_garden()
    edge = Edge(Hex(1, 0), 1)
    assert s.toggle_channel(edge) or s.message
    app = widgets.SandboxApp(s)
    app.where.value = "1,1"
    app.chip.value = "F"
    app._chip()
    assert s.state.improvements.get(Hex(1, 1)) in (None, "F")
    h = app.pick(*_pixel(Hex(1, 0)))
    assert h == Hex(1, 0) and app.where.value == "1,0"
    met = [card for _words, card in app.card.options if card != "(none)"]
    assert all(words == objective_words(card) for words, card in app.card.options[1:])
    assert met
    app.card.value = met[0]
    assert objective_words(met[0]) in app.figure.layout.title.text  # the card in words
    assert "Plot objectives met" in app.report.value


def _pixel(h: Hex) -> tuple[float, float]:
    from bamboo_lab.viz.layout import Layout

    p = Layout().hex_to_pixel(h)
    return p.x, p.y


def test_market_sandbox_scores_are_the_engines() -> None:
    app = widgets.market_sandbox("fish")
    s = app.sandbox
    chosen = [
        ("chilli card", ["fish", "blue_peas"], 3, ["fish", "blue_peas"]),  # shows fish, blue peas
        ("boat card", ["fish", "fish"], None, []),
        ("boat card", ["fish"], None, []),
        ("boat card", ["blue_peas", "blue_peas"], None, []),
        ("chilli card", ["thai_zucchini", "passion_fruit"], 2, ["fish"]),
    ]
    for cell, (kind, baskets, chilli_type, counts) in enumerate(chosen, start=1):
        app.cell.value = cell
        app.kind.value = kind
        for box, good in zip(app.baskets, [*baskets, "", ""], strict=False):
            box.value = good
        if counts:
            app.chilli_type.value = chilli_type
            for box, good in zip(app.counts, [*counts, ""], strict=False):
                box.value = good
        app._lay()
        assert app.message.value == ""
    specs = ["C3:FB/FB", "FF", "F", "BB", "C2:F/ZP", None, None, None, None]
    assert s.cells == specs
    cards = [bk.parse_card_spec(x, i) if x else None for i, x in enumerate(specs)]
    expected = bk.score_market(cards, "fish")
    score = s.score()
    assert [c.points for c in score.chillies] == [c.points for c in expected.chillies]
    assert score.total == expected.total and score.objective_points == expected.objective_points
    assert f"total {expected.total}" in app.report.value
    app.good.value = "blue_peas"
    assert s.score().total == bk.score_market(cards, "blue_peas").total


def test_market_sandbox_refuses_a_bad_spec_or_a_detached_card() -> None:
    s = widgets.MarketSandbox()
    assert s.set_cell(1, "ZP")
    before = s.score()
    assert not s.set_cell(2, "C9:XX/Q") and s.message.startswith("refused")
    assert not s.set_cell(9, "BB") and "connected" in s.message
    assert s.score() == before


def test_market_sandbox_takes_the_same_printed_card_twice() -> None:
    """A free sandbox: the same chilli card in two cells scores as the engine scores both."""
    s = widgets.MarketSandbox("blue_peas")
    assert s.set_cell(1, "C3:FB/B") and s.set_cell(2, "FB") and s.set_cell(5, "C3:FB/B"), s.message
    cards = [bk.parse_card_spec(x, i) if x else None for i, x in enumerate(s.cells)]
    expected = bk.score_market(cards, "blue_peas")
    assert [c.points for c in s.score().chillies] == [c.points for c in expected.chillies]
    assert s.score().total == expected.total and len(expected.chillies) == 2


def test_home_sandbox_report_is_the_engines() -> None:
    app = widgets.home_sandbox()
    s = app.sandbox
    app.spaces[0].value = "G/2"
    app.spaces[6].value = "F/3"
    app.spaces[2].value = "D/3"
    app.spaces[3].value = "T/3"
    home = bb.home_from_text("(0,0):G/2 (1,1):F/3 (0,2):D/3 (0,3):T/3")
    assert sorted(h >= 0 for h in s.home) == sorted(h >= 0 for h in home)
    report = s.report()
    assert report["harmony"] == bb.harmony(s.home)
    assert report["harmony_penalty"] == bb.harmony_penalty(s.home)
    assert report["feeding"] == bb.feeding_bill(s.home, (1, 1, 1))
    assert report["balance"] == bb.pattern_report(s.home, ("L05", "C15"))
    assert bb.harmony(s.home) == bb.harmony(home)
    app.foods[2].value = 3
    assert s.report()["feeding"] == bb.feeding_bill(s.home, (1, 1, 3))
    assert f"penalty <b>{report['harmony_penalty']} HP</b>" in app.report.value
    app.spaces[0].value = ""
    assert s.home[0] == -1


@pytest.mark.parametrize(
    ("call", "args"),
    [
        ("place_plot", ((1, 0), 5)),
        ("place_plot", ("1,0", "G")),
        ("place_plot", (Hex(1, 0), "G", "2")),
        ("remove_plot", (None,)),
        ("set_bamboo", (Hex(1, 0), 9)),
        ("set_chip", (Hex(1, 0), 3)),
        ("toggle_channel", ("1,0/1,-1",)),
    ],
)
def test_a_garden_sandbox_refuses_wrong_typed_arguments_and_changes_nothing(
    call: str, args: tuple
) -> None:
    """Sandboxes: a wrong-typed argument is shown as the refusal; the garden stays as it was."""
    sandbox = widgets.GardenSandbox()
    assert sandbox.place_plot(Hex(1, 0), "G")
    before = (dict(sandbox.plots), set(sandbox.channels), sandbox.state)
    assert getattr(sandbox, call)(*args) is False
    assert sandbox.message.startswith("refused:")
    assert (sandbox.plots, sandbox.channels, sandbox.state) == before
    assert sandbox.remove_plot(Hex(1, 0))  # still usable


def test_a_garden_sandbox_takes_a_q_r_pair_as_a_plot() -> None:
    sandbox = widgets.GardenSandbox()
    assert sandbox.place_plot((1, 0), "G") and Hex(1, 0) in sandbox.plots


@pytest.mark.parametrize(
    ("call", "args"),
    [
        ("lay_card", (10, "boat card", ["fish"])),
        ("lay_card", (2, "boat", ["fish"])),
        ("lay_card", (2, "boat card", "fish")),
        ("lay_card", (2, "boat card", ["dog"])),
        ("lay_card", (2, "chilli card", ["fish"], 5, ["fish"])),
        ("lay_card", (2, "chilli card", ["fish"], None, ["fish"])),
        ("set_cell", (10, "B")),
        ("set_cell", (0, "B")),
        ("set_cell", ("1", "B")),
        ("set_cell", (1, 7)),
        ("set_objective", (None,)),
    ],
)
def test_a_market_sandbox_refuses_wrong_typed_arguments_and_changes_nothing(
    call: str, args: tuple
) -> None:
    sandbox = widgets.MarketSandbox()
    assert sandbox.set_cell(1, "ZP")
    before = (list(sandbox.cells), sandbox.objective, sandbox.state)
    assert getattr(sandbox, call)(*args) is False and sandbox.message.startswith("refused:")
    assert (sandbox.cells, sandbox.objective, sandbox.state) == before


@pytest.mark.parametrize(
    "args", [(None, 0, "G"), (0, 5, "G"), (0, 0, 3), (0, 0, "G", "2"), (True, 0, "G")]
)
def test_a_home_sandbox_refuses_wrong_typed_arguments_and_changes_nothing(args: tuple) -> None:
    sandbox = widgets.HomeSandbox()
    assert sandbox.place(0, 0, "G", 2)
    before = (dict(sandbox.spaces), sandbox.home)
    assert sandbox.place(*args) is False and sandbox.message.startswith("refused:")
    assert (sandbox.spaces, sandbox.home) == before


def test_the_garden_sandbox_draws_the_garden_at_its_fixed_scale() -> None:
    """The sandbox's garden is the size ``viz.takenoko.figure`` gives it (60 px per layout
    unit, ``viz.takenoko_scale``), as on the play board: never stretched to another scale."""
    from bamboo_lab import viz

    s = _triangle_garden()
    app = widgets.SandboxApp(s)
    drawn = viz.takenoko.figure(s.state)
    assert (app.figure.layout.width, app.figure.layout.height) == (
        drawn.layout.width,
        drawn.layout.height,
    )
