"""Save a PNG beside each Plotly figure of executed notebooks, with its alt text, so that every
viewer shows it and a screen reader can say what it shows.

GitHub and nbviewer cannot draw an ``application/vnd.plotly.v1+json`` output: they show nothing.
This adds an ``image/png`` to the same output bundle, rendered with kaleido (Debian's
``/usr/bin/chromium``) from the saved figure itself, at scale 1 and the figure's own width and
height (plotly's 700 x 500 when the layout sets none). JupyterLab keeps drawing the interactive
figure; other viewers show the picture.

Each picture also gets alt text: one sentence saying what it shows, made from the figure's
title (its kind, then the title's lines as plain text). It is written where the readers of a
notebook look for it: the output's ``metadata["image/png"]["alt"]`` (the key IPython's
``display(..., metadata=...)`` uses; nbconvert's classic template writes it as the ``<img alt>``,
its lab template, in nbconvert 7.17, reads no alt yet), and, when the cell has one picture, the
cell's ``metadata["mystnb"]["image"]["alt"]`` (MyST-NB's image option). The documentation site
labels its interactive figure with the same text.

Run after executing and cleaning the notebooks::

    .venv/bin/python tools/static_pictures.py               # every notebook in notebooks/
    .venv/bin/python tools/static_pictures.py notebooks/X.ipynb
    .venv/bin/python tools/static_pictures.py --check       # list what lacks a PNG or alt text

An output that already has a PNG, or alt text, keeps it unless ``--force`` is given; kaleido is
started only when a PNG is to be rendered, so adding alt text alone needs no browser. The notebook
is written back in ``tools/clean_notebooks.py``'s format (one-space JSON, sorted keys).
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import re
import struct
import sys
import warnings
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from format_notebooks import notebook_text

ROOT = Path(__file__).resolve().parents[1]
PLOTLY_MIME = "application/vnd.plotly.v1+json"
"""The mime type of a saved Plotly figure."""
PNG_MIME = "image/png"
"""The static picture saved beside it."""

Renderer = Callable[[dict[str, Any]], bytes]
"""Turns a saved figure (its JSON) into PNG bytes."""


def plotly_outputs(nb: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each output of ``nb`` that holds a Plotly figure, with the index of its cell."""
    for index, cell in enumerate(nb.get("cells", [])):
        for output in cell.get("outputs", []):
            if PLOTLY_MIME in output.get("data", {}):
                yield index, output


def missing(nb: dict[str, Any]) -> list[int]:
    """The indexes of the cells with a Plotly output that has no PNG beside it (one per output)."""
    return [index for index, output in plotly_outputs(nb) if PNG_MIME not in output["data"]]


def missing_alt(nb: dict[str, Any]) -> list[int]:
    """The indexes of the cells with a Plotly output whose PNG has no alt text (one per output)."""
    return [
        index
        for index, output in plotly_outputs(nb)
        if PNG_MIME in output["data"] and not output_alt(output)
    ]


def output_alt(output: dict[str, Any]) -> str | None:
    """The alt text saved with an output's PNG, if any."""
    alt = output.get("metadata", {}).get(PNG_MIME, {}).get("alt")
    return alt if isinstance(alt, str) and alt.strip() else None


ALT_LIMIT = 300
"""The longest alt text written, in characters (a long title is cut at a word)."""
_KINDS = {
    "bar": "Bar chart",
    "histogram": "Histogram",
    "box": "Box plot",
    "violin": "Violin plot",
    "heatmap": "Heat map",
    "pie": "Pie chart",
}


def _plain(markup: str) -> list[str]:
    """The lines of a Plotly title as plain text: tags dropped, entities read, ``·`` a comma."""
    lines = []
    for line in re.split(r"<br\s*/?>", markup, flags=re.IGNORECASE):
        text = html.unescape(re.sub(r"<[^>]+>", "", line))
        text = " ".join(text.replace(" · ", ", ").replace("·", ",").split()).strip(" ,;.")
        if text:
            lines.append(text)
    return lines


def figure_kind(figure: dict[str, Any]) -> str:
    """What kind of picture a figure is: its chart type when all its traces share one, a chart
    when it has a titled axis, else a picture (the boards)."""
    types = {trace.get("type", "scatter") for trace in figure.get("data", [])}
    if len(types) == 1 and next(iter(types)) in _KINDS:
        return _KINDS[next(iter(types))]
    layout = figure.get("layout", {})
    for axis in ("xaxis", "yaxis"):
        title = layout.get(axis, {}).get("title")
        if (title.get("text") if isinstance(title, dict) else title) and types <= {"scatter"}:
            return "Chart"
    return "Picture"


def alt_text(figure: dict[str, Any]) -> str:
    """One sentence saying what the figure shows: its kind, then its title's first line, with
    the title's other lines in brackets (``Bar chart: Win rate by seat (200 games).``)."""
    title = figure.get("layout", {}).get("title")
    markup = title.get("text") if isinstance(title, dict) else title
    lines = _plain(markup) if isinstance(markup, str) else []
    kind = figure_kind(figure)
    if not lines:
        return f"{kind} without a title."
    sentence = f"{kind}: {lines[0]}"
    if lines[1:]:
        sentence += f" ({'; '.join(lines[1:])})"
    if len(sentence) > ALT_LIMIT - 1:
        sentence = sentence[: ALT_LIMIT - 2].rsplit(" ", 1)[0].rstrip(" ,;(") + "…"
    return sentence if sentence.endswith(("…", "?", "!", ".")) else sentence + "."


def add_alt_text(nb: dict[str, Any], *, force: bool = False) -> int:
    """Write the alt text of each Plotly output's PNG into the output's metadata, and into the
    cell's MyST-NB image options when the cell has one picture (in place); return how many."""
    written = 0
    for cell in nb.get("cells", []):
        pictures = [
            output
            for output in cell.get("outputs", [])
            if PLOTLY_MIME in output.get("data", {}) and PNG_MIME in output["data"]
        ]
        for output in pictures:
            if output_alt(output) and not force:
                continue
            metadata = output.setdefault("metadata", {}).setdefault(PNG_MIME, {})
            metadata["alt"] = alt_text(output["data"][PLOTLY_MIME])
            written += 1
        if len(pictures) == 1:
            options = cell.setdefault("metadata", {}).setdefault("mystnb", {})
            image = options.setdefault("image", {})
            alt = output_alt(pictures[0])
            if image.get("alt") != alt and (force or "alt" not in image):
                image["alt"] = alt
                written += 1
    return written


def add_pictures(nb: dict[str, Any], render: Renderer, *, force: bool = False) -> int:
    """Add a PNG beside each Plotly output of ``nb`` (changed in place); return how many."""
    added = 0
    for _, output in plotly_outputs(nb):
        data = output["data"]
        if PNG_MIME in data and not force:
            continue
        data[PNG_MIME] = base64.b64encode(render(data[PLOTLY_MIME])).decode("ascii")
        added += 1
    return added


def _chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def smaller_png(png: bytes) -> bytes:
    """The same picture, losslessly smaller: no alpha channel when it is all opaque, and the
    best of three whole-image filters at zlib level 9 (chromium writes fast, large PNGs).

    Only 8-bit RGBA, non-interlaced PNGs whose rows use filters None or Up (what chromium
    writes) are rewritten; any other PNG is returned as it is.
    """
    import numpy as np

    chunks, position = [], 8
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        chunks.append((png[position + 4 : position + 8], png[position + 8 : position + 8 + length]))
        position += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if (depth, colour, interlace) != (8, 6, 0):
        return png
    idat = b"".join(body for kind, body in chunks if kind == b"IDAT")
    rows = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(height, width * 4 + 1)
    if not np.isin(rows[:, 0], (0, 2)).all():
        return png
    pixels = np.empty((height, width * 4), np.uint8)
    previous = np.zeros(width * 4, np.uint8)
    for index in range(height):
        line = rows[index, 1:]
        previous = line + previous if rows[index, 0] == 2 else line.copy()
        pixels[index] = previous
    image = pixels.reshape(height, width, 4)
    if (image[..., 3] == 255).all():
        image, colour = image[..., :3], 2
    flat = image.reshape(height, -1).astype(np.int16)
    step = image.shape[2]
    candidates = []
    for kind in (0, 1, 2):  # None, Sub, Up for every row
        filtered = flat.copy()
        if kind == 1:
            filtered[:, step:] -= flat[:, :-step]
        elif kind == 2:
            filtered[1:] -= flat[:-1]
        body = np.hstack([np.full((height, 1), kind, np.uint8), (filtered % 256).astype(np.uint8)])
        candidates.append(zlib.compress(body.tobytes(), 9))
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    best = (
        png[:8]
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", min(candidates, key=len))
        + _chunk(b"IEND", b"")
    )
    return best if len(best) < len(png) else png


def kaleido_renderer(scale: float = 1) -> Renderer:
    """A renderer through kaleido and Debian's chromium (start ``kaleido``'s server first)."""
    import plotly.io

    def render(figure: dict[str, Any]) -> bytes:
        # Width and height: the layout's own, else plotly.io's defaults (700 x 500).
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "The kopts argument", UserWarning)
            png = plotly.io.to_image(figure, format="png", scale=scale, validate=False)
        return smaller_png(bytes(png))

    return render


def serialise(nb: dict[str, Any]) -> str:
    """The notebook's text as JupyterLab saves it (``format_notebooks.notebook_text``, which
    ``tools/clean_notebooks.py`` writes too)."""
    return notebook_text(nb)


def process(paths: list[Path], render: Renderer, *, force: bool = False) -> dict[Path, int]:
    """Add the PNGs and their alt text to each notebook in ``paths``; the bytes each file grew
    by (0: unchanged)."""
    grown = {}
    for path in paths:
        before = path.read_text(encoding="utf-8")
        nb = json.loads(before)
        added = add_pictures(nb, render, force=force)
        if add_alt_text(nb, force=force) + added:
            after = serialise(nb)
            path.write_text(after, encoding="utf-8")
            grown[path] = len(after.encode()) - len(before.encode())
        else:
            grown[path] = 0
    return grown


def _no_renderer(figure: dict[str, Any]) -> bytes:
    """The renderer when every figure has its PNG: never called."""
    raise AssertionError("no PNG is missing, so none is rendered")


def main(argv: list[str] | None = None) -> int:
    """Command line: ``tools/static_pictures.py [--check] [--force] [--scale S] [notebook ...]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument(
        "--check", action="store_true", help="only list figures without a PNG or alt text"
    )
    parser.add_argument(
        "--force", action="store_true", help="render PNGs and write alt text that exist again"
    )
    parser.add_argument("--scale", type=float, default=1, help="PNG pixels per figure pixel")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    notebooks = {path: json.loads(path.read_text(encoding="utf-8")) for path in paths}
    if args.check:
        stale = False
        for path, nb in notebooks.items():
            if cells := missing(nb):
                print(f"{path}: {len(cells)} Plotly output(s) without a PNG (cells {cells})")
            if without := missing_alt(nb):
                print(f"{path}: {len(without)} picture(s) without alt text (cells {without})")
            stale = stale or bool(cells or without)
        return 1 if stale else 0

    if not args.force and not any(missing(nb) for nb in notebooks.values()):
        grown = process(paths, _no_renderer)  # alt text only: no browser needed
    else:
        import kaleido

        from bamboo_lab.viz.pictures import use_chromium

        use_chromium()
        kaleido.start_sync_server(silence_warnings=True)
        try:
            grown = process(paths, kaleido_renderer(args.scale), force=args.force)
        finally:
            kaleido.stop_sync_server(silence_warnings=True)
    for path, size in grown.items():
        print(f"{path}: +{size / 1024:.0f} KiB" if size else f"{path}: unchanged")
    print(f"total added: {sum(grown.values()) / 1024:.0f} KiB in {sum(map(bool, grown.values()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
