"""The documentation site's links out and its indexes: intersphinx works offline from the shipped
inventories, every module has a one-line summary, the changelog is a page, and the package's
Documentation URL is the site (issue 46). The site itself is built by tests/browser."""

from __future__ import annotations

import importlib.util
import pkgutil
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import bamboo_lab

ROOT = Path(__file__).resolve().parents[1]
SITE = "https://bamboo-lab.github.io/bamboo_lab/docs/index.html"

sphinx_inventory = pytest.importorskip("sphinx.util.inventory")
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
import bamboo_api_index  # noqa: E402


def _conf() -> dict[str, Any]:
    """The names docs/conf.py defines (it only reads files and probes the network)."""
    spec = importlib.util.spec_from_file_location("docs_conf", ROOT / "docs" / "conf.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return vars(module)


@pytest.mark.parametrize(
    ("name", "kind", "entry", "page"),
    [
        ("python", "py:class", "random.Random", "https://docs.python.org/3/library/random.html"),
        ("python", "py:class", "int", "https://docs.python.org/3/library/functions.html"),
        (
            "pandas",
            "py:class",
            "pandas.DataFrame",
            "https://pandas.pydata.org/docs/reference/api/pandas.DataFrame.html",
        ),
    ],
)
def test_the_shipped_inventories_link_the_names_the_api_uses(
    name: str, kind: str, entry: str, page: str
) -> None:
    conf = _conf()
    url, locations = conf["intersphinx_mapping"][name]
    assert locations[0] is None and Path(locations[1]).is_file()  # the web first, then the copy
    data = Path(locations[1]).read_bytes()
    inventory = sphinx_inventory.InventoryFile.loads(data, uri=url)
    found = inventory.data[kind][entry] if hasattr(inventory, "data") else inventory[kind][entry]
    uri = found.uri if hasattr(found, "uri") else found[2]
    assert uri.split("#")[0] == page


def test_the_site_links_plotly_when_online_and_says_so_when_not() -> None:
    conf = _conf()
    mapping = conf["intersphinx_mapping"]
    assert set(conf["LINKED_DOCS"]) == {"python", "pandas", "plotly"}
    if conf["reachable"]("https://plotly.com/python-api-reference/"):
        assert mapping["plotly"] == ("https://plotly.com/python-api-reference/", None)
    else:
        assert "plotly" not in mapping
    for extension in ("sphinx.ext.viewcode", "sphinx.ext.intersphinx", "bamboo_api_index"):
        assert extension in conf["extensions"]


def test_the_module_index_names_every_public_module_with_a_summary() -> None:
    summaries = dict(bamboo_api_index.module_summaries("bamboo_lab"))
    public = {
        module.name
        for module in pkgutil.walk_packages(bamboo_lab.__path__, "bamboo_lab.")
        if not any(part.startswith("_") for part in module.name.split("."))
    }
    assert set(summaries) == public | {"bamboo_lab"}
    empty = [name for name, summary in summaries.items() if not summary.strip()]
    assert not empty, f"modules without a docstring summary: {empty}"
    assert summaries["bamboo_lab.envs.picture"].startswith("The board as an image array")
    assert all("\n" not in summary for summary in summaries.values())


def test_first_sentence_is_one_line_up_to_the_first_stop() -> None:
    text = "The ``module-index``: every module.\n\nMore.\n"
    assert bamboo_api_index.first_sentence(text) == "The module-index"
    assert bamboo_api_index.first_sentence("Two\nlines. Then") == "Two lines"
    assert bamboo_api_index.first_sentence("v0.1.0 is out") == "v0.1.0 is out"


def test_annotation_names_are_aliased_to_the_documented_ones() -> None:
    assert bamboo_api_index.documented_name("pd.DataFrame") == "pandas.DataFrame"
    figure = "plotly.graph_objs._figure.Figure"
    assert bamboo_api_index.documented_name(figure) == "plotly.graph_objects.Figure"
    assert bamboo_api_index.documented_name("bamboo_lab.sim.simulate") is None


def test_the_changelog_is_a_page_and_the_api_index_lists_every_page() -> None:
    page = (ROOT / "docs" / "changelog.md").read_text(encoding="utf-8")
    assert page.startswith("# Changelog\n") and "CHANGELOG.md" in page
    assert bamboo_api_index.changelog_path(ROOT) == ROOT / "CHANGELOG.md"
    assert bamboo_api_index.changelog_path(ROOT / "docs") == ROOT / "CHANGELOG.md"  # docs alone
    source = [page]
    app = type("App", (), {"srcdir": str(ROOT / "docs"), "env": type("Env", (), {})()})()
    app.env.note_dependency = lambda path: None
    bamboo_api_index.changelog_source(app, bamboo_api_index.CHANGELOG_PAGE, source)
    assert source[0] == (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "\nchangelog\n" in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    index = (ROOT / "docs" / "api" / "index.md").read_text(encoding="utf-8")
    assert "{module-index} bamboo_lab" in index
    for path in sorted((ROOT / "docs" / "api").glob("*.md")):
        if path.name != "index.md":
            assert f"]({path.name}) |" in index, f"the API index has no line for {path.name}"


def test_the_documentation_url_is_the_site() -> None:
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert urls["Documentation"] == SITE


def test_a_site_figure_is_labelled_with_its_alt_text() -> None:
    import bamboo_docs

    labelled = bamboo_docs.figure_html({"data": [], "layout": {}}, 'Bar chart: "wins" <by seat>.')
    assert 'role="figure" aria-label="Bar chart: &quot;wins&quot; &lt;by seat&gt;."' in labelled
    assert "aria-label" not in bamboo_docs.figure_html({"data": [], "layout": {}})
