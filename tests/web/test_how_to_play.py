"""Every ready game's How to play page lists every setup option, its choices and its default.

The options are read from the game's own setup form (``<web>.forms.SetupForm``)
found through the catalogue, so an option added to a form without a word on
the page fails here. The page also needs a contents list whose links all land
on a section, and a worked scoring example.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.urls import reverse

from games import catalogue
from games.gameweb import web_for

pytestmark = pytest.mark.django_db
READY = list(catalogue.ready())
# Every page has a contents list; the issue asks two of them for a worked scoring example.
WITH_CONTENTS = READY
WITH_EXAMPLE = [e for e in READY if e.kind in ("tile_rummy", "rumbaroo")]


def plain(fragment: str) -> str:
    """Visible text: tags dropped, entities decoded, spaces collapsed."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", fragment))
    return re.sub(r"\s+", " ", text).strip()


def section(page: str, anchor: str) -> str:
    """The HTML from the heading with ``id=anchor`` up to the next h2."""
    found = re.search(rf'<h2[^>]*id="{anchor}".*?(?=<h2|</article>)', page, re.DOTALL)
    assert found, f'no section with id="{anchor}"'
    return found.group(0)


def short(label: Any) -> str:
    """A choice or field label up to its explanation: "Joey — easy: …" → "Joey"."""
    return re.split(r" — | \(|\?", str(label))[0].strip()


def numbers(value: int) -> list[str]:
    return [str(value), f"{value:,}"]


def mentions(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text, re.IGNORECASE) is not None


def blocks(fragment: str) -> list[str]:
    """The visible text of every list item, paragraph, definition and table row."""
    found = re.findall(r"<(li|p|dd|tr)\b[^>]*>(.*?)</\1>", fragment, re.DOTALL)
    return [plain(inner) for _, inner in found]


def setup_part(page: str) -> str:
    """The page's setup section if it has one (id="setup"), else the whole page."""
    return section(page, "setup") if 'id="setup"' in page else page


def setup_fields(entry: catalogue.GameEntry) -> dict[str, forms.Field]:
    form_class = web_for(entry.kind).setup_form
    return dict(form_class.base_fields)


def page_of(client, entry: catalogue.GameEntry) -> str:
    response = client.get(reverse(f"{entry.url_name}:how_to_play"))
    assert response.status_code == 200
    return response.content.decode()


def test_there_are_ready_games_with_setup_forms() -> None:
    assert READY and all(setup_fields(entry) for entry in READY)


@pytest.mark.parametrize("entry", READY, ids=lambda e: e.kind)
def test_the_page_lists_every_setup_option_with_its_choices_and_default(client, entry) -> None:
    options = blocks(setup_part(page_of(client, entry)))
    for name, field in setup_fields(entry).items():
        label = short(field.label or name)
        starting = [o for o in options if o.lower().startswith(label.lower())]
        line = next(iter(starting or [o for o in options if mentions(o, label)]), None)
        assert line is not None, f"{entry.name}: setup option {label!r} is not on the page"
        assert "default" in line, f"{entry.name}: {label!r} does not say its default"
        choices = dict(getattr(field, "choices", []) or [])
        for text in choices.values():
            word = short(text)
            assert mentions(line, word), f"{entry.name}: {label!r} misses the choice {word!r}"
        default = short(choices.get(field.initial, field.initial))
        spellings = numbers(int(default)) if default.isdigit() else [default]  # 5000 or 5,000
        value = "(?:" + "|".join(re.escape(v) for v in spellings) + ")"
        said = rf"default[^.;)]*\b{value}\b|\b{value}\b\W*\(?(by )?default"
        assert re.search(said, line, re.IGNORECASE), (
            f"{entry.name}: {label!r} should give its default {default!r}"
        )
        for validator in field.validators:
            if isinstance(validator, MinValueValidator | MaxValueValidator):
                limit = validator.limit_value
                assert any(mentions(line, n) for n in numbers(limit)), (
                    f"{entry.name}: {label!r} should give its limit {limit}"
                )


@pytest.mark.parametrize("entry", WITH_CONTENTS, ids=lambda e: e.kind)
def test_the_contents_list_links_to_every_section(client, entry) -> None:
    page = page_of(client, entry)
    toc = re.search(r'<nav class="toc".*?</nav>', page, re.DOTALL)
    assert toc, f"{entry.name}: no contents list"
    links = re.findall(r'href="#([\w-]+)"', toc.group(0))
    ids = set(re.findall(r'id="([\w-]+)"', page))
    assert links and set(links) <= ids
    headings = re.findall(r'<h2[^>]*id="([\w-]+)"', page)
    assert set(headings) - {"toc-title"} <= set(links), "a section is missing from the contents"


@pytest.mark.parametrize("entry", WITH_EXAMPLE, ids=lambda e: e.kind)
def test_the_page_works_through_a_scoring_example(client, entry) -> None:
    example = plain(section(page_of(client, entry), "scoring-example"))
    assert re.search(r"\d+ \+ \d+", example), "the example should add up a round"
