"""Format the notebooks' code cells with ruff, leaving every output exactly as it was saved
(``ruff format`` on a notebook rewrites its outputs' numbers too).

    python tools/format_notebooks.py            # format notebooks/*.ipynb (or the ones named)
    python tools/format_notebooks.py --check    # exit 1, naming the cells, if any is unformatted
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


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
    changed = {}
    for (path, index, cell), new in zip(cells, new_sources, strict=True):
        if new != _source(cell):
            changed.setdefault(path, []).append(index)
            cell["source"] = new.splitlines(keepends=True)
    for path, indices in changed.items():
        if args.check:
            print(f"{path.name}: cells {indices} are not formatted")
        else:
            text = json.dumps(notebooks[path], indent=1, ensure_ascii=False, sort_keys=True)
            path.write_text(text + "\n", encoding="utf-8")
            print(f"formatted {path.name}: cells {indices}")
    sys.exit(1 if args.check and changed else 0)


if __name__ == "__main__":
    main()
