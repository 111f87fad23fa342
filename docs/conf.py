"""Sphinx configuration of the bamboo_lab documentation site (``make docs``).

The source directory is the repository root (``sphinx-build -c docs . build/site``), so that
``docs/`` and ``notebooks/`` are both inside it: the notebooks link the rule pages as
``../docs/rules/takenoko.md#tk-irr-4`` and the guides link the notebooks as
``../notebooks/X.ipynb``, and those same links work on GitHub, in JupyterLab and on the site.
Only ``docs/**`` and ``notebooks/*.ipynb`` are read (``include_patterns``).

MyST-NB renders the notebooks from their committed outputs (no execution). A saved Plotly
figure is drawn interactively with the plotly.js that the ``plotly`` package ships (copied into
``_static``, loaded only by pages that have a figure); the PNG that ``tools/static_pictures.py``
saves beside it is what GitHub and nbviewer show. The site's own extension (rule-ID anchors
and links, the figures, a note in place of a board) is ``docs/_ext/bamboo_docs.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import bamboo_lab  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "bamboo_lab"
author = "bamboo_lab contributors"
copyright = "bamboo_lab contributors, MIT licence"
release = version = bamboo_lab.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "bamboo_docs",
    "bamboo_answers",
]

root_doc = "docs/index"
include_patterns = ["docs/**", "notebooks/*.ipynb"]
exclude_patterns = [
    ".*",
    "build",
    "dist",
    "test-artifacts",
    "**/.ipynb_checkpoints",
    "docs/conf.py",
    "docs/img/**",
    "docs/_ext/**",
]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}

# MyST: rule headings (`<a id="tk-irr-4"></a>TK-IRR-4 — ...`) are anchored by their rule ID.
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 4
myst_heading_slug_func = "bamboo_docs.heading_slug"

# MyST-NB: show the committed outputs, never run a notebook while building.
nb_execution_mode = "off"
nb_output_stderr = "show"
nb_merge_streams = True
PLOTLY_MIME = "application/vnd.plotly.v1+json"  # drawn by bamboo_docs.PlotlyFigure
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"  # a board: its saved picture first
nb_mime_priority_overrides = [
    *((builder, PLOTLY_MIME, 5) for builder in ("html", "dirhtml")),
    *((builder, WIDGET_MIME, 6) for builder in ("html", "dirhtml")),
]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True}
add_module_names = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "furo"
html_title = f"bamboo_lab {release}"
html_show_sourcelink = False
html_copy_source = False
html_static_path: list[str] = []

suppress_warnings = [
    # Python objects re-exported under two names (a package and its submodule).
    "ref.python",
    # Markdown cells that start at a level-3 heading (a notebook's own structure).
    "myst.header",
]

# --- Source links, links into Python's, pandas' and Plotly's docs, the module index ---------
# (issue 46). viewcode adds a "[source]" link to every documented name. intersphinx links the
# types the API reference names (int, random.Random, pandas.DataFrame, plotly's Figure) to their
# projects' pages. It fetches each objects.inv from the web first; docs/_inventories/ ships copies
# of Python's and pandas' (from Debian's python3.11-doc and python-pandas-doc), used when the web
# cannot be reached, so `make docs` passes with -W offline too. Plotly publishes no copy that a
# package ships: offline (its host does not resolve) the build leaves Plotly names unlinked and
# says so, online a failure to fetch it is a warning, so an error in CI.
import socket  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

extensions += ["sphinx.ext.viewcode", "sphinx.ext.intersphinx", "bamboo_api_index"]

INVENTORIES = Path(__file__).parent / "_inventories"
"""Shipped copies of other projects' objects.inv (docs/_inventories/README.txt)."""
LINKED_DOCS = {
    "python": "https://docs.python.org/3/",
    "pandas": "https://pandas.pydata.org/docs/",
    "plotly": "https://plotly.com/python-api-reference/",
}
"""The documentation sites the API reference links into."""


def reachable(url: str, timeout: float = 3.0) -> bool:
    """Whether a connection to ``url``'s host can be opened (False offline)."""
    try:
        with socket.create_connection((urlsplit(url).hostname or "", 443), timeout=timeout):
            return True
    except OSError:
        return False


intersphinx_mapping: dict[str, tuple[str, tuple[str | None, ...] | None]] = {}
for _name, _url in LINKED_DOCS.items():
    _copy = INVENTORIES / f"{_name}.inv"
    if _copy.is_file():
        intersphinx_mapping[_name] = (_url, (None, str(_copy)))  # the web's first, then the copy
    elif reachable(_url):
        intersphinx_mapping[_name] = (_url, None)
    else:
        print(f"intersphinx: {_url} cannot be reached and no copy is shipped: {_name} unlinked")
intersphinx_timeout = 10
exclude_patterns += ["docs/_inventories/**"]
