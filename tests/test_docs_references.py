"""The documents name only files a reader can open: every ``*.md`` that README.md or
SECURITY.md mentions is in the repository, or README says plainly that it is not.

README once pointed readers at DESIGN and RULINGS as if they were beside it.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("README.md", "SECURITY.md")
KEPT_ELSEWHERE = {"DESIGN.md", "RULINGS.md"}  # the project's working papers


def _text(name: str) -> str:
    return " ".join((ROOT / name).read_text().split())  # one space between words


def _named_files(text: str) -> set[str]:
    return set(re.findall(r"[\w./-]*\w\.md\b", text))


def test_every_markdown_file_the_documents_name_is_in_the_repository() -> None:
    for doc in DOCS:
        for name in _named_files(_text(doc)) - KEPT_ELSEWHERE:
            assert (ROOT / name).is_file(), f"{doc} names {name}, which is not here"


def test_the_papers_kept_elsewhere_are_said_to_be_so() -> None:
    readme = _text("README.md")
    assert "DESIGN.md" in readme and "RULINGS.md" in readme
    assert "are not in this repository" in readme
    for name in KEPT_ELSEWHERE:
        assert not (ROOT / name).exists(), f"{name} is here now: drop it from KEPT_ELSEWHERE"
