"""The package as an index page and an installer show it: metadata, version, links, docstring."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

import wizardrules

ROOT = Path(__file__).resolve().parent.parent
DOCS = "https://wizardrules.github.io/wizardrules/"
REPOSITORY = "https://github.com/wizardrules/wizardrules"


def _project_urls() -> dict[str, str]:
    pairs = importlib.metadata.metadata("wizardrules").get_all("Project-URL") or []
    return dict(pair.split(", ", 1) for pair in pairs)


def test_metadata_names_docs_source_changelog_and_issues() -> None:
    """An index page links to the documentation, the source, the changelog and the issues."""
    assert _project_urls() == {
        "Documentation": DOCS,
        "Source": REPOSITORY,
        "Changelog": f"{REPOSITORY}/blob/main/CHANGELOG.md",
        "Issues": f"{REPOSITORY}/issues",
    }


def test_metadata_version_and_pythons() -> None:
    """One version everywhere; the Python versions the package supports, 3.13 included."""
    metadata = importlib.metadata.metadata("wizardrules")
    assert metadata["Version"] == wizardrules.__version__
    classifiers = metadata.get_all("Classifier") or []
    for minor in (10, 11, 12, 13):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers


def test_the_docs_site_names_the_same_addresses() -> None:
    """mkdocs.yml's site and repository are the metadata's documentation and source."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert f"site_url: {DOCS}\n" in config
    assert f"repo_url: {REPOSITORY}\n" in config


def test_readme_links_work_on_an_index_page() -> None:
    """A package index shows the README without the repository around it: every link is absolute."""
    links = re.findall(r"\]\(([^)]+)\)", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert links
    assert [link for link in links if not link.startswith("https://")] == []


def test_package_docstring_points_to_the_docs_and_the_entry_points() -> None:
    """`help(wizardrules)` says where the documentation is and where to start."""
    doc = wizardrules.__doc__ or ""
    assert DOCS in doc
    for name in ("ScoreSheet", "new_game", "legal_actions", "play_game", "tournament", "WizardRulesError"):
        assert f"`{name}" in doc or f".{name}`" in doc, name
