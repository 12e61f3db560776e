"""Who a request counts as for the site's limits: its client address and its owner.

Every limiter (new games, room and player actions, sign-in, the API) keys its
counters on these, so they sit below all of them.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The client's address: ``TRUSTED_PROXY_COUNT`` hops from the right of X-Forwarded-For.

    With no trusted proxies (or a header shorter than the count, which only a
    request that bypassed the proxies can send) it is the connection's address.
    """
    remote = request.META.get("REMOTE_ADDR", "") or "unknown"
    count = settings.TRUSTED_PROXY_COUNT
    hops = [h.strip() for h in request.headers.get("X-Forwarded-For", "").split(",")]
    hops = [h for h in hops if h]
    if count <= 0 or len(hops) < count:
        return remote
    candidate = hops[-count].removeprefix("[").split("]")[0]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


def owner_key(request: HttpRequest) -> str:
    """Who a limit counts: the account when signed in, else the guest device."""
    user = request.user
    if user.is_authenticated:
        return f"user:{user.pk}"
    return f"device:{getattr(request, 'device_key', '')}"
