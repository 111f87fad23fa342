"""Strip what executing a notebook leaves behind and no reader needs: saved widget state,
execution timestamps, and this machine's paths in tracebacks (``make clean-notebooks``).

Outputs and pictures stay: the notebooks are committed executed. Each is written as JupyterLab
saves it (``format_notebooks.notebook_text``), so that opening and saving it changes nothing.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from format_notebooks import notebook_text  # noqa: E402

_PATH = re.compile(r"(/[\w.-]+)+/(?=(bamboo_lab|notebooks|tests)/)")
_SITE = re.compile(r"(/[\w.-]+)+/site-packages/")


def _unpath(text: str) -> str:
    """``text`` with absolute paths cut to the repository's (or to ``site-packages/``)."""
    return _SITE.sub("site-packages/", _PATH.sub("", text))


def clean(nb: dict[str, Any]) -> dict[str, Any]:
    """The notebook without widget state, timestamps and machine paths (changed in place)."""
    nb["metadata"].pop("widgets", None)
    for cell in nb["cells"]:
        cell["metadata"].pop("execution", None)
        for out in cell.get("outputs", []):
            if out["output_type"] == "error":
                out["traceback"] = [_unpath(line) for line in out["traceback"]]
                out["evalue"] = _unpath(out["evalue"])
            elif out["output_type"] == "stream":
                text = out["text"]
                out["text"] = _unpath(text) if isinstance(text, str) else list(map(_unpath, text))
    return nb


def main(paths: list[str]) -> None:
    """Clean each notebook named (all of ``notebooks/`` when none is)."""
    files = [Path(p) for p in paths] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in files:
        nb = json.loads(path.read_text(encoding="utf-8"))
        text = notebook_text(clean(nb))
        if text != path.read_text(encoding="utf-8"):
            path.write_text(text, encoding="utf-8")
            print(f"cleaned {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
