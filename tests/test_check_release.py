"""tools/check_release.py: the tag, the package version and the CHANGELOG's top heading agree."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import bamboo_lab

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("check_release", ROOT / "tools/check_release.py")
assert _spec and _spec.loader
check_release = importlib.util.module_from_spec(_spec)
sys.modules["check_release"] = check_release  # dataclasses look their module up
_spec.loader.exec_module(check_release)


def _project(tmp_path: Path, version: str, heading: str) -> Path:
    """A copy of the three files the check reads, with ``version`` and a changelog heading."""
    (tmp_path / "bamboo_lab").mkdir()
    (tmp_path / "bamboo_lab" / "__init__.py").write_text(
        f'"""A package."""\n\nimport os\n\n__version__ = "{version}"\n'
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    citation = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    citation = citation.replace(f'version: "{bamboo_lab.__version__}"', f'version: "{version}"')
    (tmp_path / "CITATION.cff").write_text(citation, encoding="utf-8")
    (tmp_path / "CHANGELOG.md").write_text(f"# Changelog\n\nIntro.\n\n{heading}\n\n- a change\n")
    return tmp_path


def test_the_repository_agrees_with_itself() -> None:
    assert check_release.package_version() == bamboo_lab.__version__
    assert check_release.problems() == []
    heading = check_release.top_heading((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert heading is not None and heading.version == bamboo_lab.__version__
    assert heading.unreleased or heading.date is not None


def test_the_tag_must_be_v_and_the_version_and_the_section_dated(tmp_path: Path) -> None:
    root = _project(tmp_path, "0.3.0", "## 0.3.0 - 2026-12-20")
    assert check_release.problems(root, "v0.3.0") == []
    assert check_release.problems(root, "0.3.0") == ["the tag '0.3.0' is not 'v0.3.0'"]
    assert check_release.problems(root, "v0.3.1") == ["the tag 'v0.3.1' is not 'v0.3.0'"]


def test_an_unreleased_section_passes_without_a_tag_and_fails_with_one(tmp_path: Path) -> None:
    root = _project(tmp_path, "0.3.0", "## 0.3.0 (unreleased)")
    assert check_release.problems(root) == []
    (problem,) = check_release.problems(root, "v0.3.0")
    assert "not dated" in problem and "## 0.3.0 - YYYY-MM-DD" in problem


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("## 0.2.0 (unreleased)", "CHANGELOG.md's top section is 0.2.0, the package is 0.3.0"),
        ("## Unreleased", "the first '## ' heading must be"),
        ("## 0.3.0 - 20 December", "the first '## ' heading must be"),
    ],
)
def test_a_changelog_that_disagrees_is_named(tmp_path: Path, heading: str, expected: str) -> None:
    (problem,) = check_release.problems(_project(tmp_path, "0.3.0", heading))
    assert expected in problem


def test_top_heading_reads_the_first_level_two_heading_only() -> None:
    text = "# Changelog\n\n## 1.2.0rc1 (unreleased)\n\n### Added\n\n## 1.1.0 - 2026-01-02\n"
    assert check_release.top_heading(text) == check_release.Heading("1.2.0rc1", True, None)
    assert check_release.top_heading("## 1.1.0 - 2026-01-02\n").date == "2026-01-02"
    assert check_release.top_heading("# Changelog\n") is None


def test_a_version_written_in_pyproject_is_refused(tmp_path: Path) -> None:
    root = _project(tmp_path, "0.3.0", "## 0.3.0 (unreleased)")
    text = (root / "pyproject.toml").read_text()
    (root / "pyproject.toml").write_text(text.replace('dynamic = ["version"]', 'version = "0.3.0"'))
    (problem,) = check_release.problems(root)
    assert "bamboo_lab.__version__ only" in problem


def test_the_command_exits_1_and_says_why(tmp_path: Path) -> None:
    root = _project(tmp_path, "0.3.0", "## 0.3.0 (unreleased)")
    script = str(ROOT / "tools" / "check_release.py")
    run = [sys.executable, script, "--root", str(root)]
    ok = subprocess.run(run, capture_output=True, text=True)
    assert ok.returncode == 0 and "0.3.0 agrees everywhere" in ok.stdout
    bad = subprocess.run([*run, "--tag", "v0.4.0"], capture_output=True, text=True)
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.count("check_release:") == 2, bad.stderr


def test_a_citation_naming_another_version_is_refused(tmp_path: Path) -> None:
    root = _project(tmp_path, "0.3.0", "## 0.3.0 (unreleased)")
    text = (root / "CITATION.cff").read_text().replace('version: "0.3.0"', "version: 0.2.9  # old")
    (root / "CITATION.cff").write_text(text)
    assert check_release.problems(root) == [
        "CITATION.cff names version '0.2.9', the package is 0.3.0"
    ]


def test_citation_cff_is_valid_cff_1_2_0_naming_the_package_version() -> None:
    yaml = pytest.importorskip("yaml")
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert citation["cff-version"] == "1.2.0"
    for key in ("message", "title", "authors", "version", "license", "repository-code", "url"):
        assert citation.get(key), key
    assert citation["version"] == bamboo_lab.__version__ and citation["type"] == "software"
    assert all(author.get("name") or author.get("family-names") for author in citation["authors"])
    assert citation["license"] == "MIT"
    assert check_release.citation_version("version: '1.0.0'\n") == "1.0.0"
    assert check_release.citation_version("cff-version: 1.2.0\n") is None
