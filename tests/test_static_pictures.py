"""Every saved Plotly figure in the notebooks carries a PNG beside it (tools/static_pictures.py),
so that GitHub and nbviewer, which cannot draw Plotly's JSON, show the picture."""

from __future__ import annotations

import base64
import importlib.util
import itertools
import json
import shutil
import struct
import sys
import zlib
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

_spec = importlib.util.spec_from_file_location("static_pictures", ROOT / "tools/static_pictures.py")
assert _spec and _spec.loader
static_pictures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(static_pictures)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_saved_plotly_figure_has_a_png_beside_it(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    bare = static_pictures.missing(nb)
    assert not bare, (
        f"{path.name}: {len(bare)} Plotly output(s) without an image/png (cells {bare}); "
        f"run .venv/bin/python tools/static_pictures.py notebooks/{path.name}"
    )


def _png(width: int, height: int, rows: list[bytes], colour: int = 6) -> bytes:
    """A PNG made by hand: each row already carries its filter byte."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 1))
        + chunk(b"IEND", b"")
    )


def _decode(png: bytes) -> tuple[int, int, int, bytes]:
    """Width, height, colour type and unfiltered pixels of a PNG whose rows use None or Up."""
    width, height, _, colour = struct.unpack(">IIBB", png[16:26])
    position, idat = 8, b""
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        if png[position + 4 : position + 8] == b"IDAT":
            idat += png[position + 8 : position + 8 + length]
        position += 12 + length
    raw = zlib.decompress(idat)
    step = 4 if colour == 6 else 3
    stride = width * step + 1
    pixels, previous = bytearray(), bytes(width * step)
    for index in range(height):
        kind, line = raw[index * stride], bytearray(raw[index * stride + 1 : (index + 1) * stride])
        if kind == 1:
            for i in range(step, len(line)):
                line[i] = (line[i] + line[i - step]) % 256
        elif kind == 2:
            line = bytearray((a + b) % 256 for a, b in zip(line, previous, strict=True))
        else:
            assert kind == 0, kind
        pixels += line
        previous = bytes(line)
    return width, height, colour, bytes(pixels)


def test_smaller_png_keeps_every_pixel_and_drops_an_opaque_alpha() -> None:
    width, height = 6, 4
    pixels = [
        b"".join(bytes((10 * x, 20 * y, 7, 255)) for x in range(width)) for y in range(height)
    ]
    # Chromium writes Up-filtered rows: each byte minus the byte above it.
    rows = [b"\x00" + pixels[0]]
    for above, row in itertools.pairwise(pixels):
        rows.append(b"\x02" + bytes((a - b) % 256 for a, b in zip(row, above, strict=True)))
    png = _png(width, height, rows)
    smaller = static_pictures.smaller_png(png)
    assert len(smaller) < len(png)
    got_width, got_height, colour, got = _decode(smaller)
    assert (got_width, got_height, colour) == (width, height, 2)
    expected = b"".join(bytes(p for i, p in enumerate(row) if i % 4 != 3) for row in pixels)
    assert got == expected


def test_smaller_png_keeps_a_transparent_alpha_and_leaves_other_pngs_alone() -> None:
    row = bytes((1, 2, 3, 128)) * 3
    png = _png(3, 2, [b"\x00" + row, b"\x00" + row])
    _, _, colour, pixels = _decode(static_pictures.smaller_png(png))
    assert colour == 6 and pixels == row * 2
    rgb = _png(3, 1, [b"\x00" + bytes(9)], colour=2)
    assert static_pictures.smaller_png(rgb) == rgb
    paeth = _png(3, 1, [b"\x04" + row])
    assert static_pictures.smaller_png(paeth) == paeth


def _tiny_notebook(path: Path) -> dict:
    """A notebook with one Plotly figure (300 x 200), one text output and one figure with a PNG."""
    figure = {
        "data": [{"type": "bar", "x": ["panda", "gardener"], "y": [3, 5]}],
        "layout": {"width": 300, "height": 200, "title": {"text": "actions"}},
    }
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "figure",
            outputs=[
                nbformat.v4.new_output(
                    "display_data",
                    data={"application/vnd.plotly.v1+json": figure, "text/plain": "Figure"},
                )
            ],
        ),
        nbformat.v4.new_code_cell(
            "print(1)", outputs=[nbformat.v4.new_output("stream", name="stdout", text="1\n")]
        ),
        nbformat.v4.new_code_cell(
            "kept",
            outputs=[
                nbformat.v4.new_output(
                    "display_data",
                    data={"application/vnd.plotly.v1+json": figure, "image/png": "a2VwdA=="},
                )
            ],
        ),
    ]
    path.write_text(json.dumps(nb), encoding="utf-8")
    return nb


def test_process_renders_only_the_figures_without_a_png(tmp_path: Path) -> None:
    path = tmp_path / "tiny.ipynb"
    _tiny_notebook(path)
    assert static_pictures.main(["--check", str(path)]) == 1
    sizes: list[dict] = []

    def fake(figure: dict) -> bytes:
        sizes.append(figure["layout"])
        return b"\x89PNG fake"

    grown = static_pictures.process([path], fake)
    assert len(sizes) == 1 and grown[path] > 0
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    data = nb.cells[0].outputs[0]["data"]
    assert base64.b64decode(data["image/png"]) == b"\x89PNG fake"
    assert nb.cells[2].outputs[0]["data"]["image/png"] == "a2VwdA=="
    assert static_pictures.main(["--check", str(path)]) == 0
    again = path.read_text(encoding="utf-8")
    assert static_pictures.process([path], fake) == {path: 0}
    assert path.read_text(encoding="utf-8") == again
    static_pictures.process([path], fake, force=True)
    assert len(sizes) == 3


@pytest.mark.skipif(CHROMIUM is None, reason="Debian chromium is not installed")
def test_kaleido_renders_the_saved_figure_at_its_own_size(tmp_path: Path) -> None:
    pytest.importorskip("kaleido")
    path = tmp_path / "tiny.ipynb"
    _tiny_notebook(path)
    assert static_pictures.main([str(path)]) == 0
    nb = json.loads(path.read_text(encoding="utf-8"))
    png = base64.b64decode(nb["cells"][0]["outputs"][0]["data"]["image/png"])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (300, 200)
    assert path.read_text(encoding="utf-8") == static_pictures.serialise(nb)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_saved_picture_has_alt_text(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    bare = static_pictures.missing_alt(nb)
    assert not bare, (
        f"{path.name}: {len(bare)} picture(s) without alt text (cells {bare}); "
        f"run .venv/bin/python tools/static_pictures.py notebooks/{path.name}"
    )


@pytest.mark.parametrize(
    ("figure", "expected"),
    [
        (
            {"data": [{"type": "bar"}], "layout": {"title": {"text": "actions"}}},
            "Bar chart: actions.",
        ),
        (
            {
                "data": [{"type": "scatter"}, {"type": "scatter", "mode": "text"}],
                "layout": {
                    "title": {"text": "<b>Takenoko</b> · turn 1<br><sup>P0 0 pts · P1 2 pts</sup>"}
                },
            },
            "Picture: Takenoko, turn 1 (P0 0 pts, P1 2 pts).",
        ),
        (
            {
                "data": [{"type": "scatter"}],
                "layout": {"title": "Win rate &amp; seat", "xaxis": {"title": {"text": "seat"}}},
            },
            "Chart: Win rate & seat.",
        ),
        ({"data": [{"type": "histogram"}], "layout": {}}, "Histogram without a title."),
        (
            {"data": [], "layout": {"title": {"text": "<b>Bangkok</b> · what does it score?"}}},
            "Picture: Bangkok, what does it score?",
        ),
    ],
)
def test_alt_text_is_one_sentence_from_the_kind_and_the_title(figure: dict, expected: str) -> None:
    assert static_pictures.alt_text(figure) == expected


def test_a_long_title_is_cut_at_a_word() -> None:
    figure = {
        "data": [],
        "layout": {"title": {"text": "Takenoko<br>" + "plot 1,-1 placed · " * 40}},
    }
    alt = static_pictures.alt_text(figure)
    assert len(alt) <= static_pictures.ALT_LIMIT and alt.endswith("…")
    assert (
        alt.startswith("Picture: Takenoko (plot 1,-1 placed, plot") and "placed, plot …" not in alt
    )


def test_process_writes_alt_text_where_nbconvert_and_myst_nb_read_it(tmp_path: Path) -> None:
    path = tmp_path / "tiny.ipynb"
    nb = _tiny_notebook(path)
    nb["cells"][2]["outputs"][0]["metadata"] = {"image/png": {"alt": "Written by hand."}}
    path.write_text(json.dumps(nb), encoding="utf-8")
    static_pictures.process([path], lambda figure: b"\x89PNG fake")
    saved = json.loads(path.read_text(encoding="utf-8"))
    first, kept = saved["cells"][0], saved["cells"][2]
    assert first["outputs"][0]["metadata"]["image/png"]["alt"] == "Bar chart: actions."
    assert first["metadata"]["mystnb"]["image"]["alt"] == "Bar chart: actions."
    assert kept["outputs"][0]["metadata"]["image/png"]["alt"] == "Written by hand."
    assert kept["metadata"]["mystnb"]["image"]["alt"] == "Written by hand."
    assert "mystnb" not in saved["cells"][1]["metadata"]  # no picture, no alt
    nbformat.validate(nbformat.reads(json.dumps(saved), as_version=4))
    from nbconvert import HTMLExporter

    page, _ = HTMLExporter(template_name="classic").from_notebook_node(
        nbformat.reads(json.dumps(saved), as_version=4)
    )
    assert 'alt="Bar chart: actions."' in page and 'alt="Written by hand."' in page


def test_alt_text_alone_needs_no_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every figure has its PNG: the tool writes alt text without importing kaleido."""
    path = tmp_path / "tiny.ipynb"
    nb = _tiny_notebook(path)
    nb["cells"][0]["outputs"][0]["data"]["image/png"] = "cG5n"
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert static_pictures.main(["--check", str(path)]) == 1
    monkeypatch.setitem(sys.modules, "kaleido", None)  # importing it would fail
    assert static_pictures.main([str(path)]) == 0
    assert static_pictures.main(["--check", str(path)]) == 0
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["cells"][0]["outputs"][0]["data"]["image/png"] == "cG5n"
    assert static_pictures.missing_alt(saved) == []
