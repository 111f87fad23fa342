"""Gymnasium registration (``gymnasium.make("bamboo_lab/Takenoko-v0")``) and the ``rgb_array``
render mode (the board's Plotly figure as an image array, through kaleido and Debian chromium)."""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import zlib

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import GAMES

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from bamboo_lab import envs  # noqa: E402  (after the skip)
from bamboo_lab.envs.picture import decode_png  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
IDS = {
    "takenoko": "bamboo_lab/Takenoko-v0",
    "bamboo": "bamboo_lab/Bamboo-v0",
    "bangkok": "bamboo_lab/Bangkok-v0",
}


def test_each_game_is_registered_under_the_package_namespace() -> None:
    assert envs.register_environments() == [IDS[game] for game in GAMES]
    for game, env_id in IDS.items():
        spec = gymnasium.spec(env_id)
        assert spec.namespace == "bamboo_lab" and spec.version == 0
        assert spec.entry_point == "bamboo_lab.envs:single_agent"
        assert spec.kwargs == {"game": game}
    assert envs.register_environments() == list(IDS.values())  # twice is harmless


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_make_builds_the_single_agent_environment(game: str) -> None:
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(IDS[game], opponents="random", render_mode="ansi")
    assert env.spec is not None and env.spec.id == IDS[game]
    assert env.unwrapped.game == game and env.unwrapped.players == 2
    check_env(env.unwrapped)
    observation, info = env.reset(seed=3)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    observation, _, _, _, info = env.step(legal)
    assert env.observation_space.contains(observation)
    assert isinstance(env.render(), str)


def test_make_passes_keyword_arguments_and_refuses_bad_ones() -> None:
    env = gymnasium.make(IDS["bangkok"], players=4, seat=2, opponents="random")
    assert (env.unwrapped.players, env.unwrapped.seat) == (4, 2)
    with pytest.raises(InvalidStateError, match="render_mode must be None"):
        gymnasium.make(IDS["bangkok"], render_mode="video")


def test_the_module_form_of_the_id_registers_in_a_fresh_process() -> None:
    code = (
        "import gymnasium\n"
        "env = gymnasium.make('bamboo_lab.envs:bamboo_lab/Bamboo-v0', opponents='random')\n"
        "print(env.unwrapped.game, env.spec.id)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["bamboo", "bamboo_lab/Bamboo-v0"]


def _png(rows: list[bytes], width: int, height: int, colour: int) -> bytes:
    """A PNG made by hand; each row already carries its filter byte."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    idat = zlib.compress(b"".join(rows))
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
    )


def _paeth(left: int, up: int, corner: int) -> int:
    guess = left + up - corner
    distances = [abs(guess - left), abs(guess - up), abs(guess - corner)]
    return [left, up, corner][distances.index(min(distances))]


def _filtered(pixels: np.ndarray, kind: int, step: int) -> list[bytes]:
    """Rows of ``pixels`` (height x bytes) written with PNG filter ``kind``."""
    rows, above = [], np.zeros(pixels.shape[1], np.int64)
    for row in pixels.astype(np.int64):
        out = []
        for i, value in enumerate(row):
            left = row[i - step] if i >= step else 0
            corner = above[i - step] if i >= step else 0
            predicted = [0, left, above[i], (left + above[i]) // 2, _paeth(left, above[i], corner)]
            out.append((value - predicted[kind]) % 256)
        rows.append(bytes([kind, *out]))
        above = row
    return rows


@pytest.mark.parametrize("kind", range(5))
@pytest.mark.parametrize("colour", [2, 6])
def test_decode_png_undoes_every_row_filter(kind: int, colour: int) -> None:
    step = 3 if colour == 2 else 4
    pixels = np.random.default_rng(kind).integers(0, 256, size=(4, 5 * step), dtype=np.uint8)
    decoded = decode_png(_png(_filtered(pixels, kind, step), 5, 4, colour))
    assert decoded.shape == (4, 5, step) and decoded.dtype == np.uint8
    assert np.array_equal(decoded.reshape(4, -1), pixels)


def test_decode_png_refuses_what_it_cannot_read() -> None:
    with pytest.raises(ValueError, match="not a PNG"):
        decode_png(b"GIF89a")
    grey = _png([b"\x00\x00"], 1, 1, colour=0)
    with pytest.raises(ValueError, match="unsupported PNG"):
        decode_png(grey)


@pytest.mark.skipif(CHROMIUM is None, reason="Debian chromium is not installed")
def test_rgb_array_is_the_board_as_an_image_and_passes_check_env() -> None:
    pytest.importorskip("kaleido")
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(IDS["bangkok"], opponents="random", render_mode="rgb_array")
    try:
        check_env(env.unwrapped)
        env.reset(seed=1)
        picture = env.render()
        figure = env.unwrapped.state.drawn_by
        assert figure == "bamboo_lab.viz.bangkok:figure"
        assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
        assert picture.shape[0] > 200 and picture.shape[1] > 200
        assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 8  # a picture, not a blank
    finally:
        env.close()
    assert env.unwrapped.renderer is None


def test_without_kaleido_rgb_array_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from bamboo_lab.core.extras import MissingExtraError

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "kaleido" else real(name)
    )
    with pytest.raises(MissingExtraError, match=r"rgb_array.*kaleido.*bamboo-lab\[pictures\]"):
        envs.single_agent("bamboo", render_mode="rgb_array")
    assert envs.single_agent("bamboo", render_mode="ansi").render_mode == "ansi"
