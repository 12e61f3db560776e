"""Every game's How to play page in Romanian is as complete as the English one (issue 36).

The page is asked for in each language through the browser's Accept-Language, as a
visitor's first page would be. Both must have the same sections (the same heading ids,
as many h2/h3 headings, list items and definitions), and no paragraph or list item of
the Romanian page may still be the English text.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games import catalogue
from tests.web.test_how_to_play import plain

pytestmark = pytest.mark.django_db
READY = list(catalogue.ready())


def page(client: Client, entry: catalogue.GameEntry, language: str) -> str:
    response = client.get(reverse(f"{entry.url_name}:how_to_play"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert f'<html lang="{language}"' in response.content.decode()
    return response.content.decode()


def article(html: str) -> str:
    """The rules themselves: the page's <article> (the site's header and footer left out)."""
    found = re.search(r"<article\b.*?</article>", html, re.DOTALL)
    assert found
    return found.group(0)


def heading_ids(html: str) -> list[str]:
    return re.findall(r'<h[1-3][^>]*\bid="([\w-]+)"', html)


def count(html: str, tag: str) -> int:
    return len(re.findall(rf"<{tag}\b", html))


def texts(html: str) -> list[str]:
    """The visible text of every paragraph, list item, definition and heading."""
    found = re.findall(r"<(p|li|dd|h[1-3])\b[^>]*>(.*?)</\1>", html, re.DOTALL)
    return [plain(inner) for _, inner in found]


@pytest.mark.parametrize("entry", READY, ids=lambda e: e.kind)
def test_the_romanian_page_has_every_section_of_the_english_one(client, entry) -> None:
    english = article(page(client, entry, "en"))
    romanian = article(page(client, entry, "ro"))
    assert heading_ids(romanian) == heading_ids(english)
    for tag in ("h2", "h3", "p", "ul", "ol", "li", "dt", "dd", "a"):
        assert count(romanian, tag) == count(english, tag), f"{entry.name}: <{tag}> count differs"


# What reads the same in both languages: the name of Rumbaroo's call (its section's
# heading and contents line); an empty element. Everything else is written in Romanian.
SAME_IN_BOTH = re.compile(r"^(Rumbaroo!)?$")


@pytest.mark.parametrize("entry", READY, ids=lambda e: e.kind)
def test_no_paragraph_of_the_romanian_page_is_left_in_english(client, entry) -> None:
    english = texts(article(page(client, entry, "en")))
    romanian = texts(article(page(client, entry, "ro")))
    assert len(romanian) == len(english)
    untranslated = [
        ro
        for en, ro in zip(english, romanian, strict=True)
        if ro == en and not SAME_IN_BOTH.match(en)
    ]
    assert not untranslated, f"{entry.name}: still in English: {untranslated}"
    assert len(set(romanian) - set(english)) > 0.9 * len(set(english))


def test_the_romanian_pages_use_the_romanian_words() -> None:
    """Spot checks that the Romanian is the one docs/translating.md chose."""
    client = Client()
    by_kind = {entry.kind: plain(article(page(client, entry, "ro"))) for entry in READY}
    assert "Cum se joacă Remi pe tablă" in by_kind["romanian_tile_rummy"]
    assert "joly" in by_kind["romanian_tile_rummy"] and "etala" in by_kind["romanian_tile_rummy"]
    assert "suport" in by_kind["tile_rummy"] and "Formații" in by_kind["tile_rummy"]
    assert "marsupiu" in by_kind["rumbaroo"] and "Croc Snap" in by_kind["rumbaroo"]
    assert "Canast" in by_kind["rumasta"] and "înlocuitor" in by_kind["rumasta"]
    # The clock's lengths say their plural as Romanian does: "de" from 20 on.
    assert "60 de secunde pentru o tură" in by_kind["tile_rummy"]
    assert "5 secunde ca să răspunzi" in by_kind["rumbaroo"]
    for text in by_kind.values():
        assert not re.search("[şţŞŢ]", text), "ș and ț take the comma below, not the cedilla"
