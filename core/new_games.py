"""The limit on new games, per account or guest device and per address.

The site's middleware counts a POST to any game's setup page (and the daily
challenge's buttons); a preset's start is that setup page's POST, so it counts
here too, on the same counters. A guest can drop their cookie to become a new
device, so the address limit backs the device one up; it is generous because
many players may share one address.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.callers import client_address, owner_key
from core.rate_limits import count_use


def refuse_new_game(request: HttpRequest) -> HttpResponse | None:
    """Count one new game: the 429 page once past either limit, else None (go ahead)."""
    limits = settings.GAME_CREATION_LIMITS
    owner_ok = count_use(f"new-games:{owner_key(request)}", *limits["owner"])
    address_ok = count_use(f"new-games:ip:{client_address(request)}", *limits["address"])
    if owner_ok and address_ok:
        return None
    return render(request, "accounts/429.html", status=429)
