"""Where the course is running: in the browser (JupyterLite), on Binder, or on this machine.

The start page tells a student which of the three they are in, and what that means for their
work (where it is kept, what needs the internet).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

__all__ = ["BINDER", "BROWSER", "LOCAL", "running_in", "where_you_are"]

BROWSER = "browser"
"""Python runs inside the browser (Pyodide, the JupyterLite course): nothing installed."""
BINDER = "binder"
"""Python runs on a server Binder lends for the session."""
LOCAL = "local"
"""Python runs on this computer (``make lab``, or any JupyterLab)."""

_SAID = {
    BROWSER: (
        "You are running the course in your browser (JupyterLite): nothing is installed and no"
        " server runs it. What you change is kept in this browser only: File > Download saves a"
        " notebook to your computer. The lessons, boards and exercises work offline; the"
        " simulation and analysis notebooks (40 to 46) fetch numpy and pandas from the internet."
    ),
    BINDER: (
        "You are running the course on Binder, on a server lent for this session. It stops after"
        " a few minutes without activity and forgets what you changed: File > Download saves a"
        " notebook to your computer."
    ),
    LOCAL: (
        "You are running the course on this computer (JupyterLab): what you change is saved in"
        " the notebooks folder."
    ),
}


def running_in(platform: str = sys.platform, environment: Mapping[str, str] = os.environ) -> str:
    """:data:`BROWSER`, :data:`BINDER` or :data:`LOCAL`: where this Python runs."""
    if platform == "emscripten":  # Pyodide: CPython compiled to WebAssembly
        return BROWSER
    if any(name.startswith("BINDER_") for name in environment):  # set by BinderHub
        return BINDER
    return LOCAL


def where_you_are() -> str:
    """A student's answer to "where is this running, and where is my work kept?"."""
    return _SAID[running_in()]
