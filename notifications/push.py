"""Web Push through pywebpush, signed with the site's VAPID keys (from the environment).

A push service that answers 404 or 410 says the subscription is gone (the
browser dropped it, or the player revoked permission): the row is deleted.
Other failures raise :class:`PushFailed` so the task retries later.

Endpoints must be https on a known push service's host (``PUSH_SERVICE_HOSTS``):
the server POSTs to whatever address a browser registered, so an arbitrary one
would let anyone make the site send requests into its own network. The check
(``notifications.endpoints``) runs when a browser subscribes and again right
before each send, and only the URL it rebuilt is sent to, so a row stored
before the check was this strict is removed, never contacted.
"""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db.models import F
from django.utils import translation

from notifications.endpoints import canonical_endpoint
from notifications.message import turn_message
from notifications.models import PushSubscription, TurnNotice
from preferences.language import language_of

log = logging.getLogger(__name__)

GONE = (404, 410)
TTL_SECONDS = 24 * 3600  # a phone offline for a day still gets it when it wakes


class PushFailed(Exception):
    """The push service could not take the message now; try again later."""


class Refused(Exception):
    """The push service answered with an error (``status``: its HTTP status, if any)."""

    def __init__(self, status: int | None, text: str) -> None:
        super().__init__(text)
        self.status = status


def deliver(info: dict[str, Any], data: str, urgency: str, topic: str, ttl: int) -> None:
    """POST one encrypted message to the push service ``info["endpoint"]`` names.

    pywebpush (with requests, aiohttp and its cryptography) is loaded here, the first time
    a process sends, not when the site starts: the pages and the live process never send
    and were 20-40 MB larger for it. Raises :class:`Refused` for the service's error
    answers; a network failure raises ``OSError`` (requests' errors are OSErrors).
    """
    from pywebpush import WebPushException, webpush

    endpoint = info["endpoint"]
    try:
        webpush(
            info,
            data=data,
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_SUBJECT, "aud": _audience(endpoint)},
            ttl=ttl,
            timeout=10,
            headers={"Urgency": urgency, "Topic": topic},
        )
    except WebPushException as exc:
        raise Refused(getattr(exc.response, "status_code", None), str(exc)) from exc


def enabled() -> bool:
    """Push needs the site's VAPID key pair (README: VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY)."""
    return bool(settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY)


def endpoint_allowed(endpoint: str) -> bool:
    """An https address on a known push service (tests may allow a local http one)."""
    return canonical_endpoint(endpoint) is not None


def _audience(endpoint: str) -> str:
    """The VAPID ``aud`` claim: the rebuilt endpoint's origin (scheme and host[:port])."""
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


def payload(notice: TurnNotice) -> str:
    """What the service worker shows: title, body, the table's path, a tag (nothing secret),
    in the recipient's saved language."""
    with translation.override(language_of(notice.user)):
        message = turn_message(notice)
    return json.dumps(
        {"title": message.title, "body": message.body, "url": message.path, "tag": message.tag}
    )


def send_turn_push(notice: TurnNotice, subscription: PushSubscription) -> bool:
    """Push the notice to one device. False: the subscription was gone and is deleted."""
    if not enabled():
        return False
    endpoint = canonical_endpoint(subscription.endpoint)
    if endpoint is None:  # stored before the check was this strict: never contacted
        log.warning("push subscription %s has an address we don't send to; removed",
                    subscription.pk)
        subscription.delete()
        return False
    info = {**subscription.as_info(), "endpoint": endpoint}
    try:
        deliver(info, payload(notice), "normal", f"turn{notice.game_id.hex[:24]}", TTL_SECONDS)
    except Refused as exc:
        status = exc.status
        if status in GONE:
            log.info("push subscription %s gone (%s); removed", subscription.pk, status)
            subscription.delete()
            return False
        raise PushFailed(str(exc)) from exc
    except OSError as exc:  # connection refused, timeouts (requests' errors are OSErrors)
        raise PushFailed(str(exc)) from exc
    TurnNotice.objects.filter(pk=notice.pk).update(push_sent=F("push_sent") + 1)
    return True
