"""Look at notebooks as a student does: open each in JupyterLab in Debian's chromium, Run All,
and save screenshots of the whole page, screen by screen.

    .venv/bin/python tools/look_notebook.py notebooks/10-takenoko-rules.ipynb [more ...]

Screenshots go to ``/tmp/look/<name>-NN.png`` (``--out DIR`` to change); errors shown by cells
are listed. The server runs on a temporary copy of the repository's notebooks and docs.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab import CHROMIUM, LAUNCH_ARGS, Lab, jupyter_lab  # noqa: E402

_SCROLLER = """() => {
  const panel = window.jupyterapp.shell.currentWidget.node;
  const scrollable = [panel, ...panel.querySelectorAll('*')]
    .filter(e => e.scrollHeight > e.clientHeight + 10
      && getComputedStyle(e).overflowY !== 'visible');
  scrollable.sort((a, b) => b.scrollHeight - a.scrollHeight);
  return scrollable[0] || panel;
}"""


def _serve_copy(into: Path) -> None:
    """Copy notebooks and docs into ``into`` and turn off the notebook's windowing (every cell
    drawn, so scrolling shows them all)."""
    shutil.copytree(ROOT / "notebooks", into / "notebooks", ignore=shutil.ignore_patterns(".*"))
    shutil.copytree(ROOT / "docs", into / "docs")
    tracker = into / ".lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))


def look(names: list[str], out: Path, timeout_s: float) -> int:
    """Screenshot each notebook after Run All; return how many showed an unexpected error."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        _serve_copy(Path(tmp))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        with jupyter_lab(Path(tmp)) as base:
            for name in names:
                stem = Path(name).stem
                page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
                lab = Lab(page, base)
                lab.open(f"notebooks/{Path(name).name}", timeout_s=timeout_s)
                page.evaluate("window.jupyterapp.shell.collapseLeft()")  # the page's full width
                height = page.evaluate(f"() => ({_SCROLLER})().scrollHeight")
                step = page.evaluate(f"() => ({_SCROLLER})().clientHeight") - 60
                shots = 0
                for top in range(0, max(1, int(height)), max(200, int(step))):
                    page.evaluate(f"() => {{ ({_SCROLLER})().scrollTop = {top}; }}")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"{stem}-{shots:02d}.png"))
                    shots += 1
                errors = [e for e in lab.errors() if not e.expected]
                failures += bool(errors)
                print(f"{stem}: {shots} screenshots in {out}; errors: {errors or 'none'}")
                page.context.close()
        browser.close()
    return failures


def main() -> None:
    """Parse the command line and look at each notebook named."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", help="notebook paths")
    parser.add_argument("--out", type=Path, default=Path("/tmp/look"), help="screenshot folder")
    parser.add_argument("--timeout", type=float, default=600, help="seconds for Run All")
    args = parser.parse_args()
    sys.exit(1 if look(args.notebooks, args.out, args.timeout) else 0)


if __name__ == "__main__":
    main()
