"""The installable app: the web app manifest, the service worker and its offline page.

The service worker is served from the site root (not /static/) so its scope is
the whole site, and its text names the hashed static files of this deploy, so a
new deploy changes it and browsers install the new one. The manifest and the
offline page are written in the reader's language; the service worker's cache
is named after it too, so a switch of language caches the offline page again.
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_cookie

THEME_COLOUR = "#0b6e4f"
BACKGROUND_COLOUR = "#f6f4ef"


@require_GET
@cache_control(max_age=3600, public=True)
@vary_on_cookie  # in the reader's language: an account's choice, or the language cookie
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest (name, icons at the stores' sizes, colours, start URL, standalone)."""
    icons = [
        {"src": static(f"app/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": "any"}
        for size in (192, 512)
    ] + [
        {"src": static(f"app/icon-maskable-{size}.png"), "sizes": f"{size}x{size}",
         "type": "image/png", "purpose": "maskable"}
        for size in (192, 512)
    ]
    data = {
        "id": "/",
        "name": "Rummy",
        "short_name": "Rummy",
        "description": _(
            "Tile and card rummy games against computers and friends, at your own pace."
        ),
        "lang": get_language(),
        "start_url": reverse("games:home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_GET
@cache_control(no_cache=True)
@vary_on_cookie
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker script, at the root so it may control every page."""
    context = {
        "offline_url": reverse("notifications:offline"),
        "cached": [reverse("notifications:offline"), static("css/site.css"),
                   static("img/logo.svg"), static("app/icon-192.png")],
        "icon": static("app/icon-192.png"),
    }
    # The cache's name follows the files' hashed names and the language: a deploy (or a
    # switch of language) replaces the old copy, so the offline page is in the reader's.
    named = "|".join([*context["cached"], get_language()])
    context["cache_name"] = hashlib.sha256(named.encode()).hexdigest()[:16]
    response = render(request, "notifications/sw.js", context, content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
@cache_control(max_age=3600)
@vary_on_cookie
def offline(request: HttpRequest) -> HttpResponse:
    """What the app shows when the network is gone: no game, no account (the page is cached)."""
    return render(request, "notifications/offline.html")
