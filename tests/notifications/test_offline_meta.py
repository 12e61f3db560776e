"""The offline page stands alone (it does not extend base.html), so it carries its own
meta description; a page without one cost the site's SEO audit points."""

from __future__ import annotations

import re
from pathlib import Path

from django.test import Client

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def descriptions(page: str) -> list[str]:
    return re.findall(r'<meta name="description" content="([^"]*)"', page)


def test_the_offline_page_has_one_meta_description_of_search_length(client: Client) -> None:
    page = client.get("/offline/").content.decode()
    found = descriptions(page)
    assert len(found) == 1, found
    assert 50 <= len(found[0]) <= 160 and "offline" in found[0].lower(), found[0]


def test_every_stand_alone_page_template_has_a_meta_description() -> None:
    """Any full HTML document other than base.html says its own description, unless it
    keeps itself out of search results (an error page with ``noindex``)."""
    documents = [p for p in TEMPLATES.rglob("*.html") if "<!DOCTYPE" in p.read_text().upper()]
    assert any(p.name == "offline.html" for p in documents)
    for path in documents:
        text = path.read_text()
        assert 'name="description"' in text or 'content="noindex"' in text, path
