"""Guest identity: a random device key kept in a signed cookie.

Guests can play without signing up, so their games need an owner. The key is
random (not derived from anything about the visitor) and the cookie is signed
so a visitor cannot claim someone else's key by editing it. A cookie that fails
the signature check is treated as absent: the visitor gets a brand-new key and
never the one the tampered cookie named.
"""

from __future__ import annotations

import re
import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

COOKIE_NAME = "rummy_device"
SALT = "rummy.device"
MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60  # two years: guests keep their games a long time
KEY_LENGTH = 32

_KEY_RE = re.compile(rf"^[A-Za-z0-9_-]{{{KEY_LENGTH}}}$")


def new_device_key() -> str:
    """Return a fresh 32-character URL-safe key (24 random bytes, 192 bits)."""
    return secrets.token_urlsafe(24)


def is_valid_key(value: object) -> bool:
    """True for strings shaped like keys we issue (guards against old formats)."""
    return isinstance(value, str) and bool(_KEY_RE.match(value))


def read_device_key(request: HttpRequest) -> str | None:
    """Return the key from a correctly signed cookie, else None (missing or tampered)."""
    value = request.get_signed_cookie(COOKIE_NAME, default=None, salt=SALT)
    return value if is_valid_key(value) else None


def set_device_cookie(response: HttpResponseBase, key: str) -> None:
    """Store ``key`` in the signed cookie: HttpOnly (scripts never need it), Lax."""
    response.set_signed_cookie(
        COOKIE_NAME,
        key,
        salt=SALT,
        max_age=MAX_AGE_SECONDS,
        httponly=True,
        samesite="Lax",
        # SECURE_COOKIES is on whenever DEBUG is off (outside tests), like the session cookie.
        secure=settings.SECURE_COOKIES,
    )
