"""System checks for Web Push's VAPID keys (``manage.py check``, so ``check --deploy`` too).

Why: push is on only with both halves of the site's key pair. With one half
set and the other forgotten, push used to be off without a word; with halves
of two different pairs (or a private key that does not parse), browsers would
subscribe with one key while every push is signed with another and refused.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.core.checks import CheckMessage, Error, register
from py_vapid import Vapid01

HINT = "Set both from one run of `python manage.py vapid_keys` (README: VAPID_PRIVATE_KEY)."


@register("notifications")
def vapid_keys(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    private, public = settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY
    if not private and not public:
        return []  # push is off on purpose: e-mail only
    if not (private and public):
        present, missing = (
            ("VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY") if private
            else ("VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY")
        )
        return [Error(f"{present} is set but {missing} is not, so push is off.",
                      hint=HINT, id="notifications.E001")]
    derived = _public_half(private)
    if derived is None:
        return [Error("VAPID_PRIVATE_KEY is not a P-256 key (base64url of the raw 32 bytes, "
                      "or DER), so every push would fail.", hint=HINT, id="notifications.E002")]
    if derived != _unb64url(public):
        return [Error("VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY, so push "
                      "services would refuse every push.", hint=HINT, id="notifications.E003")]
    return []


def _public_half(private: str) -> bytes | None:
    """The uncompressed public point of the private key, read as pywebpush reads it."""
    try:
        key = Vapid01.from_string(private_key=private)
    except Exception:  # noqa: BLE001 - py_vapid raises several kinds for a bad key
        return None
    return key.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


def _unb64url(text: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
