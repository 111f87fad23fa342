"""The site's Sphinx extension: rule-ID anchors, live Plotly figures, a redirect at the root."""

from __future__ import annotations

import html
import itertools
import json
import re
from pathlib import Path
from typing import Any

from docutils import nodes

PLOTLY_MIME = "application/vnd.plotly.v1+json"
"""The mime type of a saved Plotly figure in a notebook output."""
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
"""The mime type of an ipywidget (a board) in a notebook output."""
BINDER = (
    "https://mybinder.org/v2/gh/bamboo-lab/bamboo_lab/main?urlpath=lab/tree/notebooks/{notebook}"
)
"""Where a notebook runs on a server with nothing installed (a queue, then a session)."""
LITE = "../lite/lab/index.html?path={notebook}"
"""Where a notebook runs in the browser (the JupyterLite course, ``make lite``, published in the
site's ``lite/`` folder), from a notebook's page."""
_FIGURE_NUMBERS = itertools.count(1)

_RULE_HEADING = re.compile(r"^\s*((?:TK|BB|BK)-[A-Z]+-\d+[a-z]?)\b")


def heading_slug(title: str) -> str:
    """The anchor of a heading: a rule heading's rule ID (``tk-irr-4``), else GitHub's slug."""
    from myst_parser.slugs import github_slugify

    found = _RULE_HEADING.match(title)
    return found.group(1).lower() if found else github_slugify(title)


_RAW_ANCHOR = re.compile(r'^<a id="([^"]+)">$')
_RULE_SECTION_ID = re.compile(r"^((?:tk|bb|bk)-[a-z]+-\d+[a-z]?)-.+$")


def _rule_anchors(app: Any, doctree: nodes.document) -> None:
    """Drop the ``<a id="tk-irr-4"></a>`` of a rule heading: the section carries that id, and
    the raw anchor would be copied into the page's table of contents (an ``<a>`` in an ``<a>``).
    """
    for title in list(doctree.findall(nodes.title)):
        raws = list(title.findall(nodes.raw))
        for opening, closing in itertools.pairwise(raws):
            found = _RAW_ANCHOR.match(opening.astext().strip())
            if found and closing.astext().strip() == "</a>":
                section = title.parent
                if isinstance(section, nodes.section) and found.group(1) not in section["ids"]:
                    section["ids"].append(found.group(1))
                opening.parent.remove(opening)
                closing.parent.remove(closing)


def _rule_links(app: Any, doctree: nodes.document, docname: str) -> None:
    """Links to a rule heading use its rule ID (``#tk-irr-4``), the anchor GitHub uses too."""
    for reference in doctree.findall(nodes.reference):
        if reference.get("refid"):
            found = _RULE_SECTION_ID.match(reference["refid"])
            if found:
                reference["refid"] = found.group(1)
        elif "#" in reference.get("refuri", ""):
            page, _, fragment = reference["refuri"].partition("#")
            found = _RULE_SECTION_ID.match(fragment)
            if found:
                reference["refuri"] = f"{page}#{found.group(1)}"


_RULE_ID = re.compile(r"\b((?:TK|BB|BK)-[A-Z]+-\d+[a-z]?)\b")
_RULE_PAGES = {"tk": "docs/rules/takenoko", "bb": "docs/rules/bamboo", "bk": "docs/rules/bangkok"}


def _rule_ids_in(root: Path) -> set[str]:
    """The anchors of every rule heading in the rule pages under ``root`` (``tk-irr-4``, ...)."""
    anchors: set[str] = set()
    for page in _RULE_PAGES.values():
        text = (root / f"{page}.md").read_text(encoding="utf-8")
        anchors.update(re.findall(r'^#+ <a id="([^"]+)"></a>', text, flags=re.MULTILINE))
    return anchors


def _api_rule_links(app: Any, doctree: nodes.document, docname: str) -> None:
    """In the API reference, each rule ID a docstring names links to its rule."""
    if not docname.startswith("docs/api/"):
        return
    known = _rule_ids_in(Path(app.srcdir))
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if isinstance(parent, nodes.FixedTextElement | nodes.literal | nodes.reference):
            continue
        pieces = _RULE_ID.split(text.astext())
        if len(pieces) == 1:
            continue
        replacement: list[nodes.Node] = []
        for index, piece in enumerate(pieces):
            anchor = piece.lower()
            if index % 2 and anchor in known:
                page = app.builder.get_relative_uri(docname, _RULE_PAGES[anchor[:2]])
                replacement.append(nodes.reference(piece, piece, refuri=f"{page}#{anchor}"))
            elif piece:
                replacement.append(nodes.Text(piece))
        parent.replace(text, replacement)


class PlotlyFigure:
    """A MyST-NB mime renderer: a saved Plotly figure becomes an interactive plot on the page."""

    mime_priority_overrides = ()

    @staticmethod
    def handle_mime(renderer: Any, data: Any, inline: bool) -> Any:
        """Raw HTML that draws a Plotly figure, a note in place of a board (an ipywidget, whose
        state is not saved), or None for any other mime type."""
        if data.mime_type == WIDGET_MIME:
            return [widget_note(Path(renderer.source).name)]
        if data.mime_type != PLOTLY_MIME or not isinstance(data.content, dict):
            return None
        alt = (data.output_metadata or {}).get("image/png", {}).get("alt")  # static_pictures.py
        html_figure = figure_html(data.content, alt if isinstance(alt, str) else None)
        return [nodes.raw("", html_figure, format="html", classes=["output"])]


def widget_note(notebook: str) -> nodes.Element:
    """A line that says where the interactive board of a notebook cell can be used (a board
    saved before boards carried their picture)."""
    return nodes.paragraph(
        "",
        "",
        nodes.emphasis("", "An interactive board appears here when the notebook runs: "),
        *where_to_run(notebook),
        classes=["output", "widget-note"],
    )


def where_to_run(notebook: str) -> list[nodes.Node]:
    """ "run it in your browser, on Binder or in JupyterLab (make lab)", with links."""
    return [
        nodes.reference("", "run it in your browser", refuri=LITE.format(notebook=notebook)),
        nodes.Text(" (nothing to install), on "),
        nodes.reference("", "Binder", refuri=BINDER.format(notebook=notebook)),
        nodes.Text(" or in JupyterLab (make lab)."),
    ]


def _run_links(app: Any, doctree: nodes.document, docname: str) -> None:
    """At the top of each notebook's page, where to run it: in the browser first."""
    if not docname.startswith("notebooks/"):
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        return
    notebook = f"{docname.removeprefix('notebooks/')}.ipynb"
    line = nodes.paragraph("", "", nodes.strong("", "Run this lesson: "), classes=["run-links"])
    line.extend(where_to_run(notebook))
    title = next(iter(section.findall(nodes.title)), None)
    section.insert(section.index(title) + 1 if title is not None else 0, line)


FIGURES_JS = """// Draw each saved Plotly figure at its own size, scaled down to fit the column.
function bambooFit(box) {
  const plot = box.firstElementChild;
  const width = Number(box.dataset.width), height = Number(box.dataset.height);
  const scale = Math.min(1, box.clientWidth / width);
  plot.style.transform = scale < 1 ? `scale(${scale})` : "";
  box.style.height = `${height * scale}px`;
}
window.addEventListener("DOMContentLoaded", () => {
  for (const source of document.querySelectorAll("script.plotly-figure-data")) {
    const box = source.previousElementSibling;
    const figure = JSON.parse(source.textContent);
    Plotly.newPlot(box.firstElementChild, figure.data, figure.layout, figure.config);
    bambooFit(box);
  }
});
window.addEventListener("resize", () => {
  for (const box of document.querySelectorAll(".plotly-figure")) bambooFit(box);
});
"""


def figure_html(figure: dict[str, Any], alt: str | None = None) -> str:
    """A box of the figure's own size (plotly's 700 x 500 by default) and its JSON, which
    ``bamboo_figures.js`` draws once plotly.js is loaded (the theme loads scripts last); the
    box is labelled with the picture's alt text for screen readers, when it has one."""
    layout = figure.get("layout", {})
    width, height = layout.get("width") or 700, layout.get("height") or 500
    config = {"displaylogo": False, **figure.get("config", {})}
    payload = json.dumps({"data": figure.get("data", []), "layout": layout, "config": config})
    payload = payload.replace("</", "<\\/")  # "<\/" is "</" in JSON, and ends no script
    label = f' role="figure" aria-label="{html.escape(alt)}"' if alt else ""
    return (
        f'<div class="plotly-figure" data-width="{width}" data-height="{height}"{label}'
        f' style="height: {height}px; overflow: hidden">'
        f'<div id="plotly-figure-{next(_FIGURE_NUMBERS)}" class="plotly-graph-div"'
        f' style="width: {width}px; height: {height}px; transform-origin: 0 0"></div></div>\n'
        '<script type="application/json" class="plotly-figure-data">'
        f"{payload}</script>\n"
    )


def _register_plotly_renderer() -> None:
    """Add ``PlotlyFigure`` to MyST-NB's mime renderers (they are otherwise entry points)."""
    import myst_nb.core.render as nb_render

    found = nb_render.load_mime_renders()
    if PlotlyFigure not in found:
        nb_render.load_mime_renders = lambda: [*found, PlotlyFigure]


def _plotly_js(app: Any) -> None:
    """Put the plotly.js that the plotly package ships, and ``FIGURES_JS``, in ``_static``."""
    import plotly

    source = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    (static / "plotly.min.js").write_bytes(source.read_bytes())
    (static / "bamboo_figures.js").write_text(FIGURES_JS, encoding="utf-8")


def _page_scripts(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    """Load plotly.js on the pages that draw a Plotly figure (and on no other)."""
    if "plotly-graph-div" in context.get("body", ""):
        app.add_js_file("plotly.min.js", priority=100)
        app.add_js_file("bamboo_figures.js", priority=101)


def _root_redirect(app: Any, exception: Exception | None) -> None:
    """An ``index.html`` at the site's root that sends a visitor to ``docs/index.html``."""
    if exception is None and app.builder.format == "html":
        target = html.escape("docs/index.html")
        (Path(app.outdir) / "index.html").write_text(
            f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>bamboo_lab</title>'
            f'<meta http-equiv="refresh" content="0; url={target}"></head>'
            f'<body><a href="{target}">bamboo_lab documentation</a></body></html>\n',
            encoding="utf-8",
        )


def setup(app: Any) -> dict[str, bool]:
    """Plotly figures drawn live, plotly.js in ``_static``, a redirect at the site's root."""
    _register_plotly_renderer()
    app.connect("doctree-read", _rule_anchors, priority=100)  # before the tables of contents
    app.connect("doctree-resolved", _rule_links)
    app.connect("doctree-resolved", _api_rule_links)
    app.connect("doctree-resolved", _run_links)
    app.connect("builder-inited", _plotly_js)
    app.connect("html-page-context", _page_scripts)
    app.connect("build-finished", _root_redirect)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
