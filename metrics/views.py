"""``/metrics/``: Prometheus's text format, for a token holder or the machine itself.

Who may read it: a request with ``Authorization: Bearer <METRICS_TOKEN>``, or one
made straight to the node from its own machine: loopback, and no forwarding
header of any kind (``X-Forwarded-*``, ``Forwarded``, ``X-Real-IP``, ``Via``, a
``…Client-IP``), since a proxy on the same machine connects from loopback too
and may say so in any of them; a relayed request always needs the token.
Anyone else gets 404, as if there were nothing here. deploy/haproxy.cfg also
refuses the path at the balancer: Prometheus scrapes each node at its own address.
"""

from __future__ import annotations

import hmac
import ipaddress

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from metrics.collect import scrape_registry

# Headers a proxy, balancer or CDN adds to say whom it relays (RFC 7239, the X-
# conventions, vendors' own); their names are compared in lower case.
FORWARDING_HEADERS = frozenset(
    {"forwarded", "via", "x-real-ip", "x-envoy-external-address", "x-proxyuser-ip"}
)
FORWARDING_PARTS = ("forwarded", "client-ip", "connecting-ip")


def relayed(request: HttpRequest) -> bool:
    """Any forwarding header at all, even an empty one: a proxy stands in between."""
    names = (name.lower() for name in request.headers)
    return any(
        name in FORWARDING_HEADERS or any(part in name for part in FORWARDING_PARTS)
        for name in names
    )


def allowed(request: HttpRequest) -> bool:
    """The token matches, or the request came from loopback with no proxy in between."""
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if token and given and hmac.compare_digest(given.encode(), token.encode()):
        return True
    if relayed(request):
        return False
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


@never_cache
@require_GET
def metrics(request: HttpRequest) -> HttpResponse:
    if not allowed(request):
        raise Http404
    return HttpResponse(generate_latest(scrape_registry()), content_type=CONTENT_TYPE_LATEST)
