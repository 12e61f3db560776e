"""Rate limits on the actions a stranger could repeat to flood the site or the review queue.

Making a room, joining one, starting or rematching (each deals a game),
reporting a name and changing a name are each counted per account or guest
device and per address, in fixed windows in the shared cache (Redis in
production, so every worker counts together). Past a limit the answer is 429
and nothing changes. Only POSTs count: looking at a page is free.

``settings.ROOM_ACTION_LIMITS`` may override any bucket as
``{"bucket": ((owner limit, seconds), (address limit, seconds))}``; the
address limit is looser because many players can share one address.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.translation import gettext

from core.callers import client_address, owner_key
from core.rate_limits import count_use

HOUR = 60 * 60
Limit = tuple[tuple[int, int], tuple[int, int]]

DEFAULT_LIMITS: dict[str, Limit] = {
    "create": ((20, HOUR), (200, HOUR)),
    "join": ((60, HOUR), (600, HOUR)),
    "deal": ((60, HOUR), (600, HOUR)),
    "report": ((20, HOUR), (200, HOUR)),
    "name": ((20, HOUR), (200, HOUR)),
}
# The suite makes hundreds of rooms and names from one address; tests/rooms sets real limits.
TEST_LIMITS: dict[str, Limit] = {b: ((10**6, 60), (10**6, 60)) for b in DEFAULT_LIMITS}

# Which POSTs count, by URL name, and into which bucket.
BUCKETS = {
    "rooms:create": "create",
    "rooms:join": "join",
    "rooms:start": "deal",
    "rooms:rematch": "deal",
    "rooms:rename": "name",
    "rooms:report_seat": "report",
    "leaderboards:report": "report",
    "leaderboards:name": "name",
}


def limits() -> dict[str, Limit]:
    base = TEST_LIMITS if settings.TESTING else DEFAULT_LIMITS
    return {**base, **getattr(settings, "ROOM_ACTION_LIMITS", {})}


def allowed(request: HttpRequest, bucket: str) -> bool:
    """Count this request in ``bucket``, per owner and per address; False past either limit."""
    (owner_limit, owner_window), (address_limit, address_window) = limits()[bucket]
    owner_ok = count_use(f"room-limit:{bucket}:{owner_key(request)}", owner_limit, owner_window)
    address = f"room-limit:{bucket}:ip:{client_address(request)}"
    return count_use(address, address_limit, address_window) and owner_ok


def too_many(request: HttpRequest) -> HttpResponse:
    """The 429 answer: a short line for htmx, the site's "too many attempts" page otherwise."""
    if getattr(request, "htmx", False):
        text = gettext("That was done too often. Please wait a while.")
        return HttpResponse(f'<p class="form-error" role="alert">{text}</p>', status=429)
    return render(request, "accounts/429.html", status=429)


class ActionLimitMiddleware:
    """Refuse (429) a counted POST past its limit, before the view runs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        match = request.resolver_match
        if request.method != "POST" or match is None:
            return None
        bucket = BUCKETS.get(match.view_name)
        if bucket is None or allowed(request, bucket):
            return None
        return too_many(request)
