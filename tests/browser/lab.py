"""Drive JupyterLab in Debian's chromium with Python Playwright (no browser download).

``jupyter_lab(root)`` serves a temporary copy of the notebooks on 127.0.0.1; ``Lab.open(name)``
opens one, runs every cell ("Run All Cells", as a student does) and waits for the kernel.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import lite_site  # chromium's path and flags, said once (tools/lite_site.py)

CHROMIUM = lite_site.CHROMIUM
"""Debian's chromium; the tests skip when it is absent."""
LAUNCH_ARGS = lite_site.BROWSER_ARGS
"""Headless chromium as root in a container, with none of its own calls home."""

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
"""The repository's notebooks (copied before a server sees them)."""

ARTIFACTS = Path(os.environ.get("BAMBOO_LAB_ARTIFACTS", "test-artifacts"))
"""Where screenshots are saved (a CI artifact folder)."""

KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!w || !w.context || !w.context.isReady) return false;  // the notebook is read in whole
  const k = w && w.sessionContext && w.sessionContext.session
    && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""

RUN_DONE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!w || !w.content || !w.content.widgets) return false;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  const pending = w.content.widgets.some(c => c.model.type === 'code'
    && (c.promptNode && c.promptNode.textContent.includes('*')));
  return !pending && !!k && k.status === 'idle';
}"""


RUN = """async ([command, timeout]) => {
  const ran = window.jupyterapp.commands.execute(command);
  const late = new Promise(resolve => setTimeout(() => resolve('timeout'), timeout));
  return String(await Promise.race([ran, late]));
}"""
"""Execute a JupyterLab command and await the promise it returns ('timeout' past a deadline)."""

OUTPUTS_DRAWN = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  return w.content.widgets.every(c => {
    if (c.model.type !== 'code' || !c.outputArea) return true;  // (a cell not drawn yet)
    const outputs = c.model.outputs;
    for (let j = 0; j < outputs.length; j++) {
      const data = outputs.get(j).data || {};
      if (!data['application/vnd.jupyter.widget-view+json']) continue;
      const shown = c.outputArea.widgets[j];
      if (!shown || !shown.node.querySelector('.jupyter-widgets')) return false;
    }
    return true;
  });
}"""
"""Every widget output of the open notebook holds its drawn view."""

AFTER_CELL = """([source]) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const at = notebook.widgets.findIndex(c => c.model.sharedModel.getSource().includes(source));
  if (at < 0 || at + 1 >= notebook.widgets.length) return false;
  notebook.activeCellIndex = at + 1;
  return true;
}"""
"""Select the cell after the first one whose source holds ``source`` (false: none, or it is the
last)."""

QUIET = """() => new Promise(resolve => requestAnimationFrame(
  () => requestIdleCallback(() => resolve(true), {timeout: 10000})))"""
"""Resolved once a frame is drawn and then the page is idle."""


def _free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def jupyter_lab(root: Path) -> Iterator[str]:
    """Serve ``root`` with JupyterLab on 127.0.0.1; yield the base URL; stop it afterwards."""
    port = _free_port()
    settings = root / ".lab-settings"
    notify = settings / "@jupyterlab" / "apputils-extension"
    notify.mkdir(parents=True, exist_ok=True)
    # The news toast covers screenshots; this settings file turns it off.
    (notify / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(settings), "TQDM_DISABLE": "1"}
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        "--LabApp.expose_app_in_browser=True",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.allow_root=True",
    ]
    log = open(root / "jupyter.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((root / "jupyter.log").read_text()[-2000:]) from None
                time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def copy_notebooks(source: Path, dest: Path) -> Path:
    """Copy the notebooks folder to ``dest`` (tests never touch the repository's notebooks)."""
    target = dest / "notebooks"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return target


@dataclass
class CellError:
    """An error output shown in a cell, and whether the cell is tagged to raise."""

    index: int
    text: str
    expected: bool


class Lab:
    """One browser page on a JupyterLab server."""

    def __init__(self, page: Any, base: str, address: Callable[[str], str] | None = None) -> None:
        """Wrap a Playwright ``page`` on the server at ``base``; keep the page's errors.
        ``address`` turns a notebook's path into the page that opens it (JupyterLab's
        ``/lab/tree/``; the JupyterLite course has its own)."""
        self.page = page
        self.base = base
        self.address = address or (lambda path: f"{base}/lab/tree/{path}?reset")
        self.console: list[str] = []
        """The page's console errors and uncaught exceptions, shortened, oldest first."""
        page.on(
            "console",
            lambda message: (
                self.console.append(f"{message.type}: {message.text}"[:300])
                if message.type == "error"
                else None
            ),
        )
        page.on("pageerror", lambda error: self.console.append(f"uncaught: {error}"[:300]))

    def open(
        self, path: str, run_all: bool = True, timeout_s: float = 300, kernel_s: float = 120
    ) -> None:
        """Open ``path`` (relative to the server root), wait for the kernel (``kernel_s``
        seconds at most), run every cell."""
        self.page.goto(self.address(path))
        self.page.wait_for_function(KERNEL_IDLE, timeout=kernel_s * 1000)
        if run_all:
            self.run_all(timeout_s)

    def run_all(self, timeout_s: float = 300) -> None:
        """Run every cell of the open notebook at once (the board tests: the boards must come
        up drawn without the page being left to settle first); return once the run ended and
        its outputs are drawn."""
        self._run("notebook:run-all-cells", timeout_s)

    def run_through(self, source: str, timeout_s: float = 300) -> None:
        """Run the open notebook's cells from the first to the one whose source holds
        ``source``, at once, the saved outputs cleared first: what a test of one board needs
        (every cell of every notebook is run by the notebook tests)."""
        self._run("notebook:clear-all-cell-outputs", timeout_s)
        assert self.page.evaluate(AFTER_CELL, [source]), f"no cell before the last holds {source!r}"
        self._run("notebook:run-all-above", timeout_s)

    def run_cell(self, cell: Any, timeout_s: float = 300) -> None:
        """Select ``cell`` (a Playwright locator of a .jp-Cell) and run it again."""
        cell.locator(".jp-InputPrompt").first.click()
        self._run("notebook:run-cell", timeout_s)

    def _run(self, command: str, timeout_s: float) -> None:
        """Execute a notebook ``command`` and wait for what says it is done: the promise the
        command returns (settled when the kernel replied to every cell it ran), then no cell
        waiting and the kernel idle, then every output drawn, then a quiet page."""
        ended = self.page.evaluate(RUN, [command, timeout_s * 1000])
        assert ended != "timeout", f"{command} still running after {timeout_s} s"
        self.page.wait_for_function(RUN_DONE, timeout=timeout_s * 1000, polling=100)
        self.page.wait_for_function(OUTPUTS_DRAWN, timeout=timeout_s * 1000, polling=100)
        self.quiet()

    def quiet(self) -> None:
        """Wait until the page has nothing left to do: an animation frame is drawn, then the
        browser finds an idle moment (nothing else happens)."""
        self.page.evaluate(QUIET)

    def errors(self) -> list[CellError]:
        """Every error output in the open notebook, with the cell's raises-exception tag."""
        found = self.page.evaluate(
            """() => {
              const w = window.jupyterapp.shell.currentWidget;
              const out = [];
              w.content.widgets.forEach((c, i) => {
                if (c.model.type !== 'code') return;
                const tags = c.model.getMetadata('tags') || [];
                for (let j = 0; j < c.model.outputs.length; j++) {
                  const o = c.model.outputs.get(j);
                  if (o.type === 'error') {
                    const d = o.toJSON();
                    out.push({index: i, text: d.ename + ': ' + d.evalue,
                              expected: tags.includes('raises-exception')});
                  }
                }
              });
              return out;
            }"""
        )
        return [CellError(**e) for e in found]

    def unexecuted_code_cells(self) -> list[int]:
        """Indices of code cells with no execution count after Run All (Run All stopped)."""
        return list(
            self.page.evaluate(
                """() => {
              const w = window.jupyterapp.shell.currentWidget;
              const out = [];
              w.content.widgets.forEach((c, i) => {
                if (c.model.type === 'code' && c.model.sharedModel.getSource().trim()
                    && !c.model.executionCount) out.push(i);
              });
              return out;
            }"""
            )
        )

    def screenshot(self, name: str) -> Path:
        """Save a full-page screenshot to the artifacts folder and return its path."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=False)
        return path
