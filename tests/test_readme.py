"""The README's first examples run as printed (a newcomer copies them first)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


@pytest.mark.parametrize(
    "first_line", ["from bamboo_lab.games import takenoko", "from bamboo_lab.games import play"]
)
def test_readme_example_runs(first_line: str, capsys: pytest.CaptureFixture[str]) -> None:
    (block,) = [b for b in BLOCKS if b.startswith(first_line)]
    exec(compile(block, "README.md", "exec"), {})  # our own README
    if "explain" in block:
        assert "(TK-IMP-2)" in capsys.readouterr().out


LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")
BLOB = "https://github.com/bamboo-lab/bamboo_lab/blob/main/"
RAW = "https://raw.githubusercontent.com/bamboo-lab/bamboo_lab/main/"


def test_readme_links_work_on_a_package_index_page() -> None:
    """A package index shows the README away from the repository: every link is absolute, and
    each link into the repository names a file that exists."""
    root = Path(__file__).resolve().parents[1]
    targets = [m["target"] for m in LINK.finditer(README)]
    assert targets
    for target in targets:
        assert re.match(r"^https?://", target), f"relative link {target!r}"
        for base in (BLOB, RAW):
            if target.startswith(base):
                path = target.removeprefix(base).partition("#")[0]
                assert (root / path).exists(), f"{target} names no file of the repository"


def test_readme_speaks_to_teachers_and_players_first() -> None:
    """The course comes before the Python API; developer material lives in CONTRIBUTING.md."""
    headings = re.findall(r"^## (.+)$", README, flags=re.M)
    assert headings.index("Start here") < headings.index("Use it from Python")
    assert headings.index("The course") < headings.index("Use it from Python")
    for developer_only in ("Benchmarks", "Tests", "Layout"):
        assert developer_only not in headings
    assert BLOB + "CONTRIBUTING.md" in README


SITE = "https://bamboo-lab.github.io/bamboo_lab/"
WORKFLOW = Path(__file__).resolve().parents[1] / ".github" / "workflows" / "docs.yml"


LITE = f"{SITE}lite/lab/index.html?path="
"""The course in the browser (``make lite``), published in the site's ``lite/`` folder."""


def site_links() -> list[str]:
    """The README's links into the documentation site (not into the course in the browser)."""
    return [
        m["target"]
        for m in LINK.finditer(README)
        if m["target"].startswith(SITE) and not m["target"].startswith(LITE)
    ]


def test_readme_links_the_site_pages_of_files_that_exist() -> None:
    """Each site page the README links is built from a file of the repository: a guide
    (``docs/x.html`` from ``docs/x.md``) or a notebook (``notebooks/x.html``). The browser test
    of the site checks that the built site has each of them, anchors included."""
    root = Path(__file__).resolve().parents[1]
    links = site_links()
    assert any("/notebooks/" in link for link in links), "the README links no notebook page"
    assert any("/docs/rules/" in link for link in links), "the README links no rule page"
    for link in links:
        page = Path(link.removeprefix(SITE).partition("#")[0])
        assert page.suffix == ".html", link
        sources = [page.with_suffix(".md"), page.with_suffix(".ipynb")]
        assert any((root / source).exists() for source in sources), f"{link}: no source file"


def test_the_site_is_published_by_make_docs() -> None:
    """GitHub Pages serves what ``make docs`` builds, so the README's site links are its pages."""
    workflow = WORKFLOW.read_text(encoding="utf-8")
    assert "run: make docs" in workflow
    assert "path: build/site" in workflow
    assert "actions/deploy-pages" in workflow


def test_every_notebook_can_be_read_on_the_site_and_run_in_the_browser_and_on_binder() -> None:
    """The course table links each notebook's site page, its page in the course in the browser
    and its Binder launch; the browser comes first in "Start here", and names no other file."""
    root = Path(__file__).resolve().parents[1]
    notebooks = sorted((root / "notebooks").glob("*.ipynb"))
    for path in notebooks:
        assert f"{SITE}notebooks/{path.stem}.html" in README, f"{path.name}: no read link"
        assert f"({LITE}{path.name})" in README, f"{path.name}: no link in the browser"
        assert f"urlpath=lab/tree/notebooks/{path.name})" in README, f"{path.name}: no run link"
    for m in LINK.finditer(README):
        if m["target"].startswith(LITE):
            assert (root / "notebooks" / m["target"].removeprefix(LITE)).exists(), m["target"]
    start = README.split("## Start here", 1)[1]
    assert start.index(LITE) < start.index("mybinder.org") < start.index("make lab")


def test_the_course_in_the_browser_is_published_with_the_site() -> None:
    """The docs workflow builds the course in the browser into the site's lite/ folder."""
    workflow = WORKFLOW.read_text(encoding="utf-8")
    assert "make lite && cp -r build/lite build/site/lite" in workflow
