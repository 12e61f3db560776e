"""Issue 34 item 4: every per-person page answers ``Cache-Control: private, no-store``.

The pages are found from the URL resolver, not from a list, so a page added
later is checked the day it is added. A pattern is per-person when it lives
under ``/me/``, names a game (``game_id``: a seat's table, replay or review),
sends a signed-out visitor to sign in (it exists only for a person), or is one
of the pages a guest owns too (``GUEST_OWNED``: no sign-in is asked, so they
are named here). Each is
then opened by a signed-in person (a POST-only one is posted to), and whatever
it answers, a page, a redirect or a 404, no cache may keep it.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.security.test_headers import assert_private

pytestmark = pytest.mark.django_db

SKIPPED = ("admin/", "api/v1/")  # the admin's own never_cache; the API answers tokens, not people
SAMPLES: dict[str, Any] = {"uuid": uuid.UUID(int=7), "int": 1}
OWN_PREFIX = "me/"
# A guest's own things, kept by the device cookie: presets, rooms, the quick-match queue,
# puzzle streaks and attempts, the board name, the guided games' progress.
GUEST_OWNED = (
    "presets/",
    "rooms/r/",
    "match/wait/",
    "puzzles/streak/",
    "puzzles/attempt/",
    "puzzles/storm/",
    "puzzles/dashboard/",
    "leaderboards/name/",
    "learn/",
)


@dataclass(frozen=True)
class Pattern:
    route: str  # the whole route, e.g. "me/turn/"
    view_name: str  # "namespace:name"
    kwargs: dict[str, Any]

    @property
    def url(self) -> str:
        return reverse(self.view_name, kwargs=self.kwargs)


def _sample_kwargs(pattern: Any) -> dict[str, Any]:
    converters = getattr(pattern, "converters", {})
    names = list(converters) or list(re.compile(str(pattern)).groupindex)
    kinds = {
        name: type(conv).__name__.removesuffix("Converter").lower()
        for name, conv in converters.items()
    }
    return {name: SAMPLES.get(kinds.get(name, ""), "x") for name in names}


def _walk(patterns: list[Any], prefix: str = "", space: tuple[str, ...] = ()) -> Iterator[Pattern]:
    for entry in patterns:
        route = prefix + str(entry.pattern).lstrip("^").removesuffix("$")
        if isinstance(entry, URLResolver):
            inner = (*space, entry.namespace) if entry.namespace else space
            kwargs = _sample_kwargs(entry.pattern)
            for found in _walk(entry.url_patterns, route, inner):
                yield Pattern(found.route, found.view_name, {**kwargs, **found.kwargs})
        elif isinstance(entry, URLPattern) and entry.name:
            yield Pattern(route, ":".join((*space, entry.name)), _sample_kwargs(entry.pattern))


def every_pattern() -> list[Pattern]:
    found = {p.view_name: p for p in _walk(get_resolver().url_patterns)}
    return [p for p in found.values() if not p.route.startswith(SKIPPED)]


def _sends_to_sign_in(response: Any) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("account_login"))


def is_per_person(pattern: Pattern) -> bool:
    """Under /me/, a game's, a guest's own, or only for a signed-in person (else: sign in)."""
    if pattern.route.startswith((OWN_PREFIX, *GUEST_OWNED)) or "game_id" in pattern.kwargs:
        return True
    stranger = Client()
    answer = stranger.get(pattern.url)
    if answer.status_code == 405:
        answer = stranger.post(pattern.url)
    return _sends_to_sign_in(answer)


@pytest.fixture
def per_person() -> list[Pattern]:
    return [p for p in every_pattern() if is_per_person(p)]


def test_the_walk_finds_the_own_pages_it_must(per_person: list[Pattern]) -> None:
    routes = {p.route for p in per_person}
    assert {"me/turn/", "me/vacation/", "me/notifications/", "me/stats/"} <= routes
    assert {"api/tokens/", "accounts/email/"} <= routes  # sign-in only, outside /me/
    assert "leaderboards/ratings/" not in routes and "@/<str:name>/" not in routes  # public


def test_every_per_person_page_is_private_no_store(
    per_person: list[Pattern], django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("kim", password="tiles-and-runs-42")
    failures = []
    for pattern in per_person:
        person = Client()
        person.force_login(user)
        answer = person.get(pattern.url)
        if answer.status_code == 405:
            answer = person.post(pattern.url)
        try:
            assert_private(answer)
        except AssertionError:
            failures.append(
                f"{pattern.route} ({pattern.view_name}): {answer.status_code} "
                f"{answer.headers.get('Cache-Control')!r}"
            )
    assert not failures, "\n".join(failures)
