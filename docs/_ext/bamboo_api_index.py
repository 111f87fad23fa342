"""The API reference's index and its links out: the ``module-index`` directive (every module of
the package with the first line of its docstring, so the index says in one line what each module
is for and never goes stale), and the short names the code's annotations use (``pd.DataFrame``,
plotly's ``Figure``) resolved through intersphinx under their documented names; and the
changelog page, whose text is the repository's ``CHANGELOG.md``, read when the page is."""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx import addnodes


def module_summaries(package: str) -> list[tuple[str, str]]:
    """``(module, first line of its docstring)`` for every public module under ``package``,
    read from the source files (nothing is imported), in file order."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"{package} is not an importable package")
    root = Path(next(iter(spec.submodule_search_locations)))
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if any(part.startswith("_") and part != "__init__" for part in parts):
            continue
        name = ".".join((package, *parts)).removesuffix(".__init__")
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        found.append((name, first_sentence(docstring)))
    return found


def first_sentence(docstring: str) -> str:
    """The docstring's first paragraph up to its first full stop, colon or semicolon, one line."""
    paragraph = " ".join(docstring.strip().split("\n\n")[0].split())
    paragraph = re.sub(r"``([^`]+)``", r"\1", paragraph)
    cut = re.search(r"[.:;](\s|$)", paragraph)
    return paragraph[: cut.start()] if cut else paragraph


class ModuleIndex(Directive):
    """``.. module-index:: bamboo_lab``: a table of every module and what it is for."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """One row per module: its name (a link where the API reference documents it)."""
        table = nodes.table(classes=["module-index"])
        group = nodes.tgroup(cols=2)
        table += group
        group += nodes.colspec(colwidth=35)
        group += nodes.colspec(colwidth=65)
        head = nodes.thead()
        head += _row(nodes.Text("module"), nodes.Text("what it is for"))
        group += head
        body = nodes.tbody()
        for name, summary in module_summaries(self.arguments[0]):
            link = addnodes.pending_xref(
                "", refdomain="py", reftype="mod", reftarget=name, refexplicit=False
            )
            link += nodes.literal(name, name)
            body += _row(link, nodes.Text(summary))
        group += body
        return [table]


def _row(*cells: nodes.Node) -> nodes.row:
    """A table row holding one paragraph per cell."""
    row = nodes.row()
    for content in cells:
        entry = nodes.entry()
        entry += nodes.paragraph("", "", content)
        row += entry
    return row


ALIASES = {
    "pd.": "pandas.",
    "go.": "plotly.graph_objects.",
    "plotly.graph_objs._figure.": "plotly.graph_objects.",
    "plotly.graph_objs.": "plotly.graph_objects.",
}
"""A prefix of a name as annotations give it, and the prefix the other project documents it by."""


def documented_name(target: str) -> str | None:
    """The name another project documents ``target`` by (``pandas.DataFrame`` for
    ``pd.DataFrame``), or None when no alias applies."""
    for short, full in ALIASES.items():
        if target.startswith(short):
            return full + target[len(short) :]
    return None


def _aliased_reference(app: Any, env: Any, node: Any, contnode: nodes.Element) -> Any:
    """Resolve a Python reference that intersphinx missed under its documented name."""
    from sphinx.ext.intersphinx import missing_reference

    name = documented_name(node.get("reftarget", ""))
    if node.get("refdomain") != "py" or name is None:
        return None
    aliased = node.deepcopy()
    aliased["reftarget"] = name
    return missing_reference(app, env, aliased, contnode)


CHANGELOG_PAGE = "docs/changelog"
"""The page that shows ``CHANGELOG.md``."""


def changelog_path(srcdir: Path) -> Path | None:
    """``CHANGELOG.md`` beside the site's sources, else beside the package being documented
    (a build from a copy of ``docs/`` alone), else None."""
    import bamboo_lab

    for folder in (srcdir, Path(bamboo_lab.__file__).resolve().parents[1]):
        if (folder / "CHANGELOG.md").is_file():
            return folder / "CHANGELOG.md"
    return None


def changelog_source(app: Any, docname: str, source: list[str]) -> None:
    """The changelog page's text is ``CHANGELOG.md`` (its own text says where to find it else)."""
    if docname != CHANGELOG_PAGE:
        return
    path = changelog_path(Path(app.srcdir))
    if path is not None:
        app.env.note_dependency(str(path))
        source[0] = path.read_text(encoding="utf-8")


def setup(app: Any) -> dict[str, bool]:
    """Add the ``module-index`` directive and the aliases of other projects' names."""
    app.add_directive("module-index", ModuleIndex)
    app.connect("missing-reference", _aliased_reference, priority=900)  # after intersphinx
    app.connect("source-read", changelog_source)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
