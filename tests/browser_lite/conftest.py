"""Fixtures for the course in the browser: the JupyterLite site (``make lite``) served on
127.0.0.1, one chromium per session, and pages that reach nothing else (offline)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tools")]

from lab import Lab  # noqa: E402 - from tests/browser, put on the path above
from lite_site import CHROMIUM, LAUNCH_ARGS, SITE, Site, notebook_url, offline_page, serve  # noqa: E402

LITE_SITE = Path(os.environ.get("BAMBOO_LAB_LITE_SITE", SITE))
"""The built site under test (``make lite`` builds it first)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test here as a browser test."""
    for item in items:
        if "browser_lite" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    """The JupyterLite course served on 127.0.0.1."""
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")
    with serve(LITE_SITE) as served:
        yield served


@pytest.fixture(scope="session")
def browser(site: Site) -> Iterator[Any]:
    """Debian's chromium, every host but 127.0.0.1 unresolvable."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield launched
        launched.close()


class LiteLab(Lab):
    """A page on the course in the browser; ``outside``: every refused request's address."""

    outside: list[str]


@pytest.fixture
def lab(browser: Any, site: Site) -> Iterator[LiteLab]:
    """A fresh offline page on the site; no request left the machine when the test ends."""
    outside: list[str] = []
    page = offline_page(browser, site, outside)

    def address(path: str) -> str:
        return notebook_url(site, path.removeprefix("notebooks/"))

    opened = LiteLab(page, site.base, address)
    opened.outside = outside
    yield opened
    page.context.close()
    assert not outside, f"requests outside the site: {outside[:5]}"
