"""Binder's environment, built the way repo2docker builds it: a fresh virtual environment holding
what repo2docker's base image ships that clashes with us, then binder/requirements.txt and
binder/postBuild alone, then the start notebook and a play notebook executed in it (a missing
pin, a conflict or a broken postBuild fails here, not in front of a class)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ("00-start-here.ipynb", "12-takenoko-play.ipynb")
BASE_IMAGE = ("notebook==7.4.7",)
"""What repo2docker's Python 3.11 base environment ships that our pins must agree with."""


def run(cmd: list[str], cwd: Path, env: dict[str, str]) -> None:
    """Run ``cmd``; fail the test with its output when it fails."""
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=1500)
    assert done.returncode == 0, f"{' '.join(cmd)}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A fresh environment with binder/requirements.txt installed and binder/postBuild run."""
    base = tmp_path_factory.mktemp("binder")
    repo = base / "repo"  # postBuild installs "." from a copy, as repo2docker's checkout
    shutil.copytree(
        ROOT,
        repo,
        ignore=shutil.ignore_patterns(
            ".venv", ".git", "test-artifacts", "*.egg-info", "__pycache__", "build"
        ),
    )
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    home = base / "home"
    home.mkdir()
    env = {
        **os.environ,
        "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "VIRTUAL_ENV": str(venv),
        "HOME": str(home),
        "TQDM_DISABLE": "1",
        "BAMBOO_LAB_N_GAMES": "20",
    }
    env.pop("PYTHONPATH", None)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    run([*pip, *BASE_IMAGE], repo, env)
    run([*pip, "-r", "binder/requirements.txt"], repo, env)
    run(["bash", "binder/postBuild"], repo, env)
    return repo, env


def test_postBuild_installs_the_package_and_turns_off_the_news(
    binder_env: tuple[Path, dict[str, str]],
) -> None:
    _, env = binder_env
    python = str(Path(env["VIRTUAL_ENV"]) / "bin" / "python")
    code = "import bamboo_lab, plotly, ipywidgets, anywidget, pandas; print(bamboo_lab.__file__)"
    out = subprocess.run([python, "-c", code], cwd="/", env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "site-packages" in out.stdout  # the installed package, not the checkout
    overrides = Path(env["VIRTUAL_ENV"]) / "share/jupyter/lab/settings/overrides.json"
    assert overrides.read_text() == (ROOT / "binder" / "overrides.json").read_text()


def test_the_binder_environment_has_no_conflict_and_no_kaleido(
    binder_env: tuple[Path, dict[str, str]],
) -> None:
    """``pip check`` passes over the base image's packages and ours; no PNG exporter (Binder has
    no chromium)."""
    _, env = binder_env
    python = str(Path(env["VIRTUAL_ENV"]) / "bin" / "python")
    check = subprocess.run([python, "-m", "pip", "check"], env=env, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout[-2000:]
    kaleido = subprocess.run([python, "-c", "import kaleido"], env=env, capture_output=True)
    assert kaleido.returncode != 0


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_in_the_binder_environment(
    binder_env: tuple[Path, dict[str, str]], name: str, tmp_path: Path
) -> None:
    repo, env = binder_env
    jupyter = str(Path(env["VIRTUAL_ENV"]) / "bin" / "jupyter")
    cmd = [jupyter, "nbconvert", "--to", "notebook", "--execute", "--output-dir", str(tmp_path)]
    cmd.append("--ExecutePreprocessor.timeout=600")
    run([*cmd, f"notebooks/{name}"], repo, env)
    assert (tmp_path / name).exists()
