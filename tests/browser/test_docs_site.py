"""The documentation site (``make docs``): it builds without a warning, no link or anchor on any
page is broken, and every notebook page shows each of its pictures, driven in Debian's chromium.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urlparse

import pytest
from lab import ARTIFACTS

# One worker builds this module's docs site once (pytest-xdist --dist loadgroup).
pytestmark = pytest.mark.xdist_group("docs_site")

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
PICTURE_MIMES = ("application/vnd.plotly.v1+json", "image/png", "image/jpeg", "image/svg+xml")

pytest.importorskip("sphinx")
pytest.importorskip("myst_nb")

_PAGE_FACTS = """() => ({
  links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
  sources: Array.from(document.querySelectorAll('img[src], script[src], link[href]'))
    .map(e => e.src || e.href),
  ids: Array.from(document.querySelectorAll('[id], a[name]')).map(e => e.id || e.name),
})"""

_PICTURES = """() => {
  const out = Array.from(document.querySelectorAll('.cell_output'));
  const imgs = out.flatMap(o => Array.from(o.querySelectorAll('img')));
  const plots = out.flatMap(o => Array.from(o.querySelectorAll('.plotly-graph-div')));
  return {
    images: imgs.length,
    broken_images: imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src),
    plots: plots.length,
    drawn_plots: plots.filter(p => p.querySelector('.main-svg')
      && p.getBoundingClientRect().height > 50).length,
  };
}"""


@dataclass
class Site:
    """A built site, its build log, and the server that serves it on 127.0.0.1."""

    root: Path
    returncode: int
    log: str
    base: str
    figures: dict[str, int]
    pages: dict[str, dict[str, Any]] = field(default_factory=dict)


def _figures(path: Path) -> int:
    """How many outputs of a notebook are pictures (a Plotly figure or an image)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return sum(
        1
        for cell in nb["cells"]
        for output in cell.get("outputs", [])
        if any(mime in output.get("data", {}) for mime in PICTURE_MIMES)
    )


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site without a log line per request."""

    def log_message(self, format: str, *args: Any) -> None:  # the base's parameter names
        """Say nothing."""


class _QuietServer(http.server.ThreadingHTTPServer):
    """A server that says nothing when chromium drops a request mid-transfer (a broken pipe
    is the browser's choice, not a fault of the site); any other error still prints."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Print the traceback of an error other than a dropped connection."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """``make docs``'s build into a temporary folder, served by http.server on 127.0.0.1."""
    out = tmp_path_factory.mktemp("site")
    # The build reads a copy of docs/ and notebooks/: the figures counted are the ones it saw.
    source = tmp_path_factory.mktemp("source")
    for folder in ("docs", "notebooks"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns(".*"))
    figures = {path.stem: _figures(path) for path in sorted(source.glob("notebooks/*.ipynb"))}
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-c", "docs", ".", str(out)]
    done = subprocess.run(cmd, cwd=source, capture_output=True, text=True, timeout=900, check=False)
    if not (out / "docs" / "index.html").exists():
        pytest.fail(f"the site did not build:\n{done.stdout}\n{done.stderr}")
    handler = functools.partial(_QuietHandler, directory=str(out))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(
            out,
            done.returncode,
            done.stdout + done.stderr,
            f"http://127.0.0.1:{server.server_port}/",
            figures,
        )
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def crawled(site: Site, browser: Any) -> Site:
    """Every page reachable from the site's root, opened in chromium, with its links and ids."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    queue = [site.base + "docs/index.html"]
    while queue:
        url = queue.pop()
        if url in site.pages:
            continue
        page_errors.clear()
        response = page.goto(url, wait_until="load")
        facts = page.evaluate(_PAGE_FACTS)
        facts["status"] = response.status if response else 0
        facts["errors"] = list(page_errors)
        if "/notebooks/" in url:
            facts["pictures"] = page.evaluate(_PICTURES)
        site.pages[url] = facts
        for link in facts["links"] + facts["sources"]:
            target = urldefrag(link).url
            if target.startswith(site.base) and target.endswith(".html"):
                queue.append(target)
    context.close()
    return site


def test_the_site_builds_without_a_warning(site: Site) -> None:
    assert site.returncode == 0, site.log[-4000:]


def test_the_site_root_leads_to_the_home_page(site: Site, browser: Any) -> None:
    page = browser.new_page()
    page.goto(site.base, wait_until="load")
    page.wait_for_url(site.base + "docs/index.html", timeout=10_000)
    assert "bamboo_lab" in page.title()
    page.close()


def test_every_guide_rule_page_notebook_and_api_page_is_on_the_site(crawled: Site) -> None:
    visited = {urlparse(url).path for url in crawled.pages}
    wanted = ["/docs/index.html", "/docs/api/index.html", "/docs/api/takenoko.html"]
    wanted += [f"/docs/{p.relative_to(ROOT / 'docs').with_suffix('.html')}" for p in _guides()]
    wanted += [f"/notebooks/{p.stem}.html" for p in NOTEBOOKS]
    missing = [path for path in wanted if path not in visited]
    assert not missing, f"not reachable from the home page: {missing}"


def _guides() -> list[Path]:
    """The Markdown pages under docs/ (guides, rules, decisions, teacher's guides, API)."""
    return sorted(p for p in (ROOT / "docs").rglob("*.md") if "_ext" not in p.parts)


def test_no_link_or_anchor_on_any_page_is_broken(crawled: Site) -> None:
    broken = []
    checked: dict[str, int] = {}
    for url, facts in crawled.pages.items():
        if facts["status"] != 200:
            broken.append(f"{url}: HTTP {facts['status']}")
        broken += [f"{url}: script error {error}" for error in facts["errors"]]
        for link in facts["links"] + facts["sources"]:
            target, fragment = urldefrag(link)
            if not target.startswith(crawled.base):
                continue  # another site: not fetched (no network here)
            if target.startswith(crawled.base + "lite/"):
                continue  # the course in the browser, beside the site (tests/browser_lite)
            if target.endswith(".html") or target.endswith("/"):
                found = crawled.pages.get(target) or crawled.pages.get(target + "index.html")
                # viewcode's source pages link each name of a module back to an API page,
                # documented there or not: the page must exist, the anchor may not
                source_page = "/_modules/" in url
                if found is None or found["status"] != 200:
                    broken.append(f"{url}: {link} is missing")
                elif fragment and not source_page and unquote(fragment) not in found["ids"]:
                    broken.append(f"{url}: no anchor #{fragment} in {target}")
                continue
            if target not in checked:
                try:
                    with urllib.request.urlopen(target, timeout=30) as answer:
                        checked[target] = answer.status
                except urllib.error.HTTPError as error:
                    checked[target] = error.code
            if checked[target] != 200:
                broken.append(f"{url}: {link} answers HTTP {checked[target]}")
    assert not broken, f"{len(broken)} broken:\n" + "\n".join(sorted(set(broken))[:60])


def test_every_site_page_the_readme_links_is_built(crawled: Site) -> None:
    """The README links the published site (what ``make docs`` builds): each page and anchor
    it names is one the crawl found."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    site = "https://bamboo-lab.github.io/bamboo_lab/"
    links = re.findall(re.escape(site) + r"[^)\s]*", readme)
    assert links
    # the course in the browser (site's lite/, make lite) is tested by tests/browser_lite
    for link in [link for link in links if not link.startswith(site + "lite/")]:
        target, fragment = urldefrag(crawled.base + link.removeprefix(site))
        found = crawled.pages.get(target)
        assert found is not None and found["status"] == 200, f"{link}: no such page"
        assert not fragment or fragment in found["ids"], f"{link}: no such anchor"


def test_rule_anchors_are_the_rule_ids(crawled: Site) -> None:
    page = crawled.pages[crawled.base + "docs/rules/takenoko.html"]
    assert {"tk-irr-4", "tk-set-1", "tk-imp-2"} <= set(page["ids"])
    links = [link for facts in crawled.pages.values() for link in facts["links"]]
    assert any(link.endswith("docs/rules/takenoko.html#tk-irr-4") for link in links)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_notebook_page_shows_its_pictures(crawled: Site, browser: Any, path: Path) -> None:
    url = crawled.base + f"notebooks/{path.stem}.html"
    assert url in crawled.pages and path.stem in crawled.figures, f"{path.name} is not on the site"
    pictures = crawled.pages[url]["pictures"]
    expected = crawled.figures[path.stem]
    shown = pictures["images"] + pictures["plots"]
    assert shown == expected, f"{path.name}: {shown} pictures on the page, {expected} saved"
    assert not pictures["broken_images"], pictures["broken_images"]
    assert pictures["drawn_plots"] == pictures["plots"], f"{path.name}: a Plotly figure is blank"
    if expected:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(url, wait_until="load")
        page.locator(
            ".cell_output .plotly-graph-div, .cell_output img"
        ).first.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"site-{path.stem}.png"))
        context.close()
