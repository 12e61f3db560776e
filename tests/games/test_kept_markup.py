"""``{% kept %}`` (games.templatetags.kept_markup): a part drawn once for the values it is
given, in each language, with each page's own CSRF token and nothing else of the page."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.safestring import mark_safe

from core import by_language
from games.templatetags import kept_markup

PART = Template(
    "{% load i18n kept_markup %}"
    "{% kept name=name count=count %}"
    "<form>{% csrf_token %}{{ name }} {{ count }} {{ secret }}"
    '{% translate "Players at this table" %}</form>'
    "{% endkept %}"
)


@pytest.fixture(autouse=True)
def _nothing_kept(settings: Any) -> None:
    settings.DEBUG = False  # DEBUG draws afresh every time
    by_language.forget()


def drawn(**values: Any) -> str:
    return PART.render(Context(values))


def test_each_page_gets_its_own_token_in_the_kept_markup() -> None:
    first = drawn(name="Kim", count=3, csrf_token="a" * 64)
    second = drawn(name="Kim", count=3, csrf_token="b" * 64)
    assert 'value="' + "a" * 64 + '"' in first and "b" * 64 not in first
    assert 'value="' + "b" * 64 + '"' in second and "a" * 64 not in second
    assert kept_markup.TOKEN not in first + second


def test_only_the_given_values_are_seen_inside() -> None:
    html = drawn(name="Kim", count=3, secret="the seat's hand", csrf_token="a" * 64)
    assert "the seat's hand" not in html
    assert "Kim 3" in html


def test_other_values_and_another_language_draw_again() -> None:
    english = drawn(name="Kim", count=3, csrf_token="t" * 64)
    assert "Kim 3" in english and "Players at this table" in english
    assert "Pat 3" in drawn(name="Pat", count=3, csrf_token="t" * 64)
    assert "Kim 4" in drawn(name="Kim", count=4, csrf_token="t" * 64)
    with translation.override("ro"):
        romanian = drawn(name="Kim", count=3, csrf_token="t" * 64)
    assert "Players at this table" not in romanian and "Kim 3" in romanian


def test_a_safe_string_and_a_plain_one_are_kept_apart() -> None:
    plain = drawn(name="<b>Kim</b>", count=1, csrf_token="t" * 64)
    safe = drawn(name=mark_safe("<b>Kim</b>"), count=1, csrf_token="t" * 64)
    assert "&lt;b&gt;Kim" in plain
    assert "<b>Kim</b>" in safe


def test_true_and_one_are_kept_apart() -> None:
    assert "Kim True" in drawn(name="Kim", count=True, csrf_token="t" * 64)
    assert "Kim 1" in drawn(name="Kim", count=1, csrf_token="t" * 64)


def test_without_a_token_the_form_has_none_and_nothing_is_kept() -> None:
    html = drawn(name="Kim", count=3)
    assert "csrfmiddlewaretoken" not in html and kept_markup.TOKEN not in html
    assert by_language._said == {}


def test_a_value_that_is_no_key_is_drawn_afresh() -> None:
    class Thing:
        def __str__(self) -> str:
            return "a thing"

    assert "a thing 3" in drawn(name=Thing(), count=3, csrf_token="t" * 64)
    assert by_language._said == {}
    with pytest.raises(TypeError):
        by_language.freeze(Thing())
