"""The rule pages docs/rules/<game>.md: every rule ID has its anchored heading; links resolve.

The rule IDs are frozen here, so the check runs where the checklists are absent; where they are
present (``../shared/rules/<game>-checklist.md`` beside the repository) the frozen lists must
equal them, so a new or renamed checklist ID fails until the docs and this list follow.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKLISTS = ROOT.parent / "shared" / "rules"

RULE_IDS: dict[str, tuple[str, ...]] = {
    "takenoko": (
        *(f"TK-SET-{i}" for i in range(1, 6)),
        *(f"TK-TURN-{i}" for i in range(1, 6)),
        *(f"TK-W-{i}" for i in range(1, 7)),
        *(f"TK-PLOT-{i}" for i in range(1, 5)),
        *(f"TK-IRR-{i}" for i in range(1, 9)),
        *(f"TK-GAR-{i}" for i in range(1, 4)),
        *(f"TK-PAN-{i}" for i in range(1, 5)),
        *(f"TK-OBJ-{i}" for i in range(1, 3)),
        *(f"TK-CMP-{i}" for i in range(1, 9)),
        *(f"TK-IMP-{i}" for i in range(1, 6)),
        *(f"TK-BAM-{i}" for i in range(1, 3)),
        *(f"TK-END-{i}" for i in range(1, 6)),
    ),
    "bamboo": (
        *(f"BB-SET-{i}" for i in range(1, 9)),
        *(f"BB-PL-{i}" for i in range(1, 7)),
        *(f"BB-SPR-{i}" for i in range(1, 4)),
        *(f"BB-SUM-{i}" for i in range(1, 8)),
        *(f"BB-ACT-{i}" for i in range(1, 8)),
        *(f"BB-PAT-{i}" for i in range(1, 4)),
        *(f"BB-SPI-{i}" for i in range(1, 7)),
        *(f"BB-AUT-{i}" for i in range(1, 5)),
        *(f"BB-WIN-{i}" for i in range(1, 6)),
        *(f"BB-ADV-{i}" for i in range(1, 3)),
        *(f"BB-END-{i}" for i in range(1, 6)),
    ),
    "bangkok": (
        *(f"BK-SET-{i}" for i in range(1, 6)),
        *(f"BK-ACT-{i}" for i in range(1, 5)),
        "BK-SHIFT-1",
        "BK-REFILL-1",
        *(f"BK-MKT-{i}" for i in range(1, 6)),
        "BK-RENEW-1",
        "BK-END-1",
        *(f"BK-SCORE-{i}" for i in range(1, 10)),
        *(f"BK-SOLO-{i}" for i in range(1, 4)),
        "BK-EXP-1",
    ),
}
"""Every checklist ID of each game, in checklist order (57, 56 and 31 of them)."""

# A rule heading: `### <a id="tk-irr-4"></a>TK-IRR-4 — A network starts at a pond corner`.
RULE_HEADING = re.compile(
    r'^#{2,4} <a id="(?P<anchor>[a-z0-9-]+)"></a>(?P<id>[A-Z]{2}-[A-Z]+-\d+) — \S'
)
ANY_ID_HEADING = re.compile(r"^#{1,6} .*\b(?P<id>(?:TK|BB|BK)-[A-Z]+-\d+)\b")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def _rule_headings(game: str) -> list[tuple[str, str]]:
    """(rule ID, anchor) of every rule heading of docs/rules/<game>.md, in page order."""
    lines = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8").splitlines()
    found = []
    for line in lines:
        if ANY_ID_HEADING.match(line):
            match = RULE_HEADING.match(line)
            assert match, f"{game}.md: a rule heading not in the anchored form: {line!r}"
            found.append((match["id"], match["anchor"]))
    return found


def _checklist_ids(game: str) -> list[str]:
    text = (CHECKLISTS / f"{game}-checklist.md").read_text(encoding="utf-8")
    return re.findall(r"^- ([A-Z]{2}-[A-Z]+-\d+)\b", text, re.M)


def test_frozen_rule_ids_are_distinct_and_counted() -> None:
    counts = {game: len(set(ids)) for game, ids in RULE_IDS.items()}
    assert counts == {"takenoko": 57, "bamboo": 56, "bangkok": 31}
    assert all(len(ids) == len(set(ids)) for ids in RULE_IDS.values())


@pytest.mark.skipif(not CHECKLISTS.is_dir(), reason="the rule checklists are not beside the repo")
@pytest.mark.parametrize("game", sorted(RULE_IDS))
def test_frozen_rule_ids_equal_the_checklist(game: str) -> None:
    assert _checklist_ids(game) == list(RULE_IDS[game])


@pytest.mark.parametrize("game", sorted(RULE_IDS))
def test_every_rule_id_has_one_anchored_heading(game: str) -> None:
    """Each ID heads its rule once, in checklist order, with its lower-case ID as anchor."""
    headings = _rule_headings(game)
    ids = [rule_id for rule_id, _ in headings]
    missing = [rule_id for rule_id in RULE_IDS[game] if rule_id not in ids]
    assert not missing, f"docs/rules/{game}.md lacks headings for {missing}"
    assert ids == list(RULE_IDS[game]), f"docs/rules/{game}.md: unknown, repeated or moved IDs"
    assert all(anchor == rule_id.lower() for rule_id, anchor in headings)


@pytest.mark.parametrize("game", sorted(RULE_IDS))
def test_every_rule_has_an_explanation_under_its_heading(game: str) -> None:
    """No empty rule: some prose of at least a sentence follows every rule heading."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    sections = re.split(r"^#{2,4} ", text, flags=re.M)[1:]
    for section in sections:
        title, _, body = section.partition("\n")
        if RULE_HEADING.match("### " + title):
            assert len(body.split()) >= 8, f"{game}.md: rule {title!r} has no explanation"


RULE_TEXTS = {
    "takenoko": "takenoko-rules-en.txt",
    "bamboo": "bamboo-rules-en.txt",
    "bangkok": "bangkok-rules-en.txt",
}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not CHECKLISTS.is_dir(), reason="the rule texts are not beside the repo")
@pytest.mark.parametrize("game", sorted(RULE_IDS))
def test_rule_pages_are_in_our_own_words(game: str) -> None:
    """No run of 8 words of a rule page is copied from the English rulebook text."""
    source = " ".join(_words((CHECKLISTS / RULE_TEXTS[game]).read_text(encoding="utf-8")))
    page = _words((ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8"))
    copied = {" ".join(page[i : i + 8]) for i in range(len(page) - 7)}
    copied = {run for run in copied if f" {run} " in f" {source} "}
    assert not copied, f"docs/rules/{game}.md copies the rulebook: {sorted(copied)}"


def _user_facing_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "notebooks").glob("*.ipynb"))]
    binary = {".png", ".pdf", ".inv"}  # pictures, print copies, Sphinx inventories (zlib)
    files += sorted(p for p in (ROOT / "docs").rglob("*") if p.is_file() and p.suffix not in binary)
    return [p for p in files if ".ipynb_checkpoints" not in p.parts]


def test_no_user_facing_file_points_outside_the_repository() -> None:
    """Users of the repository do not have ../shared: no README, doc or notebook names it."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in _user_facing_files()
        if "../shared" in (text := path.read_text(encoding="utf-8")) or "/work/shared" in text
    ]
    assert not offenders, f"these files point to ../shared: {offenders}"


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", heading).replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    explicit = set(re.findall(r'<a (?:id|name)="([^"]+)"', text))
    headings = {github_anchor(m) for m in re.findall(r"^#{1,6} (.+)$", text, re.M)}
    return explicit | headings


def test_github_anchor_matches_githubs_rule() -> None:
    assert github_anchor("TK-IRR-4 — A network starts at a pond corner") == (
        "tk-irr-4--a-network-starts-at-a-pond-corner"
    )
    assert github_anchor('<a id="bk-act-4"></a>BK-ACT-4 — Never refuse') == "bk-act-4--never-refuse"


def _markdown_files() -> list[Path]:
    pages = sorted(p for p in (ROOT / "docs").rglob("*.md") if ".ipynb_checkpoints" not in p.parts)
    return [ROOT / "README.md", *pages]


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path: Path) -> None:
    """Each relative link names an existing file and, with a #fragment, an anchor of that page."""
    broken = []
    for match in LINK.finditer(FENCE.sub("", path.read_text(encoding="utf-8"))):
        target = match["target"]
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue  # http(s), mailto: not checked here
        file_part, _, fragment = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            broken.append(f"{target} (no such file)")
        elif fragment and dest.suffix == ".md" and fragment not in _anchors(dest):
            broken.append(f"{target} (no anchor #{fragment})")
    assert not broken, f"{path.relative_to(ROOT)}: broken links {broken}"


@pytest.mark.parametrize("game", sorted(RULE_IDS))
def test_rule_pages_are_linked_from_the_decisions_index(game: str) -> None:
    index = (ROOT / "docs" / "decisions.md").read_text(encoding="utf-8")
    assert f"(rules/{game}.md)" in index and f"(decisions/{game}.md)" in index


CHROMIUM = Path("/usr/bin/chromium")

_FOLLOW = """async () => {
  const app = window.jupyterapp;
  await app.restored;
  await app.commands.execute('docmanager:open',
    {path: 'docs/decisions.md', factory: 'Markdown Preview'});
}"""

_TARGET = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const anchor = w.node.querySelector('[data-jupyter-id="tk-irr-4"]');
  const panel = w.node.getBoundingClientRect();
  return [w.context.path, anchor ? anchor.getBoundingClientRect().top - panel.top : null];
}"""


@pytest.mark.browser
def test_rule_anchor_links_work_in_jupyterlab(tmp_path: Path) -> None:
    """In JupyterLab, the link `rules/takenoko.md#tk-irr-4` of docs/decisions.md opens the rule
    page's Markdown preview scrolled to TK-IRR-4 (JupyterLab keeps `<a id>` as data-jupyter-id)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed")
    import os
    import shutil
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    root = tmp_path / "repo"  # a copy: JupyterLab writes checkpoints beside what it opens
    shutil.copytree(ROOT / "docs", root / "docs")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        **os.environ,
        "JUPYTERLAB_SETTINGS_DIR": str(tmp_path),
        "JUPYTER_RUNTIME_DIR": str(tmp_path),
    }
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}"]
    cmd += ["--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.allow_root=True"]
    cmd += [f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status", timeout=2)
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "no JupyterLab"
                time.sleep(0.3)
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=str(CHROMIUM),
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
            )
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            page.goto(f"{base}/lab?reset")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.restored")
            page.evaluate(_FOLLOW)
            link = page.locator(".jp-RenderedMarkdown a", has_text="rules/takenoko.md#tk-irr-4")
            link.first.click()
            page.wait_for_function(
                "() => window.jupyterapp.shell.currentWidget.context.path"
                " === 'docs/rules/takenoko.md'"
            )
            page.wait_for_selector(
                '.jp-RenderedMarkdown [data-jupyter-id="tk-irr-4"]', state="attached"
            )
            time.sleep(1)
            path, top = page.evaluate(_TARGET)
            browser.close()
        assert path == "docs/rules/takenoko.md"
        assert top is not None and 0 <= top < 200, f"TK-IRR-4 is {top} px below the top"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
