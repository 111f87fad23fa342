"""Fixtures for the real-browser tests: one JupyterLab server and one chromium per session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from lab import CHROMIUM, LAUNCH_ARGS, NOTEBOOKS, Lab, copy_notebooks, jupyter_lab


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test here as a browser test."""
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server on a temporary copy of the notebooks."""
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")
    root = tmp_path_factory.mktemp("lab")
    copy_notebooks(NOTEBOOKS, root)
    with jupyter_lab(root) as base:
        yield base


@pytest.fixture(scope="session")
def browser(lab_server: str) -> Iterator[Any]:
    """Debian's chromium driven by Playwright (never a downloaded browser)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield b
        b.close()


@pytest.fixture
def lab(browser: Any, lab_server: str) -> Iterator[Lab]:
    """A fresh page in JupyterLab, 1280x900 (a laptop in a classroom)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield Lab(page, lab_server)
    context.close()
