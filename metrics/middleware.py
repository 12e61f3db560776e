"""Times every request by the view that answered it (its URL name, a bounded label set)."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

from core.metrics import REQUEST_SECONDS, RESPONSES

UNRESOLVED = "<unresolved>"  # a 404 for a path no URL matches: one label, not one per path


def view_label(request: HttpRequest) -> str:
    """``namespace:name`` of the matched URL (never the path, whose ids would be unbounded)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return UNRESOLVED
    return match.view_name or match._func_path  # noqa: SLF001 - unnamed URLs: the function


class RequestMetricsMiddleware:
    """Observe each request's latency and status class, labelled by view."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        started = time.perf_counter()
        response = self.get_response(request)
        view = view_label(request)
        REQUEST_SECONDS.labels(view, request.method or "").observe(time.perf_counter() - started)
        RESPONSES.labels(view, f"{response.status_code // 100}xx").inc()
        return response
