"""Format the notebooks' code cells with ruff, leaving every output's value as it was saved
(``ruff format`` on a notebook rewrites its outputs' numbers too), and write each notebook
exactly as JupyterLab saves it, so that opening and saving a committed notebook changes no byte.

    python tools/format_notebooks.py            # format notebooks/*.ipynb (or the ones named)
    python tools/format_notebooks.py --check    # exit 1, naming them, if any is unformatted

JupyterLab saves what the browser holds: the notebook goes through JavaScript, whose numbers
have no integer type (``1.0`` comes back as ``1``, ``-0.0`` as ``0``, an integer past 2**53
rounded), then the server writes it with nbformat: ``json.dumps(indent=1, sort_keys=True,
ensure_ascii=False)`` and a final newline. :func:`notebook_text` does both.
"""

from __future__ import annotations

import argparse
import decimal
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

JAVASCRIPT_EXACT = 2**53
"""Integers below this are exact in JavaScript's numbers (IEEE doubles)."""
JAVASCRIPT_EXPONENT = 1e21
"""From this magnitude on, JavaScript writes a number with an exponent (a float to Python)."""


def javascript_number(number: float) -> float:
    """``number`` as it comes back from JavaScript's ``JSON.stringify``: rounded to a double,
    and a whole number below 1e21 written as an int (``1.0`` to ``1``, ``-0.0`` to ``0``) with
    the double's shortest digits (``2**64`` to ``18446744073709552000``)."""
    as_double = float(number)
    if as_double.is_integer() and abs(as_double) < JAVASCRIPT_EXPONENT:
        return int(decimal.Decimal(repr(as_double)))
    return as_double


def as_in_the_browser(value: Any) -> Any:
    """``value`` (a notebook, or any part of one) with every number as JavaScript gives it back."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and abs(value) < JAVASCRIPT_EXACT:
        return value
    if isinstance(value, (int, float)):
        return javascript_number(value)
    if isinstance(value, dict):
        return {key: as_in_the_browser(item) for key, item in value.items()}
    if isinstance(value, list):
        return [as_in_the_browser(item) for item in value]
    raise TypeError(f"not JSON: {value!r}")


def notebook_text(notebook: dict[str, Any]) -> str:
    """The file JupyterLab 4 saves for ``notebook``: its numbers through JavaScript, then what
    the server's ``nbformat.write`` makes of it (text split into lines, transient keys dropped,
    one-space indent, sorted keys, text as is) and a final newline. A NaN or an infinity, which
    JupyterLab cannot read, is an error."""
    import nbformat

    browser = nbformat.from_dict(as_in_the_browser(notebook))
    text = nbformat.writes(browser, version=nbformat.NO_CONVERT, allow_nan=False)
    return text if text.endswith("\n") else text + "\n"


def _source(cell: dict[str, Any]) -> str:
    """A cell's source as one string."""
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def formatted(sources: list[str]) -> list[str]:
    """Each source as ``ruff format`` (the project's settings) writes it, without the final
    newline a notebook cell does not keep."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = [Path(tmp) / f"cell_{index}.py" for index in range(len(sources))]
        for path, text in zip(paths, sources, strict=True):
            path.write_text(text + "\n", encoding="utf-8")
        command = [sys.executable, "-m", "ruff", "format", "--quiet"]
        command += ["--config", str(ROOT / "pyproject.toml"), tmp]
        subprocess.run(command, check=True)
        return [path.read_text(encoding="utf-8").rstrip("\n") for path in paths]


def main() -> None:
    """Format (or with ``--check`` only inspect) each notebook named, all of them by default."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="notebook paths")
    parser.add_argument("--check", action="store_true", help="change nothing; fail if unformatted")
    args = parser.parse_args()
    files = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    notebooks = {path: json.loads(path.read_text(encoding="utf-8")) for path in files}
    cells = [
        (path, index, cell)
        for path, notebook in notebooks.items()
        for index, cell in enumerate(notebook["cells"])
        if cell["cell_type"] == "code"
    ]
    new_sources = formatted([_source(cell) for _, _, cell in cells])
    changed: dict[Path, list[int]] = {path: [] for path in files}
    for (path, index, cell), new in zip(cells, new_sources, strict=True):
        if new != _source(cell):
            changed[path].append(index)
            cell["source"] = new.splitlines(keepends=True)
    unformatted = 0
    for path, indices in changed.items():
        text = notebook_text(notebooks[path])
        if not indices and text == path.read_text(encoding="utf-8"):
            continue
        unformatted += 1
        what = f"cells {indices}" if indices else "the file is not as JupyterLab saves it"
        if args.check:
            print(f"{path.name}: {what} (run python tools/format_notebooks.py)")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"formatted {path.name}: {what}")
    sys.exit(1 if args.check and unformatted else 0)


if __name__ == "__main__":
    main()
