"""Fixtures for the real-browser tests: one JupyterLab server and one chromium per session."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from lab import CHROMIUM, LAUNCH_ARGS, NOTEBOOKS, Lab, copy_notebooks, jupyter_lab


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test here as a browser test."""
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Keep each ``xdist_group`` on one worker under ``--dist loadgroup`` with pytest 9.2.

    xdist 3.8 groups by a ``@group`` suffix it writes to ``item._nodeid``, which pytest 9.2's
    structured node ids (``item._id``) no longer read: the mark is silently dropped and the
    group's tests spread over the workers, each building the group's module fixtures again
    (pytest-dev/pytest-xdist#1386). Here the suffix is written where pytest 9.2 reads it,
    before the worker sends its test ids (xdist's ``pytest_collection_finish``).
    """
    if not getattr(session.config.option, "loadgroup", False):
        return  # not an xdist worker of --dist loadgroup
    for item in session.items:
        names = {
            str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
            for mark in item.iter_markers("xdist_group")
        }
        suffix = "@" + "_".join(sorted(names))
        if not names or item.nodeid.endswith(suffix):
            continue  # no group, or xdist's own suffix took
        node_id = getattr(item, "_id", None)
        if node_id is not None:
            item._id = type(node_id).parse(item.nodeid + suffix)
        if not item.nodeid.endswith(suffix):
            warnings.warn(f"{item.nodeid}: xdist_group{suffix} not applied", stacklevel=1)


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
