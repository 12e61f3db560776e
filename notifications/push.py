"""Web Push through pywebpush, signed with the site's VAPID keys (from the environment).

A push service that answers 404 or 410 says the subscription is gone (the
browser dropped it, or the player revoked permission): the row is deleted.
Other failures raise :class:`PushFailed` so the task retries later.

Endpoints must be https on a known push service's host (``PUSH_SERVICE_HOSTS``):
the server POSTs to whatever address a browser registered, so an arbitrary one
would let anyone make the site send requests into its own network.
"""

from __future__ import annotations

import json
import logging
from urllib.parse import urlsplit

from django.conf import settings
from django.db.models import F
from pywebpush import WebPushException, webpush

from notifications.message import turn_message
from notifications.models import PushSubscription, TurnNotice

log = logging.getLogger(__name__)

# The push services of Chrome/Edge/Opera/Samsung (FCM), Firefox, Safari and Windows.
DEFAULT_PUSH_HOSTS = (
    "fcm.googleapis.com",
    "push.services.mozilla.com",
    "push.apple.com",
    "notify.windows.com",
)
GONE = (404, 410)
TTL_SECONDS = 24 * 3600  # a phone offline for a day still gets it when it wakes


class PushFailed(Exception):
    """The push service could not take the message now; try again later."""


def enabled() -> bool:
    """Push needs the site's VAPID key pair (README: VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY)."""
    return bool(settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY)


def endpoint_allowed(endpoint: str) -> bool:
    """An https address on a known push service (tests may allow a local http one)."""
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    allowed = getattr(settings, "PUSH_SERVICE_HOSTS", DEFAULT_PUSH_HOSTS)
    local = getattr(settings, "PUSH_ALLOW_LOCAL_HTTP", False)
    if local and parts.scheme == "http" and host == "127.0.0.1":
        return True
    if parts.scheme != "https":
        return False
    return any(host == h or host.endswith("." + h) for h in allowed)


def payload(notice: TurnNotice) -> str:
    """What the service worker shows: title, body, the table's path, a tag (nothing secret)."""
    message = turn_message(notice)
    return json.dumps(
        {"title": message.title, "body": message.body, "url": message.path, "tag": message.tag}
    )


def send_turn_push(notice: TurnNotice, subscription: PushSubscription) -> bool:
    """Push the notice to one device. False: the subscription was gone and is deleted."""
    if not enabled() or not endpoint_allowed(subscription.endpoint):
        return False
    try:
        webpush(
            subscription.as_info(),
            data=payload(notice),
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            timeout=10,
            headers={"Urgency": "normal", "Topic": f"turn{notice.game_id.hex[:24]}"},
        )
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in GONE:
            log.info("push subscription %s gone (%s); removed", subscription.pk, status)
            subscription.delete()
            return False
        raise PushFailed(str(exc)) from exc
    except OSError as exc:  # connection refused, timeouts (requests' errors are OSErrors)
        raise PushFailed(str(exc)) from exc
    TurnNotice.objects.filter(pk=notice.pk).update(push_sent=F("push_sent") + 1)
    return True
