"""The site's Sphinx extension: rule-ID anchors, live Plotly figures, a redirect at the root."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

PLOTLY_MIME = "application/vnd.plotly.v1+json"
"""The mime type of a saved Plotly figure in a notebook output."""

_RULE_HEADING = re.compile(r"^\s*((?:TK|BB|BK)-[A-Z]+-\d+[a-z]?)\b")


def heading_slug(title: str) -> str:
    """The anchor of a heading: a rule heading's rule ID (``tk-irr-4``), else GitHub's slug."""
    from myst_parser.slugs import github_slugify

    found = _RULE_HEADING.match(title)
    return found.group(1).lower() if found else github_slugify(title)


class PlotlyFigure:
    """A MyST-NB mime renderer: a saved Plotly figure becomes an interactive plot on the page."""

    mime_priority_overrides = ()

    @staticmethod
    def handle_mime(renderer: Any, data: Any, inline: bool) -> Any:
        """Raw HTML that draws ``data`` with plotly.js, or None for any other mime type."""
        if data.mime_type != PLOTLY_MIME:
            return None
        import plotly.io
        from docutils import nodes

        figure = data.content if isinstance(data.content, dict) else {}
        markup = plotly.io.to_html(
            figure,
            include_plotlyjs=False,
            full_html=False,
            validate=False,
            config={"displaylogo": False, "responsive": True},
        )
        return [nodes.raw("", markup, format="html", classes=["output", "plotly-figure"])]


def _register_plotly_renderer() -> None:
    """Add ``PlotlyFigure`` to MyST-NB's mime renderers (they are otherwise entry points)."""
    import myst_nb.core.render as nb_render

    found = nb_render.load_mime_renders()
    if PlotlyFigure not in found:
        nb_render.load_mime_renders = lambda: [*found, PlotlyFigure]


def _plotly_js(app: Any) -> None:
    """Copy the plotly.js that the plotly package ships into the site's ``_static``."""
    import plotly

    source = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    (static / "plotly.min.js").write_bytes(source.read_bytes())


def _page_scripts(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    """Load plotly.js on the pages that draw a Plotly figure (and on no other)."""
    if "plotly-graph-div" in context.get("body", ""):
        app.add_js_file("plotly.min.js", priority=100)


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
    app.connect("builder-inited", _plotly_js)
    app.connect("html-page-context", _page_scripts)
    app.connect("build-finished", _root_redirect)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
