"""The package as released: one version, the sdist and the wheel hold what they should, and the
wheel installed alone in a fresh environment plays a game."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import bamboo_lab

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel, built by ``python -m build`` from the repository."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return out


def _wheel(dist: Path) -> Path:
    (wheel,) = dist.glob("*.whl")
    return wheel


def test_the_version_is_written_once_and_the_command_says_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    said = subprocess.run(
        [sys.executable, "-m", "bamboo_lab.cli", "--version"], capture_output=True, text=True
    )
    assert said.returncode == 0 and said.stdout.strip() == f"bamboo-lab {bamboo_lab.__version__}"
    assert f"## {bamboo_lab.__version__}" in (ROOT / "CHANGELOG.md").read_text()


def test_the_wheel_holds_the_package_its_data_and_licence_and_nothing_else(dist: Path) -> None:
    wheel = _wheel(dist)
    assert wheel.name == f"bamboo_lab-{bamboo_lab.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(f"bamboo_lab-{bamboo_lab.__version__}.dist-info/METADATA").decode()
    assert "bamboo_lab/py.typed" in names and "bamboo_lab/exercises/__init__.py" in names
    assert {n.split("/")[0] for n in names} == {
        "bamboo_lab",
        f"bamboo_lab-{bamboo_lab.__version__}.dist-info",
    }
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "License-Expression: MIT" in metadata
    for label in ("Homepage", "Source", "Issues", "Changelog"):
        assert f"Project-URL: {label}, https://" in metadata, label
    assert "Requires-Dist" not in metadata.split("Provides-Extra")[0]  # no runtime dependency


def test_the_sdist_holds_the_licence_readme_and_changelog(dist: Path) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    top = f"bamboo_lab-{bamboo_lab.__version__}"
    with tarfile.open(sdist) as archive:
        names = set(archive.getnames())
    for name in ("LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "bamboo_lab/py.typed"):
        assert f"{top}/{name}" in names, name


@pytest.fixture(scope="module")
def bare(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment holding the wheel alone: no extra, no dependency."""
    venv = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = [str(python), "-m", "pip", "install", "--quiet", "--no-index", str(_wheel(dist))]
    subprocess.run(install, check=True, timeout=300)
    return venv


def test_the_wheel_alone_in_a_fresh_environment_plays_a_game(bare: Path) -> None:
    play = (
        "from bamboo_lab.games import replay\n"
        "from bamboo_lab.sim import play_game\n"
        "from bamboo_lab import exercises\n"
        "record, outcome = play_game('takenoko', 'random', seed=3)\n"
        "assert replay(record)[-1].is_over() and outcome.winners\n"
        "assert exercises.feedback('takenoko-1', None).startswith('no answer yet')\n"
        "print('played', len(record.actions))\n"
    )
    python = str(bare / "bin" / "python")
    done = subprocess.run([python, "-c", play], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("played"), done.stderr[-2000:]
    version = subprocess.run([str(bare / "bin" / "bamboo-lab"), "--version"], capture_output=True)
    assert version.stdout.decode().strip() == f"bamboo-lab {bamboo_lab.__version__}"


@pytest.mark.parametrize(
    ("code", "package", "extra"),
    [
        ("import bamboo_lab.viz", "plotly", "lab"),
        ("import bamboo_lab.widgets", "ipywidgets", "lab"),
        ("from bamboo_lab.envs import env; env('takenoko')", "pettingzoo", "rl"),
        ("import bamboo_lab.sim as s; s.simulate('bamboo', 'random', 2, 1)", "pandas", "lab"),
    ],
)
def test_without_an_extra_the_refusal_is_one_line_naming_it(
    bare: Path, code: str, package: str, extra: str
) -> None:
    python = str(bare / "bin" / "python")
    done = subprocess.run([python, "-c", code], capture_output=True, text=True)
    last = done.stderr.strip().splitlines()[-1]
    assert done.returncode == 1 and last.startswith("bamboo_lab.core.extras.MissingExtraError:")
    assert f"needs {package}, which is not installed: pip install 'bamboo-lab[{extra}]'" in last


def test_the_command_line_without_the_lab_extra_says_so_in_one_line(bare: Path) -> None:
    command = [str(bare / "bin" / "bamboo-lab"), "simulate", "takenoko", "--games", "2"]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "pip install 'bamboo-lab[lab]'" in done.stderr
