"""The start page says where the course runs: the browser, Binder or this computer."""

from __future__ import annotations

import bamboo_lab
from bamboo_lab.core.environment import BINDER, BROWSER, LOCAL, running_in


def test_pyodide_is_the_browser_whatever_the_environment() -> None:
    assert running_in("emscripten", {}) == BROWSER
    assert running_in("emscripten", {"BINDER_LAUNCH_HOST": "x"}) == BROWSER


def test_binderhub_sets_binder_variables() -> None:
    assert running_in("linux", {"BINDER_LAUNCH_HOST": "https://mybinder.org/"}) == BINDER
    assert running_in("linux", {"HOME": "/home/jovyan"}) == LOCAL


def test_the_sentence_names_where_work_is_kept() -> None:
    said = bamboo_lab.where_you_are()
    assert said.startswith("You are running the course on this computer")
    assert "saved" in said
