"""The documents name only files a reader can open, and the README stays short.

Every ``*.md`` that README.md, SECURITY.md or a page under docs/ mentions is in the
repository (or README says plainly that it is not); every Markdown link leads to a file
that is there; every repository path a document names in backticks exists. README once
pointed readers at DESIGN and RULINGS as if they were beside it, and at modules that
had moved.

The README is what a newcomer reads first (issue 35): at most about 200 lines, with a
contents list that links only files that exist and reaches every page under docs/.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS_DIR = ROOT / "docs"
KEPT_ELSEWHERE = {"DESIGN.md", "RULINGS.md"}  # the project's working papers
README_MAX_LINES = 220
# A path in backticks worth checking: has a folder, ends in a file type, no placeholder.
REPO_PATH = re.compile(r"`([\w.-]+(?:/[\w.-]+)+\.(?:py|md|html|css|js|json|toml|cfg|ini|txt|sh))`")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _documents() -> list[Path]:
    """README, SECURITY and every page under docs/ (decision records included)."""
    return [ROOT / "README.md", ROOT / "SECURITY.md", *sorted(DOCS_DIR.rglob("*.md"))]


def _text(path: Path) -> str:
    return " ".join(path.read_text().split())  # one space between words


def _named_files(text: str) -> set[str]:
    return set(re.findall(r"[\w./-]*\w\.md\b", text))


def _local_links(path: Path) -> list[str]:
    """Markdown link targets that are files of this repository (no web addresses)."""
    targets = (t.split("#", 1)[0] for t in LINK.findall(path.read_text()))
    return [t for t in targets if t and "://" not in t and not t.startswith("mailto:")]


def _is_here(doc: Path, name: str) -> bool:
    """A name is read from the repository's root or, as a link is, from the document's folder."""
    return (ROOT / name).exists() or (doc.parent / name).exists()


def test_every_markdown_file_the_documents_name_is_in_the_repository() -> None:
    for doc in _documents():
        for name in _named_files(_text(doc)) - KEPT_ELSEWHERE:
            assert _is_here(doc, name), f"{doc.relative_to(ROOT)} names {name}, which is not here"


def test_every_link_in_the_documents_leads_to_a_file_that_is_here() -> None:
    for doc in _documents():
        for target in _local_links(doc):
            where = doc.relative_to(ROOT)
            assert (doc.parent / target).exists(), f"{where} links {target}, which is not here"


def test_every_repository_path_the_documents_name_exists() -> None:
    for doc in _documents():
        for name in set(REPO_PATH.findall(doc.read_text())):
            assert _is_here(doc, name), f"{doc.relative_to(ROOT)} names {name}, which is not here"


def test_the_papers_kept_elsewhere_are_said_to_be_so() -> None:
    readme = _text(ROOT / "README.md")
    assert "DESIGN.md" in readme and "RULINGS.md" in readme
    assert "are not in this repository" in readme
    for name in KEPT_ELSEWHERE:
        assert not (ROOT / name).exists(), f"{name} is here now: drop it from KEPT_ELSEWHERE"


def test_the_readme_stays_short() -> None:
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) < README_MAX_LINES, f"README.md has {len(lines)} lines: move detail to docs/"


def _contents_links() -> list[str]:
    """The links of the README's "## Contents" section."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Contents\n", 1)[1].split("\n## ", 1)[0]
    return [t.split("#", 1)[0] for t in LINK.findall(section)]


def test_the_readme_contents_list_links_only_files_that_exist() -> None:
    links = _contents_links()
    assert links, "README.md has no contents list"
    for target in links:
        assert "://" not in target, f"README's contents link {target}, not a file here"
        assert (ROOT / target).is_file(), f"README's contents link {target}, which is not here"


def test_every_page_under_docs_is_reached_from_the_readme_contents() -> None:
    listed = {(ROOT / t).resolve() for t in _contents_links()}
    reached = set(listed)
    for page in listed:  # one step on: the decisions' index lists the records
        reached |= {(page.parent / t).resolve() for t in _local_links(page) if t.endswith(".md")}
    for page in DOCS_DIR.rglob("*.md"):
        assert page.resolve() in reached, f"{page.relative_to(ROOT)}: no contents list reaches it"
