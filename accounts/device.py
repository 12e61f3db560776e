"""Guest identity: a random device key kept in a signed cookie.

Guests can play without signing up, so their games need an owner. The key is
random (not derived from anything about the visitor) and the cookie is signed
so a visitor cannot claim someone else's key by editing it. A cookie that fails
the signature check is treated as absent: the visitor gets a brand-new key and
never the one the tampered cookie named.

The cookie carries the key's issue time and when it was last refreshed, and is
signed with a timestamp: one unused for ``settings.GUEST_IDLE_DAYS`` (never
under 30, so a saved game waits for its player) is refused by the server, not
just dropped by the browser. Each day of use refreshes it. Signing up, in or out
rotates the key (``accounts.middleware``), after the guest's games have joined
the account, so a cookie copied earlier names nothing any more.
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

COOKIE_NAME = "rummy_device"
SALT = "rummy.device"
KEY_LENGTH = 32
REFRESH_SECONDS = 24 * 60 * 60  # a day of use moves the idle deadline on


def idle_limit_seconds() -> int:
    """How long an unused device cookie stays valid (settings.GUEST_IDLE_DAYS)."""
    return int(settings.GUEST_IDLE_DAYS) * 24 * 60 * 60


@dataclass(frozen=True)
class Device:
    """A guest identity as the cookie states it: the key, when issued, when last refreshed."""

    key: str
    issued: int
    refreshed: int

    @property
    def stale(self) -> bool:
        """Refreshed more than a day ago: write the cookie again to extend it."""
        return time.time() - self.refreshed > REFRESH_SECONDS

    def value(self) -> str:
        return f"{self.key}:{self.issued}:{self.refreshed}"


def new_device() -> Device:
    now = int(time.time())
    return Device(new_device_key(), now, now)


_KEY_RE = re.compile(rf"^[A-Za-z0-9_-]{{{KEY_LENGTH}}}$")


def new_device_key() -> str:
    """Return a fresh 32-character URL-safe key (24 random bytes, 192 bits)."""
    return secrets.token_urlsafe(24)


def is_valid_key(value: object) -> bool:
    """True for strings shaped like keys we issue (guards against old formats)."""
    return isinstance(value, str) and bool(_KEY_RE.match(value))


def read_device(request: HttpRequest) -> Device | None:
    """The device a correctly signed, unexpired cookie names, else None.

    A cookie from before issue times (the bare key) is still honoured, as
    issued now, so no guest loses their games to the upgrade.
    """
    value = request.get_signed_cookie(
        COOKIE_NAME, default=None, salt=SALT, max_age=idle_limit_seconds()
    )
    if not isinstance(value, str):
        return None
    key, _, times = value.partition(":")
    if not is_valid_key(key):
        return None
    if not times:
        now = int(time.time())
        return Device(key, now, 0)  # refreshed 0: rewritten in the new format at once
    issued, _, refreshed = times.partition(":")
    if not (issued.isascii() and issued.isdigit() and refreshed.isascii() and refreshed.isdigit()):
        return None
    return Device(key, int(issued), int(refreshed))


def read_device_key(request: HttpRequest) -> str | None:
    """Return the key from a correctly signed, unexpired cookie, else None."""
    device = read_device(request)
    return device.key if device else None


def set_device_cookie(response: HttpResponseBase, device: Device | str) -> None:
    """Store the device in the signed cookie: HttpOnly (scripts never need it), Lax."""
    if isinstance(device, str):
        now = int(time.time())
        device = Device(device, now, now)
    response.set_signed_cookie(
        COOKIE_NAME,
        device.value(),
        salt=SALT,
        max_age=idle_limit_seconds(),
        httponly=True,
        samesite="Lax",
        # SECURE_COOKIES is on whenever DEBUG is off (outside tests), like the session cookie.
        secure=settings.SECURE_COOKIES,
    )
