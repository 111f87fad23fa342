"""The board as an image array: the ``rgb_array`` render mode of the Gymnasium environment.

The picture is the game's own Plotly figure (the function its state class names in
``drawn_by``), rendered to PNG by kaleido with Debian's chromium (``apt-get install chromium``;
the ``[pictures]`` extra) and decoded here into a ``(height, width, 3)`` array of ``uint8``, the
shape Gymnasium's ``RecordVideo`` and ``check_env`` expect. The PNG decoder needs NumPy alone:
8-bit RGB or RGBA without interlacing, every row filter (chromium writes "Up" rows).
"""

from __future__ import annotations

import importlib
import struct
import warnings
import zlib
from typing import Any

import numpy as np

from bamboo_lab.core.display import picture_function
from bamboo_lab.core.extras import require

__all__ = ["check_rgb_array", "decode_png", "rgb_array", "start_renderer", "stop_renderer"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def check_rgb_array() -> None:
    """Refuse in one line, naming the extra, when plotly or kaleido is not installed."""
    require("plotly", "kaleido", feature="render_mode='rgb_array'")


def start_renderer() -> bool:
    """Start kaleido's shared browser (Debian's chromium) unless it runs; True if started here."""
    from bamboo_lab.viz.pictures import use_chromium

    kaleido = importlib.import_module("kaleido")  # untyped

    use_chromium()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kaleido.start_sync_server()
    return not any("already" in str(warning.message) for warning in caught)


def stop_renderer() -> None:
    """Stop kaleido's shared browser (the one :func:`start_renderer` started)."""
    importlib.import_module("kaleido").stop_sync_server(silence_warnings=True)


def rgb_array(state: Any) -> np.ndarray:
    """The picture of ``state`` as a ``(height, width, 3)`` uint8 array (its figure's own size)."""
    import plotly.io

    draw = picture_function(state)
    if draw is None:
        raise TypeError(f"{type(state).__name__} names no picture function (drawn_by)")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "The kopts argument", UserWarning)
        png = plotly.io.to_image(draw(state), format="png", scale=1, validate=False)
    return decode_png(bytes(png))[..., :3]


def decode_png(png: bytes) -> np.ndarray:
    """The pixels of an 8-bit, non-interlaced RGB or RGBA PNG: ``(height, width, channels)``."""
    if not png.startswith(_SIGNATURE):
        raise ValueError("not a PNG")
    header, data, position = b"", b"", len(_SIGNATURE)
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        kind = png[position + 4 : position + 8]
        body = png[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(
            f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}"
        )
    stride = width * channels
    rows = np.frombuffer(zlib.decompress(data), np.uint8).reshape(height, stride + 1)
    pixels = np.zeros((height, stride), np.uint8)
    above = np.zeros(stride, np.uint8)
    for index in range(height):
        pixels[index] = _unfilter(int(rows[index, 0]), rows[index, 1:], above, channels)
        above = pixels[index]
    return pixels.reshape(height, width, channels)


def _unfilter(kind: int, line: np.ndarray, above: np.ndarray, step: int) -> np.ndarray:
    """One row with its PNG filter undone (None, Sub, Up, Average, Paeth)."""
    if kind == 0:
        return line
    if kind == 2:
        return line + above  # uint8 arithmetic wraps modulo 256, as the filter does
    if kind == 1:
        summed = np.cumsum(line.reshape(-1, step).astype(np.int64), axis=0) % 256
        return summed.astype(np.uint8).reshape(-1)
    if kind not in (3, 4):
        raise ValueError(f"unknown PNG row filter {kind}")
    out = np.zeros(len(line), np.int64)
    raw, up = line.astype(np.int64), above.astype(np.int64)
    for i in range(len(line)):
        left = out[i - step] if i >= step else 0
        if kind == 3:
            out[i] = (raw[i] + (left + up[i]) // 2) % 256
            continue
        corner = up[i - step] if i >= step else 0
        guess = left + up[i] - corner
        distances = (abs(guess - left), abs(guess - up[i]), abs(guess - corner))
        nearest = (left, up[i], corner)[distances.index(min(distances))]
        out[i] = (raw[i] + nearest) % 256
    return out.astype(np.uint8)
