"""A browser that signed in to an account before: its own long-lived token, not the guest cookie.

The sign-in throttle (``accounts.throttle``) lets such a browser skip the delays
a stranger's wrong guesses put on the name, so nobody can keep the owner out by
guessing. The token is a signed cookie naming the account and an HMAC of its
password hash: it cannot be forged, it only ever says "this browser knew the
password", and a password change retires every token issued before it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponseBase
from django.utils.crypto import constant_time_compare, salted_hmac

COOKIE_NAME = "rummy_known"
SALT = "rummy.known-device"
MAX_AGE_SECONDS = 400 * 24 * 60 * 60  # the longest a browser keeps a cookie
MAX_ACCOUNTS = 5  # a shared family computer may know a few accounts


def token_for(user: Any) -> str:
    """``<pk>:<hmac>``: changes whenever the account's password does."""
    digest = salted_hmac(SALT, f"{user.pk}:{user.password}", algorithm="sha256").hexdigest()[:32]
    return f"{user.pk}:{digest}"


def _tokens(request: HttpRequest) -> list[str]:
    raw = request.get_signed_cookie(COOKIE_NAME, default="", salt=SALT, max_age=MAX_AGE_SECONDS)
    return [t for t in raw.split(",") if t][:MAX_ACCOUNTS]


def holder_token(request: HttpRequest, username: str) -> str | None:
    """This browser's token for the account named ``username``, if it holds a valid one."""
    tokens = _tokens(request)
    if not tokens or not username:
        return None
    model = get_user_model()
    field = f"{model.USERNAME_FIELD}__iexact"
    user = model._default_manager.filter(**{field: username}).first()
    if user is None:
        return None
    expected = token_for(user)
    return next((t for t in tokens if constant_time_compare(t, expected)), None)


def remember(request: HttpRequest, response: HttpResponseBase, user: Any) -> None:
    """After a successful sign-in: this browser now knows the account (newest first)."""
    token = token_for(user)
    prefix = f"{user.pk}:"
    others = [t for t in _tokens(request) if not t.startswith(prefix)]
    value = ",".join([token, *others][:MAX_ACCOUNTS])
    response.set_signed_cookie(
        COOKIE_NAME,
        value,
        salt=SALT,
        max_age=MAX_AGE_SECONDS,
        httponly=True,
        samesite="Lax",
        secure=settings.SECURE_COOKIES,
    )
