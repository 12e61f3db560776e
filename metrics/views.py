"""``/metrics/``: Prometheus's text format, for a token holder or the machine itself.

Who may read it: a request with ``Authorization: Bearer <METRICS_TOKEN>``, or one
made straight to the node from its own machine (loopback, and no proxy's
``X-Forwarded-For``, so a request relayed by the balancer never counts as local).
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


def allowed(request: HttpRequest) -> bool:
    """The token matches, or the request came from loopback with no proxy in between."""
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if token and given and hmac.compare_digest(given.encode(), token.encode()):
        return True
    if "X-Forwarded-For" in request.headers:
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
