"""The language a page, an e-mail or a push is written in.

Order (the issue's and Django's): a signed-in account's saved language first, so the
choice follows it to every device; then the device's language cookie (a guest's
choice, set by the footer's switch); then the browser's Accept-Language; then
settings.LANGUAGE_CODE. URLs carry no language prefix: a shared table or replay link
opens in the reader's own language, and no page has two addresses.

The account's language is read through the cache (the switch writes it there too), so
a page costs no SQL statement for it once the account has been seen.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.views.i18n import set_language as django_set_language

from preferences.models import Preferences

CACHE_SECONDS = 300  # a locmem cache is per process: another process sees a switch this late
_NONE = "-"  # cached for an account that has chosen nothing


def _key(user: Any) -> str:
    """By id and sign-up time: an id used again (a new test database) never reads another's."""
    joined = getattr(user, "date_joined", None)
    return f"preferences:language:{user.pk}:{joined.timestamp() if joined else ''}"


def supported(code: str | None) -> str | None:
    """``code`` when the site speaks it (a regional variant counts as its language)."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def saved_language(user: Any) -> str | None:
    """The language an account chose, or None (a guest, or nothing chosen yet)."""
    if not getattr(user, "is_authenticated", False):
        return None
    cached = cache.get(_key(user))
    if cached is None:
        row = Preferences.objects.filter(user_id=user.pk).values_list("language", flat=True)
        cached = row.first() or _NONE
        cache.set(_key(user), cached, CACHE_SECONDS)
    return supported(cached) if cached != _NONE else None


def language_of(user: Any) -> str:
    """The language to write to this person in when they are not here (e-mail, push)."""
    return saved_language(user) or settings.LANGUAGE_CODE


def save_language(user: Any, code: str) -> None:
    """Keep ``code`` with the account (and in the cache every device reads)."""
    Preferences.objects.update_or_create(user_id=user.pk, defaults={"language": code})
    cache.set(_key(user), code, CACHE_SECONDS)


class AccountLanguageMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware, but a signed-in account's saved language comes first."""

    def process_request(self, request: HttpRequest) -> None:
        language = saved_language(getattr(request, "user", None))
        if language is None:
            super().process_request(request)
            return
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()


def set_language(request: HttpRequest) -> HttpResponse:
    """The footer's switch: Django's set_language (cookie, redirect back), and for a
    signed-in person the account keeps the choice so their other devices follow it."""
    response = django_set_language(request)
    code = supported(request.POST.get("language")) if request.method == "POST" else None
    if code and request.user.is_authenticated:
        save_language(request.user, code)
    return response
