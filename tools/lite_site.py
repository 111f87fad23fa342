"""Serve the JupyterLite course (``make lite``'s ``build/lite/``) on 127.0.0.1, and drive it in
Debian's chromium with every request to any other address refused, as a school laptop offline.

``make lite-serve`` previews the site (``python tools/lite_site.py``); the browser tests
(``tests/browser_lite``) and ``make bench`` (``benchmarks/lite.py``) use :func:`serve` and
:func:`offline_page`. The server counts the bytes it sends, so a benchmark can say what a student
downloads before a lesson runs.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "lite"
"""Where ``make lite`` builds the site."""
CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium (never a downloaded browser)."""
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
"""Headless chromium as root in a container, with none of its own calls home."""
LAUNCH_ARGS = [
    *BROWSER_ARGS,
    # offline below the page too (workers, the service worker): no other host resolves
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
"""Chromium for the course in the browser: every address but 127.0.0.1 is unresolvable."""
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}
"""Content types the browser insists on (WebAssembly compiles only from application/wasm)."""


@dataclass
class Site:
    """A served site: its base URL and the bytes sent so far (bodies of successful answers)."""

    base: str
    sent: list[int] = field(default_factory=lambda: [0])

    @property
    def bytes_sent(self) -> int:
        """Bytes of files sent since the server started."""
        return self.sent[0]


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right content types, quiet, counting what it sends."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }
    sent: ClassVar[list[int]]

    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing per request."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send a file, counting its bytes."""
        start = source.tell()
        super().copyfile(source, outputfile)
        self.sent[0] += source.tell() - start


@contextlib.contextmanager
def serve(root: Path = SITE, port: int = 0) -> Iterator[Site]:
    """Serve ``root`` on 127.0.0.1 (``port`` 0: any free port) while the block runs."""
    if not (root / "jupyter-lite.json").exists():
        raise FileNotFoundError(f"no JupyterLite site in {root}: build it with make lite")
    site = Site("")
    handler = type("Handler", (_Handler,), {"sent": site.sent})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(root))
    )
    site.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()


def offline_page(browser: Any, site: Site, outside: list[str]) -> Any:
    """A new page (1280 x 900) that reaches only ``site``: every other request is refused and
    its address kept in ``outside``. The app is exposed to scripts (``window.jupyterapp``)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if not url.startswith(f"{site.base}/"):
            outside.append(url[:200])
            request_route.abort()
        elif url.split("?")[0].endswith("/jupyter-lite.json"):
            answer = request_route.fetch()
            config = answer.json()
            config["jupyter-config-data"]["exposeAppInBrowser"] = True
            request_route.fulfill(response=answer, body=json.dumps(config))
        else:
            request_route.continue_()

    context.route("**/*", route)
    return context.new_page()


def notebook_url(site: Site, name: str) -> str:
    """The address that opens notebook ``name`` (``10-takenoko-rules.ipynb``) in the site."""
    return f"{site.base}/lab/index.html?path={name}"


def main(argv: list[str] | None = None) -> int:
    """Serve the site until interrupted, for a look before it is published."""
    parser = argparse.ArgumentParser(description="Serve the JupyterLite course on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--site", type=Path, default=SITE)
    arguments = parser.parse_args(argv)
    with serve(arguments.site, arguments.port) as site:
        print(f"The course: {site.base}/lab/index.html?path=00-start-here.ipynb (Ctrl-C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
