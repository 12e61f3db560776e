"""Guest identity: the signed ``rummy_device`` cookie and ``request.device_key``."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory

from accounts.device import COOKIE_NAME, KEY_LENGTH, is_valid_key
from accounts.middleware import DeviceMiddleware


def _run(request: HttpRequest) -> tuple[HttpRequest, HttpResponse]:
    """Pass ``request`` through the middleware around a trivial view."""
    middleware = DeviceMiddleware(lambda req: HttpResponse("ok"))
    response = middleware(request)
    return request, response  # type: ignore[return-value]


def test_new_visitor_gets_a_signed_cookie() -> None:
    request, response = _run(RequestFactory().get("/"))
    key = request.device_key  # type: ignore[attr-defined]
    assert is_valid_key(key) and len(key) == KEY_LENGTH
    morsel = response.cookies[COOKIE_NAME]
    assert morsel.value != key  # signed, not the bare key
    assert key in morsel.value
    assert morsel["httponly"] is True
    assert morsel["samesite"] == "Lax"
    # The browser keeps it as long as the server honours it unused (GUEST_IDLE_DAYS).
    assert int(morsel["max-age"]) == settings.GUEST_IDLE_DAYS * 24 * 60 * 60


def test_same_cookie_gives_same_key_and_no_new_cookie() -> None:
    first, response = _run(RequestFactory().get("/"))
    factory = RequestFactory()
    factory.cookies[COOKIE_NAME] = response.cookies[COOKIE_NAME].value
    again, response2 = _run(factory.get("/"))
    assert again.device_key == first.device_key  # type: ignore[attr-defined]
    assert COOKIE_NAME not in response2.cookies


def test_tampered_cookie_gives_a_new_key() -> None:
    first, response = _run(RequestFactory().get("/"))
    old_key = first.device_key  # type: ignore[attr-defined]
    signed = response.cookies[COOKIE_NAME].value
    factory = RequestFactory()
    factory.cookies[COOKIE_NAME] = signed[:-1] + ("A" if signed[-1] != "A" else "B")
    second, response2 = _run(factory.get("/"))
    assert second.device_key != old_key  # type: ignore[attr-defined]
    assert is_valid_key(second.device_key)  # type: ignore[attr-defined]
    assert COOKIE_NAME in response2.cookies  # the replacement is issued


def test_unsigned_cookie_is_not_trusted() -> None:
    factory = RequestFactory()
    factory.cookies[COOKIE_NAME] = "a" * KEY_LENGTH  # a plausible key, but not signed by us
    request, response = _run(factory.get("/"))
    assert request.device_key != "a" * KEY_LENGTH  # type: ignore[attr-defined]
    assert COOKIE_NAME in response.cookies


@pytest.mark.django_db
def test_key_is_stable_across_real_requests(client: Client) -> None:
    client.get("/")
    cookie = client.cookies[COOKIE_NAME].value
    client.get("/")
    assert client.cookies[COOKIE_NAME].value == cookie
