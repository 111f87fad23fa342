"""Packaging, Binder and the two commands: the files a fresh machine and Binder rely on."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _pins(path: Path) -> dict[str, str]:
    pins = {}
    for line in path.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"{path.name}: {line!r} is not pinned with =="
            pins[_canon(name)] = version
    return pins


def _canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement_names(reqs: list[str]) -> set[str]:
    return {_canon(re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0]) for r in reqs}


def test_rules_library_has_no_runtime_dependencies() -> None:
    assert PYPROJECT["project"]["dependencies"] == []
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"


def test_binder_pins_every_notebook_dependency() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    needed = _requirement_names(PYPROJECT["project"]["dependencies"] + extras["lab"])
    pinned = _pins(ROOT / "binder" / "requirements.txt")
    assert needed <= set(pinned), f"missing from binder/requirements.txt: {needed - set(pinned)}"
    assert not any(
        line.strip().startswith(("-e", "."))
        for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    )


def _group_requirements() -> list[str]:
    """The requirement strings of every dependency group (``include-group`` tables left out)."""
    groups = PYPROJECT["dependency-groups"].values()
    return [r for group in groups for r in group if isinstance(r, str)]


def test_constraints_pin_every_dependency_and_agree_with_binder() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    needed = _requirement_names([r for group in extras.values() for r in group])
    needed |= _requirement_names(_group_requirements())
    pinned = _pins(ROOT / "constraints.txt")
    assert needed <= set(pinned), f"missing from constraints.txt: {needed - set(pinned)}"
    binder = _pins(ROOT / "binder" / "requirements.txt")
    clashes = {n: (v, pinned[n]) for n, v in binder.items() if n in pinned and pinned[n] != v}
    assert not clashes, f"binder and constraints disagree: {clashes}"


def test_binder_runtime_and_post_build() -> None:
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    post = ROOT / "binder" / "postBuild"
    text = post.read_text()
    assert text.startswith("#!/bin/bash") and "set -e" in text
    assert "pip install --no-deps ." in text and "cp binder/overrides.json" in text
    assert "fetchNews" in (ROOT / "binder" / "overrides.json").read_text()
    assert os.access(post, os.X_OK)
    assert not (ROOT / ".binder").exists() and not (ROOT / "binder" / "environment.yml").exists()


def test_readme_shows_the_two_commands_and_ci_runs_make_test() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text()
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"notebooks/{notebook.name}" in readme, f"README does not link {notebook.name}"


BINDER_LINK = re.compile(
    r"https://mybinder\.org/v2/gh/bamboo-lab/bamboo_lab/(?P<ref>[^/?]+)"
    r"\?urlpath=lab/tree/(?P<path>notebooks/[^)\s]+\.ipynb)"
)


def test_readme_binder_links_launch_every_notebook_from_the_main_branch() -> None:
    """Every Binder link names the main branch, or the release tag of the version the package
    has (a link a class pins: CONTRIBUTING, "Cutting a release"), and an existing file; every
    notebook has a link on main."""
    import bamboo_lab

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = [m for m in BINDER_LINK.finditer(readme)]
    assert links, "README has no Binder launch link"
    assert readme.count("mybinder.org/v2/") == len(links), "a Binder link has another form"
    release = f"v{bamboo_lab.__version__}"
    for link in links:
        assert link["ref"] in ("main", release), f"Binder link points at {link['ref']!r}"
        assert (ROOT / link["path"]).is_file(), f"Binder link to a missing {link['path']}"
    launched = {link["path"] for link in links if link["ref"] == "main"}
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"notebooks/{notebook.name}" in launched, f"no Binder link for {notebook.name}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read()


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, bool]]:
    """JupyterLab started by `make lab` (or by jupyter itself outside the project's .venv).

    Yields the server's base URL and whether it was started by `make lab`.
    """
    tmp_path = tmp_path_factory.mktemp("lab")
    port = _free_port()
    args = f"--no-browser --port={port} --IdentityProvider.token=ci --ServerApp.ip=127.0.0.1"
    by_make = (ROOT / ".venv" / ".installed").exists() and Path(sys.prefix) == ROOT / ".venv"
    if by_make:
        cmd = ["make", "-s", "lab", f"LAB_ARGS={args}"]
    else:
        cmd = [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "notebooks/00-start-here.ipynb",
            "--allow-root",
            *args.split(),
        ]
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(tmp_path),
        "JUPYTERLAB_SETTINGS_DIR": str(tmp_path),
    }
    proc = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        status = None
        while time.monotonic() < deadline and status != 200:
            time.sleep(0.5)
            if proc.poll() is not None:
                pytest.fail(f"jupyter lab exited with {proc.returncode}")
            try:
                status, _ = _get(f"{base}/lab?token=ci")
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                continue
        assert status == 200, "JupyterLab did not answer within 90 s"
        yield base, by_make
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


def test_make_lab_serves_jupyterlab(lab_server: tuple[str, bool]) -> None:
    """`make lab LAB_ARGS="--no-browser ..."` starts JupyterLab and /lab answers 200."""
    base, _ = lab_server
    assert _get(f"{base}/lab?token=ci")[0] == 200


def test_make_lab_is_rooted_at_the_repository(lab_server: tuple[str, bool]) -> None:
    """The file browser shows the repository, so docs/ is reachable next to notebooks/."""
    base, by_make = lab_server
    if not by_make:
        pytest.skip("only `make lab` promises the repository root")
    status, body = _get(f"{base}/api/contents?token=ci")
    names = {item["name"] for item in json.loads(body)["content"]}
    assert status == 200 and {"docs", "notebooks", "README.md"} <= names, names
    status, body = _get(f"{base}/api/contents/docs/rules?token=ci")
    assert status == 200 and json.loads(body)["type"] == "directory"


def test_make_lab_turns_off_the_news_pop_up_as_binder_does(lab_server: tuple[str, bool]) -> None:
    """`make lab` serves the notification settings that binder/postBuild installs for Binder."""
    base, by_make = lab_server
    if not by_make:
        pytest.skip("the settings overrides are installed by `make lab`")
    overrides = json.loads((ROOT / "binder" / "overrides.json").read_text())
    written = overrides["@jupyterlab/apputils-extension:notification"]
    status, body = _get(
        f"{base}/lab/api/settings/@jupyterlab/apputils-extension:notification?token=ci"
    )
    properties = json.loads(body)["schema"]["properties"]
    served = {name: properties[name]["default"] for name in written}
    assert status == 200 and served == written == {"fetchNews": "false", "checkForUpdates": False}


def test_development_tools_are_dependency_groups_not_a_published_extra() -> None:
    """PEP 735 groups stay out of the wheel's metadata; `make` installs them with pip's --group,
    which the venv's pip (upgraded by the $(STAMP) rule) has from 25.1 on."""
    extras = PYPROJECT["project"]["optional-dependencies"]
    groups = PYPROJECT["dependency-groups"]
    assert "test" not in extras and set(extras) == {"lab", "pictures", "docs", "rl"}
    assert {"include-group": "test-engines"} in groups["test"]
    tools = _requirement_names(_group_requirements())
    assert {"pytest", "ruff", "mypy", "playwright", "build", "hypothesis"} <= tools
    assert not tools & _requirement_names([r for extra in extras.values() for r in extra]) - {
        "pandas",
        "numpy",
        "tqdm",
    }, "a development tool is also a published extra"
    makefile = (ROOT / "Makefile").read_text()
    assert '-e ".[lab,rl,pictures,docs]" --group test' in makefile
    assert "pip install --quiet --upgrade pip" in makefile
    pip = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True, text=True)
    major, minor = map(int, pip.stdout.split()[1].split(".")[:2])
    assert (major, minor) >= (25, 1), pip.stdout


ENGINE_TESTS = " ".join(
    [
        *("tests/core", "tests/takenoko", "tests/bamboo", "tests/bangkok", "tests/sim"),
        *("tests/test_conformance.py", "tests/test_determinism.py", "tests/test_golden.py"),
        "tests/test_registry.py",
    ]
)
"""The engines', records' and simulations' tests: CI runs them on every supported Python, and
they run from an unpacked source archive."""
SDIST_RUN = "tests/core tests/test_golden.py tests/test_registry.py tests/bangkok"
"""The part of them the source-archive test runs whole (the rest it collects)."""


def test_the_tests_workflow_runs_the_engine_tests_on_every_supported_python() -> None:
    workflow = (ROOT / ".github" / "workflows" / "tests.yml").read_text()
    assert ENGINE_TESTS in workflow
    for version in ("3.12", "3.13"):
        assert f'"{version}"' in workflow
    classifiers = PYPROJECT["project"]["classifiers"]
    supported = {c.rsplit(" :: ", 1)[1] for c in classifiers if re.search(r"Python :: 3\.\d+$", c)}
    assert supported == {"3.11", "3.12", "3.13"}
    assert "bash .ci/run" in workflow and "python:3.11-bookworm" in workflow
    assert "--group test-engines" in workflow
    for path in ENGINE_TESTS.split():
        assert (ROOT / path).exists(), path


@pytest.fixture(scope="module")
def unpacked_sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The source archive, built by ``python -m build --sdist`` and unpacked."""
    import tarfile

    out = tmp_path_factory.mktemp("sdist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (archive,) = out.glob("*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(out, filter="data")
    (top,) = (path for path in out.iterdir() if path.is_dir())
    return top


def test_the_sdist_carries_the_whole_test_suite_and_what_it_reads(unpacked_sdist: Path) -> None:
    for name in ("conftest.py", "harness.py", "data/takenoko/golden-2p.json", "race_game"):
        assert (unpacked_sdist / "tests" / name).exists(), name
    shipped = {p.relative_to(unpacked_sdist) for p in (unpacked_sdist / "tests").rglob("*.py")}
    ours = {
        p.relative_to(ROOT) for p in (ROOT / "tests").rglob("*.py") if "__pycache__" not in p.parts
    }
    assert ours <= shipped, sorted(map(str, ours - shipped))[:5]
    assert (unpacked_sdist / "docs" / "games" / "takenoko.md").is_file()
    assert (unpacked_sdist / "CITATION.cff").is_file()
    assert not list(unpacked_sdist.rglob("*.pyc"))


def test_pytest_from_the_unpacked_sdist_passes_the_engine_tests(unpacked_sdist: Path) -> None:
    """Run from the archive's folder, its own package is imported (not this checkout's)."""
    env = {**os.environ, "BAMBOO_LAB_CONFORMANCE": "2", "PYTHONDONTWRITEBYTECODE": "1"}
    where = subprocess.run(
        [sys.executable, "-c", "import bamboo_lab; print(bamboo_lab.__file__)"],
        cwd=unpacked_sdist,
        env=env,
        capture_output=True,
        text=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(unpacked_sdist), where.stdout
    pytest_command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    collected = subprocess.run(
        [*pytest_command, "--collect-only", *ENGINE_TESTS.split()],
        cwd=unpacked_sdist,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert collected.returncode == 0, collected.stdout[-3000:]
    assert int(re.search(r"(\d+) tests? collected", collected.stdout)[1]) > 1000
    ran = subprocess.run(
        [*pytest_command, "-m", "not slow", *SDIST_RUN.split()],
        cwd=unpacked_sdist,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert ran.returncode == 0, ran.stdout[-3000:]
    assert re.search(r"\d+ passed", ran.stdout) and " failed" not in ran.stdout
