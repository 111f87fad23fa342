"""Build the course as a JupyterLite site: every notebook runs in the browser, nothing installed.

``make lite`` runs this. The site (``build/lite/`` by default) is static files: any web server or
GitHub Pages serves it, and a student opens a link. Python runs in the browser with Pyodide.

What goes in, each pinned:

- the JupyterLite app and its Pyodide kernel (``jupyterlite-core`` and
  ``jupyterlite-pyodide-kernel``, from constraints.txt);
- the Pyodide runtime from npm's ``pyodide`` package, at the version the kernel is built for
  (``loadPyodide`` refuses any other: a mismatch stops the build here, in one line);
- a Pyodide lock (``static/pyodide/pyodide-lock.json``) whose entries for the kernel and the
  course point at wheels served by the site, each with its real sha256: the pure-Python wheels
  Pyodide's own distribution has (``micropip``, IPython and the rest, fetched from PyPI at the
  lock's versions), the ones it lacks (Plotly, ipywidgets, anywidget, ...: constraints.txt's
  versions) and bamboo_lab's own wheel, built from this checkout. ``import bamboo_lab`` loads
  the package, Plotly and ipywidgets with no install cell. Every other entry (numpy and pandas
  among them: compiled, and on no package registry for this runtime) points at Pyodide's
  distribution online, which only the simulation and analysis notebooks use;
- the notebooks, as committed;
- JupyterLab's settings overrides (``binder/overrides.json``, as ``make lab`` and Binder use).

Usage::

    .venv/bin/python tools/build_lite.py                     # build/lite/
    .venv/bin/python tools/build_lite.py --output DIR --cache DIR
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

PYODIDE_VERSION = "314.0.6"
"""The Pyodide runtime the site serves (npm's ``pyodide`` package): the kernel's own version."""
PYODIDE_DISTRIBUTION = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
"""Where the packages the site does not serve (numpy, pandas, ...) load from when online."""
KERNEL_PACKAGES = ("micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "ipython", "jedi")
"""What the kernel loads as it starts (listed, they load at once from the lock, offline)."""
ADDED_WHEELS = (
    "plotly",
    "ipywidgets",
    "anywidget",
    "psygnal",
    "comm",
    "jupyterlab-widgets",
)
"""Pure-Python wheels that Pyodide's distribution lacks, at constraints.txt's versions."""
COURSE_DEPENDS = ("plotly", "ipywidgets", "anywidget", "tqdm")
"""What ``import bamboo_lab`` loads with it: the pictures, the boards, the progress bars."""
PURE_WHEEL = re.compile(r"-py[23.]*(?:\.py3)?-none-any\.whl$")
"""A wheel file name that runs on any Python 3 (no compiled code)."""
MARKER_ENVIRONMENT = {
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "os_name": "posix",
    "extra": "",
}
"""Pyodide 314's answers to the environment markers of a wheel's requirements."""


class BuildError(Exception):
    """A reason the site cannot be built, said in one line."""


def normalized(name: str) -> str:
    """A package name as Pyodide's lock keys it (PEP 503, lower case, ``-``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def kernel_pyodide_version() -> str:
    """The Pyodide version the installed JupyterLite kernel is built for."""
    from jupyterlite_pyodide_kernel import constants

    return str(constants.PYODIDE_VERSION)


def check_versions(runtime: str, kernel: str) -> None:
    """Refuse a runtime the kernel cannot load (``loadPyodide`` checks the version itself)."""
    if runtime != kernel:
        raise BuildError(
            f"the Pyodide runtime {runtime} does not match the kernel's Pyodide {kernel}: "
            "pin PYODIDE_VERSION in tools/build_lite.py to the kernel's"
        )


def npm() -> str:
    """The npm command, or a BuildError saying what to install."""
    found = shutil.which("npm")
    if found is None:
        raise BuildError(
            "npm is missing: install Node.js's npm (Debian: apt-get install npm) to fetch Pyodide"
        )
    return found


def pinned_versions(constraints: Path) -> dict[str, str]:
    """``name -> version`` from a pip constraints file (``name==version`` lines)."""
    pins: dict[str, str] = {}
    for line in constraints.read_text(encoding="utf-8").splitlines():
        name, separator, version = line.split("#")[0].strip().partition("==")
        if separator:
            pins[normalized(name)] = version.strip()
    return pins


def fetch_runtime(cache: Path) -> Path:
    """npm's ``pyodide`` package at ``PYODIDE_VERSION``, unpacked in ``cache`` (once)."""
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if (unpacked / "pyodide.mjs").exists():
        return unpacked
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [npm(), "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"],
        cwd=cache,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    archive = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    staging = Path(tempfile.mkdtemp(dir=cache))
    with tarfile.open(archive) as tar:
        tar.extractall(staging, filter="data")
    (staging / "package").rename(unpacked)
    staging.rmdir()
    archive.unlink()
    return unpacked


def download_wheel(name: str, version: str, wheels: Path) -> Path:
    """The pure-Python wheel ``name==version`` from PyPI, in ``wheels`` (once)."""
    prefix = re.sub(r"[-.]+", "_", name).lower()
    for found in wheels.glob("*.whl"):
        stem = found.name.lower()
        if stem.startswith(f"{prefix}-{version}-") and PURE_WHEEL.search(found.name):
            return found
    wheels.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run(
            [
                *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"),
                *("--only-binary=:all:", "--platform", "any", "--implementation", "py"),
                *("--python-version", "3.14", "--abi", "none", "-d", scratch),
                f"{name}=={version}",
            ],
            check=True,
        )
        (downloaded,) = Path(scratch).glob("*.whl")
        return Path(shutil.move(downloaded, wheels / downloaded.name))


def build_own_wheel(wheels: Path) -> Path:
    """bamboo_lab's wheel, built from this checkout."""
    for old in wheels.glob("bamboo_lab-*.whl"):
        old.unlink()
    wheels.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), ROOT],
        check=True,
    )
    (wheel,) = wheels.glob("bamboo_lab-*.whl")
    return wheel


def sha256(path: Path) -> str:
    """The file's sha256, in hex (the lock's form)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """A wheel's name, version, requirements for Pyodide and top-level import names."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata_path,) = [n for n in names if n.count("/") == 1 and n.endswith("/METADATA")]
        metadata = email.parser.Parser().parsestr(archive.read(metadata_path).decode("utf-8"))
    requirements = [r for r in metadata.get_all("Requires-Dist") or [] if applies(r)]
    top = {n.split("/")[0] for n in names if "/" in n and n.split("/")[0].isidentifier()}
    modules = {n[:-3] for n in names if "/" not in n and n.endswith(".py")}
    return metadata["Name"], metadata["Version"], requirements, sorted(top | modules)


def applies(requirement: str) -> bool:
    """Whether a ``Requires-Dist`` line is needed in Pyodide (no extra; its marker holds)."""
    from packaging.requirements import Requirement

    parsed = Requirement(requirement)
    return parsed.marker is None or parsed.marker.evaluate(MARKER_ENVIRONMENT)


def requirement_name(requirement: str) -> str:
    """The normalized package name a requirement line names."""
    from packaging.requirements import Requirement

    return normalized(Requirement(requirement).name)


def closure(lock: dict[str, Any], roots: Iterable[str]) -> set[str]:
    """``roots`` and everything their lock entries depend on."""
    seen: set[str] = set()
    pending = [normalized(root) for root in roots]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        if name not in lock:
            raise BuildError(f"the lock has no package {name!r}")
        seen.add(name)
        pending.extend(normalized(d) for d in lock[name]["depends"])
    return seen


def entry(wheel: Path, depends: list[str], imports: list[str]) -> dict[str, Any]:
    """A lock entry for a wheel served beside the lock."""
    name, version, _, _ = wheel_metadata(wheel)
    return {
        "name": normalized(name),
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(depends),
        "unvendored_tests": False,
    }


def make_lock(runtime: Path, cache: Path, served: Path) -> dict[str, Any]:
    """Pyodide's lock with the kernel's and the course's wheels served from ``served``."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, Any] = lock["packages"]
    wheels = cache / "wheels"
    pins = pinned_versions(ROOT / "constraints.txt")
    added: list[Path] = [build_own_wheel(cache / "own")]
    kernel_wheels = Path(kernel_static()) / "pypi"
    added += [w for w in kernel_wheels.glob("*.whl") if not w.name.startswith("widgetsnb")]
    added.append(max(kernel_wheels.glob("widgetsnbextension-4.*.whl")))
    added += [download_wheel(name, pins[name], wheels) for name in ADDED_WHEELS]
    for wheel in added:
        name, _, requirements, imports = wheel_metadata(wheel)
        depends = [requirement_name(r) for r in requirements]
        if normalized(name) == "bamboo-lab":
            depends = list(COURSE_DEPENDS)
        packages[normalized(name)] = entry(wheel, depends, imports)
        shutil.copy2(wheel, served / wheel.name)
    known = set(packages)
    for name in [normalized(n) for n in (*KERNEL_PACKAGES, "bamboo-lab")]:
        missing = [d for d in packages[name]["depends"] if normalized(d) not in known]
        if missing:
            raise BuildError(f"{name} needs {', '.join(missing)}, which no wheel provides")
    needed = closure(packages, [*KERNEL_PACKAGES, "bamboo-lab"])
    own = {normalized(wheel_metadata(w)[0]) for w in added}
    for name, package in packages.items():
        if name in own:
            continue
        if name in needed:
            if not PURE_WHEEL.search(package["file_name"]):
                raise BuildError(f"{name} is compiled: the site cannot serve it offline")
            wheel = download_wheel(name, package["version"], wheels)
            package["file_name"], package["sha256"] = wheel.name, sha256(wheel)
            shutil.copy2(wheel, served / wheel.name)
        else:
            package["file_name"] = PYODIDE_DISTRIBUTION + package["file_name"]
    return lock


SETTINGS_OVERRIDES = ROOT / "binder" / "overrides.json"
"""JupyterLab's settings overrides, the same for ``make lab``, Binder and this site."""


def kernel_static() -> Path:
    """The installed Pyodide kernel labextension's static folder (its shim wheels)."""
    found = sorted(
        Path(sys.prefix).glob(
            "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static"
        )
    )
    if not found:
        raise BuildError("jupyterlite-pyodide-kernel is not installed: run make lite")
    return found[0]


def lite_settings() -> dict[str, Any]:
    """``jupyter-lite.json``: the kernel loads its packages from the site's lock, never PyPI."""
    kernel = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": list(KERNEL_PACKAGES)},
    }
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "bamboo_lab",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
        },
    }


def write_settings(lite_dir: Path) -> None:
    """Write the site's settings into ``lite_dir``: ``jupyter-lite.json``, and JupyterLab's
    settings overrides as ``make lab`` and Binder install them (no news pop-up, Markdown opened
    rendered), which ``jupyter lite build`` merges into jupyter-lite.json's settingsOverrides."""
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_settings()), "utf-8")
    shutil.copy(SETTINGS_OVERRIDES, lite_dir / "overrides.json")


def build(output: Path, cache: Path) -> None:
    """Build the site into ``output``."""
    check_versions(PYODIDE_VERSION, kernel_pyodide_version())
    runtime = fetch_runtime(cache / "npm")
    with tempfile.TemporaryDirectory() as scratch:
        lite_dir = Path(scratch)
        served = lite_dir / "static" / "pyodide"
        shutil.copytree(runtime, served)
        lock = make_lock(runtime, cache, served)
        (served / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
        write_settings(lite_dir)
        if output.exists():
            shutil.rmtree(output)
        subprocess.run(
            [
                *(sys.executable, "-m", "jupyterlite_core", "build", "--no-sourcemaps"),
                *("--lite-dir", str(lite_dir), "--output-dir", str(output.resolve())),
                *("--contents", str(ROOT / "notebooks")),
            ],
            check=True,
            cwd=lite_dir,
        )


def main(argv: list[str] | None = None) -> int:
    """Build the site; a reason it cannot be built in one line, exit status 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-cache")
    arguments = parser.parse_args(argv)
    try:
        build(arguments.output, arguments.cache)
    except BuildError as error:
        print(f"make lite: {error}", file=sys.stderr)
        return 1
    print(f"The course runs in the browser from {arguments.output}/ (serve it over HTTP)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
