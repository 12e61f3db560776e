"""The pseudo-locales (tests/i18n/pseudo_locale.py), written and compiled once a session; and
the world the Romanian pages are read in (tests/i18n/romanian_world.py), shared by
test_every_page_in_romanian.py, test_romanian_forms_and_mails.py and test_romanian_rule.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.utils import translation

from tests.i18n.pseudo_locale import pseudo_language, write_catalogue
from tests.i18n.romanian_world import World, build_world

PSEUDO = "eo"  # left to right: Esperanto's code, which the site does not ship
PSEUDO_RTL = "he"  # right to left: Hebrew's code, in Django's LANGUAGES_BIDI


@pytest.fixture(scope="session")
def pseudo_locale_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A LOCALE_PATHS directory holding the two pseudo catalogues, .po and .mo."""
    directory = tmp_path_factory.mktemp("pseudo-locale")
    for code in (PSEUDO, PSEUDO_RTL):
        write_catalogue(directory, code)
    return directory


@pytest.fixture
def pseudo_on(pseudo_locale_dir: Path) -> Iterator[str]:
    """The site speaks the left-to-right pseudo-language too; a request picks it by its
    cookie or Accept-Language like any other."""
    with pseudo_language(pseudo_locale_dir, PSEUDO) as code:
        yield code


@pytest.fixture
def pseudo_rtl_on(pseudo_locale_dir: Path) -> Iterator[str]:
    """The site speaks the right-to-left pseudo-language too (pages say dir="rtl")."""
    with pseudo_language(pseudo_locale_dir, PSEUDO_RTL, "Pseudo RTL") as code:
        yield code


@pytest.fixture
def fresh_pages(settings: Any) -> Iterator[None]:
    """For reading pages twice (the Romanian pages' tests use it): rate-limit counters start
    at zero, live polls answer at once, English afterwards."""
    settings.LIVE_WAIT_SECONDS = 0
    cache.clear()
    yield
    cache.clear()
    translation.activate("en")


@pytest.fixture
def world(django_capture_on_commit_callbacks: Callable[..., Any]) -> World:
    """Ana, Bobby, a guest and what the pages need of each app (romanian_world.build_world)."""
    return build_world(django_capture_on_commit_callbacks)


def speak(page: Any, live_server: Any, code: str) -> None:
    """The browser's language cookie, as the footer's switch sets it."""
    from django.conf import settings

    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": code, "url": live_server.url}]
    )
